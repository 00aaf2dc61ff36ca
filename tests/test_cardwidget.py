"""SorryCardWidget's Python side: the frames it syncs are the engine's tables, a person's
actions go through the engine, windows are offered as prompts, notes reach the record, and bad
input is refused with one error that changes nothing."""

from __future__ import annotations

import json

import pytest

from support.cardgame import DECLINED, Answers, three_players
from sorry_widget import CardGame, CardRecord, SorryCardWidget, WidgetError, cardtable_svg
from sorry_widget.cardgame.rulebook import CARD_RULE_SUMMARIES, CARD_RULE_TEXTS
from sorry_widget.cardgame.rulebook import rule_link as card_rule_link

GREEDY = {"blue": "greedy", "yellow": "greedy", "green": "greedy"}


def person_game(seed):
    return CardGame(4, seed=seed, strategies={"red": None, **GREEDY})


def frame_svg(w, i):
    pieces = w.tables["pieces"] + w.recent_tables["pieces"]
    frames = w.tables["frames"] + w.recent_tables["frames"]
    return "".join(pieces[k] for k in frames[i]) + "</svg>"


def test_a_replay_syncs_every_frame_as_the_engine_draws_it():
    game = CardGame(4, seed=1)
    game.run()
    w = SorryCardWidget(record=game.record(), theme="light")
    assert w.mode == "replay" and w.view == "cardtable" and w.viewer == "all"
    assert w.last_play == len(game.history) and w.play == 0
    for i in (0, 1, len(game.history) // 2, len(game.history)):
        assert frame_svg(w, i) == cardtable_svg(game.states[i], viewer="all", size=None,
                                                theme="light", linked_faces=True, ids=w._ids)
    # Each distinct piece travels once: far fewer pieces than frames times pieces a frame.
    assert len(w.tables["pieces"]) < 0.7 * len(w.tables["frames"]) * 7
    for face in ("card-light-back", "card-light-7", "card-light-slide-15-c",
                 "pawncard-light-red-home"):
        assert f'id="{w._ids}-{face}"' in w.tables["faces"]
    play = w.plays[0]
    assert play["notation"] == game.history[0].notation
    assert play["explanation"] == game.history[0].explanation
    assert play["rules"] and all(r.startswith("K") for r in play["rules"])
    assert play["total"] == game.states[1].total
    assert set(w.rule_texts) >= set(play["rules"])
    rule = play["rules"][0]
    assert w.rule_texts[rule]["link"] == card_rule_link(rule)
    assert w.rule_texts[rule]["text"] == CARD_RULE_TEXTS[rule]["text"]
    assert w.rule_texts[rule]["summary"] == CARD_RULE_SUMMARIES[rule]


def test_a_person_plays_and_the_computers_answer_until_the_person_is_asked_again():
    w = SorryCardWidget(person_game(3))
    assert w.humans == ["red"] and w.viewer == "red"
    assert w.pending["colour"] == "red" and w.pending["play"] == w.last_play
    hand = w.game.state.player("red").hand
    assert w.pending["hand"] == hand
    notations = [a.notation for a in w.game.actions()]
    assert [a["notation"] for a in w.pending["actions"]] == notations
    first = w.pending["actions"][0]
    assert first["card"] in hand and first["kind"] == "play"
    before = w.last_play
    w.act(first["notation"])
    assert w.game.history[before].notation == first["notation"]
    assert w.play == w.last_play > before
    assert w.game.finished or w.game.to_act == "red"
    # The seats of others are face down in the frames, red's hand face up.
    svg = frame_svg(w, w.play)
    assert 'class="player blue' in svg and 'class="hand-card back"' in svg
    assert w.tables["frames"] + w.recent_tables["frames"] and \
        len(w.tables["frames"]) + len(w.recent_tables["frames"]) == w.last_play + 1


def test_a_steal_window_is_a_prompt_with_both_answers():
    w = SorryCardWidget(person_game(0))
    w.act(w.pending["actions"][0]["notation"])
    assert w.pending["window"] == "steal"
    assert "made 21" in w.pending["prompt"] and "(K13)" in w.pending["prompt"]
    kinds = sorted(a["kind"] for a in w.pending["actions"])
    assert kinds == ["pass", "steal"]
    steal = next(a for a in w.pending["actions"] if a["kind"] == "steal")
    assert steal["card"] == "sorry-steal"
    homes = w.game.state.player("red").home
    w.act(steal["notation"])
    assert w.game.history[2].notation == "red steal"
    after = w.game.states[3]
    # The steal flips red's pawn card, or the winner is asked whether to block it (K14).
    assert after.player("red").home == homes + 1 or after.pending["kind"] == "block"


def test_notes_reach_the_record_and_a_replay_keeps_them(tmp_path):
    game = CardGame(3, seed=5)
    game.run()
    w = SorryCardWidget(record=game.record())
    w.annotate(3, "Why not hold the Slide?")
    w.annotate(0, "The deal.")
    assert w.annotations["3"]["text"] == "Why not hold the Slide?"
    path = tmp_path / "game.json"
    w.save(path)
    again = SorryCardWidget(record=path)
    assert again.annotations == w.annotations
    assert CardRecord.load(path).notes == {0: "The deal.", 3: "Why not hold the Slide?"}
    w.annotate(3, "")
    assert "3" not in w.annotations


def test_the_page_sends_an_action_and_a_refused_one_is_a_notice():
    w = SorryCardWidget(person_game(3))
    sent = []
    w.send = lambda content, buffers=None: sent.append(content)
    w._handle_custom_msg({"type": "hello", "theme": "dark"}, [])
    assert sent[-1] == {"type": "live"}
    assert w.tables["theme"] == "dark" and f"{w._ids}-card-dark-back" in w.tables["faces"]
    before = (w.last_play, json.dumps(w.tables))
    w._handle_custom_msg({"type": "act", "notation": "red 99"}, [])
    assert sent[-1]["level"] == "error" and "'red 99' is not a legal action" in sent[-1]["text"]
    assert (w.last_play, json.dumps(w.tables)) == before
    w._handle_custom_msg({"type": "act", "notation": w.pending["actions"][0]["notation"]}, [])
    assert w.last_play > before[0]


def test_bad_arguments_are_refused_with_one_error_each(tmp_path):
    game = CardGame(2, seed=1)
    with pytest.raises(WidgetError, match="give one of game, record or state, not game and record"):
        SorryCardWidget(game, record=game.record())
    with pytest.raises(WidgetError, match="game: expected a sorry_widget CardGame"):
        SorryCardWidget(game="cards")
    with pytest.raises(WidgetError, match="humans: 'green' is not playing"):
        SorryCardWidget(game, humans=["green"])
    with pytest.raises(WidgetError, match="viewer: 'purple'"):
        SorryCardWidget(game, viewer="purple")
    with pytest.raises(WidgetError, match="theme: 'neon'"):
        SorryCardWidget(game, theme="neon")
    with pytest.raises(WidgetError, match="does not exist"):
        SorryCardWidget(record=tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**game.record().to_dict(), "actions": ["red 99"]}))
    with pytest.raises(WidgetError, match=r"record: actions\[0\]"):
        SorryCardWidget(record=bad)
    w = SorryCardWidget(record=game.record())
    with pytest.raises(WidgetError, match="replays a record"):
        w.act("red 7")
    with pytest.raises(WidgetError, match="out of range"):
        w.annotate(99, "x")
    with pytest.raises(WidgetError, match="out of range"):
        w.goto(5)
    assert w.play == 0


