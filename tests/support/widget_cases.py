"""Both widgets in every mode, for the tests of what the page may do (test_widget_trust.py,
test_widget_fuzz.py), with a recorder of what they send the page."""

from __future__ import annotations

from functools import lru_cache

from conftest import pos
from sorry_widget import CardGame, CardState, Game, Record, SorryCardWidget, SorryWidget

SPLIT = pos(red=[10, 13, "home", "home"], blue=["start"] * 4)
CARD_DEMO = {
    "format": "sorry-cardgame/1",
    "players": [{"colour": "red", "hand": ["5", "slide-21", "sorry-steal"], "home": 1},
                {"colour": "blue", "hand": ["sorry-steal", "7"], "home": 2}],
    "to_play": "red", "direction": 1, "play_pile": ["9", "7"], "total": 16,
    "draw_pile": ["3", "4", "6", "8"], "discard": [], "pending": None, "winners": []}


@lru_cache(maxsize=None)
def finished_record(seed: int = 7) -> Record:
    """A finished game's record (shared: a widget works on its own copy of the notes)."""
    game = Game(4, seed=seed)
    game.run()
    return Record.from_game(game)


@lru_cache(maxsize=None)
def card_record():
    game = CardGame(2, seed=3)
    game.run()
    return game.record()


def make(mode: str):
    """A fresh widget: board ``replay``, ``game`` (red a person), ``computer`` (nobody a
    person), ``demo``; card ``card-game``, ``card-replay``, ``card-demo``."""
    if mode == "replay":
        w = SorryWidget(record=finished_record())
    elif mode == "game":
        start = pos(red=[8, 20, "start", "start"], yellow=[33, "start", "start", "start"])
        w = SorryWidget(Game(start=start, seed=4, strategies={"red": None, "yellow": "random"}))
        w.coach_rollouts = 20  # the page's "Which move is best?" in milliseconds
    elif mode == "computer":
        w = SorryWidget(Game(4, seed=1))
    elif mode == "demo":
        w = SorryWidget(position=SPLIT, card="7", example="R10-11 R13-19")
    elif mode == "card-game":
        w = SorryCardWidget(CardGame(2, seed=5, strategies={"red": None, "blue": "greedy"}))
    elif mode == "card-replay":
        w = SorryCardWidget(record=card_record())
    elif mode == "card-demo":
        w = SorryCardWidget(state=CardState.from_dict(CARD_DEMO))
    else:
        raise ValueError(mode)
    listen(w)
    return w


MODES = ("replay", "game", "computer", "demo", "card-game", "card-replay", "card-demo")


def listen(w) -> None:
    """Record what ``w`` sends the page: messages in ``w.sent``, state in ``w.resent``."""
    w.sent, w.resent = [], []
    w.send = lambda content, buffers=None: w.sent.append(content)
    w.send_state = lambda key=None: w.resent.append(
        [key] if isinstance(key, str) else list(key or []))


def errors(w) -> list[str]:
    return [m["text"] for m in w.sent if m.get("type") == "notice" and m["level"] == "error"]


def snapshot(w) -> dict:
    """What a refused request must leave as it was: every synced trait but the selection
    (a refused try clears the clicks), the game and the notes."""
    state = {k: v for k, v in w.get_state().items() if k != "selection"}
    game = getattr(w, "game", None)
    history = None if game is None else [getattr(p, "move", p) for p in game.history]
    history = None if history is None else [getattr(m, "notation", m) for m in history]
    try:
        record = w.record.to_json()
    except ValueError as exc:  # a card demo has no deck order to record
        record = str(exc)
    notes = dict(getattr(w, "_notes", {}))
    return {"state": state, "history": history, "record": record, "notes": notes}
