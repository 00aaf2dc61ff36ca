"""``exact``: exact answers for small games, solved as Markov chains (docs/exact.md)."""

from __future__ import annotations

import json

from .common import usage_error
from .text import N_, _

CASES = {"journey": N_("one pawn alone from START to HOME"),
         "race": N_("red against yellow, one pawn each")}


def cmd_exact(args) -> int:
    from ..simulation import exact
    solve, report = ((exact.journey, exact.journey_report) if args.case == "journey"
                     else (exact.race, exact.race_report))
    try:
        answer = solve(args.rules)
    except ValueError as exc:
        return usage_error(f"exact: {exc}")
    print(json.dumps(answer.to_json()) if args.json else report(answer))
    return 0


def add_exact(sub) -> None:
    p = sub.add_parser("exact", help=_("exact answers for small games, solved as Markov chains"))
    p.add_argument("case", choices=list(CASES),
                   help="; ".join(f"{case}: {_(what)}" for case, what in CASES.items()))
    p.add_argument("--rules", default="classic", help=_("the rule set (default: classic)"))
    p.add_argument("--json", action="store_true", help=_("print the answer as one JSON object"))
    p.set_defaults(func=cmd_exact)
