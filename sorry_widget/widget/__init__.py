"""The anywidget model (traits) and its frontend files (widget.js, widget.css)."""

from .cardwidget import SorryCardWidget
from .progress import ProgressBar
from .replay import ReplayWidget, WidgetError
from .widget import SorryWidget

__all__ = ["ProgressBar", "ReplayWidget", "SorryCardWidget", "SorryWidget", "WidgetError"]
