"""What a user reads points at the project's own pages: the rules page has every rule id the
engine cites, with its anchor; nothing a user gets sends them outside the repository; the rules'
full texts in the package are the pages' own, and their links go to those pages (the docs
site's once it is published)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from sorry_widget.core.project import DOCS_URL, docs_page
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
    assert rule_link("C7") == docs_page("rules.md", "c7")


def test_a_rule_link_goes_to_a_page_that_is_there_with_its_anchor():
    """Until the docs site is published (README, *Not done yet*), a rule badge's link goes to
    the rules page's source in the repository, which GitHub shows with the same anchors: each
    link names a page of this repository's docs/ holding the rule's anchor."""
    from sorry_widget.cardgame.rulebook import CARD_RULE_SUMMARIES
    from sorry_widget.cardgame.rulebook import rule_link as card_rule_link
    from sorry_widget.core import project

    assert not project.DOCS_PUBLISHED
    links = [rule_link(r) for r in RULE_SUMMARIES] + \
        [card_rule_link(r) for r in CARD_RULE_SUMMARIES]
    prefix = project.REPOSITORY_URL + "/blob/main/"
    for link in links:
        assert link.startswith(prefix) and not link.startswith(DOCS_URL), link
        path, _, anchor = link.removeprefix(prefix).partition("#")
        assert path.startswith("docs/") and f'<a id="{anchor}"></a>' in (ROOT / path).read_text()


def test_once_the_site_is_published_the_rule_links_go_there(monkeypatch):
    from sorry_widget.core import project

    monkeypatch.setattr(project, "DOCS_PUBLISHED", True)
    assert docs_page("rules.md", "c7") == DOCS_URL + "rules.html#c7"
    assert docs_page("cardgame.md") == DOCS_URL + "cardgame.html"


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
    assert rule_link("K13") == docs_page("cardgame.md", "k13")


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
        assert rule_link(rule) == docs_page("rules.md", rule.lower())
    for rule in CARD_RULE_SUMMARIES:
        assert card_rule_link(rule) == docs_page("cardgame.md", rule.lower())


def test_the_project_addresses_are_one_constant_each():
    from sorry_widget.core import project

    assert project.DOCS_URL == "https://sorry-widget.github.io/sorry_widget/"
    assert project.REPOSITORY_URL == "https://github.com/sorry-widget/sorry_widget"


def test_each_french_page_keeps_its_english_twins_anchors_and_links_to_it():
    """Issue 32: a docs page in French is the English page's twin: it links to it at the top, and
    every anchor a link may use on the English page — its explicit ids and its sections' slugs —
    is an anchor of the French page too (an explicit id where the French heading's slug
    differs), so a link works whichever page it opens."""
    import re
    from support.lessons import anchors

    docs = Path(__file__).parent.parent / "docs"
    # The card game's French page translates its rules only; the formats and commands stay on
    # the English page, which it says.
    partial = {"cardgame.md": {"cards", "rules"}}
    twins = [p for p in sorted((docs / "fr").glob("*.md")) if (docs / p.name).is_file()]
    assert len(twins) >= 8
    for french in twins:
        english_text = (docs / french.name).read_text(encoding="utf-8")
        french_text = french.read_text(encoding="utf-8")
        assert re.search(rf"^\*English: \[[^\]]+\]\(\.\./{re.escape(french.name)}\)",
                         french_text, flags=re.M), f"{french.name}: no link to its English twin"
        sections = partial.get(french.name) or {
            re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^##\s+(.+?)\s*$", english_text, flags=re.M)}
        wanted = set(re.findall(r"<a\s+id=\"([^\"]+)\"", english_text)) | sections
        missing = wanted - anchors(french_text)
        assert not missing, f"docs/fr/{french.name} lacks the English page's anchors {missing}"
        # Code, JSON and command lines are the same in both languages: only the words around
        # them are translated (the partial page has its own French example).
        if french.name not in partial:
            assert code_blocks(french_text) == code_blocks(english_text), \
                f"docs/fr/{french.name}: its code blocks differ from the English page's"


def code_blocks(markdown: str) -> list[str]:
    """A page's fenced blocks (```), each as its text."""
    import re

    return [b for _, b in re.findall(r"^( *)```[^\n]*\n(.*?)^\1```", markdown,
                                     flags=re.M | re.S)]


def numbers_in_prose(markdown: str, french: bool) -> dict[str, int]:
    """The numbers a page's sentences state (not its code, links or anchors), each as Python
    writes it: 7,560 and 7 560 are 7560; 0.5 and 0,5 are 0.5. A version (Python 3.10) keeps
    its dot in either language."""
    import re
    from collections import Counter

    text = re.sub(r"^( *)```.*?^\1```", "", markdown, flags=re.M | re.S)
    text = re.sub(r"`[^`]*`|\]\([^)]*\)|<a id=\"[^\"]*\"></a>|https?://\S+", "", text)
    if french:
        text = re.sub(r"(?<=\d)[ \u202f\u00a0](?=\d{3}\b)", "", text)
        return Counter(n.replace(",", ".") for n in re.findall(r"\d+(?:[,.]\d+)?", text))
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    return Counter(re.findall(r"\d+(?:\.\d+)?", text))


