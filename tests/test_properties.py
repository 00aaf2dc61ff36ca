"""Property tests (hypothesis): the engine agrees with the naive reference reading of the rules
on random positions, and random games keep every invariant and replay from their records."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support import reference
from support.positions import CARDS, positions

from sorry_widget.board import Position
from sorry_widget.board.track import HOME, START, is_safety, is_track
from sorry_widget.board.game import Game
from sorry_widget.board.moves import FORFEIT
from sorry_widget.board.record import Record

@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from(CARDS))
def test_engine_agrees_with_the_reference_reading(data, card):
    position = Position.from_dict(data)
    moves = position.legal_moves(card)
    engine = {m.result.to_json() for m in moves}
    assert engine == reference.results(data, card)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["teams-1992", "partnership-1934"]).flatmap(positions),
       st.sampled_from(CARDS))
def test_team_moves_agree_with_the_reference_reading(data, card):
    """T1–T6 read a second time, naively, in tests/support/reference.py."""
    position = Position.from_dict(data)
    assert {m.result.to_json() for m in position.legal_moves(card)} == \
        reference.results(data, card)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions("play-for-points-1992"), st.lists(st.sampled_from(CARDS), min_size=1,
                                                   max_size=5))
def test_plays_from_a_hand_agree_with_the_reference_reading(data, hand):
    """P2–P3: the cards that can move, or a discard."""
    from sorry_widget.board.moves import hand_moves

    position = Position.from_dict(data)
    assert {m.result.to_json() for m in hand_moves(position, hand)} == \
        reference.hand_results(data, hand)


@settings(max_examples=200, deadline=None)
@given(positions(), st.sampled_from(CARDS))
def test_every_move_is_well_formed(data, card):
    position = Position.from_dict(data)
    moves = position.legal_moves(card)
    assert moves, "a forfeit is a move, so there is always at least one"
    notation = [m.notation for m in moves]
    assert len(set(notation)) == len(notation), notation
    forfeits = [m for m in moves if m.kind == FORFEIT]
    assert len(forfeits) <= 1
    if forfeits and card != "11":
        assert len(moves) == 1, "C12: a forfeit only when nothing else is legal"
    for m in moves:
        result = Position.from_dict(json.loads(m.result.to_json()))  # valid position
        assert result.colour_to_move == position.colour_to_move
        assert m.explanation.endswith(".") and any(r in m.explanation for r in m.rule_ids)
        for colour in position.colour_names:
            assert len(result.pawns_of(colour)) == len(position.pawns_of(colour))


def check_invariants(position: Position, pawns_each: int) -> None:
    track_seen = set()
    for locs in position.pawns:
        assert len(locs) == pawns_each
        safety_seen = set()
        for loc in locs:
            if is_track(loc):
                assert loc not in track_seen, f"two pawns on {loc}"
                track_seen.add(loc)
            elif is_safety(loc):
                assert loc not in safety_seen
                safety_seen.add(loc)
            else:
                assert loc in (START, HOME)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 4),
       strategy=st.sampled_from(["random", "greedy", ["random", "greedy"]]),
       pawns=st.sampled_from([3, 4]))
def test_random_games_keep_invariants_end_and_replay_from_their_records(seed, players, strategy,
                                                                      pawns):
    if isinstance(strategy, list):
        strategy = (strategy * 2)[:players]
    start = Position.initial(players, pawns_per_player=pawns)
    game = Game(start=start, seed=seed, strategies=strategy)
    for _ in range(5000):
        if game.finished:
            break
        before = game.position
        play = game.step()
        check_invariants(game.position, pawns)
        assert play.before == before
        if play.move.kind == FORFEIT:
            assert play.after.pawns == before.pawns
    assert game.finished, "every game ends"
    assert game.winner == game.position.winner()
    record = Record.from_game(game)
    text = record.to_json()
    again = Record.from_json(text)  # replays and checks every play
    assert again.replay() == game.positions()
    assert again.to_json() == text
