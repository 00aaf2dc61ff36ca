"""A lean loop for many random games: the same games as :class:`~.game.Game` with
:class:`~.strategies.RandomStrategy`, card for card, several times faster.

It keeps pawns in mutable lists with a 60-square occupancy array and changes them in place, so
a card costs a few table lookups instead of building a tuple per candidate move. Every card is
generated here, in the same order as :func:`~.moves.legal_moves`. For the one-pawn cards and
Sorry! distinct moves reach distinct positions (a property test checks this), so a uniform
pick among moves is the random strategy's uniform pick among results. The 7 lists its moves
with a key per result (``_sevens``), and the pick is uniform over distinct keys. Two rare cases
go through the full move generator and the strategy itself: two pawns that could each play a 4
backward from the end of another colour's long slide onto its triangle (each slides back where
it began, so two moves end alike), and two own pawns on the slide of a triangle an 11 could
switch onto. ``tests/test_fastsim.py`` checks that the loop plays Game's games exactly.
"""

from __future__ import annotations

import gc
from typing import Any

from ..board.track import (BACKWARD, FORWARD, HOME, NULL_FOURS, SLIDE_AT_TRIANGLE, SLIDE_COVERING,
                    SLIDES, START, start_exit)
from ..board.cards import SORRY, deck_cards, shuffle
from ..board.game import seed_streams  # the same two random streams as Game
from ..board.moves import legal_moves
from ..board.state import Position
from ..board.strategies import RandomStrategy

_NO_PAWN = -1
_NOTHING: frozenset = frozenset()

_ONE_PAWN_CARDS = frozenset((1, 2, 3, 5, 8, 10, 12))
_random_strategy = RandomStrategy()

# _SLIDING[colour][location]: the slide a pawn of that colour takes on landing there (another
# colour's triangle, C4), else None; indexed by any location code.
_SLIDING = [
    [s if s is not None and s.owner != c else None for s in SLIDE_AT_TRIANGLE]
    + [None] * (HOME + 1 - len(SLIDE_AT_TRIANGLE))
    for c in range(4)
]

# _UNPLAIN[colour]: landings that need more than a plain move: off the path (-1) and the
# triangles of other colours' slides.
_UNPLAIN = [frozenset([-1] + [s.triangle for s in SLIDES if s.owner != c]) for c in range(4)]
# ON_OTHER_SLIDES[colour]: the squares after the triangle of the slides of other colours.
ON_OTHER_SLIDES = [frozenset(q for s in SLIDES if s.owner != c for q in s.squares[1:])
                   for c in range(4)]


