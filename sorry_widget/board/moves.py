"""Legal moves for a card, with their events and explanations (docs/rules.md, C1–C13).

Generation is the engine's hot path: it works on location codes and tuples and builds only the
resulting pawn tuples. A :class:`Move`'s events, path and explanation are worked out when first
asked for, by replaying its parts with an event log — the same code that generated the result,
so what a move says always matches what it does.
"""

from __future__ import annotations

import sys

from ..core.messages import Message
from . import messages as _messages  # noqa: F401 - registers the templates Move.message names
from .cards import CARD_NAMES, SORRY, card_from_name, card_label
from .state import Position, PositionError, answer_moves_with, parse_location
from .track import (
    BACKWARD,
    COLOUR_LETTERS,
    COLOURS,
    FORWARD,
    HOME,
    PATHS_BACKWARD,
    PATHS_FORWARD,
    SLIDE_AT_TRIANGLE,
    START,
    TRACK_SQUARES,
    entry_square,
    is_safety,
    is_track,
    location_name,
    short_name,
    start_exit,
)

# Move kinds.
START_PAWN = "start"
FORWARD_MOVE = "forward"
BACKWARD_MOVE = "backward"
SPLIT = "split"
SWITCH = "switch"
SORRY_MOVE = "sorry"
FORFEIT = "forfeit"
#: Play for points: no card in the hand can move (or only 11 switches, declined), so the player
#: discards one and draws one (P3).
DISCARD = "discard"

#: Forward distance of each numbered card (the 4 moves backward, C13).
FORWARD_STEPS = {1: 1, 2: 2, 3: 3, 5: 5, 7: 7, 8: 8, 10: 10, 11: 11, 12: 12}
#: Cards that only move one pawn forward their number of steps (C13).
_FORWARD_ONLY = frozenset((3, 5, 8, 12))
#: The rule that governs each card.
CARD_RULE = {1: "C1", 2: "C7", 3: "C13", 4: "C13", 5: "C13", 7: "C8", 8: "C13", 10: "C9",
             11: "C10", 12: "C13", SORRY: "C11"}

#: The rule behind each kind of event of a move.
EVENT_RULE = {"bump": "C3", "slide": "C4", "own_slide": "C4", "safety": "C5", "home": "C6"}
_LETTER = COLOUR_LETTERS


def _take(locs: tuple[int, ...], old: int, new: int) -> tuple[int, ...]:
    """``locs`` with one pawn moved from ``old`` to ``new``, kept sorted."""
    lst = list(locs)
    lst[lst.index(old)] = new
    lst.sort()
    return tuple(lst)


def _sweep_slide(new: list, own: list, colours, seat: int, slide, log) -> None:
    """Send every pawn on the slide's squares after the triangle to its START (C4); the sliding
    pawn itself is lifted, so it is not among them."""
    swept = []
    for sq in slide.squares[1:]:
        if sq in own:
            own[own.index(sq)] = START
            swept.append((colours[seat], sq))
            continue
        for s, locs in enumerate(new):
            if s != seat and sq in locs:
                new[s] = _take(locs, sq, START)
                swept.append((colours[s], sq))
                break
    if log is not None:
        log.append(("slide", colours[seat], slide.triangle, slide.end, tuple(swept)))


def _resolve_slide(new: list, own: list, colours, seat: int, square: int, log) -> int:
    """Where a pawn of ``seat`` that has landed on ``square`` ends: the slide's end if it is
    another colour's triangle (sweeping the slide, C4), else ``square``."""
    slide = SLIDE_AT_TRIANGLE[square]
    if slide is None:
        return square
    if slide.owner == colours[seat]:
        if log is not None:
            log.append(("own_slide", colours[seat], square))
        return square
    _sweep_slide(new, own, colours, seat, slide, log)
    return slide.end


def apply_step(pawns, colours, seat: int, origin: int, landing: int, log=None):
    """Move one pawn of ``seat`` from ``origin`` to ``landing`` and resolve what follows:
    own pawn in the way (C2) -> None; bump (C3); slide (C4). Returns ``(pawns, final)``."""
    mine = pawns[seat]
    if log is None and landing < TRACK_SQUARES:
        # Most steps land where no other colour's slide starts: nothing is swept and only the
        # landing square matters, so the lifted-pawn bookkeeping below is skipped (this is the
        # general loop's innermost call).
        slide = SLIDE_AT_TRIANGLE[landing]
        if slide is None or slide.owner == colours[seat]:
            if landing in mine and landing != origin:
                return None
            new = list(pawns)
            for s, locs in enumerate(pawns):
                if s != seat and landing in locs:
                    new[s] = _take(locs, landing, START)
                    break
            own = list(mine)
            own[own.index(origin)] = landing
            own.sort()
            new[seat] = tuple(own)
            return tuple(new), landing
    own = list(mine)
    own[own.index(origin)] = -1  # lifted: it is on none of the squares it passes
    if landing < TRACK_SQUARES:
        if landing in own:
            return None
        new = list(pawns)
        for s, locs in enumerate(pawns):
            if s != seat and landing in locs:
                new[s] = _take(locs, landing, START)
                if log is not None:
                    log.append(("bump", colours[s], landing))
                break
        landing = _resolve_slide(new, own, colours, seat, landing, log)
    else:
        if landing != HOME and landing in own:
            return None
        new = list(pawns)
    own[own.index(-1)] = landing
    own.sort()
    new[seat] = tuple(own)
    return tuple(new), landing