def test_each_french_page_states_its_english_twins_numbers_the_french_way():
    """Issue 32: every number an English page states, its French twin states too, written the
    French way (27,6232; 7 560); a number only the French page has is one the English page
    shows elsewhere (a code comment it translates). A decimal point in French prose is a
    version number's only."""
    import re

    docs = Path(__file__).parent.parent / "docs"
    for french in sorted((docs / "fr").glob("*.md")):
        english = docs / french.name
        if not english.is_file() or french.name == "cardgame.md":  # the rules only, see above
            continue
        english_text, french_text = english.read_text(), french.read_text()
        said_en, said_fr = numbers_in_prose(english_text, False), numbers_in_prose(french_text, True)
        assert not said_en - said_fr, f"docs/fr/{french.name} lacks {dict(said_en - said_fr)}"
        shown = set(re.findall(r"\d+(?:\.\d+)?", re.sub(r"(?<=\d),(?=\d{3}\b)", "", english_text)))
        assert set(said_fr - said_en) <= shown, f"docs/fr/{french.name}: {dict(said_fr - said_en)}"
        prose = re.sub(r"^( *)```.*?^\1```|`[^`]*`|\]\([^)]*\)|https?://\S+", "", french_text,
                       flags=re.M | re.S)
        assert not re.findall(r"(?<!Python )\b\d+\.\d+", prose), french.name


# --- figures the pages state, recomputed or checked against each other (issue 39, point 9) ----

DOCS = ROOT / "docs"


def words_of_page(name: str) -> str:
    """A docs page's text with its line breaks and no-break spaces made plain spaces (the
    spaces themselves are tests/test_french_numbers.py's)."""
    return " ".join((DOCS / name).read_text(encoding="utf-8").split())


def decimal(number: str, french: bool = False) -> float:
    """A number as the page's language writes it: 2,000 and 0.506; 2 000 and 0,506."""
    plain = number.replace("−", "-")
    if french:
        return float(re.sub(r"\s", "", plain).replace(",", "."))
    return float(plain.replace(",", ""))


@pytest.mark.parametrize("name", ["learned.md", "fr/learned.md"])
def test_the_learned_pages_win_chances_are_the_shipped_players(name):
    """The example's printed chances and the two the text quotes, from the shipped weights."""
    from sorry_widget import Position
    from sorry_widget.simulation.learned import win_chances

    text, french = words_of_page(name), name.startswith("fr/")
    start = win_chances(Position.initial(2))
    shown = re.search(r"win_chances\(Position\.initial\(2\)\) # (\{[^}]*\})", text).group(1)
    assert shown == "{" + ", ".join(f"{c}: {p:.3f}" for c, p in start.items()) + "}"
    ending = win_chances(Position({"red": ["home", "home", "home", "safety-4"],
                                   "yellow": ["start"] * 4}, to_move="red"))
    first = decimal(re.search(r"(?:red, to move, gets|rouge, qui joue, a) ([\d.,]+) ?%",
                              text).group(1), french)
    last = decimal(re.search(r"(?:red gets|rouge a) ([\d.,]+) ?%, (?:where|alors)", text).group(1),
                   french)
    assert (first, last) == (round(100 * start[0], 1), round(100 * ending[0], 1))


@pytest.mark.parametrize("name", ["learned.md", "fr/learned.md"])
def test_the_learned_pages_table_follows_from_its_counts(name):
    """Each row's rate and 95% Wilson interval, recomputed from its wins and games."""
    from sorry_widget.core.statistics import wilson_interval

    french = name.startswith("fr/")
    rows = re.findall(r"^\|[^|\n]+\| [234] \| ([\d\s,]+) \| ([\d.,]+)\s?% \(([\d\s,]+)\) \| "
                      r"([\d.,]+) – ([\d.,]+)\s?% \|", (DOCS / name).read_text(encoding="utf-8"),
                      flags=re.M)
    assert len(rows) == 4, rows
    for games, rate, wins, low, high in rows:
        games, wins = int(decimal(games, french)), int(decimal(wins, french))
        interval = wilson_interval(wins, games)
        assert [decimal(x, french) for x in (rate, low, high)] == \
            [round(100 * x, 1) for x in (wins / games, *interval)], (name, games, wins)