def play_random_game(start: Position, seed: Any, history: list | None = None,
                     max_cards: int = 100_000, homes: list | None = None) -> tuple[int, int, int]:
    """Play one game from ``start`` with every player random. Returns ``(winner seat, cards,
    turns)``. If ``history`` is a list, each card appends ``(pawns before, card, index of the
    chosen move in legal_moves)`` — enough to rebuild the full record later. If ``homes`` is a
    list, it receives the number of pawns each seat has HOME at the end (for scoring).

    The cyclic garbage collector is paused meanwhile, as :mod:`timeit` does: the loop makes
    many short-lived tuples and no reference cycles, so collections would be pure cost."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _play(start, seed, history, max_cards, homes)
    finally:
        if collecting:
            gc.enable()


def _play(start: Position, seed: Any, history: list | None, max_cards: int,
          homes: list | None = None):
    rules = start.rules
    deck_rng, rng = seed_streams(seed)
    deck = deck_cards(rules.deck)
    shuffle(deck, deck_rng)
    colours = start.colours
    n_seats = len(colours)
    locs = [list(p) for p in start.pawns]
    board = [_NO_PAWN] * 60
    home_count = [0] * n_seats
    _fill(locs, board, home_count)
    n_pawns = len(locs[0])
    fwd_tables = [FORWARD[c] for c in colours]
    back_tables = [BACKWARD[c] for c in colours]
    exits = [start_exit(c) for c in colours]
    slidings = [_SLIDING[c] for c in colours]
    # Each seat's opponents' pawn lists in seat order (the lists change only in place).
    opponents = [[pawns for s, pawns in enumerate(locs) if s != seat] for seat in range(n_seats)]
    draw_again = rules.two_draws_again
    sorry_4 = rules.sorry_forward_4
    random = rng.random
    seat = start.to_move
    turn = 1
    cards = 0
    recording = history is not None

    # Every colour's list is kept sorted, as Position keeps its tuples, so candidates come out
    # in legal_moves' order without sorting and a snapshot is a plain copy.
    # The pile is drawn from the list's end, as Game pops it; with no hands, the discards are
    # the deck in the order drawn, so a reshuffle reverses the list and shuffles it again.
    while cards < max_cards:
        if cards + len(deck) > max_cards:
            deck = deck[cards + len(deck) - max_cards:]
        for card in reversed(deck):
            cards += 1
            own = locs[seat]
            if recording:
                before = tuple(map(tuple, locs))

            if card in _ONE_PAWN_CARDS:
                # 1, 2, 3, 5, 8, 10, 12: (origin, landing) candidates, in legal_moves' order.
                candidates = []
                if card <= 2 and START in own and board[exits[seat]] != seat:
                    candidates.append((START, exits[seat]))
                fwd = fwd_tables[seat]
                for origin in own:  # _simple(), inlined for the commonest cards
                    if origin >= START:
                        break
                    landing = fwd[origin][card]
                    if landing >= 0:
                        if landing < 60:
                            if board[landing] == seat:
                                continue
                        elif landing != HOME and landing in own:
                            continue
                        candidates.append((origin, landing))
                if card == 10:
                    _simple(own, seat, back_tables[seat], 1, board, candidates.append)
                n = len(candidates)
                if n:
                    index = 0 if n == 1 else int(random() * n)
                    origin, landing = candidates[index]
                    if landing < 60 and (board[landing] != _NO_PAWN
                                         or slidings[seat][landing] is not None):
                        _apply(candidates[index], seat, colours[seat], own, locs, board, home_count)
                    else:  # _apply's commonest case inline: no bump, no slide
                        if origin < 60:
                            board[origin] = _NO_PAWN
                        if landing < 60:
                            board[landing] = seat
                        elif landing == HOME:
                            home_count[seat] += 1
                        own[own.index(origin)] = landing
                        own.sort()
                else:
                    index = 0
                if recording:
                    history.append((before, card, index))
            elif own[0] >= START and card != SORRY:
                # A 4, 7 or 11 with every pawn in START or HOME: the forfeit is the only move, and
                # a single move draws no random number (the lists are sorted, so own[0] tells).
                if recording:
                    history.append((before, card, 0))
            elif card == 7 and (n_pawns == 1 or own[1] >= START):
                # One pawn out (the lists are sorted): no split, at most one move (C8).
                origin = own[0]
                landing = fwd_tables[seat][origin][7]
                if recording:
                    history.append((before, card, 0))
                if landing >= 0 and (landing == HOME or landing not in own):  # C2
                    _apply((origin, landing), seat, colours[seat], own, locs, board, home_count)
            elif card == 7:
                _seven(seat, colours[seat], own, locs, board, home_count, fwd_tables[seat], random,
                       history, before if recording else None)
            elif card == 4 and len(NULL_FOURS[colours[seat]].intersection(own)) < 2:
                # Two pawns that could each play a 4 backward from the end of another colour's long
                # slide onto its triangle and slide back where they began (C4) would be two moves
                # to one position, which the random strategy counts once: those go to _generic.
                candidates = []
                _simple(own, seat, back_tables[seat], 4, board, candidates.append)
                n = len(candidates)
                index = 0 if n <= 1 else int(random() * n)
                if recording:
                    history.append((before, card, index))
                if n:
                    _apply(candidates[index], seat, colours[seat], own, locs, board, home_count)
            elif card == SORRY and START not in own and not sorry_4:
                # No pawn in START: the Sorry! is forfeit (C11).
                if recording:
                    history.append((before, card, 0))
            elif card == SORRY:
                _sorry(seat, colours[seat], own, locs, opponents[seat], board, home_count,
                       fwd_tables[seat], sorry_4, random, history, before if recording else None)
            elif card != 11 or not _eleven(seat, colours[seat], own, locs, opponents[seat], board,
                                           home_count, fwd_tables[seat], random, history,
                                           before if recording else None):
                _generic(card, seat, locs, board, home_count, colours, rules, rng, history,
                         before if recording else None)

            if home_count[seat] == n_pawns:
                if homes is not None:
                    homes[:] = home_count
                return seat, cards, turn
            if not (card == 2 and draw_again):
                seat = (seat + 1) % n_seats
                turn += 1
        deck.reverse()
        shuffle(deck, deck_rng)
    raise RuntimeError(f"no winner after {max_cards} cards")


def _seven(seat, colour, own, locs, board, home_count, fwd, random, history, before) -> None:
    """The 7 in place, picked as RandomStrategy picks: uniform over distinct results, the first
    move listed for each."""
    candidates = _sevens(own, seat, colour, fwd, board)
    if len(candidates) > 1:
        first_of: dict = {}
        for i, (key, _) in enumerate(candidates):
            first_of.setdefault(key, i)
        # RandomStrategy draws whenever there is more than one move, even if they all end
        # alike; so must this, to stay on the same random stream.
        index = list(first_of.values())[int(random() * len(first_of))]
    else:
        index = 0
    if history is not None:
        history.append((before, 7, index))
    if candidates:
        for part in candidates[index][1]:
            _apply(part, seat, colour, own, locs, board, home_count)


def _sorry(seat, colour, own, locs, opponents, board, home_count, fwd, sorry_4, random,
           history, before) -> None:
    """Sorry! in place (C11): from START onto any opponent's track pawn, in seat order, then
    (with the option) the 4 forward."""
    if START in own:
        targets = [t for pawns in opponents for t in pawns if t < 60]
    else:
        targets = []
    fours: list = []
    if sorry_4:
        _simple(own, seat, fwd, 4, board, fours.append)
    n = len(targets) + len(fours)
    index = 0 if n <= 1 else int(random() * n)
    if history is not None:
        history.append((before, SORRY, index))
    if index < len(targets):
        _apply((START, targets[index]), seat, colour, own, locs, board, home_count)
    elif fours:
        _apply(fours[index - len(targets)], seat, colour, own, locs, board, home_count)


def _eleven(seat, colour, own, locs, opponents, board, home_count, fwd, random, history,
            before) -> bool:
    """The 11 in place (C10): forward 11s, then every own track pawn with every opponent track
    pawn in seat order, then declining when no forward 11 exists; only the pick is built.
    Returns False, changing nothing, when two switches may reach one position (for
    _generic)."""
    forward: list = []
    _simple(own, seat, fwd, 11, board, forward.append)
    mine = [o for o in own if o < 60]
    theirs = [t for pawns in opponents for t in pawns if t < 60]
    switches = len(mine) * len(theirs)
    if (switches and len(ON_OTHER_SLIDES[colour].intersection(mine)) > 1
            and _switches_may_coincide(mine, theirs, colour)):
        return False
    n = len(forward) + switches + (0 if forward or not switches else 1)
    index = 0 if n <= 1 else int(random() * n)
    if history is not None:
        history.append((before, 11, index))
    if index < len(forward):
        _apply(forward[index], seat, colour, own, locs, board, home_count)
    elif index < len(forward) + switches:
        k = index - len(forward)
        target = theirs[k % len(theirs)]
        _switch(mine[k // len(theirs)], board[target], target, seat, colour, own, locs, board)
    return True


def _generic(card, seat, locs, board, home_count, colours, rules, rng, history, before) -> None:
    """The rare cases where two moves may reach one position: legal_moves and the random
    strategy itself."""
    position = Position._make(rules, colours, tuple(map(tuple, locs)), seat)
    moves = legal_moves(position, card)
    move = _random_strategy.choose(position, card, moves, rng)
    if history is not None:
        history.append((before, card, moves.index(move)))
    for s, pawns in enumerate(move.result_pawns):
        locs[s][:] = pawns
    board[:] = [_NO_PAWN] * 60
    _fill(locs, board, home_count)


def _switch(origin: int, other: int, target: int, seat: int, colour: int, own: list,
            locs: list, board: list) -> None:
    """The 11's switch in place (C10): only the mover may slide (C4)."""
    theirs = locs[other]
    theirs[theirs.index(target)] = origin
    board[origin] = other
    i = own.index(origin)
    own[i] = target
    if _SLIDING[colour][target] is None:
        board[target] = seat
        own.sort()
        theirs.sort()
        return
    landing = _slide(target, colour, locs, board)
    board[landing] = seat
    own[i] = landing
    for pawns in locs:
        pawns.sort()


