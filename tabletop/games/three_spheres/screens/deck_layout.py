"""The deck builder's layout at the text size in use (docs/client.md, "Bigger text"): its side
columns' widths (:func:`fit_to_text`, kept up by :class:`TextFit`), the card shown large
(:class:`CardPreview`), and the rows of filters (:func:`filter_group`, :func:`toggles`,
:func:`choice_box`).  Apart from :mod:`.decks`, whose screen is big enough."""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLayout, QSizePolicy, QStyle, QToolButton, QWidget

from tabletop.client.theme import look
from tabletop.client.wrap_layout import WrapLayout

PREVIEW = QSize(176, 250)  # the card shown large
# the columns' widths at the default text size; with a bigger text they grow half as fast as the
# text (the tables' side panel's way: table_screen.panel_width), the collection keeping the rest
# (docs/client.md, "Bigger text")
DECKS_WIDTH = 250  # the decks, their buttons and the card shown large
DECK_WIDTH = 400  # the deck's table, its rules and its charts
SPACING = 12  # between the columns, and between the widgets of a column or a row


def grown(width: int) -> int:
    """``width`` (pixels at the default text size) at the text size in use, growing half as fast
    as the text: 1.5x makes it 1.25x."""
    return round(width * (1 + max(0.0, look.scale - 1) / 2))


class CardPreview(QWidget):
    """The card pointed at, shown large: PREVIEW, or smaller (its shape kept, as much as the
    column leaves it) when the words under it and the buttons above take the room (a bigger
    text); not at all when less than a third of it would show (its words are under it)."""

    def __init__(self, draw: Callable[[str, QSize], QPixmap], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.draw = draw  # a card's face at a size (decks.card_pixmap)
        self.cid: str | None = None
        self.setMaximumHeight(PREVIEW.height())
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def set_card(self, cid: str) -> None:
        self.cid = cid
        self.update()

    def pixmap(self) -> QPixmap:
        """The card's picture at its full size (shown smaller when the widget is)."""
        return self.draw(self.cid, PREVIEW) if self.cid else QPixmap()

    def shown_rect(self) -> QRect:
        """Where the card is drawn: PREVIEW, or less, its shape kept, centred."""
        size = PREVIEW.scaled(self.size(), Qt.AspectRatioMode.KeepAspectRatio) \
            if self.height() < PREVIEW.height() or self.width() < PREVIEW.width() else PREVIEW
        rect = QRect(0, 0, size.width(), size.height())
        rect.moveCenter(self.rect().center())
        return rect

    def sizeHint(self) -> QSize:
        return QSize(PREVIEW)

    def minimumSizeHint(self) -> QSize:
        return QSize(0, 0)

    def paintEvent(self, event: Any) -> None:
        if self.cid is None or self.shown_rect().height() < PREVIEW.height() // 3:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawPixmap(self.shown_rect(), self.pixmap())
        painter.end()


def fit_to_text(screen: Any) -> None:
    """The side columns' widths for the text size in use: the decks' column DECKS_WIDTH and the
    deck's DECK_WIDTH at the default size, growing half as fast as the text, the decks' column
    at least as wide as its buttons, the list at least four decks high.  The deck's column: as
    wide as the button "Play against the Hard bot" and the bot's deck on one line when that is at
    most a fifth wider than its table (as at the default size), else as its table, the row going
    on to two.  With a bigger text the collection keeps whole cards on a row of its grid: the
    part of a card's width left over goes to the deck's column too, its table, rules and charts
    as wide as the column."""
    s = screen
    decks = max(grown(DECKS_WIDTH), s.deck_buttons.sizeHint().width())
    s.left_column.setFixedWidth(decks)
    s.deck_list.setMinimumHeight(max(80, 4 * s.deck_list.fontMetrics().lineSpacing() + 8))
    deck = grown(DECK_WIDTH)
    one_line = s.play_button.sizeHint().width() + SPACING + s.opponent.sizeHint().width()
    right = max(deck, one_line) if one_line <= deck * 1.2 else deck
    if look.scale > 1:
        grid = s.collection
        margins = s.layout().contentsMargins()
        middle = s.width() - margins.left() - margins.right() - 2 * SPACING - decks - right
        room = middle - 2 * grid.frameWidth() - grid.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent,
                                                                           None, grid) - 2
        if room >= grid.gridSize().width():
            right += room % grid.gridSize().width()
        deck = right  # (the table, the rules and the charts as wide as the column)
    s.right_column.setFixedWidth(right)
    for w in (s.table, s.problems):
        w.setFixedWidth(deck)
    s.charts.setFixedSize(deck, 200)


class TextFit(QObject):
    """Keeps :func:`fit_to_text` true for ``screen``: on a resize, and once the widgets have
    taken another text size (a font or style change)."""

    def __init__(self, screen: QWidget) -> None:
        super().__init__(screen)
        self.screen = screen
        screen.installEventFilter(self)
        fit_to_text(screen)

    def eventFilter(self, watched: Any, event: Any) -> bool:
        if watched is self.screen:
            if event.type() == QEvent.Type.Resize:
                fit_to_text(self.screen)
            elif event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
                QTimer.singleShot(0, self, lambda: fit_to_text(self.screen))
        return False


def filter_group(row: WrapLayout) -> QHBoxLayout:
    """A few widgets kept together on a row of filters (its spacing as the row's)."""
    group = QHBoxLayout()
    group.setSpacing(row.spacing())
    group.setContentsMargins(0, 0, 0, 0)
    row.addChildLayout(group)
    row.add(group)
    return group


def toggles(row: QLayout, changed: Callable[..., Any], buttons: dict[Any, tuple[str, str]]) -> dict[Any, QToolButton]:
    """Checkable filter buttons (text, tooltip) by key, added to ``row``; ``changed`` is called
    when one is toggled."""
    out = {}
    for key, (text, tip) in buttons.items():
        b = out[key] = QToolButton()
        b.setText(text)
        b.setCheckable(True)
        b.setToolTip(tip)
        b.toggled.connect(changed)
        row.addWidget(b)
    return out


def choice_box(row: QLayout, changed: Callable[..., Any], anything: str, choices: list[tuple[str, str]]) -> QComboBox:
    """A filter box: ``anything`` (no filter) first, then the (words, key) choices; ``changed``
    is called when another is chosen."""
    box = QComboBox()
    box.addItem(anything, "")
    for words, key in choices:
        box.addItem(words, key)
    box.currentIndexChanged.connect(changed)
    row.addWidget(box)
    return box