def apply_switch(pawns, colours, seat: int, origin: int, other: int, target: int, log=None):
    """The 11's switch (C10): the mover's pawn on ``origin`` and seat ``other``'s pawn on
    ``target`` change places; only the mover can then slide (C4)."""
    new = list(pawns)
    own = list(pawns[seat])
    own[own.index(origin)] = -1
    new[other] = _take(pawns[other], target, origin)
    landing = _resolve_slide(new, own, colours, seat, target, log)
    own[own.index(-1)] = landing
    own.sort()
    new[seat] = tuple(own)
    return tuple(new), landing


class Move:
    """One legal way to play a card. ``parts`` identify pawns by where they stand:

    * start/forward/backward: ``((seat, origin, landing),)``;
    * split 7: two such parts, carried out in order;
    * switch: ``((seat, origin, other_seat, target),)``;
    * Sorry!: ``((seat, START, target),)``; forfeit: ``()``.
    """

    __slots__ = ("position", "card", "kind", "parts", "_result", "reason", "_log")

    def __init__(self, position: Position, card: int, kind: str, parts: tuple,
                 result_pawns: tuple | None = None, reason: Message | None = None) -> None:
        self.position = position
        self.card = card
        self.kind = kind
        self.parts = parts
        # None until asked for: a random player picks among most cards' moves without them.
        self._result = result_pawns
        #: For a forfeit or a discard, why there was nothing (else) to do (a Message).
        self.reason = reason
        self._log = None

    @property
    def result_pawns(self) -> tuple:
        """Every seat's pawns after the move, in the position's seat order."""
        result = self._result
        if result is None:
            p = self.position
            pawns, colours = p.pawns, p.colours
            if self.kind == SWITCH:
                seat, origin, other, target = self.parts[0]
                pawns = apply_switch(pawns, colours, seat, origin, other, target)[0]
            else:
                for seat, origin, landing in self.parts:
                    pawns = apply_step(pawns, colours, seat, origin, landing)[0]
            result = self._result = pawns
        return result

    @property
    def result(self) -> Position:
        """The position after the move, with ``to_move`` unchanged."""
        p = self.position
        return Position._make(p.rules, p.colours, self.result_pawns, p.to_move)

    @property
    def colour(self) -> str:
        return COLOURS[self.position.colours[self.position.to_move]]

    # --- replayed details -------------------------------------------------------------------

    def _replay(self) -> list:
        if self._log is None:
            log: list = []
            p = self.position
            pawns, colours = p.pawns, p.colours
            if self.kind == SWITCH:
                seat, origin, other, target = self.parts[0]
                log.append(("switch", colours[seat], origin, colours[other], target))
                apply_switch(pawns, colours, seat, origin, other, target, log)
            elif self.kind == FORFEIT:
                log.append(("forfeit", colours[p.to_move], self.reason))
            elif self.kind == DISCARD:
                log.append(("discard", colours[p.to_move], self.card, self.reason))
            else:
                for seat, origin, landing in self.parts:
                    colour = colours[seat]
                    if self.kind == SORRY_MOVE:
                        log.append(("sorry", colour, landing))
                    elif origin == START:
                        log.append(("start", colour, landing))
                    else:
                        table = PATHS_BACKWARD if self.kind == BACKWARD_MOVE else PATHS_FORWARD
                        steps = _steps_between(colour, origin, landing, self.kind)
                        log.append(("move", colour, origin, landing, table[colour][origin][steps]))
                        if is_track(origin) and is_safety(landing):
                            log.append(("safety", colour, landing))
                        if landing == HOME:
                            log.append(("home", colour))
                    pawns, _ = apply_step(pawns, colours, seat, origin, landing, log)
            self._log = log
        return self._log

    @property
    def events(self) -> list[dict]:
        """What happens, in order, as JSON-ready dicts (see :func:`event_dict`)."""
        return [event_dict(e) for e in self._replay()]

    @property
    def steps(self) -> list[tuple[str, list]]:
        """The squares each moving pawn passes, in order: ``[(colour, [place, …]), …]``; a
        slide adds its squares after the triangle."""
        out = []
        for e in self._replay():
            if e[0] == "move":
                out.append((COLOURS[e[1]], [location_name(x) for x in e[4]]))
            elif e[0] in ("start", "sorry"):
                out.append((COLOURS[e[1]], [e[2]]))
            elif e[0] == "switch":
                out.append((COLOURS[e[1]], [e[4]]))
                out.append((COLOURS[e[3]], [e[2]]))
            elif e[0] == "slide":
                out[-1][1].extend(range(e[2] + 1, e[3] + 1))
        return out

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The rules this move relies on, e.g. ``("C8", "C3", "C4")``."""
        ids = [] if self.kind == DISCARD else [CARD_RULE[self.card]]
        if self.kind == START_PAWN:
            ids.append("C1")
        for e in self._replay():
            rid = EVENT_RULE.get(e[0])
            if rid:
                ids.append(rid)
        # Then every rule the explanation cites (a forfeit's reason, T1–T8, the win's C14).
        ids.extend(self.message.rule_ids())
        if self.wins and self.position.rules.partnerships() is None:
            ids.append("C14")  # a discard's sentence says nothing of the win it leaves standing
        return tuple(dict.fromkeys(ids))

    @property
    def wins(self) -> bool:
        return self.position.rules.wins(self.position, self.result_pawns)

    @property
    def notation(self) -> str:
        """Short notation: ``R12-17``, ``RS-4`` (start), ``R8-9>13`` (slide), ``R12x17``
        (bump), ``R56-s3``, ``Rs5-H``, ``R12-15 R40-44`` (split 7, in order), ``R23<>B39``
        (switch), ``R!B39`` (Sorry!), ``R pass`` (forfeit)."""
        colours = self.position.colours
        if self.kind == FORFEIT:
            return f"{_LETTER[colours[self.position.to_move]]} pass"
        if self.kind == DISCARD:
            return f"{_LETTER[colours[self.position.to_move]]} discard {CARD_NAMES[self.card]}"
        slide_ends = [e[3] for e in self._replay() if e[0] == "slide"]
        bumps = {e[2] for e in self._replay() if e[0] == "bump"}
        out = []
        for part in self.parts:
            if self.kind == SWITCH:
                seat, origin, other, target = part
                text = f"{_LETTER[colours[seat]]}{origin}<>{_LETTER[colours[other]]}{target}"
                if slide_ends:
                    text += f">{slide_ends.pop(0)}"
            elif self.kind == SORRY_MOVE:
                seat, _, target = part
                victim = _victim(self.position, target)
                text = f"{_LETTER[colours[seat]]}!{_LETTER[victim]}{target}"
                if slide_ends:
                    text += f">{slide_ends.pop(0)}"
            else:
                seat, origin, landing = part
                sep = "x" if landing in bumps and is_track(landing) else "-"
                text = f"{_LETTER[colours[seat]]}{short_name(origin)}{sep}{short_name(landing)}"
                slide = SLIDE_AT_TRIANGLE[landing] if is_track(landing) else None
                if slide is not None and slide.owner != colours[seat]:
                    text += f">{slide.end}"
            out.append(text)
        return " ".join(out)

    @property
    def message(self) -> Message:
        """What happens and which rules allow it, as a message id with its parameters."""
        return _explain(self)

    @property
    def explanation(self) -> str:
        """One or two sentences: what happens and which rules allow it (:attr:`message` in
        English)."""
        return self.message.text()

    def to_dict(self, with_card: bool = False) -> dict:
        """The move as an entry of the ``moves`` command's answer (docs/position-format.md);
        ``with_card`` adds the card it plays (an answer for a hand)."""
        data = {"notation": self.notation, "explanation": self.explanation,
                "result": self.result.to_dict()}
        return {"card": CARD_NAMES[self.card], **data} if with_card else data

    def __repr__(self) -> str:
        return f"<Move {card_label(self.card)}: {self.notation}>"


def _victim(position: Position, square: int) -> int:
    for c, locs in zip(position.colours, position.pawns):
        if square in locs:
            return c
    raise ValueError(f"no pawn on {square}")


def _steps_between(colour: int, origin: int, landing: int, kind: str) -> int:
    table = BACKWARD if kind == BACKWARD_MOVE else FORWARD
    row = table[colour][origin]
    return row.index(landing, 1)


def event_dict(e: tuple) -> dict:
    """An event tuple from the replay log as a JSON-ready dict (places in position-format
    names, colours as names)."""
    kind = e[0]
    if kind == "move":
        return {"event": "move", "colour": COLOURS[e[1]], "from": location_name(e[2]),
                "to": location_name(e[3]), "path": [location_name(x) for x in e[4]]}
    if kind in ("start", "sorry"):
        return {"event": kind, "colour": COLOURS[e[1]], "to": e[2]}
    if kind == "bump":
        return {"event": "bump", "colour": COLOURS[e[1]], "from": e[2]}
    if kind == "slide":
        return {"event": "slide", "colour": COLOURS[e[1]], "from": e[2], "to": e[3],
                "swept": [{"colour": COLOURS[c], "from": sq} for c, sq in e[4]]}
    if kind == "own_slide":
        return {"event": "own_slide", "colour": COLOURS[e[1]], "at": e[2]}
    if kind == "safety":
        return {"event": "safety", "colour": COLOURS[e[1]], "to": location_name(e[2])}
    if kind == "home":
        return {"event": "home", "colour": COLOURS[e[1]]}
    if kind == "switch":
        return {"event": "switch", "colour": COLOURS[e[1]], "from": e[2],
                "other": COLOURS[e[3]], "other_from": e[4]}
    if kind == "forfeit":
        return {"event": "forfeit", "colour": COLOURS[e[1]], "reason": e[2].text()}
    if kind == "discard":
        return {"event": "discard", "colour": COLOURS[e[1]], "card": CARD_NAMES[e[2]],
                "reason": e[3].text()}
    raise ValueError(f"unknown event {kind!r}")


# --- generation -----------------------------------------------------------------------------


def legal_moves(position: Position, card: int | str) -> list[Move]:
    """Every legal move for ``position.to_move`` holding ``card``. A forfeit is a move (with the
    unchanged position as its result) when the rules allow or force one."""
    if not isinstance(card, int) or isinstance(card, bool):
        card = card_from_name(card)
    elif card not in CARD_RULE:
        raise ValueError(f"card: {card!r} is not a Sorry! card")
    return _card_moves(position, card, True)


def _card_moves(position: Position, card: int, forfeits: bool, seats=None) -> list[Move]:
    """The moves of ``card``; without ``forfeits`` (a hand, where a card that cannot move is
    simply not played, P3) no forfeit and no reason for one is made. ``seats``: whose pawns the
    card may move, if known (the player's own, and in a team game the partner's, T1)."""
    moves: list[Move] = []
    add = moves.append
    rules = position.rules
    if seats is None:
        seats = rules.mover_seats(position)

    if card == SORRY:
        _sorry_moves(position, seats, add)
        if rules.sorry_forward_4:
            _simple_moves(position, seats, card, 4, FORWARD, FORWARD_MOVE, add)
        if not moves and forfeits:
            if all(START not in position.pawns[s] for s in seats):
                why = Message("board.sorry_no_start", who=_who(position, seats),
                              rules="C11")
            else:
                why = Message("board.sorry_no_target", player=_mover(position), rules="C11")
            if rules.sorry_forward_4:
                why = Message("board.and_no_4_forward", reason=why)
            add(_forfeit(position, card, why))
        return moves

    if card in (1, 2):
        _start_moves(position, seats, card, add)
    if card == 4:
        _simple_moves(position, seats, card, 4, BACKWARD, BACKWARD_MOVE, add)
    else:
        _simple_moves(position, seats, card, FORWARD_STEPS[card], FORWARD, FORWARD_MOVE, add)
    if card == 10:
        _simple_moves(position, seats, card, 1, BACKWARD, BACKWARD_MOVE, add)
    elif card == 7:
        _split_moves(position, seats, add)
    elif card == 11:
        forward_exists = bool(moves)
        _switch_moves(position, seats, add)
        if not forward_exists and moves and forfeits:
            add(_forfeit(position, card, Message("board.declines_switch",
                                                 player=_mover(position), rules="C10")))
    if not moves and forfeits:
        reason = _forfeit_reason(position, card) if len(seats) == 1 else \
            _team_forfeit_reason(position, seats, card)
        add(_forfeit(position, card, reason))
    return moves


def hand_moves(position: Position, hand) -> list[Move]:
    """Every legal play of the player to move from a hand of cards (play for points, P2–P3):
    the moves of each distinct card in the hand, in the hand's order. If no card can move, one
    discard per distinct card; if the only moves are 11 switches, which a player may decline
    (C10), those switches and one discard per distinct card."""
    cards = [card_from_name(c) if isinstance(c, str) else c for c in hand]
    return _hand_moves(position, list(dict.fromkeys(cards)))


def _hand_moves(position: Position, distinct: list[int]) -> list[Move]:
    """:func:`hand_moves` of a hand's distinct card values, in order (as Game keeps them)."""
    moves: list[Move] = []
    playable = False  # some move that is not an 11's switch
    seats = position.rules.mover_seats(position)
    for card in distinct:
        if card in _FORWARD_ONLY:  # the commonest cards, straight to their one kind of move
            listed = len(moves)
            _simple_moves(position, seats, card, card, FORWARD, FORWARD_MOVE, moves.append)
            playable = playable or len(moves) > listed
            continue
        of_card = _card_moves(position, card, False, seats)
        if of_card:
            moves += of_card
            # An 11 lists its forward moves before its switches.
            playable = playable or card != 11 or of_card[0].kind != SWITCH
    if playable:
        return moves
    if not moves:
        why = Message("board.no_card_moves", player=_mover(position), rules="P3")
    else:
        why = Message("board.may_decline_switch", player=_mover(position), rules=["C10", "P3"])
    return moves + [Move(position, card, DISCARD, (), position.pawns, why) for card in distinct]


