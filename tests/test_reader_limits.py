"""The engine's readers on the inputs issue 22 found crashing, accepted or eating memory: each
is now one error of the reader's own type that names the field (docs/limits.md)."""

from __future__ import annotations

import copy
import json
import tracemalloc

import pytest

from sorry_widget import CardGame, CardGameError, CardRecord, Game, Position, Record, RecordError
from sorry_widget.cardgame.cards import MAX_DECK_CARDS, read_deck
from sorry_widget.cardgame.state import CardState
from sorry_widget.board.state import PositionError


@pytest.fixture(scope="module")
def board():
    game = Game(2, seed=5)
    game.run()
    return Record.from_game(game).to_dict()


@pytest.fixture(scope="module")
def points():
    game = Game(2, rules="play-for-points-1992", seed=2)
    game.run()
    return Record.from_game(game).to_dict()


@pytest.fixture(scope="module")
def cards():
    game = CardGame(2, seed=3)
    game.run()
    return game.record().to_dict()


@pytest.fixture(scope="module")
def state():
    return CardGame(3, seed=1).state.to_dict()


def refused(error, call, words):
    """``call`` raises ``error`` (and nothing else), with a message that prints."""
    with pytest.raises(error) as caught:
        call()
    message = str(caught.value)
    message.encode("utf-8")  # a lone surrogate in a message would crash its printing
    assert words in message, message
    assert len(message) < 600, message
    return message


# --- 1: a few bytes that would use all memory ---------------------------------------------

@pytest.mark.parametrize("count", [10 ** 12, 10 ** 30, MAX_DECK_CARDS + 1])
def test_a_huge_deck_count_is_refused_before_a_card_is_built(count):
    tracemalloc.start()
    try:
        refused(CardGameError, lambda: read_deck({"1": count}), "deck.1: ")
        refused(CardGameError, lambda: read_deck({"1": MAX_DECK_CARDS, "2": count}), "deck.2: ")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def test_a_deck_file_with_a_huge_count_is_one_line(tmp_path):
    from support.commands import cli

    deck = tmp_path / "deck.json"
    deck.write_text('{"1": 1000000000000}')
    proc = cli(["cardgame", "simulate", "--games", "2", "--deck", str(deck)], timeout=30)
    out = (proc.stdout + proc.stderr).decode()
    assert proc.returncode != 0 and "most a deck may hold" in out and "Traceback" not in out


def test_a_card_record_with_a_huge_deck_count_is_refused(cards):
    data = copy.deepcopy(cards)
    data["deck"]["1"] = 10 ** 30
    refused(CardGameError, lambda: CardRecord.from_dict(data), "deck.1: ")


def test_long_piles_lists_and_counts_are_refused_by_length(state, cards):
    big = dict(state, draw_pile=["1"] * (MAX_DECK_CARDS + 1))
    refused(CardGameError, lambda: CardState.from_dict(big), "draw_pile: 10,001 cards")
    hand = copy.deepcopy(state)
    hand["players"][0]["hand"] = ["1"] * 1000
    refused(CardGameError, lambda: CardState.from_dict(hand), "players[0].hand: 1,000 cards")
    for key, value, words in [
        ("refills", [["1"]] * 5000, "refills: 5,000 refills"),
        ("notes", [{"action": 0, "text": "x"}] * 1001, "notes: 1,001 notes"),
        ("deck_order", ["1"] * 200, "deck_order: 200 cards, more than the deck's"),
        ("actions", ["red 1"] * 20_001, "actions: 20,001 actions"),
    ]:
        refused(CardGameError, lambda key=key, value=value: CardRecord.from_dict(dict(cards, **{key: value})), words)


def test_a_long_high_card_draw_is_refused(board):
    data = Game(2, rules="original-1934", seed=1)
    data.run()
    record = Record.from_game(data).to_dict()
    record["leader_draws"] = [[["red", "5"], ["yellow", "5"]]] * 100_000
    refused(RecordError, lambda: Record.from_dict(record), "leader_draws: 100,000 rounds")


# --- 2: input that crashed instead of being refused ----------------------------------------

