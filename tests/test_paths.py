"""The app's user folders: platformdirs' answer, computed without importing it on Linux."""

from __future__ import annotations

import sys

import platformdirs
import pytest

from tabletop import APP_NAME
from tabletop.engine import paths


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG rule is applied on Linux only")
@pytest.mark.parametrize("xdg", [None, "", "/tmp/xdg-base", "relative/ignored", "/tmp/trailing/"])
@pytest.mark.parametrize("home", ["/home/ada", "/home/ada/"])
def test_user_dirs_agree_with_platformdirs(monkeypatch, xdg, home):
    monkeypatch.setenv("HOME", home)
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        if xdg is None:
            monkeypatch.delenv(variable, raising=False)
        else:
            monkeypatch.setenv(variable, xdg)
    assert paths.user_dir("data") == platformdirs.user_data_dir(APP_NAME, False)
    assert paths.user_dir("config") == platformdirs.user_config_dir(APP_NAME, False)
    assert paths.user_dir("cache") == platformdirs.user_cache_dir(APP_NAME, False)


def test_tabletop_home_overrides_the_user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    assert paths.data_dir() == tmp_path / "data" and paths.config_dir() == tmp_path / "config"
