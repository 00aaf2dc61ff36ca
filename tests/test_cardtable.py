"""The card game's table as SVG: what a player sees of each seat, the pile and its total."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from sorry_widget.cardgame.state import CardState
from sorry_widget.render import cardtable_svg, total_callout

SVG = "{http://www.w3.org/2000/svg}"


def make(players, to_play="red", pile=(), draw=("5", "6"), discard=(), direction=1,
         pending=None, winners=()):
    from sorry_widget.cardgame.cards import pile_total

    return CardState.from_dict({
        "format": "sorry-cardgame/1",
        "players": [{"colour": c, "hand": list(h), "home": n} for c, h, n in players],
        "to_play": to_play, "direction": direction, "play_pile": list(pile),
        "total": pile_total(list(pile)), "draw_pile": list(draw), "discard": list(discard),
        "pending": pending, "winners": list(winners)})


def groups(root, css):
    return [g for g in root.iter(f"{SVG}g") if css in g.get("class", "").split()]


def test_each_seat_shows_its_pawn_cards_and_only_the_viewers_hand_face_up():
    state = make([("red", ["3", "take-2"], 1), ("blue", ["7", "8", "9"], 3),
                  ("yellow", [], 0)], pile=["4"])
    root = ET.fromstring(cardtable_svg(state, viewer="red"))
    seats = {g.get("data-colour"): g for g in groups(root, "player")}
    assert list(seats) == ["red", "blue", "yellow"]
    for colour, home in (("red", 1), ("blue", 3), ("yellow", 0)):
        pawns = groups(seats[colour], "pawn-card")
        assert len(pawns) == 4
        assert sum("home" in p.get("class") for p in pawns) == home
    red_cards = groups(seats["red"], "hand-card")
    assert [c.get("data-card") for c in red_cards] == ["3", "take-2"]
    blue_cards = groups(seats["blue"], "hand-card")
    assert len(blue_cards) == 3 and all("back" in c.get("class") and c.get("data-card") is None
                                        for c in blue_cards)
    assert "3 cards" in "".join(seats["blue"].itertext())
    assert "to-act" in seats["red"].get("class")
    # A replay for the class shows every hand.
    everyone = ET.fromstring(cardtable_svg(state, viewer="all"))
    assert all(c.get("data-card") for c in groups(everyone, "hand-card"))


def test_the_total_is_called_out_without_a_factorial_sign():
    assert total_callout(make([("red", [], 0), ("blue", [], 0)], pile=["4", "6"])) == "10"
    assert total_callout(make([("red", [], 0), ("blue", [], 0)],
                              pile=["4", "slide-15"])) == "Slide to 15"
    assert total_callout(make([("red", [], 0), ("blue", [], 0)], pile=["4", "switch"])) == "4"
    assert total_callout(make([("red", [], 0), ("blue", [], 0)])) == ""
    state = make([("red", [], 0), ("blue", [], 0)], pile=["4", "6", "play-2", "2", "slide-15"])
    root = ET.fromstring(cardtable_svg(state))
    total = next(t for t in root.iter(f"{SVG}text") if t.get("class") == "total")
    assert total.text == "Slide to 15" and total.get("data-total") == "15"
    pile = groups(root, "play-pile")[0]
    assert [c.get("data-card") for c in groups(pile, "pile-card")] == state.play_pile


def test_direction_prompt_and_winner_are_written_out():
    state = make([("red", ["sorry-steal"], 1), ("blue", ["3"], 2), ("yellow", ["4"], 0)],
                 to_play="blue", pile=["10", "8", "3"], direction=-1,
                 pending={"kind": "steal", "winner": "blue", "asked": "red"})
    text = "".join(ET.fromstring(cardtable_svg(state)).itertext())
    assert "Play goes Blue → Red → Yellow (reversed by a Switch)" in text
    assert "Red may steal Blue's 21 with a SORRY! (K13)" in text
    over = make([("red", [], 4), ("blue", ["3"], 2)], winners=["red"])
    root = ET.fromstring(cardtable_svg(over))
    assert "Red wins!" in "".join(root.itertext())
    assert "red won" in root.get("aria-label")


def test_a_state_shows_its_table_in_a_notebook():
    state = make([("red", ["3"], 0), ("blue", [], 0)])
    assert state._repr_svg_().startswith("<svg") and "sorry-cardtable" in state._repr_svg_()
