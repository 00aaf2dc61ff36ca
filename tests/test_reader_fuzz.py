"""Every reader of the engine over generated and mutated input (issue 22, "nothing trusted").

Valid documents of each kind — positions, board records of several rule sets, card states,
card records, decks — are mutated at random depths (a value replaced by a hostile one,
deleted, duplicated, retyped, swapped with another part of the document) and read both as
Python objects (``from_dict``) and as JSON text (``from_json``, plus damage done to the text
itself). Each input must either load — and then save to JSON that reads back equal — or raise
the reader's own error whose message starts with a field of its format, prints, and stays
short; and it must do either within a time and memory bound. Nothing else may escape.

``FUZZ_EXAMPLES`` sets the examples per reader and path (default 150: tens of seconds in all).
Run with ``-s`` to see how many inputs were tried, loaded and refused.
"""

from __future__ import annotations

import copy
import json
import math
import os
import re
import time
import tracemalloc
from collections import Counter

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from sorry_widget import CardGame, CardRecord, Game, Position, Record  # noqa: E402
from sorry_widget.cardgame.cards import DEFAULT_DECK, CardGameError, deck_from_json, read_deck  # noqa: E402
from sorry_widget.cardgame.state import CardState  # noqa: E402
from sorry_widget.board.state import PositionError  # noqa: E402
from sorry_widget.board.record import RecordError  # noqa: E402

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
#: Per input: the slowest valid record replays in well under a second on a shared machine.
MAX_SECONDS = float(os.environ.get("FUZZ_MAX_SECONDS", "5"))
MAX_PEAK_BYTES = 64_000_000
MAX_MESSAGE_CHARS = 1_000

COUNTS: Counter = Counter()


# --- the valid documents ---------------------------------------------------------------------

def _board_record(rules: str, seed: int, players: int = 2) -> dict:
    game = Game(players, rules=rules, seed=seed)
    game.run()
    data = Record.from_game(game).to_dict()
    data["plays"] = data["plays"][:40]  # short games keep each replay quick
    data["annotations"] = [{"play": 2, "text": "a note", "arrows": [[4, 9]],
                            "squares": [9, "red:safety-2"]}]
    data["result"] = {"winner": None}
    return json.loads(json.dumps(data))


def _documents() -> dict[str, list]:
    game = Game(4, seed=8)
    for _ in range(30):
        game.step()
    positions = [game.position.to_dict(), Position.initial(3, rules="edition-2013").to_dict(),
                 {"format": "sorry-position/1", "rules": "classic", "to_move": "blue",
                  "options": {"sorry_forward_4": True},
                  "pawns": {"red": ["home", 12, "safety-3", "start"],
                            "blue": [20, 33, "start", "start"]}}]
    records = [_board_record("classic", 3), _board_record("original-1934", 5),
               _board_record("play-for-points-1992", 2), _board_record("teams-1992", 4, 4)]
    card_game = CardGame(3, seed=6)
    states = []
    while not card_game.finished and len(states) < 60:
        states.append(card_game.state.to_dict())
        card_game.step()
    short = CardGame(2, seed=3)
    for _ in range(25):
        short.step()
    card_record = short.record(notes={0: "the deal", 3: "a note"}).to_dict()
    card_record["strategies"] = {"red": "random", "blue": "greedy"}
    # A state waiting on a steal (K13) and one on a block in the longer game (K14, K19).
    states += [
        {"format": "sorry-cardgame/1", "players": [
            {"colour": "red", "hand": ["3"], "home": 1},
            {"colour": "blue", "hand": ["sorry-steal"], "home": 0}],
         "to_play": "red", "direction": 1, "play_pile": ["10", "10", "1"], "total": 21,
         "draw_pile": ["8"], "discard": [], "winners": [],
         "pending": {"kind": "steal", "winner": "red", "asked": "blue"}},
        {"format": "sorry-cardgame/1", "options": {"longer_game": True}, "players": [
            {"colour": "red", "hand": ["3"], "home": 4, "returning": True},
            {"colour": "blue", "hand": ["dont-be-sorry", "7"], "home": 2}],
         "to_play": "red", "direction": -1, "play_pile": ["5", "sorry-back"], "total": 5,
         "draw_pile": ["8"], "discard": ["slide-10"], "winners": [],
         "pending": {"kind": "block", "sorry": "sorry-back", "by": "red", "victim": "blue"}}]
    return {"position": positions, "record": records, "state": states[::10] + states[-2:],
            "cardrecord": [card_record], "deck": [dict(DEFAULT_DECK), {"21": 3, "slide-0": 2}]}


DOCUMENTS = _documents()


# --- each reader: read a dict, read text, save, and the fields its messages may name ---------

def _deck_json(deck: dict) -> dict:
    return deck_from_json(json.dumps(deck))


