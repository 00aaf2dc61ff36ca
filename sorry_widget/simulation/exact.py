"""Exact answers for small games of Sorry!: Markov chains and Markov decision processes solved
to the last digit instead of estimated by simulation (docs/exact.md).

The card model is drawing *with replacement* from the rule set's deck: each draw is a card with
the probability of its share of the deck (classic: a 1 is 5/45, every other card 4/45). The
moves are the board game's own (:func:`sorry_widget.board.moves.legal_moves`), so every rule
(slides, safety zones, exact count to HOME, bumps, switches, Sorry!) is the engine's.

Two cases are the public contract (``sorry-widget exact journey`` / ``race``):

- :func:`journey`: one red pawn alone on the board, from START to HOME. Where a card allows
  two moves the pawn takes the one with the smaller expected number of cards still to draw
  (ties: the first in the engine's order, forward before backward). Every draw counts as one
  card, a 2's extra draw and a card that cannot be used included.
- :func:`race`: red against yellow, one pawn each, red first, a 2 drawing again: the
  probability that red wins under best play by both (a zero-sum stochastic game: each picks
  the move that maximises its own chance) and when both pick uniformly among the distinct
  positions a card can lead to.

Only the standard library: it runs in JupyterLite. The journey's expectation is solved in
fractions (:class:`fractions.Fraction`), exactly; the race and the probabilities by value
iteration in floating point until no value changes by more than ``tolerance``.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..board.cards import deck_cards
from ..board.game import next_seat
from ..board.moves import legal_moves
from ..board.rules import RULE_SETS, RuleSet, get_rules
from ..board.state import Position
from ..board.track import HOME, START, STEPS_TO_HOME
from ..core.safeio import shown

#: Red and yellow, the two-player colours (docs/rules.md, *Players*).
RED, YELLOW = 0, 2
#: How many ``p_home_within`` values the journey reports: within 1, 2, … 200 cards.
JOURNEY_HORIZON = 200
#: Value iteration stops when no value changes by more than this.
TOLERANCE = 1e-13
#: The finest and the coarsest tolerance a race may be solved to. Finer is never reached (the
#: values stop changing by less than their rounding); 0 or NaN ran on for hours.
MIN_TOLERANCE, MAX_TOLERANCE = 1e-14, 0.01
#: The most ``p_home_within`` values a journey may ask for (a pawn is HOME within 200 cards
#: almost surely); 10**7 ran on past a minute.
MAX_HORIZON = 10_000
#: The most games a check by simulation plays (about a quarter of an hour of games).
MAX_CHECK_GAMES = 1_000_000
#: A solver that has not converged after this many sweeps stops with an error, not a guess
#: (the race needs about 200 at the finest tolerance).
MAX_SWEEPS = 100_000


def _checked(name: str, value: Any, low: float, high: float, whole: bool = True) -> Any:
    """``value`` as a whole number (or any finite number) from ``low`` to ``high``; else one
    ValueError naming the argument, before any work is done."""
    kinds = int if whole else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not low <= value <= high:
        what, low, high = (("a whole number", f"{low:,}", f"{high:,}") if whole
                           else ("a number", f"{low:g}", f"{high:g}"))
        raise ValueError(f"{name}: must be {what} from {low} to {high}, not {shown(value)}")
    return value


def _modelled(rule_set: RuleSet) -> bool:
    # Asked of the rule set's hooks, not its name, so an edition of one's own is judged by
    # what it does: team play moves a partner's pawns, play for points plays from a hand.
    return not rule_set.deals_hands and not rule_set.partnerships()


#: The project's rule sets whose games these models are: one card drawn per play, each player
#: alone (docs/exact.md).
SOLVABLE = tuple(name for name, rule_set in RULE_SETS.items() if _modelled(rule_set))


class ExactError(ValueError):
    """A game these solvers do not model; the message says which and why."""


def _solvable(rules: RuleSet | str) -> RuleSet:
    rule_set = get_rules(rules)
    if not _modelled(rule_set):
        raise ExactError(f"rules: {rule_set.name} is not solved exactly: the solvers model one "
                         f"card per play and no partners; use {', '.join(SOLVABLE)}")
    return rule_set


def card_probabilities(rules: RuleSet | str = "classic") -> dict[int, Fraction]:
    """Each card's chance on one draw with replacement: its share of the rule set's deck."""
    cards = deck_cards(get_rules(rules).deck)
    counts: dict[int, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return {card: Fraction(n, len(cards)) for card, n in sorted(counts.items())}


def _outcome(move) -> tuple:
    """A move's outcome as the solvers see it: (pawns, next seat, whether the mover won)."""
    wins = move.wins
    return (move.result_pawns, next_seat(move, wins), wins)


