"""Rule sets: one class per way to play the board game (docs/rules.md, *Rule options* and
*Editions*), found by name or alias, in the spirit of python-chess's variants.

A rule set is an immutable value: its options (the deck, pawns per player, the 2013 changes,
how the leader is chosen) are fields, so two rule sets with different options are different
values and positions under them are different positions. What differs between editions beyond
options is a method the game, the records, the simulations, the command and the widget ask —
who leads, how hands are dealt and refilled, whose pawns a card moves, who has won, what the
score is, which fast loops can play it — so an edition is one class here and nothing outside
this module asks which edition it is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from .track import COLOURS, HOME, START, start_exit
from .cards import DECKS, deck_cards
from ..core.errors import SorryError
from ..core.safeio import key_shown, shown

#: The options a rule set has, with the kind of value each takes (docs/rules.md).
OPTION_TYPES: dict[str, type] = {
    "deck": str,
    "pawns_per_player": int,
    "sorry_forward_4": bool,
    "two_draws_again": bool,
    "leader_by_high_card": bool,
}


def option_problem(key: str, value: Any) -> str | None:
    """What is wrong with a rule option as a file gives it (a position's or a record's
    ``options``), or None: ``"deck: 5 is not a deck; decks are …"``."""
    if key not in OPTION_TYPES:
        return (f"{key_shown(key)}: not a rule option; options "
                f"are {', '.join(OPTION_TYPES)}")
    if key == "deck":
        if isinstance(value, str) and value in DECKS:
            return None
        return f"deck: {shown(value)} is not a deck; decks are {', '.join(sorted(DECKS))}"
    kind = OPTION_TYPES[key]
    if isinstance(value, bool) != (kind is bool) or not isinstance(value, kind):
        wanted = "true or false" if kind is bool else "a whole number"
        return f"{key}: must be {wanted}, not {shown(value)}"
    return None


def winner_json(winner):
    """A winner as JSON writes it: a colour, a team's two colours as a list, or None."""
    return list(winner) if isinstance(winner, tuple) else winner


class RuleError(SorryError):
    """An unknown rule set or option, or a value it cannot take; the message names it."""


#: The fast loops (simulation/fast_loop.py, simulation/batch_engine.py), as
#: :meth:`RuleSet.plays_fast` names them.
FAST_ENGINES = frozenset({"fast_loop", "batch"})


@dataclass(frozen=True)
class Result:
    """How a game stands by its rule set: the winner (a colour, a team's two colours, or None
    while nobody has won), the points per colour (None where the rule set keeps no score) and
    whether the win counts twice (the 1934 partnership game; None elsewhere, or before a win)."""

    winner: str | tuple[str, str] | None
    scores: dict[str, int] | None = None
    double_game: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        """As JSON writes it (the ``score`` command, docs/position-format.md *Scores*): the
        winner always, ``scores`` and ``double_game`` only where the rule set has them."""
        data: dict[str, Any] = {"winner": winner_json(self.winner)}
        if self.scores is not None:
            data["scores"] = self.scores
        if self.double_game is not None:
            data["double_game"] = self.double_game
        return data


#: The hooks whose classic answers the fast loops have built in.
_BUILT_INTO_LOOPS = ("choose_leader", "draws_again", "deal", "refill", "mover_seats", "wins",
                     "winner")


def high_card_draw(colours: Sequence[str], deck: str, seed: Any) -> tuple[str, list[list]]:
    """Who leads by the high-card draw (1934, docs/rules.md *Rule options*): each player draws a
    card from a shuffled pack, the highest leads, Sorry! highest of all; players who tie for the
    highest draw again. Returns the leader and every round's draws ``[(colour, card), …]``. The
    cards go back: the game's own pile is shuffled apart from this draw."""
    rng = random.Random(f"leader:{seed}")
    drawing, rounds = list(colours), []
    while True:
        pack = deck_cards(deck)
        rng.shuffle(pack)
        draws = [(colour, pack.pop()) for colour in drawing]
        rounds.append(draws)
        top = max(card for _, card in draws)
        drawing = [colour for colour, card in draws if card == top]
        if len(drawing) == 1:
            return drawing[0], rounds


