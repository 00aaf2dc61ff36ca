from __future__ import annotations

import json
import sys
from pathlib import Path

import os

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

# CI explores the same examples every run, so a landing never hinges on a lucky draw; local
# runs keep drawing new ones and so keep looking for counterexamples.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

from sorry_widget.board import Position  # noqa: E402
from sorry_widget.board.game import Game  # noqa: E402


def pos(to_move="red", **pawns):
    """A position from keyword lists: ``pos(red=[12, "start", ...], blue=[...])``. Colours not
    given get all pawns in START, so a hand-built position needs only the pawns that matter;
    at least two colours are always present."""
    count = 4
    full = {c: list(v) + ["start"] * (count - len(v)) for c, v in pawns.items()}
    if len(full) < 2:
        other = "yellow" if "yellow" not in full else "red"
        full[other] = ["start"] * count
    return Position(full, to_move=to_move)


def results(position: Position, card) -> list[dict]:
    """The result positions' pawn dicts of every legal move."""
    return [m.result.to_dict()["pawns"] for m in position.legal_moves(card)]


def notations(position: Position, card) -> set[str]:
    return {m.notation for m in position.legal_moves(card)}


def stacked_game(cards, **kwargs) -> Game:
    """A game whose draw pile yields ``cards`` (names) first, in order, then the shuffled rest."""
    from sorry_widget.board.cards import card_from_name

    game = Game(**kwargs)
    wanted = [card_from_name(c) for c in cards]
    rest = list(game.pile.cards)
    for c in wanted:
        rest.remove(c)
    game.pile.cards = rest + list(reversed(wanted))  # the top of the pile is the end
    return game


@pytest.fixture
def tmp_json(tmp_path):
    def write(name, data):
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data))
        return path

    return write


@pytest.fixture(scope="module")
def record():
    """A whole 4-player game's record, for the browser tests that replay one."""
    from sorry_widget import Game, Record
    game = Game(4, seed=21)
    game.run()
    return Record.from_game(game)


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright (tests/browser.py), one per test module."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from browser import launch

    with sync_api.sync_playwright() as p:
        chromium = launch(p)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh page in the module's Chromium; the test fails if the page threw an error."""
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(10_000)
    yield page
    context.close()
    assert not errors, f"errors in the page: {errors}"


def pytest_terminal_summary(terminalreporter):
    """The counts of the readers' fuzz test (tests/test_reader_fuzz.py), shown even without
    ``-s``: how many inputs each reader was given, loaded and refused."""
    fuzz = next((m for name, m in list(sys.modules.items())
                 if name.endswith("test_reader_fuzz")), None)
    counts = getattr(fuzz, "COUNTS", None)
    if counts:
        terminalreporter.section("readers under fuzzing")
        for line in fuzz.summary_lines():
            terminalreporter.write_line(line)
