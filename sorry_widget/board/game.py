"""The game loop: a seeded deck, turn order, the 2's extra draw (C7), forfeits and the winner.

A game advances one card at a time so a caller can watch or interject::

    game = Game(players=2, seed=1)
    card = game.draw()              # the card the player to move must play
    moves = game.legal_moves()      # every legal way to play it
    game.play(moves[0])             # or game.play("RS-4"), or game.step() to let the strategy pick
"""

from __future__ import annotations

from ..core.errors import SorryError, StrategyFailed, strategy_shown

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.messages import Message
from .cards import CARD_NAMES, DrawPile, card_from_name, deck_cards
from .moves import DISCARD, Move, _hand_moves, legal_moves
from .state import Position
# high_card_draw is the rule sets' now; the game's callers still find it here.
from .rules import RuleSet, get_rules, high_card_draw  # noqa: F401
from ..core.safeio import shown
from ..core.seeds import seed_or_fresh
from .strategies import RandomStrategy, Strategy, as_strategy


class GameError(SorryError):
    """A request the game cannot carry out; the game is left unchanged. A refusal of the game
    itself carries its :class:`Message` as ``message_data`` (None for a bad argument)."""

    def __init__(self, message: Message | str) -> None:
        self.message_data = message if isinstance(message, Message) else None
        super().__init__(str(message))


class StrategyError(GameError, StrategyFailed):
    """A strategy failed (:class:`~sorry_widget.core.errors.StrategyFailed`) in a board game."""


@dataclass(frozen=True)
class Play:
    """One card drawn and the move made with it."""

    number: int  # 1-based count of cards played in the game
    turn: int  # 1-based; a 2's extra draw belongs to the same turn (C7)
    colour: str
    card: int
    move: Move
    #: Play for points: the cards drawn after the play, back to a full hand (P2, P3).
    drawn: tuple[int, ...] = ()

    @property
    def before(self) -> Position:
        return self.move.position

    @property
    def after(self) -> Position:
        """The position right after the move, still with the mover to move (as the ``moves`` command's
        ``result``); :meth:`Game.positions` has the next player to move."""
        return self.move.result


def next_seat(move: Move, wins: bool | None = None) -> int:
    """The seat that plays the next card after ``move``: the mover again after a win (the game
    is over) or a 2 (C7: a new draw in the same turn), else the next player in turn order.
    ``wins``, if known, saves asking the move again."""
    position = move.position
    if (move.wins if wins is None else wins) or \
            position.rules.draws_again(move.card, move.kind == DISCARD):
        return position.to_move
    return (position.to_move + 1) % len(position.colours)


def seed_streams(seed: Any) -> tuple[random.Random, random.Random]:
    """Two independent generators from one seed: one shuffles the deck, one serves the
    strategies. So the same seed deals the same cards whatever the players choose."""
    return random.Random(f"deck:{seed}"), random.Random(f"players:{seed}")


