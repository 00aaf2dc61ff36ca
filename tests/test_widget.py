"""The widget's Python side: traits built from games, records and rule demos, the Python API,
notices, refusals that leave everything unchanged, and the size of what is synced."""

from __future__ import annotations

import json

import pytest

from conftest import pos, stacked_game
from sorry_widget import Game, Position, Record, SorryWidget, WidgetError


from sorry_widget.render.svg import THEMES
from sorry_widget.widget.widget import RECENT_PLAYS


@pytest.fixture(scope="module")
def finished_record() -> Record:
    game = Game(4, seed=7)
    game.run()
    return Record.from_game(game)


def all_plays(widget):
    return widget.plays + widget.recent_plays


@pytest.mark.parametrize("form", ["object", "dict", "path"])
def test_a_record_in_any_form_gives_one_entry_per_play(finished_record, form, tmp_path):
    source = {"object": finished_record, "dict": finished_record.to_dict()}.get(form)
    if form == "path":
        source = tmp_path / "game.json"
        finished_record.save(source)
        source = str(source)
    w = SorryWidget(record=source)
    assert w.mode == "replay" and w.last_play == len(finished_record.plays)
    for entry, play in zip(all_plays(w), finished_record.plays):
        assert (entry["notation"], entry["card"], entry["colour"], entry["turn"]) == \
            (play.move, play.card, play.colour, play.turn)
        assert entry["rules"] and entry["explanation"]
        assert bool(entry["motions"]) == (" pass" not in play.move)
    assert w.play == 0 and w.final == {"to_move": None, "winner": finished_record.winner}
    start = finished_record.replay()[0]
    assert w.start == {c: [f"{c}:start"] * 4 for c in start.colour_names}


def test_the_step_index_is_a_play_and_the_rules_turn_is_kept_apart():
    # A 2 draws again (C7): two plays, one turn.
    game = stacked_game(["2", "5", "3"], players=2, seed=1)
    w = SorryWidget(game)
    w.step(3)
    plays = all_plays(w)
    assert [p["card"] for p in plays] == ["2", "5", "3"]
    assert [p["turn"] for p in plays] == [1, 1, 2]
    assert w.play == 3 and "turn" not in w.keys
    assert "play 3 of 3 (turn 2)" in w.summary()


def test_goto_step_back_and_refusals_leave_the_play_alone(finished_record):
    w = SorryWidget(record=finished_record)
    assert w.goto(-1) == w.last_play
    assert w.back(3) == w.last_play - 3
    assert w.step() == w.last_play - 2
    with pytest.raises(WidgetError, match="out of range"):
        w.goto(w.last_play + 1)
    with pytest.raises(WidgetError, match="whole number"):
        w.goto("3")
    assert w.play == w.last_play - 2
    w.goto(-1)
    with pytest.raises(WidgetError, match="last play"):
        w.step()
    assert w.play == w.last_play


def test_a_bad_value_from_the_page_is_refused_with_an_error_notice(finished_record):
    w = SorryWidget(record=finished_record)
    sent = []
    w.send = lambda content, buffers=None: sent.append(content)
    w.goto(5)
    w.set_state({"play": 99999})
    assert w.play == 5
    assert sent[-1]["type"] == "notice" and sent[-1]["level"] == "error"
    assert "out of range" in sent[-1]["text"] == w.message
    w.set_state({"theme": "neon"})
    assert w.theme == "auto" and "neon" in w.message


def test_a_notice_is_an_event_never_part_of_the_saved_state():
    game = Game(2, seed=1)
    w = SorryWidget(game)
    w.step(2)
    sent = []
    w.send = lambda content, buffers=None: sent.append(content)
    w._handle_custom_msg({"type": "annotate", "play": 2, "text": "look", "arrows": [[1, 5]]}, [])
    assert sent == [{"type": "notice", "level": "ok", "text": "Note saved on play 2."}]
    state = w.get_state()
    assert "message" not in state and "Note saved" not in json.dumps(state)
    w._handle_custom_msg({"type": "hello"}, [])
    assert sent[-1] == {"type": "live"}


def test_a_live_game_without_people_advances_by_step():
    game = Game(2, seed=3)
    w = SorryWidget(game)
    assert w.last_play == 0 and not w.pending
    w.step(3)
    assert w.play == 3 == len(game.history)
    assert w.position == game.position


def test_a_move_resends_only_the_recent_plays():
    game = Game(4, seed=5, strategies={"red": None})
    w = SorryWidget(game, animate=False)
    changed = []
    w.observe(lambda change: changed.append(change["name"]), names=["plays", "recent_plays"])
    moves = 0
    while not game.finished and moves < 60:
        before = len(w.plays)
        w.move(w.pending["moves"][0]["notation"])
        moves += 1
        if len(w.plays) == before:
            assert "plays" not in changed, "a move re-sent the whole game"
        changed.clear()
        assert len(w.recent_plays) <= RECENT_PLAYS
    assert len(w.plays) > 0, "the recent plays joined the rest"
    assert [p["notation"] for p in all_plays(w)] == [p.move.notation for p in game.history]