@dataclass(frozen=True)
class RuleSet:
    """One reading of the rules. ``name`` is what positions and records store; the fields are
    the rule options, each with this rule set's default."""

    name: ClassVar[str] = "classic"
    title: ClassVar[str] = "Classic rules (1992 rulebook, modern 45-card deck)"
    aliases: ClassVar[tuple[str, ...]] = ()
    #: How a finished game is scored: None (no points), "point-sorry" (1934) or "adults" (1992).
    scoring: ClassVar[str | None] = None
    #: Partners, for the team rule sets: each pair moves and wins together (T1–T8).
    teams: ClassVar[tuple[tuple[str, str], ...] | None] = None
    #: Cards each player holds (play for points, P2); 0: one card is drawn and played. Other
    #: modules ask :attr:`deals_hands`, :meth:`deal` and :meth:`refill`; the number itself is
    #: read only where a file's hands are checked.
    hand_size: ClassVar[int] = 0
    #: The fast loops that play this rule set's games exactly as the game does
    #: (:meth:`plays_fast`). They know the options, one drawn card per play, a player moving
    #: their own pawns and winning alone, and ask only :meth:`scores_from`.
    fast_engines: ClassVar[frozenset[str]] = FAST_ENGINES

    #: ``"classic45"`` (five 1s) or ``"original44"`` (four of every card).
    deck: str = "classic45"
    #: Pawns each player starts a new game with: 4, or 3 for the faster game.
    pawns_per_player: int = 4
    #: 2013 edition: a Sorry! card may instead move one pawn 4 forward.
    sorry_forward_4: bool = False
    #: C7: a 2 draws again. Off in the 2013 edition.
    two_draws_again: bool = True
    #: 1934: each player draws a card and the highest leads (Sorry! highest).
    leader_by_high_card: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            kind = OPTION_TYPES[f.name]
            if isinstance(value, bool) != (kind is bool) or not isinstance(value, kind):
                raise RuleError(f"{f.name}: expected {kind.__name__}, not {value!r}")
        if self.deck not in DECKS:
            raise RuleError(f"deck: unknown deck {self.deck!r}; known decks are {sorted(DECKS)}")
        if self.pawns_per_player not in (3, 4):
            raise RuleError(f"pawns_per_player: must be 4, or 3 for the faster game, not "
                            f"{self.pawns_per_player!r}")
        # What makes two positions' rules the same: the name and every option but the number
        # of pawns, which a position's own pawn lists say.
        object.__setattr__(self, "identity", (self.name, tuple(
            getattr(self, f.name) for f in fields(self) if f.name != "pawns_per_player")))

    def with_options(self, **options: Any) -> RuleSet:
        """A copy with some options changed, e.g. ``classic.with_options(pawns_per_player=3)``.
        The name stays, so positions and records still say which rule set they follow."""
        unknown = sorted(set(options) - set(OPTION_TYPES))
        if unknown:
            raise RuleError(f"{unknown[0]}: not a rule option; options are "
                            f"{', '.join(OPTION_TYPES)}")
        return replace(self, **options)

    def options(self) -> dict[str, Any]:
        """The options that differ from this rule set's defaults (what a position or record
        writes), in a fixed order."""
        base = type(self)()
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(base, f.name)}

    # --- what differs between editions -----------------------------------------------------

    def describe(self) -> dict[str, Any]:
        """What the widget's page shows of the rule set: its name and title, its scoring (None,
        "point-sorry" or "adults"), its teams (lists of two colours, or None) and the cards a
        player holds (0: one card is drawn)."""
        teams = self.partnerships()
        return {"name": self.name, "title": self.title, "scoring": self.scoring,
                "teams": [list(t) for t in teams] if teams else None,
                "hand_size": self.hand_size}

    def plays_fast(self, engine: str) -> bool:
        """Whether the fast loop ``engine`` (``"fast_loop"`` or ``"batch"``) plays these rules'
        games exactly as :class:`~.game.Game` does (see :attr:`fast_engines`)."""
        if engine not in FAST_ENGINES:
            raise RuleError(f"engine: {shown(engine)} is not a fast loop; fast loops are "
                            f"{', '.join(sorted(FAST_ENGINES))}")
        # A rule set that plays differently by a hook the loops have built in cannot be played
        # by them, whatever it inherited: so a new edition need not remember to say so.
        built_in = all(getattr(type(self), hook) is getattr(RuleSet, hook)
                       for hook in _BUILT_INTO_LOOPS)
        return engine in self.fast_engines and not self.deals_hands and built_in

    def choose_leader(self, colours: Sequence[str], seed: Any) -> tuple[str | None, list]:
        """Who leads a new game and the draws that chose them: by default nobody is chosen
        (None: the first colour in turn order leads), or with the option
        ``leader_by_high_card`` the 1934 high-card draw (:func:`high_card_draw`)."""
        if self.leader_by_high_card:
            return high_card_draw(colours, self.deck, seed)
        return None, []

    def draws_again(self, card: int, discarded: bool) -> bool:
        """Whether the player who just played ``card`` plays the next card too: a 2 draws again
        (C7) where the option ``two_draws_again`` says so, but a discarded 2 gives no play
        (P4)."""
        return card == 2 and self.two_draws_again and not discarded

    # Hands (play for points, P2–P3). Without hands each play draws one card.

    @property
    def deals_hands(self) -> bool:
        """Whether each player holds a hand and chooses which card to play (P2), rather than
        drawing one card and playing it."""
        return self.hand_size > 0

    def deal(self, order: Sequence[str], draw: Callable[[], int]) -> dict[str, list[int]]:
        """Each colour's hand, dealt one card at a time around ``order`` (the leader first) by
        ``draw`` (P2); no hands (``{}``) where each play draws one card."""
        hands: dict[str, list[int]] = {c: [] for c in order} if self.deals_hands else {}
        for _ in range(self.hand_size):
            for colour in order:
                hands[colour].append(draw())
        return hands

    def refill(self, hand: list[int], draw: Callable[[], int]) -> tuple[int, ...]:
        """Draw ``hand`` back to a full hand after a play or a discard (P2, P3); the cards
        drawn, which join the hand."""
        missing = self.hand_size - len(hand)
        drawn = (draw(),) if missing == 1 else tuple([draw() for _ in range(missing)])
        hand.extend(drawn)
        return drawn

    # Teams (T1–T8). Without teams each colour plays alone.

    def partnerships(self) -> tuple[tuple[str, str], ...] | None:
        """The teams, each two colours that move and win together (T1–T8); None where every
        colour plays for itself."""
        return self.teams

    def team_of(self, colour: str) -> tuple[str, ...]:
        """The colours that win with ``colour``: itself alone, or it and its partner (T8)."""
        return (colour,)

    def partner(self, colour: str) -> str | None:
        """The partner of ``colour`` (T1), or None where every colour plays for itself."""
        return None

    # Winning and scoring (C14, T8, P5).

    def result(self, position) -> Result:
        """How ``position`` stands: the winner, the scores and the double game together."""
        return Result(self.winner(position), self.scores(position),
                      self.double_game(position))

    def keeps_score(self) -> bool:
        """Whether a finished game has points (Point Sorry, 1934; P5, 1992)."""
        return self.scoring is not None

    def double_game(self, position) -> bool | None:
        """Whether the win counts twice; None: these rules have no double game, or nobody has
        won yet."""
        return None

    def winner(self, position) -> str | tuple[str, str] | None:
        """Who has won (C14): the colour with all pawns HOME; None while nobody has."""
        for colour, locs in zip(position.colour_names, position.pawns):
            if locs[0] == HOME:  # sorted: HOME is the largest code
                return colour
        return None

    def mover_seats(self, position) -> tuple[int, ...]:
        """The seats whose pawns the player to move may use the card for: their own."""
        return (position.to_move,)

    def wins(self, position, pawns) -> bool:
        """Whether the player to move in ``position`` has won once the pawns are ``pawns``."""
        return pawns[position.to_move][0] == HOME

    def check_colours(self, colours: tuple[str, ...]) -> str | None:
        """Why a game of these colours cannot be played by this rule set, or None."""
        return None

    def initial_pawns(self, colour: int, count: int) -> tuple[int, ...]:
        """Where a colour's pawns stand at the start of a game: all in START."""
        return (START,) * count

    def scores(self, position) -> dict[str, int] | None:
        """Points per colour by this rule set's scoring; None if it keeps no score."""
        home = {colour: sum(1 for loc in locs if loc == HOME)
                for colour, locs in zip(position.colour_names, position.pawns)}
        return self.scores_from(home, position.winner(), len(position.pawns[0]))

    def scores_from(self, home: dict[str, int], winner, pawns: int) -> dict[str, int] | None:
        """Points per colour from the pawns each has HOME and the winner; None: no scoring."""
        return None