@pytest.mark.parametrize("where", ["key", "option", "colour", "rules"])
def test_a_lone_surrogate_anywhere_in_a_dict_is_one_printable_error(board, where):
    data = copy.deepcopy(board)
    if where == "key":
        data["\ud800"] = 1
    elif where == "option":
        data["options"]["\udc00"] = True
    elif where == "colour":
        data["start"]["pawns"]["\ud83d"] = ["start"] * 4
    else:
        data["rules"] = "classic\ud800"
    message = refused(RecordError, lambda: Record.from_dict(data), "lone surrogate")
    assert message.startswith("record")


def test_a_position_dict_is_checked_as_its_json_would_be():
    good = Position.initial(2).to_dict()
    for key, value, words in [
        ("to_move", "\ud800", "position.to_move: a text holds a lone surrogate"),
        ("to_move", 10 ** 5000, "position.to_move: a number of more than 39 digits"),
        ("to_move", float("nan"), "position.to_move: nan is not a JSON number"),
        ("to_move", {1: 2}, "position.to_move: a key of type int"),
        ("to_move", object(), "position.to_move: a object is not a value JSON can hold"),
    ]:
        refused(PositionError, lambda key=key, value=value: Position.from_dict(dict(good, **{key: value})), words)
    red = dict(good, pawns={"red": [10 ** 5000] * 4, "yellow": ["start"] * 4})
    refused(PositionError, lambda: Position.from_dict(red), "position.pawns.red[3]: a number")


@pytest.mark.parametrize("seed, words", [
    ("\ud800", "lone surrogate"),
    ([1, 2], "seed: must be a whole number or a text, not [1, 2]"),
    (1.5, "seed: must be a whole number or a text, not 1.5"),
    (10 ** 25, "seed: a whole number of at most 20 digits"),
    ("x" * 101, "seed: a text of 101 characters"),
    (True, "seed: must be a whole number or a text, not True"),
])
def test_seeds_are_whole_numbers_or_short_texts(board, cards, seed, words):
    refused(RecordError, lambda: Record.from_dict(dict(board, seed=seed)), words)
    refused(CardGameError, lambda: CardRecord.from_dict(dict(cards, seed=seed)), words)


def test_a_nan_seed_is_refused_not_written_back(board):
    refused(RecordError, lambda: Record.from_dict(dict(board, seed=float("nan"))),
            "record.seed: nan is not a JSON number")
    for seed in (None, 7, "lesson 3"):
        assert Record.from_dict(dict(board, seed=seed)).to_dict()["seed"] == seed


def test_a_float_direction_is_refused(state):
    refused(CardGameError, lambda: CardState.from_dict(dict(state, direction=1.0)),
            "direction: must be 1 (seat order) or -1, not 1.0")


def test_play_for_points_colour_and_drawn_are_checked(points):
    data = copy.deepcopy(points)
    data["plays"][0]["colour"] = "purple"
    refused(RecordError, lambda: Record.from_dict(data), "play 1: colour 'purple'")
    data = copy.deepcopy(points)
    data["plays"][0]["drawn"] = ["6"]
    refused(RecordError, lambda: Record.from_dict(data), "play 1: drawn[0]: '6' is not a")
    data["plays"][0]["drawn"] = ["1"] * 6
    refused(RecordError, lambda: Record.from_dict(data), "play 1: drawn must be a list")


# --- 3: accepted when it should have been refused ------------------------------------------

@pytest.mark.parametrize("name", [" 12!! ", "Sorry!", "SORRY", 7])
def test_a_files_card_names_must_be_the_formats_names(board, points, name):
    data = copy.deepcopy(board)
    data["plays"][0]["card"] = name
    refused(RecordError if isinstance(name, str) else RecordError,
            lambda: Record.from_dict(data), "play 1")
    data = copy.deepcopy(points)
    data["deal"]["red"][0] = name
    refused(RecordError, lambda: Record.from_dict(data), "deal.red[0]: ")


@pytest.mark.parametrize("strategy", [5, None, "", "x" * 101, ["random"]])
def test_a_players_strategy_is_a_name(board, strategy):
    data = copy.deepcopy(board)
    data["players"][0]["strategy"] = strategy
    refused(RecordError, lambda: Record.from_dict(data), "players[0].strategy: ")


