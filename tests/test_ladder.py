"""The ladder (sorry_widget/simulation/ladder.py, ``sorry-widget ladder``) and the other
programs' players it rates (sorry_widget/board/others.py): paired deals, the fit, its
intervals, the limits, the JSON, and each other program's player doing what its description
says."""

from __future__ import annotations

import json
import math
import random
from itertools import permutations

import pytest
from conftest import pos

from sorry_widget.board.game import Game
from sorry_widget.board.others import OTHERS
from sorry_widget.board.strategies import STRATEGIES, GreedyStrategy, as_strategy
from sorry_widget.simulation.experiments import fast_engine_available
from sorry_widget.cli import main
from sorry_widget.simulation import ladder as ladder_module
from sorry_widget.simulation.experiments import simulate, wilson_interval
from sorry_widget.simulation.ladder import (MAX_GAMES, Tally, elo, fit_strengths, ladder,
                                            play_deal, rate)

FAST = ["random", "greedy", "apologies-reward", "sorrygame-survivor"]


class Recorder:
    """Plays like ``inner`` and writes down every card it is given, in one shared log."""

    def __init__(self, inner: str, log: list) -> None:
        self.inner = as_strategy(inner)
        self.name = f"recorded {inner}"
        self.log = log

    def choose(self, position, card, moves, rng):
        self.log.append(card)
        return self.inner.choose(position, card, moves, rng)


# --- paired deals -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_every_seating_of_a_deal_draws_the_same_cards(players):
    """The cards of a deal come in the same order whoever sits where: the games differ only by
    the players' choices (they end at different times, so the shorter's cards are a prefix of
    the longer's)."""
    names = ["random", "greedy", "apologies-reward", "sorrygame-notsorry"][:players]
    sequences = []
    for order in list(permutations(range(players)))[:6]:
        log: list = []
        play_deal("7:3", [Recorder(names[k], log) for k in order])
        sequences.append(log)
    shortest = min(map(len, sequences))
    assert shortest > 20
    assert all(s[:shortest] == sequences[0][:shortest] for s in sequences)
    # Another deal's cards differ: the comparison above can fail.
    other: list = []
    play_deal("7:4", [Recorder(n, other) for n in names])
    assert other[:shortest] != sequences[0][:shortest]


@pytest.mark.parametrize("players,orders", [(2, 2), (4, 24)])
def test_each_group_plays_each_deal_in_every_seat_order(monkeypatch, players, orders):
    seen = []

    def fake(deal_seed, seated):
        seen.append((deal_seed, tuple(s.name for s in seated)))
        return 0

    monkeypatch.setattr(ladder_module, "play_deal", fake)
    names = FAST + ["sorrygame-greedy"]
    result = ladder(players=players, games=orders * 2, strategies=names, seed="s", resamples=0)
    assert result.deals == 2 and result.seat_orders == orders
    groups = math.comb(len(names), players)
    assert len(seen) == result.total_games == groups * orders * 2
    assert len(set(seen)) == len(seen)
    for deal in ("s:0", "s:1"):
        seatings = {names for seed, names in seen if seed == deal}
        for group in {frozenset(s) for s in seatings}:
            assert {s for s in seatings if frozenset(s) == group} == \
                set(permutations(sorted(group)))


def test_the_seat_that_wins_is_credited_to_the_player_sitting_there(monkeypatch):
    """With a deal that the first seat always wins, every player wins exactly half its games
    (each sits first once a pair), so the fit rates them all alike."""
    monkeypatch.setattr(ladder_module, "play_deal", lambda deal_seed, seated: 0)
    result = ladder(players=2, games=10, strategies=FAST, seed=1, resamples=20)
    assert all(row.wins * 2 == row.games for row in result.rows)
    assert all(abs(row.rating) < 1e-6 for row in result.rows)
    monkeypatch.setattr(ladder_module, "play_deal",
                        lambda deal_seed, seated: [s.name for s in seated].index("greedy")
                        if any(s.name == "greedy" for s in seated) else 0)
    result = ladder(players=2, games=10, strategies=FAST, seed=1, resamples=20)
    assert result.rows[0].name == "greedy" and result.rows[0].wins == result.rows[0].games


