"""No English where French was asked for, on the Python side (issue 30, point 3): the board's
and the card table's drawings with their accessible names, the widgets' summaries, the coach's
verdict, and every command that takes ``--lang fr``. (The page's own words: the browser test
tests/test_browser_french.py.)"""

from __future__ import annotations

import json
import re

import pytest

from english import english_outside_notation

pytest.importorskip("babel")

from sorry_widget import CardGame, Game, SorryCardWidget, SorryWidget  # noqa: E402
from sorry_widget.board import Position  # noqa: E402
from sorry_widget.board.rules import RULE_SETS  # noqa: E402
from sorry_widget.render.cardtable import cardtable_svg  # noqa: E402
from sorry_widget.render.svg import board_svg  # noqa: E402



def visible(svg: str) -> str:
    """An SVG's words: its texts and its accessible names."""
    return "\n".join(re.findall(r">([^<>]+)</text>", svg) +
                     re.findall(r'aria-label="([^"]*)"', svg))


def no_english(text: str) -> list[str]:
    return english_outside_notation(text)


def test_the_vocabulary_catches_the_english_it_should():
    assert no_english("red pawn on square 4") == ["red", "pawn", "square"]
    assert no_english("pion rouge : case 4; R12-17; Sorry! Total: 21") == []


def boards() -> dict[str, object]:
    finished = Game(4, seed=3, rules="teams-1992")
    finished.run()
    points = Game(2, seed=7, rules="play-for-points-1992")
    for _ in range(30):
        points.step()
    won = Game(2, seed=4, rules="original-1934")
    won.run()
    return {"new": None, "finished teams": finished, "a hand": points,
            "scores": won.position, "position": Position.initial(3)}


@pytest.mark.parametrize("name", list(boards()))
def test_the_board_drawing_in_french_has_no_english(name):
    board = boards()[name]
    text = visible(board_svg(board, language="fr"))
    assert no_english(text) == [], text[:2000]
    assert no_english(visible(board_svg(board))) != []  # English is there to be found


def test_squares_and_pawns_are_named_in_french():
    svg = board_svg(Position.initial(2), language="fr")
    assert 'aria-label="case 12"' in svg
    assert 'aria-label="pion rouge : DÉPART"' in svg
    assert 'aria-label="square 12"' in board_svg(Position.initial(2))


def test_the_card_table_in_french_has_no_english():
    game = CardGame(3, seed=4)
    for _ in range(12):
        game.step()
    over = CardGame(3, seed=4)
    over.run()
    for state in (game.state, over.state):
        text = visible(cardtable_svg(state, language="fr"))
        assert no_english(text) == [], text
    assert "Jeu de cartes SORRY!" in visible(cardtable_svg(over.state, language="fr"))


def test_the_widgets_summaries_in_french():
    board = SorryWidget(Game(3, seed=2), language="fr")
    assert no_english(board.summary()) == [], board.summary()
    assert "Règles classiques" in board.summary() and "(partie)" in board.summary()
    table = SorryCardWidget(CardGame(2, seed=3), language="fr")
    assert no_english(table.summary()) == [], table.summary()


def test_the_coachs_verdict_in_french():
    from sorry_widget.simulation.coach import CoachAdvice, MoveEstimate

    position = Position.from_dict({
        "format": "sorry-position/1", "rules": "classic", "to_move": "red",
        "pawns": {"red": [4, 20, "start", "start"], "blue": ["start"] * 4}})
    moves = position.legal_moves("5")
    sure = CoachAdvice(position=position, card=5, rollouts=10, strategy="random",
                       engine="python", seconds=0.1, method="full", estimates=[
                           MoveEstimate(moves[0], 6, 10, 0.6, (0.3, 0.8)),
                           MoveEstimate(moves[1], 5, 10, 0.5, (0.2, 0.8), gap_to_best=(0, -.1, .3))])
    assert sure.verdict().startswith("Not sure: ")
    french = sure.verdict("fr")
    assert french.startswith("Pas sûr : ") and no_english(french) == [], french


# --- the command line ---------------------------------------------------------------------

def run(capsys, *args: str) -> str:
    from sorry_widget.cli import main

    assert main(list(args)) == 0
    return capsys.readouterr().out


def explanations(output: str) -> str:
    """A JSON answer's words: its explanations (its keys and notation stay English)."""
    said = []
    for line in output.splitlines():
        data = json.loads(line)
        for entry in data.get("moves", data.get("actions", [])):
            said.append(entry["explanation"])
    return "\n".join(said)


def test_every_command_with_lang_speaks_french(capsys, tmp_path):
    record = tmp_path / "g1.json"
    play = run(capsys, "play", "--seed", "3", "--players", "3", "--lang", "fr",
               "--record", str(record))
    outputs = {"play": play, "replay": run(capsys, "replay", str(record), "--lang", "fr"),
               "review": run(capsys, "review", str(record), "--lang", "fr")}
    cardrecord = tmp_path / "g2.json"
    outputs["cardgame play"] = run(capsys, "cardgame", "play", "--seed", "3", "--players", "3",
                                   "--lang", "fr", "--record", str(cardrecord))
    outputs["cardgame simulate"] = run(capsys, "cardgame", "simulate", "--games", "20",
                                       "--seed", "3", "--lang", "fr")
    position = tmp_path / "p.json"
    position.write_text(json.dumps({
        "format": "sorry-position/1", "rules": "classic", "to_move": "red",
        "pawns": {"red": ["start", "start", 12, "safety-3"], "blue": ["home", 20, "start", 13],
                  "yellow": [34, 35, "start", "home"], "green": ["start"] * 4}}))
    for card in ("1", "7", "10", "11", "sorry"):
        outputs[f"moves {card}"] = explanations(run(capsys, "moves", str(position), "--card",
                                                    card, "--lang", "fr"))
    state = CardGame(3, seed=4)
    for _ in range(5):
        state.step()
    state_file = tmp_path / "s.json"
    state_file.write_text(json.dumps(state.state.to_dict()))
    outputs["cardgame plays"] = explanations(run(capsys, "cardgame", "plays", str(state_file),
                                                 "--lang", "fr"))
    # The card game's log: turn, notation ("red take-2", "blue slide-15"), explanation.
    outputs["cardgame play"] = "\n".join(line[31:] if line[:4].strip().isdigit() else line
                                         for line in outputs["cardgame play"].splitlines())
    # The rule set named in a sentence in French ("règles classiques", not "règles classic",
    # which the vocabulary does not catch: the id one types is the same in both languages).
    for name in ("replay", "review"):
        first = outputs[name].splitlines()[0]
        assert "règles classiques" in first and not re.search(r"\bclassic\b", first), first
    found = {name: no_english(text.replace(str(tmp_path), "X"))
             for name, text in outputs.items()}
    assert all(not words for words in found.values()), found
    assert all(outputs.values())


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_a_rule_sets_name_in_a_french_sentence_is_french(capsys, tmp_path, rules):
    """Issue 39, 14: "règles classic" — the rule set's id in a French sentence. The replay's
    title says every rule set's name in French, never the id one types (the review's first
    line: the test above)."""
    from sorry_widget import Record

    game = Game(4 if "team" in rules or "partner" in rules else 2, seed=3, rules=rules)
    game.run()
    record = tmp_path / "g.json"
    Record.from_game(game).save(record)
    title = run(capsys, "replay", str(record), "--lang", "fr").splitlines()[0]
    assert "règles " in title and not re.search(rf"\b({'|'.join(RULE_SETS)})\b", title), title
