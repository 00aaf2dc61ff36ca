from __future__ import annotations

import json
import sys
from pathlib import Path

import os
import resource

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

# CI explores the same examples every run, so a landing never hinges on a lucky draw; local
# runs keep drawing new ones and so keep looking for counterexamples.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

from sorry_widget.board import Position  # noqa: E402
from sorry_widget.board.game import Game  # noqa: E402


def pos(to_move="red", **pawns):
    """A position from keyword lists: ``pos(red=[12, "start", ...], blue=[...])``. Colours not
    given get all pawns in START, so a hand-built position needs only the pawns that matter;
    at least two colours are always present."""
    count = 4
    full = {c: list(v) + ["start"] * (count - len(v)) for c, v in pawns.items()}
    if len(full) < 2:
        other = "yellow" if "yellow" not in full else "red"
        full[other] = ["start"] * count
    return Position(full, to_move=to_move)


def results(position: Position, card) -> list[dict]:
    """The result positions' pawn dicts of every legal move."""
    return [m.result.to_dict()["pawns"] for m in position.legal_moves(card)]


def notations(position: Position, card) -> set[str]:
    return {m.notation for m in position.legal_moves(card)}


def stacked_game(cards, **kwargs) -> Game:
    """A game whose draw pile yields ``cards`` (names) first, in order, then the shuffled rest."""
    from sorry_widget.board.cards import card_from_name

    game = Game(**kwargs)
    wanted = [card_from_name(c) for c in cards]
    rest = list(game.pile.cards)
    for c in wanted:
        rest.remove(c)
    game.pile.cards = rest + list(reversed(wanted))  # the top of the pile is the end
    return game


@pytest.fixture
def tmp_json(tmp_path):
    def write(name, data):
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data))
        return path

    return write


@pytest.fixture(scope="module")
def record():
    """A whole 4-player game's record, for the browser tests that replay one."""
    from sorry_widget import Game, Record
    game = Game(4, seed=21)
    game.run()
    return Record.from_game(game)


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright (tests/support/browser.py), one per test module."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from support.browser import launch

    with sync_api.sync_playwright() as p:
        chromium = launch(p)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh page in the module's Chromium; the test fails if the page threw an error."""
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(10_000)
    yield page
    context.close()
    assert not errors, f"errors in the page: {errors}"


# --- tiers -----------------------------------------------------------------------------------
# A plain `pytest` runs the fast tier: every test that needs nothing but this Python, in
# parallel (pytest-xdist). The slow tiers are named by what their tests need and registered in
# pyproject.toml as markers whose description starts with "tier:"; a slow module says so with
# `pytestmark = [pytest.mark.<tier>]`, a single slow test in a fast module with its own
# decorator. `pytest --tier=NAME[,NAME]` runs tiers (`--tier=all`: every test), `-m EXPR`
# chooses by markers, and a module or test named on the command line runs whatever its tier.
# Write --tier=NAME with "=": `--tier docs` would make pytest take docs/ for the folder to
# test before it has read this file's option.
# Anything but the fast tier runs serially unless -n is given: the slow tiers start servers,
# build sites in module fixtures and share one Chromium per module.

#: Fixtures that start what a tier is named after: a test that uses one without its tier's
#: marker is refused at collection, so it cannot land in the fast tier unnoticed.
FIXTURE_TIERS = {"browser": "browser", "page": "browser", "offline_browser": "lite",
                 "lab": "jupyter", "built": "install"}

#: The most processor time a fast module's tests may take together, in seconds (this process
#: and the processes it waited for; processor time rather than wall time, so a busy machine
#: does not push a module over). A module over it fails the fast run: it belongs in a slow
#: tier (mark it) or must become faster.
FAST_MODULE_BUDGET = 60.0
_CPU_AT_START = pytest.StashKey[float]()


def cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), \
        resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def tiers(config) -> dict[str, str]:
    """The slow tiers and what each needs, from the markers registered in pyproject.toml."""
    found = {}
    for line in config.getini("markers"):
        name, _, description = line.partition(":")
        if description.strip().startswith("tier:"):
            found[name.strip()] = description.strip().removeprefix("tier:").strip()
    return found


def pytest_addoption(parser):
    parser.addoption("--tier", default=None, metavar="NAME[,NAME]",
                     help="the tiers to run, as --tier=NAME: fast (the default), a slow "
                          "tier's name (browser, jupyter, lite, docs, install, slow), or all")


