"""The widget's Python side: traits built from games and records, the Python API, and refusals
that leave everything unchanged."""

from __future__ import annotations

import json

import pytest

from conftest import pos
from sorry_widget import Game, Record, SorryWidget, WidgetError
from sorry_widget.render.geometry import place_key


@pytest.fixture(scope="module")
def finished_record() -> Record:
    game = Game(4, seed=7)
    game.run()
    return Record.from_game(game)


def frame_positions(widget):
    return [f["pawns"] for f in widget.frames]


def expected(position):
    return {c: [place_key(c, loc) for loc in locs]
            for c, locs in zip(position.colour_names, position.pawns)}


@pytest.mark.parametrize("form", ["object", "dict", "path"])
def test_a_record_in_any_form_gives_one_frame_per_play(finished_record, form, tmp_path):
    source = {"object": finished_record, "dict": finished_record.to_dict()}.get(form)
    if form == "path":
        source = tmp_path / "game.json"
        finished_record.save(source)
        source = str(source)
    w = SorryWidget(record=source)
    positions = finished_record.replay()
    assert len(w.frames) == len(positions) == len(finished_record.plays) + 1
    assert frame_positions(w) == [expected(p) for p in positions]
    for frame, play in zip(w.frames[1:], finished_record.plays):
        assert frame["notation"] == play.move and frame["card"] == play.card
        assert frame["rules"] and frame["explanation"]
    assert w.turn == 0 and w.frames[-1]["winner"] == finished_record.winner


def test_goto_step_back_and_refusals_leave_the_turn_alone(finished_record):
    w = SorryWidget(record=finished_record)
    assert w.goto(-1) == w.last_turn
    assert w.back(3) == w.last_turn - 3
    assert w.step() == w.last_turn - 2
    with pytest.raises(WidgetError, match="out of range"):
        w.goto(w.last_turn + 1)
    with pytest.raises(WidgetError, match="integer"):
        w.goto("3")
    assert w.turn == w.last_turn - 2
    w.goto(-1)
    with pytest.raises(WidgetError, match="last turn"):
        w.step()
    assert w.turn == w.last_turn


def test_a_bad_turn_from_the_browser_is_refused_with_a_message(finished_record):
    w = SorryWidget(record=finished_record)
    w.goto(5)
    w.set_state({"turn": 99999})
    assert w.turn == 5
    assert "out of range" in w.message
    w.set_state({"theme": "neon"})
    assert w.theme == "light" and "neon" in w.message


def test_a_live_game_without_people_advances_by_step():
    game = Game(2, seed=3)
    w = SorryWidget(game)
    assert w.last_turn == 0 and not w.legal
    w.step(3)
    assert w.turn == 3 == len(game.history)
    assert w.frames[3]["pawns"] == expected(game.position)


def human_game(seed=0):
    start = pos(red=[8, 20, "start", "start"], yellow=[33, "start", "start", "start"])
    return Game(start=start, seed=seed, strategies={"red": None, "yellow": "random"})


def test_play_mode_offers_the_drawn_cards_moves_with_their_clicks():
    game = human_game()
    w = SorryWidget(game)
    assert w.humans == ["red"] and w.drawn
    assert [m["notation"] for m in w.legal] == [m.notation for m in game.legal_moves()]
    for m in w.legal:
        if m["kind"] != "forfeit":
            assert len(m["clicks"]) in (2, 4) and all(m["clicks"])


def test_a_person_moves_then_the_computer_answers():
    game = human_game(seed=4)
    w = SorryWidget(game)
    choice = w.legal[0]["notation"]
    w.move(choice)
    assert game.history[0].move.notation == choice
    assert w.turn == w.last_turn == len(game.history)
    assert game.finished or game.colour_to_move == "red"
    assert w.frames[-1]["pawns"] == expected(game.position)


