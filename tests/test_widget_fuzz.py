"""Property-based tests of what the page sends both widgets (issue 22): generated and mutated
messages of every type the page sends, and state updates of every trait, to the board and the
card table in every mode. Whatever arrives, no exception escapes; a malformed one is one error
notice naming a field; anything refused leaves the game, the notes and the synced state as
they were; each is answered within a time bound and the whole run within a memory bound. The
tests print how many inputs they tried."""

from __future__ import annotations

import resource
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sorry_widget.widget.replay import page_messages
from support.widget_cases import MODES, errors, listen, make, snapshot

# A long property run (its tier: tests/conftest.py).
pytestmark = [pytest.mark.slow]

JSON_TYPES = {"string": str, "integer": int, "array": list, "null": type(None)}


def described(view: str) -> dict[str, dict[str, tuple[bool, tuple[type, ...]]]]:
    """The messages a view takes, from the one description the page and the widgets read
    (sorry_widget/widget/page_messages.json): type -> field -> (required, accepted types)."""
    return {kind: {name: ("default" not in field,
                          tuple(JSON_TYPES[t] for t in field["types"]))
                   for name, field in fields.items()}
            for kind, fields in page_messages(view).items()}


BOARD, CARD = described("board"), described("cardtable")
SURROGATES = ["\ud83d", "note \udc00 here", "\ud83d\ude00"[:1] + "x"]
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=10 ** 300)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
    | st.sampled_from(SURROGATES + ["x" * 100_000, "red:start", "12", "", "R8-13", "red 5"])
    | st.just(list(range(10_000))),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12)
PLACES = st.one_of(st.integers(-3, 63), st.sampled_from(
    ["red:start", "red:safety-2", "blue:home", "12", "sq-12", "green:safety-9", "\ud83d"]))

COUNTS = {"messages": 0, "states": 0}
#: The process's peak memory before the fuzzing (ru_maxrss only grows: what it adds is ours).
PEAK_BEFORE_MB = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
#: Most of what the run adds is the ~4,000 widgets it makes: anywidget 0.9's file watcher
#: (``_esm`` given as a path) keeps every widget alive even after ``close()``.
MEMORY_LIMIT_MB = 1000
TIME_LIMIT = 3.0  # seconds per input; the coach's games get more
COACH_TIME_LIMIT = 15.0


def pick(data, choices: list, label: str):
    """One of ``choices``, drawn as an index: what is drawn does not hang on the widget's
    state (a new game's seed is random), so hypothesis can replay and shrink an example."""
    return choices[data.draw(st.integers(0, 63), label=label) % len(choices)]


def plausible(data, w, field: str):
    """A value a real page could send for ``field``, often one the widget offers now."""
    if field == "notation":
        pending = w.pending or {}
        notations = [m["notation"] for m in pending.get("moves", pending.get("actions", []))]
        return pick(data, notations + ["R8-13", "red 5", "R pass", "RS-4", "blue 7", ""],
                    field)
    return data.draw(_plausible(field), label=field)


def _plausible(field: str):
    if field in ("card", "completed"):
        return st.sampled_from([None, "", "7", "1", "sorry", "R8-9"])
    if field == "theme":
        return st.sampled_from([None, "light", "dark", "auto", "neon"])
    if field == "language":
        # (not French: a page in French has every frame said again in it, seconds under load,
        # which the language tests cover; each input here is bounded for checking it)
        return st.sampled_from([None, "en", "en-GB", "xx", ""])
    if field == "clicks":
        return st.lists(PLACES, max_size=3)
    if field == "play":
        return st.integers(-2, 120)
    if field == "text":
        return st.one_of(st.text(max_size=30), st.sampled_from(SURROGATES + ["x" * 2001]))
    if field == "arrows":
        return st.lists(st.lists(PLACES, min_size=2, max_size=2), max_size=3)
    if field == "squares":
        return st.lists(PLACES, max_size=3)
    if field == "rules":
        return st.sampled_from(["classic", "teams", "1934", "2013", "points", "chess"])
    if field == "players":
        return st.one_of(st.integers(0, 6), st.lists(st.sampled_from(
            ["red", "blue", "yellow", "green", "pink"]), max_size=5))
    if field == "people":
        return st.lists(st.sampled_from(["red", "blue", "yellow", "green", "pink"]),
                        max_size=5)
    if field == "computer":
        # (the coach plays seconds a move, so the games here are against quick players; the
        # coach's name is checked like the others by tests/test_levels.py)
        return st.sampled_from(["random", "greedy", "learned", "perfect", "coach(5, random)",
                                "", "x" * 41])
    raise AssertionError(field)


