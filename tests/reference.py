"""A deliberately naive second reading of RULES.md C1–C13, used only by the tests.

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


def entry(colour):  # RULES.md: c+2
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


def results(position: dict, card: str) -> set[str]:
    """The set of canonical result positions of every legal move (a forfeit included)."""
    colour = position["to_move"]
    base = {c: list(v) for c, v in position["pawns"].items()}
    own = base[colour]
    out = []

    def single(n, forward=True):
        found = []
        for i, p in enumerate(own):
            dest = walk(colour, p, n, forward)
            if dest is None:
                continue
            res = land(copy.deepcopy(base), colour, i, dest)
            if res is not None:
                found.append(res)
        return found

    if card in ("1", "2"):
        for i, p in enumerate(own):
            if p == "start":
                res = land(copy.deepcopy(base), colour, i, exit_square(colour))
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
            for i, p in enumerate(own):
                first = walk(colour, p, a)
                if first is None:
                    continue
                mid = land(copy.deepcopy(base), colour, i, first)
                if mid is None:
                    continue
                for j, q in enumerate(mid[colour]):
                    if j == i:
                        continue
                    second = walk(colour, q, 7 - a)
                    if second is None:
                        continue
                    res = land(copy.deepcopy(mid), colour, j, second)
                    if res is not None:
                        out.append(res)
    elif card == "11":
        forward = single(11)
        out += forward
        switches = []
        for i, p in enumerate(own):
            if not isinstance(p, int):
                continue
            for c in base:
                if c == colour:
                    continue
                for j, q in enumerate(base[c]):
                    if isinstance(q, int):
                        res = copy.deepcopy(base)
                        res[colour][i], res[c][j] = q, p
                        slide_if_needed(res, colour, i)
                        switches.append(res)
        out += switches
        if not forward and switches:
            out.append(copy.deepcopy(base))  # C10: may decline
    elif card == "sorry":
        if "start" in own:
            i = own.index("start")
            for c in base:
                if c == colour:
                    continue
                for q in base[c]:
                    if isinstance(q, int):
                        out.append(land(copy.deepcopy(base), colour, i, q))
    if not out:
        out.append(copy.deepcopy(base))
    return {canonical(r, colour, position.get("rules", "classic")) for r in out}