def _apply(part: tuple, seat: int, colour: int, own: list, locs: list, board: list,
           home_count: list) -> None:
    """Carry out one pawn's move in place: lift, bump (C3), slide (C4)."""
    origin, landing = part
    if origin < 60:
        board[origin] = _NO_PAWN
    i = own.index(origin)
    if landing < 60:
        victim = board[landing]
        if victim != _NO_PAWN:
            victims = locs[victim]
            victims[victims.index(landing)] = START  # bump (C3)
            victims.sort()
            board[landing] = _NO_PAWN
        own[i] = landing
        if SLIDE_AT_TRIANGLE[landing] is not None:
            end = _slide(landing, colour, locs, board)
            if end != landing:
                own[i] = end
                board[end] = seat
                for pawns in locs:
                    pawns.sort()
                return
        board[landing] = seat
    elif landing == HOME:
        home_count[seat] += 1
    own[i] = landing
    own.sort()


def _part_result(own: tuple, emptied: frozenset, board: list, seat: int, colour: int,
                 origin: int, landing: int):
    """One forward part of a 7 on a *description* of the position — the mover's pawns and the
    opponent squares emptied so far (opponents only ever go to START) — without touching the
    board. Returns ``(own, emptied, final square)`` or None if the part lands on own pawn (C2)."""
    if landing < 60:
        if landing in own:
            return None
        holder = board[landing]
        if holder != _NO_PAWN and holder != seat and landing not in emptied:
            emptied = emptied | {landing}
        slide = SLIDE_AT_TRIANGLE[landing]
        if slide is not None and slide.owner != colour:
            swept = slide.squares[1:]
            own = tuple(START if q in swept else q for q in own)
            for q in swept:
                holder = board[q]
                if holder != _NO_PAWN and holder != seat and q not in emptied:
                    emptied = emptied | {q}
            landing = slide.end
    elif landing != HOME and landing in own:
        return None
    lst = list(own)
    lst[lst.index(origin)] = landing
    return tuple(lst), emptied, landing


