"""What the lessons say, checked: their words against numbers computed here independently of
the lesson's own code, and their links from where a lesson is opened (issue 21)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).parent.parent
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def cells(lesson: str, kind: str) -> list[str]:
    nb = json.loads((ROOT / "notebooks" / lesson).read_text())
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]


def text(lesson: str) -> str:
    """A lesson's markdown as one line of words (line breaks inside a paragraph dropped)."""
    return " ".join(" ".join(cells(lesson, "markdown")).split())


def test_lesson_4_compares_with_and_without_replacement_as_the_deck_does():
    """Point 16: the chance of a Sorry! (4 in 45 cards) within n draws is the same both ways at
    n = 1 and higher without replacement from n = 2 on; the task once said "always"."""
    def none_with(n):  # n independent draws from a full deck
        return Fraction(41, 45) ** n

    def none_without(n):  # n cards off one shuffled deck: each draw one card fewer
        p = Fraction(1)
        for i in range(n):
            p *= Fraction(max(0, 41 - i), 45 - i)
        return p

    assert 1 - none_with(1) == 1 - none_without(1) == Fraction(4, 45)
    assert all(none_without(n) < none_with(n) for n in range(2, 46))
    words = text("04-probability-with-cards.ipynb")
    assert "always a little higher" not in words
    assert "At n = 1 the two columns agree (4/45 both ways); from n = 2 on the chance *without* " \
           "replacement is higher." in words


LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)"
                  r"|(?:href|src)\s*=\s*[\"']([^\"']+)[\"']")


def anchors(markdown: str) -> set[str]:
    """The anchors a markdown page has on GitHub and in JupyterLab: its headings' slugs
    (lower case, punctuation dropped, spaces to hyphens, repeats numbered) and explicit ids."""
    found, seen = set(), {}
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", markdown, flags=re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    found.update(re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", markdown))
    return found


def served_root() -> Path:
    """The folder scripts/run.sh serves in JupyterLab: a lesson's relative link works only
    to a file inside it."""
    script = (ROOT / "scripts" / "run.sh").read_text()
    root = re.search(r"--(?:ServerApp\.root_dir|notebook-dir)=\"\$root(/[^\"]*)?\"", script)
    return (ROOT / (root.group(1) or "/").lstrip("/")).resolve()


def test_every_link_of_every_lesson_opens_from_where_the_lesson_is_opened():
    """Point 11: JupyterLab resolves a lesson's relative link against the lesson's folder, and
    serves only what is under its root (scripts/run.sh's); lesson 5's link to the coach's page
    was a 404 there. Every markdown link and image of every lesson: the file exists under the
    served root, and any #anchor is on the page."""
    checked, broken = 0, []
    served = served_root()
    for lesson in LESSONS:
        for cell in cells(lesson.name, "markdown"):
            for match in LINK.finditer(cell):
                link = match.group(1) or match.group(2)
                if re.match(r"[a-z]+:", link) or link.startswith("#"):
                    continue  # web addresses are another test's (test_docs); same-page anchors
                path, _, anchor = link.partition("#")
                target = (lesson.parent / path).resolve()
                checked += 1
                if not target.exists():
                    broken.append(f"{lesson.name}: {link} (no such file)")
                elif served not in target.parents:
                    broken.append(f"{lesson.name}: {link} (outside {served}, which run.sh "
                                  "serves)")
                elif anchor and anchor not in anchors(target.read_text()):
                    broken.append(f"{lesson.name}: {link} (no such anchor)")
    assert checked, "no link found: the pattern is broken"
    assert not broken, broken


def test_anchors_are_github_slugs_and_explicit_ids():
    page = "# 5 · Does going first matter?\n## Tasks\n## Tasks\n<a id=\"c7\"></a>\n"
    assert anchors(page) == {"5--does-going-first-matter", "tasks", "tasks-1", "c7"}