def _bonus_scores(home: dict[str, int], winner, count: int, per_pawn: int,
                  per_opponent_pawn: int, bonuses: tuple[int, int, int]) -> dict[str, int]:
    """The two printed scorings share one shape: points per pawn HOME for everyone; the winner
    adds points per opponent pawn not HOME and the largest bonus that applies (they never add
    up): no opponent pawn HOME, else none with more than one, else none with more than two."""
    scores = {colour: per_pawn * n for colour, n in home.items()}
    if winner is None:
        return scores
    opponents = [n for c, n in home.items() if c != winner]
    scores[winner] += per_opponent_pawn * sum(count - n for n in opponents)
    most = max(opponents, default=0)
    for limit, bonus in zip((0, 1, 2), bonuses):
        if most <= limit:
            scores[winner] += bonus
            break
    return scores


@dataclass(frozen=True)
class Classic(RuleSet):
    pass


@dataclass(frozen=True)
class Original1934(RuleSet):
    """The first edition (1934): 44 cards, leader by high card, Point Sorry. Its amplified card
    rules read as C1–C14 (docs/rules.md, *Editions*)."""

    name: ClassVar[str] = "original-1934"
    title: ClassVar[str] = "Original rules (1934: 44-card pack, leader by high card, Point Sorry)"
    aliases: ClassVar[tuple[str, ...]] = ("1934", "original")
    scoring: ClassVar[str | None] = "point-sorry"

    deck: str = "original44"
    leader_by_high_card: bool = True

    def scores_from(self, home: dict[str, int], winner, pawns: int) -> dict[str, int]:
        """Point Sorry: 1 point per man HOME; the winner adds 1 per opponent man not HOME and
        24, 16 or 8 (docs/rules.md, *Point Sorry*)."""
        return _bonus_scores(home, winner, pawns, 1, 1, (24, 16, 8))


