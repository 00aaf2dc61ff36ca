"""``sorry-record/1``: replay from the record alone, byte-identical round trips, annotations,
and corrupt or inconsistent records refused with the play number and the reason."""

from __future__ import annotations

import json
import re

import pytest
from conftest import pos

from sorry_widget.board.game import Game
from sorry_widget.board.record import Record, RecordError


@pytest.fixture(scope="module")
def game():
    g = Game(players=3, seed=11, strategies=["random", "greedy", "random"])
    g.run()
    return g


@pytest.fixture
def data(game):
    return json.loads(Record.from_game(game).to_json())


def test_record_holds_rules_players_seed_and_every_play(game, data):
    assert data["format"] == "sorry-record/1"
    assert data["rules"] == "classic"
    assert data["seed"] == 11
    assert [p["colour"] for p in data["players"]] == ["red", "blue", "yellow"]
    assert [p["strategy"] for p in data["players"]] == ["random", "greedy", "random"]
    assert len(data["plays"]) == game.cards_played
    first = data["plays"][0]
    assert set(first) == {"turn", "colour", "card", "move", "events"}
    assert data["result"] == {"winner": game.winner}


def test_replay_uses_the_record_not_the_seed(game, data):
    data["seed"] = "something else entirely"
    record = Record.from_dict(data)
    assert record.replay()[1:] == game.positions()[1:]
    assert record.replay()[-1].winner() == game.winner


def test_load_replay_save_is_byte_identical(game, tmp_path):
    path = tmp_path / "game.json"
    Record.from_game(game).save(path)
    original = path.read_bytes()
    record = Record.load(path)
    record.replay()
    again = tmp_path / "again.json"
    record.save(again)
    assert again.read_bytes() == original


def test_annotations_round_trip_and_survive_reload(game, tmp_path):
    record = Record.from_game(game)
    record.annotate(0, text="Everyone starts in START.")
    record.annotate(5, text="A bump!", arrows=[[12, 17]], squares=[17, "red:safety-2"])
    record.annotate(5, squares=[17])  # changes only the squares
    path = tmp_path / "annotated.json"
    record.save(path)
    loaded = Record.load(path)
    assert loaded.annotations[5].text == "A bump!"
    assert loaded.annotations[5].squares == [17]
    assert loaded.annotations[5].arrows == [(12, 17)]
    assert loaded.annotations[0].text.startswith("Everyone")
    assert loaded.to_json() == path.read_text()
    loaded.annotate(0, text="", arrows=[], squares=[])
    assert 0 not in loaded.annotations


@pytest.mark.parametrize("bad,match", [
    ({"play": 10_000, "text": "x"}, "play must be 0"),
    ({"play": 1, "text": 3}, "text must be a string"),
    ({"play": 1, "arrows": [[1]]}, "arrows"),
    ({"play": 1, "squares": [60]}, "squares"),
    ({"play": 1, "squares": ["purple:home"]}, "colour"),
    ({"play": 1, "colour": "red"}, "unknown key"),
])
def test_bad_annotations_are_refused(data, bad, match):
    data["annotations"] = [bad]
    with pytest.raises(RecordError, match=match):
        Record.from_dict(data)


def test_annotate_refuses_bad_values_and_keeps_the_old_one(game):
    record = Record.from_game(game)
    record.annotate(3, text="kept")
    with pytest.raises(RecordError):
        record.annotate(3, squares=[99])
    assert record.annotations[3].squares == [] and record.annotations[3].text == "kept"


def _find(data, predicate):
    return next(i for i, p in enumerate(data["plays"]) if predicate(p))


def test_an_illegal_move_is_refused_with_the_play_number(data):
    i = _find(data, lambda p: p["move"].endswith("pass") and p["card"] == "5")
    data["plays"][i]["move"] = "R12-17"
    with pytest.raises(RecordError, match=rf"^play {i + 1} \(turn \d+\): 'R12-17' is not a legal"):
        Record.from_dict(data)


def test_a_card_not_in_the_deck_is_refused(data):
    data["plays"][0]["card"] = "6"
    with pytest.raises(RecordError, match=r"^play 1 .*'6' is not a Sorry! card"):
        Record.from_dict(data)


def test_more_copies_of_a_card_than_the_deck_holds_are_refused():
    # The first 45 cards are one shuffle of the 45-card deck, so a sixth 1 cannot be among them.
    # Take a game whose fifth 1 comes early enough to have another card after it in that shuffle.
    for seed in range(100):
        g = Game(players=2, seed=seed)
        g.run()
        data = json.loads(Record.from_game(g).to_json())
        ones = [i for i, p in enumerate(data["plays"][:45]) if p["card"] == "1"]
        later = [i for i, p in enumerate(data["plays"][:45]) if p["card"] != "1" and i > ones[-1]]
        if later:
            break
    fake = later[0]
    data["plays"][fake]["card"] = "1"
    with pytest.raises(RecordError, match=rf"^play {fake + 1} \(turn \d+\): a 1 is not in the deck"):
        Record.from_dict(data)


