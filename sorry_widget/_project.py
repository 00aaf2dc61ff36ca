"""The project's addresses on the web. They are defined in :mod:`sorry_widget.core.project`,
below the games, which link their rules to the docs site."""

from __future__ import annotations

from .core.project import DOCS_URL, REPOSITORY_URL

__all__ = ["DOCS_URL", "REPOSITORY_URL"]
