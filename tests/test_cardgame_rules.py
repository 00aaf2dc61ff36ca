"""The card game's legal actions, one group per rule K3–K18 (docs/cardgame.md), on hand-made
states: what may be played, and the state at the next decision."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from sorry_widget.cardgame.cards import CardGameError
from sorry_widget.cardgame.rules import actions
from sorry_widget.cardgame.state import CardState


def make(players, to_play="red", pile=(), draw=(), discard=(), direction=1, pending=None,
         longer=False):
    """A state from ``players`` = [(colour, hand, home), …]."""
    from sorry_widget.cardgame.cards import pile_total

    data = {"format": "sorry-cardgame/1",
            "players": [{"colour": c, "hand": list(h), "home": n} for c, h, n in players],
            "to_play": to_play, "direction": direction, "play_pile": list(pile),
            "total": pile_total(list(pile)), "draw_pile": list(draw), "discard": list(discard),
            "pending": pending, "winners": []}
    if longer:
        data["options"] = {"longer_game": True}
    return CardState.from_dict(data)


def by_notation(state):
    return {a.notation: a for a in actions(state)}


def test_k3_sorry_steal_and_dont_be_sorry_are_never_played_on_ones_turn():
    s = make([("red", ["sorry-steal", "dont-be-sorry"], 0), ("blue", [], 0)], draw=["1"] * 9)
    assert set(by_notation(s)) == {"red discard sorry-steal", "red discard dont-be-sorry"}
    empty = make([("red", [], 0), ("blue", ["1"], 0)])
    assert set(by_notation(empty)) == {"red pass"}


def test_k5_exactly_21_wins_the_round_and_k7_clears_the_pile():
    s = make([("red", ["7", "1"], 0), ("blue", ["2"], 0)], pile=["10", "4"],
             draw=["3", "3", "3", "3"])
    a = by_notation(s)["red 7"]
    r = a.result
    assert r.player("red").home == 1 and r.play_pile == [] and r.total == 0
    assert sorted(r.discard, key=int) == ["4", "7", "10"] and r.to_play == "blue"
    assert "K5" in a.explanation


def test_k6_a_bust_flips_everyone_else():
    s = make([("red", ["9"], 0), ("blue", [], 1), ("yellow", [], 0)], pile=["10", "4"])
    r = by_notation(s)["red 9"].result
    assert [p.home for p in r.players] == [0, 2, 1]


def test_k8_a_slide_sets_the_total_and_never_busts():
    s = make([("red", ["slide-10", "slide-21"], 0), ("blue", [], 0)], pile=["10", "9"])
    acts = by_notation(s)
    assert acts["red slide-10"].result.total == 10
    assert acts["red slide-21"].result.player("red").home == 1  # a Slide to 21 makes 21


def test_k9_take_two_never_past_seven():
    s = make([("red", ["take-2", "1", "1", "1", "1", "1", "1"], 0), ("blue", [], 0)],
             draw=["2", "2", "2"])
    r = by_notation(s)["red take-2"].result
    assert len(r.player("red").hand) == 7 and r.draw_pile == ["2", "2"]


def test_k10_switch_reverses_the_direction():
    s = make([("red", ["switch"], 0), ("blue", [], 0), ("yellow", [], 0)])
    r = by_notation(s)["red switch"].result
    assert r.direction == -1 and r.to_play == "yellow"


def test_k11_play_two_and_the_second_card_stays_when_the_first_ends_the_round():
    s = make([("red", ["play-2", "7", "3"], 0), ("blue", [], 0)], pile=["10", "4"],
             draw=["1"] * 9)
    acts = by_notation(s)
    first_wins = acts["red play-2 7 3"].result
    assert first_wins.player("red").home == 1 and "3" in first_wins.player("red").hand
    bust = acts["red play-2 3 7"].result
    assert bust.player("blue").home == 1


def test_k12_sorry_needs_an_opponent_with_a_card_home_and_ends_the_round():
    s = make([("red", ["sorry-back"], 0), ("blue", [], 1), ("yellow", [], 0)], pile=["5"])
    acts = by_notation(s)
    assert set(acts) == {"red sorry-back blue"}
    r = acts["red sorry-back blue"].result
    assert r.player("blue").home == 0 and r.play_pile == []


def test_k13_a_21_asks_the_steal_holders_in_turn_and_all_passing_leaves_the_win():
    s = make([("red", ["7"], 0), ("blue", ["sorry-steal"], 0), ("yellow", ["sorry-steal"], 0)],
             pile=["14"])
    window = by_notation(s)["red 7"].result
    assert window.pending == {"kind": "steal", "winner": "red", "asked": "blue"}
    assert window.to_act == "blue" and window.total == 21
    acts = by_notation(window)
    stolen = acts["blue steal"].result
    assert stolen.player("blue").home == 1 and stolen.player("red").home == 0
    passed = acts["blue pass"].result
    assert passed.pending["asked"] == "yellow"
    kept = by_notation(passed)["yellow pass"].result
    assert kept.player("red").home == 1 and kept.pending is None


def test_k14_the_victim_may_block_and_the_sorry_does_nothing():
    s = make([("red", ["7", "dont-be-sorry"], 0), ("blue", ["sorry-steal"], 0)], pile=["14"])
    window = by_notation(s)["red 7"].result
    block = by_notation(window)["blue steal"].result
    assert block.pending == {"kind": "block", "sorry": "sorry-steal", "by": "blue",
                             "victim": "red"}
    acts = by_notation(block)
    assert acts["red block"].result.player("red").home == 1
    assert acts["red accept"].result.player("blue").home == 1


def test_k15_and_k16_top_ups_after_the_turn_reshuffle_the_discard_in_card_order():
    s = make([("red", ["3"], 0), ("blue", [], 0)], draw=["9"], discard=["switch", "2", "slide-10"])
    r = by_notation(s)["red 3"].result
    assert r.player("red").hand == ["9", "2", "slide-10", "switch"]  # drawn in that order
    assert r.to_play == "blue"


def test_k17_and_k18_a_bust_that_brings_two_players_home_is_decided_by_their_hands():
    s = make([("red", ["9"], 0), ("blue", ["10", "slide-15"], 3), ("yellow", ["10", "1"], 3)],
             pile=["10", "4"])
    a = by_notation(s)["red 9"]
    assert a.result.winners == ["blue"]  # 15 + ... : blue's best 15 (slide) vs yellow's 11
    assert "K18" in a.explanation and a.result.to_act is None
    assert actions(a.result) == []


def longer(players, to_play="red", pile=(), pending=None):
    """A longer-game state (K19) from ``players`` = [(colour, hand, home, returning), …]."""
    from sorry_widget.cardgame.cards import pile_total

    return CardState.from_dict({
        "format": "sorry-cardgame/1", "options": {"longer_game": True},
        "players": [{"colour": c, "hand": list(h), "home": n, "returning": r}
                    for c, h, n, r in players],
        "to_play": to_play, "direction": 1, "play_pile": list(pile),
        "total": pile_total(list(pile)), "draw_pile": ["1"] * 12, "discard": [],
        "pending": pending, "winners": []})


def setback(home, returning):
    """K12/K19 written out: a SORRY! costs its victim one flip of progress; None: it cannot
    (nothing HOME to lose, or a returning player with nothing at START)."""
    if returning:
        return home + 1 if home < 4 else None
    return home - 1 if home >= 1 else None


@pytest.mark.parametrize("red_returning", [False, True])
def test_k19_a_sorry_hurts_the_player_it_names_never_its_player(red_returning):
    seats = [("blue", 0, False), ("yellow", 2, False), ("green", 2, True), ("blue", 4, True),
             ("yellow", 3, True), ("green", 1, False)]
    for victim, home, returning in seats:
        others = [(c, ["5"], 1, False) for c in ("blue", "yellow", "green") if c != victim]
        players = [("red", ["sorry-back", "4"], 2, red_returning),
                   (victim, ["6"], home, returning), *others]
        players = [players[0]] + sorted(players[1:], key=lambda p: ["blue", "yellow",
                                                                    "green"].index(p[0]))
        s = longer(players)
        acts = by_notation(s)
        expected = setback(home, returning)
        notation = f"red sorry-back {victim}"
        if expected is None:
            assert notation not in acts, (victim, home, returning)
            continue
        after = acts[notation].result
        assert after.player(victim).home == expected, (victim, home, returning)
        assert after.player("red").home == 2 and after.player("red").returning == red_returning
        assert after.play_pile == []  # the round ends either way (K7)


def test_k14_a_block_window_opens_only_on_a_player_the_sorry_can_hurt():
    # Blue holds Don't Be SORRY! but has nothing HOME (K12); green, returning with all four
    # still HOME, has no START card to turn back (K19): neither is a target, no window opens.
    s = longer([("red", ["sorry-back", "3"], 1, False), ("blue", ["dont-be-sorry"], 0, False),
                ("yellow", ["dont-be-sorry"], 2, True), ("green", ["dont-be-sorry"], 4, True)])
    acts = by_notation(s)
    assert set(acts) == {"red 3", "red sorry-back yellow"}
    window = acts["red sorry-back yellow"].result
    assert window.pending == {"kind": "block", "sorry": "sorry-back", "by": "red",
                              "victim": "yellow"}
    assert by_notation(window)["yellow accept"].result.player("yellow").home == 3
    with pytest.raises(CardGameError, match="pending.victim: a sorry-back cannot hurt blue"):
        longer([("red", ["3"], 1, False), ("blue", ["dont-be-sorry"], 0, False)],
               pile=["sorry-back"],
               pending={"kind": "block", "sorry": "sorry-back", "by": "red", "victim": "blue"})


def test_the_plays_command_answers_each_line_and_reports_errors():
    good = make([("red", ["3"], 0), ("blue", [], 0)]).to_dict()
    lines = [json.dumps(good), json.dumps({**good, "total": 99}), "not json"]
    done = subprocess.run([sys.executable, "-m", "sorry_widget.cli", "cardgame", "plays",
                           "--jsonl"], input="\n".join(lines), capture_output=True, text=True)
    answers = [json.loads(x) for x in done.stdout.splitlines()]
    assert done.returncode == 1 and answers[0]["to_act"] == "red"
    assert [a["notation"] for a in answers[0]["actions"]] == ["red 3"]
    assert "total: 99" in answers[1]["error"] and answers[2]["error"].startswith("line 3")


# --- random games -------------------------------------------------------------------------

from sorry_widget.cardgame.cards import DEFAULT_DECK, deck_cards  # noqa: E402
from sorry_widget.cardgame.state import cards_in_play  # noqa: E402
from sorry_widget.simulation.cardgame_experiments import play_random_cardgame, simulate_cardgame  # noqa: E402
from collections import Counter  # noqa: E402


def test_random_games_keep_every_card_keep_hands_to_seven_and_end():
    deck = Counter(deck_cards(DEFAULT_DECK))
    for seed in range(8):
        log = []
        result = play_random_cardgame(4 if seed % 2 else 2, seed=seed, log=log)
        assert result.finished and result.winners
        for action in log:
            state = action.result
            assert cards_in_play(state) == deck  # no card created or lost
            if state.pending is None:
                assert all(len(p.hand) <= 7 for p in state.players)
            # every result is a valid state by the format's own checks
            assert CardState.from_dict(state.to_dict()).to_json() == state.to_json()


def test_a_seed_gives_the_same_game():
    a, b = [], []
    play_random_cardgame(3, seed="same", log=a)
    play_random_cardgame(3, seed="same", log=b)
    assert [x.notation for x in a] == [x.notation for x in b]


def test_the_simulate_command_prints_the_contracts_json():
    done = subprocess.run([sys.executable, "-m", "sorry_widget.cli", "cardgame", "simulate",
                           "--players", "3", "--games", "12", "--seed", "7", "--json"],
                          capture_output=True, text=True, check=True)
    summary = json.loads(done.stdout)
    assert set(summary) == {"games", "players", "seed", "wins_per_seat", "win_rate_per_seat",
                            "rounds_per_game_mean", "rounds_per_game_sd", "turns_per_game_mean",
                            "turns_per_game_sd", "games_per_second", "unfinished"}
    assert summary["players"] == ["red", "blue", "yellow"]
    assert abs(sum(summary["wins_per_seat"]) - 12) < 1e-9
    assert summary == {**simulate_cardgame(3, 12, "7"),
                       "games_per_second": summary["games_per_second"]}


def test_explanations_name_cards_as_printed_never_by_their_ids():
    import re

    from sorry_widget.simulation.cardgame_experiments import play_random_cardgame as play

    ids = re.compile(r"\b(slide-\d+|take-2|play-2|sorry-back|sorry-steal|dont-be-sorry)\b")
    seen = 0
    for seed in range(6):
        log = []
        play(4, f"words:{seed}", log=log)
        for action in log:
            seen += 1
            assert not ids.search(action.explanation), action.explanation
    assert seen > 100
    s = make([("red", ["slide-21"], 0), ("blue", ["2"], 0)], pile=["3"])
    assert by_notation(s)["red slide-21"].explanation.startswith(
        "Red plays the Slide 21, making the total 21 (K8)")
