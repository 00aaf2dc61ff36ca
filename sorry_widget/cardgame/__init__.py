"""The SORRY! card game, laid out as the board game is: cards, state, rules, strategies, game,
record. Standard library only; its simulator is sorry_widget.simulation.cardgame_experiments."""

from .cards import DEFAULT_DECK, CardGameError, load_deck, read_deck
from .game import CardGame, new_state
from .record import RECORD_FORMAT, CardRecord
from .rules import Action, actions, perform, plays_answer
from .state import STATE_FORMAT, CardState, Player
from .strategies import CARD_STRATEGIES, GreedyCardStrategy, RandomCardStrategy

__all__ = [
    "CARD_STRATEGIES", "DEFAULT_DECK", "RECORD_FORMAT", "STATE_FORMAT", "Action", "CardGame",
    "CardGameError", "CardRecord", "CardState", "GreedyCardStrategy", "Player",
    "RandomCardStrategy", "actions", "load_deck", "new_state", "perform", "plays_answer",
    "read_deck",
]
