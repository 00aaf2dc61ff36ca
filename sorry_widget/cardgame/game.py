"""Playing the SORRY! card game: dealing, and a game that stops at every decision (its
strategies are in strategies.py, its records, ``sorry-cardrecord/1``, in record.py).

A :class:`CardGame` holds the state; :meth:`CardGame.actions` lists what the player to act may
do; :meth:`CardGame.play` takes one by its notation, :meth:`CardGame.step` lets that player's
strategy choose. A person is a colour with no strategy. Its record keeps the deck's order and
every refill's, so the game replays from the record alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .cards import CardGameError, DEFAULT_DECK, deck_cards, read_deck
from .messages import say
from .rules import Action, actions, choices, ends_round, perform_action
from .state import CardState, Player, cards_in_play
from .strategies import card_strategy
from ..core.colours import COLOURS
from ..core.errors import StrategyFailed, strategy_shown
from ..core.safeio import shown
from ..core.seeds import seed_or_fresh

#: The record type (record.CardRecord), which replays games and so builds on this module: it
#: hands itself over with :func:`record_with` when it loads (importing sorry_widget or
#: sorry_widget.cardgame loads it), so that ``game.record()`` needs no import of it here.
_record_type: Any = None


#: The most turns one game is played for: a game of an odd deck may never end, and a run must.
MAX_RUN_TURNS = 1_000_000


def check_max_turns(max_turns: Any) -> None:
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or \
            not 1 <= max_turns <= MAX_RUN_TURNS:
        raise CardGameError(f"max_turns: a whole number from 1 to {MAX_RUN_TURNS:,}, not "
                            f"{shown(max_turns)}")


class CardStrategyError(CardGameError, StrategyFailed):
    """A strategy failed (:class:`~sorry_widget.core.errors.StrategyFailed`) in a card game."""


def record_with(record_type: Any) -> None:
    global _record_type
    _record_type = record_type


# --- dealing ------------------------------------------------------------------------------


def new_state(players: int = 4, seed: Any = None, deck: Mapping[str, int] | None = None,
              longer_game: bool = False) -> CardState:
    """A game's first state (K1, K2): the first ``players`` colours, the deck shuffled by the
    seed, five cards dealt to each in turn, the first seat to play."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise CardGameError(say("players_2_to_4", players=repr(players)))
    seed = seed_or_fresh(seed)
    cards, rng = shuffled_deck(read_deck(DEFAULT_DECK if deck is None else deck), seed)
    state = dealt_state(players, cards, longer_game)
    state.refill_rng = rng
    return state


def shuffled_deck(deck: Mapping[str, int], seed: Any) -> tuple[list[str], random.Random]:
    """A game's deck shuffled by its seed, top card first, and the generator that goes on to
    shuffle its refills (K16)."""
    cards = deck_cards(deck)
    rng = random.Random(f"cardgame-deck:{seed}")
    rng.shuffle(cards)
    return cards, rng


def dealt_state(players: int, order: list[str], longer_game: bool = False) -> CardState:
    """The first state from a shuffled deck, top card first (K2): five cards to each seat in
    turn, the rest the draw pile."""
    cards = list(order)
    colours = COLOURS[:players]
    hands: dict[str, list[str]] = {c: [] for c in colours}
    for _ in range(5):
        for colour in colours:
            if cards:
                hands[colour].append(cards.pop(0))
    return CardState([Player(c, hands[c]) for c in colours], colours[0], draw_pile=cards,
                     longer_game=longer_game)


# --- the game -----------------------------------------------------------------------------


