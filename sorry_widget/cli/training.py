"""``train``: the learned player's weights by self-play (docs/learned.md)."""

from __future__ import annotations

import sys
import time

from .common import add_seed, duration, progress_option, stderr_bar, usage_error
from .text import N_, _

#: The shipped weights' run (sorry_widget/simulation/training.py, DEFAULT_GAMES).
DEFAULT_SEED = "1"


def cmd_train(args) -> int:
    try:
        from ..simulation import training
    except ImportError as exc:
        return usage_error(_("train: needs NumPy and numba, which are not installed here "
                             "({error}); install them with pip install 'sorry-widget[fast]'")
                           .format(error=exc.name or exc))
    if args.max_minutes is not None and not 0 < args.max_minutes <= training.MAX_SECONDS / 60:
        return usage_error(_("train: --max-minutes must be more than 0 and at most {most}, "
                             "not {minutes}").format(most=training.MAX_SECONDS // 60,
                                                     minutes=args.max_minutes))
    if args.out is not None:
        from ..core.safeio import check_output_path
        try:  # before minutes of training, not after
            check_output_path(args.out, what="weights", error=ValueError)
        except ValueError as exc:
            return usage_error(f"train: {exc}")
    games = args.games if args.games is not None else training.DEFAULT_GAMES
    show_progress = args.progress or (args.progress is None and sys.stderr.isatty())
    started = time.monotonic()
    try:
        data = training.train(
            seed=args.seed, games=games, progress=stderr_bar() if show_progress else None,
            max_seconds=None if args.max_minutes is None else args.max_minutes * 60)
        if args.out is None:
            sys.stdout.write(training.weights_json(data))
        else:
            training.save_weights(data, args.out)
    except (ValueError, TimeoutError, OSError) as exc:
        return usage_error(f"train: {exc}")
    if args.out is not None:
        print(_("train: {games:,} games per player count in {time}; weights written to "
                "{path}").format(games=games, time=duration(time.monotonic() - started, args.lang),
                                 path=args.out), file=sys.stderr)
    return 0


def add_train(sub) -> None:
    p = sub.add_parser("train", help=_("train the learned player's weights by self-play (needs "
                                       "NumPy and numba)"),
                       description=_("Trains the weights of the learned player (docs/learned.md) "
                                     "by self-play with TD(λ): --games games for each player "
                                     "count (2 and 4), then a fit on a tenth as many. The "
                                     "defaults (seed 1, 200,000 games) write the shipped weights "
                                     "again in about 5 minutes of CPU time; the time grows with "
                                     "--games (at most 2,000,000). Needs NumPy and numba (pip "
                                     "install 'sorry-widget[fast]')."))
    add_seed(p, N_("the run's seed; the shipped weights are seed 1 with the default games"),
             default=DEFAULT_SEED)
    p.add_argument("--games", type=int, default=None,
                   help=_("self-play games per player count (default: the shipped run's)"))
    p.add_argument("--out", metavar="FILE",
                   help=_("write the weights to FILE (default: print them)"))
    p.add_argument("--max-minutes", type=float, default=None,
                   help=_("stop with an error rather than run longer than this"))
    progress_option(p)
    p.set_defaults(func=cmd_train)
