"""The anywidget model (traits) and its frontend files (widget.js, widget.css)."""

from .cardwidget import SorryCardWidget
from .replay import ReplayWidget, WidgetError
from .widget import SorryWidget

__all__ = ["ReplayWidget", "SorryCardWidget", "SorryWidget", "WidgetError"]
