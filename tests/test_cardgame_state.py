"""The SORRY! card game's cards, decks and ``sorry-cardgame/1`` states (docs/cardgame.md):
read, checked with one error naming the field, canonical, written."""

from __future__ import annotations

import json

import pytest

from sorry_widget.cardgame.cards import (DEFAULT_DECK, CardGameError, card_order, deck_cards,
    is_card, pile_total, read_deck, sorted_cards)
from sorry_widget.cardgame.state import CardState


def state(**changes):
    data = {"format": "sorry-cardgame/1", "options": {"longer_game": False},
            "players": [{"colour": "red", "hand": ["3", "7", "take-2", "sorry-steal"], "home": 1},
                        {"colour": "blue", "hand": ["10", "switch", "dont-be-sorry"],
                         "home": 2}],
            "to_play": "red", "direction": 1, "play_pile": ["10", "switch", "4"], "total": 14,
            "draw_pile": ["8", "play-2"], "discard": ["5"], "pending": None, "winners": []}
    data.update(changes)
    return data


def test_the_default_deck_has_the_sheets_totals():
    numbers = sum(n for c, n in DEFAULT_DECK.items() if c.isdigit())
    slides = sum(n for c, n in DEFAULT_DECK.items() if c.startswith("slide-"))
    sorry = sum(DEFAULT_DECK[c] for c in ("sorry-back", "sorry-steal", "dont-be-sorry"))
    others = sum(DEFAULT_DECK[c] for c in ("take-2", "switch", "play-2"))
    assert (numbers, slides + others, sorry) == (59, 26, 8)
    assert len(deck_cards(read_deck(DEFAULT_DECK))) == 93


def test_cards_and_their_order():
    assert all(is_card(c) for c in ("0", "21", "slide-0", "slide-21", "play-2"))
    assert not any(is_card(c) for c in ("22", "-1", "07", "slide-22", "joker", 5))
    assert sorted_cards(["dont-be-sorry", "slide-10", "10", "take-2", "2", "slide-0"]) == \
        ["2", "10", "slide-0", "slide-10", "take-2", "dont-be-sorry"]
    assert card_order("sorry-back") < card_order("sorry-steal") < card_order("dont-be-sorry")


def test_k4_numbers_add_a_slide_sets_other_cards_add_nothing():
    assert pile_total([]) == 0
    assert pile_total(["10", "switch", "4"]) == 14
    assert pile_total(["10", "slide-15", "3"]) == 18
    assert pile_total(["9", "slide-10", "take-2"]) == 10


def test_a_state_round_trips_canonically():
    s = CardState.from_dict(state())
    data = s.to_dict()
    assert "options" not in data  # defaults are left out
    assert data["players"][0]["hand"] == ["3", "7", "take-2", "sorry-steal"]
    assert CardState.from_dict(json.loads(s.to_json())).to_json() == s.to_json()
    assert s.to_act == "red"
    shuffled = state(players=[{"colour": "red", "hand": ["sorry-steal", "take-2", "7", "3"],
                               "home": 1}, state()["players"][1]])
    assert CardState.from_dict(shuffled).to_json() == s.to_json()


def test_a_steal_window_waits_on_the_player_asked():
    s = CardState.from_dict(state(play_pile=["10", "switch", "4", "7"], total=21,
                                  pending={"kind": "steal", "winner": "red", "asked": "blue"},
                                  players=[state()["players"][0],
                                           {"colour": "blue", "hand": ["sorry-steal"],
                                            "home": 0}]))
    assert s.to_act == "blue"


@pytest.mark.parametrize("changes, message", [
    ({"format": "sorry-cardgame/2"}, "format: expected 'sorry-cardgame/1'"),
    ({"colour": 1}, "colour: not a key of sorry-cardgame/1"),
    ({"to_play": "green"}, "to_play: 'green' is not one of the players"),
    ({"direction": 2}, "direction: must be 1"),
    ({"total": 13}, "total: 13 is not the play pile's total, 14"),
    ({"play_pile": ["10", "joker"]}, "play_pile[1]: 'joker' is not a card"),
    ({"play_pile": ["10", "11"], "total": 21}, "total: 21 would have ended the round"),
    ({"players": [{"colour": "red", "hand": [], "home": 4},
                  {"colour": "blue", "hand": [], "home": 0}]}, "players[0].home: red has 4"),
    ({"players": [{"colour": "red", "hand": ["1"] * 8, "home": 0},
                  {"colour": "blue", "hand": [], "home": 0}]}, "at most 7"),
    ({"players": [{"colour": "red", "hand": [], "home": 0},
                  {"colour": "red", "hand": [], "home": 0}]}, "red is named twice"),
    ({"pending": {"kind": "steal", "winner": "red", "asked": "blue"}},
     "pending: a steal is asked only at a total of 21"),
    ({"pending": {"kind": "block", "sorry": "sorry-back", "by": "red", "victim": "blue"}},
     "the sorry-back lies on top of the play pile"),
    ({"pending": {"kind": "wait"}}, "pending.kind: 'steal' or 'block'"),
    ({"options": {"longer_game": "yes"}}, "options.longer_game: must be true or false"),
    ({"winners": ["blue", "red"]}, "winners: list the winners in seat order"),
])
def test_bad_states_are_refused_naming_the_field(changes, message):
    with pytest.raises(CardGameError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace("[", r"\[").replace("]", r"\]")):
        CardState.from_dict(state(**changes))


@pytest.mark.parametrize("deck, message", [
    ({"7": -1}, "deck.7: the count must be a whole number 0 or more"),
    ({"joker": 2}, "deck.joker: not a card"),
    ({"7": 0}, "deck: has no cards"),
    ([1, 2], "deck: expected an object"),
])
def test_bad_decks_are_refused(deck, message):
    with pytest.raises(CardGameError, match=message):
        read_deck(deck)
