"""The README a teacher reads and the developers' guide beside it (issue 40, point 5): the README
stays short, and every file, folder and link either of them names is in the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The pages that say where things are: the README, what works in detail, the developers' guide.
PAGES = ["README.md", "docs/features.md", "docs/develop.md"]
#: A repository path as these pages write one: under a folder of the clone, or a file at its top.
PATH = re.compile(r"(?<![\w./-])((?:sorry_widget|tests|scripts|docs|notebooks|js|benchmarks|binder|"
                  r"requirements|\.github|\.ci)/[\w.*/-]*[\w*/]|(?:pyproject\.toml|package\.json|"
                  r"package-lock\.json|tsconfig\.json|eslint\.config\.js|hatch_build\.py|"
                  r"CHANGELOG\.md|LICENSE))")


def tracked() -> list[str]:
    return subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.split()


def exists(name: str, files: list[str]) -> bool:
    """Whether ``name`` (a file, a folder, or a glob such as ``js/test/*.test.js``) is in the
    repository: tracked by git, or made from it: the page's bundle (by the set-up), the wheel's
    copy of the lessons (``sorry_widget/lessons/``), what a lesson writes (``notebooks/out/``)."""
    name = name.rstrip("/")
    if name == "sorry_widget/widget/widget.js" or name.split("/")[:2] in (
            ["notebooks", "out"], ["sorry_widget", "lessons"]):
        return True
    if "*" in name:
        pattern = re.compile(re.escape(name).replace(r"\*", r"[^/]*") + r"(/|$)")
        return any(pattern.match(f) for f in files)
    return any(f == name or f.startswith(name + "/") for f in files)


def test_the_readme_is_short_enough_for_a_teacher():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= 300, f"README.md has {lines} lines; move details to docs/develop.md"


def test_the_readme_starts_with_the_two_commands_before_any_figure():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("## Start")
    assert readme.index("bash scripts/run.sh") > start
    assert readme.index("bash scripts/test.sh") > start
    assert readme.index("pip install \"sorry-widget[lab]\"") > start
    # The speed tables and the layout live in the developers' guide now.
    assert "games/s" not in readme[:start] and "## Layout" not in readme and "## Speed" not in readme


@pytest.mark.parametrize("doc", PAGES)
def test_every_repository_path_a_page_names_exists(doc):
    files = tracked()
    text = (ROOT / doc).read_text(encoding="utf-8")
    named = set(PATH.findall(text))
    assert named, f"{doc} names no path: the pattern no longer matches how pages write them"
    missing = sorted(name for name in named if not exists(name, files))
    assert not missing, f"{doc} names paths the repository does not have: {missing}"


@pytest.mark.parametrize("doc", PAGES)
def test_every_relative_link_of_a_page_resolves(doc):
    files = tracked()
    text = (ROOT / doc).read_text(encoding="utf-8")
    base = (ROOT / doc).parent
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-zA-Z][\w+.-]*:", target) or target.startswith("#"):
            continue
        path, _, anchor = target.partition("#")
        relative = (base / path).resolve().relative_to(ROOT).as_posix()
        if not exists(relative, files):
            broken.append(target)
        elif anchor and relative.endswith(".md"):
            headings = re.findall(r"^#+ (.+)$", (ROOT / relative).read_text(encoding="utf-8"),
                                  flags=re.M)
            slugs = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}
            slugs |= set(re.findall(r'<a id="([^"]+)"', (ROOT / relative).read_text()))
            if anchor not in slugs:
                broken.append(target)
    assert not broken, f"{doc}: links that lead nowhere: {broken}"


def test_the_pattern_sees_a_missing_path():
    """The check above can fail: a made-up path is reported missing, a real one is not."""
    files = tracked()
    assert PATH.findall("see `sorry_widget/simulation/nowhere.py` and `tests/test_readme.py`") == \
        ["sorry_widget/simulation/nowhere.py", "tests/test_readme.py"]
    assert not exists("sorry_widget/simulation/nowhere.py", files)
    assert exists("tests/test_readme.py", files) or not (ROOT / ".git").exists()
    assert exists("js/test/*.test.js", files) and not exists("js/test/*.nothing", files)
