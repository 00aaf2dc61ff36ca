"""Game records — the ``sorry-record/1`` JSON format.

A record holds everything needed to see a game again without its random generator: the rule
set and its options, the players, the seed (for reference only), the start position, and for
every card played (a *play*) the turn, the colour, the card, the move's notation and its
events. Annotations (a note, arrows, highlighted squares) hang on play numbers: 0 is the start
position, ``n`` the position after play ``n``.

Replay re-derives every position by finding each play's move among the legal moves of the card
in the previous position, and checks everything the record claims against that (mover, turn,
card supply, events, winner). A record that disagrees is refused with the play number and the
reason. Writing is canonical, so load → save reproduces a saved file byte for byte.
"""

from __future__ import annotations

from ..core.errors import SorryError

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .track import COLOURS
from .cards import CARD_NAMES, CARDS_BY_NAME, DECKS, card_label, with_article
from .game import Game, next_seat
from .moves import Move, hand_moves, legal_moves
from .state import Position, PositionError, parse_location
from ..core.safeio import check_value, key_shown, read_json, read_json_file, shown, \
    write_text_atomic
from .rules import OPTION_TYPES, get_rules, option_problem
from .rules import winner_json as _winner_json
from ..core.records import MAX_NOTE_CHARS, MAX_NOTES, MAX_RECORD_BYTES, MAX_STRATEGY_CHARS
from ..core.seeds import seed_problem, written_seed

RECORD_FORMAT = "sorry-record/1"
#: Version 2 also keeps what chose the leader and what the players held: the 1934 high-card
#: draw (``leader_draws``) and, for play from a hand, the hands dealt (``deal``) and every card
#: drawn. Games that have either are written in it; version 1 readers refuse it.
RECORD_FORMAT_HANDS = "sorry-record/2"
_KEYS = ("format", "rules", "options", "players", "seed", "start", "plays", "annotations",
         "result")
_KEYS_HANDS = ("format", "rules", "options", "players", "seed", "start", "leader_draws", "deal",
               "plays", "annotations", "result")
_PLAY_KEYS = ("turn", "colour", "card", "move", "events")
_PLAY_KEYS_HANDS = ("turn", "colour", "card", "move", "events", "drawn")
# The rule options a record writes; the number of pawns is in its start position.
_OPTION_NAMES = tuple(k for k in OPTION_TYPES if k != "pawns_per_player")

# Limits on what a record may hold. A real game has a few hundred plays and a lesson a few dozen
# notes; past these a record is a mistake or an attack, and reading it would freeze a notebook.
MAX_PLAYS = 5_000
MAX_ARROWS = 24
MAX_SQUARES = 40
#: Rounds of the 1934 high-card draw for the leader: each further round needs a tie for the
#: highest card, so even 20 rounds would take a tie every time at odds past 10**-20.
MAX_LEADER_ROUNDS = 20
_PLAYER_KEYS = ["colour", "strategy"]


class RecordError(SorryError):
    """A record that is malformed or disagrees with the rules; names the play and the reason."""


@dataclass
class Annotation:
    """A note on one position of a game: text, arrows between places, highlighted places."""

    play: int
    text: str = ""
    arrows: list[tuple[int | str, int | str]] = field(default_factory=list)
    squares: list[int | str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"play": self.play, "text": self.text,
                "arrows": [list(a) for a in self.arrows], "squares": list(self.squares)}


@dataclass
class PlayRecord:
    turn: int
    colour: str
    card: str
    move: str
    events: list[dict]
    #: Play for points: the cards drawn after this play (``None`` in a game without hands).
    drawn: list[str] | None = None

    def to_dict(self) -> dict:
        data = {"turn": self.turn, "colour": self.colour, "card": self.card, "move": self.move,
                "events": self.events}
        if self.drawn is not None:
            data["drawn"] = self.drawn
        return data