def test_a_player_has_no_other_keys(board, cards):
    data = copy.deepcopy(board)
    data["players"][0]["x"] = 1
    refused(RecordError, lambda: Record.from_dict(data), "players[0]: expected the keys")
    refused(CardGameError, lambda: CardRecord.from_dict(dict(cards, strategies={"green": "x"})),
            "strategies: ")


def test_long_values_are_echoed_cut(board, state):
    long = "q" * 10_000
    for key in ("format", "rules"):
        refused(RecordError, lambda key=key: Record.from_dict(dict(board, **{key: long})), "…")
    refused(CardGameError, lambda: CardState.from_dict(dict(state, to_play=long)), "…")
    refused(RecordError, lambda: Record.from_dict(dict(board, **{long: 1})), "…")


def test_valid_records_still_read_and_save_unchanged(board, points, cards):
    for data in (board, points):
        assert json.loads(Record.from_dict(copy.deepcopy(data)).to_json()) == data
    assert json.loads(CardRecord.from_dict(copy.deepcopy(cards)).to_json()) == cards


def test_the_limits_page_says_what_the_readers_do():
    from pathlib import Path

    from sorry_widget.cli import common as cli
    from sorry_widget.board import record
    from sorry_widget.board import state as position
    from sorry_widget.cardgame import cards, state
    from sorry_widget.cardgame import record as cardrecord
    from sorry_widget.core import safeio, seeds

    page = (Path(__file__).parent.parent / "docs" / "limits.md").read_text()
    for value in (safeio.MAX_DEPTH, safeio.MAX_NUMBER_CHARS, position.MAX_POSITION_BYTES,
                  cli.MAX_LINE_BYTES, record.MAX_RECORD_BYTES, record.MAX_PLAYS,
                  record.MAX_NOTES, record.MAX_NOTE_CHARS, record.MAX_ARROWS,
                  record.MAX_SQUARES, record.MAX_LEADER_ROUNDS, record.MAX_STRATEGY_CHARS,
                  seeds.MAX_SEED_DIGITS, seeds.MAX_SEED_CHARS, cards.MAX_DECK_CARDS,
                  cards.MAX_DECK_BYTES, state.MAX_STATE_BYTES, state.HAND_LIMIT,
                  cardrecord.MAX_RECORD_BYTES, cardrecord.MAX_RECORD_ACTIONS,
                  cardrecord.MAX_NOTATION_CHARS, cardrecord.MAX_NOTES, cardrecord.MAX_NOTE_CHARS,
                  cardrecord.MAX_STRATEGY_CHARS, safeio.MAX_UNENDED_BYTES):
        assert f"{value:,}" in page, value
    for page_name in ("position-format.md", "record-format.md", "cardgame.md"):
        assert "(limits.md)" in (Path(__file__).parent.parent / "docs" / page_name).read_text()


def test_a_5000_digit_number_in_a_file_is_refused_naming_its_field(board):
    text = json.dumps(dict(board, seed=1)).replace('"seed": 1', '"seed": ' + "9" * 5000)
    refused(RecordError, lambda: Record.from_json(text),
            "record.seed: a number of 5,000 characters (at most 40)")


@pytest.mark.parametrize("seed", [1.5, float("nan"), 10 ** 30, True])
def test_a_game_with_any_seed_saves_a_record_that_reads_back(seed, tmp_path):
    # Games take any seed (they seed with f"deck:{seed}"); the record writes it as its text,
    # which deals the same cards, so what is saved is always readable.
    game = Game(2, seed=seed)
    game.run()
    Record.from_game(game).save(tmp_path / "game.json")
    loaded = Record.load(tmp_path / "game.json")
    assert loaded.seed == str(seed)
    again = Game(2, seed=loaded.seed)
    again.run()
    assert Record.from_game(again).plays == Record.from_game(game).plays
    cards = CardGame(2, seed=seed)
    cards.run()
    cards.record().save(tmp_path / "cards.json")
    assert CardRecord.load(tmp_path / "cards.json").seed == str(seed)


def test_games_of_tiny_decks_refill_often_and_their_records_still_read():
    # The refill limit (two per action) must never refuse a real game: small decks refill
    # most often.
    for seed in range(6):
        game = CardGame(3, seed=seed, deck={"1": 12, "take-2": 6})
        game.run(max_turns=300)
        record = game.record()
        assert len(record.refills) <= 2 * len(record.actions)
        assert CardRecord.from_json(record.to_json()).to_json() == record.to_json()


