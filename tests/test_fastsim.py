"""The fast simulation loop plays exactly the games that Game + RandomStrategy plays."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.positions import positions

from sorry_widget.board import Position
from sorry_widget.board.track import BACKWARD, SLIDE_AT_TRIANGLE
from sorry_widget.simulation.fast_loop import play_random_game
from sorry_widget.board.game import Game
from sorry_widget.board.moves import SWITCH
from sorry_widget.board.record import Record
from sorry_widget.board.rules import CLASSIC, RULE_SETS, get_rules


def game_result(start, seed):
    game = Game(start=start, seed=seed, keep_history=False)
    game.run()
    seat = (game.position.to_move - start.to_move) % len(start.colours)
    return (start.to_move + seat) % len(start.colours), game.cards_played, game.turn


@pytest.mark.parametrize("players,pawns,rules", [
    (2, 4, CLASSIC), (3, 4, CLASSIC), (4, 4, CLASSIC), (4, 3, CLASSIC),
    (4, 4, CLASSIC.with_options(two_draws_again=False)),
    (3, 4, CLASSIC.with_options(sorry_forward_4=True)),
    (2, 4, CLASSIC.with_options(deck="original44")),
    # every rule set that says the fast loop plays it
    *[(4, 4, get_rules(name)) for name in sorted(RULE_SETS)
      if get_rules(name).plays_fast("fast_loop")],
])
def test_fast_loop_plays_the_same_games_as_the_game_loop(players, pawns, rules):
    start = Position.initial(players, rules, pawns_per_player=pawns)
    for seed in range(60):
        assert play_random_game(start, seed) == game_result(start, seed), seed


def test_fast_loop_from_a_custom_start_and_first_player():
    start = Position.initial(["blue", "green"], to_move="green")
    for seed in range(30):
        assert play_random_game(start, seed) == game_result(start, seed)


def test_record_from_the_fast_history_equals_the_games_record():
    start = Position.initial(4)
    for seed in range(8):
        history = []
        play_random_game(start, seed, history=history)
        game = Game(start=start, seed=seed)
        game.run()
        fast = Record.from_history(start, seed, history)
        assert fast.to_json() == Record.from_game(game).to_json()
        assert fast.winner == game.winner


def _moves_sharing_a_result(position, card):
    by_result = {}
    for m in position.legal_moves(card):
        by_result.setdefault(m.result_pawns, []).append(m)
    return [ms for ms in by_result.values() if len(ms) > 1]


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(["classic", "edition-2013", "teams-1992", "partnership-1934"])
       .flatmap(positions),
       st.sampled_from(["1", "2", "3", "4", "5", "8", "10", "11", "12", "sorry"]))
def test_where_different_moves_reach_the_same_position(data, card):
    """The fast loop and the random strategy assume distinct moves reach distinct positions
    except in two cases (the fast loop sends them to the full generator, the strategy compares
    results); this checks that assumption on random positions of every board rule set."""
    position = Position.from_dict(data)
    for group in _moves_sharing_a_result(position, card):
        if card == "4":
            # a 4 backward from a long slide's end onto its triangle slides back (C4)
            for m in group:
                # In a team game the pawn may be the partner's (T1): its own colour counts.
                seat, origin, landing = m.parts[0]
                pawn_colour = position.colours[seat]
                slide = SLIDE_AT_TRIANGLE[landing]
                assert slide is not None and slide.end == origin and slide.owner != pawn_colour
                assert BACKWARD[pawn_colour][origin][4] == landing
        elif card == "11":
            # two own pawns on the slide of the triangle they switch onto
            assert all(m.kind == SWITCH for m in group)
            targets = {m.parts[0][3] for m in group}
            assert len(targets) == 1
        else:
            pytest.fail(f"{[m.notation for m in group]} share a result with a {card}")


@settings(max_examples=1500, deadline=None)
@given(positions())
def test_fast_sevens_list_the_generators_moves_with_faithful_result_keys(data):
    from sorry_widget.board.track import FORWARD
    from sorry_widget.simulation.fast_loop import _NO_PAWN, _fill, _sevens
    from sorry_widget.board.moves import FORFEIT

    position = Position.from_dict(data)
    seat = position.to_move
    colour = position.colours[seat]
    locs = [list(p) for p in position.pawns]
    board = [_NO_PAWN] * 60
    _fill(locs, board, [0] * len(locs))
    fast = _sevens(locs[seat], seat, colour, FORWARD[colour], board)
    real = [m for m in position.legal_moves("7") if m.kind != FORFEIT]
    assert [parts for _, parts in fast] == [tuple((o, landing) for _, o, landing in m.parts) for m in real]
    if len(fast) > 1:  # a lone move needs no key
        for (k1, _), m1 in zip(fast, real):
            for (k2, _), m2 in zip(fast, real):
                assert (k1 == k2) == (m1.result_pawns == m2.result_pawns)


def test_a_game_longer_than_max_cards_stops_with_a_clear_error_after_exactly_that_many():
    start = Position.initial(4)
    winner, cards, turns = play_random_game(start, 3)
    assert play_random_game(start, 3, max_cards=cards) == (winner, cards, turns)
    # A limit inside a later pass through the deck: the game is cut there, not at a pass's end.
    with pytest.raises(RuntimeError, match=f"no winner after {cards - 50} cards"):
        play_random_game(start, 3, max_cards=cards - 50)
    history = []
    with pytest.raises(RuntimeError):
        play_random_game(start, 3, history=history, max_cards=cards - 50)
    assert len(history) == cards - 50
