"""The ``sorry-position/1`` format (docs/position-format.md): read, check, canonicalize, write."""

from __future__ import annotations

import copy
import json

import pytest

from sorry_widget.board import Position, PositionError

EXAMPLE = {
    "format": "sorry-position/1",
    "rules": "classic",
    "to_move": "red",
    "pawns": {
        "red": ["start", "start", 12, "safety-3"],
        "blue": ["home", 20, "start", "start"],
        "yellow": [34, 35, "start", "home"],
        "green": ["start", "start", "start", "start"],
    },
}


def test_the_formats_example_reads_and_writes_canonically():
    p = Position.from_dict(EXAMPLE)
    out = p.to_dict()
    assert out["pawns"]["red"] == [12, "safety-3", "start", "start"]
    assert out["pawns"]["blue"] == [20, "start", "start", "home"]
    assert out["pawns"]["yellow"] == [34, 35, "start", "home"]
    assert list(out) == sorted(out)
    assert list(out["pawns"]) == sorted(out["pawns"])
    assert Position.from_json(p.to_json()) == p
    assert json.loads(p.to_json()) == out


def test_order_of_a_colours_pawns_carries_no_meaning():
    shuffled = copy.deepcopy(EXAMPLE)
    shuffled["pawns"]["red"] = ["safety-3", "start", 12, "start"]
    assert Position.from_dict(shuffled) == Position.from_dict(EXAMPLE)
    assert hash(Position.from_dict(shuffled)) == hash(Position.from_dict(EXAMPLE))


def test_two_or_three_colours_and_three_pawns():
    data = {"format": "sorry-position/1", "rules": "classic", "to_move": "yellow",
            "pawns": {"yellow": [1, "start", "home"], "red": ["start"] * 3}}
    p = Position.from_dict(data)
    assert p.colour_names == ("red", "yellow")
    assert p.colour_to_move == "yellow"


def mutate(path, value):
    data = copy.deepcopy(EXAMPLE)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize("data,field", [
    (mutate(["format"], "sorry-position/2"), "format"),
    (mutate(["format"], KeyError), "format"),
    (mutate(["rules"], "monopoly"), "rules"),
    (mutate(["to_move"], "purple"), "to_move"),
    (mutate(["pawns", "purple"], ["start"] * 4), "pawns.purple"),
    (mutate(["pawns", "red", 2], 60), "pawns.red[2]"),
    (mutate(["pawns", "red", 2], -1), "pawns.red[2]"),
    (mutate(["pawns", "red", 2], 12.0), "pawns.red[2]"),
    (mutate(["pawns", "red", 2], "12"), "pawns.red[2]"),
    (mutate(["pawns", "red", 2], True), "pawns.red[2]"),
    (mutate(["pawns", "red", 3], "safety-6"), "pawns.red[3]"),
    (mutate(["pawns", "blue", 1], 12), "pawns.blue[1]"),
    (mutate(["pawns", "red", 0], "safety-3"), "pawns.red[3]"),
    (mutate(["pawns", "red"], ["start"] * 5), "pawns.red"),
    (mutate(["pawns", "red"], ["start"] * 3), "pawns"),
    (mutate(["pawns", "red"], "start"), "pawns.red"),
    (mutate(["pawns"], {"red": ["start"] * 4}), "pawns"),
    (mutate(["pawns"], []), "pawns"),
    (mutate(["extra"], 1), "extra"),
    ([1, 2], "position"),
])
def test_invalid_positions_are_refused_naming_the_field(data, field):
    with pytest.raises(PositionError) as err:
        Position.from_dict(data)
    assert str(err.value).startswith(field + ":") or str(err.value).startswith(field + " "), \
        str(err.value)


def test_to_move_must_be_in_the_game():
    data = mutate(["pawns"], {"red": ["start"] * 4, "blue": ["start"] * 4})
    data["to_move"] = "green"
    with pytest.raises(PositionError, match="^to_move:"):
        Position.from_dict(data)


def test_malformed_json_is_refused_clearly():
    with pytest.raises(PositionError, match="not valid JSON"):
        Position.from_json("{not json")


def test_a_newer_format_version_is_named_in_the_error():
    with pytest.raises(PositionError, match="sorry-position/2"):
        Position.from_dict(mutate(["format"], "sorry-position/2"))