def test_the_synced_state_is_at_most_twice_the_record(finished_record):
    w = SorryWidget(record=finished_record)
    state = {k: v for k, v in w.get_state().items()
             if k not in ("_esm", "_css", "drawing")}  # the module, styles and static drawing
    synced = len(json.dumps(state, separators=(",", ":")))
    record = len(json.dumps(finished_record.to_dict(), separators=(",", ":")))
    assert synced <= 2 * record, (synced, record)


def synced_bytes(widget) -> int:
    """What the kernel sends of a widget's state (as its JSON messages are written), less
    the module and styles, which anywidget sends alike for every widget, and the page's words
    (the strings trait), alike for every widget of a language (bounded on its own below)."""
    state = {k: v for k, v in widget.get_state().items()
             if k not in ("_esm", "_css", "strings")}
    return len(json.dumps(state, ensure_ascii=False).encode())


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_pages_words_are_the_same_for_every_widget_and_under_16_kB(language):
    demo = SorryWidget(position=pos(red=[10, 20, "start", "start"]), card="7",
                       example="R10-13 R20-24>28", language=language)
    game = SorryWidget(record=Record.from_game(Game(2, seed=1)), language=language)
    assert demo.strings == game.strings
    assert len(json.dumps(demo.get_state()["strings"], ensure_ascii=False).encode()) <= 16 * 1024


def compact_bytes(record: Record) -> int:
    return len(json.dumps(record.to_dict(), separators=(",", ":")).encode())


def test_a_long_replay_with_its_drawing_is_within_twice_its_record_plus_64_kB():
    game = Game(4, seed=2026)
    game.run()
    record = Record.from_game(game)
    assert len(record.plays) > 250
    w = SorryWidget(record=record)
    assert synced_bytes(w) <= 2 * compact_bytes(record) + 64 * 1024, \
        (synced_bytes(w), compact_bytes(record))


def test_a_rule_demo_with_its_drawing_is_within_twice_its_record_plus_64_kB():
    demo = SorryWidget(position=pos(red=[10, 20, "start", "start"]), card="7",
                       example="R10-13 R20-24>28")
    assert synced_bytes(demo) <= 2 * compact_bytes(demo.record) + 64 * 1024, \
        (synced_bytes(demo), compact_bytes(demo.record))


def test_the_rule_badges_carry_the_full_text_of_each_rule_the_plays_cite():
    """Issue 24: each badge reads in full with no file outside the package; only the rules the
    plays cite travel, each added when a play first cites it."""
    from sorry_widget.board.rulebook import RULE_SUMMARIES, RULE_TEXTS, rule_link

    def cited(w):
        return {rule for play in w.plays + w.recent_plays for rule in play["rules"]}

    game = Game(4, seed=21)
    game.run()
    w = SorryWidget(record=Record.from_game(game))
    assert set(w.rule_texts) == cited(w) and "C7" in w.rule_texts
    for rule, badge in w.rule_texts.items():
        assert badge == {"summary": RULE_SUMMARIES[rule], "title": RULE_TEXTS[rule]["title"],
                         "text": RULE_TEXTS[rule]["text"],
                         "link": rule_link(rule)}
    live = SorryWidget(Game(4, seed=3))
    assert live.rule_texts == {}
    while not {"C1", "C7"} & cited(live):
        live.step()
    assert set(live.rule_texts) == cited(live)


def human_game(seed=0):
    start = pos(red=[8, 20, "start", "start"], yellow=[33, "start", "start", "start"])
    return Game(start=start, seed=seed, strategies={"red": None, "yellow": "random"})


def test_play_mode_offers_the_drawn_cards_moves_with_their_clicks():
    game = human_game()
    w = SorryWidget(game)
    assert w.humans == ["red"] and w.pending["colour"] == "red"
    assert w.pending["play"] == w.last_play == 0
    assert [m["notation"] for m in w.pending["moves"]] == \
        [m.notation for m in game.legal_moves()]
    for m in w.pending["moves"]:
        if m["kind"] != "forfeit":
            assert len(m["clicks"]) in (2, 4) and all(m["clicks"])


def test_a_person_moves_then_the_computer_answers():
    game = human_game(seed=4)
    w = SorryWidget(game)
    choice = w.pending["moves"][0]["notation"]
    w.move(choice)
    assert game.history[0].move.notation == choice
    assert w.play == w.last_play == len(game.history)
    assert game.finished or game.colour_to_move == "red"
    assert w.position == game.position


