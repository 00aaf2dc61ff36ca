"""What a user reads points at the project's own pages: the rules page has every rule id the
engine cites, with its anchor; nothing a user gets sends them outside the repository; the rules'
full texts in the package are the pages' own, and their links go to the docs site."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from sorry_widget.core.project import DOCS_URL
from sorry_widget.board.rulebook import RULE_SUMMARIES, RULE_TEXTS, rule_link, rule_text
from sorry_widget import Game

ROOT = Path(__file__).parent.parent
RULES_PAGE = "docs/rules.md"
CARD_RULES_PAGE = "docs/cardgame.md"


def test_every_rule_id_has_its_anchor_on_the_rules_page():
    page = (ROOT / RULES_PAGE).read_text()
    anchors = re.findall(r'<a id="([ctp]\d+)"></a>\s*\n### ([CTP]\d+) ', page)
    assert [a for a, _ in anchors] == [r.lower() for r, _ in anchors]
    assert [r for _, r in anchors] == list(RULE_SUMMARIES)
    # The docs site is built from this page by Sphinx with MyST: the anchors stay these ids.
    assert rule_link("C7") == DOCS_URL + "rules.html#c7"


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
    from sorry_widget.cardgame.rulebook import CARD_RULE_SUMMARIES, rule_link

    page = (ROOT / CARD_RULES_PAGE).read_text()
    anchors = re.findall(r'^- <a id="(k\d+)"></a>\*\*(K\d+)\*\*', page, flags=re.M)
    assert [a for a, _ in anchors] == [r.lower() for _, r in anchors]
    assert [r for _, r in anchors] == list(CARD_RULE_SUMMARIES)
    assert rule_link("K13") == DOCS_URL + "cardgame.html#k13"


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


def test_the_rules_full_texts_in_the_package_are_the_docs_pages_own():
    """Issue 24: sorry_widget/*/rule_texts.py are what scripts/build_rule_texts.py writes from
    the docs pages now, so the two cannot drift (after editing a page, run that script)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_rule_texts",
                                                  ROOT / "scripts" / "build_rule_texts.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    for target, text in build.generated(ROOT).items():
        assert (ROOT / target).read_text(encoding="utf-8") == text, \
            f"{target} differs from its docs page: run scripts/build_rule_texts.py"


def test_every_rule_has_its_full_text_and_a_docs_site_link():
    from sorry_widget.cardgame.rulebook import CARD_RULE_SUMMARIES, CARD_RULE_TEXTS
    from sorry_widget.cardgame.rulebook import rule_link as card_rule_link

    assert list(RULE_TEXTS) == list(RULE_SUMMARIES)
    assert list(CARD_RULE_TEXTS) == list(CARD_RULE_SUMMARIES)
    assert RULE_TEXTS["C7"]["title"] == "The 2"
    assert rule_text("C7").startswith("Start a pawn or move one pawn 2 forward; then draw")
    # Markdown's marks go, their words stay: "[C11](#c11)" reads "C11", "**two**" "two".
    assert rule_text("C1").endswith("(A Sorry! card also brings a pawn into play: C11.)")
    assert "split the 7 between two different pawns, a + b = 7" in rule_text("C8")
    assert "The `moves` command" not in rule_text("P5") and "moves command" not in rule_text("P5")
    assert CARD_RULE_TEXTS["K19"]["text"].endswith("like any flip it earns.")
    for text in [e["text"] for e in RULE_TEXTS.values()] + \
            [e["text"] for e in CARD_RULE_TEXTS.values()]:
        assert text and not re.search(r"[*`\]\[]|\(#", text), text
    for rule in RULE_SUMMARIES:
        assert rule_link(rule) == f"{DOCS_URL}rules.html#{rule.lower()}"
    for rule in CARD_RULE_SUMMARIES:
        assert card_rule_link(rule) == f"{DOCS_URL}cardgame.html#{rule.lower()}"


def test_the_project_addresses_are_one_constant_each():
    from sorry_widget.core import project

    assert project.DOCS_URL == "https://sorry-widget.github.io/sorry_widget/"
    assert project.REPOSITORY_URL == "https://github.com/sorry-widget/sorry_widget"
