"""A deck written as counts per card, as both games write theirs."""

from __future__ import annotations

from collections.abc import Mapping


def cards_of(counts: Mapping) -> list:
    """Every card of a deck given as ``{card: count}``, in the order of its keys, unshuffled."""
    return [card for card, count in counts.items() for _ in range(count)]
