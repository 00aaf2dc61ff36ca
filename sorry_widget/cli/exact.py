"""``exact``: exact answers for small games, solved as Markov chains (docs/exact.md)."""

from __future__ import annotations

import json
import sys

from ..core.safeio import open_regular
from .common import add_lang, rule_set_name, answer_lines, emit, progress_option, usage_error
from .text import N_, _, ngettext

CASES = {"journey": N_("one pawn alone from START to HOME"),
         "race": N_("red against yellow, one pawn each"),
         "game": N_("red against yellow, one or two pawns each (--pawns), solved for every "
                    "position"),
         "value": N_("the chance to win of each position read (JSON lines from FILE or stdin)")}
#: The most positions ``exact value`` answers in one run: each is a lookup, so a million take
#: under a minute; a stream without end stops here.
MAX_VALUE_LINES = 1_000_000


def cmd_exact(args) -> int:
    from ..simulation import exact
    if args.case in ("game", "value"):
        return _two_pawn(args)
    if args.file is not None:
        return usage_error(_("exact: FILE is read only by exact value"))
    solve, report = ((exact.journey, exact.journey_report) if args.case == "journey"
                     else (exact.race, exact.race_report))
    try:
        answer = solve(args.rules)
    except ValueError as exc:
        return usage_error(f"exact: {exc}")
    print(json.dumps(answer.to_json()) if args.json else report(answer))
    return 0


def _two_pawn(args) -> int:
    from ..simulation import twopawn
    if args.rules != "classic":
        return usage_error(_("exact {case}: the two-pawn game is solved for the classic rules "
                             "only, not {rules}").format(case=args.case, rules=args.rules))
    if args.case == "game":
        if args.file is not None:
            return usage_error(_("exact: FILE is read only by exact value"))
        try:
            if args.pawns == 1:
                table = twopawn.build((1, 1))
            else:
                table = twopawn.solve(progress=_bar(args))
        except ImportError as exc:
            return usage_error(f"exact {args.case}: {exc}")
        print(json.dumps(table.to_json()) if args.json else game_report(table))
        return 0
    return _values(args, twopawn)


def _bar(args):
    """A progress bar on stderr for a build: asked for, or on a terminal by default."""
    if args.progress or (args.progress is None and sys.stderr.isatty()):
        from ..progress import ProgressBar
        return ProgressBar(_("solving the two-pawn game"), unit="%", file=sys.stderr)
    return None


def _values(args, twopawn) -> int:
    """``exact value``: one ``{"win_chance": x}`` line per position line, or an error line."""
    tables = []

    def answer(request) -> dict:
        from ..board.state import Position
        if not isinstance(request, dict) or "position" not in request:
            raise ValueError('request: expected an object {"position": {…}}')
        extra = sorted(set(request) - {"position"})
        if extra:
            raise ValueError(f"{extra[0]}: not a key of a value request (only position)")
        position = Position.from_dict(request["position"])
        why = twopawn.family_problem(position)
        if why:
            raise ValueError(why)
        if not tables:  # built (or read) once, at the first position that needs it
            tables.append(twopawn.solve(progress=_bar(args)))
        return {"win_chance": tables[0].win_chance(position)}

    if args.file is None:
        return answer_lines(answer, "request", max_lines=MAX_VALUE_LINES)
    try:
        # A regular file only: a device or a pipe named here could be read without end.
        stream = open_regular(args.file, what="FILE", error=ValueError)
    except ValueError as exc:
        emit({"error": str(exc)})
        return 1
    with stream:
        return answer_lines(answer, "request", stream=stream, max_lines=MAX_VALUE_LINES)


def game_report(table) -> str:
    """The two-pawn game (or its one-pawn corner) in words, in the command's language."""
    h = table.header
    pawns = max(table.caps)
    return "\n".join([
        ngettext("Red against yellow, {pawns} pawn each to bring HOME, red draws first "
                 "(classic rules; cards drawn with replacement, a 2 draws again).",
                 "Red against yellow, {pawns} pawns each to bring HOME, red draws first "
                 "(classic rules; cards drawn with replacement, a 2 draws again).",
                 pawns).format(pawns=pawns),
        _("Red wins with probability {chance:.10f} when both play their best.").format(
            chance=table.first_player_wins),
        _("{states:,} positions solved by value iteration, each within {tolerance:g} of its "
          "exact value ({sweeps} sweeps; the solve took {seconds:.1f} s of processor time).").format(
            states=h["states"], tolerance=h["tolerance"], sweeps=h["sweeps"],
            seconds=h["cpu_seconds"]),
    ])


def add_exact(sub) -> None:
    p = sub.add_parser("exact", help=_("exact answers for small games, solved as Markov chains"))
    p.add_argument("case", choices=list(CASES),
                   help="; ".join(f"{case}: {_(what)}" for case, what in CASES.items()))
    p.add_argument("file", nargs="?", metavar="FILE",
                   help=_("exact value: a file of JSON lines, each an object with a position, to "
                          "answer (default: stdin)"))
    p.add_argument("--rules", default="classic", type=rule_set_name,
                   help=_("the rule set (default: classic)"))
    p.add_argument("--pawns", type=int, choices=(1, 2), default=2,
                   help=_("exact game: the pawns each player brings HOME (default: 2; the first "
                          "solve of two takes minutes and is then kept in the cache)"))
    p.add_argument("--json", action="store_true", help=_("print the answer as one JSON object"))
    progress_option(p)
    add_lang(p)
    p.set_defaults(func=cmd_exact)
