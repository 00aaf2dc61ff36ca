"""The widgets' notices, refusals, prompts and summary lines are messages (widget/messages.py),
rendered in one place: a scripted session of both widgets uses every template, every id it
uses has one, and the words are those the widgets always said."""

from __future__ import annotations

from unittest import mock

import pytest

from conftest import pos
from support.widget_cases import SPLIT, listen
from sorry_widget import CardGame, CardState, Game, Record, SorryCardWidget, SorryWidget, \
    WidgetError
from sorry_widget.core.messages import Message, message_ids
from sorry_widget.widget.cardwidget import prompt_message
from sorry_widget.widget.messages import ENGLISH
from sorry_widget.simulation import experiments
from sorry_widget.simulation.levels import LEVELS
from sorry_widget.widget.widget import computer_messages


def card_state(**changes) -> CardState:
    state = {
        "format": "sorry-cardgame/1",
        "players": [{"colour": "red", "hand": ["5", "dont-be-sorry"], "home": 1},
                    {"colour": "blue", "hand": ["sorry-steal", "dont-be-sorry"], "home": 2}],
        "to_play": "red", "direction": 1, "play_pile": ["9", "7"], "total": 16,
        "draw_pile": ["3", "4", "6", "8", "2", "1"], "discard": [], "pending": None,
        "winners": []}
    state.update(changes)
    return CardState.from_dict(state)


STEAL = card_state(play_pile=["9", "7", "5"], total=21, to_play="blue",
                   pending={"kind": "steal", "winner": "blue", "asked": "red"},
                   players=[{"colour": "red", "hand": ["sorry-steal"], "home": 1},
                            {"colour": "blue", "hand": ["dont-be-sorry"], "home": 2}])
BLOCK_STEAL = card_state(play_pile=["9", "7", "5", "sorry-steal"], total=21,
                         pending={"kind": "block", "sorry": "sorry-steal", "by": "blue",
                                  "victim": "red"})
BLOCK_BACK = card_state(play_pile=["sorry-back"], total=0, to_play="blue",
                        pending={"kind": "block", "sorry": "sorry-back", "by": "blue",
                                 "victim": "red"})


def coached(card: str, language: str = "en", **pawns) -> SorryWidget:
    """A rule demo the coach is asked about with one game per move (never sure of two moves
    that do not win at once, whatever the engine): red's pawns on 8 and 20 by default."""
    w = SorryWidget(position=pos(**(pawns or {"red": [8, 20]}), yellow=[33, 40]), card=card,
                    language=language)
    w.coach_rollouts = 1
    return w


class Session:
    """Drives widgets as a person and a page would, keeping every message they say."""

    def __init__(self):
        self.said: list[Message] = []

    def keep(self, w):
        listen(w)
        self.said.append(w.summary_message())
        return w

    def page(self, w, content):
        sent = len(w.sent)
        w._on_message(w, content, None)
        if any(m.get("type") == "notice" for m in w.sent[sent:]):
            self.said.append(w.notice)

    def refused(self, ask):
        with pytest.raises(WidgetError) as caught:
            ask()
        self.said.append(caught.value.message)
        return caught.value.message