def requested_tiers(config) -> set[str] | None:
    """The tiers this run selects ("fast" and slow tier names), or None when the run selects
    by itself: --tier all, a -m expression, or modules and tests named on the command line."""
    names = {n.strip() for n in (config.getoption("tier") or "").split(",") if n.strip()}
    if names:
        unknown = names - set(tiers(config)) - {"fast", "all"}
        if unknown:
            raise pytest.UsageError(f"--tier: no tier {', '.join(sorted(unknown))}; the tiers "
                                    f"are fast, {', '.join(tiers(config))} and all")
        return None if "all" in names else names
    if config.option.markexpr:
        return None
    if config.args_source == pytest.Config.ArgsSource.ARGS and all(
            (config.invocation_params.dir / arg.split("::")[0]).is_file()
            for arg in config.args):
        return None
    return {"fast"}


def item_tiers(item, names) -> set[str]:
    return {m.name for m in item.iter_markers() if m.name in names} or {"fast"}


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    """Only the fast tier runs in parallel (pyproject.toml's -n auto); any other selection runs
    serially unless -n was given on the command line."""
    if getattr(config.option, "numprocesses", None) is None or hasattr(config, "workerinput"):
        return
    explicit = any(a.startswith(("-n", "--numprocesses")) for a in config.invocation_params.args)
    if requested_tiers(config) != {"fast"} and not explicit:
        config.option.numprocesses, config.option.dist, config.option.tx = 0, "no", []


def pytest_collection_modifyitems(config, items):
    names = set(tiers(config))
    unmarked = sorted({f"{item.nodeid} uses {fixture}: mark it {tier}"
                       for item in items for fixture, tier in FIXTURE_TIERS.items()
                       if fixture in item.fixturenames and tier not in item_tiers(item, names)})
    if unmarked:
        raise pytest.UsageError("tests that need a slow tier without its marker (conftest.py, "
                                "FIXTURE_TIERS):\n  " + "\n  ".join(unmarked))
    wanted = requested_tiers(config)
    if wanted is None:
        return
    keep, drop = [], []
    for item in items:
        (keep if item_tiers(item, names) & wanted else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    item.stash[_CPU_AT_START] = cpu_seconds()
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """The teardown report carries the test's processor time (set-up, call and teardown, a
    module fixture's included); pytest-xdist sends it to the controller with the report."""
    report = yield
    if call.when == "teardown" and _CPU_AT_START in item.stash:
        report.cpu_seconds = cpu_seconds() - item.stash[_CPU_AT_START]
    return report


_module_seconds: dict[str, float] = {}
_fuzz_lines: list[tuple[str, int]] = []


def pytest_runtest_logreport(report):
    module = report.nodeid.split("::")[0]
    _module_seconds[module] = _module_seconds.get(module, 0.0) + getattr(
        report, "cpu_seconds", 0.0)
    _fuzz_lines.extend(value for name, value in report.user_properties
                       if name == "readers under fuzzing" and report.when == "call")


def over_budget(config) -> list[str]:
    if requested_tiers(config) != {"fast"}:
        return []
    return [f"{module}: {seconds:.0f} s of processor time" for module, seconds in sorted(_module_seconds.items())
            if seconds > FAST_MODULE_BUDGET]


def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workerinput"):
        return
    if over_budget(session.config) and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """The counts of the readers' fuzz test (tests/test_reader_fuzz.py), shown even without
    ``-s``; fast modules over their time budget; after the fast tier, how to run the others."""
    if _fuzz_lines:
        terminalreporter.section("readers under fuzzing")
        for line, _ in sorted(_fuzz_lines):
            terminalreporter.write_line(line)
        terminalreporter.write_line(f"all readers: {sum(n for _, n in _fuzz_lines)} fuzzed "
                                    "inputs checked")
    if config.option.verbose > 0 and requested_tiers(config) == {"fast"}:
        terminalreporter.section("processor time of each fast module")
        for module, seconds in sorted(_module_seconds.items(), key=lambda kv: -kv[1]):
            terminalreporter.write_line(f"{seconds:7.1f} s  {module}")
    slow = over_budget(config)
    if slow:
        terminalreporter.section("fast modules over their time budget", red=True)
        terminalreporter.write_line(
            f"Each fast module's tests may take {FAST_MODULE_BUDGET:.0f} s of processor time in "
            "all; these took more. Mark the module with the tier it needs (pytestmark) or make "
            "it faster (tests/conftest.py, FAST_MODULE_BUDGET):")
        for line in slow:
            terminalreporter.write_line(f"  {line}")
    if requested_tiers(config) == {"fast"}:
        terminalreporter.section("tiers")
        terminalreporter.write_line("This was the fast tier. The slow tiers, each with what it "
                                    "needs (docs/develop.md, \"Tests in tiers\"):")
        for name, needs in tiers(config).items():
            terminalreporter.write_line(f"  pytest --tier={name:<8} # {needs}")
        terminalreporter.write_line("  pytest --tier=all      # every test, serially")
        terminalreporter.write_line("  pytest tests/test_x.py # one module, whatever its tier")
        terminalreporter.write_line("  bash scripts/test.sh   # every tier, then nbval and "
                                    "the benchmarks, as CI does")
