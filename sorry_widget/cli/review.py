"""``review``: the luck of every card and the error of every move of a recorded game
(docs/review.md)."""

from __future__ import annotations

import json
import sys

from ..board.record import Record, RecordError
from ..core.numbers import format_percent, format_points
from ..core.records import MAX_RECORD_BYTES
from ..core.safeio import read_json_file
from ..simulation.review import BLUNDER, review
from .common import add_lang, colour_word, progress_option, rules_word, usage_error
from .text import N_, _, ngettext

#: How many plays the table lists under "largest errors" and "luckiest cards".
LISTED = 5
#: The estimates' sources (simulation.evaluate.SOURCES) as the table names them.
SOURCE_WORDS = {"learned": N_("learned value"), "heuristic": N_("expected cards"),
                "simulation": N_("simulation")}
#: Below this many plays no progress bar is shown unless asked: the review takes a blink.
BAR_FROM_PLAYS = 100


def load_record(path: str) -> Record:
    """The board game's record at ``path``, read with the record reader's limits; a card
    game's record is refused by name (its reviews are not written yet)."""
    data = read_json_file(path, what="record", error=RecordError, max_bytes=MAX_RECORD_BYTES,
                          walk=False)
    fmt = data.get("format") if isinstance(data, dict) else None
    if isinstance(fmt, str) and fmt.startswith("sorry-cardgame/"):
        raise RecordError(f"format: {fmt} is a record of the SORRY! card game, which the "
                          "review does not cover; it reviews the board game's sorry-record/1 "
                          "and sorry-record/2")
    return Record.from_dict(data)


def cmd_review(args) -> int:
    try:
        record = load_record(args.record)
    except RecordError as exc:
        return usage_error(f"review: {args.record}: {exc}")
    show = args.progress or (args.progress is None and len(record) >= BAR_FROM_PLAYS
                             and sys.stderr.isatty())
    try:
        result = review(record, progress=_bar() if show else None)
    except ValueError as exc:
        return usage_error(f"review: {args.record}: {exc}")
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(report(result, args.lang))
    return 0


def _bar():
    """A progress bar on stderr counting plays; tqdm is imported only for a run that shows
    one."""
    from ..progress import ProgressBar

    return ProgressBar(_("review"), unit=" " + _("plays"), file=sys.stderr)


def _percent(value: float, lang: str) -> str:
    """A chance, in percent."""
    return format_percent(value, lang)


def _points(value: float, lang: str, signed: bool = False, digits: int = 1) -> str:
    """A difference of two chances (a luck, an error), in percentage points."""
    return format_points(value, lang, digits, signed)


def _table(heads: list[str], rows: list[list[str]], right: set[int]) -> list[str]:
    """Columns as wide as their widest cell; the columns in ``right`` aligned right."""
    widths = [max(len(row[i]) for row in [heads] + rows) for i in range(len(heads))]
    return ["  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                      for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
            for row in [heads] + rows]


def report(result, lang: str = "en") -> str:
    """The review as a readable table: the totals per player, the largest errors and the
    luckiest cards."""
    colour = {c: colour_word(c, lang) for c in result.colours}
    plays = len(result.plays)
    players = ", ".join(colour[c] for c in result.colours)
    if result.winner is not None:
        ending = _("{colour} won").format(colour=colour[result.winner])
    else:
        ending = _("unfinished")
    lines = [ngettext("Review of a game ({rules} rules; {players}): {plays} play, {ending}.",
                      "Review of a game ({rules} rules; {players}): {plays} plays, {ending}.",
                      plays).format(rules=rules_word(result.rules, lang), players=players, plays=plays,
                                    ending=ending),
             _("Each player's chance to win before the card is drawn, after the draw with the "
               "best move, and after the move played; cards drawn with replacement, as the "
               "solved games assume (docs/review.md). Luck and error are differences of two "
               "chances, in percentage points."),
             _("At the start: {chances}.").format(chances=", ".join(
                 f"{colour[c]} {_percent(p, lang)}" for c, p in result.start.items()))]
    solved = sum(n for s, n in result.sources.items() if s in ("result", "race", "two-pawn"))
    estimated = {s: n for s, n in result.sources.items()
                 if s not in ("result", "race", "two-pawn")}
    lines.append(_("Positions valued: {solved} exactly, {estimated} estimated ({how}).").format(
        solved=solved, estimated=sum(estimated.values()),
        how=", ".join(f"{_(SOURCE_WORDS.get(s, s))} {n}" for s, n in estimated.items())
        or "-"))
    lines.append("")
    rows = [[colour[c], _points(t.luck, lang, True), _points(t.error, lang), str(t.plays),
             str(t.decisions), _points(t.error_per_decision, lang, digits=2), str(t.blunders)]
            for c, t in result.players.items()]
    lines += _table([_("player"), _("luck"), _("error"), _("plays"), _("decisions"),
                     _("error per decision"), _("blunders")], rows, {1, 2, 3, 4, 5, 6})
    lines.append(_("A blunder gives away at least {threshold} of the mover's chance to "
                   "win.").format(threshold=_points(BLUNDER, lang, digits=0)))
    errors = result.largest_errors(LISTED)
    lines.append("")
    lines.append(_("Largest errors:") if errors else _("Largest errors: none, every move was "
                                                       "the best one."))
    if errors:
        lines += _table([_("play"), _("turn"), _("player"), _("card"), _("move"), _("best"),
                         _("gave away")],
                        [[str(p.play), str(p.turn), colour[p.colour], p.card, p.move, p.best,
                          _points(p.error, lang)] for p in errors], {0, 1, 6})
    lucky = result.luckiest(LISTED)
    lines.append("")
    lines.append(_("Luckiest cards:") if lucky else _("Luckiest cards: none."))
    if lucky:
        lines += _table([_("play"), _("turn"), _("player"), _("card"), _("before"),
                         _("after the draw"), _("luck")],
                        [[str(p.play), str(p.turn), colour[p.colour], p.card,
                          _percent(p.before, lang), _percent(p.after_draw, lang),
                          _points(p.luck, lang, True)] for p in lucky], {0, 1, 4, 5, 6})
    return "\n".join(lines)


def add_review(sub) -> None:
    p = sub.add_parser("review", help=_("the luck of every card and the error of every move "
                                        "of a recorded game"))
    p.add_argument("record", help=_("a sorry-record/1 JSON file"))
    p.add_argument("--json", action="store_true", help=_("print the review as one JSON object"))
    progress_option(p)
    add_lang(p)
    p.set_defaults(func=cmd_review)
