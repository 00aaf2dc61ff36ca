"""The card game's random games play only the chosen decision (``distinct_choices`` judges
which decisions share a result without playing them): they must be the very games that choosing
uniformly among ``actions`` gives, decision for decision."""

from __future__ import annotations

import random

import pytest

from sorry_widget.cardgame.cards import DEFAULT_DECK
from sorry_widget.cardgame.game import new_state
from sorry_widget.cardgame.rules import actions, choices, distinct_choices, perform
from sorry_widget.simulation.cardgame_experiments import play_random_cardgame

#: Many Play 2, SORRY! and Don't Be SORRY! cards, so that the merged Play 2 pairs, steal chains,
#: blocks and returning players' SORRY!s come up often.
BUSY_DECK = {**DEFAULT_DECK, "play-2": 14, "sorry-back": 8, "sorry-steal": 8,
             "dont-be-sorry": 6, "slide-21": 5}


def reference_game(players, seed, deck, longer_game):
    """The contract read literally: at each decision, uniform over the listed actions."""
    state = new_state(players, seed, deck, longer_game)
    chooser = random.Random(f"cardgame-players:{seed}")
    taken = []
    while not state.winners and len(taken) < 5000:
        options = actions(state)
        chosen = options[int(chooser.random() * len(options))]
        taken.append(chosen.notation)
        state = chosen.result
    return taken, state.winners


@pytest.mark.parametrize("deck", [None, BUSY_DECK], ids=["default deck", "busy deck"])
@pytest.mark.parametrize("longer_game", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_are_the_games_of_uniform_choice_among_actions(players, longer_game, deck):
    for seed in range(25):
        log: list = []
        result = play_random_cardgame(players, seed, deck, longer_game, log=log)
        taken, winners = reference_game(players, seed, deck, longer_game)
        assert [a.notation for a in log] == taken, seed
        assert result.winners == winners
        # Playing in place (no log) gives the same game.
        assert play_random_cardgame(players, seed, deck, longer_game) == result


@pytest.mark.parametrize("longer_game", [False, True])
def test_distinct_choices_group_decisions_exactly_as_their_results_do(longer_game):
    checked = merged = 0
    for seed in range(40):
        log: list = []
        play_random_cardgame(4, f"group:{seed}", BUSY_DECK, longer_game, log=log)
        state = new_state(4, f"group:{seed}", BUSY_DECK, longer_game)
        for action in log:
            listed = [a.result.key() for a in actions(state)]
            judged = [perform(state, c)[2].key() for c in distinct_choices(state)]
            assert judged == listed
            checked += 1
            merged += len(listed) < len(choices(state))
            state = action.result
    assert checked > 500
    assert merged > 20  # the merging itself was exercised, not only trivial decisions


def test_a_returning_players_sorry_back_hurts_whom_it_names_each_its_own_result():
    from sorry_widget.cardgame.state import CardState

    state = CardState.from_dict({
        "format": "sorry-cardgame/1", "options": {"longer_game": True},
        "players": [
            {"colour": "red", "hand": ["sorry-back", "9"], "home": 2, "returning": True},
            {"colour": "blue", "hand": ["3"], "home": 1},
            {"colour": "yellow", "hand": ["dont-be-sorry"], "home": 0},
            {"colour": "green", "hand": ["4"], "home": 3}],
        "to_play": "red", "direction": 1, "play_pile": [], "total": 0,
        "draw_pile": ["5", "6", "7", "8", "10", "1", "2", "3"], "discard": [],
        "pending": None, "winners": []})
    listed = [a.notation for a in actions(state)]
    # K19: the SORRY! sets back whom it names, not red; yellow has nothing HOME to lose, so it
    # is no target and its Don't Be SORRY! is never asked for (K14).
    assert listed == ["red 9", "red sorry-back blue", "red sorry-back green"]
    assert distinct_choices(state) == [
        ("card", "9"), ("sorry-back", "blue"), ("sorry-back", "green")]