def board_session(s: Session) -> None:
    game = s.keep(SorryWidget(Game(start=pos(red=[8, 20, "start", "start"],
                                             yellow=[33, "start", "start", "start"]),
                                   seed=4, strategies={"red": None, "yellow": "random"})))
    game.coach_rollouts = 20
    for name in LEVELS:  # the New game form's computer players, each titled and described
        s.said.extend(computer_messages(name))
    for content in ({"type": "new_game", "computer": "nobody"},
                    {"type": "new_game", "people": []},
                    {"type": "new_game", "rules": "play-for-points-1992", "computer": "coach"},
                    {"type": "new_game", "rules": "teams-1992", "computer": "coach"},
                    [1], {"type": 5}, {"type": "x" * 41}, {"type": "nope"},
                    {"type": "annotate", "play": 0, "text": "hi"}, {"type": "coach"},
                    {"type": "try", "clicks": []}, {"type": "try", "clicks": ["zz"]},
                    {"type": "try", "clicks": ["30"]}, {"type": "try", "clicks": ["8"]},
                    {"type": "try", "clicks": ["red:start"]},
                    {"type": "try", "clicks": ["blue:start", "12"]},
                    {"type": "try", "clicks": ["8", "blue:safety-2"]},
                    {"type": "try", "clicks": ["8", "9"]}):
        s.page(game, content)
    with mock.patch.object(experiments, "fast_engine_available", lambda: False):  # no numba
        s.page(game, {"type": "new_game", "computer": "coach"})
    # A two-pawn endgame: the coach answers exactly and says so.
    endgame = s.keep(SorryWidget(position=pos(red=[30, "home", "home", "home"],
                                              yellow=[50, "home", "home", "home"]), card="10"))
    s.page(endgame, {"type": "coach"})
    # Sure (a move wins at once), too close to call between two moves, and among four.
    for advised in coached("10", red=[58, "home", "home", "home"]), coached("5"), \
            coached("10"):
        s.keep(advised)
        s.page(advised, {"type": "coach"})
    game.set_state([1])
    s.said.append(game.notice)
    game.set_state({name: 1 for name in ("plays", "mode", "final", "start", "humans",
                                          "pending")})
    s.said.append(game.notice)
    for state in ({"play": "x"}, {"play": 10**6}, {"speed": 50.0}, {"size": 5}):
        game.set_state(state)
        s.said.append(game.notice)
    s.refused(game.step)
    game._on_event = lambda kind, content: 1 / 0  # a bug in a handler
    s.page(game, {"type": "reset"})  # (a message the board takes, so it reaches the handler)
    game.new_game("classic", 3, ["blue"], seed=42)
    s.said.append(game.notice)

    demo = s.keep(SorryWidget(position=SPLIT, card="7", example="R10-11 R13-19"))
    s.page(demo, {"type": "try", "clicks": ["10", "11"]})
    s.page(demo, {"type": "move", "notation": "R10-11 R13-19", "completed": "R13-19"})
    s.refused(lambda: demo.move("R10-11 R13-19"))
    s.refused(demo.step)
    stuck = s.keep(SorryWidget(position=pos(red=[10, "start", "start", "start"],
                                            blue=[12, "start", "start", "start"]), card="2"))
    s.page(stuck, {"type": "try", "clicks": ["10"]})

    computer = s.keep(SorryWidget(Game(4, seed=1)))
    s.refused(lambda: computer.move("R1-2"))
    s.refused(computer.coach)
    s.refused(computer.reset)
    s.page(computer, {"type": "try", "clicks": ["8", "9"]})
    computer.step(3)
    s.said.append(computer.summary_message())
    s.page(computer, {"type": "review"})  # a game in play is not reviewed

    finished = Game(4, seed=7)
    finished.run()
    replay = s.keep(SorryWidget(record=Record.from_game(finished)))
    replay.goto(-1)
    s.said.append(replay.summary_message())
    s.page(replay, {"type": "review"})
    s.page(replay, {"type": "review"})  # asked again: already reviewed
    # How long a review took is said in tenths, or "under 0.1 s": both notices, whatever the
    # machine's speed (the widget's clock only; the review times its own work apart).
    from types import SimpleNamespace

    from sorry_widget.widget import widget as widget_module
    for seconds in (1.0, 0.01):
        clock = iter([100.0, 100.0 + seconds])
        timed = s.keep(SorryWidget(record=Record.from_game(finished)))
        with mock.patch.object(widget_module, "time",
                               SimpleNamespace(perf_counter=clock.__next__)):
            s.page(timed, {"type": "review"})
    s.refused(replay.step)
    s.refused(lambda: replay.move("R1-2"))
    live = s.keep(SorryWidget(finished))
    s.refused(live.step)
    s.refused(lambda: live.move("R1-2"))

    hand = s.keep(SorryWidget(Game(4, rules="points", seed=2, strategies={"red": None})))
    s.refused(hand.coach)

    record = Record.from_game(finished)
    for ask in (lambda: SorryWidget(Game(2), record=record),
                lambda: SorryWidget(record=record, card="7"),
                lambda: SorryWidget(record=record, humans=["red"]),
                lambda: SorryWidget(example="R1-2"),
                lambda: SorryWidget(Game(2), humans=["green"]),
                lambda: SorryWidget(Game(2, keep_history=False)),
                lambda: SorryWidget(Game(2, strategies={"red": "random"}), card="7"),
                lambda: SorryWidget(position=SPLIT, card="7", humans=["red"]),
                lambda: SorryWidget(position=SPLIT),
                lambda: SorryWidget(position=pos(red=["home"] * 4), card="7"),
                lambda: SorryWidget(position=SPLIT, card="7", example="R1-2"),
                lambda: game.annotate(10**6, "x")):
        s.refused(ask)


