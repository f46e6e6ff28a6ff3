"""The gallery, the app's first screen: a tile per game (cover, players, length, a line about it)
with two quick starts and the full set-up; beside it the games to go on with -- the last game,
with a thumbnail of its table, a saved game, the recent ones -- and the player's record.

The widgets are the forms ``ui/gallery.ui`` and ``ui/game_tile.ui``; this module keeps the
behaviour.  A quick start needs no question: "Against bots" seats you against bots of the level
you last chose (Easy at first), "Pass and play" seats everybody at this computer; both with the
game's usual number of players, its default options and a fresh seed -- except a new player's
first game against bots, which takes the game's ``first_game`` options (the card game's
gentlest pairing of decks).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QRectF, QSize, QTimer, Signal
from PySide6.QtGui import QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QListWidgetItem, QMenu, QPushButton, QWidget

from tabletop.engine.game import BOT_LEVELS, GameDef
from tabletop.engine.paths import assets_dir
from tabletop.engine.registry import all_games, load_problems

from .forms import load_form
from .theme import look, table_colour
from .table_picture import default_players, draw_table
from .wrap_layout import WrapLayout

if TYPE_CHECKING:
    from tabletop.engine.match import Match, Seat

STATS_FILE = "stats.sqlite3"  # (tabletop.engine.stats.FILE_NAME, without loading SQLite to know it)
USER_ROLE = 0x0100  # Qt.ItemDataRole.UserRole (no Qt enum before the first frame)
RESIZE, FONT_CHANGE, STYLE_CHANGE = QEvent.Type.Resize, QEvent.Type.FontChange, QEvent.Type.StyleChange
DEFAULT_NAMES = ["Ada", "Ben", "Cleo", "Dara", "Emil", "Fay", "Gus"]
THUMB = (240, 135)
COVER_MOST, COVER_LEAST = 124, 64  # a tile's cover: its height when the tiles have room, and the least


def minutes_text(game: GameDef) -> str:
    lo, hi = game.minutes
    if not hi:
        return ""
    return f"{lo}–{hi} min" if lo and lo != hi else f"about {hi} min"


def facts_text(game: GameDef) -> str:
    """"2–4 players · 15–30 min"."""
    return " · ".join(t for t in (game.players_text(), minutes_text(game)) if t)


class CoverArt(QWidget):
    """A game's cover (an SVG), filling the widget and cut to its shape, or a plain panel when
    the game has none.  The picture drawn at a size is kept as a PNG in the cache folder, so the
    next launch shows it without drawing the SVG again (4 covers: ~6 ms of the first frame)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path: Path | None = None
        self.picture: QPixmap | None = None  # the cover at the widget's size
        self.keep_shape = False  # True: as high as the picture's shape makes it for the width
        self.kept = False  # a picture of it was put in the cache: the size it first showed at
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, table_colour("picture"))
        self.setPalette(palette)
        self.setAutoFillBackground(True)

    def hasHeightForWidth(self) -> bool:
        return self.keep_shape

    def heightForWidth(self, width: int) -> int:
        return round(width * 9 / 16)

    def set_cover(self, path: Path | None) -> None:
        self.path = path if path is not None and path.is_file() else None
        self.picture = None
        self.kept = False
        self.update()

    def show_game(self, game: GameDef) -> None:
        """``game``'s cover (under the assets folder), or the plain panel when it has none."""
        self.set_cover(assets_dir() / game.cover if game.cover else None)

    def sizeHint(self) -> QSize:
        return QSize(288, 150)

    def _cached(self, w: int, h: int, ratio: float) -> Path | None:
        """The cache file of this cover at this size (None when no cache folder can be had)."""
        try:
            from tabletop.engine.paths import cache_dir

            stamp = self.path.stat().st_mtime_ns
            folder = cache_dir() / "covers"
        except OSError:
            return None
        return folder / f"{self.path.parent.name}-{w}x{h}@{ratio:g}-{stamp}.png"

    def _draw(self, w: int, h: int, ratio: float) -> QPixmap | None:
        """The cover at ``w`` x ``h`` (device pixels ``ratio``): the first one from the cache
        (else drawn and put there), later sizes (the window resized) drawn without it."""
        cached = None if self.kept else self._cached(w, h, ratio)
        if cached is not None and cached.is_file():
            picture = QPixmap(str(cached))
            if not picture.isNull():
                self.kept = True
                picture.setDevicePixelRatio(ratio)
                return picture
        from PySide6.QtSvg import QSvgRenderer

        renderer = QSvgRenderer(str(self.path))
        if not renderer.isValid():
            return None
        picture = QPixmap(round(w * ratio), round(h * ratio))
        picture.fill(table_colour("picture"))
        picture.setDevicePixelRatio(ratio)
        painter = QPainter(picture)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # as wide as the widget, the picture's middle band when the widget is flatter; as high
        # as it, the middle cut, when taller
        size = renderer.defaultSize()
        ph = w * size.height() / max(1, size.width())
        if ph < h:
            pw = h * size.width() / max(1, size.height())
            target = QRectF((w - pw) / 2, 0, pw, h)
        else:
            target = QRectF(0, (h - ph) / 2, w, ph)
        renderer.render(painter, target)
        painter.end()
        if cached is not None:
            self.kept = True
            try:
                cached.parent.mkdir(parents=True, exist_ok=True)
                for old in cached.parent.glob(f"{self.path.parent.name}-*.png"):
                    old.unlink()  # (other sizes, older pictures: one a game is kept)
                tmp = cached.with_name(cached.name + ".tmp.png")
                if picture.save(str(tmp), "PNG", 100):  # (not compressed: read back ~0.3 ms sooner)
                    tmp.replace(cached)
            except OSError:
                pass  # no cache: the next launch draws it again
        return picture

    def paintEvent(self, event: Any) -> None:
        # (no call here may take a Qt-namespace enum, not even through an overload: the first use
        # builds all ~100 of them, some 10 ms of the first frame; the panel colour is the palette's)
        if self.path is None:
            return
        w, h, ratio = self.width(), self.height(), self.devicePixelRatioF()
        p = self.picture
        if p is None or p.width() != round(w * ratio) or p.height() != round(h * ratio):
            self.picture = p = self._draw(w, h, ratio)
        if p is not None:
            painter = QPainter(self)
            painter.drawPixmap(0, 0, p)
            painter.end()