# --- the fit ----------------------------------------------------------------------------------


def _expected_tally(gamma, groups, games):
    """Each group's expected wins under Luce's model, computed from the truth directly."""
    wins = []
    for members in groups:
        total = sum(gamma[p] for p in members)
        wins.append([games * gamma[p] / total for p in members])
    return wins


@pytest.mark.parametrize("players", [2, 4])
def test_the_fit_recovers_known_strengths_from_their_expected_results(players):
    truth_elo = [0.0, 150.0, -80.0, 320.0, 40.0]
    gamma = [10 ** (r / 400) for r in truth_elo]
    from itertools import combinations
    groups = list(combinations(range(len(gamma)), players))
    wins = _expected_tally(gamma, groups, 10 ** 7)
    fitted = elo(fit_strengths(groups, wins, len(gamma)))
    assert fitted == pytest.approx(truth_elo, abs=0.05)


def test_the_fit_solves_the_likelihood_equations():
    """At a maximum of the likelihood each player's expected wins (virtual games included)
    equal its wins: checked from the fitted strengths, on random results."""
    rng = random.Random(4)
    groups = [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (0, 3)]
    wins = [[rng.randrange(50), rng.randrange(50)] for _ in groups]
    gamma = fit_strengths(groups, wins, 4)
    for player in range(4):
        won = 1 + sum(w[k] for g, w in zip(groups, wins) for k, p in enumerate(g) if p == player)
        expected = 2 * gamma[player] / (gamma[player] + 1) + sum(
            sum(w) * gamma[player] / sum(gamma[q] for q in g)
            for g, w in zip(groups, wins) if player in g)
        assert expected == pytest.approx(won, rel=1e-6)


def test_a_pair_alone_is_rated_by_its_odds():
    """Two players only, without virtual games: the maximum-likelihood strength ratio is the
    ratio of wins, so the Elo difference is 400 log10(wins_b / wins_a); the virtual games pull
    it a little towards 0."""
    assert elo(fit_strengths([(0, 1)], [[70, 30]], 2, prior=0))[1] == \
        pytest.approx(400 * math.log10(30 / 70), abs=1e-6)
    shrunk = elo(fit_strengths([(0, 1)], [[70, 30]], 2))[1]
    assert 400 * math.log10(30 / 70) < shrunk < 400 * math.log10(31 / 71) + 1e-9


def test_the_intervals_hold_the_truth_about_95_times_in_100():
    """Synthetic ladders of three players with known strengths: the bootstrap's 95 % intervals
    hold the true ratings in most runs (40 runs x 2 ratings: expected misses 4, at most 12
    allowed, a chance below 1e-4 for a true 95 % interval), and are not absurdly wide."""
    truth = [0.0, 120.0, -60.0]
    gamma = [10 ** (r / 400) for r in truth]
    groups = [(0, 1), (0, 2), (1, 2)]
    rng = random.Random(2026)
    held = 0
    widths = []
    for run in range(40):
        tally = Tally(groups)
        for _ in range(120):
            counts = tally.new_deal()
            for g, (a, b) in enumerate(groups):
                for _seat in range(2):
                    winner = 0 if rng.random() < gamma[a] / (gamma[a] + gamma[b]) else 1
                    counts[tally.slot_of[(g, winner)]] += 1
        ratings, intervals, *_ = rate(tally, 3, resamples=100, seed=run)
        for i in (1, 2):
            low, high = intervals[i]
            held += low <= truth[i] <= high
            widths.append(high - low)
    assert held >= 68
    assert max(widths) < 200


