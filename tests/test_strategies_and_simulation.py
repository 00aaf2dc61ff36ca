from __future__ import annotations

import random

import pytest
from conftest import pos
from hypothesis import given, settings
from hypothesis import strategies as st
from support.positions import CARDS, positions

from sorry_widget.board.cards import card_from_name
from sorry_widget.board.game import Game, GameError
from sorry_widget.board.moves import Move, hand_moves
from sorry_widget.board.state import Position
from sorry_widget.simulation.experiments import mean_sd, simulate, wilson_interval
from sorry_widget.board.strategies import GreedyStrategy, RandomStrategy, as_strategy


def test_random_is_uniform_over_distinct_results_not_over_moves():
    p = pos(red=[10, 30])
    moves = p.legal_moves("5")  # R10-15, R30-35
    assert len(moves) == 2
    a, b = moves
    # A second way to reach b's result (as a user-made strategy list might contain).
    twin = Move(p, b.card, b.kind, b.parts, b.result_pawns)
    rng = random.Random(5)
    strategy = RandomStrategy()
    picks = [strategy.choose(p, 5, [a, b, twin], rng) for _ in range(4000)]
    share_a = sum(m is a for m in picks) / len(picks)
    # Uniform over moves would give 1/3; over distinct results 1/2 (sd of the share ~0.008).
    assert 0.46 < share_a < 0.54


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(["classic", "edition-2013", "teams-1992", "partnership-1934",
                        "play-for-points-1992"]).flatmap(positions),
       st.lists(st.sampled_from(CARDS), min_size=1, max_size=5), st.integers(0, 2**32))
def test_the_random_players_shortcut_for_generated_moves_picks_what_it_would_anyway(
        data, cards, seed):
    """Game hands RandomStrategy the generator's own list, where it compares results only for
    cards whose moves may end alike; the pick must be the one the full comparison makes."""
    position = Position.from_dict(data)
    if position.rules.hand_size:
        moves, card = hand_moves(position, cards), None
    else:
        moves, card = position.legal_moves(cards[0]), card_from_name(cards[0])
    strategy = RandomStrategy()
    fresh = [Move(m.position, m.card, m.kind, m.parts, None, m.reason) for m in moves]
    shortcut = strategy.choose_legal(position, card, fresh, random.Random(seed))
    full = strategy.choose(position, card, moves, random.Random(seed))
    assert (shortcut.card, shortcut.parts) == (full.card, full.parts)


def test_greedy_prefers_a_bump_and_getting_home():
    p = pos(red=[10, 40], blue=[15, 20, 21, 22])
    move = GreedyStrategy().choose(p, 5, p.legal_moves("5"), random.Random(0))
    assert move.notation == "R10x15"
    p = pos(red=["safety-2", 20])
    move = GreedyStrategy().choose(p, 4, p.legal_moves("4"), random.Random(0))
    assert move.notation == "R20-16>19"  # backward onto a slide beats leaving the safety zone


def test_greedy_beats_random_over_many_games():
    summary = simulate(players=2, games=200, strategy=["greedy", "random"], seed=3)
    assert summary.wins_per_seat[0] > summary.wins_per_seat[1]


def test_a_plain_function_is_a_strategy():
    def last_move(position, card, moves, rng):
        return moves[-1]

    game = Game(players=2, seed=1, strategies=last_move)
    game.run()
    assert game.finished
    assert game.strategies["red"].name == "last_move"


def test_a_strategy_that_returns_an_illegal_move_is_refused_and_nothing_changes():
    def cheat(position, card, moves, rng):
        return Move(position, card, "forward", ((0, 65, 4),), position.pawns)

    game = Game(players=2, seed=1, strategies=cheat)
    before = game.position
    with pytest.raises(GameError, match="not one of the legal moves"):
        game.step()
    assert game.position == before and game.cards_played == 0