def _sevens(own: list, seat: int, colour: int, fwd, board: list) -> list:
    """The 7's moves as ``(result key, parts)``, in legal_moves' order and with its rule that the
    two orders of the same parts are listed once when they end alike (C8).

    A key names the result by what changes: the own squares the move empties, those it fills,
    and (when some part slides) the opponent squares it empties — opponents only ever go to
    START. A move with no slide adds up to 7 steps forward, one with a slide more or sends an
    own pawn to START, so the two kinds never end alike and their keys differ in length.

    Splits are worked out directly where no part sweeps a pawn: a part then changes nothing
    but its own pawn and an opponent it lands on. For parts ``x -> L1`` then ``y -> L2``:

    * this order is legal iff ``L1`` is free of own pawns and ``L2`` is free of own pawns other
      than ``x`` and is not ``L1`` (C2; HOME takes any number, a slide is judged on its
      triangle);
    * ``L2 == x`` ends as ``y`` moving 7 alone, and the reverse order is illegal;
    * otherwise the reverse order is legal too and ends alike unless a part lands on the
      other's slide, so it was listed already when its first part is the smaller
      (legal_moves counts first parts upwards).
    """
    out = []
    movable = [origin for origin in own if origin < START]  # one pawn a square, but START/HOME
    if len(movable) < 2:
        # No split (C8) and at most one move, so no result key is needed to tell moves apart.
        for origin in movable:
            landing = fwd[origin][7]
            if landing >= 0 and (landing == HOME or landing not in own):  # C2
                out.append((None, ((origin, landing),)))
        return out
    start_own = tuple(own)
    slides = _SLIDING[colour]
    for origin in movable:
        landing = fwd[origin][7]
        if landing < 0:
            continue
        if slides[landing] is None:
            if landing == HOME or landing not in own:  # C2
                out.append((((origin,), (landing,)), ((origin, landing),)))
            continue
        res = _part_result(start_own, _NOTHING, board, seat, colour, origin, landing)
        if res is not None:
            out.append((_slide_key(start_own, res), ((origin, landing),)))
    seen: set = set()
    if len(movable) == 2:  # the commonest case, built without comprehensions
        p, q = movable
        rp, rq = fwd[p], fwd[q]
        rows = ((p, rp, ((q, rq),)), (q, rq, ((p, rp),)))
    else:
        rows = [(x, fwd[x], [(y, fwd[y]) for y in movable if y != x]) for x in movable]
    own_free: dict = {}  # slide -> no own pawn on its squares after the triangle
    # A part lands plainly unless its landing is off the path (-1), an own pawn's square (C2)
    # or another colour's triangle (C4): one set lookup tells.
    unplain = _UNPLAIN[colour].union(movable)
    for first in range(1, 7):
        second = 7 - first
        for x, row, others in rows:
            l1 = row[first]
            if l1 not in unplain:
                for y, row2 in others:
                    l2 = row2[second]
                    if l2 not in unplain:
                        if second > first and (l2 != l1 or l2 == HOME):
                            out.append((((x, y) if x < y else (y, x),
                                         (l1, l2) if l1 <= l2 else (l2, l1)),
                                        ((x, l1), (y, l2))))
                    elif l2 >= 0 and slides[l2] is not None:
                        s2 = slides[l2]
                        if l2 != x and l2 in own:
                            continue  # C2 on the triangle
                        if _sweeps_no_own(s2, board, seat, own_free) and l1 not in s2.squares:
                            if l2 == x or second > first:
                                out.append((_pair_key(x, l1, y, s2.end, l1, l2, board, seat,
                                                      s2.squares), ((x, l1), (y, l2))))
                        else:
                            mid = _part_result(start_own, _NOTHING, board, seat, colour, x, l1)
                            _general_second(start_own, mid, seat, colour, board, x, first, l1,
                                            y, l2, seen, out)
                    elif l2 == x:  # y ends where a 7 alone takes it: that move's key
                        out.append((((y,), (l1,)), ((x, l1), (y, l2))))
                continue
            if l1 < 0:
                continue
            s1 = slides[l1]
            if s1 is None:
                continue  # an own pawn there (C2)
            if not _sweeps_no_own(s1, board, seat, own_free):
                _general_first(start_own, board, seat, colour, fwd, x, first, l1, seen, out)
                continue
            if l1 in own:
                continue  # C2, judged on the triangle
            d1 = s1.end  # opponents on the slide go to START, nothing else changes
            for y, row2 in others:
                l2 = row2[second]
                if l2 < 0:
                    continue
                s2 = slides[l2]
                if s2 is None:
                    if l2 == x or (l2 == HOME or (l2 != d1 and l2 not in own)) and (
                            l2 in s1.squares or second > first):
                        out.append((_pair_key(x, d1, y, l2, l1, l2, board, seat, s1.squares),
                                    ((x, l1), (y, l2))))
                    continue
                # Both parts slide.
                if not _sweeps_no_own(s2, board, seat, own_free) or d1 in s2.squares:
                    mid = _part_result(start_own, _NOTHING, board, seat, colour, x, l1)
                    _general_second(start_own, mid, seat, colour, board, x, first, l1, y, l2,
                                    seen, out)
                    continue
                if l2 != x and l2 in own:
                    continue  # C2 on the triangle
                key = _pair_key(x, d1, y, s2.end, l1, l2, board, seat, s1.squares + s2.squares)
                order_key = (frozenset(((x, first), (y, second))), key)
                if order_key not in seen:
                    seen.add(order_key)
                    out.append((key, ((x, l1), (y, l2))))
    return out


