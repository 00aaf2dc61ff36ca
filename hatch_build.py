"""The package's one-line summary, written when the package is built: it counts the lessons
(notebooks/*.ipynb, the English lessons the wheel carries) instead of naming a number by hand,
which went stale when a lesson was added."""

from __future__ import annotations

from pathlib import Path

from hatchling.metadata.plugin.interface import MetadataHookInterface

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")


def summary(root: str | Path) -> str:
    count = len(list(Path(root).glob("notebooks/*.ipynb")))
    number = NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)
    return ("The board game Sorry! and the SORRY! card game as Jupyter widgets, with "
            f"{number} lessons: rules engine, records, simulations.")


class CustomMetadataHook(MetadataHookInterface):
    def update(self, metadata: dict) -> None:
        metadata["description"] = summary(self.root)