class CardGame:
    """One game of the SORRY! card game, stopping at each decision.

    ``strategies`` maps colours to a strategy name, object or None (a person); colours not
    named are ``random``. ``deck`` is ``{card name: count}`` (the default deck if None).
    Without a ``seed`` the game draws a fresh one and keeps it (``game.seed``, its record)."""

    def __init__(self, players: int = 4, seed: Any = None, *, deck: Mapping | None = None,
                 longer_game: bool = False, strategies: Mapping | None = None,
                 _order: Sequence[str] | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise CardGameError(say("players_2_to_4", players=repr(players)))
        if _order is None:
            seed = seed_or_fresh(seed)
        self.seed = seed
        self.deck = read_deck(DEFAULT_DECK if deck is None else deck)
        self.colours = list(COLOURS[:players])
        unknown = sorted(set(strategies or {}) - set(self.colours))
        if unknown:
            raise CardGameError(say("not_a_player", colour=unknown[0],
                                    players=list(self.colours)))
        self.strategies = {c: card_strategy((strategies or {}).get(c, "random"))
                           for c in self.colours}
        if _order is None:
            order, refill_rng = shuffled_deck(self.deck, seed)
        else:
            order, refill_rng = list(_order), None
        #: The shuffled deck, top card first (K2): part of the record.
        self.deck_order = tuple(order)
        self.start = dealt_state(players, order, longer_game)
        self.start.refill_rng = refill_rng
        self.state = self.start
        self.rng = random.Random(f"cardgame-players:{seed}")
        #: The actions taken, in order, and the state before each.
        self.history: list[Action] = []
        self.states: list[CardState] = [self.start]
        self.rounds = 0
        self.turns = 0

    @classmethod
    def from_state(cls, state: CardState, strategies: Mapping | None = None) -> CardGame:
        """A game that starts at ``state`` (a lesson's position); every colour not named in
        ``strategies`` is a person. It has no deck order, so it makes no record."""
        if not isinstance(state, CardState):
            raise CardGameError(f"state: expected a CardState, not {type(state).__name__}")
        if state.winners:
            raise CardGameError(say("already_won", winners=list(state.winners)))
        game = cls.__new__(cls)
        game.seed = None
        game.deck = dict(sorted(cards_in_play(state).items()))
        game.colours = list(state.colours)
        unknown = sorted(set(strategies or {}) - set(game.colours))
        if unknown:
            raise CardGameError(say("not_a_player", colour=unknown[0],
                                    players=list(game.colours)))
        game.strategies = {c: card_strategy((strategies or {}).get(c)) for c in game.colours}
        game.deck_order = ()
        game.start = CardState.from_dict(state.to_dict())
        game.start.refill_rng = random.Random("cardgame-from-state")
        game.state = game.start
        game.rng = random.Random("cardgame-players:from-state")
        game.history, game.states = [], [game.start]
        game.rounds = game.turns = 0
        return game

    @property
    def finished(self) -> bool:
        return bool(self.state.winners)

    @property
    def winners(self) -> list[str]:
        return list(self.state.winners)

    @property
    def to_act(self) -> str | None:
        return self.state.to_act

    def actions(self) -> list[Action]:
        return actions(self.state)

    def play(self, notation: str | Action) -> Action:
        """Take the action with this notation (``"red 7"``, ``"blue steal"``)."""
        options = self.actions()
        if not options:
            raise CardGameError(say("game_over", winners=self.winners))
        wanted = notation.notation if isinstance(notation, Action) else str(notation).strip()
        for action in options:
            if action.notation == wanted:
                return self._take(action)
        # A choice whose result another listed action shares (actions() lists each result
        # once) is still the person's choice: a person is offered every choice (previews()),
        # since which ones share a result can hang on hands they cannot see.
        for choice in choices(self.state):
            action = perform_action(self.state, choice)
            if action.notation == wanted:
                return self._take(action)
        raise CardGameError(say("not_legal", wanted=shown(wanted), player=self.to_act,
                                legal=[a.notation for a in options]))

    def step(self) -> Action:
        """Let the strategy of the player to act choose and take an action. A strategy that
        raises, or answers with anything but one of the actions it was given (or its
        notation), is one :class:`CardStrategyError`, and the game is as it was."""
        options = self.actions()
        if not options:
            raise CardGameError(say("game_over", winners=self.winners))
        strategy = self.strategies[self.to_act]
        if strategy is None:
            raise CardGameError(say("person_plays", player=self.to_act))
        undo = self._checkpoint()
        try:
            chosen = strategy.choose(self.state, options, self.rng)
        except Exception as exc:
            undo()
            raise CardStrategyError(f"the strategy {strategy_shown(strategy)} of {self.to_act} "
                                    f"failed: {type(exc).__name__}: {str(exc)[:200]}"
                                    ) from exc
        # The list's own action, found by identity or notation: an answer whose == is always
        # true is not an action of the game.
        taken = next((a for a in options if a is chosen), None)
        if taken is None:
            notation = chosen if type(chosen) is str else \
                getattr(chosen, "notation", None) if isinstance(chosen, Action) else None
            taken = next((a for a in options if type(notation) is str
                          and a.notation == notation), None)
        if taken is None:
            undo()
            raise CardStrategyError(f"the strategy {strategy_shown(strategy)} of {self.to_act} "
                                    f"chose {shown(chosen)}, which is not one of the legal "
                                    "actions")
        return self._take(taken)

    def _checkpoint(self) -> Callable[[], None]:
        """A way back to the game as it is now (a state is never changed in place: an
        action makes a new one). A widget makes a person's action and the computers' answers
        whole or not at all with it."""
        saved = (self.state, len(self.history), len(self.states), self.turns, self.rounds,
                 self.rng.getstate())

        def restore() -> None:
            self.state, history, states, self.turns, self.rounds, rng = saved
            del self.history[history:]
            del self.states[states:]
            self.rng.setstate(rng)
        return restore

    def run(self, max_turns: int = 10_000) -> list[str]:
        """Play until someone wins (or ``max_turns`` turns, at most :data:`MAX_RUN_TURNS`);
        the winners. Stops early at a person's decision."""
        check_max_turns(max_turns)
        while not self.finished and self.turns < max_turns and \
                self.strategies[self.to_act] is not None:
            self.step()
        return self.winners

    def _take(self, action: Action) -> Action:
        if self.state.pending is None:
            self.turns += 1
        kind = action.notation.split(" ")[1]
        if ends_round(bool(self.state.play_pile), kind, action.result):
            self.rounds += 1
        self.history.append(action)
        self.state = action.result
        self.states.append(self.state)
        return action

    # CardRecord is named, not imported: the record module imports this one.
    def record(self, notes: Mapping[int, str] | None = None) -> CardRecord:  # noqa: F821
        """The game as a record (:meth:`.record.CardRecord.from_game`)."""
        return _record_type.from_game(self, notes)

    def __repr__(self) -> str:
        now = f"winners={self.winners}" if self.finished else f"to_act={self.to_act}"
        return f"<CardGame players={len(self.colours)} seed={self.seed!r} {now}>"