READERS = {
    "position": (PositionError, Position.from_dict, Position.from_json,
                 lambda p: Position.from_json(p.to_json()) == p and p.to_json()),
    "record": (RecordError, Record.from_dict, Record.from_json,
               lambda r: Record.from_json(r.to_json()).to_json() == r.to_json()),
    "state": (CardGameError, CardState.from_dict, CardState.from_json,
              lambda s: CardState.from_json(s.to_json()).to_json() == s.to_json()),
    "cardrecord": (CardGameError, CardRecord.from_dict, CardRecord.from_json,
                   lambda r: CardRecord.from_json(r.to_json()).to_json() == r.to_json()),
    "deck": (CardGameError, read_deck, deck_from_json, lambda d: _deck_json(d) == d),
}

#: The first word of a message: a field of the format, or the document itself.
FIELDS = {
    "position": {"position", "format", "rules", "to_move", "pawns", "options"},
    "record": {"record", "format", "rules", "options", "players", "seed", "start", "plays",
               "play", "annotations", "annotation", "result", "leader_draws", "deal"},
    "state": {"state", "format", "options", "players", "to_play", "direction", "play_pile",
              "total", "draw_pile", "discard", "pending", "winners"},
    "cardrecord": {"record", "format", "players", "options", "deck", "deck_order", "refills",
                   "actions", "seed", "strategies", "notes", "winners"},
    "deck": {"deck"},
}
#: A quoted head is a key the input holds that no format has (``'}irection': not a key``).
_HEAD = re.compile(r"^(?:'[^'\n]{0,40}?['…]|\"[^\"\n]{0,40}?[\"…]"
                   r"|([A-Za-z_][A-Za-z_0-9]*)[^\n]{0,120}?): ")


# --- mutation ----------------------------------------------------------------------------------

def _deep(levels: int):
    value: list = []
    for _ in range(levels):
        value = [value]
    return value


HOSTILE = [
    10 ** 5000, -10 ** 5000, 10 ** 12, 10 ** 30, -1, 0, 59, 60, 1.0, 0.5, -0.0,
    float("nan"), float("inf"), "\ud800", "a\udc00b", "x" * 5000, "", " 12!! ", "Sorry!",
    "sorry", "7", "start", "home", "safety-9", "red", "purple", "red:safety-2", None, True,
    False, [], {}, _deep(40), _deep(20), list(range(3000)), ["1"] * 20_000, {"\ud800": 1},
    {1: 2}, (1, 2), b"bytes", object(), {"kind": "steal"}, [["red", "5"]], "sorry-record/1",
    {"1": 10 ** 5000}, [10 ** 5000],
]


def _containers(doc) -> list[tuple[object, object]]:
    """Every (container, key) pair in ``doc``, top first."""
    out, todo = [], [doc]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            for k, v in value.items():
                out.append((value, k))
                todo.append(v)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                out.append((value, i))
                todo.append(v)
    return out


def _retyped(value):
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        if abs(value) > 10 ** 100:  # str() of it would raise; its retyped kin is a float
            return 1e300
        return [str(value), float(value), value + 0.5][value % 3]
    if isinstance(value, str):
        return int(value) if value.isdigit() else [value]
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    if isinstance(value, dict):
        return list(value.values())
    return str(value)


@st.composite
def mutated(draw, kind: str):
    doc = copy.deepcopy(draw(st.sampled_from(DOCUMENTS[kind])))
    for _ in range(draw(st.integers(1, 3))):
        places = _containers(doc)
        if not places:
            break
        container, key = draw(st.sampled_from(places))
        op = draw(st.sampled_from(["hostile", "delete", "duplicate", "retype", "swap"]))
        if op == "hostile":
            container[key] = copy.deepcopy(draw(st.sampled_from(HOSTILE)))
        elif op == "delete":
            del container[key]
        elif op == "duplicate":
            if isinstance(container, list):
                container.insert(key, copy.deepcopy(container[key]))
            else:
                container[draw(st.sampled_from([f"{key}2", "extra", "\ud83d"]))] = container[key]
        elif op == "retype":
            container[key] = _retyped(container[key])
        else:
            other, other_key = draw(st.sampled_from(places))
            container[key] = copy.deepcopy(other[other_key])
    return doc


@st.composite
def damaged_text(draw, kind: str):
    """JSON text of a valid or mutated document, then hurt as text: a key written twice,
    cut short, a byte changed, NaN, a long number."""
    doc = draw(st.one_of(st.sampled_from(DOCUMENTS[kind]), mutated(kind)))
    try:
        text = json.dumps(doc, allow_nan=True)
    except (TypeError, ValueError):
        text = json.dumps(DOCUMENTS[kind][0])
    op = draw(st.sampled_from(["as is", "twice", "cut", "byte", "nan", "number", "nest"]))
    if op == "twice" and text.startswith("{"):
        text = '{"format": "x", ' + text[1:]
    elif op == "cut":
        text = text[:draw(st.integers(0, len(text)))]
    elif op == "byte" and text:
        i = draw(st.integers(0, len(text) - 1))
        text = text[:i] + draw(st.sampled_from(["\x00", "}", "[", '"', "\\", "\ud800", "9"])) \
            + text[i + 1:]
    elif op == "nan":
        text = text.replace("0", "NaN", 1)
    elif op == "number":
        text = text.replace("1", "1" + "0" * draw(st.sampled_from([40, 5000])), 1)
    elif op == "nest":
        text = "[" * 10_000 + text + "]" * 10_000
    as_bytes = draw(st.booleans())
    return text.encode("utf-8", "surrogatepass") if as_bytes else text


