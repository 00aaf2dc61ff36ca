"""The evaluator: each player's chance to win from a position, before its card is drawn
(docs/review.md). One API for the review, the coach and the widget::

    evaluate(position)                      # Evaluation: .chances, .exact, .source, .interval
    evaluate(position, refine_games=2000)   # an estimate refined by 2,000 games played on

The card model is the solved games': cards drawn *with replacement*, each with its share of
the rule set's deck (classic: a 1 is 5/45, every other card 4/45), a 2 drawing again. Each
player maximises their own chance to win.

Where the answer comes from, in this order (``Evaluation.source``):

1. ``"result"``: the game is over; the winner's chance is 1, exactly.
2. ``"race"``: two players, each with one pawn not HOME: the one-pawn race solved exactly
   (:mod:`sorry_widget.simulation.exact`; solved once per rule set and pawn count, then looked up).
3. ``"two-pawn"``: red and yellow with two pawns each not HOME, classic rules, when the solved
   two-pawn table is in the user's cache (:mod:`.twopawn`, ``cached_table()``; never built
   here: building it takes minutes).
4. ``"learned"``: the learned value of any classic position (:mod:`.learned`), instant (not
   where its weights for the number of players are all zero, the untrained placeholder).
5. ``"heuristic"``: where neither 2–4 applies (the learned value not installed, or another
   rule set than classic): a race of expected cards. Each pawn's cards still to draw to HOME
   alone on the board under the journey's best policy (mean and variance, solved exactly by
   :func:`.exact.journey`), summed per player, each player's total taken as normal, and the
   chance that a player's total, with the turn order breaking ties, is the smallest (the totals
   scaled by :data:`TEMPO`). It knows nothing of bumps: a stand-in, said as such.

With ``refine_games`` (at most :data:`MAX_REFINE_GAMES`), an answer that is not exact (4 or
5) is replaced by the share of ``refine_games`` games each player won when greedy players
play on from the position (the batch engine where installed, one worker), with each share's
95% Wilson interval (``"simulation"``). Exact answers are never refined.

The rule sets covered are those the solvers model (one card drawn per play, every player
alone): classic, original-1934 and edition-2013. Team play (teams-1992, partnership-1934) and
play from a hand (play-for-points-1992) are refused with :class:`EvaluationError`, as are the
card game's states.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..board.game import next_seat
from ..board.rules import RuleSet
from ..board.state import Position
from ..board.track import HOME, LOCATIONS, SIDE, STEPS_TO_HOME, TRACK_SQUARES
from ..core.colours import COLOURS
from ..core.errors import SorryError
from ..core.safeio import shown
from . import exact

#: The most games a refinement by simulation plays (a minute or two of the pure-Python engine).
MAX_REFINE_GAMES = 100_000
#: The sources, in the order they are tried (module docstring).
SOURCES = ("result", "race", "two-pawn", "learned", "heuristic", "simulation")
#: Who plays on in a refinement by simulation.
REFINE_STRATEGY = "greedy"


class EvaluationError(SorryError, ValueError):
    """A position the evaluator does not cover, or a bad argument; the message says which."""


@dataclass(frozen=True)
class Evaluation:
    """Each player's chance to win from a position, before the card is drawn."""

    #: Colour name -> chance to win; they sum to 1 over the players in the game.
    chances: dict[str, float]
    #: Whether the chances are solved (or the game is over), not estimated.
    exact: bool
    #: Where they come from: one of :data:`SOURCES`.
    source: str
    #: Refined by simulation: colour -> 95% Wilson interval of its share of wins; else None.
    interval: dict[str, tuple[float, float]] | None = None
    #: Refined by simulation: how many games were played.
    games: int = 0

    def chance(self, colour: str) -> float:
        return self.chances[colour]

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"chances": dict(self.chances), "exact": self.exact,
                                "source": self.source}
        if self.interval is not None:
            data["interval"] = {c: list(v) for c, v in self.interval.items()}
            data["games"] = self.games
        return data


