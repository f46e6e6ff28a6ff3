"""`tabletop arena --save FILE` keeps the last bot game as a save, and `tabletop render FILE --end`
draws its end screen headless -- the result, the scores and pyqtgraph's chart of the score (what
the packaged app's smoke test uses to prove the chart library is in the bundle)."""

from __future__ import annotations

import pytest

from tabletop.cli import main
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.engine.saves import load_match, save_match


def test_arena_saves_the_last_game_it_played(tmp_path, capsys):
    save = tmp_path / "last.tabletop"
    assert main(["arena", "--game", "forest", "--seats", "easy,random", "--games", "2", "--seed", "4",
                 "--save", str(save)]) == 0
    match = load_match(save)
    assert match.is_over() and match.seed == 5  # (the second game: seed 4 + 1)
    assert [s.level for s in match.seats] == ["easy", "random"]


def test_a_save_that_cannot_be_written_is_one_line_and_exit_2(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["arena", "--game", "forest", "--seats", "easy,random", "--games", "1",
                 "--save", str(blocker / "last.tabletop")]) == 2
    err = capsys.readouterr().err.strip()
    assert "Cannot write the save" in err and len(err.splitlines()) == 1


def test_render_end_draws_the_end_screen_with_its_chart(qapp, tmp_path, capsys, monkeypatch):
    save = tmp_path / "last.tabletop"
    assert main(["arena", "--game", "spheres-shogun", "--seats", "easy,random", "--games", "1", "--seed", "2",
                 "--save", str(save)]) == 0
    shown = {}
    from tabletop.client import end_screen

    real = end_screen.EndScreen.show_match

    def spy(self, match):
        real(self, match)
        shown["title"] = self.title.text()
        shown["points"] = [len(c.getData()[0]) for c in self.curves]
        shown["heading"] = self.form.chartHeading.text()

    monkeypatch.setattr(end_screen.EndScreen, "show_match", spy)
    out = tmp_path / "end.png"
    assert main(["render", str(save), "--end", "--size", "1000x700", "-o", str(out)]) == 0
    from PySide6.QtGui import QImage

    image = QImage(str(out))
    assert (image.width(), image.height()) == (1000, 700)
    match = load_match(save)
    names = match.names
    winners = match.state.winners()
    assert shown["title"].startswith(names[winners[0]]) and shown["title"].endswith("wins!")
    assert shown["points"] == [len(match.score_history())] * len(names)
    assert shown["heading"] == f"Score after each {match.state.CHART_STEP.lower()}"
    colours = {image.pixelColor(x, y).name() for x in range(500, 1000, 7) for y in range(100, 650, 7)}
    assert len(colours) > 20  # (a chart drawn, not a blank panel)


def test_render_end_refuses_a_game_not_finished(qapp, tmp_path, capsys):
    match = Match(get_game("forest"), [Seat("Ada"), Seat("Ben", "bot", "easy")], {}, 3)
    match.submit(match.legal_actions()[0])
    save = tmp_path / "half.tabletop"
    save_match(match, save)
    out = tmp_path / "end.png"
    assert main(["render", str(save), "--end", "-o", str(out)]) == 2
    assert "is not finished" in capsys.readouterr().err and not out.exists()


@pytest.mark.parametrize("extra", [["--game", "forest"], ["--step", "2"]])
def test_render_end_takes_a_save_as_it_ended(extra, tmp_path, capsys):
    assert main(["render", str(tmp_path / "x.tabletop"), "--end", *extra, "-o", str(tmp_path / "o.png")]) == 2
    assert "--end draws a save FILE as it ended" in capsys.readouterr().err