def _forfeit(position: Position, card: int, reason: Message) -> Move:
    return Move(position, card, FORFEIT, (), position.pawns, reason)


def _start_moves(position: Position, seats, card: int, add) -> None:
    """A 1 or 2 starts a pawn onto its own colour's start exit (C1; a partner's, T2)."""
    for seat in seats:
        mine = position.pawns[seat]
        if START in mine:
            exit_square = start_exit(position.colours[seat])  # no triangle: nothing slides
            if exit_square not in mine:  # C2
                add(Move(position, card, START_PAWN, ((seat, START, exit_square),)))


def _simple_moves(position: Position, seats, card: int, steps: int, table, kind: str,
                  add) -> None:
    pawns = position.pawns
    colours = position.colours
    for seat in seats:
        row_by_loc = table[colours[seat]]
        mine = pawns[seat]
        for origin in mine:  # sorted: the pawns on the board, each on its own square, come first
            if origin >= START:
                break
            landing = row_by_loc[origin][steps]
            if landing < 0 or (landing != HOME and landing in mine):
                continue  # off the path, or onto an own pawn (C2; a slide judged on its triangle)
            add(Move(position, card, kind, ((seat, origin, landing),)))


def _split_moves(position: Position, seats, add) -> None:
    """Split 7 (C8): two different pawns (of the team, T4), ``a + b = 7`` with ``a, b >= 1``,
    both forward; the first part is carried out completely before the second is judged. The
    two orders of the same parts are listed once unless they end in different positions."""
    pawns = position.pawns
    colours = position.colours
    # A position's pawns are sorted, and only START and HOME hold more than one, so the pawns
    # on the board are distinct squares listed in order.
    out = [(seat, origin, FORWARD[colours[seat]][origin]) for seat in seats
           for origin in pawns[seat] if origin < START]
    if len(out) < 2:
        return  # a part can only send pawns back, so no second pawn can appear
    seen: dict = {}  # the two parts of a split, unordered -> the positions they reached
    for first in range(1, 7):
        second = 7 - first
        for seat, origin, row in out:
            landing = row[first]
            if landing < 0 or (landing != HOME and landing in pawns[seat]):
                continue  # off the path, or onto an own pawn (C2)
            mid = apply_step(pawns, colours, seat, origin, landing)
            if mid is None:
                continue
            mid_pawns, moved_to = mid
            part = (seat, origin, first)
            for seat2 in seats:
                fwd2 = FORWARD[colours[seat2]]
                for origin2 in mid_pawns[seat2]:
                    if origin2 >= START:
                        break
                    if seat2 == seat and origin2 == moved_to:
                        continue
                    landing2 = fwd2[origin2][second]
                    if landing2 < 0 or (landing2 != HOME and landing2 in mid_pawns[seat2]):
                        continue  # off the path, or onto an own pawn (C2)
                    res = apply_step(mid_pawns, colours, seat2, origin2, landing2)
                    if res is None:
                        continue
                    # The same two parts in the other order were listed if they ended alike.
                    part2 = (seat2, origin2, second)
                    pair = (part, part2) if part < part2 else (part2, part)
                    ended = seen.get(pair)
                    if ended is None:
                        seen[pair] = [res[0]]
                    elif res[0] in ended:
                        continue
                    else:
                        ended.append(res[0])
                    add(Move(position, 7, SPLIT,
                             ((seat, origin, landing), (seat2, origin2, landing2)), res[0]))