def _results(position: Position, card: int) -> list[tuple[tuple, int, bool]]:
    """The distinct outcomes of drawing ``card``: (pawns, next seat, whether the mover won), in
    the engine's order of moves (so forward comes before backward)."""
    return list(dict.fromkeys(_outcome(move) for move in legal_moves(position, card)))


# --- one pawn's journey ---------------------------------------------------------------------


@dataclass
class JourneyAnswer:
    """The journey of one red pawn from START to HOME under the best policy."""

    #: Expected number of cards until HOME, exactly.
    expected_cards: Fraction
    #: ``p_home_within[n - 1]``: the probability of being HOME after at most n cards.
    p_home_within: list[float]
    #: Expected cards still to draw from each location (code -> value), exactly.
    expected_from: dict[int, Fraction]
    #: The policy: (location, card) -> the location the pawn moves to.
    policy: dict[tuple[int, int], int]
    #: Every choice: (location, card) -> the locations the card's legal moves lead to.
    choices: dict[tuple[int, int], list[int]]
    #: The transition matrix under the policy: location -> {next location: probability}.
    transitions: dict[int, dict[int, Fraction]]
    rules: str = "classic"
    seconds: float = 0.0

    @property
    def states(self) -> int:
        return len(self.transitions)

    def to_json(self) -> dict:
        """The public answer: ``{"expected_cards": E, "p_home_within": [P1, …, P200]}``."""
        return {"expected_cards": float(self.expected_cards),
                "p_home_within": list(self.p_home_within)}


def journey(rules: RuleSet | str = "classic", horizon: int = JOURNEY_HORIZON) -> JourneyAnswer:
    """One red pawn alone on the board, from START, solved exactly (module docstring).
    ``horizon``: how many ``p_home_within`` values, at most :data:`MAX_HORIZON`."""
    _checked("horizon", horizon, 1, MAX_HORIZON)
    began = time.perf_counter()
    rule_set = _solvable(rules)
    probabilities = card_probabilities(rule_set)
    # Every place the pawn can reach, and where each card can take it from there.
    options: dict[int, dict[int, list[int]]] = {}
    todo = [START]
    while todo:
        loc = todo.pop()
        if loc in options:
            continue
        options[loc] = {}
        if loc == HOME:
            continue
        position = Position._make(rule_set, (RED,), ((loc,),), 0)
        for card in probabilities:
            targets = [pawns[0][0] for pawns, _, _ in _results(position, card)]
            options[loc][card] = targets
            todo.extend(t for t in targets if t not in options)
    places = sorted(options)
    # Value iteration in floats finds the policy; the policy's expectation is then solved in
    # fractions, so the figure is exact and the float search only chooses among moves.
    floats = {loc: 0.0 for loc in places}
    prob_f = {card: float(p) for card, p in probabilities.items()}
    for _ in range(MAX_SWEEPS):
        change = 0.0
        for loc in places:
            if loc == HOME:
                continue
            value = 1.0 + sum(prob_f[c] * min(floats[t] for t in targets)
                              for c, targets in options[loc].items())
            change = max(change, abs(value - floats[loc]))
            floats[loc] = value
        if change < TOLERANCE:
            break
    else:  # pragma: no cover - the chain reaches HOME from everywhere
        raise RuntimeError("the journey's values did not converge")
    policy: dict[tuple[int, int], int] = {}
    for loc in places:
        for card, targets in options[loc].items():
            best = min(floats[t] for t in targets)
            # Ties (within float noise) go to the first move, forward before backward.
            policy[(loc, card)] = next(t for t in targets if floats[t] <= best + 1e-9)
    transitions: dict[int, dict[int, Fraction]] = {}
    for loc in places:
        row: dict[int, Fraction] = {}
        for card, p in probabilities.items():
            if loc == HOME:
                continue
            target = policy[(loc, card)]
            row[target] = row.get(target, Fraction(0)) + p
        transitions[loc] = row
    expected = _expected_steps(transitions, places)
    within = []
    dist = {START: 1.0}
    float_rows = {loc: {t: float(p) for t, p in row.items()} for loc, row in transitions.items()}
    for _ in range(horizon):
        nxt: dict[int, float] = {}
        for loc, mass in dist.items():
            if loc == HOME:
                nxt[HOME] = nxt.get(HOME, 0.0) + mass
                continue
            for target, p in float_rows[loc].items():
                nxt[target] = nxt.get(target, 0.0) + mass * p
        dist = nxt
        within.append(min(1.0, dist.get(HOME, 0.0)))
    choices = {(loc, card): targets for loc, row in options.items()
               for card, targets in row.items()}
    return JourneyAnswer(expected[START], within, expected, policy, choices, transitions,
                         rule_set.name, time.perf_counter() - began)