def first_game_words(game: GameDef) -> str:
    """What a new player's first quick game against bots changes, for the tooltip ("" if nothing):
    "; your first game: Seat 1's deck The Shogun's Garden, Seat 2's deck Heart of the Wood"."""
    by_name = {o.name: o for o in game.options}
    chosen = [f"{by_name[k].label()} {by_name[k].words_for(v)}" for k, v in game.first_game.items() if k in by_name]
    return f"; your first game: {', '.join(chosen)} (the gentlest start)" if chosen else ""


class GameTile(QWidget):
    """One game: its form (``ui/game_tile.ui``) filled in; the buttons ask the gallery."""

    def __init__(self, game: GameDef, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.form = load_form("game_tile", self)
        f = self.form
        f.setObjectName("gameTile")
        f.tileName.setText(game.name)
        f.facts.setText(facts_text(game))
        f.pitch.setText(game.summary)
        f.cover.show_game(game)
        # the picture's middle band, 124 pixels high: four tiles fit a 768-pixel screen; lower
        # when a bigger text needs the room (GalleryScreen.fit_covers)
        f.cover.setFixedHeight(COVER_MOST)
        # the buttons go on two rows (or more) when they do not fit on one (a bigger text;
        # docs/client.md, "Bigger text"): a WrapLayout then, the form's row while they fit (a
        # Python layout's calls cost the first frame ~9 ms; GalleryScreen.fit_covers decides)
        self.buttons: Any = f.startButtons
        if look.scale > 1:
            self.wrap_buttons()
        f.cover.setToolTip(game.name)
        if game.max_players < 2:
            f.hotseatButton.setEnabled(False)
        # (what a new player's first game changes is added after the first frame: naming the card
        # game's decks reads them, ~28 ms -- GalleryScreen.after_first_frame)
        f.botsButton.setToolTip(f"You against bots, {default_players(game)} players, the usual options")
        f.hotseatButton.setToolTip("Everybody at this computer, taking turns; the others look away")
        f.setupButton.setToolTip("Choose the seats, the bots' levels and the options")
        # a guided first game on the real table, offered first to whoever never finished this game
        self.lesson: Any = None  # its first lesson (once the lessons are read)
        self.lessons: list[Any] = []
        self.lessons_menu: QMenu | None = None

    def wrap_buttons(self) -> None:
        """The buttons' row becomes one that wraps (once)."""
        if not isinstance(self.buttons, WrapLayout):
            f = self.form
            f.startButtons = self.buttons = WrapLayout.instead_of(f.startButtons)

    def buttons_fit(self, width: int) -> bool:
        """Whether the buttons fit on one row of a tile ``width`` wide."""
        m = self.form.layout().contentsMargins()
        return self.buttons.sizeHint().width() <= width - m.left() - m.right() - 2  # (the frame's edges)

    def offer_lessons(self, count: int, finished: bool) -> None:
        """Offer this game's ``count`` lessons (0: none): Learn to play, the main button when the
        game was never finished; with several, a menu of them (filled when it opens)."""
        f = self.form
        f.learnButton.setVisible(count > 0)
        if count and not finished:
            f.learnButton.setObjectName("primary")
        if count > 1:  # (its menu marked by the tooltip, not by an arrow: the row keeps its width)
            self.lessons_menu = QMenu(f.learnButton)
            self.lessons_menu.setObjectName("tileLessons")
            f.learnButton.setMenu(self.lessons_menu)
            f.learnButton.setProperty("lessons", True)
            f.learnButton.setToolTip(f"This game's {count} lessons, to choose from")

    def show_lessons(self, lessons: list[Any], learn: Any) -> None:
        """The game's ``lessons`` read (in teaching order): the first one's words on the button,
        every one in its menu (``learn``: called with a lesson's id)."""
        self.lessons = lessons
        self.lesson = lessons[0] if lessons else None
        f = self.form
        if self.lesson is None:
            f.learnButton.setVisible(False)
            return
        if self.lessons_menu is None:
            f.learnButton.setToolTip(f"{self.lesson.title}: {self.lesson.about}")
        else:
            f.learnButton.setToolTip(f"This game's {len(lessons)} lessons, to choose from: "
                                     + "; ".join(x.title for x in lessons))
            self.lessons_menu.clear()
            for lesson in lessons:
                action = self.lessons_menu.addAction(menu_words(lesson.title))
                action.setToolTip(lesson.about)
                action.triggered.connect(lambda _=False, i=lesson.id: learn(i))
            self.lessons_menu.setToolTipsVisible(True)


def menu_words(text: str) -> str:
    """``text`` as a menu shows it: an "&" (Gods & Myths) is not taken for a shortcut's mark."""
    return text.replace("&", "&&")


def lesson_games() -> dict[str, int]:
    """How many lessons each game has, read without reading the lessons (the gallery's first
    frame shows the Learn to play buttons; the lessons -- and the engine's lessons module, its
    bots with it, ~15 ms -- are read after it): the first ``"game"`` of each file."""
    import re

    from tabletop.engine.paths import assets_dir

    counts: dict[str, int] = {}
    try:
        paths = sorted((assets_dir() / "lessons").glob("*.json"))
    except OSError:
        return counts
    for path in paths:
        try:
            found = re.search(r'"game"\s*:\s*"([^"]+)"', path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
        if found:
            counts[found.group(1)] = counts.get(found.group(1), 0) + 1
    return counts


def read_lessons() -> tuple[list[Any], str]:
    """Every lesson, read once for the gallery and the Help menu, and what is wrong when they
    cannot be read (then none)."""
    from tabletop.engine.game import GameError
    from tabletop.engine.lessons import all_lessons

    try:
        return all_lessons(), ""
    except GameError as e:
        return [], str(e)


def first_lesson(game: GameDef, lessons: list[Any]) -> Any:
    """The game's first lesson (:func:`tabletop.engine.lessons.first_of`), or ``None``."""
    from tabletop.engine.lessons import first_of

    return first_of([x for x in lessons if x.game == game.id])


def finished_games() -> set[str]:
    """The games the record holds a finished game of (no folder is made to ask)."""
    from tabletop.engine.paths import folder_path

    try:
        path = folder_path("data") / STATS_FILE
        if not path.exists():  # (a new player: no record, and no SQLite to load before the first frame)
            return set()
        from tabletop.engine import stats

        return stats.games_played(path)
    except Exception:  # noqa: BLE001  (a folder or a record that cannot be read: nothing finished, as far as we know)
        return set()


class GalleryScreen(QWidget):
    # game, seats, options, seed, casual undo, position document (as the set-up's Start)
    start_requested = Signal(object, object, object, int, bool, object)
    setup_requested = Signal(object)  # the game to set up
    resume_requested = Signal()
    load_requested = Signal()
    recent_requested = Signal(str)
    stats_requested = Signal()
    screen_requested = Signal(object, object)  # a game, one of its own screens (GameDef.screens)
    learn_requested = Signal(str)  # a lesson's id
    first_painted = Signal()  # once, after the first frame of the gallery is painted

    def __init__(self, settings: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self._painted = False
        self.form = load_form("gallery", self)
        f = self.form
        problems = load_problems()
        f.problems.setText("\n".join(problems))
        f.problems.setVisible(bool(problems))
        # a game is offered once it has a table (a game without one is played headless only)
        self.games = [g for g in all_games() if g.table_class]
        self.tiles: list[GameTile] = []
        # the lessons are read after the first frame (after_first_frame); their count says
        # which tiles offer them
        self.lessons: list[Any] | None = None
        self.lessons_problem = ""
        counts = lesson_games()
        finished = finished_games() if counts else set()
        columns = 2 if len(self.games) > 1 else 1
        for i, game in enumerate(self.games):
            tile = GameTile(game)
            tile.offer_lessons(counts.get(game.id, 0), game.id in finished)
            tile.form.botsButton.clicked.connect(lambda _=False, g=game: self.quick_start(g, bots=True))
            tile.form.hotseatButton.clicked.connect(lambda _=False, g=game: self.quick_start(g, bots=False))
            tile.form.setupButton.clicked.connect(lambda _=False, g=game: self.setup_requested.emit(g))
            if tile.lessons_menu is None:  # (with several lessons, the button opens their menu)
                tile.form.learnButton.clicked.connect(lambda _=False, t=tile: self._learn_first(t))
            else:
                tile.lessons_menu.aboutToShow.connect(self.read_lessons)
            f.tileGrid.addWidget(tile, i // columns, i % columns)
            self.tiles.append(tile)
        # a button for each game's own screen (the card game's Decks…), beside Your record
        self.screen_buttons: list[QPushButton] = []
        for game in self.games:
            for screen in game.screens:
                button = QPushButton(screen.menu.replace("&", ""))
                button.setToolTip(screen.tip + (f" ({screen.shortcut})" if screen.shortcut else ""))
                button.clicked.connect(lambda _=False, g=game, s=screen: self.screen_requested.emit(g, s))
                f.moreButtons.addWidget(button)
                self.screen_buttons.append(button)
        f.resumeButton.clicked.connect(self.resume_requested.emit)
        f.loadButton.clicked.connect(self.load_requested.emit)
        f.recent.itemActivated.connect(self._open_recent)
        f.statsButton.clicked.connect(self.stats_requested.emit)
        # room for two lines even when the window is short (a wrapped label is otherwise squeezed)
        f.resumeInfo.setMinimumHeight(2 * f.resumeInfo.fontMetrics().lineSpacing() + 4)
        self.columns = columns
        # its size: the covers' height (the scroll area's, not its viewport's: PySide6 meeting the
        # C++-made viewport works out its class, building some fifty widget classes, ~10 ms of
        # the first frame)
        f.tilesScroll.installEventFilter(self)

    # --- the tiles' height --------------------------------------------------------------
    def fit_covers(self) -> None:
        """Every cover as high as the tiles leave room for, between COVER_LEAST and COVER_MOST:
        the tallest tile of each row whole, its words and buttons wrapped at the tiles' width,
        all of them on screen (with a bigger text the covers get lower; when even the least
        leaves too little room, the tiles scroll).  The same height for every cover."""
        if not self.tiles:
            return
        f = self.form
        view = f.tilesScroll.maximumViewportSize()  # (without a scroll bar: then it scrolls anyway)
        grid = f.tileGrid
        width = (view.width() - grid.horizontalSpacing() * (self.columns - 1)) // self.columns
        if not all(t.buttons_fit(width) for t in self.tiles):  # (a bigger text, a narrow window)
            for t in self.tiles:
                t.wrap_buttons()
        rows = [self.tiles[i:i + self.columns] for i in range(0, len(self.tiles), self.columns)]
        now = self.tiles[0].form.cover.height()  # (the tiles' height for a width counts it)
        words = sum(max(t.heightForWidth(width) - now for t in row) for row in rows)
        room = view.height() - grid.verticalSpacing() * (len(rows) - 1) - words
        height = max(COVER_LEAST, min(COVER_MOST, room // len(rows)))
        for t in self.tiles:
            if t.form.cover.height() != height or t.form.cover.minimumHeight() != height:
                t.form.cover.setFixedHeight(height)

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if event.type() == RESIZE:
            self.fit_covers()
        return False

    def changeEvent(self, event: Any) -> None:
        super().changeEvent(event)
        if event.type() in (FONT_CHANGE, STYLE_CHANGE):  # (another text size: the words take more room)
            QTimer.singleShot(0, self, self.fit_covers)

    def read_lessons(self) -> list[Any]:
        """The lessons, read once (after the first frame, or when first wanted), given to the
        tiles; what is wrong is in :attr:`lessons_problem` (then there are none)."""
        if self.lessons is None:
            self.lessons, self.lessons_problem = read_lessons()
            for tile in self.tiles:
                tile.show_lessons([x for x in self.lessons if x.game == tile.game.id], self.learn_requested.emit)
        return self.lessons

    def _learn_first(self, tile: GameTile) -> None:
        self.read_lessons()
        if tile.lesson is not None:
            self.learn_requested.emit(tile.lesson.id)

    def after_first_frame(self) -> None:
        """What the first frame did without: the lessons, and what a new player's first game
        against bots changes (the card game's decks, named)."""
        self.read_lessons()
        for tile in self.tiles:
            words = first_game_words(tile.game)
            if words:
                button = tile.form.botsButton
                button.setToolTip(button.toolTip() + words)

    def paintEvent(self, event: Any) -> None:
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self.first_painted.emit()

    def tile(self, game_id: str) -> GameTile:
        return next(t for t in self.tiles if t.game.id == game_id)

    def focused_game(self) -> GameDef | None:
        """The game of the tile holding the keyboard focus (F1 shows its rules), or None."""
        from PySide6.QtWidgets import QApplication

        focus = QApplication.focusWidget()
        return next((t.game for t in self.tiles if focus is not None and (focus is t or t.isAncestorOf(focus))), None)

    # --- quick starts -----------------------------------------------------------------
    def quick_seats(self, game: GameDef, bots: bool) -> list[Seat]:
        """The seats of a quick start: the names and bot level last used in the set-up."""
        from tabletop.engine.match import Seat

        last = self.settings.last_setup if self.settings is not None else {}
        names, level = list(DEFAULT_NAMES), "easy"
        try:
            seats = [s for s in last.get("seats", []) if isinstance(s, dict)]
            for i, s in enumerate(seats[: len(names)]):
                if isinstance(s.get("name"), str) and s["name"].strip():
                    names[i] = s["name"].strip()
            levels = [s.get("level") for s in seats if s.get("kind") == "bot" and s.get("level")]
            if levels and levels[0] in BOT_LEVELS:
                level = levels[0]
        except (AttributeError, TypeError):
            pass
        n = min(max(default_players(game), 1 if bots else 2), game.max_players)
        if len({name.lower() for name in names[:n]}) < n:  # (two seats the set-up left with one name)
            names = list(DEFAULT_NAMES)
        return [Seat(names[0], "human")] + [
            Seat(names[i], "bot", level) if bots else Seat(names[i], "human") for i in range(1, n)
        ]

    def quick_options(self, game: GameDef, bots: bool) -> dict[str, Any]:
        """The options of a quick start: the defaults; a new player's first game against bots
        (none of this game in the record) gets the game's ``first_game`` options -- in the card
        game the gentlest pairing of decks."""
        if bots and game.first_game and not self._played(game):
            return game.resolve_options(game.first_game)
        return game.resolve_options({})

    @staticmethod
    def _played(game: GameDef) -> bool:
        """Whether the record holds a finished game of ``game`` (a record that cannot be read
        counts as played: the usual game is the safe guess)."""
        from tabletop.engine import stats

        try:
            return bool(stats.games(game=game.id))
        except stats.StatsError:
            return True

    def quick_start(self, game: GameDef, bots: bool) -> None:
        seats = self.quick_seats(game, bots)
        options = self.quick_options(game, bots)
        self.start_requested.emit(game, seats, options, random.randint(1, 999_999), False, None)

    # --- going on with a game ---------------------------------------------------------
    def set_resume(self, available: bool, info: str = "", thumb: QPixmap | None = None) -> None:
        f = self.form
        f.resumeButton.setEnabled(available)
        f.resumeInfo.setText(info)
        f.resumeThumb.setVisible(thumb is not None)
        if thumb is not None:
            f.resumeThumb.setPixmap(thumb)

    def set_recent(self, paths: list[str]) -> None:
        recent = self.form.recent
        recent.clear()
        for p in paths:
            item = QListWidgetItem(Path(p).name)
            item.setToolTip(p)
            item.setData(USER_ROLE, p)
            if not Path(p).exists():
                item.setText(f"{Path(p).name} (missing)")
            recent.addItem(item)
        if not paths:
            recent.addItem(QListWidgetItem("No saved games yet"))
        recent.setEnabled(bool(paths))  # nothing to open: the placeholder is greyed, not selectable

    def _open_recent(self, item: QListWidgetItem) -> None:
        path = item.data(USER_ROLE)
        if path:
            self.recent_requested.emit(path)


def table_thumbnail(match: Match, size: tuple[int, int] = THUMB) -> QPixmap:
    """A small picture of ``match``'s table as its lone human sees it (a spectator's view when
    several people or nobody share the computer, so no hand is shown to the wrong eyes)."""
    humans = match.human_seats()
    seat = humans[0] if len(humans) == 1 else None
    return QPixmap.fromImage(draw_table(match.game, match.names, match.state.view(seat), [], None, size))