def covered(rules: RuleSet) -> bool:
    """Whether the evaluator covers games by ``rules``: one card per play, no partners."""
    return exact._modelled(rules)


def check_covered(rules: RuleSet) -> None:
    if not covered(rules):
        raise EvaluationError(
            f"rules: {rules.name} games are not evaluated: the evaluator models one card drawn "
            f"per play and every player alone (no partners, no hands); it covers "
            f"{', '.join(exact.SOLVABLE)}")


def evaluate(position: Position, rules: str = "classic", refine_games: int = 0,
             seed: Any = None) -> Evaluation:
    """Each player's chance to win from ``position`` before its player to move draws (module
    docstring). ``rules`` is checked against the position's own rule set, which the position
    carries: a position of another rule set is refused. ``refine_games``: 0, or how many games
    to play on from the position when the answer is not exact; ``seed`` fixes those games."""
    if not isinstance(position, Position):
        raise EvaluationError(f"position: expected a board position (sorry-position/1), not "
                              f"{type(position).__name__}")
    wanted = rules if isinstance(rules, str) else getattr(rules, "name", rules)
    if wanted != position.rules.name:
        raise EvaluationError(f"rules: the position is a {position.rules.name} position, not "
                              f"{shown(wanted)}")
    if isinstance(refine_games, bool) or not isinstance(refine_games, int) or \
            not 0 <= refine_games <= MAX_REFINE_GAMES:
        raise EvaluationError(f"refine_games: must be a whole number from 0 to "
                              f"{MAX_REFINE_GAMES:,}, not {shown(refine_games)}")
    check_covered(position.rules)
    found = _instant(position)
    if refine_games and not found.exact:
        return _simulated(position, refine_games, seed)
    return found


# --- the instant answers ---------------------------------------------------------------------

def _instant(position: Position) -> Evaluation:
    """The first of sources 1–5 that answers ``position`` (no refinement)."""
    names = position.colour_names
    winner = position.winner()
    if winner is not None:
        return Evaluation({c: float(c == winner) for c in names}, True, "result")
    if len(names) == 2:
        first = _race_chance(position)
        if first is not None:
            # (the solved value is the first seat's: the second's is its complement, as the
            # race solver and the coach have always written it)
            return Evaluation({names[0]: first, names[1]: 1.0 - first}, True, "race")
        mover = _two_pawn_chance(position)
        if mover is not None:
            return _two_player(position, mover, "two-pawn")
    learned = _learned_chances(position)
    if learned is not None:
        return Evaluation(learned, False, "learned")
    return Evaluation(_heuristic(position), False, "heuristic")


def _two_player(position: Position, mover: float, source: str) -> Evaluation:
    names = position.colour_names
    other = names[1 - position.to_move]
    # The other's chance is 1 minus the mover's, so the two always sum to 1 exactly as
    # floats do, which keeps the review's sums telescoping (docs/review.md).
    return Evaluation({position.colour_to_move: mover, other: 1.0 - mover}, True, source)


#: Solved races: (rule set, colours, pawns HOME each) -> {race state: first seat's chance}.
_RACES: dict[tuple, dict] = {}


def _race_chance(position: Position) -> float | None:
    """The first seat's chance by the solved one-pawn race, or None where it does not
    apply."""
    open_pawns = [[loc for loc in locs if loc != HOME] for locs in position.pawns]
    if any(len(locs) != 1 for locs in open_pawns):
        return None
    homes = tuple(len(locs) - 1 for locs in position.pawns)
    key = (position.rules.identity, position.colours, homes)
    state = (open_pawns[0][0], open_pawns[1][0], position.to_move)
    values = _RACES.setdefault(key, {})
    if state not in values:
        # Every state this one reaches is solved with it: a game's later race positions are
        # mostly among them, so one solve serves a whole endgame.
        order, graph = exact.race_graph(position.rules, state, position.colours, homes)
        solved, _ = exact._solve_race(order, graph, "best", exact.TOLERANCE)
        values.update(solved)
    return values[state]


