"""The one place messages become words (sorry_widget.core.messages)."""

from __future__ import annotations

import pytest

from sorry_widget.core.messages import Message, and_list, register, render

register("testdomain", "en", {
    "move": "{player:cap} moves {steps:count(square)} ({rules}){then:clauses}.",
    "bump": "bumping {whose}'s pawn ({rules})",
    "list": "{items:and} win",
    "shout": "{word:loud}",
}, kinds={"loud": lambda value, language: str(value).upper() + "!"})


def test_a_message_renders_with_kinds_plurals_and_nested_clauses():
    bump = Message("testdomain.bump", whose="Blue", rules="C3")
    one = Message("testdomain.move", player="red", steps=1, rules="C13", then=[bump])
    assert one.text() == "Red moves 1 square (C13), bumping Blue's pawn (C3)."
    many = Message("testdomain.move", player="red", steps=7, rules="C8", then=[])
    assert str(many) == "Red moves 7 squares (C8)."


def test_rule_ids_and_nested_ids_are_collected_in_order_once():
    bump = Message("testdomain.bump", whose="Blue", rules="C3, T3")
    move = Message("testdomain.move", player="red", steps=2, rules=["C7"], then=[bump, bump])
    assert move.rule_ids() == ("C7", "C3", "T3")
    assert move.ids() == ("testdomain.move", "testdomain.bump", "testdomain.bump")
    assert move.to_dict()["params"]["then"][0] == {
        "id": "testdomain.bump", "params": {"whose": "Blue", "rules": "C3, T3"}}


def test_lists_kinds_and_equality():
    assert Message("testdomain.list", items=["red", "blue", "green"]).text() == \
        "red, blue and green win"
    assert and_list(["a", "b"]) == "a and b"
    assert Message("testdomain.shout", word="sorry").text() == "SORRY!"
    assert Message("testdomain.shout", word="x") == Message("testdomain.shout", word="x")
    assert Message("testdomain.shout", word="x") != Message("testdomain.shout", word="y")


def test_bad_ids_languages_and_registrations_are_refused():
    with pytest.raises(ValueError, match="no domain"):
        Message("nodomain")
    with pytest.raises(KeyError, match="has no template"):
        Message("testdomain.missing").text()
    with pytest.raises(ValueError, match="language: 'xx'"):
        render(Message("testdomain.shout", word="x"), "xx")
    with pytest.raises(ValueError, match="registered twice"):
        register("testdomain", "en", {"shout": "another text"})
    with pytest.raises(AttributeError):
        Message("testdomain.shout", word="x").id = "other"
    assert render("already words") == "already words"


def test_sentences_follow_with_a_space_each_and_none_is_nothing():
    register("testdomain", "en", {"said": "Done.{after:sentences}", "also": "{who:cap} too."})
    assert Message("testdomain.said", after=[]).text() == "Done."
    assert Message("testdomain.said", after=[Message("testdomain.also", who="red")]).text() == \
        "Done. Red too."