def _switch_moves(position: Position, seats, add) -> None:
    """The 11 switches a pawn of the player's (or the team's) on the track with an opponent's
    pawn on the track (C10; never two team pawns, T5)."""
    pawns = position.pawns
    for seat in seats:
        for origin in pawns[seat]:
            if origin >= TRACK_SQUARES:
                continue
            for other, locs in enumerate(pawns):
                if other in seats:
                    continue
                for target in locs:
                    if target < TRACK_SQUARES:
                        add(Move(position, 11, SWITCH, ((seat, origin, other, target),)))


def _sorry_moves(position: Position, seats, add) -> None:
    """Sorry! (C11): a pawn from START onto an opponent's pawn on the track. In a team game the
    pawn may come from either partner's START, and only when no opponent pawn is on the track
    may it take a team pawn of the other colour (T6)."""
    pawns = position.pawns
    opponents = [(other, target) for other, locs in enumerate(pawns) if other not in seats
                 for target in locs if target < TRACK_SQUARES]
    for seat in seats:
        if START not in pawns[seat]:
            continue
        targets = opponents or [(other, target) for other in seats if other != seat
                                for target in pawns[other] if target < TRACK_SQUARES]
        for _other, target in targets:
            add(Move(position, SORRY, SORRY_MOVE, ((seat, START, target),)))