class Record:
    """A recorded game. Build one with :meth:`from_game`, :meth:`load` or :meth:`from_dict`."""

    def __init__(self, rules: str, options: dict, players: list[dict], seed: Any,
                 start: Position, plays: list[PlayRecord],
                 annotations: Iterable[Annotation] = (), result: dict | None = None,
                 deal: dict[str, list[str]] | None = None,
                 leader_draws: list | None = None) -> None:
        self.rules = rules
        #: Play for points: each colour's hand as dealt.
        self.deal = deal
        #: The high-card draw that chose the leader (1934): rounds of ``[colour, card]``.
        self.leader_draws = leader_draws or []
        self.options = dict(options)
        self.players = players
        self.seed = seed
        self.start = start
        self._plays = plays
        #: (history, winner) from the fast simulation, expanded into plays when first read.
        self._compact: list | None = None
        self.annotations: dict[int, Annotation] = {a.play: a for a in annotations}
        self.result = result or {"winner": None}
        self._positions: list[Position] | None = None
        self._moves: list[Move] | None = None

    # --- building ---------------------------------------------------------------------------

    @classmethod
    def from_game(cls, game: Game) -> Record:
        if not game.keep_history:
            raise RecordError("this game kept no history (keep_history=False): nothing to record")
        options = _record_options(game.rules)
        players = [{"colour": c, "strategy": (s.name if s is not None else "person")}
                   for c, s in game.strategies.items()]
        hands = game.rules.deals_hands
        plays = [PlayRecord(p.turn, p.colour, CARD_NAMES[p.card], p.move.notation, p.move.events,
                            [CARD_NAMES[c] for c in p.drawn] if hands else None)
                 for p in game.history]
        deal = {c: [CARD_NAMES[x] for x in cards] for c, cards in game.deal.items()} \
            if hands else None
        leader = [[[c, CARD_NAMES[card]] for c, card in r] for r in game.leader_draws]
        record = cls(game.rules.name, options, players, game.seed, game.start, plays,
                     result={"winner": _winner_json(game.winner)}, deal=deal,
                     leader_draws=leader)
        record._moves = [p.move for p in game.history]
        record._positions = game.positions()
        return record

    @classmethod
    def from_history(cls, start: Position, seed: Any, history: list,
                     strategy_name: str = "random") -> Record:
        """A record of a game played by the fast loop's ``play_random_game`` (simulation/
        fast_loop.py) from its compact ``history`` of ``(pawns before, card, index of the move
        in legal_moves)``. The notation and events of each play are worked out when the record
        is first read or written."""
        rules = start.rules
        options = _record_options(rules)
        players = [{"colour": c, "strategy": strategy_name} for c in start.colour_names]
        record = cls(rules.name, options, players, seed, start, [])
        record._plays = None
        record._compact = history
        return record

    @property
    def plays(self) -> list[PlayRecord]:
        if self._plays is None:
            self._expand()
        return self._plays

    def _expand(self) -> None:
        rules = self.start.rules
        colours = self.start.colours
        seat = self.start.to_move
        turn = 1
        plays, moves = [], []
        positions = [self.start]
        winner = None
        for before, card, index in self._compact:
            position = Position._make(rules, colours, before, seat)
            move = legal_moves(position, card)[index]
            moves.append(move)
            plays.append(PlayRecord(turn, COLOURS[colours[seat]], CARD_NAMES[card],
                                    move.notation, move.events))
            nxt = next_seat(move)
            if nxt != seat:
                seat, turn = nxt, turn + 1
            positions.append(Position._make(rules, colours, move.result_pawns, seat))
            if move.wins:
                winner = positions[-1].winner()
        self._plays, self._moves, self._positions = plays, moves, positions
        self.result = {"winner": _winner_json(winner)}
        self._compact = None

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Read a record and replay it; :class:`RecordError` if anything is wrong."""
        if not isinstance(data, dict):
            raise RecordError(f"record: expected a JSON object, got {type(data).__name__}")
        # A dict from Python (SorryWidget(record=…)) never passed the JSON reader: the same
        # limits (types, depth, size, huge numbers, NaN, lone surrogates) are checked here.
        check_value(data, what="record", error=RecordError, max_items=MAX_RECORD_BYTES // 2)
        fmt = data.get("format")
        if fmt not in (RECORD_FORMAT, RECORD_FORMAT_HANDS):
            raise RecordError(f"format: expected {RECORD_FORMAT!r} or {RECORD_FORMAT_HANDS!r}, "
                              f"got {shown(fmt)}")
        keys = _KEYS_HANDS if fmt == RECORD_FORMAT_HANDS else _KEYS
        missing = [k for k in keys if k not in data]
        if missing:
            raise RecordError(f"{missing[0]}: missing")
        extra = [k for k in data if k not in keys]
        if extra:
            raise RecordError(f"{key_shown(extra[0])}: not a key of {fmt}")
        try:
            base = get_rules(data["rules"])
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        if base.deals_hands and fmt != RECORD_FORMAT_HANDS:
            raise RecordError(f"format: a {base.name} game is recorded as "
                              f"{RECORD_FORMAT_HANDS!r}, not {fmt!r}")
        _check_options(data["options"])
        try:
            start = Position.from_dict(data["start"])
        except PositionError as exc:
            raise RecordError(f"start.{exc}") from None
        if start.rules.name != data["rules"]:
            raise RecordError(f"start.rules: {start.rules.name!r} differs from rules "
                              f"{data['rules']!r}")
        rules = get_rules(data["rules"]).with_options(**data["options"])
        if isinstance(data["start"], dict) and "options" in data["start"]:
            if start.rules.identity != rules.identity:
                raise RecordError("start.options: differ from the record's options")
        else:  # written before positions carried their options
            start = Position._make(rules.with_options(pawns_per_player=len(start.pawns[0])),
                                   start.colours, start.pawns, start.to_move)
        players = data["players"]
        if not isinstance(players, list) or [p.get("colour") if isinstance(p, dict) else None
                                             for p in players] != list(start.colour_names):
            raise RecordError("players: expected one {colour, strategy} object per colour of the "
                              f"start position, in turn order ({', '.join(start.colour_names)})")
        for i, player in enumerate(players):
            _check_player(player, f"players[{i}]")
        problem = seed_problem(data["seed"])
        if problem:
            raise RecordError(f"seed: {problem}")
        if not isinstance(data["plays"], list):
            raise RecordError("plays: expected a list")
        if len(data["plays"]) > MAX_PLAYS:
            raise RecordError(f"plays: {len(data['plays']):,} plays is more than a record may "
                              f"hold ({MAX_PLAYS:,})")
        plays = [_read_play(i, p, base) for i, p in enumerate(data["plays"], 1)]
        if base.deals_hands:
            deal = _read_deal(data.get("deal"), start)
        elif data.get("deal") is not None:
            raise RecordError(f"deal: {base.name} deals no hands; write null")
        else:
            deal = None
        leader_draws = _read_leader_draws(data.get("leader_draws", []), start)
        annotations = []
        if not isinstance(data["annotations"], list):
            raise RecordError("annotations: expected a list")
        if len(data["annotations"]) > MAX_NOTES:
            raise RecordError(f"annotations: {len(data['annotations']):,} notes is more than a "
                              f"record may hold ({MAX_NOTES:,})")
        seen = set()
        for a in data["annotations"]:
            annotation = _read_annotation(a, len(plays))
            if annotation.play in seen:
                raise RecordError(f"annotations: a second note on play {annotation.play}; a play "
                                  "has one note (put both texts in one)")
            seen.add(annotation.play)
            annotations.append(annotation)
        if not isinstance(data["result"], dict) or list(data["result"]) != ["winner"]:
            raise RecordError('result: expected {"winner": colour, [colour, colour] or null}')
        record = cls(data["rules"], data["options"], players, data["seed"], start, plays,
                     annotations, data["result"], deal, leader_draws)
        record.replay()
        return record

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        return cls.from_dict(read_json(text, what="record", error=RecordError,
                                       max_bytes=MAX_RECORD_BYTES, walk=False))

    @classmethod
    def load(cls, path) -> Record:
        return cls.from_dict(read_json_file(path, what="record", error=RecordError,
                                            max_bytes=MAX_RECORD_BYTES, walk=False))

    # --- replay -----------------------------------------------------------------------------

    @property
    def rule_set(self):
        return get_rules(self.rules).with_options(**self.options)

    def replay(self) -> list[Position]:
        """Every position, from the start to after the last play, derived from the record alone
        (never from the seed). Raises :class:`RecordError` at the first inconsistency."""
        if self._positions is None and self._compact is not None:
            self._expand()
        if self._positions is not None:
            return self._positions
        rules = self.rule_set
        position = Position._make(rules, self.start.colours, self.start.pawns,
                                  self.start.to_move)
        positions = [position]
        moves = []
        deck = DECKS[rules.deck]
        deck_size = sum(deck.values())
        drawn: Counter = Counter()
        supply = _Supply(rules.deck) if rules.deals_hands else None
        hands = supply.deal(self.deal, position) if supply else None
        turn = 1
        winner = position.winner()
        for n, play in enumerate(self.plays, 1):
            where = f"play {n} (turn {play.turn})"
            if winner is not None:
                raise RecordError(f"{where}: the game was already won by {winner}")
            if play.colour != position.colour_to_move:
                # Checked first: the supply of cards below looks the colour's hand up.
                raise RecordError(f"{where}: it is {position.colour_to_move}'s card, not "
                                  f"{shown(play.colour)}'s")
            card = _card(play.card, where)
            if hands is None:
                if (n - 1) % deck_size == 0:
                    drawn = Counter()  # the pile was (re)shuffled: a full deck again
                drawn[card] += 1
                if drawn[card] > deck.get(card, 0):
                    raise RecordError(
                        f"{where}: {with_article(card_label(card))} is not in the deck here — "
                        f"the {rules.deck} deck has {deck.get(card, 0)} and this shuffle already "
                        "dealt them")
            elif card not in hands[play.colour]:
                raise RecordError(f"{where}: {play.colour} holds no {card_label(card)} (hand: "
                                  f"{', '.join(CARD_NAMES[c] for c in hands[play.colour])})")
            if play.turn != turn:
                raise RecordError(f"{where}: turn should be {turn}")
            if hands is None:
                candidates = legal_moves(position, card)
            else:
                candidates = [m for m in hand_moves(position, hands[play.colour])
                              if m.card == card]
            move = next((m for m in candidates if m.notation == play.move), None)
            if move is None:
                raise RecordError(
                    f"{where}: {shown(play.move)} is not a legal move for {play.colour} with "
                    f"{with_article(card_label(card))}; legal: "
                    f"{', '.join(m.notation for m in candidates) or 'none'}")
            if move.events != play.events:
                raise RecordError(f"{where}: the events do not match the move {shown(play.move)}")
            if hands is not None:
                supply.play(where, hands[play.colour], card, play.drawn, rules.hand_size)
            moves.append(move)
            nxt = next_seat(move)
            if nxt != position.to_move:
                turn += 1
            position = Position._make(rules, position.colours, move.result_pawns, nxt)
            positions.append(position)
            if move.wins:
                winner = position.winner()
        winner = _winner_json(winner)
        if self.result.get("winner") != winner:
            raise RecordError(f"result.winner: the plays give {winner!r}, the record says "
                              f"{shown(self.result.get('winner'))}")
        self._positions, self._moves = positions, moves
        return positions

    @property
    def moves(self) -> list[Move]:
        self.replay()
        return self._moves

    @property
    def winner(self) -> str | None:
        if self._compact is not None:
            self._expand()
        return self.result.get("winner")

    def __len__(self) -> int:
        return len(self.plays)

    # --- annotations ------------------------------------------------------------------------

    def annotate(self, play: int, text: str | None = None, arrows=None, squares=None) -> Annotation:
        """Set the note on position ``play`` (0 = start). Omitted parts keep their value; an
        annotation left with no text, arrows or squares is removed."""
        return annotate(self.annotations, len(self.plays), play, text, arrows, squares)

    # --- writing ----------------------------------------------------------------------------

    def to_dict(self) -> dict:
        data = {
            "format": RECORD_FORMAT if self.deal is None and not self.leader_draws
            else RECORD_FORMAT_HANDS,
            "rules": self.rules,
            "options": dict(sorted(self.options.items())),
            "players": self.players,
            "seed": written_seed(self.seed),
            "start": self.start.to_dict(),
            "plays": [p.to_dict() for p in self.plays],
            "annotations": [self.annotations[k].to_dict() for k in sorted(self.annotations)],
            "result": self.result,
        }
        if data["format"] == RECORD_FORMAT_HANDS:
            data = {**{k: data[k] for k in _KEYS_HANDS[:6]}, "leader_draws": self.leader_draws,
                    "deal": self.deal, **{k: data[k] for k in _KEYS_HANDS[8:]}}
        return data

    def to_json(self) -> str:
        """Canonical text: one line per play and per annotation, keys in a fixed order."""
        data = self.to_dict()
        lines = ["{"]
        keys = list(data)
        for i, key in enumerate(keys):
            comma = "," if i < len(keys) - 1 else ""
            value = data[key]
            if key in ("plays", "annotations") and value:
                lines.append(f" {json.dumps(key)}: [")
                lines.extend(f"  {json.dumps(item, ensure_ascii=False)}"
                             + ("," if j < len(value) - 1 else "") for j, item in enumerate(value))
                lines.append(f" ]{comma}")
            else:
                lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
        lines.append("}")
        return "\n".join(lines) + "\n"

    def save(self, path) -> None:
        """Write the record to ``path`` whole or not at all: after any failure (a full disk,
        a folder that is not there) the old file is as it was, and one RecordError says why."""
        write_text_atomic(path, self.to_json(), what="record", error=RecordError)

    def __repr__(self) -> str:
        return (f"<Record {self.rules} {', '.join(p['colour'] for p in self.players)}: "
                f"{len(self.plays)} plays, winner {self.winner}>")


def annotate(annotations: dict[int, Annotation], plays: int, play: int, text: str | None = None,
             arrows=None, squares=None) -> Annotation:
    """Set the note on position ``play`` of a game of ``plays`` plays in ``annotations`` (by
    play), checked as the record format requires; unchanged if it raises RecordError. A play
    has one note: the parts given replace that note's parts, the others are kept."""
    if play not in annotations and len(annotations) >= MAX_NOTES:
        raise RecordError(f"annotations: a record holds at most {MAX_NOTES:,} notes")
    current = annotations.get(play, Annotation(play))
    data = current.to_dict()
    if text is not None:
        data["text"] = text
    if arrows is not None:
        data["arrows"] = arrows
    if squares is not None:
        data["squares"] = squares
    annotation = _read_annotation(data, plays)
    if annotation.text or annotation.arrows or annotation.squares:
        annotations[play] = annotation
    else:
        annotations.pop(play, None)
    return annotation


