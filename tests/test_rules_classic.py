"""One group of tests per classic rule C1–C14 of docs/rules.md, on hand-built positions.

Geometry used below (docs/rules.md): red's short slide 1->4, entry 2, start exit 4, long slide 9->13;
blue adds 15 (short slide 16->19, entry 17, exit 19, long slide 24->28), yellow 30, green 45.
"""

from __future__ import annotations

import pytest
from conftest import notations, pos, results, stacked_game

from sorry_widget.board import Position
from sorry_widget.board.moves import FORFEIT, SPLIT, SWITCH


def only(position, card):
    moves = position.legal_moves(card)
    assert len(moves) == 1, [m.notation for m in moves]
    return moves[0]


def kinds(position, card):
    return sorted(m.kind for m in position.legal_moves(card))


# --- C1 Start ---------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["1", "2"])
def test_c1_a_1_or_2_starts_a_pawn_onto_the_start_exit_and_no_further(card):
    move = only(pos(red=["start"] * 4), card)
    assert move.result.pawns_of("red") == (4, "start", "start", "start")
    assert "C1" in move.explanation and "C1" in move.rule_ids


@pytest.mark.parametrize("colour,exit_square", [("blue", 19), ("yellow", 34), ("green", 49)])
def test_c1_each_colour_starts_on_its_own_start_exit(colour, exit_square):
    p = Position({"red": ["start"] * 4, colour: ["start"] * 4}, to_move=colour)
    assert only(p, "1").result.pawns_of(colour)[0] == exit_square


@pytest.mark.parametrize("card", ["3", "4", "5", "7", "8", "10", "11", "12"])
def test_c1_no_other_card_starts_a_pawn(card):
    move = only(pos(red=["start"] * 4, blue=[30, "start", "start", "start"]), card)
    assert move.kind == FORFEIT
    assert "C1" in move.explanation


def test_c1_with_a_pawn_out_a_1_may_start_another_or_move_one_forward():
    assert notations(pos(red=[20, "start", "start", "start"]), "1") == {"RS-4", "R20-21"}


# --- C2 Own pawn in the way -------------------------------------------------------------------


def test_c2_a_move_may_not_end_on_own_pawn():
    assert notations(pos(red=[10, 15, "start", "start"]), "5") == {"R15-20"}


def test_c2_start_blocked_by_own_pawn_on_the_start_exit():
    assert notations(pos(red=[4, "start", "start", "start"]), "1") == {"R4-5"}


def test_c2_own_pawn_in_the_safety_zone_blocks_too():
    p = pos(red=["safety-1", "safety-3", "home", "home"])
    assert notations(p, "2") == {"Rs3-s5"}


def test_c2_home_holds_any_number_of_pawns():
    p = pos(red=["safety-4", "home", "home", "home"])
    move = only(p, "2")
    assert move.result.pawns_of("red") == ("home",) * 4


def test_c2_forfeit_when_every_move_is_blocked_names_c2():
    # safety-3 + 2 lands on own pawn on safety-5 (C2); safety-5 + 2 overshoots HOME (C6)
    move = only(pos(red=["safety-3", "safety-5", "home", "home"]), "2")
    assert move.kind == FORFEIT
    assert move.result == move.position
    assert "C2" in move.explanation and "C12" in move.explanation
    assert {"C2", "C6", "C12"} <= set(move.rule_ids)


# --- C3 Bump ----------------------------------------------------------------------------------


def test_c3_landing_on_an_opponent_bumps_it_to_its_start():
    move = only(pos(red=[10], blue=[15]), "5")
    assert move.result.pawns_of("blue") == ("start",) * 4
    assert move.result.pawns_of("red")[0] == 15
    assert any(e["event"] == "bump" and e["colour"] == "blue" for e in move.events)
    assert "C3" in move.explanation


def test_c3_jumped_pawns_are_counted_and_untouched():
    move = only(pos(red=[10], blue=[12], yellow=[13]), "5")
    assert move.result.pawns_of("red")[0] == 15
    assert move.result.pawns_of("blue")[0] == 12
    assert move.result.pawns_of("yellow")[0] == 13


def test_c3_starting_onto_an_occupied_start_exit_bumps():
    move = next(m for m in pos(red=["start"] * 4, green=[4]).legal_moves("1"))
    assert move.result.pawns_of("green") == ("start",) * 4
    assert move.notation == "RSx4"


# --- C4 Slide ---------------------------------------------------------------------------------