def _mover(position: Position) -> int:
    """The colour code of the player to move (a message's ``player``)."""
    return position.colours[position.to_move]


def _who(position: Position, seats) -> Message:
    """Red, or in a team game Red's team (Red and Yellow), as the subject of a sentence."""
    if len(seats) == 1:
        return Message("board.player", player=position.colours[seats[0]])
    return Message("board.team", player=position.colours[seats[0]],
                   team=[position.colours[s] for s in seats])


def _turn_lost() -> Message:
    return Message("board.turn_forfeited", rules="C12")


def _team_forfeit_reason(position: Position, seats, card: int) -> Message:
    team = [position.colours[s] for s in seats]
    if all(loc >= START for s in seats for loc in position.pawns[s]):
        return Message("board.team_in_start", team=team, card=card, rules="C1",
                       lost=_turn_lost())
    return Message("board.team_cannot_move", team=team, card=card, rules="T1", lost=_turn_lost())


def _forfeit_reason(position: Position, card: int) -> Message:
    """Why no move exists: names each obstacle and its rule."""
    seat = position.to_move
    colour = position.colours[seat]
    own = position.pawns[seat]
    on_board = sorted({x for x in own if x < START})
    if not on_board:
        if START in own and card in (1, 2):
            return Message("board.start_exit_blocked", player=colour, exit=start_exit(colour),
                           rules="C2", card=card, lost=_turn_lost())
        return Message("board.none_out_of_start", player=colour, card=card, rules="C1",
                       lost=_turn_lost())
    obstacles = set()
    for origin in on_board:
        for table, steps in _card_steps(card):
            landing = table[colour][origin][steps]
            if landing < 0:
                obstacles.add("overshoot")
            elif apply_step(position.pawns, position.colours, seat, origin, landing) is None:
                obstacles.add("own")
    parts = []
    if obstacles == {"overshoot"}:
        parts.append(Message("board.all_overshoot", rules="C6"))
    elif obstacles == {"own"}:
        parts.append(Message("board.all_own", player=colour, rules="C2"))
    elif obstacles:
        parts.append(Message("board.overshoot_or_own", player=colour, rules=["C6", "C2"]))
    if card == 7:
        parts.append(Message("board.no_split", rules="C8"))
    if card == 11:
        parts.append(Message("board.no_switch", rules="C10"))
    return Message("board.cannot_move", player=colour, card=card, obstacles=parts,
                   lost=_turn_lost())