def test_an_illegal_move_is_refused_and_nothing_changes():
    game = human_game(seed=4)
    w = SorryWidget(game)
    before = (len(game.history), game.position, json.dumps(w.get_state()), w.play)
    with pytest.raises(WidgetError, match="not a legal move"):
        w.move("R8-9999")
    w._handle_custom_msg({"type": "move", "notation": "R1-2"}, [])
    assert "not a legal move" in w.message and w.message_level == "error"
    assert (len(game.history), game.position, json.dumps(w.get_state()), w.play) == before


def test_an_illegal_try_on_the_board_is_explained_by_the_engine():
    start = pos(red=[8, "start", "start", "start"], yellow=[33, "start", "start", "start"])
    w = SorryWidget(Game(start=start, seed=0, strategies={"red": None}), card="7")
    w._handle_custom_msg({"type": "try", "clicks": ["red:start", "4"]}, [])
    assert "C8" in w.message and "start" in w.message.lower()
    w._handle_custom_msg({"type": "try", "clicks": ["33", "40"]}, [])
    assert "Yellow's" in w.message
    assert len(w.game.history) == 0


def test_a_split_seven_completed_by_the_page_is_said_in_a_notice():
    start = pos(red=[8, 20, "start", "start"], yellow=[50, "start", "start", "start"])
    w = SorryWidget(Game(start=start, seed=0, strategies={"red": None}), card="7")
    w._handle_custom_msg({"type": "move", "notation": "R8-11 R20-24>28",
                          "completed": "R20-24>28"}, [])
    assert w.message_level == "info" and "made for you: R20-24>28" in w.message


def test_annotations_are_kept_in_the_record_and_survive_saving(finished_record, tmp_path):
    w = SorryWidget(record=Record.from_dict(finished_record.to_dict()))
    w.annotate(4, text="Red should have split the 7", arrows=[(12, "red:safety-2")],
               squares=[12, "blue:start"])
    assert w.annotations["4"] == {"text": "Red should have split the 7",
                                  "arrows": [["12", "red:safety-2"]],
                                  "squares": ["12", "blue:start"]}
    path = tmp_path / "annotated.json"
    w.save(path)
    again = SorryWidget(record=str(path))
    assert again.annotations["4"] == w.annotations["4"]
    assert again.record.annotations[4].arrows == [(12, "red:safety-2")]
    with pytest.raises(WidgetError, match="not a place"):
        w.annotate(4, squares=[99])
    with pytest.raises(WidgetError, match="out of range"):
        w.annotate(10_000, text="x")
    with pytest.raises(WidgetError, match="at most 2,000"):
        w.annotate(4, text="x" * 2001)
    assert w.annotations["4"]["squares"] == ["12", "blue:start"]
    w.annotate(4, text="Only the text changes")
    assert w.record.annotations[4].squares == [12, "blue:start"]


def test_annotations_of_a_live_game_go_into_its_record():
    game = Game(2, seed=1)
    w = SorryWidget(game)
    w.step(2)
    w._handle_custom_msg({"type": "annotate", "play": 2, "text": "look", "arrows": [[1, 5]]}, [])
    assert w.record.annotations[2].text == "look"
    assert w.record.annotations[2].arrows == [(1, 5)]


def test_one_drawing_serves_both_themes():
    w = SorryWidget(Game(2, seed=1))
    drawing = json.dumps(w.drawing)
    w.theme = "dark"
    assert json.dumps(w.drawing) == drawing, "a theme is a look, not a second drawing"
    colours = w.drawing["themes"]
    assert colours["dark"]["colours"]["red"] != colours["light"]["colours"]["red"]
    # The drawing is light as it stands; the page's dark CSS repaints its themed colours.
    dark_background = THEMES["dark"].background
    assert dark_background not in w.drawing["board"]
    assert f".sbf-background){{fill:{dark_background}}}" in w.drawing["dark_css"]


def test_bad_construction_is_refused():
    with pytest.raises(WidgetError, match="does not exist"):
        SorryWidget(record="/nonexistent/game.json")
    with pytest.raises(WidgetError, match="not game and record"):
        SorryWidget(game=Game(2), record={})
    with pytest.raises(WidgetError, match="'purple' is not playing"):
        SorryWidget(Game(2), humans=["purple"])
    with pytest.raises(WidgetError, match="options.deck"):
        SorryWidget(record={**Record.from_game(Game(2, seed=1)).to_dict(),
                            "options": {"deck": 5}})


def test_the_mime_bundle_carries_a_picture_and_a_sentence(finished_record):
    w = SorryWidget(record=finished_record)
    w.goto(12)
    data, _ = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["image/svg+xml"].startswith("<svg") and 'class="pawn' in data["image/svg+xml"]
    assert "object at 0x" not in data["text/plain"]
    assert data["text/plain"].startswith("Sorry! board (replay)") and "play 12 of" in \
        data["text/plain"]


