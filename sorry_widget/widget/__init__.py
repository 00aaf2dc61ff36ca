"""The anywidget model (traits) and its frontend files (widget.js, widget.css)."""

from .widget import SorryWidget, WidgetError

__all__ = ["SorryWidget", "WidgetError"]
