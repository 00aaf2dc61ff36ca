"""The board game's experiments: ``simulate`` (many games) and ``coach`` (each move's chance)."""

from __future__ import annotations

import json
import sys

from ..board.state import MAX_POSITION_BYTES, Position, PositionError
from ..board.strategies import STRATEGIES
from ..core.safeio import read_json_file
from ..simulation.experiments import MAX_GAMES, FastEngineMissing, simulate
from .common import (add_seed, whole_number, add_engine, add_rules, add_strategy, answer_file, card_list,
                     card_name, progress_option, rules_from_args, stderr_bar,
                     strategies_from_args, usage_error, workers_error)
from .text import N_, _


def cmd_simulate(args) -> int:
    refused = workers_error(args, "simulate")
    if refused is not None:
        return refused
    show_progress = args.progress or (args.progress is None and args.games >= 2000
                                      and sys.stderr.isatty())
    try:
        with dask_client(args.scheduler) as client:
            summary = simulate(players=args.players, games=args.games,
                               strategy=strategies_from_args(args.strategy, known=STRATEGIES),
                               seed=args.seed,
                               rules=rules_from_args(args),
                               progress=stderr_bar() if show_progress else None,
                               engine=args.engine, workers=args.workers, client=client)
    except (ValueError, FastEngineMissing) as exc:
        return usage_error(f"simulate: {exc}")
    if args.json:
        print(json.dumps(summary.to_dict()))
    else:
        print(summary.report())
    return 0


class dask_client:
    """``--scheduler ADDRESS``: a Dask client for the run, closed afterwards; None without."""

    def __init__(self, address: str | None) -> None:
        self.address = address
        self.client = None

    def __enter__(self):
        if self.address is None:
            return None
        try:
            from distributed import Client
        except ImportError:
            raise FastEngineMissing(_("--scheduler needs Dask's distributed package, which is "
                                      "not installed here; install it with pip install "
                                      "'sorry-widget[dask]'")) from None
        try:
            self.client = Client(self.address, timeout="10s")
        except (OSError, TimeoutError) as exc:
            raise ValueError(_("--scheduler {address}: no Dask scheduler answers there "
                               "({error})").format(address=self.address, error=exc)) from None
        return self.client

    def __exit__(self, *exc) -> None:
        if self.client is not None:
            self.client.close()


def _advice(data, args):
    from ..simulation.coach import coach

    return coach(Position.from_dict(data), card_name(args.card, "--card"),
                 rollouts=args.rollouts, strategy=args.strategy, seed=args.seed,
                 engine=args.engine, workers=args.workers, method=args.method,
                 budget=args.budget)


def cmd_coach(args) -> int:
    if args.rollouts < 1:
        return usage_error(_("coach: --rollouts must be at least 1, not {rollouts}").format(
            rollouts=args.rollouts))
    refused = workers_error(args, "coach")
    if refused is not None:
        return refused
    if args.json:
        try:
            return answer_file(args.position, lambda data: _advice(data, args).to_dict())
        except FastEngineMissing as exc:
            return usage_error(f"coach: {exc}")
    try:
        data = read_json_file(args.position, what="position", error=PositionError,
                              max_bytes=MAX_POSITION_BYTES)
        advice = _advice(data, args)
    except (ValueError, FastEngineMissing) as exc:
        return usage_error(f"coach: {exc}")
    print(advice.report())
    return 0


def rollout_strategies() -> list[str]:
    """Who may play the coach's games: every strategy but the coach itself."""
    return [name for name in STRATEGIES if name != "coach"]


def add_simulate_and_coach(sub) -> None:
    p = sub.add_parser("simulate", help=_("play many games and report win rates and lengths"))
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=whole_number(1, MAX_GAMES), default=1000,
                   help=_("games to play (default: 1,000)"))
    add_strategy(p, STRATEGIES)
    add_seed(p)
    add_rules(p)
    p.add_argument("--json", action="store_true", help=_("print the summary as one JSON object"))
    progress_option(p)
    add_engine(p)
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help=_("play on a Dask cluster, e.g. tcp://10.0.0.5:8786 (needs the dask "
                          "extra)"))
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("coach", help=_("each legal move's chance of winning, from many games "
                                       "played after it"))
    p.add_argument("position", help=_("a sorry-position/1 JSON file"))
    p.add_argument("--card", required=True,
                   help=_("the card drawn: {cards}").format(cards=card_list()))
    p.add_argument("--rollouts", type=int, default=1000, help=_("games after each move"))
    p.add_argument("--strategy", default="random", choices=rollout_strategies(),
                   help=_("who plays the games after each move"))
    add_seed(p, N_("the seed of the games after each move (default: 1)"), default="1")
    p.add_argument("--json", action="store_true", help=_("print the advice as one JSON object"))
    p.add_argument("--method", default="auto", choices=["auto", "racing", "full", "exact"],
                   help=_("auto: exact where the game is small enough, else racing (clearly "
                          "worse moves stop being played); full: every move gets --rollouts"))
    p.add_argument("--budget", type=int, default=None,
                   help=_("the most games in all (default: no limit with the batch engine, "
                          "1,200 with the pure-Python one)"))
    add_engine(p)
    p.set_defaults(func=cmd_coach)
