"""Many random games of the SORRY! card game: ``cardgame simulate`` and its figures."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..cardgame.cards import CardGameError
from ..cardgame.game import check_max_turns, new_state
from ..cardgame.rules import Action, advance, distinct_choices, ends_round, perform
from ..core.colours import COLOURS
from ..core.safeio import shown
from ..core.seeds import seed_or_fresh
from ..core.statistics import mean_sd


@dataclass
class CardGameResult:
    winners: list[str]
    rounds: int
    turns: int
    finished: bool


def play_random_cardgame(players: int = 4, seed: Any = None, deck=None,
                         longer_game: bool = False, log: list | None = None,
                         max_turns: int = 10_000) -> CardGameResult:
    """One game with every decision random: uniform over the distinct results ``actions``
    lists. It plays only the chosen decision, in place (:func:`distinct_choices` knows which
    decisions share a result without playing them). ``log``, if given, receives every
    :class:`Action` taken."""
    check_max_turns(max_turns)
    seed = seed_or_fresh(seed)
    state = new_state(players, seed, deck, longer_game)
    chooser = random.Random(f"cardgame-players:{seed}")
    rounds = turns = 0
    while not state.winners and turns < max_turns:
        options = distinct_choices(state)
        choice = options[int(chooser.random() * len(options))]
        if state.pending is None:
            turns += 1
        had_pile = bool(state.play_pile)
        if log is None:
            state = advance(state, choice)
        else:
            notation, explanation, state = perform(state, choice)
            log.append(Action(notation, explanation, state))
        if ends_round(had_pile, choice[0], state):
            rounds += 1
    return CardGameResult(list(state.winners), rounds, turns, bool(state.winners))


#: The most games one run plays (a few milliseconds each: about an hour).
MAX_CARD_GAMES = 1_000_000


def simulate_cardgame(players: int = 4, games: int = 100, seed: Any = None, deck=None,
                      longer_game: bool = False, progress=None) -> dict:
    """Many random games: the ``cardgame simulate --json`` object (docs/cardgame.md). Game
    ``i`` is ``play_random_cardgame(seed=f"{seed}:{i}")``; without a seed the run draws a fresh
    one, returned as ``seed``."""
    import math
    import time

    if isinstance(games, bool) or not isinstance(games, int) or \
            not 1 <= games <= MAX_CARD_GAMES:
        raise CardGameError(f"games: from 1 to {MAX_CARD_GAMES:,}, not {shown(games)}")
    seed = seed_or_fresh(seed)
    colours = list(COLOURS[:players])
    wins = [0.0] * len(colours)
    rounds, turns, unfinished = [], [], 0
    started = time.perf_counter()
    step = max(1, games // 100)
    for i in range(games):
        result = play_random_cardgame(players, f"{seed}:{i}", deck, longer_game)
        if not result.finished:
            unfinished += 1
        for w in result.winners:
            wins[colours.index(w)] += 1 / len(result.winners)
        rounds.append(result.rounds)
        turns.append(result.turns)
        if progress is not None and (i + 1) % step == 0:
            progress(i + 1, games)
    seconds = time.perf_counter() - started

    rounds_mean, rounds_sd = mean_sd(rounds)
    turns_mean, turns_sd = mean_sd(turns)
    return {"games": games, "players": colours, "seed": seed, "wins_per_seat": wins,
            "win_rate_per_seat": [w / games for w in wins],
            "rounds_per_game_mean": rounds_mean, "rounds_per_game_sd": rounds_sd,
            "turns_per_game_mean": turns_mean, "turns_per_game_sd": turns_sd,
            "games_per_second": games / seconds if seconds > 0 else math.inf,
            "unfinished": unfinished}