def card_session(s: Session) -> None:
    game = s.keep(SorryCardWidget(CardGame(2, seed=5, strategies={"red": None,
                                                                  "blue": "greedy"})))
    s.refused(lambda: game.act("red zzz"))
    s.refused(game.step)
    s.refused(game.reset)
    for i in range(2000):
        if not game.pending:
            break
        options = game.pending["actions"]
        s.page(game, {"type": "act", "notation": options[i % len(options)]["notation"]})
    s.said.append(game.summary_message())
    s.refused(game.step)
    s.refused(lambda: game.act("red 5"))

    computer = s.keep(SorryCardWidget(CardGame(2, seed=5)))
    s.refused(lambda: computer.act("red 5"))
    computer.step(2)
    s.said.append(computer.summary_message())
    replay = s.keep(SorryCardWidget(record=CardGame(2, seed=3).record()))
    s.refused(lambda: replay.act("red 5"))
    s.refused(replay.step)
    for ask in (lambda: SorryCardWidget(CardGame(2), record=CardGame(2, seed=3).record()),
                lambda: SorryCardWidget(record=CardGame(2, seed=3).record(), humans=["red"]),
                lambda: SorryCardWidget(state=STEAL, humans=["red"]),
                lambda: SorryCardWidget(CardGame(2), humans=["green"]),
                lambda: SorryCardWidget(CardGame(2), viewer="green"),
                lambda: game.annotate(10**6, "x")):
        s.refused(ask)
    last = s.keep(SorryCardWidget(state=card_state(
        players=[{"colour": "red", "hand": ["5"], "home": 3},
                 {"colour": "blue", "hand": ["7"], "home": 0}])))
    s.page(last, {"type": "act", "notation": "red 5"})
    s.said.append(last.summary_message())
    for state in (STEAL, BLOCK_STEAL, BLOCK_BACK):
        s.said.append(prompt_message(state))
        s.keep(SorryCardWidget(state=state, viewer=None))


def session_messages() -> list[Message]:
    s = Session()
    board_session(s)
    card_session(s)
    return s.said


def test_every_widget_template_is_used_and_every_used_id_has_one():
    said = session_messages()
    assert None not in said, "a notice or refusal of the session was words only"
    used = {i for m in said for i in m.ids()}
    registered = set(message_ids("widget"))
    assert registered == {"widget." + key for key in ENGLISH}
    assert {i for i in used if i.startswith("widget.")} - registered == set()
    assert registered - used == set()


def test_notices_keep_their_words_and_their_ids():
    w = SorryCardWidget(CardGame(2, seed=5, strategies={"red": None, "blue": "greedy"}))
    listen(w)
    w._on_message(w, {"type": "annotate", "play": 0, "text": "a note"}, None)
    assert w.message == "Note saved on play 0." and w.notice.id == "widget.note_saved"
    assert w.sent[-1] == {"type": "notice", "level": "ok", "text": "Note saved on play 0."}
    w._on_message(w, {"type": "act", "notation": "red zzz"}, None)
    # The game's refusal is passed on as the game's message.
    assert w.notice.id == "cardgame.not_legal"
    assert w.message.startswith("'red zzz' is not a legal action for red; legal: ")
    w.set_state({"plays": [], "mode": "x"})
    assert w.notice.id == "widget.page_may_not_set"
    assert w.message == ("the page may not set 'plays', 'mode': only Python does (the page "
                         "may set animate, autoplay, play, size, speed, theme); set back")
    with pytest.raises(WidgetError) as caught:
        w.reset()
    assert caught.value.message.id == "widget.card_reset_not_demo"
    assert str(caught.value) == "reset() belongs to a demo (SorryCardWidget(state=…))"
    assert w.summary() == w.summary_message().text()
    assert w.summary().startswith("SORRY! card game (game): the deal; total 0, red to act; ")


def test_prompts_cite_their_rules():
    assert prompt_message(STEAL).rule_ids() == ("K13",)
    assert prompt_message(BLOCK_BACK).text() == (
        "Blue plays a SORRY! on you: one of your pawn cards would go back to START. Block it "
        "with Don't Be SORRY!? (K14)")
    assert prompt_message(card_state()) is None


@pytest.mark.parametrize("language, not_sure, sure_, close, best", [
    ("en", "Not sure: ", "Sure: ", "are too close to call", "wins most often"),
    ("fr", "Pas sûr : ", "Sûr : ", "sont trop proches pour être départagés",
     "gagne le plus souvent")])
def test_the_coach_notice_says_what_its_verdict_says(language, not_sure, sure_, close, best):
    # Issue 31, 10: a green notice said "R33-35 wins most often (36%)" while the verdict said
    # "Not sure" between that move and two others.
    w = coached("5", language)
    listen(w)
    w._on_message(w, {"type": "coach"}, None)
    assert w.coach_advice["verdict"].startswith(not_sure)
    assert w.notice.id == "widget.board_coach_close"
    assert close in w.message and best not in w.message
    assert "R8-13" in w.message and "R20-25" in w.message, w.message
    many = coached("10", language)
    listen(many)
    many._on_message(many, {"type": "coach"}, None)
    assert many.coach_advice["verdict"].startswith(not_sure)
    leaders = [m["notation"] for m in many.coach_advice["moves"]]
    assert len(leaders) == 4 and f" {len(leaders)} " in many.message
    assert close.split()[-1] in many.message and best not in many.message
    sure = coached("10", language, red=[58, "home", "home", "home"])
    listen(sure)
    sure._on_message(sure, {"type": "coach"}, None)
    assert sure.coach_advice["verdict"].startswith(sure_)
    assert f"R58-H {best}" in sure.message, sure.message
