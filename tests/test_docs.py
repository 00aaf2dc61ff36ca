"""What a user reads points at the project's own pages: the rules page has every rule id the
engine cites, with its anchor; nothing a user gets sends them outside the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from sorry_widget.board.rulebook import RULE_SUMMARIES, RULES_PAGE, rule_link
from sorry_widget.board.moves import legal_moves
from sorry_widget import Game

ROOT = Path(__file__).parent.parent


def test_every_rule_id_has_its_anchor_on_the_rules_page():
    page = (ROOT / RULES_PAGE).read_text()
    anchors = re.findall(r'<a id="([ctp]\d+)"></a>\s*\n### ([CTP]\d+) ', page)
    assert [a for a, _ in anchors] == [r.lower() for r, _ in anchors]
    assert [r for _, r in anchors] == list(RULE_SUMMARIES)
    assert rule_link("C7") == "docs/rules.md#c7"


def test_every_rule_the_engine_cites_is_on_the_page():
    cited = set()
    for seed, rules in [(seed, rules) for seed in range(6)
                        for rules in ("classic", "teams-1992", "partnership-1934",
                                      "play-for-points-1992")]:
        game = Game(4, seed=seed, rules=rules)
        game.run()
        for play in game.history:
            cited.update(play.move.rule_ids)
            cited.update(re.findall(r"\((C\d+)\)", play.move.explanation))
    assert cited and cited <= set(RULE_SUMMARIES), cited - set(RULE_SUMMARIES)


def test_nothing_a_user_reads_points_outside_the_repository():
    files = subprocess.run(["git", "ls-files", "sorry_widget", "notebooks", "docs", "README.md"],
                           cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    outside = [f for f in files if (ROOT / f).is_file() and not f.endswith(".png") and
               re.search(r"RULES\.md|FORMATS\.md|CARDGAME\.md|\.\./shared",
                         (ROOT / f).read_text(errors="replace"))]
    assert not outside, outside


def test_the_readme_links_the_docs_pages():
    readme = (ROOT / "README.md").read_text()
    for page in ("docs/rules.md", "docs/position-format.md", "docs/record-format.md",
                 "docs/simulation.md", "docs/coach.md"):
        assert f"({page}" in readme and (ROOT / page).exists()


def test_every_card_rule_id_has_its_anchor_on_the_card_game_page():
    from sorry_widget.cardgame.rulebook import CARD_RULE_SUMMARIES, CARD_RULES_PAGE, rule_link

    page = (ROOT / CARD_RULES_PAGE).read_text()
    anchors = re.findall(r'^- <a id="(k\d+)"></a>\*\*(K\d+)\*\*', page, flags=re.M)
    assert [a for a, _ in anchors] == [r.lower() for _, r in anchors]
    assert [r for _, r in anchors] == list(CARD_RULE_SUMMARIES)
    assert rule_link("K13") == "docs/cardgame.md#k13"


def test_every_card_rule_the_engine_cites_is_on_its_page():
    from sorry_widget import CardGame
    from sorry_widget.cardgame.rulebook import CARD_RULE_SUMMARIES

    cited = set()
    for seed in range(10):
        game = CardGame(4, seed=seed, longer_game=seed % 2 == 1)
        game.run()
        for action in game.history:
            cited.update(re.findall(r"\b(K\d+)\b", action.explanation))
    assert {"K4", "K5", "K6", "K12"} <= cited <= set(CARD_RULE_SUMMARIES), \
        cited - set(CARD_RULE_SUMMARIES)


def test_the_2013_editions_sentence_says_where_a_pawn_slides_as_the_engine_plays_it():
    """Issue 21, point 18: the 2013 board shows on each slide the three colours that slide on
    it (C4); the sentence once said a pawn slides where its colour is *not* shown."""
    from sorry_widget import Position

    page = (ROOT / RULES_PAGE).read_text()
    entry = re.search(r"- \*\*`edition-2013`\*\*.*?(?=\n- \*\*)", page, flags=re.S).group(0)
    entry = " ".join(entry.split())
    assert "paints each slide in the three colours other than its owner's" in entry
    assert "slides where its colour is shown" in entry and "is not shown" not in entry
    # The engine: red's 5 from 11 lands on blue's triangle (16) and slides; from 4 it lands on
    # red's own long-slide triangle (9) and stays.
    p = Position({"red": [11, 4, "start", "start"], "blue": ["start"] * 4}, to_move="red",
                 rules="edition-2013")
    ends = {m.notation for m in p.legal_moves("5")}
    assert "R11-16>19" in ends and "R4-9" in ends