class Game:
    """A game of Sorry! under a rule set.

    ``players`` is a count (2 players are red and yellow, 3 red, blue and yellow) or a list of
    colours. ``strategies`` maps colours to strategies (a name, object or function); a colour
    mapped to ``None`` is played by a person, who passes moves to :meth:`play`. ``first`` is the
    colour that starts (default: the first in turn order). ``start`` replaces the initial
    position (its ``to_move`` then says who starts). With ``keep_history=False`` the game keeps
    no list of plays, for fast simulation. ``seed`` (a number or a string) fixes the shuffles
    and the computer players' choices; without one the game draws a fresh seed and keeps it in
    ``game.seed`` (and its record), so ``Game(seed=game.seed)`` deals the same cards again.
    """

    def __init__(
        self,
        players: int | Sequence[str] = 4,
        *,
        rules: str | RuleSet = "classic",
        seed: Any = None,
        strategies: Mapping[str, Any] | Sequence[Any] | str | None = "random",
        first: str | None = None,
        start: Position | None = None,
        keep_history: bool = True,
    ) -> None:
        seed = seed_or_fresh(seed)
        self.rules = get_rules(rules) if start is None else start.rules
        #: The high-card draw that chose the leader, where the rule set has one.
        self.leader_draws: list[list] = []
        if start is None:
            if first is None:
                names = Position.initial(players, self.rules).colour_names
                first, self.leader_draws = self.rules.choose_leader(names, seed)
            start = Position.initial(players, self.rules, to_move=first)
        elif first is not None:
            start = start.with_to_move(first)
        self.seed = seed
        self.start = start
        self.position = start
        self._deck_rng, self.rng = seed_streams(seed)
        self.pile = DrawPile(deck_cards(self.rules.deck), self._deck_rng)
        self.strategies: dict[str, Strategy | None] = _strategies_for(start, strategies)
        self.card: int | None = None
        self.turn = 1
        self.cards_played = 0
        self.winner: str | None = start.winner()
        self.keep_history = keep_history
        self.history: list[Play] = []
        self._positions: list[Position] = [start]
        #: Play for points: each colour's hand, dealt one card at a time from the player who
        #: leads (P2); ``deal`` keeps the hands as dealt, for the record.
        order = start.colour_names[start.to_move:] + start.colour_names[:start.to_move]
        self.hands: dict[str, list[int]] = self.rules.deal(order, self.pile.draw)
        self.deal: dict[str, tuple[int, ...]] = {c: tuple(h) for c, h in self.hands.items()}

    # --- state ------------------------------------------------------------------------------

    @property
    def colours(self) -> tuple[str, ...]:
        return self.position.colour_names

    @property
    def colour_to_move(self) -> str:
        return self.position.colour_to_move

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def positions(self) -> list[Position]:
        """The start and the game's position after every play, with the next player to move
        (needs ``keep_history``)."""
        return list(self._positions)

    # --- stepping ---------------------------------------------------------------------------

    def draw(self, card: int | str | None = None) -> int:
        """Draw the next card for the player to move (or return the one already drawn).
        ``card`` chooses the card instead ("suppose red draws a 7"): it is taken out of the
        draw pile, so the deck stays a real deck and the game's record stays valid."""
        if self.finished:
            raise GameError(Message("board.game_over", winner=self.winner))
        if self.rules.deals_hands:
            raise GameError(Message("board.plays_from_hand", rules=self.rules.name,
                                    size=self.rules.hand_size))
        if card is not None:
            try:
                wanted = card if isinstance(card, int) and not isinstance(card, bool) \
                    else card_from_name(card)
                if wanted not in CARD_NAMES:
                    raise ValueError(f"card: {card!r} is not a Sorry! card")
                if self.card is not None and self.card != wanted:
                    raise GameError(Message("board.already_drawn", colour=self.colour_to_move,
                                            card=self.card))
                if self.card is None:
                    self.card = self.pile.take(wanted)
            except GameError:
                raise  # already the refusal, with its message
            except ValueError as exc:
                raise GameError(str(exc)) from None
        if self.card is None:
            self.card = self.pile.draw()
        return self.card

    @property
    def hand(self) -> list[int]:
        """The cards the player to move holds (play for points); empty otherwise."""
        return list(self.hands.get(self.colour_to_move, ()))

    def legal_moves(self) -> list[Move]:
        if self.rules.deals_hands:
            if self.finished:
                raise GameError(Message("board.game_over", winner=self.winner))
            return _hand_moves(self.position,
                               list(dict.fromkeys(self.hands[self.position.colour_to_move])))
        return legal_moves(self.position, self.draw())

    def play(self, move: Move | str, card: int | str | None = None) -> Play:
        """Play the drawn card with ``move`` (a legal :class:`Move` or its notation). From a
        hand (play for points) ``card`` says which card, where two cards make the same move
        (a 1 and a 2 both start a pawn)."""
        moves = self.legal_moves()
        if card is not None:
            try:
                wanted = card if isinstance(card, int) else card_from_name(card)
            except ValueError as exc:
                raise GameError(str(exc)) from None
            moves = [m for m in moves if m.card == wanted]
        chosen = _find_move(moves, move)
        if chosen is None:
            holding = (Message("board.the_hand", cards=self.hand) if self.rules.deals_hands
                       else Message("board.holding_card", card=self.card))
            raise GameError(Message(
                "board.illegal_move", move=move if isinstance(move, str) else move.notation,
                colour=self.colour_to_move, holding=holding,
                options=[m.notation for m in moves]))
        return self._commit(chosen)

    def step(self) -> Play:
        """Draw (if needed) and let the strategy of the player to move choose and play. A
        strategy that raises, or answers with anything but one of the legal moves it was given
        (or its notation), is one :class:`StrategyError`, and the game is as it was before
        the step (the card not drawn, the generators where they were)."""
        undo = self._checkpoint()
        try:
            return self._step(True)
        except StrategyError:
            undo()
            raise

    def _checkpoint(self) -> Callable[[], None]:
        """A way back to the game as it is now: everything a play, a draw or a strategy's
        choice changes. (A widget makes a person's move and the computers' answers whole or
        not at all with it.)"""
        pile = self.pile
        saved = (self.position, self.card, self.turn, self.cards_played, self.winner,
                 len(self.history), len(self._positions), list(pile.cards),
                 list(pile.discards), pile.reshuffles,
                 {c: list(h) for c, h in self.hands.items()}, self.rng.getstate(),
                 self._deck_rng.getstate())

        def restore() -> None:
            (self.position, self.card, self.turn, self.cards_played, self.winner, history,
             positions, cards, discards, pile.reshuffles, hands, rng, deck_rng) = saved
            del self.history[history:]
            del self._positions[positions:]
            pile.cards, pile.discards = list(cards), list(discards)
            self.hands = {c: list(h) for c, h in hands.items()}
            self.rng.setstate(rng)
            self._deck_rng.setstate(deck_rng)
        return restore

    def _step(self, want_play: bool) -> Play | None:
        card = None if self.rules.deals_hands else self.draw()
        strategy = self.strategies[self.colour_to_move]
        if strategy is None:
            raise GameError(Message("board.played_by_person", colour=self.colour_to_move))
        moves = self.legal_moves()
        # The random player's shortcut for lists exactly as the generator makes them.
        choose = strategy.choose_legal if type(strategy) is RandomStrategy else strategy.choose
        try:
            chosen = choose(self.position, card, moves, self.rng)
        except Exception as exc:
            raise StrategyError(f"the strategy {strategy_shown(strategy)} of "
                                f"{self.colour_to_move} failed: {type(exc).__name__}: "
                                f"{str(exc)[:200]}") from exc
        # What is played is the legal list's own move, found by identity or notation: an
        # answer whose == is always true is not a move of the game.
        legal = next((m for m in moves if m is chosen), None)
        if legal is None:
            legal = _find_notation(moves, chosen)
        if legal is None:
            raise StrategyError(f"the strategy {strategy_shown(strategy)} of "
                                f"{self.colour_to_move} chose {shown(chosen)}, which is not one "
                                "of the legal moves")
        return self._commit(legal, want_play)

    def run(self, max_cards: int = 100_000) -> str | None:
        """Play until someone wins (or ``max_cards`` more cards were played); the winner."""
        for _ in range(max_cards):
            if self.winner is not None:
                break
            self._step(False)  # nobody reads the Play: not building one is a tenth faster
        return self.winner

    def _commit(self, move: Move, want_play: bool = True) -> Play | None:
        hands = self.rules.deals_hands
        card = move.card if hands else self.card
        mover = self.position.to_move
        colour = self.position.colour_to_move
        drawn: tuple[int, ...] = ()
        if hands:
            hand = self.hands[colour]
            hand.remove(card)
            self.pile.discard(card)
            drawn = self.rules.refill(hand, self.pile.draw)
        else:
            self.pile.discard(card)
        play = Play(self.cards_played + 1, self.turn, colour, card, move, drawn) \
            if want_play or self.keep_history else None
        self.card = None
        self.cards_played += 1
        if self.keep_history:
            self.history.append(play)
        wins = move.wins
        nxt = mover if wins else next_seat(move, False)
        if nxt != mover:
            self.turn += 1
        self.position = Position._make(self.rules, self.position.colours, move.result_pawns, nxt)
        if wins:
            self.winner = self.position.winner()  # a colour, or a team's two (T8)
        if self.keep_history:
            self._positions.append(self.position)
        return play

    def rematch(self, seed: Any = None) -> Game:
        """A new game with the same players, the winner going first (C14)."""
        if not self.finished:
            raise GameError(Message("board.no_rematch_yet"))
        initial = Position.initial(list(self.colours), self.rules, to_move=self.winner,
                                   pawns_per_player=len(self.start.pawns[0]))
        return Game(start=initial, seed=seed, strategies=dict(self.strategies),
                    keep_history=self.keep_history)

    def __repr__(self) -> str:
        state = f"winner={self.winner}" if self.finished else f"to_move={self.colour_to_move}"
        return f"<Game {self.rules.name} seed={self.seed!r} cards={self.cards_played} {state}>"