def test_c4_landing_on_another_colours_triangle_slides_to_the_end_sweeping_everyone():
    # blue's short slide 16 -> 19; yellow on 17, red's own pawn on 18, green on 19
    p = pos(red=[13, 18], yellow=[17], green=[19])
    move = next(m for m in p.legal_moves("3") if m.parts[0][1] == 13)
    r = move.result
    assert r.pawns_of("red") == (19, "start", "start", "start")
    assert r.pawns_of("yellow") == ("start",) * 4
    assert r.pawns_of("green") == ("start",) * 4
    slide = next(e for e in move.events if e["event"] == "slide")
    assert (slide["from"], slide["to"]) == (16, 19)
    assert {(s["colour"], s["from"]) for s in slide["swept"]} == {
        ("yellow", 17), ("red", 18), ("green", 19)}
    assert move.notation == "R13-16>19"
    assert "C4" in move.explanation


def test_c4_long_slide_covers_five_squares():
    # blue's long slide 24 -> 28
    move = only(pos(red=[21], yellow=[26]), "3")
    assert move.result.pawns_of("red")[0] == 28
    assert move.result.pawns_of("yellow")[0] == "start"


def test_c4_a_pawn_does_not_slide_on_its_own_colours_triangle():
    move = only(pos(red=[58]), "3")  # 58 -> 59 -> 0 -> 1, red's own triangle
    assert move.result.pawns_of("red")[0] == 1
    assert not any(e["event"] == "slide" for e in move.events)
    assert "own colour" in move.explanation


def test_c4_backward_moves_slide_too():
    move = only(pos(red=[20]), "4")  # 20 -> 16, blue's triangle
    assert move.result.pawns_of("red")[0] == 19


def test_c4_c2_is_judged_on_the_triangle():
    # red on 11 and on 16 (blue's triangle): 11 + 5 lands on own pawn, even though it would slide
    assert notations(pos(red=[11, 16, "home", "home"]), "5") == {"R16-21"}


def test_c4_c3_on_the_triangle_then_slide():
    move = next(m for m in pos(red=[11], yellow=[16]).legal_moves("5"))
    assert move.result.pawns_of("yellow") == ("start",) * 4
    assert move.result.pawns_of("red")[0] == 19
    assert move.notation == "R11x16>19"


def test_c4_own_pawn_on_the_slide_end_is_swept_even_on_the_start_exit():
    # red lands on green's triangle 46 and slides to 49, green's start exit, where red has a pawn
    p = pos(red=[43, 49], green=["start"] * 4)
    move = next(m for m in p.legal_moves("3") if m.parts[0][1] == 43)
    assert move.result.pawns_of("red") == (49, "start", "start", "start")


# --- C5 Safety entry ----------------------------------------------------------------------------


def test_c5_forward_past_own_entry_turns_into_the_safety_zone():
    move = only(pos(red=[58]), "5")  # 59, 0, 1, 2 (entry), safety-1
    assert move.result.pawns_of("red")[0] == "safety-1"
    assert [e["event"] for e in move.events][:2] == ["move", "safety"]
    assert move.steps[0][1] == [59, 0, 1, 2, "safety-1"]
    assert "C5" in move.explanation


def test_c5_other_colours_pass_reds_entry():
    move = only(pos(to_move="blue", blue=[58], red=["home"] * 3 + ["safety-1"]), "5")
    assert move.result.pawns_of("blue")[0] == 3


def test_c5_backward_never_enters_the_safety_zone():
    move = only(pos(red=[3]), "4")  # 2, 1, 0, 59
    assert move.result.pawns_of("red")[0] == 59


def test_c5_backing_up_out_of_the_safety_zone():
    assert only(pos(red=["safety-1"]), "4").result.pawns_of("red")[0] == 59  # 2, 1, 0, 59
    moves = {m.notation for m in pos(red=["safety-1"]).legal_moves("10")}
    assert "Rs1-2" in moves  # one back from safety-1 is the entry square


def test_c5_backing_up_behind_the_entry_then_into_the_safety_zone():
    start_exit = pos(red=[4])
    back = only(start_exit, "4")
    assert back.result.pawns_of("red")[0] == 0
    later = only(back.result, "5")  # 1, 2, safety-1, safety-2, safety-3
    assert later.result.pawns_of("red")[0] == "safety-3"


def test_c5_a_pawn_just_past_its_entry_goes_round_the_track():
    move = only(pos(red=[3]), "5")
    assert move.result.pawns_of("red")[0] == 8


# --- C6 Home ----------------------------------------------------------------------------------


