"""The review of a game: the luck of every card and the error of every move (docs/review.md).

As GNU Backgammon reviews a game of backgammon, every play (one card drawn and played) is split
into what the card did and what the player did with it, in the mover's chance to win:

* ``before``: the mover's chance before drawing (:func:`.evaluate.evaluate` of the position);
* ``after_draw``: the mover's chance after the best move this card allows;
* ``after``: the mover's chance after the move chosen (1 for a move that wins);
* ``luck = after_draw - before``: what the card gave or took;
* ``error = after_draw - after``: what the move gave away against the best one (never below 0),
  and ``best``, the best move's notation (the move chosen where it is as good as any).

Each chance is the evaluator's, for the position with the player who draws next to move (after
a 2 the mover draws again, C7: the next play's ``before`` is theirs). Since ``after`` of one
play and ``before`` of the next are the same evaluation of the same position,
``luck - error = after - before`` adds up along the game: in a two-player game the first
player's sum of (luck − error) minus the second player's is the first player's result (1 or 0;
an unfinished game: their chance after the last play) minus their chance at the record's start.

The card model is the evaluator's: cards drawn with replacement, each with its share of the
deck, as the solved games assume (:data:`CARD_MODEL`), whatever the record's deck did.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..board.cards import CARD_NAMES
from ..board.game import Game
from ..board.moves import legal_moves
from ..board.record import Record, RecordError
from .evaluate import Evaluation, after_move, check_covered, evaluate

#: The card model of every chance in a review (stated in the JSON as ``card_model``).
CARD_MODEL = "with-replacement"
#: A move that gives away at least this much of the mover's chance to win is a blunder
#: (5 percentage points: about one game in twenty lost by it).
BLUNDER = 0.05
#: How many seeds :func:`timing_record` tries before it gives up on a length.
TIMING_SEEDS = 100


@dataclass(frozen=True)
class PlayReview:
    """One play of the game, reviewed."""

    #: 1-based, as the record counts its plays.
    play: int
    turn: int
    colour: str
    card: str
    #: The move chosen, in the record's notation.
    move: str
    before: float
    after_draw: float
    after: float
    #: The best move's notation: the move chosen where no other is better.
    best: str
    #: Whether every chance of this play is solved (or a win), not estimated.
    exact: bool
    #: How many distinct positions the card could lead to: a decision where more than one.
    choices: int

    @property
    def luck(self) -> float:
        return self.after_draw - self.before

    @property
    def error(self) -> float:
        return self.after_draw - self.after

    @property
    def decision(self) -> bool:
        return self.choices > 1

    def to_dict(self) -> dict[str, Any]:
        return {"play": self.play, "turn": self.turn, "colour": self.colour, "card": self.card,
                "move": self.move, "before": self.before, "after_draw": self.after_draw,
                "after": self.after, "luck": self.luck, "error": self.error, "best": self.best,
                "exact": self.exact, "choices": self.choices}


@dataclass(frozen=True)
class PlayerTotals:
    """One colour's sums over its plays."""

    luck: float
    error: float
    plays: int
    decisions: int
    blunders: int

    @property
    def error_per_decision(self) -> float:
        """The mean error of the plays where the card left a choice (0 without any)."""
        return self.error / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"luck": self.luck, "error": self.error, "plays": self.plays,
                "decisions": self.decisions, "error_per_decision": self.error_per_decision,
                "blunders": self.blunders}


@dataclass
class Review:
    """A reviewed record: every play, the totals per colour, and where the game began and
    ended in chances."""

    rules: str
    #: The colours in turn order.
    colours: tuple[str, ...]
    plays: list[PlayReview]
    #: Each colour's chance at the record's start, and after its last play.
    start: dict[str, float]
    end: dict[str, float]
    #: The record's winner (a colour), or None for an unfinished game.
    winner: str | None
    #: Where the values came from: source -> how many positions it evaluated.
    sources: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    #: Every colour's chance at each position: 0 the start, n after play n (a graph's points).
    frames: list[dict[str, float]] = field(default_factory=list)

    @property
    def players(self) -> dict[str, PlayerTotals]:
        """Colour -> its totals, in turn order."""
        out = {}
        for colour in self.colours:
            mine = [p for p in self.plays if p.colour == colour]
            out[colour] = PlayerTotals(
                luck=sum(p.luck for p in mine), error=sum(p.error for p in mine),
                plays=len(mine), decisions=sum(p.decision for p in mine),
                blunders=sum(p.error >= BLUNDER for p in mine))
        return out

    def largest_errors(self, count: int = 5) -> list[PlayReview]:
        """The plays that gave away most, largest first (none that gave nothing away)."""
        chosen = sorted((p for p in self.plays if p.error > 0), key=lambda p: -p.error)
        return chosen[:count]

    def luckiest(self, count: int = 5) -> list[PlayReview]:
        """The cards that helped their mover most, luckiest first."""
        chosen = sorted((p for p in self.plays if p.luck > 0), key=lambda p: -p.luck)
        return chosen[:count]

    def to_json(self) -> dict[str, Any]:
        """The public answer (docs/review.md): ``plays`` in the record's order, ``players``
        with each colour's totals, and the card model."""
        return {"rules": self.rules, "card_model": CARD_MODEL, "blunder_threshold": BLUNDER,
                "colours": list(self.colours), "start": dict(self.start),
                "end": dict(self.end), "winner": self.winner,
                "plays": [p.to_dict() for p in self.plays],
                "players": {c: t.to_dict() for c, t in self.players.items()},
                "sources": dict(self.sources), "chances": [dict(f) for f in self.frames]}


