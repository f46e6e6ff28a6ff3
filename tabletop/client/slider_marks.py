"""Marks on a slider: the replay's slider shows where a review's costliest decisions were made
(a small numbered flag under the groove at each one's step)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QPainter, QPolygonF
from PySide6.QtWidgets import QGridLayout, QSlider, QStyle, QStyleOptionSlider, QWidget

from .theme import table_colour

# the flag is in the hint's colour, its number in the ink drawn on that colour (the same in both
# themes: tabletop/client/theme.py's TABLE)


class SliderMarks(QWidget):
    """Painted over ``slider`` (clicks go through): a flag at each value of :meth:`set_marks`,
    numbered in the order given (1 the costliest).  The slider and the marks share one cell of a
    grid put where the slider was in its layout, so the marks always have the slider's size."""

    def __init__(self, slider: QSlider) -> None:
        super().__init__()
        self.slider = slider
        self.values: list[int] = []
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        holder = QWidget()
        grid = QGridLayout(holder)
        grid.setContentsMargins(0, 0, 0, 0)
        slider.parentWidget().layout().replaceWidget(slider, holder)
        grid.addWidget(slider, 0, 0)
        grid.addWidget(self, 0, 0)
        self.hide()

    def set_marks(self, values: list[int]) -> None:
        self.values = list(values)
        self.setVisible(bool(self.values))
        self.update()

    def x_of(self, value: int) -> float:
        """Where ``value`` lies along the slider (the middle of its handle there)."""
        s = self.slider
        opt = QStyleOptionSlider()
        s.initStyleOption(opt)
        style = s.style()
        groove = style.subControlRect(QStyle.ComplexControl.CC_Slider, opt, QStyle.SubControl.SC_SliderGroove, s)
        handle = style.subControlRect(QStyle.ComplexControl.CC_Slider, opt, QStyle.SubControl.SC_SliderHandle, s)
        span = max(1, groove.width() - handle.width())
        return groove.x() + handle.width() / 2 + QStyle.sliderPositionFromValue(s.minimum(), s.maximum(), value, span)

    def paintEvent(self, event: object) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(self.font())
        font.setPixelSize(9)
        font.setBold(True)
        p.setFont(font)
        h = self.height()
        for k, value in sorted(enumerate(self.values, start=1), key=lambda kv: -kv[0]):  # (★1 on top)
            x = self.x_of(value)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(table_colour("hint"))
            p.drawPolygon(QPolygonF([QPointF(x, h - 11), QPointF(x - 6, h), QPointF(x + 6, h)]))
            p.setPen(table_colour("tag_ink"))
            p.drawText(QRectF(x - 6, h - 10, 12, 10), Qt.AlignmentFlag.AlignCenter, str(k))
        p.end()