FORMAT_NAMES = {"position": "sorry-position/1", "record": "sorry-record/2",
                "state": "sorry-cardgame/1", "cardrecord": "sorry-cardrecord/1"}

#: Any value JSON can hold, with surrogates, huge and non-finite numbers mixed in.
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
    | st.sampled_from(["red", "blue", "start", "7", "sorry", "classic", "\ud800", 10 ** 50]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=5),
    max_leaves=20)


@st.composite
def generated(draw, kind: str):
    """An object built from nothing: the format's own keys (and others) with any values."""
    keys = st.sampled_from(sorted(FIELDS[kind] - {"record", "position", "state", "play",
                                                   "annotation"})) | st.text(max_size=6)
    doc = draw(st.dictionaries(keys, JSON_VALUES, max_size=12))
    if kind in FORMAT_NAMES and draw(st.booleans()):
        doc["format"] = FORMAT_NAMES[kind]
    return doc


# --- the check ---------------------------------------------------------------------------------

def _keys(value) -> set:
    """The keys an input holds: a message may start with one it refuses (``extra: not a
    key of …``)."""
    if isinstance(value, (str, bytes)):
        text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
        return set(re.findall(r'"([A-Za-z_0-9]+)"\s*:', text))
    return {k for container, k in _containers(value) if isinstance(container, dict)}


def _read(read, value, error) -> tuple[str, object]:
    try:
        return "loaded", read(value)
    except error as exc:
        return "refused", str(exc)


def check(kind: str, path: str, read, value) -> None:
    error, _, _, saves_back = READERS[kind]
    # Timed alone (tracemalloc slows allocation tenfold), then read again to measure memory.
    started = time.perf_counter()
    try:
        outcome = _read(read, value, error)
    except Exception as exc:  # noqa: BLE001 — the point: nothing else may escape
        pytest.fail(f"{kind} {path}: {type(exc).__name__} escaped: {exc!s:.300}",
                    pytrace=False)
    seconds = time.perf_counter() - started
    assert seconds < MAX_SECONDS, f"{kind} {path}: {seconds:.1f} s"
    tracemalloc.start()
    try:
        again = _read(read, value, error)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert again[0] == outcome[0], f"{kind} {path}: read twice, {outcome[0]} then {again[0]}"
    assert peak < MAX_PEAK_BYTES, f"{kind} {path}: {peak:,} bytes"
    COUNTS[kind, path, outcome[0]] += 1
    if outcome[0] == "loaded":
        assert saves_back(outcome[1]), f"{kind} {path}: saved and read back differently"
        return
    message = outcome[1]
    message.encode("utf-8")  # prints: no lone surrogate in a message
    assert len(message) <= MAX_MESSAGE_CHARS, message[:300]
    head = _HEAD.match(message)
    assert head and (head.group(1) is None or head.group(1) in FIELDS[kind] | _keys(value)), \
        f"{kind} {path}: {message[:300]!r}"


FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))


def _report(kind: str, path: str) -> tuple[str, int]:
    """What one reader was given: the line printed (and shown at the end of the run by
    conftest.py's terminal summary, from the test's recorded property) and the count."""
    tried = sum(n for (k, p, _), n in COUNTS.items() if (k, p) == (kind, path))
    line = (f"{kind} {path}: {tried} inputs tried, {COUNTS[kind, path, 'loaded']} loaded, "
            f"{COUNTS[kind, path, 'refused']} refused with the field named")
    print("\n" + line)
    assert tried >= min(EXAMPLES, 20)
    return line, tried


#: The three ways inputs are made: real documents mutated, objects generated from nothing, and
#: JSON text damaged; with the reader each goes through (from a dict, or from text).
INPUTS = {"dict": (mutated, 1), "generated": (generated, 1), "text": (damaged_text, 2)}


@pytest.mark.parametrize("path", list(INPUTS))
@pytest.mark.parametrize("kind", list(READERS))
def test_fuzzed_inputs_load_or_are_refused_naming_the_field(kind, path, record_property):
    inputs, reader = INPUTS[path]

    @FUZZ
    @given(inputs(kind))
    def run(doc):
        check(kind, path, READERS[kind][reader], doc)

    run()
    record_property("readers under fuzzing", _report(kind, path))


@pytest.mark.parametrize("kind", list(READERS))
def test_every_valid_document_loads_and_saves_back(kind):
    for doc in DOCUMENTS[kind]:
        check(kind, "valid", READERS[kind][1], copy.deepcopy(doc))
    assert COUNTS[kind, "valid", "loaded"] == len(DOCUMENTS[kind])


def test_hostile_values_are_all_distinct_kinds():
    # The mutation list above holds each kind of trouble the issue names at least once.
    kinds = {type(v).__name__ for v in HOSTILE}
    assert {"int", "float", "str", "list", "dict", "tuple", "bytes", "object"} <= kinds
    assert any(isinstance(v, float) and math.isnan(v) for v in HOSTILE)
