"""Nothing lost, nothing trusted (issue 22), the widgets' side: the page may set only what a
person changes, every message from it is checked, a note that could not be saved is refused
when it is made, a failed save or export leaves the old file, file errors are one line, and
two widgets on one record do not go stale."""

from __future__ import annotations

import contextlib
import resource
import signal

import pytest

from sorry_widget import Game, Record, SorryCardWidget, SorryWidget, WidgetError
from support.widget_cases import MODES, errors, finished_record, listen, make, snapshot

JUNK = {"mode": "demo", "plays": [], "recent_plays": [{"x": 1}], "pending": {"play": 0},
        "final": {"winner": "red"}, "annotations": {"1": {"text": "forged"}}, "humans": ["red"],
        "tables": {}, "recent_tables": {}, "viewer": "blue", "drawing": {}, "rule_texts": {},
        "rule_set": {}, "start": {}, "coach_advice": {"moves": []}, "view": "board",
        "_esm": "alert(1)", "_css": "", "_dom_classes": ["x"], "layout": "IPY_MODEL_x",
        "tabbable": True, "tooltip": "x", "_view_count": 3, "_model_name": "x",
        "_anywidget_id": "x", "_view_module": "x", "_model_module": "x",
        "_view_module_version": "9", "_model_module_version": "9", "_view_name": "x"}


# --- 2. what the page may write -------------------------------------------------------------

@pytest.mark.parametrize("mode", MODES)
def test_every_state_key_the_page_may_not_write_is_reverted_with_a_notice(mode):
    w = make(mode)
    python_only = sorted(set(w.keys) - w.PAGE_WRITABLE)
    assert {"mode", "plays", "pending", "final", "annotations", "humans"} <= set(python_only)
    for key in python_only:
        before = snapshot(w)
        w.sent.clear(), w.resent.clear()
        w.set_state({key: JUNK.get(key, ["junk"])})
        assert snapshot(w) == before, key
        assert w.resent == [[key]], key  # the page is sent Python's value back
        (text,) = errors(w)
        assert f"may not set {key!r}" in text and "only Python" in text


def test_the_page_may_still_set_what_a_person_changes():
    w = make("game")
    w.set_state({"play": 0, "speed": 4, "animate": False, "theme": "dark", "size": 700,
                 "autoplay": True, "selection": ["red:start"]})
    assert (w.play, w.speed, w.animate, w.theme, w.size, w.autoplay, w.selection) == \
        (0, 4.0, False, "dark", 700, True, ["red:start"])
    assert errors(w) == [] and w.resent == []


def test_an_update_with_a_forged_key_is_refused_whole():
    w = make("replay")
    w.set_state({"play": 7, "mode": "demo", "plays": []})
    assert w.play == 0 and w.mode == "replay" and len(w.plays) == w.last_play > 100
    assert w.resent == [["play", "mode", "plays"]] and "'mode', 'plays'" in errors(w)[0]


@pytest.mark.parametrize("state, words", [
    ({"play": "3"}, "play: '3' from the page"),
    ({"play": True}, "play: True"),
    ({"speed": 10 ** 400}, "speed: a number of about 400 digits"),
    ({"speed": float("nan")}, "speed: nan"),
    ({"size": 10 ** 20}, "size"),
    ({"theme": ["x"]}, "theme: ['x']"),
    ({"selection": ["\ud83d"]}, "selection"),
    ({"selection": "red:start"}, "selection"),
    ({"play": 5, "speed": "fast"}, "speed: 'fast'"),  # all or nothing: play 5 is not taken
])
def test_a_bad_value_of_a_key_the_page_may_write_changes_nothing(state, words):
    w = make("replay")
    w.goto(1)
    before = snapshot(w)
    w.resent.clear()
    w.set_state(state)
    assert snapshot(w) == before and w.play == 1
    (text,) = errors(w)
    assert words in text
    text.encode("utf-8")  # a notice can always be sent, whatever the page wrote
    assert sorted(w.resent[0]) == sorted(state)


def test_a_page_cannot_make_a_computer_colours_move():
    w = make("computer")  # nobody is a person: every colour is the computer's
    game = w.game
    legal = game.legal_moves() if game.card is not None else None
    forged = {"play": 0, "colour": game.colour_to_move, "card": "1",
              "moves": [{"notation": "R pass"}]}
    w.set_state({"pending": forged, "humans": [game.colour_to_move]})
    assert w.pending == {} and w.humans == []
    for notation in ["R pass", "RS-4", *(m.notation for m in legal or [])]:
        w._handle_custom_msg({"type": "move", "notation": notation}, [])
        assert "played by the computer" in errors(w)[-1]
    assert game.history == [] and w.last_play == 0


def test_a_forged_mode_no_longer_breaks_show_and_reset():
    w = make("replay")
    w.set_state({"mode": "demo"})
    w.sent.clear()
    for kind in ("show", "reset"):
        w._handle_custom_msg({"type": kind}, [])
    assert [e.startswith("reset() belongs to a rule demo") for e in errors(w)] == [True, True]