# --- issue 30: counts and sizes before the items -------------------------------------------

def test_a_card_record_with_a_huge_refill_is_refused_by_its_length_at_once(cards):
    import time

    # 4.5 MB: a refill of 900,000 cards, which took 5.5 s to refuse when every card was
    # checked (and every path built) before the list was counted.
    data = dict(cards, refills=[["1"] * 900_000])
    text = json.dumps(data)
    assert 4_000_000 < len(text) < 5_000_000
    for read in (lambda: CardRecord.from_json(text), lambda: CardRecord.from_dict(data)):
        started = time.perf_counter()
        message = refused(CardGameError, read, "refills[0]: 900,000 cards")
        assert time.perf_counter() - started < 1.5  # well under a second, on a loaded machine
        assert f"at most {MAX_DECK_CARDS:,}" in message


def test_every_list_of_a_card_record_is_counted_before_the_walk(cards):
    import time

    for key, value, words in [
        ("deck_order", [0] * 1_500_000, "deck_order: 1,500,000 cards; a deck holds at most"),
        ("notes", [0] * 1_500_000, "notes: 1,500,000 notes; a record holds at most 1,000"),
        ("actions", [[0] * 70] * 20_001, "actions: 20,001 actions"),
    ]:
        data = dict(cards, **{key: value})
        started = time.perf_counter()
        refused(CardGameError, lambda data=data: CardRecord.from_json(json.dumps(data)), words)
        assert time.perf_counter() - started < 1.5, key


def test_the_walk_of_a_large_file_of_plain_values_is_quick():
    import time

    from sorry_widget.core.safeio import read_json

    # 3.6 MB of small numbers and short texts: parsed and walked with Python's own speed.
    text = json.dumps([[0] * 100, ["card"] * 100] * 4_000, separators=(",", ":"))
    started = time.perf_counter()
    read_json(text, what="x", error=ValueError, max_bytes=5_000_000)
    assert time.perf_counter() - started < 2.5


# --- issue 31, 15: one seed limit for the games and their records --------------------------

@pytest.mark.parametrize("seed, words", [
    ("x" * 192, "seed: a text of 192 characters; a seed has at most 100"),
    (10 ** 150, "seed: a whole number of more than 99 digits"),
    (10 ** 5000, "seed: a whole number of more than 99 digits"),
    (-10 ** 5000, "seed: a whole number of more than 99 digits"),
], ids=["192 characters", "151 digits", "5001 digits", "minus 5001 digits"])
def test_a_game_refuses_a_seed_its_record_could_not_keep(seed, words):
    from sorry_widget.core.errors import SorryError
    from sorry_widget.simulation.coach import coach
    from sorry_widget.simulation.experiments import simulate

    for make in (lambda: Game(2, seed=seed), lambda: CardGame(2, seed=seed),
                 lambda: simulate(2, games=1, seed=seed, engine="python"),
                 lambda: coach(Position.initial(2), 1, seed=seed, engine="python")):
        message = refused(SorryError, make, words)
        assert message.startswith("seed: ")


@pytest.mark.parametrize("seed", ["x" * 100, 10 ** 99 - 1, -(10 ** 99 - 1), "é" * 100],
                         ids=["100 characters", "99 digits", "minus 99 digits", "100 é"])
def test_a_game_at_the_seed_limit_saves_a_record_its_readers_take(seed, tmp_path):
    from sorry_widget import SorryCardWidget, SorryWidget

    game = Game(2, seed=seed)
    game.run()
    Record.from_game(game).save(tmp_path / "game.json")
    assert SorryWidget(record=tmp_path / "game.json").record.seed in (seed, str(seed))
    cards = CardGame(2, seed=seed)
    cards.run()
    cards.record().save(tmp_path / "cards.json")
    assert CardRecord.load(tmp_path / "cards.json").seed in (seed, str(seed))
    assert SorryCardWidget(record=tmp_path / "cards.json") is not None


def test_the_coach_plays_rounds_from_a_seed_at_the_limit():
    from sorry_widget.simulation.coach import coach

    advice = coach(Position.initial(2), 1, seed="s" * 100, engine="python", budget=400)
    assert advice.games > 0
