"""Headless rendering: draw a game's table (from a save or a new game) to a PNG.

It uses the very table scene the GUI shows, so a PNG shows what a player would see.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.engine.game import GameError

from .table_picture import default_players, draw_table


def build_match(save: str | Path | None = None, game_id: str | None = None, seed: int = 1,
                players: int | None = None) -> Any:
    """The match to draw: a save (replayed and checked) or a new game of ``game_id``."""
    from tabletop.engine.match import Match, Seat
    from tabletop.engine.registry import get_game
    from tabletop.engine.saves import load_match

    if save:
        match = load_match(save)
    else:
        if not game_id:
            raise GameError("Render needs a save file or a game id.")
        game = get_game(game_id)
        n = players if players is not None else default_players(game)
        game.check_players(n)
        names = ["Ada", "Ben", "Cleo", "Dara", "Emil", "Fay"]
        seats = [Seat(names[i % len(names)] if i < len(names) else f"Player {i + 1}") for i in range(n)]
        match = Match(game, seats, {}, seed)
    match.resolve_chance()
    return match


def render_to_png(
    output: str | Path,
    save: str | Path | None = None,
    game_id: str | None = None,
    seed: int = 1,
    players: int | None = None,
    seat: int | None = 0,
    size: tuple[int, int] = (1366, 768),
    step: int | None = None,
) -> Path:
    """Write a PNG of the table as ``seat`` sees it (``None``: a spectator), at ``step`` of the
    save (the state after that many actions; ``None``: as the save stands).  The image is written
    atomically: a failure leaves any file already at ``output`` as it was.  Returns the path."""
    from .app import ensure_app, use_offscreen_without_display

    width, height = size
    check_size(width, height)
    last_action = None
    if step is not None:
        from tabletop.engine.history import History
        from tabletop.engine.saves import load_match

        if not save:
            raise GameError("A step can be drawn only from a save FILE (a new game has only its start).")
        match = load_match(save)
        history = History(match)
        history.check_step(step)
        state = history.state_at(step)
        last_action = history.action_before(step)
    else:
        match = build_match(save, game_id, seed, players)
        state = match.state
    if seat is not None and not 0 <= seat < len(match.seats):
        raise GameError(f"There is no seat {seat + 1}: this game has {len(match.seats)} players.")

    use_offscreen_without_display()
    ensure_app()
    legal = state.legal_actions() if seat is not None and state.decider() == seat else []
    image = draw_table(match.game, match.names, state.view(seat), legal, last_action, size)
    return write_png(image, output)


def render_end_to_png(output: str | Path, save: str | Path, size: tuple[int, int] = (1366, 768)) -> Path:
    """Write a PNG of the end screen of the finished game in ``save``: who won, the scores and the
    chart of the score through the game (the app's own end screen, so pyqtgraph draws it)."""
    from tabletop.engine.saves import load_match

    from .app import ensure_app, use_offscreen_without_display

    width, height = size
    check_size(width, height)
    match = load_match(save)
    if not match.is_over():
        raise GameError(f"The game in {Path(save).name} is not finished: it has no end screen to draw.")
    use_offscreen_without_display()
    app = ensure_app()
    from .end_screen import EndScreen

    screen = EndScreen()
    from PySide6.QtWidgets import QLayout

    screen.layout().setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)  # (the size asked, even if tight)
    screen.resize(width, height)
    screen.show_match(match)
    screen.show()
    app.processEvents()
    try:
        return write_png(screen.grab().toImage(), output)
    finally:
        screen.close()
        screen.deleteLater()


def check_size(width: int, height: int) -> None:
    if width < 16 or height < 16 or width > 10000 or height > 10000:
        raise GameError(f"The image size {width}x{height} is not sensible (16 to 10000 pixels a side).")


def write_png(image: Any, output: str | Path) -> Path:
    """Write ``image`` (a QImage) as a PNG, atomically: a failure leaves any file already at
    ``output`` as it was."""
    output = Path(output)
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    ok = image.save(buffer, "PNG")
    buffer.close()
    if not ok:
        raise GameError(f"Cannot make the image {output.name}.")
    from tabletop.engine.files import plain_os_error, write_atomic

    try:
        write_atomic(output, bytes(data.data()))
    except OSError as e:
        raise GameError(f"Cannot write the image {output}: {plain_os_error(e)}") from None
    return output
