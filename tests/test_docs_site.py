"""The docs site (issue 24): `bash scripts/build-docs.sh OUTDIR` builds it with Sphinx, warnings
as errors; then every internal link and anchor of the built HTML is followed, the rule anchors the
widget's badges link to are looked up, the API reference is found for the public names, and the
lessons are checked to show what they printed when the build ran them.

The site is built here without its Lite part (``--no-lite``): tests/test_lite.py builds that one
and checks that every ``lite/…`` address of the *Try it in your browser* page is in it.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import subprocess
import sys
import time
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

pytestmark = [pytest.mark.docs]  # its tier: tests/conftest.py

ROOT = Path(__file__).parent.parent
BUILD = ROOT / "scripts" / "build-docs.sh"
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))


class _Page(HTMLParser):
    """The ids a page defines and the addresses it points at (href, src)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []   # (tag, attribute, address)

    def handle_starttag(self, tag, attrs):
        if tag == "link" and dict(attrs).get("rel") == "canonical":
            tag = "canonical"   # the page's published address: named, not loaded
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name") and (name == "id" or tag == "a"):
                self.ids.add(value)
            elif name in ("href", "src", "xlink:href"):
                self.links.append((tag, name, value))

    handle_startendtag = handle_starttag


def read_page(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site as the README's command builds it (the lessons' runs are cached in
    build/docs/, so a second build takes seconds)."""
    out = tmp_path_factory.mktemp("docs") / "site"
    started = time.perf_counter()
    done = subprocess.run(["bash", str(BUILD), str(out), "--no-lite"], capture_output=True,
                          text=True, timeout=1200, env={**os.environ, "PYTHON": sys.executable})
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-5000:]
    print(f"\ndocs site built in {time.perf_counter() - started:.0f} s")
    return out


@pytest.fixture(scope="module")
def pages(site) -> dict[Path, _Page]:
    return {path: read_page(path) for path in sorted(site.rglob("*.html"))}


def test_every_internal_link_and_anchor_resolves(site, pages):
    """Every href and src of every page that stays on the site names a file the site has and,
    with a #fragment, an id on that page. Addresses into lite/ are the Lite site's (checked by
    tests/test_lite.py) and come from the *Try it* page and the lessons only."""
    broken, checked, lite = [], 0, set()
    for path, page in pages.items():
        for tag, attribute, address in page.links:
            parts = urlsplit(address)
            if parts.scheme or parts.netloc or address.startswith(("mailto:", "data:")):
                continue
            checked += 1
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            where = f"{path.relative_to(site)}: {tag} {attribute}={address}"
            if site.resolve() not in target.parents and target != site.resolve():
                broken.append(f"{where} (outside the site)")
                continue
            relative = target.relative_to(site.resolve())
            if relative.parts[:1] == ("lite",):
                lite.add(str(relative))
                if path.name != "try.html" and path.parent.name != "lessons":
                    broken.append(f"{where} (lite/ is linked from try.html and the lessons)")
                continue
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{where} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else read_page(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{where} (no id {parts.fragment!r} there)")
    assert checked > 1000, checked
    assert not broken, "\n".join(broken[:40])
    assert lite == {"lite/lab/index.html"}, lite


def test_each_page_with_a_twin_in_the_other_language_links_to_it(site, pages):
    """Issue 32: the language switch. Every English page with a French twin (docs/fr/) links to
    it near its top, and the French page links back; the sidebar lists the French pages."""
    twins = [p.stem for p in (ROOT / "docs" / "fr").glob("*.md") if (ROOT / "docs" / p.name).is_file()]
    assert len(twins) >= 8
    for name in twins:
        english, french = site / f"{name}.html", site / "fr" / f"{name}.html"
        to_french = [a for _, _, a in pages[english].links if urlsplit(a).path == f"fr/{name}.html"]
        to_english = [a for _, _, a in pages[french].links if urlsplit(a).path == f"../{name}.html"]
        assert to_french, f"{name}.html does not link to its French twin"
        assert to_english, f"fr/{name}.html does not link to its English twin"
    index = {a for _, _, a in pages[site / "index.html"].links}
    assert {f"fr/{name}.html" for name in twins} <= index


def test_nothing_is_loaded_from_another_site(pages):
    """The pages read offline: no script, style sheet, picture or frame from elsewhere (links
    for the reader to follow may go anywhere)."""
    outside = [f"{path.name}: {tag} {address}" for path, page in pages.items()
               for tag, attribute, address in page.links
               if tag not in ("a", "canonical") and urlsplit(address).netloc]
    assert not outside, outside[:10]
    text = "\n".join(p.read_text(encoding="utf-8") for p in pages)
    assert "widget-state+json" not in text and "widget-view+json" not in text


def test_every_rule_id_is_an_anchor_where_the_badges_link(site, pages):
    """The widget's rule badges link to rules.html#c7 and cardgame.html#k5 on the site: every
    id of both rulebooks is an HTML id of its page, on its rule."""
    from sorry_widget.board.rulebook import RULE_SUMMARIES
    from sorry_widget.cardgame.rulebook import CARD_RULE_SUMMARIES

    rules, cards = pages[site / "rules.html"].ids, pages[site / "cardgame.html"].ids
    assert len(RULE_SUMMARIES) >= 27 and len(CARD_RULE_SUMMARIES) >= 19
    assert {r.lower() for r in RULE_SUMMARIES} <= rules, {r.lower() for r in RULE_SUMMARIES} - rules
    assert {r.lower() for r in CARD_RULE_SUMMARIES} <= cards, \
        {r.lower() for r in CARD_RULE_SUMMARIES} - cards
    # The anchors the README and the pages use besides the rule ids.
    assert {"point-sorry", "team-play", "play-for-points", "editions", "rule-options"} <= rules
    # The rule's id is on its rule: the text right after the id is the rule's heading.
    html = (site / "rules.html").read_text(encoding="utf-8")
    for rule in RULE_SUMMARIES:
        after = html[html.index(f'id="{rule.lower()}"'):][:400]
        assert re.search(rf"<h3>{rule} ", after), (rule, after)
    html = (site / "cardgame.html").read_text(encoding="utf-8")
    for rule in CARD_RULE_SUMMARIES:
        after = html[html.index(f'id="{rule.lower()}"'):][:200]
        assert f"<strong>{rule}</strong>" in after, (rule, after)


def test_every_address_the_package_gives_of_the_docs_site_is_a_page_of_it(site, pages):
    """rule_link (the widget's badges, the explanations) names DOCS_URL + page + #id: each is a
    page of the built site with that id; so is every address of the site in the package, the
    README, docs/ and the lessons (lite/ is the Lite site's)."""
    from sorry_widget.board.rulebook import RULE_SUMMARIES, rule_link
    from sorry_widget.cardgame.rulebook import CARD_RULE_SUMMARIES
    from sorry_widget.cardgame.rulebook import rule_link as card_rule_link
    from sorry_widget.core.project import DOCS_URL

    from sorry_widget.core import project

    # (the links as they will be once the site is published: until then they go to the
    # repository, tests/test_docs.py)
    published, project.DOCS_PUBLISHED = project.DOCS_PUBLISHED, True
    try:
        addresses = [rule_link(r) for r in RULE_SUMMARIES] + \
            [card_rule_link(r) for r in CARD_RULE_SUMMARIES]
    finally:
        project.DOCS_PUBLISHED = published
    for folder in ("sorry_widget", "docs", "notebooks"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".js", ".md", ".ipynb", ".json"):
                addresses += re.findall(re.escape(DOCS_URL) + r"[\w./#-]*",
                                        path.read_text(encoding="utf-8", errors="replace"))
    addresses += re.findall(re.escape(DOCS_URL) + r"[\w./#-]*", (ROOT / "README.md").read_text())
    missing = []
    for address in set(addresses):
        page, _, anchor = address.removeprefix(DOCS_URL).rstrip(".").partition("#")
        if page.startswith("lite/"):
            continue
        target = site / (page or "index.html")
        if target not in pages or (anchor and anchor not in pages[target].ids):
            missing.append(address)
    assert len(addresses) > 40 and not missing, missing


def test_the_api_reference_describes_the_public_names(site, pages):
    """Each public name (sorry_widget.__all__) has its entry, on the page of the module that
    defines it, and the API page's table links there."""
    import sorry_widget

    api = pages[site / "api.html"]
    linked = {address for _, _, address in api.links}
    for name in ["Game", "Position", "Move", "Record", "CardGame", "CardState", "CardRecord",
                 "SorryWidget", "SorryCardWidget", "simulate", "simulate_cardgame", "coach",
                 "board_svg", "cardtable_svg", "legal_moves", "lesson_needs"]:
        assert name in sorry_widget.__all__
        value = getattr(sorry_widget, name)
        module = value.__module__
        anchor = f"{module}.{value.__qualname__}"
        page = site / "api" / f"{module}.html"
        assert page.is_file(), (name, page)
        assert anchor in pages[page].ids, (name, anchor)
        assert f"api/{module}.html#{anchor}" in linked, (name, anchor)
    # Methods and their docstrings are there too.
    game = site / "api" / f"{sorry_widget.Game.__module__}.html"
    assert f"{sorry_widget.Game.__module__}.Game.run" in pages[game].ids
    assert inspect.getdoc(sorry_widget.Game).split()[0] in game.read_text(encoding="utf-8")


# A line each lesson prints (seeded, so the same on every run), as the page must show it; a
# lesson added later is checked for its outputs only.
PRINTED = {
    "01-quick-start": "Play 10 (turn 10):",
    "02-rules-tour": "Red holds a 7. Legal moves:",
    "03-replay-and-annotate": "2 annotations saved",
    "04-probability-with-cards": "P(1 or 2) = 9/45 = 1/5",
    "05-strategy-experiments": "100,000 games per experiment",
    "06-variants": "Red's hand:",
    "07-card-game": "total 15: bust",
}


def test_every_lesson_is_shown_with_what_it_printed_and_its_boards(site):
    """Each lesson ran when the site was built: its page has its outputs (a line it prints),
    no error, and its widgets as the pictures of their boards or tables (image/svg+xml)."""
    assert set(PRINTED) <= {p.stem for p in LESSONS}
    for lesson in LESSONS:
        page = site / "lessons" / f"{lesson.stem}.html"
        html = page.read_text(encoding="utf-8")
        assert 'class="cell_output' in html, lesson.stem
        assert PRINTED.get(lesson.stem, "") in unescape(html), lesson.stem
        assert f'href="../lite/lab/index.html?path={lesson.name}"' in html, lesson.stem
        assert "Traceback" not in html and 'class="output traceback' not in html, lesson.stem
        code = " ".join("".join(c["source"]) for c in json.loads(lesson.read_text())["cells"]
                        if c["cell_type"] == "code")
        if re.search(r"Sorry(Card)?Widget\(", code):
            # The picture says what it shows (its SVG's own label), as the widget would.
            pictures = re.findall(r'<img alt="([^"]*)" src="\.\./_images/[0-9a-f]+\.svg"', html)
            assert pictures, lesson.stem
            assert all(unescape(alt).startswith(("Sorry! board", "SORRY! card game"))
                       for alt in pictures), (lesson.stem, pictures)
    # A lesson's link to a page of docs/ is the site's page.
    html = (site / "lessons" / "05-strategy-experiments.html").read_text(encoding="utf-8")
    assert 'href="../coach.html"' in html and "../docs/" not in html


def test_every_chart_a_lesson_draws_is_an_image_on_its_page(site):
    """The docs site shows each lesson's charts (sorry_widget/render/charts.py) as images: at
    least as many as the lesson draws when it runs natively, each an SVG file of the site with
    its own text alternative as the image's alt."""
    from support.charts import is_chart, native_charts

    total = 0
    for lesson in LESSONS:
        html = (site / "lessons" / f"{lesson.stem}.html").read_text(encoding="utf-8")
        images = re.findall(r'<img alt="([^"]*)" src="\.\./(_images/[0-9a-f]+\.svg)"', html)
        charts = [(unescape(alt), site / src) for alt, src in images
                  if is_chart((site / src).read_text(encoding="utf-8"))]
        expected = native_charts(lesson.name)
        assert len(charts) >= expected, (lesson.stem, len(charts), expected)
        for alt, svg in charts:
            label = re.search(r'<svg\b[^>]*\baria-label="([^"]*)"', svg.read_text())
            assert alt and alt == unescape(label.group(1)), (lesson.stem, alt)
        total += len(charts)
    assert total >= 8  # lessons 06-08 draw 8 charts between them


def test_the_try_page_opens_every_lesson_in_the_lite_site(site):
    html = (site / "try.html").read_text(encoding="utf-8")
    opened = set(re.findall(r'href="lite/lab/index\.html\?path=([^"]+)"', html))
    assert opened == {p.name for p in LESSONS} | {
        f"fr/{p.name}" for p in (ROOT / "notebooks").glob("fr/*.ipynb")}
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="try.html"' in index and 'href="api.html"' in index


@pytest.mark.parametrize("arguments", [[], ["out", "--lite-from"], ["out", "--lite"],
                                       ["out", "other"]])
def test_a_build_called_wrongly_says_how_to_call_it(arguments, tmp_path):
    done = subprocess.run(["bash", str(BUILD), *arguments], capture_output=True, text=True,
                          cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == \
        "usage: bash scripts/build-docs.sh OUTDIR [--no-lite | --lite-from DIR]"
    assert not (tmp_path / "out").exists()


def test_the_readme_says_how_to_build_the_docs_and_where_they_are():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Documentation"):]
    section = section[:section.index("\n## ")]
    assert "bash scripts/build-docs.sh OUTDIR" in section
    assert "https://sorry-widget.github.io/sorry_widget/" in section
    assert "docs-pages.yml" in section