def _expected_steps(transitions: dict[int, dict[int, Fraction]],
                    places: list[int]) -> dict[int, Fraction]:
    """Expected steps to HOME from each place, exactly: E = 1 + P·E on the places before HOME,
    solved by Gauss–Jordan elimination in fractions."""
    unknown = [loc for loc in places if loc != HOME]
    index = {loc: i for i, loc in enumerate(unknown)}
    n = len(unknown)
    # (I - P) E = 1
    matrix = [[Fraction(int(i == j)) for j in range(n)] + [Fraction(1)] for i in range(n)]
    for loc in unknown:
        for target, p in transitions[loc].items():
            if target != HOME:
                matrix[index[loc]][index[target]] -= p
    for col in range(n):
        pivot = next(r for r in range(col, n) if matrix[r][col] != 0)
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        head = matrix[col][col]
        matrix[col] = [v / head for v in matrix[col]]
        for r in range(n):
            factor = matrix[r][col]
            if r != col and factor != 0:
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[col])]
    out = {loc: matrix[index[loc]][n] for loc in unknown}
    out[HOME] = Fraction(0)
    return out


# --- the two-pawn race -----------------------------------------------------------------------


@dataclass
class RaceAnswer:
    """Red's chance of winning the one-pawn race against yellow, red drawing first."""

    #: Both players pick the move that maximises their own chance of winning.
    first_player_wins: float
    #: Both players pick uniformly among the distinct resulting positions.
    first_player_wins_random: float
    #: Reachable non-final states (red's place, yellow's place, who draws).
    states: int
    sweeps: dict[str, int] = field(default_factory=dict)
    rules: str = "classic"
    seconds: float = 0.0
    #: Red's chance from every state under best play, and under random play.
    values_best: dict = field(default_factory=dict, repr=False)
    values_random: dict = field(default_factory=dict, repr=False)

    def to_json(self) -> dict:
        """The public answer: ``{"first_player_wins": P, "first_player_wins_random": Q}``."""
        return {"first_player_wins": self.first_player_wins,
                "first_player_wins_random": self.first_player_wins_random}


#: A race state: (red's place, yellow's place, seat to draw: 0 red, 1 yellow).
RaceState = tuple[int, int, int]