def test_step_lets_a_computer_act_and_the_widget_shows_a_picture_and_a_line():
    w = SorryCardWidget(CardGame(2, seed=4, strategies={"red": "random", "blue": "random"}))
    assert w.humans == [] and w.pending == {}
    w.step(3)
    assert w.last_play == 3 == w.play
    bundle, _ = w._repr_mimebundle_()
    assert bundle["image/svg+xml"].startswith("<svg") and "sorry-cardtable" in \
        bundle["image/svg+xml"]
    assert bundle["text/plain"].startswith("SORRY! card game (game): play 3 of 3")


def test_a_demo_stays_on_its_state_and_resets_after_a_try():
    from sorry_widget import CardState

    state = CardState.from_dict({
        "format": "sorry-cardgame/1",
        "players": [{"colour": "red", "hand": ["5", "slide-21", "sorry-steal"], "home": 1},
                    {"colour": "blue", "hand": ["sorry-steal", "7"], "home": 2}],
        "to_play": "red", "direction": 1, "play_pile": ["9", "7"], "total": 16,
        "draw_pile": ["3", "4", "6", "8"], "discard": [], "pending": None, "winners": []})
    w = SorryCardWidget(state=state, theme="light")
    assert w.mode == "demo" and w.viewer == "all" and w.humans == ["red", "blue"]
    assert w.play == 0 == w.last_play and w.state.to_dict() == state.to_dict()
    assert sorted(a["notation"] for a in w.pending["actions"]) == \
        ["red 5", "red slide-21"]
    w.act("red 5")
    # Red made 21; blue, a person too, is asked whether to steal it (K13).
    assert w.pending["colour"] == "blue" and w.pending["window"] == "steal"
    w.reset()
    assert w.last_play == 0 and w.state.to_dict() == state.to_dict()
    assert w.pending["colour"] == "red"
    with pytest.raises(WidgetError, match="no deck order"):
        _ = w.record
    with pytest.raises(WidgetError, match="in a demo the player to act is the student"):
        SorryCardWidget(state=state, humans=["red"])