@dataclass(frozen=True)
class Edition2013(RuleSet):
    """The 2013 edition: a Sorry! may move a pawn 4 forward instead; a 2 does not draw again.
    Its Fire and Ice power-ups are not part of it."""

    name: ClassVar[str] = "edition-2013"
    title: ClassVar[str] = "2013 edition (Sorry! may move 4 forward; a 2 does not draw again)"
    aliases: ClassVar[tuple[str, ...]] = ("2013",)

    sorry_forward_4: bool = True
    two_draws_again: bool = False


class _TeamPlay:
    """The team rules (T1–T8 on the rules page): red and yellow against blue and green; the
    player to move uses the card for any pawn of the team, and the team wins together."""

    teams: ClassVar[tuple[tuple[str, str], ...]] = (("red", "yellow"), ("blue", "green"))
    # The fast loops move a player's own pawns only and know no team win.
    fast_engines: ClassVar[frozenset[str]] = frozenset()

    def partner(self, colour: str) -> str:
        """T1: red and yellow are partners, and blue and green."""
        return next(b if a == colour else a for a, b in self.teams if colour in (a, b))

    def team_of(self, colour: str) -> tuple[str, str]:
        """T8: a colour wins with its partner."""
        return next(t for t in self.teams if colour in t)

    def mover_seats(self, position) -> tuple[int, ...]:
        # All four colours play, in turn order, so a seat is its colour's index and partners
        # sit two apart: red 0 with yellow 2, blue 1 with green 3 (the hot path of a game).
        seat = position.to_move
        return (seat, (seat + 2) % 4)

    def wins(self, position, pawns) -> bool:
        seat = position.to_move
        return pawns[seat][0] == HOME and pawns[(seat + 2) % 4][0] == HOME

    def winner(self, position) -> tuple[str, str] | None:
        """The team with all eight pawns HOME (T8), if any."""
        home = {c for c, locs in zip(position.colour_names, position.pawns) if locs[0] == HOME}
        return next((team for team in self.teams if set(team) <= home), None)

    def check_colours(self, colours: tuple[str, ...]) -> str | None:
        if sorted(colours) != sorted(COLOURS):
            return ("a team game needs all four colours: red and yellow against blue and "
                    f"green, not {', '.join(colours)}")
        return None


