"""`tabletop render FILE --step N` (issue 14): the table at a step of a save, drawn headless to a
PNG; clear one-line errors, and an existing PNG never replaced by a partial one."""

from __future__ import annotations

import random

import pytest
from PySide6.QtGui import QImage

from tabletop.cli import main
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.engine.saves import save_match


@pytest.fixture
def save(tmp_path):
    match = Match(get_game("forest"), [Seat("Ada"), Seat("Ben", "bot", "easy")], {}, 12)
    rng = random.Random(12)
    while not match.is_over():
        match.submit(rng.choice(match.legal_actions()))
    path = tmp_path / "game.json"
    save_match(match, path)
    return path, match


def run(capsys, *argv):
    code = main(["render", *map(str, argv)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_render_step_writes_the_table_at_that_step(qapp, save, tmp_path, capsys):
    path, match = save
    before = path.read_bytes()
    images = {}
    for step in (0, 10, len(match.log)):
        out = tmp_path / f"step{step}.png"
        code, stdout, err = run(capsys, path, "--step", step, "--size", "683x384", "-o", out)
        assert code == 0, err
        assert f"Wrote {out}" in stdout
        image = QImage(str(out))
        assert (image.width(), image.height()) == (683, 384)
        images[step] = image
    assert images[0] != images[10] != images[len(match.log)]
    # as Ben saw step 10, not as Ada did
    code, _, err = run(capsys, path, "--step", 10, "--seat", 2, "--size", "683x384", "-o", tmp_path / "ben.png")
    assert code == 0, err
    assert QImage(str(tmp_path / "ben.png")) != images[10]
    assert path.read_bytes() == before  # the save is only read


def test_render_step_matches_the_match_at_that_step(qapp, save, tmp_path):
    """The PNG of step N is the table of a match replayed to N actions."""
    from tabletop.client.render import render_to_png

    path, match = save
    short = Match.replay(match.game, match.seats, match.options, match.seed, match.log[:10])
    save_match(short, tmp_path / "short.json")
    render_to_png(tmp_path / "a.png", save=path, step=10, size=(400, 225))
    render_to_png(tmp_path / "b.png", save=tmp_path / "short.json", size=(400, 225))
    assert QImage(str(tmp_path / "a.png")) == QImage(str(tmp_path / "b.png"))


@pytest.mark.parametrize("argv, expected", [
    (["--step", "9999"], "There is no step 9999"),
    (["--step", "-1"], "There is no step -1"),
    (["--step", "3", "--seat", "5"], "There is no seat 5"),
])
def test_render_step_errors_are_one_line_and_leave_the_output_alone(qapp, save, tmp_path, capsys, argv, expected):
    path, _ = save
    out = tmp_path / "out.png"
    out.write_bytes(b"the old picture")
    code, _, err = run(capsys, path, *argv, "-o", out)
    assert code == 2
    assert expected in err and len(err.strip().splitlines()) == 1
    assert out.read_bytes() == b"the old picture"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "out.png"]


def test_render_step_of_a_broken_file_errors_without_writing(qapp, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tabletop-save", "format_version": 1, "game": "forest"')
    code, _, err = run(capsys, bad, "--step", "3", "-o", tmp_path / "out.png")
    assert code == 2 and "bad.json" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "out.png").exists()
    code, _, err = run(capsys, "--game", "forest", "--step", "3", "-o", tmp_path / "out.png")
    assert code == 2 and "--step needs a save FILE" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]


def test_a_failed_write_keeps_the_old_png_whole(qapp, save, tmp_path, monkeypatch):
    """The PNG goes to a temporary file first: a write that fails half-way leaves the old one."""
    import tabletop.engine.files as files
    from tabletop.client.render import render_to_png
    from tabletop.engine.game import GameError

    path, _ = save
    out = tmp_path / "out.png"
    out.write_bytes(b"the old picture")

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full_disk)
    with pytest.raises(GameError, match="disk is full"):
        render_to_png(out, save=path, step=5, size=(200, 120))
    assert out.read_bytes() == b"the old picture"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "out.png"]
    monkeypatch.undo()
    render_to_png(out, save=path, step=5, size=(200, 120))
    assert QImage(str(out)).width() == 200
