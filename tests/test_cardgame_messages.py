"""The card game's explanations and refusals are messages (cardgame/messages.py): an id with
language-neutral parameters, rendered to the same English as before; every template is used by
some game, and every id a game uses has a template."""

from __future__ import annotations

import re

import pytest

from sorry_widget.cardgame.cards import CardGameError
from sorry_widget.cardgame.game import CardGame
from sorry_widget.cardgame.messages import ENGLISH, say
from sorry_widget.cardgame.rules import actions, perform, preview_messages, previews
from sorry_widget.cardgame.state import CardState
from sorry_widget.core.messages import Message, message_ids

#: Decks that reach the rare cases quickly: an empty hand with nothing to draw (a pass), and
#: many SORRY! cards (windows, ties, the longer game's setbacks).
DECKS = [None, {"5": 3, "sorry-back": 2},
         {"10": 20, "1": 10, "slide-21": 6, "sorry-back": 8, "sorry-steal": 10,
          "dont-be-sorry": 10, "take-2": 4, "switch": 4, "play-2": 8}]


def seeded_messages() -> list[Message]:
    """Every action's and every preview's message in a few seeded games of each kind."""
    out = []
    for deck in DECKS:
        for players in (2, 3, 4):
            for longer in (False, True):
                for seed in range(3):
                    game = CardGame(players, seed=seed, deck=deck, longer_game=longer)
                    while not game.finished and game.turns < 400:
                        out += preview_messages(game.state).values()
                        out.append(game.step().message)
    return out


def refusals() -> list[Message]:
    """The refusals a person can meet, each caught with its message."""
    out = []
    game = CardGame(2, seed=1, strategies={"red": None, "blue": "random"})
    for ask in (lambda: game.play("red zzz"), game.step):
        with pytest.raises(CardGameError) as caught:
            ask()
        out.append(caught.value.message)
    game = CardGame(2, seed=1)
    game.run()
    with pytest.raises(CardGameError) as caught:
        game.play("red 5")
    out.append(caught.value.message)
    for state in (STEAL, BLOCK_BACK):
        with pytest.raises(CardGameError) as caught:
            perform(CardState.from_dict(state), ("nonsense",))
        out.append(caught.value.message)
    won = CardState.from_dict(game.state.to_dict())
    for ask in (lambda: CardGame(5), lambda: CardGame(2, strategies={"green": "random"}),
                lambda: CardGame(2, strategies={"red": "clever"}),
                lambda: CardGame.from_state(won),
                lambda: CardGame.from_state(CardState.from_dict(table())).record()):
        with pytest.raises(CardGameError) as caught:
            ask()
        out.append(caught.value.message)
    out.append(say("play_header", seed=1, players=[say("player_strategy", player="red",
                                                       strategy="greedy")]))
    out.append(say("game_result", winners=[], rounds=0, turns=0))
    out.append(say("game_result", winners=say("nobody"), rounds=0, turns=0))
    return out


def table(**changes) -> dict:
    state = {
        "format": "sorry-cardgame/1",
        "players": [{"colour": "red", "hand": ["5", "sorry-back"], "home": 1},
                    {"colour": "blue", "hand": ["sorry-steal", "dont-be-sorry"], "home": 2}],
        "to_play": "red", "direction": 1, "play_pile": ["9", "7"], "total": 16,
        "draw_pile": ["3", "4", "6", "8", "2", "1"], "discard": [], "pending": None,
        "winners": []}
    state.update(changes)
    return state


STEAL = table(play_pile=["9", "7", "5"], total=21,
              players=[{"colour": "red", "hand": ["sorry-back"], "home": 1},
                       {"colour": "blue", "hand": ["sorry-steal", "dont-be-sorry"], "home": 2}],
              pending={"kind": "steal", "winner": "red", "asked": "blue"})
BLOCK_BACK = table(play_pile=["sorry-back"], total=0,
                   players=[{"colour": "red", "hand": ["5"], "home": 1},
                            {"colour": "blue", "hand": ["dont-be-sorry"], "home": 2}],
                   pending={"kind": "block", "sorry": "sorry-back", "by": "red",
                            "victim": "blue"})


