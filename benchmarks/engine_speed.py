"""Engine speed: random 4-player games per second, on one core, in one process.

Prints figures, never fails on them:

* records off — what ``simulate`` does per game (the fast in-place loop, same games as
  ``Game``);
* records kept — the same loop keeping a compact history, turned into a ``Record`` whose
  notation and events are worked out when read;
* records written — the record expanded and serialised to ``sorry-record/1`` JSON;
* the general ``Game`` loop with the random strategy (what a custom strategy runs on);
* every rule set through ``simulate`` on the python engine and one core (the fast loop where it
  supports the rule set, else the general loop), and the SORRY! card game's
  ``cardgame simulate``;
* the ``apologies`` package's engine (PyPI), driven through its ``Engine``/``Rules`` directly
  without the deep copy its ``play_next`` makes each turn, as the baseline — with the ratio of
  each figure above to it.

    python benchmarks/engine_speed.py --games 2000 --baseline-games 200
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from sorry_widget.board import Position
from sorry_widget.simulation.fast_loop import play_random_game
from sorry_widget.board.game import Game
from sorry_widget.board.record import Record
from sorry_widget.simulation.experiments import play_one

TARGETS = {"records off": 800, "records kept": 200}


def timed(label: str, games: int, play_one) -> tuple[str, float, float]:
    """Games per second over ``games`` games, and cards per game."""
    cards = 0
    started = time.perf_counter()
    for i in range(games):
        cards += play_one(i)
    seconds = time.perf_counter() - started
    return label, games / seconds, cards / games


def ours(games: int, players: int) -> list[tuple[str, float, float]]:
    start = Position.initial(players)
    strategies = Game(start=start, seed=0, keep_history=False).strategies

    def records_off(i):
        # What simulate() does for each game of an all-random run.
        return play_one(start, strategies, i).cards

    def records_kept(i):
        history: list = []
        cards = play_random_game(start, i, history=history)[1]
        Record.from_history(start, i, history)
        return cards

    def records_written(i):
        history: list = []
        cards = play_random_game(start, i, history=history)[1]
        Record.from_history(start, i, history).to_json()
        return cards

    def game_loop(i):
        game = Game(start=start, seed=i, keep_history=False)
        game.run()
        return game.cards_played

    few = max(1, games // 10)
    return [
        timed("records off", games, records_off),
        timed("records kept", games, records_kept),
        timed("records written", few, records_written),
        timed("Game loop", few, game_loop),
    ]


def per_rule_set(games: int) -> list[tuple[str, str, float, float]]:
    """Games/s of ``simulate`` on the python engine and one core, for each rule set (4 players,
    random): the fast loop where it supports the rule set, else the general loop."""
    from sorry_widget.board.rules import RULE_SETS
    from sorry_widget.simulation.experiments import simulate

    rows = []
    for name, rules in RULE_SETS.items():
        results: list = []
        summary = simulate(4, games=games, rules=name, seed="bench", results=results,
                           engine="python", workers=1)
        cards = sum(r.cards for r in results) / games
        rows.append((name, "fast loop" if rules.plays_fast("fast_loop") else "general loop",
                     summary.games_per_second, cards))
    return rows


def cardgame_rate(games: int) -> tuple[float, float]:
    """Games/s and rounds per game of ``cardgame simulate`` (4 players, random)."""
    from sorry_widget.simulation.cardgame_experiments import simulate_cardgame

    summary = simulate_cardgame(4, games, seed="bench")
    return summary["games_per_second"], summary["rounds_per_game_mean"]


def apologies_baseline(games: int, players: int) -> tuple[str, float, float] | None:
    try:
        from apologies.engine import Character, Engine
        from apologies.game import GameMode
        from apologies.source import RandomInputSource
    except ImportError:
        return None

    def play_one(i):
        random.seed(i)  # apologies draws from the global generator
        characters = [Character(f"p{n}", RandomInputSource()) for n in range(players)]
        engine = Engine(mode=GameMode.STANDARD, characters=characters)
        engine.start_game()
        cards = 0
        while not engine.completed:
            # Engine.play_next() without its per-turn deep copy of the game:
            color, character = engine.next_turn()
            done = False
            while not done:
                view = engine.game.create_player_view(color)
                move = engine.choose_next_move(character, view)
                done = engine.execute_move(color, move)
                cards += 1
        return cards

    return timed("apologies 0.4 engine", games, play_one)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--baseline-games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=1,
                        help="run each measurement this many times and report the median")
    args = parser.parse_args(argv)

    print(f"Python {platform.python_version()} on {platform.machine()}, one process, one core; "
          f"{args.players}-player classic games, random strategy")
    runs = [ours(args.games, args.players) for _ in range(args.repeat)]
    rows = []
    for k in range(len(runs[0])):
        label, _, cards = runs[0][k]
        rows.append((label, statistics.median(r[k][1] for r in runs), cards))
    baseline = apologies_baseline(args.baseline_games, args.players)
    width = 22
    print(f"{'engine':<{width}} {'games/s':>9} {'cards/game':>11} {'× apologies':>12}  target")
    for label, rate, cards in rows + ([baseline] if baseline else []):
        ratio = f"{rate / baseline[1]:.1f}×" if baseline else "n/a"
        target = TARGETS.get(label)
        if target is None:
            verdict = ""
        elif args.games < 1000:
            verdict = f"≥ {target} (too few games to judge)"
        else:
            verdict = f"≥ {target}: {'met' if rate >= target else 'NOT met'}"
        print(f"{label:<{width}} {rate:>9.1f} {cards:>11.1f} {ratio:>12}  {verdict}")
    if baseline is None:
        print("(apologies is not installed: pip install -e '.[bench]' for the baseline)")
    few = max(20, args.games // 10)
    print(f"\nper rule set (simulate, python engine, one core, 4 random players, {few} games; "
          "target >= 200 games/s on the general loop):")
    for name, loop, rate, cards in per_rule_set(few):
        verdict = "" if loop == "fast loop" else \
            f"  {'met' if rate >= 200 else 'NOT met'}" + (" (too few games to judge)"
                                                           if few < 100 else "")
        print(f"{name:<22} {loop:<13} {rate:>9.1f} games/s {cards:>8.1f} cards/game{verdict}")
    card_rate, card_rounds = cardgame_rate(max(200, args.games))
    board_rate = rows[0][1]
    print(f"\nthe SORRY! card game (cardgame simulate, 4 random players, {max(200, args.games)} "
          f"games): {card_rate:.1f} games/s, {card_rounds:.1f} rounds/game; "
          f"{card_rate / board_rate:.1f}× the board game's {board_rate:.1f} games/s; target "
          f">= 2000 games/s: " + ("met" if card_rate >= 2000 else "NOT met") +
          (" (too few games to judge)" if args.games < 1000 else ""))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