def _read_annotation(a: Any, plays: int) -> Annotation:
    if not isinstance(a, dict):
        raise RecordError("annotations: each annotation is an object")
    n = a.get("play")
    where = f"annotation on play {shown(n, 20)}"
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= plays:
        raise RecordError(f"{where}: play must be 0 (the start) to {plays}")
    if set(a) - {"play", "text", "arrows", "squares"}:
        raise RecordError(f"{where}: unknown key "
                          f"{shown(sorted(set(a) - {'play', 'text', 'arrows', 'squares'})[0], 30)}")
    text = a.get("text", "")
    if not isinstance(text, str):
        raise RecordError(f"{where}: text must be a string")
    if len(text) > MAX_NOTE_CHARS:
        raise RecordError(f"{where}: the text has {len(text):,} characters; a note holds at most "
                          f"{MAX_NOTE_CHARS:,}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a browser can send half an emoji; no file can hold it
        raise RecordError(f"{where}: the text holds a lone surrogate (an incomplete "
                          "character), which no file can hold") from None
    arrows = a.get("arrows", [])
    squares = a.get("squares", [])
    if not isinstance(arrows, (list, tuple)) or not isinstance(squares, (list, tuple)):
        raise RecordError(f"{where}: arrows and squares must be lists")
    if len(arrows) > MAX_ARROWS:
        raise RecordError(f"{where}: {len(arrows)} arrows; a note holds at most {MAX_ARROWS}")
    if len(squares) > MAX_SQUARES:
        raise RecordError(f"{where}: {len(squares)} marked squares; a note holds at most "
                          f"{MAX_SQUARES}")
    try:
        for i, arrow in enumerate(arrows):
            if not isinstance(arrow, (list, tuple)) or len(arrow) != 2:
                raise RecordError(f"{where}: arrows[{i}] must be a [from, to] pair of places")
            for end in arrow:
                _check_place(end, f"{where}: arrows[{i}]")
        for i, sq in enumerate(squares):
            _check_place(sq, f"{where}: squares[{i}]")
    except PositionError as exc:
        raise RecordError(str(exc)) from None
    return Annotation(n, text, [tuple(x) for x in arrows], list(squares))


class _Supply:
    """The cards a game with hands can draw, as its pile has them: the deck less what was
    dealt and drawn; when the pile is empty, the discards shuffled into a new one."""

    def __init__(self, deck: str) -> None:
        self.pile = Counter(DECKS[deck])
        self.discards: Counter = Counter()

    def draw(self, where: str, card: int) -> None:
        if not +self.pile:
            self.pile, self.discards = self.discards, Counter()
        if self.pile[card] <= 0:
            raise RecordError(f"{where}: {with_article(card_label(card))} cannot be drawn here; "
                              "the pile has none left")
        self.pile[card] -= 1

    def deal(self, deal: dict[str, list[str]], start: Position) -> dict[str, list[int]]:
        hands = {}
        for colour in start.colour_names:
            hands[colour] = [CARDS_BY_NAME[c] for c in deal[colour]]
            for card in hands[colour]:
                self.draw(f"deal.{colour}", card)
        return hands

    def play(self, where: str, hand: list[int], card: int, drawn: list[str], size: int) -> None:
        hand.remove(card)
        self.discards[card] += 1
        cards = [CARDS_BY_NAME[c] for c in drawn]
        if len(hand) + len(cards) != size:
            raise RecordError(f"{where}: drawn must bring the hand back to {size} cards, not "
                              f"{len(hand) + len(cards)}")
        for c in cards:
            self.draw(where, c)
        hand.extend(cards)


def _read_leader_draws(rounds: Any, start: Position) -> list:
    """The high-card draw, checked against the rule (docs/rules.md, *Rule options*): everyone
    draws, the players tied for the highest draw again, and the last round's one highest card
    is the start position's first player."""
    if rounds == []:
        return []
    if not isinstance(rounds, list) or not start.rules.leader_by_high_card:
        raise RecordError("leader_draws: a list of rounds of [colour, card], only for a rule set "
                          "whose leader is drawn")
    if len(rounds) > MAX_LEADER_ROUNDS:
        raise RecordError(f"leader_draws: {len(rounds):,} rounds; a draw for the leader has at "
                          f"most {MAX_LEADER_ROUNDS}")
    drawing = list(start.colour_names)
    deck = DECKS[start.rules.deck]
    for n, draws in enumerate(rounds, 1):
        where = f"leader_draws[{n - 1}]"
        if not isinstance(draws, list) or [d[0] if isinstance(d, list) and len(d) == 2 else None
                                           for d in draws] != drawing:
            raise RecordError(f"{where}: expected a [colour, card] for each of "
                              f"{', '.join(drawing)}")
        cards = [_card(card, f"{where}[{i}][1]") for i, (_, card) in enumerate(draws)]
        if any(cards.count(c) > deck.get(c, 0) for c in cards):
            raise RecordError(f"{where}: more cards of one kind than the {start.rules.deck} deck has")
        top = max(cards)
        drawing = [colour for colour, card in zip(drawing, cards) if card == top]
        if len(drawing) == 1 and n != len(rounds):
            raise RecordError(f"{where}: {drawing[0]} drew highest alone; nobody draws again")
    if len(drawing) != 1 or drawing[0] != start.colour_to_move:
        raise RecordError(f"leader_draws: the draw makes {' and '.join(drawing)} lead, but the "
                          f"start position has {start.colour_to_move} to move")
    return rounds


def _read_deal(deal: Any, start: Position) -> dict[str, list[str]]:
    if not isinstance(deal, dict) or sorted(deal) != sorted(start.colour_names):
        raise RecordError(f"deal: expected each colour's hand ({', '.join(start.colour_names)})")
    size = start.rules.hand_size
    for colour, cards in deal.items():
        if not isinstance(cards, list) or len(cards) != size:
            raise RecordError(f"deal.{colour}: expected a hand of {size} cards")
        for i, card in enumerate(cards):
            _card(card, f"deal.{colour}[{i}]")
    return deal


def _read_play(n: int, p: Any, rules) -> PlayRecord:
    """Play ``n`` of a game by ``rules``, whose plays say the cards drawn where it deals
    hands."""
    hands = rules.deals_hands
    keys = _PLAY_KEYS_HANDS if hands else _PLAY_KEYS
    if not isinstance(p, dict) or list(p) != list(keys):
        raise RecordError(f"play {n}: expected an object with keys {list(keys)}")
    if hands:
        # A play draws back to a full hand: never more cards than a hand holds.
        if not isinstance(p["drawn"], list) or len(p["drawn"]) > rules.hand_size:
            raise RecordError(f"play {n}: drawn must be a list of card names")
        for i, card in enumerate(p["drawn"]):
            _card(card, f"play {n}: drawn[{i}]")
    if isinstance(p["turn"], bool) or not isinstance(p["turn"], int):
        raise RecordError(f"play {n}: turn must be a whole number, not {shown(p['turn'])}")
    for key in ("colour", "card", "move"):
        if not isinstance(p[key], str):
            raise RecordError(f"play {n}: {key} must be a string, not {shown(p[key])}")
    if p["colour"] not in COLOURS:
        raise RecordError(f"play {n}: colour {shown(p['colour'])} is not a colour; colours "
                          f"are {', '.join(COLOURS)}")
    if not isinstance(p["events"], list):
        raise RecordError(f"play {n}: events must be a list")
    return PlayRecord(**p)


def _record_options(rules) -> dict:
    return {k: v for k, v in rules.options().items() if k in _OPTION_NAMES}


def _check_options(options: Any) -> None:
    """``options`` of a record: the rule options it changes, each of the right kind."""
    if not isinstance(options, dict):
        raise RecordError("options: expected an object")
    for key, value in options.items():
        problem = option_problem(key, value) if key in _OPTION_NAMES else \
            f"{key}: not a rule option of a record; options are {', '.join(_OPTION_NAMES)}"
        if problem:
            raise RecordError(f"options.{problem}")


def _check_place(value: Any, field: str) -> None:
    """A place in an annotation: a track square, or a colour's zone like ``"red:safety-2"``,
    ``"blue:start"``, ``"green:home"``."""
    if isinstance(value, str) and ":" in value:
        colour, _, place = value.partition(":")
        if colour not in COLOURS:
            raise PositionError(f"{field}: unknown colour {shown(colour)}")
        if isinstance(parse_location(place, field), int) and place.isdigit():
            raise PositionError(f"{field}: a track square has no colour prefix")
        return
    if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 60):
        raise PositionError(f"{field}: {shown(value)} is not a track square 0-59 or a place like "
                            '"red:safety-2"')


def _card(name: Any, where: str) -> int:
    """A card named exactly as the format names it (``"7"``, ``"sorry"``): a file is read as
    written, so ``" 12!! "`` or ``7`` is refused rather than tidied and saved back changed."""
    if not isinstance(name, str) or name not in CARDS_BY_NAME:
        raise RecordError(f"{where}: {shown(name)} is not a Sorry! card (a file names them "
                          "exactly: " + ", ".join(repr(n) for n in CARDS_BY_NAME) + ")")
    return CARDS_BY_NAME[name]


def _check_player(player: dict, where: str) -> None:
    """One ``{colour, strategy}`` of ``players`` (the colour is checked by the caller)."""
    if set(player) != set(_PLAYER_KEYS):
        raise RecordError(f"{where}: expected the keys colour and strategy, no others")
    strategy = player["strategy"]
    if not isinstance(strategy, str) or not 1 <= len(strategy) <= MAX_STRATEGY_CHARS:
        raise RecordError(f"{where}.strategy: a strategy's name (1 to {MAX_STRATEGY_CHARS} "
                          f"characters) or \"person\", not {shown(strategy)}")