def test_c6_home_by_exact_count_only():
    assert "home" in only(pos(red=["safety-3"]), "3").result.pawns_of("red")
    over = only(pos(red=["safety-3"]), "5")
    assert over.kind == FORFEIT and "C6" in over.explanation


def test_c6_a_pawn_at_home_never_moves():
    p = pos(red=["home", "home", "home", 30])
    for card in ["1", "2", "3", "4", "5", "8", "10", "12"]:
        for move in p.legal_moves(card):
            assert all(part[1] != 66 for part in move.parts)


def test_c6_pawns_in_a_safety_zone_cannot_be_bumped_switched_or_sorried():
    p = pos(to_move="blue", blue=[10, "start"], red=["safety-2", 20])
    switch_targets = {m.parts[0][3] for m in p.legal_moves("11") if m.kind == SWITCH}
    assert switch_targets == {20}
    assert notations(p, "sorry") == {"B!R20"}


# --- C7 The 2 ---------------------------------------------------------------------------------


def test_c7_after_a_2_the_same_player_draws_again_in_the_same_turn():
    game = stacked_game(["2", "5", "3"], players=2, seed=0)
    first = game.step()
    assert first.card == 2 and first.move.notation == "RS-4"
    assert game.colour_to_move == "red" and game.turn == 1
    second = game.step()
    assert second.colour == "red" and second.turn == 1
    assert game.colour_to_move == "yellow" and game.turn == 2
    assert "draws again (C7)" in first.move.explanation


def test_c7_a_2_draws_again_even_when_no_move_was_possible():
    start = pos(red=["safety-5", "home", "home", "home"])
    game = stacked_game(["2", "3"], start=start, seed=0)
    play = game.step()
    assert play.move.kind == FORFEIT
    assert game.colour_to_move == "red"
    assert "draws again (C7)" in play.move.explanation
    assert "2 is forfeited" in play.move.explanation


def test_c7_a_2_that_wins_ends_the_game():
    start = pos(red=["safety-4", "home", "home", "home"])
    game = stacked_game(["2"], start=start, seed=0)
    game.step()
    assert game.winner == "red" and game.finished


def test_c7_option_two_draws_again_off():
    from sorry_widget.board.rules import CLASSIC

    game = stacked_game(["2"], players=2, seed=0,
                        rules=CLASSIC.with_options(two_draws_again=False))
    game.step()
    assert game.colour_to_move == "yellow"


# --- C8 The 7 ---------------------------------------------------------------------------------


def test_c8_seven_whole_or_split_between_two_pawns():
    p = pos(red=[10, 30, "start", "start"], blue=[50])
    got = notations(p, "7")
    assert {"R10-17", "R30-37"} <= got
    splits = [m for m in p.legal_moves("7") if m.kind == SPLIT]
    # six ways to divide 7 between the two pawns; each order ends the same here, so listed once
    assert len(splits) == 6
    for m in splits:
        a = m.parts[0]
        b = m.parts[1]
        assert a[1] != b[1]


def test_c8_both_parts_are_applied_and_each_must_be_legal():
    p = pos(red=[10, 30, "start", "start"])
    m = next(m for m in p.legal_moves("7") if m.notation in ("R10-13 R30-34", "R30-34 R10-13"))
    assert m.result.pawns_of("red")[:2] == (13, 34)


def test_c8_the_first_part_is_carried_out_before_the_second_is_judged():
    # red on 10 and 13: 10+3 lands on 13 unless the pawn on 13 has already moved
    p = pos(red=[10, 13, "home", "home"])
    got = notations(p, "7")
    assert "R13-17 R10-13" in got
    assert "R10-13 R13-17" not in got


def test_c8_a_seven_cannot_start_a_pawn():
    p = pos(red=[10, "start", "start", "start"])
    for m in p.legal_moves("7"):
        assert all(part[1] != 65 for part in m.parts)
    assert p.why_illegal("7", "start", 4) == "a 7 cannot start a pawn (C8)"


def test_c8_home_with_part_of_a_seven_needs_the_balance_used_by_another_pawn():
    # safety-4 needs 2 to get HOME; the balance 5 has no other pawn to use it
    p = pos(red=["safety-4", "start", "start", "start"])
    assert only(p, "7").kind == FORFEIT
    p2 = pos(red=["safety-4", 20, "start", "start"])
    assert "Rs4-H R20-25" in notations(p2, "7")


def test_c8_a_split_never_moves_backward_or_the_same_pawn_twice():
    p = pos(red=[20, "home", "home", "home"])
    assert notations(p, "7") == {"R20-27"}