def test_a_lesson_chooses_the_card_the_person_holds():
    start = pos(red=[8, "start", "start", "start"], yellow=[33, "start", "start", "start"])
    game = Game(start=start, seed=1, strategies=None)
    w = SorryWidget(game, card="7")
    assert w.pending["card"] == "7" and game.card == 7
    assert {m["notation"] for m in w.pending["moves"]} == {"R8-15"}
    assert game.pile.counts()[7] == 3  # taken out of the real deck
    with pytest.raises(WidgetError, match="played by the computer"):
        SorryWidget(Game(start=start, seed=1), card="7")
    with pytest.raises(WidgetError, match="'nine' is not a Sorry! card"):
        SorryWidget(Game(start=start, seed=1, strategies=None), card="nine")


def test_a_refused_widget_leaves_the_game_untouched():
    start = pos(red=[8, "start", "start", "start"], yellow=[33, "start", "start", "start"])
    game = Game(start=start, seed=1, strategies={"yellow": "random"})
    with pytest.raises(Exception, match="size"):
        SorryWidget(game, humans=["red"], card="7", size=5)
    assert game.card is None and game.strategies["red"] is not None


# --- rule demos -----------------------------------------------------------------------------

SPLIT = pos(red=[10, 13, "home", "home"], blue=["start"] * 4)


def test_a_demo_stays_on_its_position_and_card():
    w = SorryWidget(position=SPLIT, card="7", example="R10-11 R13-19")
    assert (w.mode, w.play, w.last_play) == ("demo", 0, 1)
    assert w.pending == {**w.pending, "play": 0, "card": "7", "colour": "red"}
    assert w.plays[0]["notation"] == "R10-11 R13-19"
    assert w.position == SPLIT and w.final == {"to_move": None, "winner": None}
    w.goto(1)  # "Show the move": the example, then back
    assert w.position.pawns == SPLIT.legal_moves("7")[2].result.pawns
    w.goto(0)
    assert w.pending["play"] == 0


def test_a_student_tries_a_move_then_resets_and_tries_again():
    w = SorryWidget(position=SPLIT, card="7")
    w.move("R13-20")
    assert (w.play, w.plays[0]["notation"], w.pending) == (1, "R13-20", {})
    with pytest.raises(WidgetError, match="reset"):
        w.move("R10-17")
    with pytest.raises(WidgetError, match="ends after its one move"):
        w.step()
    w._handle_custom_msg({"type": "reset"}, [])
    assert (w.play, w.plays[0]["notation"], w.pending["card"]) == (0, "R10-17", "7")
    w.move("R10-17")
    w._handle_custom_msg({"type": "show"}, [])
    assert (w.play, w.plays[0]["notation"]) == (1, "R10-17")
    assert len(w.record.plays) == 0 or w.record.plays[0].move == "R10-17"


def test_a_demo_refuses_what_does_not_fit():
    with pytest.raises(WidgetError, match="a demo needs the card"):
        SorryWidget(position=SPLIT)
    with pytest.raises(WidgetError, match="'R10-12' is not a legal move with a 7"):
        SorryWidget(position=SPLIT, card="7", example="R10-12")
    with pytest.raises(WidgetError, match="not game and position"):
        SorryWidget(Game(2), position=SPLIT, card="7")
    with pytest.raises(WidgetError, match="belongs to a rule demo"):
        SorryWidget(Game(2)).reset()


def test_a_start_pawn_clicked_with_a_10_is_refused_with_rule_c1():
    """Issue 21, point 19: the refusal names the rule, not "has no legal move"."""
    start = Position({"red": ["start", 30, "start", "start"], "blue": [20] + ["start"] * 3},
                     to_move="red")
    w = SorryWidget(Game(start=start, seed=0, strategies={"red": None}), card="10")
    said = w.explain_try(["red:start"])
    assert said.startswith("Not allowed: a 10 cannot start a pawn: only a 1 or a 2 starts one "
                           "(C1), or a Sorry! onto an opponent's pawn (C11). Legal: "), said
    assert "no legal move" not in said


def test_no_full_stop_after_a_sorry_cards_own_exclamation_mark():
    """Issue 21, point 19: "… with a Sorry!." was a double stop."""
    start = Position({"red": ["start", 30, "start", "start"], "blue": [20] + ["start"] * 3},
                     to_move="red")
    w = SorryWidget(Game(start=start, seed=0, strategies={"red": None}), card="sorry")
    assert w.summary().endswith("red to move with a Sorry!"), w.summary()
    w = SorryWidget(Game(start=start, seed=0, strategies={"red": None}), card="10")
    assert w.summary().endswith("red to move with a 10."), w.summary()