def race_graph(rules: RuleSet | str = "classic", start: RaceState = (START, START, 0),
               colours: tuple[int, int] = (RED, YELLOW), homes: tuple[int, int] = (0, 0)
               ) -> tuple[list[RaceState], dict[RaceState, list[tuple[float, list]]]]:
    """Every state reachable from ``start``, and for each, per card, its probability and the
    distinct outcomes: a state, or ``"red"``/``"yellow"`` (the first or second seat) for a
    win. ``colours``: the two colours, in turn order; ``homes``: how many pawns each already
    has HOME (they take no part: a coach's endgame, docs/coach.md)."""
    rule_set = _solvable(rules)
    probabilities = {c: float(p) for c, p in card_probabilities(rule_set).items()}
    graph: dict[RaceState, list[tuple[float, list]]] = {}
    todo: list[RaceState] = [start]
    while todo:
        state = todo.pop()
        if state in graph:
            continue
        first, second, seat = state
        position = Position._make(rule_set, colours, (_pawns(first, homes[0]),
                                                      _pawns(second, homes[1])), seat)
        row = []
        for card, p in probabilities.items():
            outcomes: list = []
            for pawns, nxt, wins in _results(position, card):
                if wins:
                    outcomes.append("red" if seat == 0 else "yellow")
                    continue
                following = (pawns[0][0], pawns[1][0], nxt)
                outcomes.append(following)
                if following not in graph:
                    todo.append(following)
            row.append((p, outcomes))
        graph[state] = row
    # Farther along first: most moves go forward, so sweeping from the end converges fastest.
    order = sorted(graph, key=lambda s: -(_progress(s[0], colours[0]) +
                                          _progress(s[1], colours[1])))
    return order, graph


def _pawns(location: int, home: int) -> tuple[int, ...]:
    # Sorted, as positions keep them: HOME is the largest code.
    return (location,) + (HOME,) * home


def _progress(location: int, colour: int) -> int:
    return 0 if location == START else 65 - STEPS_TO_HOME[colour][location]


def solvable_position(position: Position):
    """For a position small enough to solve — two players, each with one pawn not HOME, under
    a rule set of :data:`SOLVABLE` — a function returning every reachable state's value (the
    first seat's chance of winning under best play by both, from :func:`race_graph`); else
    None. The coach answers such positions exactly."""
    if not _modelled(position.rules) or len(position.colours) != 2:
        return None
    open_pawns = [[loc for loc in locs if loc != HOME] for locs in position.pawns]
    if any(len(locs) != 1 for locs in open_pawns):
        return None
    homes = tuple(len(locs) - 1 for locs in position.pawns)
    start = (open_pawns[0][0], open_pawns[1][0], position.to_move)

    def solve() -> dict[RaceState, float]:
        order, graph = race_graph(position.rules, start, position.colours, homes)
        values, _ = _solve_race(order, graph, "best", TOLERANCE)
        return values
    return solve


def chance_after(values: dict[RaceState, float], move) -> float:
    """The mover's chance of winning after ``move``, by values from :func:`solvable_position`."""
    pawns, seat, wins = _outcome(move)
    if wins:
        return 1.0
    first_seat = values[(pawns[0][0], pawns[1][0], seat)]
    return first_seat if move.position.to_move == 0 else 1.0 - first_seat