@dataclass(frozen=True)
class Teams1992(_TeamPlay, RuleSet):
    """The 1992 team rules: partners sit opposite, and either may move the other's pawns."""

    name: ClassVar[str] = "teams-1992"
    title: ClassVar[str] = "Team play (1992: red and yellow against blue and green)"
    aliases: ClassVar[tuple[str, ...]] = ("teams",)


@dataclass(frozen=True)
class Partnership1934(_TeamPlay, RuleSet):
    """The 1934 partnership game: the 1934 rules played by T1–T8, with the double game."""

    name: ClassVar[str] = "partnership-1934"
    title: ClassVar[str] = "Partnership (1934: the 44-card pack, partners, the double game)"
    aliases: ClassVar[tuple[str, ...]] = ("partnership",)

    deck: str = "original44"
    leader_by_high_card: bool = True

    def double_game(self, position) -> bool | None:
        """Whether the win counts twice: neither opponent has all pawns HOME when the team
        gets its last pawn HOME (docs/rules.md, *Partnership*); None while nobody has won."""
        team = self.winner(position)
        if team is None:
            return None
        return not any(locs[0] == HOME for c, locs in zip(position.colour_names, position.pawns)
                       if c not in team)


@dataclass(frozen=True)
class PlayForPoints1992(RuleSet):
    """The 1992 "variation for adults": one pawn starts on its start exit, each player holds
    five cards and chooses which to play, and the game is scored (P1–P5 on the rules page)."""

    name: ClassVar[str] = "play-for-points-1992"
    title: ClassVar[str] = "Play for points (1992 adults' rules: hands of five, scored)"
    aliases: ClassVar[tuple[str, ...]] = ("points", "adults")
    scoring: ClassVar[str | None] = "adults"
    hand_size: ClassVar[int] = 5
    # The fast loops draw one card per play and hold no hands.
    fast_engines: ClassVar[frozenset[str]] = frozenset()

    def initial_pawns(self, colour: int, count: int) -> tuple[int, ...]:
        """P1: one pawn on the start exit, the others in START."""
        return (start_exit(colour),) + (START,) * (count - 1)

    def scores_from(self, home: dict[str, int], winner, pawns: int) -> dict[str, int]:
        """P5: 5 points per pawn HOME; the winner adds 5 per opponent pawn not HOME and 100, 50
        or 25."""
        return _bonus_scores(home, winner, pawns, 5, 5, (100, 50, 25))


CLASSIC = Classic()

RULE_SETS: dict[str, RuleSet] = {r.name: r for r in (
    CLASSIC, Original1934(), Edition2013(), Teams1992(), Partnership1934(),
    PlayForPoints1992())}
_BY_ALIAS = {alias: r for r in RULE_SETS.values() for alias in r.aliases}


def get_rules(rules: str | RuleSet) -> RuleSet:
    """The rule set named ``rules`` or one of its aliases (or ``rules`` itself if it is one)."""
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, str):
        found = RULE_SETS.get(rules) or _BY_ALIAS.get(rules)
        if found is not None:
            return found
    raise RuleError(f"rules: unknown rule set {shown(rules)}; known rule sets are "
                    f"{', '.join(sorted(RULE_SETS))}")