def _hidden_hands_table(blue, yellow, pile=("10",)):
    from sorry_widget.cardgame.cards import pile_total
    from sorry_widget import CardState

    return CardState.from_dict({
        "format": "sorry-cardgame/1",
        "players": [{"colour": "red", "hand": ["sorry-back", "4", "play-2", "7"], "home": 0},
                    {"colour": "blue", "hand": blue, "home": 2},
                    {"colour": "yellow", "hand": yellow, "home": 1}],
        "to_play": "red", "direction": 1, "play_pile": list(pile),
        "total": pile_total(list(pile)), "draw_pile": ["1", "2", "3", "5", "6", "8"],
        "discard": [], "pending": None, "winners": []})


@pytest.mark.parametrize("blue, yellow", [
    (["dont-be-sorry", "2"], ["sorry-steal", "3"]),  # who holds what is all that differs
    (["sorry-steal", "2"], ["dont-be-sorry", "3"]),
])
def test_what_a_person_is_offered_depends_only_on_what_they_may_see(blue, yellow):
    plain = _hidden_hands_table(["1", "2"], ["1", "3"])
    hidden = _hidden_hands_table(blue, yellow)
    offered = []
    for state in (plain, hidden):
        w = SorryCardWidget(game=CardGame.from_state(state, strategies={
            "red": None, "blue": "greedy", "yellow": "greedy"}))
        assert w.viewer == "red"
        offered.append(w.pending["actions"])
    assert offered[0] == offered[1]
    words = {a["notation"]: a["explanation"] for a in offered[1]}
    # A SORRY! on each target reads alike, and a 21 says a steal may take it (K13, K14).
    assert words["red sorry-back blue"].replace("Blue", "X") == \
        words["red sorry-back yellow"].replace("Yellow", "X")
    assert "unless Blue blocks it with Don't Be SORRY! (K14)" in words["red sorry-back blue"]
    assert "unless another player steals it with a SORRY! steal card (K13)" in \
        words["red play-2 7 4"]
    assert not any(id_ in text for text in words.values()
                   for id_ in ("sorry-steal", "dont-be-sorry", "sorry-back"))


# --- what a person is shown after the fact (issue 21, point 4) ----------------------------


def everything_shown(w) -> list:
    """All a page or a notebook gets from the widget: the synced traits, and at every frame
    the picture and the line of text."""
    synced = {k: getattr(w, k) for k in ("plays", "recent_plays", "tables", "recent_tables",
                                         "pending", "final", "annotations", "last_play")}
    # (each widget's card faces have ids of its own, which tell nothing of the game)
    out = [json.dumps(synced, sort_keys=True).replace(w._ids, "sw-widget")]
    for k in range(w.last_play + 1):
        w.goto(k)
        bundle, _ = w._repr_mimebundle_()
        out += [w.summary(), w.svg(), bundle["text/plain"], bundle["image/svg+xml"]]
    return out


@pytest.mark.parametrize("case", DECLINED)
def test_what_a_person_is_shown_after_the_fact_hides_declined_windows(case):
    from sorry_widget.widget.cardwidget import declined_window

    held, not_held, strategies, act = DECLINED[case]
    shown, games = [], []
    for state in (held, not_held):
        game = CardGame.from_state(state, strategies={"red": None, **strategies})
        w = SorryCardWidget(game=game, theme="light")
        assert w.viewer == "red"
        if act:
            w.act(act)
        assert w.pending["colour"] == "red"
        shown.append(everything_shown(w))
        games.append(game)
    # The game itself kept the refusal ...
    refusals = [a.notation for b, a in zip(games[0].states, games[0].history)
                if declined_window(b, a, "red")]
    assert refusals and len(games[0].history) == len(games[1].history) + len(refusals)
    # ... but nothing shown to red tells whether the other player held the card.
    assert shown[0] == shown[1]
    for refusal in refusals:
        who = refusal.split(" ")[0].capitalize()
        assert refusal not in shown[0][0]
        assert f"{who} holds" not in shown[0][0] and f"{who} may block" not in shown[0][0]