def test_an_illegal_move_is_refused_and_nothing_changes():
    game = human_game(seed=4)
    w = SorryWidget(game)
    before = (len(game.history), game.position, json.dumps(w.frames), w.turn)
    with pytest.raises(WidgetError, match="not a legal move"):
        w.move("R8-9999")
    w._handle_custom_msg({"type": "move", "notation": "R1-2"}, [])
    assert "not a legal move" in w.message
    assert (len(game.history), game.position, json.dumps(w.frames), w.turn) == before


def test_an_illegal_try_on_the_board_is_explained_by_the_engine():
    start = pos(red=[8, "start", "start", "start"], yellow=[33, "start", "start", "start"])
    game = Game(start=start, seed=0, strategies={"red": None})
    while game.draw() != 7:  # a 7 cannot start a pawn (C8)
        game = Game(start=start, seed=game.seed + 1, strategies={"red": None})
    w = SorryWidget(game)
    w._handle_custom_msg({"type": "try", "clicks": ["red:start", "4"]}, [])
    assert "C8" in w.message and "start" in w.message.lower()
    w._handle_custom_msg({"type": "try", "clicks": ["33", "40"]}, [])
    assert "Yellow's" in w.message
    assert len(game.history) == 0


def test_annotations_are_kept_in_the_record_and_survive_saving(finished_record, tmp_path):
    w = SorryWidget(record=Record.from_dict(finished_record.to_dict()))
    w.annotate(4, text="Red should have split the 7", arrows=[(12, "red:safety-2")],
               squares=[12, "blue:start"])
    assert w.annotations["4"]["text"] == "Red should have split the 7"
    assert 'class="arrow"' in w.annotations["4"]["svg"]
    path = tmp_path / "annotated.json"
    w.save(path)
    again = SorryWidget(record=str(path))
    assert again.annotations["4"]["arrows"] == [[12, "red:safety-2"]]
    assert again.annotations["4"]["squares"] == [12, "blue:start"]
    with pytest.raises(WidgetError, match="not a place"):
        w.annotate(4, squares=[99])
    with pytest.raises(WidgetError, match="out of range"):
        w.annotate(10_000, text="x")
    assert w.annotations["4"]["squares"] == [12, "blue:start"]


def test_annotations_of_a_live_game_go_into_its_record():
    game = Game(2, seed=1)
    w = SorryWidget(game)
    w.step(2)
    w._handle_custom_msg({"type": "annotate", "turn": 2, "text": "look", "arrows": [[1, 5]]}, [])
    assert w.record.annotations[2].text == "look"
    assert w.record.annotations[2].arrows == [(1, 5)]


def test_theme_change_redraws_the_board_and_frames():
    w = SorryWidget(Game(2, seed=1))
    while not w.frames[-1].get("motions"):
        w.step()
    light_board, light_trail = w.board, w.frames[-1]["trail"]
    w.theme = "dark"
    assert w.board != light_board and "theme-dark" in w.board
    assert w.frames[-1]["trail"] != light_trail and "last-move" in light_trail


def test_bad_construction_is_refused():
    with pytest.raises(WidgetError, match="no such file"):
        SorryWidget(record="/nonexistent/game.json")
    with pytest.raises(WidgetError, match="not both"):
        SorryWidget(game=Game(2), record={})
    with pytest.raises(WidgetError, match="'purple' is not playing"):
        SorryWidget(Game(2), humans=["purple"])


def test_to_html_writes_a_page_with_the_module_and_every_frame(finished_record, tmp_path):
    w = SorryWidget(record=finished_record)
    path = tmp_path / "replay.html"
    w.to_html(path)
    html = path.read_text()
    assert "application/vnd.jupyter.widget-state+json" in html
    assert "export default { render }" in html  # the ES module travels with the page
    assert finished_record.plays[-1].move in html


def test_a_lesson_chooses_the_card_the_person_holds():
    start = pos(red=[8, "start", "start", "start"], yellow=[33, "start", "start", "start"])
    game = Game(start=start, seed=1, strategies=None)
    w = SorryWidget(game, card="7")
    assert w.drawn == "7" and game.card == 7
    assert {m["notation"] for m in w.legal} == {"R8-15"}
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
