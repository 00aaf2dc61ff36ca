"""The card game played step by step (CardGame), its strategies and its records."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from support.cardgame import recount_rounds
from sorry_widget.cardgame.cards import DEFAULT_DECK, CardGameError, deck_cards
from sorry_widget.cardgame.state import HAND_LIMIT, cards_in_play
from sorry_widget.simulation.cardgame_experiments import play_random_cardgame
from sorry_widget.cardgame.game import CardGame
from sorry_widget.cardgame.record import CardRecord
from sorry_widget.cardgame.strategies import GreedyCardStrategy, progress

BUSY_DECK = {**DEFAULT_DECK, "play-2": 12, "sorry-back": 8, "sorry-steal": 8,
             "dont-be-sorry": 6}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_card_game_is_the_game_of_play_random_cardgame(players):
    for seed in range(10):
        game = CardGame(players, seed)
        game.run()
        log: list = []
        result = play_random_cardgame(players, seed, log=log)
        assert [a.notation for a in game.history] == [a.notation for a in log]
        assert (game.winners, game.rounds, game.turns) == \
            (result.winners, result.rounds, result.turns)


@pytest.mark.parametrize("longer_game", [False, True])
def test_games_keep_every_card_no_hand_over_seven_and_end(longer_game):
    deck = Counter(deck_cards(BUSY_DECK))
    for seed in range(15):
        game = CardGame(4, seed, deck=BUSY_DECK, longer_game=longer_game,
                        strategies={"red": "greedy", "yellow": "greedy"})
        game.run()
        assert game.finished
        for state in game.states:
            assert cards_in_play(state) == deck  # no card made or lost
            if state.pending is None:
                assert all(len(p.hand) <= HAND_LIMIT for p in state.players)


@pytest.mark.parametrize("longer_game", [False, True])
def test_records_replay_to_the_same_states_and_resave_byte_for_byte(longer_game):
    for seed in range(8):
        game = CardGame(3, f"rec:{seed}", deck=BUSY_DECK, longer_game=longer_game,
                        strategies={"blue": "greedy"})
        game.run()
        text = game.record(notes={0: "the deal", 3: "a Play 2 here"}).to_json()
        record = CardRecord.from_json(text)
        again = record.replay()
        assert [s.key() for s in again.states] == [s.key() for s in game.states]
        assert record.to_json() == text
        assert record.notes == {0: "the deal", 3: "a Play 2 here"}


def test_a_long_game_with_refills_replays_them_from_the_record():
    game = _refilling_game()
    record = CardRecord.from_json(game.record().to_json())
    assert record.replay().state.key() == game.state.key()


def _refilling_game():
    """A longer game that goes through the deck at least once."""
    for seed in range(20):
        game = CardGame(4, f"refills:{seed}", longer_game=True)
        game.run()
        if game.state.refills:
            return game
    raise AssertionError("no longer game of 20 went through the deck")


def _recorded(seed="bad", players=2, longer_game=False):
    game = CardGame(players, seed, longer_game=longer_game)
    game.run()
    return json.loads(game.record().to_json()), game


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(format="sorry-cardrecord/9"), "format"),
    (lambda d: d["actions"].__setitem__(2, "red fly"), "actions[2]"),
    (lambda d: d["deck_order"].pop(), "deck_order"),
    (lambda d: d["deck"].__setitem__("7", -1), "deck.7"),
    (lambda d: d.update(players=["red", "green"]), "players"),
    (lambda d: d.update(notes=[{"action": 10_000, "text": "x"}]), "notes[0].action"),
    (lambda d: d.update(colour="red"), "colour"),
])
def test_a_bad_record_gets_one_error_naming_the_field(change, field):
    data, _ = _recorded()
    change(data)
    with pytest.raises(CardGameError) as err:
        CardRecord.from_dict(data)
    assert str(err.value).startswith(field)


def test_a_record_whose_refill_is_not_the_discard_is_refused():
    data = json.loads(_refilling_game().record().to_json())
    data["refills"][0][0] = "sorry-steal" if data["refills"][0][0] != "sorry-steal" else "0"
    with pytest.raises(CardGameError) as err:
        CardRecord.from_dict(data)
    assert str(err.value).startswith("refills[0]")


def test_a_person_is_asked_and_a_wrong_action_changes_nothing():
    game = CardGame(2, 5, strategies={"red": None})
    assert game.run() == []  # stops at red's first decision
    before = game.state.key()
    with pytest.raises(CardGameError) as err:
        game.step()
    assert "red is played by a person" in str(err.value)
    with pytest.raises(CardGameError) as err:
        game.play("red fly")
    assert "legal:" in str(err.value) and game.state.key() == before
    game.play(game.actions()[0].notation)
    assert game.history and game.state.key() != before
    with pytest.raises(CardGameError):
        CardGame(2, 1, strategies={"green": "random"})
    with pytest.raises(CardGameError):
        CardGame(2, 1, strategies={"red": "clever"})


def test_greedy_steals_a_21_blocks_what_hurts_it_and_beats_random():
    from sorry_widget.cardgame.rules import actions
    from sorry_widget.cardgame.state import CardState

    base = {"format": "sorry-cardgame/1", "direction": 1, "discard": [], "winners": [],
            "draw_pile": ["5", "6", "7", "8", "9", "10", "1", "2", "3", "4"]}
    steal = CardState.from_dict({**base, "players": [
        {"colour": "red", "hand": ["3"], "home": 1},
        {"colour": "blue", "hand": ["sorry-steal", "4"], "home": 1}],
        "to_play": "red", "play_pile": ["10", "8", "3"], "total": 21,
        "pending": {"kind": "steal", "winner": "red", "asked": "blue"}})
    greedy = GreedyCardStrategy()
    import random
    assert greedy.choose(steal, actions(steal), random.Random(0)).notation == "blue steal"
    block = CardState.from_dict({**base, "players": [
        {"colour": "red", "hand": ["3"], "home": 1},
        {"colour": "blue", "hand": ["dont-be-sorry"], "home": 2}],
        "to_play": "red", "play_pile": ["4", "sorry-back"], "total": 4,
        "pending": {"kind": "block", "sorry": "sorry-back", "by": "red", "victim": "blue"}})
    assert greedy.choose(block, actions(block), random.Random(0)).notation == "blue block"
    assert progress(block, "blue") == 2
    wins = 0
    for seed in range(120):
        game = CardGame(2, f"duel:{seed}",
                        strategies={"red" if seed % 2 else "blue": "greedy"})
        game.run()
        wins += ("red" if seed % 2 else "blue") in game.winners
    assert wins > 70  # clearly better than a coin (60 of 120)


def test_the_play_command_prints_the_game_and_writes_a_record_that_replays(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "game.json"
    done = subprocess.run([sys.executable, "-m", "sorry_widget.cli", "cardgame", "play",
                           "--seed", "9", "--players", "3", "--strategy", "blue=greedy",
                           "--record", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "SORRY! card game; seed 9; red random, blue greedy, yellow random"
    record = CardRecord.from_json(path.read_text())
    game = record.replay()
    assert len(lines) == len(game.history) + 2
    assert lines[-1].startswith(f"{' and '.join(game.winners)} won after {game.rounds} rounds")
    assert record.strategies == {"red": "random", "blue": "greedy", "yellow": "random"}
    bad = subprocess.run([sys.executable, "-m", "sorry_widget.cli", "cardgame", "play",
                          "--strategy", "red=clever"], capture_output=True, text=True)
    assert bad.returncode == 2 and "strategy: 'clever'" in bad.stderr and not bad.stdout


def test_every_pile_is_a_round_one_card_piles_too():
    one_card_rounds = 0
    for seed in range(40):
        game = CardGame(4, f"rounds:{seed}", deck=BUSY_DECK)
        game.run()
        ends = recount_rounds(game)
        assert game.rounds == len(ends), seed
        result = play_random_cardgame(4, f"rounds:{seed}", BUSY_DECK)
        assert result.rounds == len(ends), seed
        # A round of one card: a SORRY! or a Slide 21 laid on an empty pile.
        for before, action in zip(game.states, game.history):
            word = action.notation.split(" ")[1]
            if not before.play_pile and before.pending is None and word in ("sorry-back",
                                                                              "slide-21"):
                one_card_rounds += 1
    assert one_card_rounds > 5  # the case the old count missed did occur


def test_a_person_may_take_any_choice_even_one_whose_result_another_action_lists():
    from sorry_widget.cardgame.rules import actions
    from sorry_widget.cardgame.state import CardState

    state = CardState.from_dict({
        "format": "sorry-cardgame/1",
        "players": [{"colour": "red", "hand": ["play-2", "4", "7"], "home": 0},
                    {"colour": "blue", "hand": ["1"], "home": 0}],
        "to_play": "red", "direction": 1, "play_pile": ["10"], "total": 10,
        "draw_pile": ["2", "3", "5"], "discard": [], "pending": None, "winners": []})
    listed = [a.notation for a in actions(state)]
    assert "red play-2 7 4" not in listed  # 4 then 7 ends alike: one action (docs/cardgame.md)
    game = CardGame.from_state(state, strategies={"red": None, "blue": "random"})
    taken = game.play("red play-2 7 4")
    assert taken.notation == "red play-2 7 4" and game.state.player("red").home == 1


def test_simulate_reports_the_rounds_recounted_from_the_same_games():
    from sorry_widget.simulation.cardgame_experiments import simulate_cardgame

    summary = simulate_cardgame(4, 30, seed="count")
    recounted = []
    for i in range(30):
        game = CardGame(4, f"count:{i}")  # the seeds simulate gives its games
        game.run()
        recounted.append(len(recount_rounds(game)))
    assert summary["rounds_per_game_mean"] == pytest.approx(sum(recounted) / 30)