def by_notation(state: dict) -> dict:
    return {a.notation: a for a in actions(CardState.from_dict(state))}


def test_a_sample_of_explanations_keeps_its_english_words():
    acts = by_notation(table())
    assert acts["red 5"].explanation == (
        "Red plays the 5, making the total 21 (K4); exactly 21 wins the round (K5), but Blue "
        "holds a SORRY! steal card and is asked first (K13).")
    assert acts["red sorry-back blue"].explanation == (
        "Red plays a SORRY! on Blue (K12); Blue may block it (K14).")
    window = by_notation(STEAL)
    assert window["blue steal"].explanation == (
        "Blue plays a SORRY! steal card to take Red's 21 (K13); Blue flips a pawn card to "
        "HOME (K13).")
    assert window["blue pass"].explanation == (
        "Blue does not steal (K13); nobody steals, so Red keeps the 21 (K5); Red flips a pawn "
        "card to HOME (K5).")
    block = by_notation(BLOCK_BACK)
    assert block["blue block"].explanation == (
        "Blue blocks the SORRY! with Don't Be SORRY! (K14).")
    assert block["blue accept"].explanation == (
        "Blue does not block (K14); Blue flips a pawn card back to START (K12).")
    # What red is told before playing the 5: not whether blue holds a SORRY! steal card.
    assert previews(CardState.from_dict(table()))["red 5"] == (
        "Red plays the 5, making the total 21 (K4); exactly 21 wins the round (K5): Red flips "
        "a pawn card to HOME (K5), unless another player steals it with a SORRY! steal card "
        "(K13).")


def test_actions_carry_their_message_ids_and_rules():
    acts = by_notation(table())
    sorry = acts["red sorry-back blue"].message
    assert sorry.id == "cardgame.sentence"
    assert sorry.ids() == ("cardgame.sentence", "cardgame.sorry_on", "cardgame.may_block")
    assert sorry.rule_ids() == ("K12", "K14")
    assert sorry.params["notes"][0] == say("sorry_on", player="red", victim="blue",
                                           rules="K12")
    assert acts["red 5"].message.rule_ids() == ("K4", "K5", "K13")
    assert "cardgame.twenty_one_asked" in acts["red 5"].message.ids()
    block = by_notation(BLOCK_BACK)["blue accept"].message
    assert block.ids()[1:] == ("cardgame.no_block", "cardgame.setback")
    assert block.rule_ids() == ("K14", "K12")
    # The message is the explanation's data: the same text, and not part of equality.
    for action in acts.values():
        assert action.message.text() == action.explanation
        assert action.to_dict().keys() == {"notation", "explanation", "result"}


def test_a_refusal_carries_its_message_and_says_the_same_words():
    game = CardGame(2, seed=1, strategies={"red": None, "blue": "random"})
    with pytest.raises(CardGameError) as caught:
        game.play("red zzz")
    error = caught.value
    assert error.message.id == "cardgame.not_legal"
    assert error.message.params["player"] == "red"
    assert str(error) == error.message.text()
    assert str(error).startswith("'red zzz' is not a legal action for red; legal: red ")
    # A malformed state's error has no message: it is not a person's choice.
    with pytest.raises(CardGameError) as caught:
        CardState.from_dict({"format": "nonsense"})
    assert caught.value.message is None


def test_every_template_is_used_and_every_used_id_has_one():
    used = {i for m in seeded_messages() + refusals() for i in m.ids()}
    registered = set(message_ids("cardgame"))
    assert registered == {"cardgame." + key for key in ENGLISH}
    assert used - registered == set()
    assert registered - used == set()


def test_parameters_are_language_neutral():
    """No English word in a parameter: colours are ids, cards are card ids, the rest numbers,
    rule ids, notations and nested messages."""
    def check(value):
        if isinstance(value, Message):
            for item in value.params.values():
                check(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                check(item)
        elif isinstance(value, str):
            # a colour, a card, a notation (lower case), a rule id or what a person typed
            assert value == value.lower() or re.fullmatch(r"K\d+|'.*'", value), value
        else:
            assert isinstance(value, int), value
    for message in seeded_messages()[::7] + refusals():
        check(message)
