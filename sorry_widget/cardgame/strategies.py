"""The SORRY! card game's computer players: random and greedy, by name or as objects."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .cards import CardGameError, PAWN_CARDS, TARGET
from .messages import say
from .rules import Action
from .state import CardState


class RandomCardStrategy:
    """Uniform over the distinct results (the contract's ``random``: ``actions`` already lists
    each result once)."""

    name = "random"

    def choose(self, state: CardState, options: Sequence[Action], rng: random.Random) -> Action:
        return options[int(rng.random() * len(options))]


def progress(state: CardState, colour: str) -> int:
    """How near ``colour`` is to winning, in flips: its cards HOME, or for a returning player
    (K19) four plus the cards already back at START."""
    p = state.player(colour)
    return 2 * PAWN_CARDS - p.home if p.returning else p.home


class GreedyCardStrategy:
    """Takes the action with the best immediate balance: winning the game above all, then its
    own flips minus half the opponents' (so it steals a 21, blocks a SORRY! that hurts it, and
    plays a SORRY! on the leader), then a pile total that a single card cannot turn into 21 for
    the next player, then keeping its SORRY! cards for later. Ties at random."""

    name = "greedy"

    def value(self, before: CardState, action: Action, me: str) -> float:
        after = action.result
        if after.winners:
            return 1000.0 if me in after.winners else -1000.0
        score = 10.0 * (progress(after, me) - progress(before, me))
        for colour in before.colours:
            if colour != me:
                score -= 5.0 * (progress(after, colour) - progress(before, colour))
        if after.play_pile and not after.pending:
            gap = TARGET - after.total
            if 0 <= gap <= 10:
                score -= 1.0  # a number card of the next player's could make 21
        mine_before = before.player(me).hand
        mine_after = after.player(me).hand
        for keep in ("sorry-steal", "dont-be-sorry"):
            if mine_after.count(keep) < mine_before.count(keep) and score <= 0:
                score -= 0.5  # spent without gain
        return score

    def choose(self, state: CardState, options: Sequence[Action], rng: random.Random) -> Action:
        me = state.to_act
        values = [self.value(state, a, me) for a in options]
        best = max(values)
        top = [a for a, v in zip(options, values) if v == best]
        return top[int(rng.random() * len(top))]


CARD_STRATEGIES = {"random": RandomCardStrategy, "greedy": GreedyCardStrategy}


def card_strategy(spec: Any):
    """A strategy from its name, a class with ``choose``, or None (a person)."""
    if spec is None or hasattr(spec, "choose"):
        return spec
    if isinstance(spec, str) and spec in CARD_STRATEGIES:
        return CARD_STRATEGIES[spec]()
    raise CardGameError(say("unknown_strategy", strategy=repr(spec),
                            strategies=list(CARD_STRATEGIES)))