def _solve_race(order, graph, choose: str, tolerance: float) -> tuple[dict, int]:
    """Red's winning chance from every state, by Gauss–Seidel value iteration. ``choose``:
    ``"best"`` (red maximises, yellow minimises) or ``"random"`` (the mean over outcomes)."""
    index = {s: i for i, s in enumerate(order)}
    n = len(order)
    # Two fixed slots after the states: a red win is worth 1, a yellow win 0.
    slot = {"red": n, "yellow": n + 1}
    value = [0.5] * n + [1.0, 0.0]
    # Per state: the probability of the cards with one outcome, gathered by outcome, and the
    # cards with a choice; a plain loop over indices is the hot path of the solve.
    plain: list[list[tuple[float, int]]] = []
    choices: list[list[tuple[float, tuple[int, ...]]]] = []
    for state in order:
        single: dict[int, float] = {}
        multi = []
        for p, outcomes in graph[state]:
            idx = tuple(slot[o] if isinstance(o, str) else index[o] for o in outcomes)
            if len(set(idx)) == 1:
                single[idx[0]] = single.get(idx[0], 0.0) + p
            else:
                multi.append((p, idx))
        plain.append(list(single.items()))
        choices.append(multi)
    for sweep in range(1, MAX_SWEEPS + 1):
        change = 0.0
        for i in range(n):
            total = 0.0
            for j, p in plain[i]:
                total += p * value[j]
            if choices[i]:
                if choose == "random":
                    for p, idx in choices[i]:
                        total += p * sum([value[j] for j in idx]) / len(idx)
                elif order[i][2] == 0:
                    for p, idx in choices[i]:
                        total += p * max([value[j] for j in idx])
                else:
                    for p, idx in choices[i]:
                        total += p * min([value[j] for j in idx])
            diff = total - value[i]
            if diff > change or -diff > change:
                change = abs(diff)
            value[i] = total
        if change < tolerance:
            return {s: value[index[s]] for s in order}, sweep
    raise RuntimeError("the race's values did not converge")  # pragma: no cover


def race(rules: RuleSet | str = "classic", tolerance: float = TOLERANCE) -> RaceAnswer:
    """Red against yellow, one pawn each from START, red first (module docstring).
    ``tolerance``: from :data:`MIN_TOLERANCE` to :data:`MAX_TOLERANCE`."""
    _checked("tolerance", tolerance, MIN_TOLERANCE, MAX_TOLERANCE, whole=False)
    began = time.perf_counter()
    order, graph = race_graph(rules)
    best, best_sweeps = _solve_race(order, graph, "best", tolerance)
    random, random_sweeps = _solve_race(order, graph, "random", tolerance)
    start = (START, START, 0)
    return RaceAnswer(best[start], random[start], len(order),
                      {"best": best_sweeps, "random": random_sweeps},
                      get_rules(rules).name, time.perf_counter() - began, best, random)


def journey_report(answer: JourneyAnswer) -> str:
    """The journey in words, for the command line."""
    e = answer.expected_cards
    lines = [
        f"One red pawn alone on the board, from START to HOME ({answer.rules} rules; cards "
        "drawn with replacement, each with its share of the deck).",
        f"Expected cards to HOME, taking at every choice the move with fewer cards still to "
        f"expect: {float(e):.6f}",
        f"  exactly a fraction of {len(str(e.numerator))} digits over "
        f"{len(str(e.denominator))} digits",
    ]
    for n in (10, 20, 30, 50, 100, 200):
        if n <= len(answer.p_home_within):
            lines.append(f"P(HOME within {n:>3} cards) = {answer.p_home_within[n - 1]:.6f}")
    lines.append(f"{answer.states} places, solved in {answer.seconds:.2f} s.")
    return "\n".join(lines)


def race_report(answer: RaceAnswer) -> str:
    """The race in words, for the command line."""
    return "\n".join([
        f"Red against yellow, one pawn each from START, red draws first ({answer.rules} "
        "rules; cards drawn with replacement).",
        f"Red wins with probability {answer.first_player_wins:.10f} when both play their best",
        f"                          {answer.first_player_wins_random:.10f} when both choose at "
        "random among the distinct positions a card leads to",
        f"{answer.states} states, solved by value iteration to {TOLERANCE:g} in "
        f"{answer.seconds:.2f} s.",
    ])


# --- the same games, simulated -----------------------------------------------------------------


class ReplacementDraws:
    """A card source for :class:`~sorry_widget.board.game.Game` that draws *with replacement*:
    every draw is independent, with each card's share of the deck, as the exact model has it."""

    def __init__(self, deck: str, rng: random.Random) -> None:
        self.cards = deck_cards(deck)
        self.rng = rng

    def draw(self) -> int:
        return self.rng.choice(self.cards)

    def take(self, card: int) -> int:
        return card

    def discard(self, card: int) -> None:
        """Nothing leaves the deck: the next draw is from all of it again."""

    def __len__(self) -> int:
        return len(self.cards)