def _card_steps(card: int) -> list:
    """(table, steps) for each way a numbered card moves a single pawn."""
    if card == 4:
        return [(BACKWARD, 4)]
    if card == SORRY:
        return [(FORWARD, 4)]
    out = [(FORWARD, FORWARD_STEPS[card])]
    if card == 10:
        out.append((BACKWARD, 1))
    return out


# --- explanations ---------------------------------------------------------------------------


def _clauses(log: list, mover: int, team: tuple = ()) -> list[Message]:
    """What followed the basic step: bumps, slides, safety, home. ``team`` holds the colours of
    the player's team, whose pawns may be bumped too (T3)."""
    out = []
    for e in log:
        kind = e[0]
        if kind == "bump":
            out.append(Message("board.bump", colour=e[1], at=e[2],
                               rules="C3, T3" if e[1] in team else "C3"))
        elif kind == "slide":
            sweep = []
            if e[4]:
                sweep.append(Message("board.sweep", pawns=[
                    Message("board.its_own_pawn_on", at=sq) if c == mover
                    else Message("board.colours_pawn_on", colour=c, at=sq) for c, sq in e[4]]))
            out.append(Message("board.slide", owner=SLIDE_AT_TRIANGLE[e[2]].owner, at=e[2],
                               to=e[3], rules="C4", sweep=sweep))
        elif kind == "own_slide":
            out.append(Message("board.own_slide", at=e[2], rules="C4"))
        elif kind == "safety":
            out.append(Message("board.safety", entry=entry_square(e[1]), rules="C5"))
        elif kind == "home":
            out.append(Message("board.home", rules="C6"))
    return out


def _pawn(move: Move, seat: int, where: int) -> Message:
    """ "the pawn on 12", or in a team game "Yellow's pawn on 12" when it is the partner's."""
    p = move.position
    if seat == p.to_move:
        return Message("board.the_pawn_on", at=where)
    return Message("board.colours_pawn", colour=p.colours[seat]) if where is None else \
        Message("board.colours_pawn_on", colour=p.colours[seat], at=where)


def _whose(move: Move, seat: int, mine: str) -> Message:
    """ "a pawn" / "its pawn" of the player's own, or "Yellow's pawn" of the partner's (T1)."""
    if seat == move.position.to_move:
        return Message(mine)
    return Message("board.colours_pawn", colour=move.position.colours[seat])


def _explain(move: Move) -> Message:
    log = move._replay()
    p = move.position
    colour = p.colours[p.to_move]
    team = p.rules.partnerships() is not None
    partners = tuple(p.colours[s] for s in p.rules.mover_seats(p)) if team else ()
    card = move.card
    kind = move.kind
    if kind == DISCARD:
        return Message("board.discard", reason=move.reason, player=colour, card=card)
    # The sentence after the move's own; params are built in the order the template cites
    # them, so that the message's rule ids come in the order a reader meets them.
    ending = []
    if move.wins and team:
        ending.append(Message("board.team_wins",
                              team=[p.colours[s] for s in p.rules.mover_seats(p)], rules="T8"))
    elif move.wins:
        ending.append(Message("board.wins", player=colour, rules="C14"))
    elif p.rules.draws_again(card, False):
        ending.append(Message("board.draws_again", player=colour, rules="C7"))
    if kind == FORFEIT:
        reason = move.reason
        if "lost" not in reason.params:
            return Message("board.forfeit_turn", reason=reason, ending=ending)
        if p.rules.draws_again(card, False):
            # The 2 still draws again (C7), so only this card is lost, not the turn.
            reason = Message(reason.id, **{**reason.params, "lost": Message(
                "board.card_forfeited", card=2, rules="C12")})
        return Message("board.forfeit", reason=reason, ending=ending)
    if kind == START_PAWN:
        seat, _, landing = move.parts[0]
        return Message("board.start", player=colour, card=card,
                       pawn=_whose(move, seat, "board.a_pawn"), to=landing,
                       rules="C1" if seat == p.to_move else "C1, T2",
                       then=_clauses(log, p.colours[seat], partners), ending=ending)
    if kind in (FORWARD_MOVE, BACKWARD_MOVE):
        seat, origin, landing = move.parts[0]
        pawn_colour = p.colours[seat]
        steps = _steps_between(pawn_colour, origin, landing, kind)
        then = _clauses(log, pawn_colour, partners)
        pawn = _pawn(move, seat, origin)
        if card == SORRY:
            return Message("board.sorry_forward", player=colour, card=card, pawn=pawn,
                           steps=steps, to=landing,
                           rules=[] if seat == p.to_move else ["T1"], then=then, ending=ending)
        rule = CARD_RULE[card] + ("" if seat == p.to_move else ", T1")
        return Message("board.backward" if kind == BACKWARD_MOVE else "board.forward",
                       player=colour, card=card, pawn=pawn, steps=steps, to=landing,
                       rules=rule, then=then, ending=ending)
    if kind == SPLIT:
        (s1_seat, o1, l1), (s2_seat, o2, l2) = move.parts
        s1 = _steps_between(p.colours[s1_seat], o1, l1, FORWARD_MOVE)
        first_log, second_log = _split_logs(log)
        return Message(
            "board.split", player=colour,
            rules="C8" if s1_seat == s2_seat == p.to_move else "C8, T4",
            first=Message("board.split_part", pawn=_pawn(move, s1_seat, o1), steps=s1, to=l1,
                          then=_clauses(first_log, p.colours[s1_seat], partners)),
            second=Message("board.split_part", pawn=_pawn(move, s2_seat, o2), steps=7 - s1,
                           to=l2, then=_clauses(second_log, p.colours[s2_seat], partners)),
            ending=ending)
    if kind == SWITCH:
        seat, origin, other, target = move.parts[0]
        return Message("board.switch", player=colour, card=card,
                       pawn=_whose(move, seat, "board.its_pawn"), at=origin,
                       other=p.colours[other], target=target,
                       rules="C10, T5" if team else "C10",
                       then=_clauses(log[1:], p.colours[seat], partners), ending=ending)
    if kind == SORRY_MOVE:
        seat, _, target = move.parts[0]
        rest = [c for c in _clauses(log, p.colours[seat], partners) if c.id != "board.bump"]
        return Message("board.sorry", player=colour, card=card,
                       pawn=_whose(move, seat, "board.a_pawn"), target=target,
                       victim=_victim(p, target), rules="C11, T6" if team else "C11",
                       then=rest, ending=ending)
    raise ValueError(kind)  # pragma: no cover - every kind is handled above