def review(record: Record, progress: Callable[[int, int], None] | None = None) -> Review:
    """Review every play of ``record`` (module docstring). ``progress(done, total)`` is
    called after each play. A record whose rule set the evaluator does not cover (team play,
    play from a hand) raises :class:`~.evaluate.EvaluationError`; a record that does not
    replay, :class:`~sorry_widget.board.record.RecordError`."""
    if not isinstance(record, Record):
        raise RecordError(f"record: expected a board game's Record, not {type(record).__name__}")
    if progress is not None and not callable(progress):
        raise ValueError(f"progress: must be a function of (done, total) or None, not a "
                         f"{type(progress).__name__}")
    began = time.perf_counter()
    check_covered(record.rule_set)
    positions = record.replay()
    moves = record.moves
    known: dict = {}
    sources: dict[str, int] = {}

    def value(position) -> Evaluation:
        found = known.get(position)
        if found is None:
            found = known[position] = evaluate(position, position.rules.name)
            sources[found.source] = sources.get(found.source, 0) + 1
        return found

    plays = []
    total = len(moves)
    for n, (move, played) in enumerate(zip(moves, record.plays), 1):
        position = positions[n - 1]
        mover = position.colour_to_move
        now = value(position)
        exact = now.exact
        # The card's distinct outcomes, in the engine's order; a win is worth 1 to the mover.
        outcomes: dict = {}
        for option in legal_moves(position, move.card):
            if option.result_pawns not in outcomes:
                outcomes[option.result_pawns] = option
        best, best_value = None, -1.0
        chosen_value = None
        for pawns, option in outcomes.items():
            if option.wins:
                chance = 1.0
            else:
                found = value(after_move(option))
                chance = found.chances[mover]
                exact = exact and found.exact
            if chance > best_value:
                best, best_value = option, chance
            if pawns == move.result_pawns:
                chosen_value = chance
        if chosen_value == best_value:
            best = move
        plays.append(PlayReview(n, played.turn, mover, CARD_NAMES[move.card], played.move,
                                now.chances[mover], best_value, chosen_value, best.notation,
                                exact, len(outcomes)))
        if progress is not None:
            progress(n, total)
    return Review(record.rule_set.name, positions[0].colour_names, plays,
                  dict(value(positions[0]).chances), dict(value(positions[-1]).chances),
                  record.winner if isinstance(record.winner, str) else None, sources,
                  time.perf_counter() - began, [dict(value(p).chances) for p in positions])


def timing_record(plays: int = 400, seed: int = 0) -> Record:
    """The game the review is timed on (issue 34: about 400 plays, 4 players, classic rules),
    the same natively (``benchmarks/review_speed.py``) and in the Lite site
    (``tests/test_lite.py``): the first of the seeds ``"review-speed-{seed}"``,
    ``"review-speed-{seed + 1}"``, ... whose 4-player game of random players has ``plays``
    plays, give or take 10%. Raises ValueError where none of :data:`TIMING_SEEDS` seeds does."""
    if isinstance(plays, bool) or not isinstance(plays, int) or plays < 1:
        raise ValueError(f"plays: expected a whole number of plays of at least 1, not {plays!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed: expected a whole number, not {seed!r}")
    for tried in range(seed, seed + TIMING_SEEDS):
        game = Game(4, seed=f"review-speed-{tried}")
        game.run()
        if abs(game.cards_played - plays) <= plays // 10:
            return Record.from_game(game)
    raise ValueError(f"plays: no 4-player game of {plays} plays (± 10%) among the "
                     f"{TIMING_SEEDS} seeds from {seed}")


def review_file(path) -> Review:
    """Review the record in the file at ``path`` (read with the record reader's limits)."""
    return review(Record.load(path))