def test_a_forged_plays_list_does_not_shrink_the_game():
    w = make("replay")
    plays = w.last_play
    w.set_state({"plays": []})
    w.goto(-1)
    assert f"play {plays} of {plays}" in w.summary()


@pytest.mark.parametrize("mode, message", [
    ("game", {"type": "move", "notation": None}),
    ("card-game", {"type": "act", "notation": None}),
])
def test_a_legal_move_sent_during_autoplay_stops_autoplay(mode, message):
    w = make(mode)
    w.set_state({"autoplay": True, "play": 0})
    pending = w.pending
    message["notation"] = (pending["moves"][0] if "moves" in pending
                           else pending["actions"][0])["notation"]
    w._handle_custom_msg(message, [])
    assert errors(w) == [] and w.autoplay is False and w.play == w.last_play > 0


@pytest.mark.parametrize("mode, message, words", [
    ("game", {"type": "try", "clicks": 5}, "clicks: expected a list"),
    ("game", {"type": "try", "clicks": [[1]]}, "clicks: each click is a place"),
    ("card-game", {"type": "hello", "theme": ["x"]}, "theme: expected text"),
    ("replay", {"type": "annotate", "play": 1, "arrows": "ab"}, "arrows: expected a list"),
    ("replay", {"type": "annotate", "play": 1, "arrows": ["ab"]}, "arrows[0]: an arrow is a pair"),
    ("replay", {"type": "annotate", "play": 1, "squares": [10 ** 5000]},
     "about 5000 digits is not a place"),
    ("replay", {"type": "annotate", "play": "1", "text": "x"}, "play: expected a number"),
    ("replay", {"type": "annotate", "text": "x"}, "play: missing"),
    ("card-replay", {"type": "annotate", "play": True, "text": "x"}, "play: expected a number"),
    ("game", {"type": "move"}, "notation: missing"),
    ("game", {"type": "move", "notation": "R8-9" * 1000}, "notation: longer than 200"),
    ("game", {"type": "new_game", "players": "x"}, "players: expected a number or a list"),
    ("game", {"type": "new_game", "people": [{}]}, "each is a colour's name"),
    ("game", {"type": 5}, "type is not a name"),
    ("game", {"type": "x" * 10_000}, "type is not a name"),
    ("game", ["move"], "not an object"),
    ("card-game", {"type": "act", "notation": 7}, "notation: expected text"),
])
def test_each_malformed_message_is_one_error_notice_and_changes_nothing(mode, message, words):
    w = make(mode)
    before = snapshot(w)
    w._handle_custom_msg(message, [])
    assert snapshot(w) == before
    (text,) = errors(w)
    assert words in text and "internal error" not in text


# --- 1. notes that could not be saved are refused when made ---------------------------------

@pytest.mark.parametrize("mode", ["replay", "game", "card-replay", "card-game"])
def test_a_note_with_a_lone_surrogate_is_refused_from_python_and_from_the_page(mode):
    w = make(mode)
    before = snapshot(w)
    with pytest.raises(WidgetError, match="lone surrogate"):
        w.annotate(0, text="a half emoji: \ud83d")
    w._handle_custom_msg({"type": "annotate", "play": 0, "text": "look \ud83d"}, [])
    assert snapshot(w) == before
    assert not any("Note saved" in m.get("text", "") for m in w.sent)
    assert "lone surrogate" in errors(w)[0]


# --- 1 and 3. saves and exports: whole or not at all, each failure one line ----------------