def luck_before_the_fit(review_page: str) -> dict[int, float]:
    """The review page's table: the luck per game before the consistency fit, by players."""
    rows = re.findall(r"^\| ([234]) \| ([−+]?[\d.,]+)", (DOCS / review_page).read_text(
        encoding="utf-8"), flags=re.M)
    return {int(players): decimal(luck, review_page.startswith("fr/")) for players, luck in rows}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_learned_page_quotes_the_review_pages_luck_before_the_fit(language):
    folder = "" if language == "en" else "fr/"
    table = luck_before_the_fit(folder + "review.md")
    assert set(table) == {2, 3, 4}
    text = words_of_page(folder + "learned.md")
    if language == "en":
        said = re.search(r"\(([−\d.]+) percentage points of the chance to win per 2-player "
                         r"game, ([−\d.]+) per 3-player game and ([−\d.]+) per 4-player game",
                         text)
    else:
        said = re.search(r"\(([−\d,]+)\s?points de probabilité de gagner par partie à 2 joueurs, "
                         r"([−\d,]+) par partie à 3 joueurs et ([−\d,]+) par partie à 4 joueurs",
                         text)
    assert said, text[:500]
    # Both pages in percentage points (issue 39, point 5): the learned page rounds to whole ones.
    assert [decimal(x, language == "fr") for x in said.groups()] == \
        [round(table[n]) for n in (2, 3, 4)]


def test_the_learned_pages_training_time_follows_from_its_own_run():
    """The most games `train` takes, in minutes of CPU time: the shipped run scaled, and
    within what the page's own rates give (the 3-player games cost between the 2- and the
    4-player ones)."""
    text = words_of_page("learned.md")
    most, minutes = re.search(r"`--games` is at most ([\d,]+) per player count \(about (\d+) "
                              r"minutes of CPU time", text).groups()
    most, minutes = decimal(most), int(minutes)
    shipped = decimal(re.search(r"The shipped run took (\d+) s of CPU time", text).group(1))
    default = decimal(re.search(r"with its defaults \(seed 1, ([\d,]+) games per player count\)",
                                text).group(1))
    assert minutes == round(shipped * most / default / 60)
    rates = re.search(r"go at about ([\d,]+) \(2 players\) and ([\d,]+) \(4 players\) games per "
                      r"second of CPU time; the fit's at about ([\d,]+) and ([\d,]+)", text)
    play2, play4, fit2, fit4 = (decimal(x) for x in rates.groups())
    fit = most // 10  # the consistency fit plays a tenth as many (training.FIT_SHARE)
    two, four = most / play2 + fit / fit2, most / play4 + fit / fit4
    assert 2 * two + four <= minutes * 60 + 30 and minutes * 60 - 30 <= two + 2 * four


def test_the_learned_and_ladder_pages_quote_apologies_alike():
    """One published figure, the same on every page that gives it, in both languages."""
    for folder in ("", "fr/"):
        quoted = [re.search(r"(?:wins about|gagne environ) (\d+) ?% (?:of 4-player games|des "
                            r"parties à 4 joueurs)", words_of_page(folder + page))
                  for page in ("learned.md", "ladder.md")]
        assert all(quoted) and len({q.group(1) for q in quoted}) == 1, folder


PAGES = sorted(p.relative_to(DOCS).as_posix() for p in [*DOCS.glob("*.md"), *DOCS.glob("fr/*.md")])


@pytest.mark.parametrize("name", PAGES)
def test_a_page_calls_a_half_width_a_half_width(name):
    """"±0.058" is how far an interval reaches each way: the interval is twice that wide. A
    page that states both gives them in that ratio."""
    text = words_of_page(name)
    assert not re.search(r"±\s?[\d.,]+\s+(?:wide|de large)|(?<!half-)width (?:of )?±|"
                         r"(?<!demi-)largeur (?:de )?±", text), name
    for half, width, largeur in re.findall(r"±([\d.,]+), (?:([\d.,]+) wide|large de ([\d.,]+))",
                                           text):
        french = name.startswith("fr/")
        assert round(2 * decimal(half, french), 6) == decimal(width or largeur, french), name


@pytest.mark.parametrize("name", PAGES)
def test_a_page_does_not_draw_certainty_from_intervals(name):
    """Intervals that do not overlap are strong evidence, never certainty (nor does an interval
    "settle" which is better)."""
    sentences = re.split(r"(?<=[.;:!?])\s", words_of_page(name))
    certain = re.compile(r"for sure|certainly|surely|settles?|sûrement|à coup sûr|certainement|"
                         r"tranche", re.I)
    said = [s for s in sentences if re.search(r"interval", s, re.I) and certain.search(s)]
    assert not said, said


def test_the_readme_counts_the_lessons_in_each_language():
    number = {"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    english = re.search(r"(\w+) notebooks in `notebooks/`", readme).group(1)
    assert number[english.lower()] == len(list((ROOT / "notebooks").glob("*.ipynb")))
    french = len(list((ROOT / "notebooks" / "fr").glob("*.ipynb")))
    assert not re.search(r"\w+ lessons of \w+ in French", readme)
    said = re.search(r"all (\w+) lessons in French", readme)
    assert said and number[said.group(1)] == french == number[english.lower()]