def _split_logs(log: list) -> tuple[list, list]:
    moves_at = [i for i, e in enumerate(log) if e[0] == "move"]
    return log[: moves_at[1]], log[moves_at[1]:]


# --- why not -------------------------------------------------------------------------------


def _place(value, field: str) -> int:
    if isinstance(value, str) and value.lstrip("-").isdigit():
        value = int(value)
    if isinstance(value, str) and value.upper() in ("START", "S"):
        return START
    if isinstance(value, str) and value.upper() in ("HOME", "H"):
        return HOME
    try:
        return parse_location(value, field)
    except PositionError as exc:
        raise ValueError(str(exc)) from None


def moves_between(position: Position, card: int | str, origin, target) -> list[Move]:
    """The legal moves in which the mover's pawn on ``origin`` goes to ``target`` (its landing
    square or, after a slide, the slide's end; for an 11 or a Sorry!, ``target`` may be the
    opponent's square). A split 7 matches if either part does."""
    o = _place(origin, "origin")
    t = _place(target, "target")
    found = []
    for move in legal_moves(position, card):
        if move.kind == SWITCH:
            if move.parts[0][1] == o and move.parts[0][3] == t:
                found.append(move)
            continue
        for part in move.parts:
            _, po, landing = part
            slide = SLIDE_AT_TRIANGLE[landing] if is_track(landing) else None
            if po == o and (landing == t or (slide is not None and slide.end == t
                                             and slide.owner != position.colours[part[0]])):
                found.append(move)
                break
    return found


def why_illegal(position: Position, card: int | str, origin, target) -> str | None:
    """Why the mover may not move its pawn on ``origin`` to ``target`` with ``card``; None if it
    may. The reason names the rule: "a 7 cannot start a pawn (C8)" (:func:`why_illegal_message`
    in English)."""
    message = why_illegal_message(position, card, origin, target)
    return None if message is None else message.text()


def why_illegal_message(position: Position, card: int | str, origin, target) -> Message | None:
    """:func:`why_illegal` as a message: its id, parameters and rule ids."""
    if not isinstance(card, int) or isinstance(card, bool):
        card = card_from_name(card)
    if moves_between(position, card, origin, target):
        return None
    o = _place(origin, "origin")
    t = _place(target, "target")
    seats = position.rules.mover_seats(position)
    # In a team game the pawn may be the partner's (T1): judge it by its own colour.
    seat = next((s for s in seats if o in position.pawns[s]), position.to_move)
    colour = position.colours[seat]
    own = position.pawns[seat]
    if o not in own:
        owner = position.occupant(o) if is_track(o) else None
        if owner:
            return Message("board.not_your_pawn", at=o, owner=COLOURS.index(owner),
                           player=_mover(position),
                           movable=[Message("board.possessive", colour=position.colours[s])
                                    for s in seats])
        return Message("board.no_pawn_there", who=_who(position, seats), at=o)
    if o == HOME:
        return Message("board.home_never_moves", rules="C6")
    if t in own and t < START and t != o:
        return Message("board.own_pawn_at", player=colour, at=t, rules="C2")
    if card == SORRY and (o == START or not position.rules.sorry_forward_4):
        if o != START:
            return Message("board.sorry_from_start", rules="C11")
        if not is_track(t):
            return Message("board.sorry_track_only", rules="C11")
        return Message("board.sorry_needs_opponent", rules="C11", at=t)
    if o == START:
        if card == 7:
            return Message("board.seven_cannot_start", card=7, rules="C8")
        if card not in (1, 2):
            return _cannot_start(card)
        return Message("board.start_exit_only", exit=start_exit(colour), rules="C1")
    if card == 11 and is_track(t) and position.occupant(t) is not None:
        # With both pawns on the track a switch is always legal, so one of them is not.
        return Message("board.switch_track_only", rules="C10")
    if card == 4:
        options = [(BACKWARD, 4, "backward")]
    elif card == SORRY:
        options = [(FORWARD, 4, "forward")]
    else:
        options = [(FORWARD, FORWARD_STEPS[card], "forward")]
        if card == 10:
            options.append((BACKWARD, 1, "backward"))
    if card == 7:
        for k in range(1, 7):
            if FORWARD[colour][o][k] == t:
                return Message("board.split_needs_other", steps=k, player=colour, rest=7 - k,
                               rules="C8")
    for table, steps, _ in options:
        landing = table[colour][o][steps]
        slide = SLIDE_AT_TRIANGLE[landing] if is_track(landing) else None
        if slide is not None and slide.end == t and landing in own:
            return Message("board.own_pawn_on_triangle", player=colour, at=landing, rules="C2")
    if all(table is FORWARD and table[colour][o][steps] < 0 for table, steps, _ in options):
        return Message("board.overshoots", steps=options[0][1], at=o, rules="C6")
    if is_safety(t) and is_track(o) and all(table is BACKWARD for table, _, _ in options):
        return Message("board.backward_no_safety", rules="C5")
    forward_only = all(table is FORWARD for table, _, _ in options)
    counts = range(1, 8) if card == 7 else [n for table, n, _ in options if table is FORWARD]
    if is_track(t) and ((is_safety(o) and forward_only)
                        or (is_track(o) and (t - o) % TRACK_SQUARES in counts
                            and _passes_entry(colour, o, t))):
        return Message("board.turns_into_safety", player=colour, entry=entry_square(colour),
                       rules="C5")
    wanted = []
    for table, steps, direction in options:
        landing = table[colour][o][steps]
        if landing < 0:
            # Only a forward move can run past HOME: a backward one always lands somewhere.
            wanted.append(Message("board.forward_past_home", steps=steps))
        else:
            wanted.append(Message(f"board.{direction}_to", steps=steps, to=landing))
    return Message("board.not_that_far", card=card, options=wanted, rules=CARD_RULE[card], at=t)