def draw_message(data, w) -> tuple[object, bool]:
    """A message for ``w`` and whether it is malformed (an error notice is certain)."""
    schema = CARD if w.view == "cardtable" else BOARD
    shape = data.draw(st.sampled_from(["object", "object", "object", "object", "not an object"]))
    if shape == "not an object":
        return data.draw(JUNK.filter(lambda v: not isinstance(v, dict))), True
    kind = data.draw(st.one_of(st.sampled_from(sorted(schema)), JUNK), label="type")
    content, malformed = {"type": kind}, not (isinstance(kind, str) and kind in schema)
    for field, (required, types) in (schema.get(kind, {}) if not malformed else {}).items():
        how = data.draw(st.sampled_from(["plausible", "plausible", "junk", "missing"]),
                        label=field)
        if how == "missing":
            malformed |= required
            continue
        value = plausible(data, w, field) if how == "plausible" else \
            data.draw(JUNK, label=field)
        content[field] = value
        if isinstance(value, bool) or not isinstance(value, types):
            malformed = True
    if data.draw(st.booleans(), label="extra keys"):
        content.update(data.draw(st.dictionaries(st.text(max_size=8), JUNK, max_size=2)))
        content["type"] = kind
    return content, malformed


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.filter_too_much])
@given(data=st.data())
def test_no_message_from_the_page_escapes_or_changes_what_it_was_refused(mode, data):
    w = make(mode)
    try:
        for _ in range(data.draw(st.integers(1, 4), label="messages")):
            send_one(data, w)
    finally:
        w.close()  # ipywidgets keeps every open widget: thousands would hold their state


def send_one(data, w) -> None:
    listen(w)
    message, malformed = draw_message(data, w)
    before = snapshot(w)
    started = time.perf_counter()
    w._handle_custom_msg(message, [])  # an exception here fails the test
    seconds = time.perf_counter() - started
    COUNTS["messages"] += 1
    coach = isinstance(message, dict) and message.get("type") == "coach"
    assert seconds < (COACH_TIME_LIMIT if coach else TIME_LIMIT), (message, seconds)
    refusals = errors(w)
    assert not any("internal error" in text for text in refusals), refusals
    for sent in w.sent:
        if sent.get("type") == "notice":
            sent["text"].encode("utf-8")  # every notice can be sent
    if malformed:
        assert len(refusals) == 1, (message, w.sent)
    if refusals and not (isinstance(message, dict) and message.get("type") == "try"):
        # (a try is always answered with why it is not a move, and changes nothing either)
        assert snapshot(w) == before, message
    if isinstance(message, dict) and message.get("type") == "try":
        assert snapshot(w) == before


def draw_state(data, w) -> dict:
    names = sorted(set(w.keys) | {"selection"}) + ["no_such_trait", "message", "coach_rollouts",
                                              "game"]
    state = {}
    for name in data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=4,
                                   unique=True)):
        good = {"play": st.integers(-1, w.last_play + 1), "speed": st.floats(0, 30),
                "autoplay": st.booleans(), "animate": st.booleans(),
                "theme": st.sampled_from(["light", "dark", "auto", "neon"]),
                "size": st.integers(0, 2500), "selection": st.lists(PLACES.map(str),
                                                                    max_size=3)}.get(name)
        state[name] = data.draw(JUNK if good is None or data.draw(st.booleans()) else good,
                                label=name)
    return state


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_state_from_the_page_is_taken_whole_or_refused_whole(mode, data):
    w = make(mode)
    try:
        set_one(data, w)
    finally:
        w.close()


def set_one(data, w) -> None:
    state = draw_state(data, w)
    before = snapshot(w)
    w.resent.clear()
    started = time.perf_counter()
    w.set_state(state)
    assert time.perf_counter() - started < TIME_LIMIT
    COUNTS["states"] += 1
    refusals = errors(w)
    assert not any("internal error" in text for text in refusals)
    if not set(state) <= w.PAGE_WRITABLE:
        assert len(refusals) == 1 and "may not set" in refusals[0] or \
            "from the page is not a value" in refusals[0]
    if refusals:
        assert snapshot(w) == before, state
        # Python's values go back for every key the widget has (a name it lacks has none).
        assert set(sum(w.resent, [])) == set(state) & set(w.keys)
    else:  # taken whole: every key holds what the page sent
        for name, value in state.items():
            assert getattr(w, name) == value, name


def test_the_fuzzing_tried_enough_inputs_within_the_memory_bound(capsys):
    """Runs after the two above (pytest keeps a file's order): prints how many inputs they
    tried, and checks the process stayed within the memory bound while it did."""
    grew_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 - PEAK_BEFORE_MB
    with capsys.disabled():  # shown in every run, not only with -s
        print(f"\nwidget fuzzing: {COUNTS['messages']} messages and {COUNTS['states']} state "
              f"updates tried over {len(MODES)} modes; peak memory grew {grew_mb:.0f} MB")
    if COUNTS["messages"]:  # (not when this test runs alone)
        assert COUNTS["messages"] >= 100 * len(MODES)
        assert COUNTS["states"] >= 50 * len(MODES)
    assert grew_mb < MEMORY_LIMIT_MB