# --- limits and shapes ------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs,words", [
    ({"players": 3}, "players"),
    ({"players": 5}, "players"),
    ({"players": True}, "players"),
    ({"games": 0}, "games"),
    ({"games": -4}, "games"),
    ({"games": 2.5}, "games"),
    ({"games": MAX_GAMES + 1}, "games"),
    ({"games": 10 ** 12}, "games"),
    ({"resamples": 10 ** 6}, "resamples"),
    ({"slow_games": 0}, "slow_games"),
    ({"strategies": ["random", "nobody"]}, "nobody"),
    ({"strategies": ["random", "random"]}, "each player once"),
    ({"strategies": ["random"]}, "from 2"),
    ({"strategies": "random,greedy"}, "list"),
    ({"players": 4, "strategies": FAST[:3]}, "from 4"),
    ({"strategies": [GreedyStrategy(a / 10) for a in range(17)]}, "to 16"),
    ({"progress": 3}, "progress"),
])
def test_a_ladder_refuses_what_it_cannot_play(kwargs, words):
    arguments = {"strategies": FAST, "games": 2, **kwargs}
    with pytest.raises(ValueError, match=words):
        ladder(**arguments)


def test_a_ladder_too_big_is_refused_before_any_game(monkeypatch):
    monkeypatch.setattr(ladder_module, "play_deal", lambda *a: pytest.fail("a game was played"))
    names = list(OTHERS) + ["random", "greedy"]
    with pytest.raises(ValueError, match="would play"):
        ladder(players=4, games=MAX_GAMES, strategies=names)


def test_the_command_refuses_bad_counts(capsys):
    # Refused by argparse, in the command's language, before any game.
    with pytest.raises(SystemExit) as refused:
        main(["ladder", "--games", "0", "--strategies", "random,greedy"])
    assert refused.value.code == 2
    assert "argument --games" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["ladder", "--players", "3"])


