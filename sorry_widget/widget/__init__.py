"""The anywidget model (traits) and its frontend files (widget.js, widget.css)."""

from .progress import ProgressBar
from .replay import ReplayWidget, WidgetError
from .widget import SorryWidget

__all__ = ["ProgressBar", "SorryWidget", "WidgetError"]