def test_a_steal_or_block_played_is_shown_and_a_replay_for_all_shows_every_action():
    state = three_players(["sorry-back", "3"], ["dont-be-sorry", "2"], ["1"])
    blocker = Answers()
    blocker.choose = lambda s, options, rng: (
        next(a for a in options if a.notation == "blue block") if s.pending
        else options[0])
    game = CardGame.from_state(state, strategies={"red": None, "blue": blocker,
                                                  "yellow": Answers()})
    w = SorryCardWidget(game=game)
    w.act("red sorry-back blue")
    listed = [p["notation"] for p in w.plays + w.recent_plays]
    assert listed[:2] == ["red sorry-back blue", "blue block"]  # a card on the table: public
    # The person's own window is theirs: the prompt and the table say so.
    steal = three_players(["4", "10"], ["7"], ["sorry-steal", "1"], to_play="blue")
    mine = SorryCardWidget(game=CardGame.from_state(
        three_players(["sorry-steal", "4"], ["7"], ["1"], to_play="blue"),
        strategies={"red": None, "blue": Answers(), "yellow": Answers()}))
    assert mine.pending["window"] == "steal" and "Red may steal Blue's 21" in mine.svg()
    # Everyone's view lists every action, refusals too, and names who is asked; red's waits
    # for the answer, then lists the 21 alone, at the table after the window.
    game = CardGame.from_state(steal, strategies={"red": "random", "blue": Answers(),
                                                  "yellow": Answers()})
    everyone = SorryCardWidget(game=game, viewer="all")
    everyone.step()
    assert [p["notation"] for p in everyone.plays + everyone.recent_plays] == ["blue 7"]
    assert "Yellow may steal Blue's 21" in everyone.svg()
    everyone.viewer = "red"
    assert everyone.last_play == 0
    everyone.step()
    assert [a.notation for a in game.history] == ["blue 7", "yellow pass"]
    assert [p["notation"] for p in everyone.recent_plays] == ["blue 7"]
    assert everyone.state is game.states[2] and everyone.recent_plays[0]["total"] == 0
    # A window of another player that ends with a card played is on the table, unnamed.
    thief = SorryCardWidget(game=CardGame.from_state(steal, strategies={
        "red": None, "blue": Answers(), "yellow": Answers(steal=True)}))
    assert [p["notation"] for p in thief.recent_plays][:2] == ["blue 7", "yellow steal"]
    thief.goto(1)
    assert "Can anyone steal Blue's 21 with a SORRY! steal card? (K13)" in thief.svg()
    assert "Yellow may steal" not in thief.svg() and "to-act" not in thief.svg()
    assert "a SORRY! may answer" in thief.summary()


def test_a_replay_for_nobody_in_particular_lists_no_refusal_and_keeps_their_notes():
    from sorry_widget.widget.cardwidget import declined_window

    game = CardGame(3, seed=3)  # blue declines a steal at its 7th action
    game.run()
    refused = [n for n, (b, a) in enumerate(zip(game.states, game.history), 1)
               if declined_window(b, a, None)]
    assert refused == [7] and game.history[6].notation == "blue pass"
    record = game.record(notes={7: "Blue keeps its SORRY! steal card.", 8: "Next turn."})
    faced_down = SorryCardWidget(record=record, viewer=None)
    listed = [p["notation"] for p in faced_down.plays]
    assert listed == [a.notation for n, a in enumerate(game.history, 1) if n != 7]
    # The note on the refusal stays in the record, unseen; the next action's is on its entry.
    assert faced_down.annotations == {"7": {"text": "Next turn.", "arrows": [],
                                            "squares": []}}
    assert faced_down.record.notes == record.notes
    faced_down.viewer = "all"
    assert len(faced_down.plays) == len(game.history) and faced_down.plays[6]["notation"] == \
        "blue pass" and faced_down.annotations["7"]["text"].startswith("Blue keeps")
