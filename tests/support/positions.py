"""Random positions of every board rule set, for the property tests (hypothesis)."""

from __future__ import annotations

from hypothesis import strategies as st

from support import reference

CARDS = ["1", "2", "3", "4", "5", "7", "8", "10", "11", "12", "sorry"]
COLOURS = ["red", "blue", "yellow", "green"]


@st.composite
def positions(draw, rules="classic"):
    n = 4 if rules in reference.TEAM_RULES else draw(st.integers(2, 4))
    colours = sorted(draw(st.permutations(COLOURS))[:n], key=COLOURS.index)
    count = draw(st.sampled_from([4, 4, 3]))
    taken: set[int] = set()
    pawns = {}
    for colour in colours:
        places: list = []
        for _ in range(count):
            kind = draw(st.sampled_from(["track"] * 5 + ["start", "home", "safety"]))
            if kind == "track":
                sq = draw(st.integers(0, 59))
                if sq in taken:
                    kind = "start"
                else:
                    taken.add(sq)
                    places.append(sq)
                    continue
            if kind == "safety":
                name = f"safety-{draw(st.integers(1, 5))}"
                places.append(name if name not in places else "start")
            else:
                places.append(kind)
        pawns[colour] = places
    to_move = draw(st.sampled_from(colours))
    return {"format": "sorry-position/1", "rules": rules, "to_move": to_move,
            "pawns": pawns}
