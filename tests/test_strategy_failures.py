"""A strategy that raises, or answers with something that is not a legal choice, leaves the
game and the widget as they were, with one clear error (issue 31, point 18). Before, the
board's pending move still showed the person's turn while the game was at the computer's, so
the person's next move was played for the computer's colour; and an answer whose ``==`` is
always true passed the legality check."""

from __future__ import annotations

import pytest

from sorry_widget import CardGame, Game, SorryCardWidget, SorryWidget, WidgetError
from sorry_widget.board.game import StrategyError
from sorry_widget.cardgame.game import CardStrategyError
from support.widget_cases import listen, snapshot


class Failing:
    """Raises while ``broken``; then plays like a random player."""
    name = "failing"

    def __init__(self, broken: bool = True) -> None:
        self.broken = broken

    def choose(self, *args):  # (position, card, moves, rng) or (state, actions, rng)
        if self.broken:
            raise ZeroDivisionError("division by zero")
        choices, rng = args[-2], args[-1]
        return choices[rng.randrange(len(choices))]


class AlwaysEqual:
    def __eq__(self, other):
        return True

    __hash__ = None


class Sly:
    """Answers with an object equal to everything (a board or a card strategy)."""
    name = "sly"

    def choose(self, *args):
        return AlwaysEqual()


class ByNotation:
    name = "by-notation"

    def choose(self, *args):
        self.given = args[-2]
        return self.given[-1].notation  # the last legal choice, by its notation


def board_game(yellow) -> Game:
    return Game(2, seed=3, strategies={"red": None, "yellow": yellow})


def card_game(blue) -> CardGame:
    return CardGame(2, seed=3, strategies={"red": None, "blue": blue})


def notations(game) -> list[str]:
    return [getattr(p, "move", p).notation for p in game.history]


@pytest.mark.parametrize("make, strategy, words", [
    (board_game, Failing(), "the strategy 'failing' of yellow failed: ZeroDivisionError: "
                            "division by zero"),
    (board_game, Sly(), "the strategy 'sly' of yellow chose "),
    (card_game, Failing(), "the strategy 'failing' of blue failed: ZeroDivisionError: "),
    (card_game, Sly(), "the strategy 'sly' of blue chose "),
], ids=["board raises", "board always equal", "cards raise", "cards always equal"])
def test_a_failing_strategy_leaves_the_widget_and_its_game_as_they_were(make, strategy, words):
    game = make(strategy)
    w = SorryWidget(game) if isinstance(game, Game) else SorryCardWidget(game)
    listen(w)
    before = snapshot(w)
    person = w.pending["colour"]
    first = w.pending["moves" if isinstance(game, Game) else "actions"][0]["notation"]
    move = w.move if isinstance(game, Game) else w.act
    with pytest.raises(WidgetError, match="^" + words):
        move(first)
    assert snapshot(w) == before
    assert w.pending["colour"] == person == (game.colour_to_move if isinstance(game, Game)
                                             else game.to_act)
    # The page's move of the person is still the person's, not played for the computer.
    kind = "move" if isinstance(game, Game) else "act"
    w._on_message(w, {"type": kind, "notation": first}, None)
    assert w.message.startswith(words) and snapshot(w)["history"] == before["history"]


def test_once_the_strategy_works_the_game_goes_on_as_if_it_had_never_failed():
    failing = Failing()
    w = SorryWidget(board_game(failing))
    first = w.pending["moves"][0]["notation"]
    with pytest.raises(WidgetError):
        w.move(first)
    failing.broken = False
    w.move(first)
    twin = board_game(Failing(broken=False))  # the same game, never failed
    twin.play(first)
    while not twin.finished and twin.strategies[twin.colour_to_move] is not None:
        twin.step()
    assert notations(w.game) == notations(twin) and len(notations(twin)) > 1
    assert w.pending["moves"] == SorryWidget(twin).pending["moves"]


@pytest.mark.parametrize("strategy, words", [
    (Failing(), "failed: ZeroDivisionError"), (Sly(), "which is not one of the legal")])
def test_a_plain_game_step_that_fails_changes_nothing(strategy, words):
    game = Game(2, seed=3, strategies={"red": strategy, "yellow": "random"})
    rng, pile = game.rng.getstate(), list(game.pile.cards)
    with pytest.raises(StrategyError, match=words):
        game.step()
    assert game.card is None and game.history == [] and game.colour_to_move == "red"
    assert game.rng.getstate() == rng and game.pile.cards == pile
    cards = CardGame(2, seed=3, strategies={"red": strategy, "blue": "random"})
    state, rng = cards.state, cards.rng.getstate()
    with pytest.raises(CardStrategyError, match=words):
        cards.step()
    assert cards.state is state and cards.history == [] and cards.rng.getstate() == rng


def test_an_answer_by_notation_plays_the_legal_lists_own_choice():
    red = ByNotation()
    game = Game(2, seed=3, strategies={"red": red, "yellow": "random"})
    assert game.step().move is red.given[-1]
    cards = CardGame(2, seed=3, strategies={"red": red, "blue": "random"})
    assert cards.step() is red.given[-1]
