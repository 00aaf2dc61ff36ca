"""The page's messages to Python are described once, in sorry_widget/widget/page_messages.json
(issue 30): the widgets check what arrives against it, the page checks what it sends against it
(js/messages.js, tested by `npm test`), and the fuzz test makes its messages from it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sorry_widget.widget import replay
from sorry_widget.widget.replay import PAGE_MESSAGES, page_messages
from support.widget_cases import errors, make

ROOT = Path(__file__).resolve().parent.parent
VIEW_OF_MODE = {"game": "board", "card-game": "cardtable"}


@pytest.mark.parametrize("mode", VIEW_OF_MODE)
def test_each_required_field_the_description_names_is_asked_for(mode):
    """Every message type a view takes, sent with no fields, is refused for the first field
    its description says it needs (or taken, when none is needed)."""
    w = make(mode)
    for kind, fields in page_messages(VIEW_OF_MODE[mode]).items():
        if kind in ("coach", "show", "reset", "hello"):
            continue  # (they act: a reset or a coach's games, not a refusal)
        w.sent.clear()
        w._handle_custom_msg({"type": kind}, [])
        required = [name for name, field in fields.items() if "default" not in field]
        if required:
            assert errors(w) == [f"{required[0]}: missing from the page's {kind!r} message"]


@pytest.mark.parametrize("mode", VIEW_OF_MODE)
def test_a_type_the_description_does_not_list_for_the_view_is_refused(mode):
    w = make(mode)
    other = "cardtable" if VIEW_OF_MODE[mode] == "board" else "board"
    for kind in set(page_messages(other)) - set(page_messages(VIEW_OF_MODE[mode])):
        w.sent.clear()
        w._handle_custom_msg({"type": kind, "notation": "x"}, [])
        assert len(errors(w)) == 1 and repr(kind) in errors(w)[0], (kind, w.sent)


def test_the_widgets_check_what_the_description_says(monkeypatch):
    """A bound changed in the description is the bound the widget refuses by: the handlers
    hold no copy of it."""
    w = make("card-game")
    w._handle_custom_msg({"type": "act", "notation": "red slide-4 x"}, [])
    assert not any("longer than" in e for e in errors(w))
    described = json.loads(json.dumps(PAGE_MESSAGES))
    described["views"]["cardtable"]["act"]["notation"]["max"] = 5
    monkeypatch.setattr(replay, "PAGE_MESSAGES", described)
    w.sent.clear()
    w._handle_custom_msg({"type": "act", "notation": "red slide-4 x"}, [])
    assert errors(w) == ["notation: longer than 5 (it has 13)"]


def test_a_field_left_out_takes_the_described_default_and_a_fresh_copy_of_it(monkeypatch):
    fields = page_messages("board")["new_game"]
    first = replay.page_fields(fields, {"type": "new_game"})
    assert first == {name: field["default"] for name, field in fields.items()}
    first["people"].append("blue")
    assert replay.page_fields(fields, {"type": "new_game"})["people"] == ["red"]


def test_every_message_type_the_page_sends_is_described():
    """The page's sources send only described types (the page also checks each message as it
    sends it, and its node tests check that check)."""
    sent = set()
    for path in (ROOT / "js").rglob("*.js"):
        if "test" in path.relative_to(ROOT / "js").parts:
            continue
        sent |= set(re.findall(r'\bsend\(\{ type: "(\w+)"', path.read_text(encoding="utf-8")))
    described = set(page_messages("board")) | set(page_messages("cardtable"))
    assert sent, "no message found in js/: has the way the page sends them changed?"
    assert sent <= described, sent - described
    assert described <= sent, f"described but never sent by the page: {described - sent}"
