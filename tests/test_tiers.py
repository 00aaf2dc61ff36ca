"""The tests in tiers (tests/conftest.py): a plain `pytest` runs the fast tier only and says how
to run the others; a test that needs a slow tier's resource without its marker is refused; a
fast module over its time budget fails the run; and no test module imports another (shared
helpers live in tests/support/ or conftest.py)."""

from __future__ import annotations

import ast
import json
import tomllib
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

TESTS = Path(__file__).parent
CONFTEST = (TESTS / "conftest.py").read_text()
MARKERS = tomllib.loads((TESTS.parent / "pyproject.toml").read_text())[
    "tool"]["pytest"]["ini_options"]["markers"]


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_no_test_module_imports_another():
    """A test module is run, never imported: what two modules share lives in tests/support/
    or conftest.py, so a module can be moved, marked or run alone."""
    test_modules = {p.stem for p in TESTS.glob("test_*.py")}
    found = set()
    for path in sorted(TESTS.rglob("*.py")):
        for name in imported_modules(path):
            parts = name.split(".")
            if parts[0] == "tests":
                parts = parts[1:]
            if parts and parts[0] in test_modules:
                found.add(f"{path.relative_to(TESTS)} imports {parts[0]}")
    assert not found, sorted(found)


def test_the_import_check_sees_every_form_of_import(tmp_path):
    module = tmp_path / "test_a.py"
    module.write_text("import test_b\nfrom test_c import x\nfrom tests.test_d import y\n"
                      "def f():\n    from tests import test_e\n")
    assert {"test_b", "test_c", "tests.test_d", "tests.test_e"} <= imported_modules(module)


@pytest.fixture
def project(pytester):
    """A project with this conftest and these tier markers, a fast module and a slow one."""
    pytester.makepyprojecttoml("[tool.pytest.ini_options]\naddopts = \"-p no:cacheprovider\"\n"
                               f"markers = {json.dumps(MARKERS)}\n")
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_rules="def test_a_rule():\n    pass\n",
                        test_pages="import pytest\npytestmark = [pytest.mark.browser]\n"
                                   "def test_a_page():\n    pass\n")
    return pytester


def test_a_plain_run_is_the_fast_tier_and_names_the_others(project):
    result = project.runpytest_inprocess("-p", "no:xdist")
    result.assert_outcomes(passed=1, deselected=1)
    result.stdout.fnmatch_lines(["*This was the fast tier*",
                                 "*pytest --tier=browser *Chromium*",
                                 "*pytest --tier=all *"])


def test_a_tier_or_a_named_module_runs_whatever_it_holds(project):
    project.runpytest_inprocess("-p", "no:xdist", "--tier=browser").assert_outcomes(
        passed=1, deselected=1)
    project.runpytest_inprocess("-p", "no:xdist", "test_pages.py").assert_outcomes(passed=1)
    project.runpytest_inprocess("-p", "no:xdist", "--tier=all").assert_outcomes(passed=2)
    wrong = project.runpytest_inprocess("-p", "no:xdist", "--tier=brower")
    assert wrong.ret == pytest.ExitCode.USAGE_ERROR
    wrong.stderr.fnmatch_lines(["*--tier: no tier brower*"])


def test_a_test_that_starts_chromium_without_its_marker_is_refused(project):
    project.makepyfile(test_sneaky="def test_a_board(page):\n    pass\n")
    result = project.runpytest_inprocess("-p", "no:xdist")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*test_sneaky.py::test_a_board uses page: mark it browser*"])


def test_a_fast_module_over_its_budget_fails_the_run(project):
    project.makeconftest(CONFTEST.replace("FAST_MODULE_BUDGET = 60.0", "FAST_MODULE_BUDGET = 0.2"))
    project.makepyfile(test_slowly="import time\ndef test_a_long_sum():\n"
                                   "    until = time.process_time() + 0.3\n"
                                   "    while time.process_time() < until:\n        pass\n")
    result = project.runpytest_inprocess("-p", "no:xdist")
    result.assert_outcomes(passed=2, deselected=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*fast modules over their time budget*", "*test_slowly.py: 0 s of processor time*"])