def test_person_players_play_by_notation():
    game = Game(players=2, seed=1, strategies={"red": None, "yellow": "random"})
    moves = game.legal_moves()
    with pytest.raises(GameError, match="played by a person"):
        game.step()
    with pytest.raises(GameError, match="not a legal move"):
        game.play("R99-100")
    play = game.play(moves[0].notation)
    assert play.colour == "red"


def test_unknown_strategy_name():
    with pytest.raises(ValueError, match="strategy: unknown strategy 'clever'"):
        as_strategy("clever")


def test_same_seed_same_cards_whatever_the_strategies():
    g1 = Game(players=2, seed=42, strategies="random")
    g2 = Game(players=2, seed=42, strategies="greedy")
    cards1 = [g1.step().card for _ in range(30)]
    cards2 = [g2.step().card for _ in range(30)]
    assert cards1 == cards2


def test_the_deck_reshuffles_the_discards():
    game = Game(players=4, seed=9)
    drawn = [game.step().card for _ in range(90)]
    assert game.pile.reshuffles >= 1
    from collections import Counter

    assert Counter(drawn[:45]) == Counter(drawn[45:90])


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert mean_sd([1, 2, 3, 4]) == (2.5, pytest.approx(1.2910, abs=1e-4))


def test_simulation_game_i_can_be_replayed_alone():
    results = []
    summary = simulate(players=3, games=5, seed="exp", results=results, engine="python")
    assert results[2].engine == "python"
    game = Game(players=3, seed=results[2].seed)
    assert game.run() == results[2].winner
    assert game.cards_played == results[2].cards
    assert sum(summary.wins_per_seat) == 5


def test_simulation_counts_seats_from_the_first_player():
    summary = simulate(players=2, games=30, seed=1, first="yellow")
    assert summary.players == ["yellow", "red"]


def test_simulation_errors():
    with pytest.raises(ValueError, match="games"):
        simulate(games=0)
    with pytest.raises(ValueError, match="strategy"):
        simulate(players=2, strategy=["random"] * 3, games=1)


def test_two_different_splits_can_reach_one_position_and_random_counts_it_once():
    # red on 0 and 1: 1->2 with 0->safety-4, or 0->2 with 1->safety-4, end alike; so do
    # 1->s5 then 0->1 (a leapfrog) and the whole 7 from 0 to s5
    p = pos(red=[0, 1, "start", "start"])
    moves = p.legal_moves("7")
    by_result = {}
    for m in moves:
        by_result.setdefault(m.result_pawns, []).append(m.notation)
    assert sorted(by_result[p.pawns[:0] + ((2, 63, 65, 65),) + p.pawns[1:]]) == [
        "R0-2 R1-s4", "R1-2 R0-s4"]
    assert sorted(by_result[((1, 64, 65, 65),) + p.pawns[1:]]) == ["R0-s5", "R1-s5 R0-1"]
    assert len(moves) == 7 and len(by_result) == 4
    rng = random.Random(1)
    picks = [RandomStrategy().choose(p, 7, moves, rng).result_pawns for _ in range(5000)]
    for result in by_result:
        assert 0.22 < picks.count(result) / len(picks) < 0.28  # 1/4 each, not 1/7 or 2/7


def test_a_chosen_card_comes_out_of_the_draw_pile_and_the_record_stays_valid():
    from sorry_widget.board.game import Game, GameError
    from sorry_widget.board.record import Record

    game = Game(2, seed=4, strategies=None)
    for _ in range(4):
        game.draw("sorry")
        game.play(game.legal_moves()[0])
    with pytest.raises(GameError, match="no Sorry! is left in the draw pile"):
        game.draw("sorry")
    assert game.card is None  # nothing half-done
    game.draw(1)
    with pytest.raises(GameError, match="already drawn a 1"):
        game.draw(2)
    game.play(game.legal_moves()[0])
    record = Record.from_game(game)
    assert len(Record.from_json(record.to_json()).replay()) == 6