def _cannot_start(card: int) -> Message:
    return Message("board.cannot_start", card=card, rules=["C1", "C11"])


def why_pawn_cannot_move(position: Position, card: int | str, origin) -> str | None:
    """Why the mover's pawn on ``origin`` has no legal move at all with ``card``, naming the
    rule ("a 10 cannot start a pawn: only a 1 or a 2 starts one (C1), ..."); None if it has one,
    or if the obstacle is none this function knows (the caller then says less)."""
    message = why_pawn_cannot_move_message(position, card, origin)
    return None if message is None else message.text()


def why_pawn_cannot_move_message(position: Position, card: int | str, origin) -> Message | None:
    """:func:`why_pawn_cannot_move` as a message."""
    if not isinstance(card, int) or isinstance(card, bool):
        card = card_from_name(card)
    o = _place(origin, "origin")
    seats = position.rules.mover_seats(position)
    seat = next((s for s in seats if o in position.pawns[s]), None)
    if seat is None:
        return None
    if any(part[1] == o for m in legal_moves(position, card) for part in m.parts):
        return None
    colour = position.colours[seat]
    if o == HOME:
        return Message("board.home_never_moves", rules="C6")
    if o == START:
        if card == SORRY:
            return Message("board.sorry_no_opponent", rules="C11")
        if card == 7:
            return Message("board.seven_cannot_start", card=7, rules="C8")
        if card in (1, 2):
            return Message("board.start_exit_taken", player=colour, exit=start_exit(colour),
                           rules="C2", card=card)
        return _cannot_start(card)
    if card == SORRY and not position.rules.sorry_forward_4:
        return Message("board.sorry_from_start", rules="C11")
    parts = []
    overshoot = own = False
    for table, steps in _card_steps(card):
        landing = table[colour][o][steps]
        if landing < 0:
            overshoot = True
        elif apply_step(position.pawns, position.colours, seat, o, landing) is None:
            own = True
    if overshoot:
        parts.append(Message("board.would_overshoot", steps=_card_steps(card)[0][1], rules="C6"))
    if own:
        parts.append(Message("board.would_land_own", player=colour, rules="C2"))
    if not parts:
        return None
    if card == 7:
        parts.append(Message("board.no_split_partner", player=colour, rules="C8"))
    if card == 11:
        parts.append(Message("board.switch_needs_track", rules="C10"))
    return Message("board.with_card", card=card, parts=parts)


def _passes_entry(colour: int, origin: int, target: int) -> bool:
    """Whether going forward from ``origin`` towards ``target`` (both on the track) would first
    pass the colour's safety entry, so that the pawn turns off before reaching it (C5)."""
    ahead = (target - origin) % TRACK_SQUARES
    to_entry = (entry_square(colour) - origin) % TRACK_SQUARES
    return ahead > to_entry


def why_not_forfeit(position: Position, card: int | str) -> str | None:
    """Why the mover may not pass with ``card``; None if forfeiting is allowed."""
    message = why_not_forfeit_message(position, card)
    return None if message is None else message.text()


def why_not_forfeit_message(position: Position, card: int | str) -> Message | None:
    """:func:`why_not_forfeit` as a message."""
    moves = legal_moves(position, card)
    if any(m.kind == FORFEIT for m in moves):
        return None
    return Message("board.must_move", count=len(moves), rules="C12")


# Position.legal_moves and Position.why_illegal answer with this module (see state.py).
answer_moves_with(sys.modules[__name__])