def _pair_key(x: int, d1: int, y: int, d2: int, l1: int, l2: int, board: list, seat: int,
              slid: tuple) -> tuple:
    """The key of a split that sweeps no own pawn: ``x`` ends on ``d1`` and ``y`` on ``d2``,
    having landed on ``l1`` and ``l2`` (a triangle, for a part that slides down the squares
    ``slid``, whose opponents go to START)."""
    if d2 == x:
        removed, added = (y,), (d1,)
    else:
        removed = (x, y) if x < y else (y, x)
        added = (d1, d2) if d1 <= d2 else (d2, d1)
    emptied = sorted({q for q in (l1, l2, *slid)
                      if q < 60 and board[q] != _NO_PAWN and board[q] != seat})
    return removed, added, tuple(emptied)


def _slide_key(own: tuple, result: tuple) -> tuple:
    """The key of a move with a slide from its ``_part_result``: the own squares emptied and
    filled (as multisets, sorted) and the opponent squares emptied."""
    removed = list(own)
    added = []
    for q in sorted(result[0]):
        if q in removed:
            removed.remove(q)
        else:
            added.append(q)
    return tuple(removed), tuple(added), tuple(sorted(result[1]))


def _sweeps_no_own(slide, board: list, seat: int, known: dict) -> bool:
    """No pawn of ``seat`` on the slide's squares after its triangle (remembered per call in
    ``known``); they are consecutive squares, so one slice holds them."""
    free = known.get(slide)
    if free is None:
        free = known[slide] = seat not in board[slide.triangle + 1:slide.end + 1]
    return free


