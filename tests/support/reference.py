"""A deliberately naive second reading of the rules page's C1–C13, T1–T6 and P2–P3, used only
by the tests.

It works on position-format places ("start", 12, "safety-3", "home"), walks one square at a
time and shares no code or tables with the engine, so agreeing with it is evidence that the
engine implements the rule text rather than itself.
"""

from __future__ import annotations

import copy
import json

COLOURS = ["red", "blue", "yellow", "green"]


def corner(colour):
    return 15 * COLOURS.index(colour)


def entry(colour):  # docs/rules.md: c+2
    return corner(colour) + 2


def exit_square(colour):  # c+4
    return corner(colour) + 4


# (owner, triangle, end) of all eight slides: c+1 -> c+4 and c+9 -> c+13
SLIDES = [(c, corner(c) + a, corner(c) + b) for c in COLOURS for a, b in ((1, 4), (9, 13))]


def step_forward(colour, place):
    if place in ("start", "home"):
        return None
    if isinstance(place, int):
        return "safety-1" if place == entry(colour) else (place + 1) % 60
    n = int(place.split("-")[1])
    return "home" if n == 5 else f"safety-{n + 1}"


def step_backward(colour, place):
    if place in ("start", "home"):
        return None
    if isinstance(place, int):
        return (place - 1) % 60
    n = int(place.split("-")[1])
    return entry(colour) if n == 1 else f"safety-{n - 1}"


def walk(colour, place, n, forward=True):
    for _ in range(n):
        place = (step_forward if forward else step_backward)(colour, place)
        if place is None:
            return None
    return place


def land(pawns, colour, idx, dest):
    """Put pawn ``idx`` of ``colour`` on ``dest``; None if illegal (C2)."""
    if isinstance(dest, int):
        if any(j != idx and p == dest for j, p in enumerate(pawns[colour])):
            return None  # C2
        for c in pawns:
            if c != colour:
                pawns[c] = ["start" if p == dest else p for p in pawns[c]]  # C3
        pawns[colour][idx] = dest
        slide_if_needed(pawns, colour, idx)
        return pawns
    if dest != "home" and any(j != idx and p == dest for j, p in enumerate(pawns[colour])):
        return None  # C2 in the safety zone
    pawns[colour][idx] = dest
    return pawns


def slide_if_needed(pawns, colour, idx):
    dest = pawns[colour][idx]
    for owner, tri, end in SLIDES:
        if dest == tri and owner != colour:  # C4
            for c in pawns:
                for j, p in enumerate(pawns[c]):
                    if (c, j) != (colour, idx) and isinstance(p, int) and tri < p <= end:
                        pawns[c][j] = "start"
            pawns[colour][idx] = end


def canonical(pawns, to_move, rules="classic"):
    def key(p):
        if isinstance(p, int):
            return (0, p)
        if p.startswith("safety"):
            return (1, int(p[-1]))
        return (2, 0) if p == "start" else (3, 0)

    return json.dumps({"format": "sorry-position/1", "rules": rules, "to_move": to_move,
                       "pawns": {c: sorted(v, key=key) for c, v in pawns.items()}},
                      sort_keys=True)


PARTNER = {"red": "yellow", "yellow": "red", "blue": "green", "green": "blue"}
TEAM_RULES = ("teams-1992", "partnership-1934")


def _outcomes(position: dict, card: str):
    """(base pawns, results of every move but a forfeit and a switch, results of the 11's
    switches) for the player to move. In a team game (T1) the card may move the partner's
    pawns too; each pawn is judged by its own colour (C2, C5), and a pawn of any other colour
    is bumped (T3)."""
    colour = position["to_move"]
    base = {c: list(v) for c, v in position["pawns"].items()}
    team = position.get("rules", "classic") in TEAM_RULES
    movers = [colour, PARTNER[colour]] if team else [colour]
    pawns_of = [(c, i) for c in movers for i in range(len(base[c]))]
    out = []

    def single(n, forward=True):
        found = []
        for c, i in pawns_of:
            dest = walk(c, base[c][i], n, forward)
            if dest is None:
                continue
            res = land(copy.deepcopy(base), c, i, dest)
            if res is not None:
                found.append(res)
        return found

    switches = []
    if card in ("1", "2"):
        for c, i in pawns_of:  # C1; a partner's pawn onto its own start exit (T2)
            if base[c][i] == "start":
                res = land(copy.deepcopy(base), c, i, exit_square(c))
                if res is not None:
                    out.append(res)
        out += single(int(card))
    elif card == "4":
        out += single(4, forward=False)
    elif card in ("3", "5", "8", "12"):
        out += single(int(card))
    elif card == "10":
        out += single(10) + single(1, forward=False)
    elif card == "7":
        out += single(7)
        for a in range(1, 7):
            for c, i in pawns_of:
                first = walk(c, base[c][i], a)
                if first is None:
                    continue
                mid = land(copy.deepcopy(base), c, i, first)
                if mid is None:
                    continue
                for c2, j in pawns_of:  # any other pawn of the team (T4)
                    if (c2, j) == (c, i):
                        continue
                    second = walk(c2, mid[c2][j], 7 - a)
                    if second is None:
                        continue
                    res = land(copy.deepcopy(mid), c2, j, second)
                    if res is not None:
                        out.append(res)
    elif card == "11":
        out += single(11)
        for c, i in pawns_of:
            p = base[c][i]
            if not isinstance(p, int):
                continue
            for other in base:
                if other in movers:  # never two team pawns (T5)
                    continue
                for j, q in enumerate(base[other]):
                    if isinstance(q, int):
                        res = copy.deepcopy(base)
                        res[c][i], res[other][j] = q, p
                        slide_if_needed(res, c, i)
                        switches.append(res)
    elif card == "sorry":
        opponents = [(o, q) for o in base if o not in movers for q in base[o]
                     if isinstance(q, int)]
        for c in movers:
            if "start" not in base[c]:
                continue
            i = base[c].index("start")
            # onto an opponent; only with none on the track, a team pawn of the other colour (T6)
            targets = opponents or [(o, q) for o in movers if o != c for q in base[o]
                                    if isinstance(q, int)]
            for _, q in targets:
                out.append(land(copy.deepcopy(base), c, i, q))
    return base, out, switches


def results(position: dict, card: str) -> set[str]:
    """The set of canonical result positions of every legal move (a forfeit included)."""
    base, out, switches = _outcomes(position, card)
    colour, rules = position["to_move"], position.get("rules", "classic")
    if card == "11" and not out and switches:
        switches.append(copy.deepcopy(base))  # C10: may decline
    out += switches
    if not out:
        out.append(copy.deepcopy(base))
    return {canonical(r, colour, rules) for r in out}


def hand_results(position: dict, hand: list[str]) -> set[str]:
    """Play for points (P2, P3): every card of the hand that can move; if none can, or only
    11 switches can, the unchanged position (a discard) as well."""
    colour, rules = position["to_move"], position.get("rules", "classic")
    base, moved, switched = None, [], []
    for card in dict.fromkeys(hand):
        base, out, switches = _outcomes(position, card)
        moved += out
        switched += switches
    found = moved + switched
    if not moved:
        found.append(copy.deepcopy(base))
    return {canonical(r, colour, rules) for r in found}