@contextlib.contextmanager
def disk_full_after(size: int):
    """Writes beyond ``size`` bytes fail (EFBIG), as on a full disk: ``ulimit -f``."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    old = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, old)


@pytest.mark.parametrize("mode", ["replay", "card-replay"])
@pytest.mark.parametrize("write", ["save", "to_html"])
def test_a_save_that_fails_part_way_leaves_the_old_file_intact(mode, write, tmp_path):
    w = make(mode)
    path = tmp_path / "out"
    getattr(w, write)(path)
    before = path.read_bytes()
    w.annotate(3, text="a longer note " * 100)  # the new file would be larger
    with disk_full_after(len(before) // 2):
        with pytest.raises(WidgetError, match=r"not saved to .*out: .*old file is unchanged"):
            getattr(w, write)(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["out"]  # no temporary file left
    if write == "save":
        (Record if mode == "replay" else __import__("sorry_widget").CardRecord).load(path)


@pytest.mark.parametrize("mode", ["replay", "card-replay"])
@pytest.mark.parametrize("write", ["save", "to_html"])
@pytest.mark.parametrize("where, reason", [
    ("{tmp}", "it is a folder"),
    ("{tmp}/missing/x.json", "its folder does not exist"),
    ("/proc/x", "no file can be made in that folder"),
])
def test_a_file_that_cannot_be_written_is_one_line_naming_the_path(mode, write, where, reason,
                                                                    tmp_path):
    w = make(mode)
    path = where.format(tmp=tmp_path)
    with pytest.raises(WidgetError) as caught:
        getattr(w, write)(path)
    text = str(caught.value)
    assert f"not saved to {path}: {reason}" in text and "\n" not in text
    assert caught.value._render_traceback_() == [f"WidgetError: {text}"]


@pytest.mark.parametrize("widget", [SorryWidget, SorryCardWidget])
@pytest.mark.parametrize("where, words", [
    ("{tmp}", "record: {tmp} is a folder, not a file"),
    ("{tmp}/missing.json", "record: {tmp}/missing.json does not exist"),
    ("/proc/self/mem", "record: /proc/self/mem cannot be read"),
])
def test_a_record_that_cannot_be_read_is_one_line_naming_the_path(widget, where, words,
                                                                   tmp_path):
    with pytest.raises(WidgetError) as caught:
        widget(record=where.format(tmp=tmp_path))
    assert str(caught.value).startswith(words.format(tmp=tmp_path))
    assert "record: record:" not in str(caught.value)


# --- 4. two widgets on one record -----------------------------------------------------------

def test_two_widgets_on_one_record_each_keep_their_own_notes():
    record = finished_record.__wrapped__()  # its own, not the shared one
    record.annotate(1, text="given")
    first, second = SorryWidget(record=record), SorryWidget(record=record)
    listen(first), listen(second)
    first.annotate(5, text="made in the first")
    second._handle_custom_msg({"type": "annotate", "play": 2, "text": "made in the second"}, [])
    assert sorted(first.record.annotations) == sorted(map(int, first.annotations)) == [1, 5]
    assert sorted(second.record.annotations) == sorted(map(int, second.annotations)) == [1, 2]
    assert sorted(record.annotations) == [1]  # the record given is the caller's, untouched


def test_two_card_widgets_on_one_record_each_keep_their_own_notes():
    from support.widget_cases import card_record

    record = card_record.__wrapped__()
    first, second = SorryCardWidget(record=record), SorryCardWidget(record=record)
    first.annotate(2, "one")
    second.annotate(3, "two")
    assert first.record.notes == {2: "one"} and second.record.notes == {3: "two"}
    assert record.notes == {}


def test_a_live_games_widget_still_writes_its_notes_into_its_record(tmp_path):
    w = SorryWidget(Game(2, seed=1))
    w.step(4)
    w.annotate(3, text="here")
    w.save(tmp_path / "g.json")
    assert Record.load(tmp_path / "g.json").annotations[3].text == "here"


@pytest.mark.parametrize("arrows, squares, words", [
    ("ab", None, "arrows: a list of pairs of places"),
    (["ab"], None, "arrows[0]: an arrow is a pair of places (from, to), not 'ab'"),
    ([(1, 2, 3)], None, "arrows[0]: an arrow is a pair"),
    ([(1, {})], None, "{} is not a place"),
    (None, "12", "squares: a list of places, not '12'"),
    (None, [10 ** 5000], "a number of about 5000 digits is not a place"),
])
def test_a_bad_arrow_or_square_from_python_is_one_sentence(arrows, squares, words):
    w = make("replay")
    before = snapshot(w)
    with pytest.raises(WidgetError) as caught:
        w.annotate(3, arrows=arrows, squares=squares)
    assert words in str(caught.value) and snapshot(w) == before


@pytest.mark.parametrize("mode", ["replay", "card-replay"])
def test_a_play_number_too_long_to_print_is_still_one_sentence(mode):
    w = make(mode)
    for call in (lambda: w.goto(10 ** 5000), lambda: w.annotate(10 ** 5000, text="x")):
        with pytest.raises(WidgetError, match="about 5000 digits is out of range"):
            call()
    assert w.play == 0


# --- the review the page asks for -------------------------------------------------------------

def test_the_page_asks_for_a_review_of_a_replay_and_gets_one_however_often_it_asks():
    w = make("replay")
    reviews = []
    show_review = w.show_review
    w.show_review = lambda: reviews.append(1) or show_review()
    for _ in range(5):
        w._handle_custom_msg({"type": "review"}, [])
    assert len(reviews) == 1 and len(w.review["plays"]) == w.last_play
    assert errors(w) == []
    # A new game on the board: the old game's review no longer shows.
    w.new_game("classic", 2, ["red"])
    assert w.review == {}


@pytest.mark.parametrize("mode", ["game", "computer", "demo"])
def test_a_game_in_play_is_not_reviewed_for_the_page(mode):
    # (its review would tell the players the best moves of the game they are playing)
    w = make(mode)
    before = snapshot(w)
    w._handle_custom_msg({"type": "review"}, [])
    assert snapshot(w) == before and w.review == {}
    (text,) = errors(w)
    assert "finished game or a replay" in text


def test_a_finished_game_is_reviewed_for_the_page():
    game = Game(2, seed=8)
    game.run()
    w = SorryWidget(game)
    listen(w)
    w._handle_custom_msg({"type": "review"}, [])
    assert errors(w) == [] and len(w.review["plays"]) == w.last_play
