"""The anywidget model (traits) and its frontend files (widget.js, widget.css)."""

from .progress import ProgressBar
from .widget import SorryWidget, WidgetError

__all__ = ["ProgressBar", "SorryWidget", "WidgetError"]
