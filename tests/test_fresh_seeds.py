"""No seed means a fresh shuffle, and the seed used is kept so the game replays (issue: every
game without a seed was the same game)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from sorry_widget import (CardGame, CardRecord, Game, Record, SorryCardWidget, SorryWidget,
                          simulate)
from sorry_widget.cardgame.game import new_state
from sorry_widget.simulation.cardgame_experiments import simulate_cardgame


def cards_of(game: Game) -> list[int]:
    return [play.card for play in game.history]


def test_games_without_a_seed_differ_and_keep_the_seed_they_used():
    games = [Game(4) for _ in range(3)]
    for game in games:
        game.run()
    assert len({g.seed for g in games}) == 3
    assert all(isinstance(g.seed, int) for g in games)
    assert len({tuple(cards_of(g)[:30]) for g in games}) > 1
    for game in games:
        again = Game(4, seed=game.seed)
        again.run()
        assert cards_of(again) == cards_of(game)


def test_the_record_keeps_the_fresh_seed_and_a_game_from_it_is_the_same_game(tmp_path):
    game = Game(2, rules="1934")  # the high-card draw uses the seed too
    game.run()
    path = tmp_path / "game.json"
    Record.from_game(game).save(path)
    record = Record.load(path)
    assert record.seed == game.seed
    again = Game(2, rules="1934", seed=record.seed)
    again.run()
    assert Record.from_game(again).to_json() == Record.from_game(game).to_json()


def test_a_rematch_without_a_seed_is_a_new_shuffle():
    game = Game(2, seed=5)
    game.run()
    first, second = game.rematch(), game.rematch()
    assert first.seed != second.seed and None not in (first.seed, second.seed)


def test_a_new_board_and_new_game_deal_fresh_cards_and_say_their_seed():
    boards = [SorryWidget() for _ in range(2)]
    assert boards[0].game.seed != boards[1].game.seed
    assert boards[0].record.seed == boards[0].game.seed
    board = boards[0]
    seeds = {board.game.seed}
    for _ in range(2):  # as the page's *New game…* asks for it
        board._on_message(board, {"type": "new_game", "rules": "classic", "players": 4,
                                  "people": ["red"]}, [])
        seeds.add(board.game.seed)
    assert len(seeds) == 3


def test_card_games_without_a_seed_differ_and_replay_from_their_record(tmp_path):
    games = [CardGame(4) for _ in range(3)]
    assert len({g.deck_order for g in games}) == 3
    game = games[0]
    game.run()
    record = CardRecord.from_json(game.record().to_json())
    assert record.seed == game.seed
    assert CardGame(4, seed=record.seed).deck_order == game.deck_order
    assert new_state(4).to_dict() != new_state(4).to_dict()
    widgets = [SorryCardWidget() for _ in range(2)]
    assert widgets[0].game.deck_order != widgets[1].game.deck_order


def test_simulations_without_a_seed_are_fresh_and_repeat_from_the_seed_they_report():
    runs = [simulate(games=20, engine="python", workers=1) for _ in range(2)]
    assert runs[0].seed != runs[1].seed
    again = simulate(games=20, engine="python", workers=1, seed=runs[0].seed)
    assert again.per_game == runs[0].per_game
    cards = [simulate_cardgame(4, 30) for _ in range(2)]
    assert cards[0]["seed"] != cards[1]["seed"]
    repeat = simulate_cardgame(4, 30, seed=cards[0]["seed"])
    assert repeat["wins_per_seat"] == cards[0]["wins_per_seat"]
    assert repeat["turns_per_game_mean"] == cards[0]["turns_per_game_mean"]


def run_cli(*args: str) -> str:
    exe = Path(sys.executable).with_name("sorry-widget")
    proc = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_the_command_prints_the_fresh_seed_and_that_seed_replays_the_game():
    log = run_cli("play", "--players", "2")
    seed = re.search(r"; seed (\d+);", log.splitlines()[0]).group(1)
    assert run_cli("play", "--players", "2") != log
    assert run_cli("play", "--players", "2", "--seed", seed) == log
    card_log = run_cli("cardgame", "play", "--players", "3")
    card_seed = re.search(r"; seed (\d+);", card_log.splitlines()[0]).group(1)
    assert run_cli("cardgame", "play", "--players", "3", "--seed", card_seed) == card_log
    summary = json.loads(run_cli("cardgame", "simulate", "--games", "20", "--json"))
    again = json.loads(run_cli("cardgame", "simulate", "--games", "20", "--json",
                               "--seed", str(summary["seed"])))
    assert again["wins_per_seat"] == summary["wins_per_seat"]
