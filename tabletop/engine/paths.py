"""Where the app keeps its files: the platform's per-user data and config directories."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from tabletop import APP_NAME


def data_dir() -> Path:
    """Saves and the autosave.  ``TABLETOP_HOME`` overrides it (tests, portable installs)."""
    override = os.environ.get("TABLETOP_HOME")
    path = Path(override) / "data" if override else Path(platformdirs.user_data_dir(APP_NAME, False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    override = os.environ.get("TABLETOP_HOME")
    path = Path(override) / "config" if override else Path(platformdirs.user_config_dir(APP_NAME, False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def assets_dir() -> Path:
    """The ``assets/`` folder: beside the package in a checkout, inside the bundle when frozen."""
    import sys

    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"
