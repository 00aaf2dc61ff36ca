"""The board game's explanations, refusals and notices in words: its message templates and the
kinds of value they name, registered with :mod:`sorry_widget.core.messages` (domain
``"board"``). The rules build :class:`~sorry_widget.core.messages.Message` values; only this
table holds sentences."""

from __future__ import annotations

from ..core.messages import register

#: Message id (without the ``board.`` domain) -> English template.
ENGLISH: dict[str, str] = {}

register("board", "en", ENGLISH)