def test_c8_split_parts_bump_and_slide():
    # 12+2 bumps blue on 14; 41+5 bumps yellow on 46 (green's triangle) and slides to 49
    p = pos(red=[12, 41], blue=[14], yellow=[46])
    m = next(m for m in p.legal_moves("7") if m.notation in ("R12x14 R41x46>49",
                                                            "R41x46>49 R12x14"))
    assert m.result.pawns_of("yellow") == ("start",) * 4
    assert m.result.pawns_of("blue") == ("start",) * 4
    assert m.result.pawns_of("red")[:2] == (14, 49)


def test_c8_split_order_matters_when_the_first_part_sweeps_the_second_pawn():
    # red on 43 and 47: 43+3 = 46 (green's triangle) slides to 49, sweeping red's own pawn on 47.
    p = pos(red=[43, 47, "home", "home"], green=["start"] * 4)
    got = notations(p, "7")
    assert "R43-46>49 R47-51" not in got  # after the slide the pawn on 47 is in START
    assert "R47-51 R43-46>49" in got


# --- C9 The 10 --------------------------------------------------------------------------------


def test_c9_ten_forward_or_one_backward():
    assert notations(pos(red=[20]), "10") == {"R20-30", "R20-19"}


def test_c9_one_backward_when_ten_forward_is_impossible():
    move = only(pos(red=["safety-1"]), "10")
    assert move.notation == "Rs1-2"


# --- C10 The 11 -------------------------------------------------------------------------------


def test_c10_eleven_forward_or_switch_and_no_forfeit_when_forward_exists():
    p = pos(red=[20], blue=[40])
    got = notations(p, "11")
    assert got == {"R20-31>34", "R20<>B40"}
    assert FORFEIT not in kinds(p, "11")


def test_c10_may_decline_the_switch_only_when_no_forward_11_exists():
    p = pos(red=["safety-1", 20], blue=[40], yellow=["start"] * 4)
    # 20+11 = 31: yellow's triangle -> slides to 34; so forward exists
    assert FORFEIT not in kinds(p, "11")
    p = pos(red=[0, 2, "home", "home"], blue=[40])
    # from 0 and from 2 (red's entry) an 11 overshoots HOME
    assert sorted(kinds(p, "11")) == [FORFEIT, SWITCH, SWITCH]
    decline = next(m for m in p.legal_moves("11") if m.kind == FORFEIT)
    assert "C10" in decline.explanation


def test_c10_switch_only_on_the_track():
    p = pos(red=["safety-1", "start", "home", 25], blue=["safety-2", "start", 40, "home"])
    switches = [m for m in p.legal_moves("11") if m.kind == SWITCH]
    assert [(m.parts[0][1], m.parts[0][3]) for m in switches] == [(25, 40)]


def test_c10_after_a_switch_the_mover_slides_and_the_opponent_does_not():
    # red on 1 (red's own triangle, no slide for red), blue on 24 (blue's own long triangle)
    # red switches onto 24, blue's triangle -> red slides to 28; blue, now on 1 (red's triangle),
    # does not slide.
    p = pos(red=[1], blue=[24])
    m = next(m for m in p.legal_moves("11") if m.kind == SWITCH)
    assert m.result.pawns_of("red")[0] == 28
    assert m.result.pawns_of("blue")[0] == 1
    assert m.notation == "R1<>B24>28"


def test_c10_an_opponent_switched_onto_the_slide_the_mover_takes_is_swept():
    # red on 17 (on blue's short slide 16..19), yellow on 16 (blue's triangle):
    # switching puts red on 16 -> red slides to 19; yellow now on 17 is swept to START.
    p = pos(red=[17], yellow=[16])
    m = next(m for m in p.legal_moves("11") if m.kind == SWITCH)
    assert m.result.pawns_of("red")[0] == 19
    assert m.result.pawns_of("yellow") == ("start",) * 4
    assert "C10" in m.explanation and "C4" in m.explanation


def test_c10_opponent_placed_on_a_triangle_never_slides():
    # red on 31 (yellow's triangle), blue on 5: red goes to 5, blue to 31 (not blue's slide) and
    # stays there.
    p = pos(red=[31], blue=[5], yellow=["start"] * 4)
    m = next(m for m in p.legal_moves("11") if m.kind == SWITCH)
    assert m.result.pawns_of("blue")[0] == 31
    assert m.result.pawns_of("red")[0] == 5


# --- C11 Sorry! -------------------------------------------------------------------------------