def _find_notation(moves: list[Move], answer: Any) -> Move | None:
    """The legal move a strategy's answer names: a Move of the game with a notation of the
    list, or that notation; None for anything else."""
    notation = answer if type(answer) is str else \
        getattr(answer, "notation", None) if isinstance(answer, Move) else None
    if type(notation) is not str:
        return None
    return next((m for m in moves if m.notation == notation), None)


def _find_move(moves: list[Move], wanted: Move | str) -> Move | None:
    if isinstance(wanted, Move):
        for m in moves:
            if m.kind == wanted.kind and m.parts == wanted.parts and \
                    m.position == wanted.position:
                return m
        return None
    text = str(wanted).strip()
    for m in moves:
        if m.notation == text:
            return m
    return None


def _strategies_for(start: Position, strategies) -> dict[str, Strategy | None]:
    colours = start.colour_names
    if strategies is None or isinstance(strategies, str) or callable(strategies) \
            or hasattr(strategies, "choose"):
        return {c: (None if strategies is None else as_strategy(strategies)) for c in colours}
    if isinstance(strategies, Mapping):
        unknown = set(strategies) - set(colours)
        if unknown:
            raise GameError(f"strategies: {sorted(unknown)} not in the game ({', '.join(colours)})")
        return {c: (None if strategies.get(c, "random") is None
                    else as_strategy(strategies.get(c, "random"))) for c in colours}
    items = list(strategies)
    if len(items) != len(colours):
        raise GameError(f"strategies: {len(items)} given for {len(colours)} players")
    return {c: (None if s is None else as_strategy(s)) for c, s in zip(colours, items)}