def test_wrong_mover_wrong_turn_wrong_events_wrong_winner_are_refused(data):
    for mutate, match in [
        (lambda d: d["plays"][1].__setitem__("colour", "green"), "not green's|it is"),
        (lambda d: d["plays"][1].__setitem__("turn", 7), "turn should be"),
        (lambda d: d["plays"][3].__setitem__("events", []), "events do not match"),
        (lambda d: d["result"].__setitem__("winner", "purple"), "result.winner"),
        (lambda d: d.__setitem__("format", "sorry-record/9"), "format"),
        (lambda d: d.__setitem__("rules", "checkers"), "rules"),
        (lambda d: d["start"]["pawns"].__setitem__("red", [1, 1, "start", "start"]),
         "start.pawns.red"),
        (lambda d: d.__setitem__("surprise", 1), "surprise"),
        (lambda d: d.pop("plays"), "plays: missing"),
    ]:
        broken = json.loads(json.dumps(data))
        mutate(broken)
        with pytest.raises(RecordError, match=match):
            Record.from_dict(broken)


def test_plays_after_the_win_are_refused(data):
    data["plays"].append(dict(data["plays"][-1]))
    with pytest.raises(RecordError, match="already won"):
        Record.from_dict(data)


def test_corrupt_json_is_refused(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"format": "sorry-record/1", "plays": [')
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.load(path)


def test_a_game_from_a_custom_start_records_and_replays():
    start = pos(red=["safety-4", 20, "start", "start"], yellow=[10, 11, 12, 13])
    game = Game(start=start, seed=3)
    game.run()
    record = Record.from_json(Record.from_game(game).to_json())
    assert record.start == start
    assert record.replay() == game.positions()


def test_a_game_without_history_cannot_be_recorded():
    game = Game(players=2, seed=1, keep_history=False)
    game.step()
    with pytest.raises(RecordError, match="no history"):
        Record.from_game(game)


# --- limits and typed fields (a record is input from anywhere) -------------------------------

from sorry_widget.board.record import MAX_NOTE_CHARS, MAX_RECORD_BYTES  # noqa: E402


def small_record() -> dict:
    game = Game(2, seed=1)
    for _ in range(6):
        game.step()
    return Record.from_game(game).to_dict()


@pytest.mark.parametrize("change, message", [
    (lambda d: d["annotations"].append({"play": 1, "text": "x" * (MAX_NOTE_CHARS + 1)}),
     "a note holds at most 2,000"),
    (lambda d: d["annotations"].extend([{"play": 2, "text": "a"}, {"play": 2, "text": "b"}]),
     "a second note on play 2"),
    (lambda d: d["annotations"].append({"play": 1, "arrows": [[1, 2]] * 25}),
     "25 arrows; a note holds at most 24"),
    (lambda d: d["annotations"].append({"play": 1, "squares": list(range(41))}),
     "41 marked squares"),
    (lambda d: d["plays"][0].update(turn=True), "play 1: turn must be a whole number, not True"),
    (lambda d: d["plays"][0].update(turn=1.0), "play 1: turn must be a whole number, not 1.0"),
    (lambda d: d["options"].update(deck=5), "options.deck: 5 is not a deck"),
    (lambda d: d["options"].update(two_draws_again="yes"), "options.two_draws_again: must be "
                                                           "true or false"),
    (lambda d: d["options"].update(speed=3), "options.speed: not a rule option"),
])
def test_a_record_past_its_limits_is_refused_naming_the_field(change, message):
    data = small_record()
    change(data)
    with pytest.raises(RecordError, match=re.escape(message)):
        Record.from_dict(data)


def test_a_huge_record_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.json"
    path.write_text(" " * (MAX_RECORD_BYTES + 10))
    with pytest.raises(RecordError, match="larger than 5,000,000 bytes"):
        Record.load(path)
    with pytest.raises(RecordError, match="more than 5,000,000 bytes"):
        Record.from_json(path.read_text())


def test_errors_read_as_one_sentence_in_a_notebook():
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    with capture_output() as captured:
        shell.run_cell("from sorry_widget import Record\n"
                       "Record.from_dict({'format': 'sorry-record/1'})")
    lines = [line for line in captured.stdout.splitlines() if line.strip()]
    assert lines == ["RecordError: rules: missing"], captured.stdout