def test_c11_sorry_takes_a_start_pawn_onto_an_opponent_and_bumps_it():
    p = pos(red=[20, "start"], blue=[40], yellow=["safety-3", "home", "start", 50])
    assert notations(p, "sorry") == {"R!B40", "R!Y50"}
    m = next(m for m in p.legal_moves("sorry") if m.notation == "R!B40")
    assert m.result.pawns_of("red")[:2] == (20, 40)
    assert m.result.pawns_of("blue") == ("start",) * 4
    assert "C11" in m.explanation


def test_c11_sorry_onto_a_triangle_slides():
    # blue on 39 (yellow's long triangle 39 -> 43), green on 41 on that slide
    p = pos(red=["start"], blue=[39], green=[41], yellow=["start"] * 4)
    m = next(m for m in p.legal_moves("sorry") if m.parts[0][2] == 39)
    assert m.result.pawns_of("red")[0] == 43
    assert m.result.pawns_of("green") == ("start",) * 4
    assert m.notation == "R!B39>43"


def test_c11_sorry_forfeits_without_start_pawn_or_target():
    no_start = only(pos(red=[20, "home", "home", "home"], blue=[30]), "sorry")
    assert no_start.kind == FORFEIT and "C11" in no_start.explanation
    no_target = only(pos(red=["start"] * 4, blue=["safety-1", "home", "start", "start"]), "sorry")
    assert no_target.kind == FORFEIT and "C11" in no_target.explanation


def test_sorry_forward_4_option():
    from sorry_widget.board.rules import CLASSIC

    rules = CLASSIC.with_options(sorry_forward_4=True)
    p = Position({"red": [20, "home", "home", "home"], "blue": [30, "start", "start", "start"]},
                 "red", rules)
    assert notations(p, "sorry") == {"R20-24>28"}


# --- C12 Must move ------------------------------------------------------------------------------


def test_c12_a_forfeit_is_offered_only_when_no_move_exists():
    p = pos(red=[20, "start"])
    for card in ["1", "2", "3", "4", "5", "7", "8", "10", "12"]:
        assert FORFEIT not in kinds(p, card), card


def test_c12_first_turn_without_a_start_card_forfeits():
    for card in ["3", "4", "5", "7", "8", "10", "11", "12"]:
        move = only(Position.initial(2), card)
        assert move.kind == FORFEIT
        assert move.result == move.position
        assert "C12" in move.explanation


def test_c12_must_move_even_to_a_disadvantage():
    # only legal move of a 4 takes red back out of its safety zone
    p = pos(red=["safety-5", "home", "home", "home"])
    move = only(p, "4")
    assert move.result.pawns_of("red")[0] == "safety-1"
    assert p.why_illegal("4", "safety-5", "safety-5") is not None


# --- C13 3, 4, 5, 8, 12 -----------------------------------------------------------------------


@pytest.mark.parametrize("card,dest", [("3", 13), ("5", 15), ("8", 18), ("12", 22), ("4", 6)])
def test_c13_numbered_cards_move_that_many(card, dest):
    move = only(pos(to_move="yellow", yellow=[10], red=["home"] * 3 + ["safety-1"]), card)
    assert move.result.pawns_of("yellow")[0] == dest


# --- C14 Winning ------------------------------------------------------------------------------


def test_c14_first_with_all_pawns_home_wins_at_once_and_goes_first_next():
    start = pos(red=["safety-4", "home", "home", "home"], yellow=[10, 11, 12, 13])
    game = stacked_game(["3", "2"], start=start, seed=0)
    game.step()  # red: 3 overshoots -> forfeit (C6)
    game.step()  # yellow
    assert not game.finished
    game2 = stacked_game(["2"], start=start, seed=0)
    play = game2.step()
    assert game2.winner == "red"
    assert "C14" in play.move.explanation and "C14" in play.move.rule_ids
    rematch = game2.rematch(seed=1)
    assert rematch.colour_to_move == "red"
    assert rematch.position.pawns_of("red") == ("start",) * 4


def test_c14_no_move_after_the_game_is_won():
    start = pos(red=["safety-4", "home", "home", "home"])
    game = stacked_game(["2"], start=start, seed=0)
    game.step()
    with pytest.raises(ValueError, match="game is over"):
        game.step()


def test_results_of_every_card_are_canonical_positions():
    p = pos(red=[20, 40, "start", "safety-2"], blue=[30, 41])
    for card in ["1", "2", "3", "4", "5", "7", "8", "10", "11", "12", "sorry"]:
        for r in results(p, card):
            for places in r.values():
                assert len(places) == 4