def solved_races(position: Position) -> dict[tuple[int, int, int], float]:
    """Every one-pawn race solved with ``position``'s (two players, each with one pawn not
    HOME): (the first seat's open pawn, the second's, the seat to draw) -> the first seat's
    chance. From both pawns in START it is every race a game can reach."""
    if _race_chance(position) is None:
        raise EvaluationError("position: not a one-pawn race of two players")
    homes = tuple(len(locs) - 1 for locs in position.pawns)
    return _RACES[(position.rules.identity, position.colours, homes)]


def _optional(name: str):
    """The simulation module ``name`` if this installation has it, else None (the solved
    two-pawn table and the learned value came later than this module; an error inside one
    that is there still shows)."""
    import importlib

    try:
        return importlib.import_module(f"{__package__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__package__}.{name}":
            raise
        return None


#: [the table] once found in the cache. A table not found is looked for again at the next
#: position (a stat of one file), so a table solved later in the session is used at once.
#: Tests set [None] to evaluate as a computer without the table (the Lite site) does.
_TABLE: list = []


def _two_pawn_chance(position: Position) -> float | None:
    """The mover's chance by the solved two-pawn table, where it is cached and covers the
    position; else None."""
    if _TABLE:
        table = _TABLE[0]
    else:
        twopawn = _optional("twopawn")
        table = twopawn.cached_table() if twopawn is not None else None
        if table is not None:
            _TABLE.append(table)
    if table is None or not table.covers(position):
        return None
    return float(table.win_chance(position))


def _learned_chances(position: Position) -> dict[str, float] | None:
    """Colour -> chance by the learned value, for a classic position; else None."""
    if position.rules.name != "classic":
        return None
    learned = _optional("learned")
    if learned is None or not _trained(learned, len(position.colours)):
        return None
    by_index = learned.win_chances(position)
    return {COLOURS[c]: float(by_index[c]) for c in position.colours}


_TRAINED: dict[int, bool] = {}


def _trained(learned, players: int) -> bool:
    """Whether the learned value has weights for ``players`` players that are not all zero:
    the placeholder weights (every chance 1/players) would make every card's luck nil."""
    if players not in _TRAINED:
        weights = getattr(learned, "weights_for", None)
        try:
            _TRAINED[players] = weights is None or any(weights(players))
        except ValueError:
            _TRAINED[players] = False
    return _TRAINED[players]


# --- the stand-in: a race of expected cards --------------------------------------------------

#: A pawn alone counts every card it cannot use; with several pawns in play a card nearly always
#: moves one of them, so a player's summed expectation runs ahead of the cards it will take.
#: Both the means and the variances are divided by this tempo, chosen so that the average luck
#: of a play is about zero over sample games (docs/review.md: 2-player +0.0008 ± 0.0013, 4-player
#: +0.0008 ± 0.0008 over 12 games of random and greedy players; 1.0 gave +0.013 and +0.019).
TEMPO = 3.5
#: Per rule set identity: (mean, variance) of one pawn's cards to HOME from each location, in
#: red's frame.
_JOURNEYS: dict[tuple, tuple[dict[int, float], dict[int, float]]] = {}


def _journey_moments(rules: RuleSet) -> tuple[dict[int, float], dict[int, float]]:
    key = rules.identity
    if key not in _JOURNEYS:
        answer = exact.journey(rules, horizon=1)
        mean = {loc: float(e) for loc, e in answer.expected_from.items()}
        rows = {loc: [(t, float(p)) for t, p in row.items()]
                for loc, row in answer.transitions.items()}
        # E[T^2] from each place: T = 1 + T' after one card, so E[T^2] = sum p (1 + 2 E[T'] +
        # E[T'^2]); solved by iteration (self-loops are the forfeits).
        second = {loc: 0.0 for loc in mean}
        for _ in range(exact.MAX_SWEEPS):
            change = 0.0
            for loc, row in rows.items():
                if loc == HOME:
                    continue
                value = sum(p * (1.0 + 2.0 * mean[t] + second[t]) for t, p in row)
                change = max(change, abs(value - second[loc]))
                second[loc] = value
            if change < 1e-9:
                break
        variance = {loc: max(0.0, second[loc] - mean[loc] ** 2) for loc in mean}
        # A few squares a lone pawn never stops on (inside another colour's slide, say) take
        # the figures of the reached place nearest to them in steps to HOME.
        steps = STEPS_TO_HOME[0]
        for loc in LOCATIONS:
            if loc not in mean:
                near = min(answer.expected_from, key=lambda k: abs(steps[k] - steps[loc]))
                mean[loc], variance[loc] = mean[near], variance[near]
        _JOURNEYS[key] = ({loc: m / TEMPO for loc, m in mean.items()},
                          {loc: v / TEMPO for loc, v in variance.items()})
    return _JOURNEYS[key]


def _red_frame(colour: int, location: int) -> int:
    """A pawn's location seen from red's corner (the board is the same from every side)."""
    if location < TRACK_SQUARES:
        return (location - SIDE * colour) % TRACK_SQUARES
    return location


#: Grid of the integral in :func:`_heuristic`: points per standard deviation and the span.
_GRID_STEP, _GRID_SPAN = 0.25, 6.0


def _heuristic(position: Position) -> dict[str, float]:
    """Colour -> chance by the race of expected cards (module docstring, source 5)."""
    mean, variance = _journey_moments(position.rules)
    n = len(position.colours)
    totals = []
    for colour, locs in zip(position.colours, position.pawns):
        places = [_red_frame(colour, loc) for loc in locs]
        totals.append((sum(mean[p] for p in places), sum(variance[p] for p in places) + 1e-6))
    # In turn order from the player to move: the k-th finishes at T_k + k/n rounds; the first
    # to finish wins. P(k wins) = integral of f_k(t) * prod_j P(T_j + j/n > t + k/n) dt.
    order = [(position.to_move + k) % n for k in range(n)]
    raw = []
    for k, seat in enumerate(order):
        mu, var = totals[seat]
        sd = math.sqrt(var)
        total = 0.0
        steps = int(2 * _GRID_SPAN / _GRID_STEP)
        for i in range(steps + 1):
            z = -_GRID_SPAN + i * _GRID_STEP
            t = mu + z * sd
            density = math.exp(-0.5 * z * z)
            for j, other in enumerate(order):
                if j != k:
                    mu_j, var_j = totals[other]
                    x = (t + (k - j) / n - mu_j) / math.sqrt(var_j)
                    density *= 0.5 * math.erfc(x / math.sqrt(2.0))
            total += density
        raw.append(total)
    whole = sum(raw) or 1.0
    chances = {}
    for seat, value in zip(order, raw):
        chances[COLOURS[position.colours[seat]]] = value / whole
    return {c: chances[c] for c in position.colour_names}


# --- refined by simulation -------------------------------------------------------------------

def _simulated(position: Position, games: int, seed: Any) -> Evaluation:
    from ..core.statistics import wilson_interval
    from .experiments import simulate

    summary = simulate(games=games, strategy=REFINE_STRATEGY, seed=seed, start=position,
                       workers=1)
    wins = dict(zip(summary.players, summary.wins_per_seat))
    names = position.colour_names
    return Evaluation({c: wins[c] / games for c in names}, False, "simulation",
                      {c: wilson_interval(wins[c], games) for c in names}, games)


# --- the chances a card and a move lead to ---------------------------------------------------

def after_move(move) -> Position:
    """The position a move leads to, with the player who draws next to move (the mover again
    after a 2, C7)."""
    return Position._make(move.position.rules, move.position.colours, move.result_pawns,
                          next_seat(move))