def test_the_json_has_the_table_and_the_pairs(capsys):
    code = main(["ladder", "--games", "6", "--seed", "5", "--json", "--resamples", "30",
                 "--strategies", ",".join(FAST), "--no-progress"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "sorry-ladder/1"
    assert data["players"] == 2 and data["seed"] == "5" and data["deals"] == 3
    assert data["total_games"] == 6 * 6
    assert sorted(r["name"] for r in data["rows"]) == sorted(FAST)
    ratings = [r["rating"] for r in data["rows"]]
    assert ratings == sorted(ratings, reverse=True)
    for row in data["rows"]:
        assert set(row) >= {"name", "rating", "low", "high", "games", "wins", "win_share"}
        assert row["games"] == 18 and row["win_share"] == row["wins"] / 18
        assert row["low"] <= row["high"]
    assert [r["rating"] for r in data["rows"] if r["name"] == "random"] == [0.0]
    assert len(data["pairs"]) == 6
    for pair in data["pairs"]:
        assert pair["games"] == pair["a_wins"] + pair["b_wins"] == 6
        assert pair["rate"] == pytest.approx(pair["a_wins"] / 6)
        assert 0 <= pair["low"] <= pair["high"] <= 1
    # The same seed plays the same ladder through the API.
    again = ladder(players=2, games=6, strategies=FAST, seed="5", resamples=30).to_dict()
    assert {k: v for k, v in again.items() if k != "seconds"} == \
        {k: v for k, v in data.items() if k != "seconds"}


def test_the_table_reads_in_english_and_in_french(capsys):
    arguments = ["ladder", "--games", "4", "--seed", "1", "--resamples", "10", "--strategies",
                 "random,greedy,sorrygame-greedy", "--no-progress"]
    assert main(arguments) == 0
    english = capsys.readouterr().out
    assert "Ladder of 2-player classic games, seed 1: 3 players, 4 games per pair" in english
    assert "random at 0" in english and "Head to head" in english
    assert main(arguments + ["--lang", "fr"]) == 0
    french = capsys.readouterr().out
    assert "Échelle" in french and "paire" in french
    assert "Ladder" not in french and "Head to head" not in french


def test_the_default_players_are_every_registered_one_that_can_play():
    chosen, excluded = ladder_module.default_strategies(2)
    names = [c if isinstance(c, str) else c.name for c in chosen]
    assert names[:2] == ["random", "greedy"]
    assert set(OTHERS) <= set(names)
    # The coach only with the batch engine (without it, see the tests below).
    assert any(n.startswith("coach(") for n in names) == fast_engine_available()
    expected = set(STRATEGIES) - {"coach"}
    assert expected <= set(names) | set(excluded)
    chosen4, excluded4 = ladder_module.default_strategies(4)
    assert not any(getattr(c, "name", c).startswith("coach") for c in chosen4)
    assert [why for n, why in excluded4.items() if n.startswith("coach")] == ["too-slow"]


def test_the_command_explains_each_reason_the_ladder_gives():
    """The command's catalog-marked reasons are the ladder's, word for word."""
    from sorry_widget.cli import ladder as command

    assert command.LEFT_OUT == ladder_module.LEFT_OUT


# --- the other programs' players --------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(OTHERS))
@pytest.mark.parametrize("players", [2, 4])
def test_each_other_programs_player_plays_whole_games(name, players):
    """Game checks every choice against the legal moves (a StrategyError otherwise)."""
    for seed in range(3):
        game = Game(players=players, seed=seed, keep_history=False,
                    strategies=[name] + ["greedy"] * (players - 1))
        assert game.run() is not None


def _choice(name, position, card):
    moves = position.legal_moves(card)
    move = as_strategy(name).choose(position, card, moves, random.Random(0))
    assert move in moves
    return move


def test_apologies_reward_values_hurting_the_opponent():
    """Red's 11 can move red 36 -> 47 (11 steps on) or switch with yellow's 30, which loses red
    6 steps but sends yellow from 8 steps before HOME to 62: the reward counts the opponent's
    loss fully, so it switches; sorry-game's Greedy, which looks at its own pawns only, moves
    on."""
    p = pos(red=[36, "home", "home", "home"], yellow=[30, "home", "home", "home"])
    assert _choice("apologies-reward", p, "11").kind == "switch"
    assert _choice("sorrygame-greedy", p, "11").result_pawns[0][0] == 47


def test_apologies_reward_and_sorrygame_greedy_like_the_safety_zone():
    """A 5 can take red 59 into its safety zone or red 5 to 10: the same 5 steps; the reward
    adds worth in the safe zone, and sorry-game's Greedy breaks the tie towards safe spaces."""
    p = pos(red=[59, 5, "home", "home"], yellow=[40, "home", "home", "home"])
    for name in ("apologies-reward", "sorrygame-greedy"):
        assert 5 in _choice(name, p, "5").result_pawns[0]  # the pawn on 5 did not move


def test_not_sorry_always_takes_a_pawn_out_of_start():
    """A 2 may start red's pawn (1 step) or move red 5 to 7 (2 steps): Greedy moves on, Not
    Sorry starts the pawn."""
    p = pos(red=["start", 5, "home", "home"], yellow=[40, "home", "home", "home"])
    assert _choice("sorrygame-greedy", p, "2").result_pawns[0].count(65) == 1
    assert _choice("sorrygame-notsorry", p, "2").kind == "start"


def test_survivor_attacks_the_leader():
    """Three players; blue (one pawn out, three HOME) leads yellow (three in START). A Sorry!
    could bump blue's pawn on 20 or yellow's on 38; 38 is nearer red's HOME, so Greedy takes
    it, but Survivor bumps the leader."""
    p = pos(red=["start", "home", "home", "home"], blue=[20, "home", "home", "home"],
            yellow=[38])
    assert _choice("sorrygame-greedy", p, "sorry").result_pawns[0][0] == 38
    survivor = _choice("sorrygame-survivor", p, "sorry")
    assert survivor.result_pawns[1].count(65) == 1 and 20 in survivor.result_pawns[0]


def test_teleporter_always_switches_with_the_farthest_around():
    """Red's 11 from 37 to 48 would leave red 20 steps from HOME; switching with yellow's 45
    leaves 23, with yellow's 30, 38. Greedy moves on; Teleporter switches, with 45."""
    p = pos(red=[37, "home", "home", "home"], yellow=[30, 45, "home", "home"])
    assert _choice("sorrygame-greedy", p, "11").kind != "switch"
    move = _choice("sorrygame-teleporter", p, "11")
    assert move.kind == "switch" and 45 in move.result_pawns[0]


# --- larger runs (slow tier) ------------------------------------------------------------------


@pytest.mark.slow
def test_a_larger_ladder_agrees_with_independent_simulations():
    """Greedy against random over 1,000 deals in both seat orders: the ladder's head-to-head
    interval overlaps the Wilson interval of 2,000 games per seating played by ``simulate`` on
    other deals, and the rating difference is the one the win rate implies."""
    result = ladder(players=2, games=2000, strategies=["random", "greedy"], seed="slow",
                    resamples=200)
    pair = result.pairs[0]
    assert (pair.a, pair.b) == ("greedy", "random") and pair.games == 2000
    wins = 0
    for seats in (["greedy", "random"], ["random", "greedy"]):
        summary = simulate(players=2, games=2000, strategy=seats, seed="independent",
                           engine="python")
        wins += summary.wins_per_seat[seats.index("greedy")]
    low, high = wilson_interval(wins, 4000)
    assert pair.low <= high and low <= pair.high
    greedy = next(r for r in result.rows if r.name == "greedy")
    implied = 400 * math.log10(pair.rate / (1 - pair.rate))
    assert greedy.rating == pytest.approx(implied, abs=5)
    assert greedy.low < implied < greedy.high


# --- without the batch engine (issue 39) --------------------------------------------------------


@pytest.fixture
def no_batch_engine(monkeypatch):
    """numba absent, as the code detects it (experiments.fast_engine_available: find_spec; an
    entry of None in sys.modules makes it None and ``import numba`` fail)."""
    import sys

    monkeypatch.setitem(sys.modules, "numba", None)
    from sorry_widget.simulation.experiments import fast_engine_available

    assert not fast_engine_available()


def test_without_the_batch_engine_a_default_ladder_leaves_the_coach_out(no_batch_engine):
    chosen, excluded = ladder_module.default_strategies(2)
    assert not any(getattr(c, "name", c).startswith("coach") for c in chosen)
    assert [why for n, why in excluded.items() if n.startswith("coach")] == ["no-batch"]
    # Named, it plays.
    objects, _ = ladder_module._players(["random", "coach"], 2)
    assert any(ladder_module.is_slow(s) for s in objects)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_without_the_batch_engine_the_command_says_so_before_the_games(no_batch_engine, capsys,
                                                                       monkeypatch, lang):
    from sorry_widget.cli import main
    from sorry_widget.cli.ladder import LEFT_OUT

    said = []

    def first_deal(deal_seed, players):  # what stderr holds when the first game starts
        assert not any(ladder_module.is_slow(p) for p in players), "the coach plays"
        said.append(capsys.readouterr().err)
        return real(deal_seed, players)

    real = ladder_module.play_deal
    monkeypatch.setattr(ladder_module, "play_deal", first_deal)
    assert main(["ladder", "--games", "2", "--resamples", "2", "--seed", "1", "--no-progress",
                 "--lang", lang]) == 0
    notice = said[0].splitlines()
    assert len(notice) == 1 and notice[0].startswith("ladder")
    from sorry_widget.cli import text

    text.set_language(lang)
    try:
        why = text._(LEFT_OUT["no-batch"])
    finally:
        text.set_language("en")
    assert why in notice[0] and "coach" in notice[0]
    assert why in capsys.readouterr().out  # and in the table's "Not in this ladder"
    if lang == "fr":
        assert "without" not in notice[0]