class JourneyPolicy:
    """The journey's policy as a strategy: the move to the place with fewer cards to expect."""

    name = "exact-journey"

    def __init__(self, answer: JourneyAnswer) -> None:
        self.expected = answer.expected_from

    def choose(self, position, card, moves, rng):
        # min() keeps the first of equals: forward before backward, as the solver does.
        return min(moves, key=lambda m: self.expected[m.result_pawns[0][0]])


class RaceStrategy:
    """A race player: ``"best"`` picks the move with its own best chance by the solved values;
    ``"random"`` picks uniformly among the distinct resulting positions."""

    def __init__(self, kind: str, values: dict[RaceState, float] | None = None) -> None:
        self.kind = kind
        self.name = f"exact-race-{kind}"
        self.values = values

    def choose(self, position, card, moves, rng):
        outcomes = list(dict.fromkeys(_outcome(m) for m in moves))
        if self.kind == "random":
            wanted = outcomes[rng.randrange(len(outcomes))]
        else:
            first_seat = position.to_move == 0

            def first_seat_chance(outcome):
                pawns, seat, wins = outcome
                if wins:
                    return 1.0 if first_seat else 0.0
                return self.values[(pawns[0][0], pawns[1][0], seat)]
            pick = max if first_seat else min
            wanted = pick(outcomes, key=first_seat_chance)
        return next(m for m in moves if _outcome(m) == wanted)


def simulate_journey(games: int, seed: int = 1, rules: RuleSet | str = "classic",
                     answer: JourneyAnswer | None = None, replacement: bool = True) -> list[int]:
    """Cards to HOME in each of ``games`` journeys played by the engine's own :class:`Game`
    with cards drawn with replacement, under the exact policy. ``replacement=False`` draws
    from the game's own deck instead, a real one (no card comes back until the pile runs out
    and the discards are shuffled), with the same policy: how far the model is from a real
    deck (docs/exact.md)."""
    from ..board.game import Game
    _checked("games", games, 1, MAX_CHECK_GAMES)
    rule_set = get_rules(rules)
    policy = JourneyPolicy(answer or journey(rule_set))
    rng = random.Random(seed)
    start = Position._make(rule_set, (RED,), ((START,),), 0)
    out = []
    for _ in range(games):
        game = Game(start=start, seed=rng.randrange(2**62), strategies={"red": policy},
                    keep_history=False)
        deck_seed = rng.randrange(2**62)  # drawn either way: a seed's games stay the same
        if replacement:
            game.pile = ReplacementDraws(rule_set.deck, random.Random(deck_seed))
        game.run()
        out.append(game.cards_played)
    return out


def simulate_race(games: int, kind: str = "best", seed: int = 1,
                  rules: RuleSet | str = "classic", start: RaceState = (START, START, 0),
                  values: dict[RaceState, float] | None = None) -> list[bool]:
    """Whether red won each of ``games`` races played by the engine's own :class:`Game` with
    cards drawn with replacement, both players choosing by ``kind`` (``"best"`` or
    ``"random"``), from ``start`` (red's place, yellow's place, seat to draw). ``values``: a
    race's ``values_best``, to save solving again."""
    from ..board.game import Game
    _checked("games", games, 1, MAX_CHECK_GAMES)
    rule_set = get_rules(rules)
    if kind == "best" and values is None:
        # Only best play's values are needed: the random policy's solve is skipped.
        values, _ = _solve_race(*race_graph(rule_set), "best", TOLERANCE)
    strategy = RaceStrategy(kind, values)
    rng = random.Random(seed)
    position = Position._make(rule_set, (RED, YELLOW), ((start[0],), (start[1],)), start[2])
    out = []
    for _ in range(games):
        game = Game(start=position, seed=rng.randrange(2**62),
                    strategies={"red": strategy, "yellow": strategy}, keep_history=False)
        game.pile = ReplacementDraws(rule_set.deck, random.Random(rng.randrange(2**62)))
        out.append(game.run() == "red")
    return out