def _general_first(start_own, board, seat, colour, fwd, x, first, l1, seen, out) -> None:
    """Splits whose first part slides down a slide with pawns on it: every second part is
    computed on the position after the first."""
    mid = _part_result(start_own, _NOTHING, board, seat, colour, x, l1)
    if mid is None:
        return
    moved_to = mid[2]
    second = 7 - first
    for y in sorted(set(mid[0])):
        if y >= START:
            break
        if y == moved_to:
            continue
        l2 = fwd[y][second]
        if l2 >= 0:
            _general_second(start_own, mid, seat, colour, board, x, first, l1, y, l2, seen, out)


def _general_second(start_own, mid, seat, colour, board, x, first, l1, y, l2, seen,
                    out) -> None:
    """The second part of a split in which some part sweeps a slide: computed on the position
    after the first (``mid``), and kept unless the same two parts in the other order were
    listed with the same result."""
    if mid is None:
        return
    res = _part_result(mid[0], mid[1], board, seat, colour, y, l2)
    if res is None:
        return
    key = _slide_key(start_own, res)
    order_key = (frozenset(((x, first), (y, 7 - first))), key)
    if order_key in seen:
        return
    seen.add(order_key)
    out.append((key, ((x, l1), (y, l2))))


def _fill(locs: list, board: list, home_count: list) -> None:
    for s, p in enumerate(locs):
        for loc in p:
            if loc < 60:
                board[loc] = s
        home_count[s] = p.count(HOME)


def _slide(square: int, colour: int, locs: list, board: list) -> int:
    """If ``square`` is another colour's triangle, sweep the slide's other squares to START and
    return its end (C4); else return ``square``. The mover's own entry in ``locs`` must already
    be ``square`` and ``board[square]`` free of it."""
    slide = SLIDE_AT_TRIANGLE[square]
    if slide is None or slide.owner == colour:
        return square
    for sq in slide.squares[1:]:
        victim = board[sq]
        if victim != _NO_PAWN:
            victims = locs[victim]
            victims[victims.index(sq)] = START  # the caller re-sorts the lists
            board[sq] = _NO_PAWN
    board[square] = _NO_PAWN
    return slide.end


def _switches_may_coincide(mine: list, theirs: list, colour: int) -> bool:
    """Two switches onto the same triangle, by two pawns that both stand on that slide, end in
    one position: each mover slides and sweeps the other pawn and the switched opponent."""
    crowded = []
    seen = set()
    for origin in mine:
        slide = SLIDE_COVERING[origin]
        if slide is not None and slide.owner != colour:
            if slide in seen:
                crowded.append(slide.triangle)
            seen.add(slide)
    return bool(crowded) and any(t in crowded for t in theirs)


def _simple(own: list, seat: int, table, steps: int, board: list, add) -> None:
    """Single-pawn moves of ``steps`` by ``table``, skipping START/HOME and own-pawn landings
    (C2), origins in ascending order (as legal_moves lists them; only START and HOME, which
    end the scan, can hold two pawns)."""
    for origin in own:  # sorted
        if origin >= START:
            break
        landing = table[origin][steps]
        if landing < 0:
            continue
        if landing < 60:
            if board[landing] == seat:
                continue
        elif landing != HOME and landing in own:
            continue
        add((origin, landing))
