"""``ladder``: a round robin of the board game's players, rated with 95 % intervals
(docs/ladder.md)."""

from __future__ import annotations

import math
import sys

from ..board.strategies import STRATEGIES
from ..core.numbers import format_number, format_percent
from ..simulation.ladder import MAX_GAMES, MAX_RESAMPLES
from .common import add_lang, add_seed, check_names, duration, whole_number, progress_option, stderr_bar, usage_error
from .text import N_, _, language, ngettext

# The ladder's reasons for leaving a player out (simulation.ladder.LEFT_OUT), for the catalog.
LEFT_OUT = {
    "no-module": N_("its module (simulation/twopawn.py) is not installed"),
    "no-table": N_("the two-pawn table is not built (sorry-widget exact game --pawns 2)"),
    "not-covered": N_("it plays from the solved two-pawn table, which does not cover the start "
                      "of a full game (four pawns in START)"),
    "too-slow": N_("a 4-player ladder plays every group in 24 seat orders: with the coach it "
                   "would take hours (name it to include it)"),
    "no-batch": N_("without the batch engine (NumPy + numba: pip install 'sorry-widget[fast]') "
                   "its games take about half a minute each, an hour or more "
                   "for a short ladder (name it to include it)"),
}


def _elo(value: float, lang: str) -> str:
    shown = format_number(round(value), lang)
    return ("+" + shown) if round(value) > 0 else shown


def report(result, lang: str = "en") -> str:
    """The ladder as a readable table, in the command's language."""
    number = lambda value: format_number(value, lang)  # noqa: E731
    orders = result.seat_orders
    lines = [
        ngettext("Ladder of {players}-player classic games, seed {seed}: {names} players, {games} "
                 "games per {group} ({deals} deal \u00d7 {orders} seat orders)",
                 "Ladder of {players}-player classic games, seed {seed}: {names} players, {games} "
                 "games per {group} ({deals} deals \u00d7 {orders} seat orders)",
                 result.deals).format(
            players=result.players, seed=str(result.seed), names=len(result.rows),
            games=number(result.deals * orders),
            group=_("pair") if result.players == 2 else _("group of four"),
            deals=number(result.deals), orders=orders),
    ]
    if result.slow and result.slow_deals < result.deals:
        lines.append(ngettext("with the coach: {games} games per {group} ({deals} deal)",
                              "with the coach: {games} games per {group} ({deals} deals)",
                              result.slow_deals).format(
            games=number(result.slow_deals * orders),
            group=_("pair") if result.players == 2 else _("group of four"),
            deals=number(result.slow_deals)))
    lines.append(_("Ratings on the Elo scale, {anchor} at 0; 95% intervals from {resamples} "
                   "bootstrap resamples of the deals.").format(
        anchor=result.anchor, resamples=number(result.resamples)))
    lines.append("")
    width = max(len(row.name) for row in result.rows)
    heads = [_("rank"), _("player"), _("rating"), _("95% interval"), _("games"), _("won")]
    cells = [[str(i + 1), row.name, _elo(row.rating, lang),
              f"[{_elo(row.low, lang)}, {_elo(row.high, lang)}]", number(row.games),
              format_percent(row.win_share, lang)] for i, row in enumerate(result.rows)]
    widths = [max(len(heads[c]), *(len(r[c]) for r in cells)) for c in range(len(heads))]
    widths[1] = max(widths[1], width)
    align = [">", "<", ">", ">", ">", ">"]

    def line(values):
        return "  ".join(f"{v:{a}{w}}" for v, a, w in zip(values, align, widths)).rstrip()

    lines.append(line(heads))
    lines.extend(line(r) for r in cells)
    lines.append("")
    lines.append(_("Head to head (the higher-rated first): its share of the games one of the two "
                   "won, with its 95% interval") if result.players == 4 else
                 _("Head to head (the higher-rated first): its win rate, with its 95% "
                   "interval"))
    for pair in result.pairs:
        rate = "-" if math.isnan(pair.rate) else format_percent(pair.rate, lang)
        lines.append(_("  {a} vs {b}: {rate} [{low}, {high}] of {games} games").format(
            a=f"{pair.a:<{width}}", b=f"{pair.b:<{width}}", rate=rate,
            low=format_percent(pair.low, lang), high=format_percent(pair.high, lang),
            games=number(pair.games)))
    for name, why in result.excluded.items():
        lines.append(_("Not in this ladder: {name} ({why})").format(
            name=name, why=_(LEFT_OUT[why]) if why in LEFT_OUT else why))
    lines.append(_("{games} games in {time}").format(
        games=number(result.total_games), time=duration(result.seconds, lang)))
    return "\n".join(lines)


def cmd_ladder(args) -> int:
    from ..simulation.ladder import coach_left_out, ladder

    strategies = None
    if args.strategies:
        strategies = [s.strip() for s in args.strategies.split(",") if s.strip()]
        try:
            check_names(strategies, STRATEGIES, "--strategies")
        except ValueError as exc:
            return usage_error(f"ladder: {exc}")
    elif coach_left_out(args.players) == "no-batch":
        # Said before the games start, not only in the table after them.
        print(_("ladder: the coach is left out: {why}").format(why=_(LEFT_OUT["no-batch"])),
              file=sys.stderr)
    show = args.progress or (args.progress is None and sys.stderr.isatty())
    bar = stderr_bar() if show else None
    try:
        result = ladder(players=args.players, games=args.games, strategies=strategies,
                        seed=args.seed, progress=bar, slow_games=args.slow_games,
                        resamples=args.resamples)
    except ValueError as exc:
        return usage_error(f"ladder: {exc}")
    finally:
        if bar is not None:
            bar.close()
    print(result.to_json() if args.json else report(result, language()))
    return 0


def add_ladder(sub) -> None:
    p = sub.add_parser("ladder", help=_("a round robin of the computer players on the same "
                                        "deals, rated with 95% intervals"))
    p.add_argument("--players", type=int, default=2, choices=(2, 4),
                   help=_("players in each game (2 or 4)"))
    p.add_argument("--games", type=whole_number(1, MAX_GAMES), default=200,
                   help=_("games per pair (2 players) or group of four, rounded up to whole "
                          "deals of every seat order"))
    p.add_argument("--slow-games", type=whole_number(1, MAX_GAMES), default=None,
                   help=_("games per pair or group with the coach (default: 40 for 2 players, "
                          "24 for 4)"))
    p.add_argument("--strategies", metavar="NAMES",
                   help=_("the players, separated by commas (default: every registered player "
                          "that can play these games)"))
    p.add_argument("--resamples", type=whole_number(0, MAX_RESAMPLES), default=200,
                   help=_("bootstrap resamples for the intervals"))
    add_seed(p)
    p.add_argument("--json", action="store_true", help=_("print the ladder as one JSON object"))
    progress_option(p)
    add_lang(p)
    p.set_defaults(func=cmd_ladder)
