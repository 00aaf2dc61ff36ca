"""The README's two commands install locked versions (requirements/*.txt, written by
scripts/lock.sh), so a fresh machine gets what the tests last passed with. These tests keep the
locks whole: every package the project asks for is pinned there, at a version that fits."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent


def pins(path: Path) -> dict[str, Version]:
    found = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9._-]+)==([^\s;]+)", line)
        assert match, f"{path.name}: not a pin: {line!r}"
        found[canonicalize_name(match[1])] = Version(match[2])
    return found


def wanted(extras: set[str]) -> list[Requirement]:
    """The project's requirements with the given extras, its own extras expanded."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    optional = project["optional-dependencies"]
    seen, todo, out = set(), list(extras), [Requirement(r) for r in project["dependencies"]]
    while todo:
        extra = todo.pop()
        if extra in seen:
            continue
        seen.add(extra)
        for text in optional[extra]:
            requirement = Requirement(text)
            if canonicalize_name(requirement.name) == "sorry-widget":
                todo.extend(requirement.extras)
            else:
                out.append(requirement)
    return out


def check_covered(requirements, locked: dict[str, Version], lock_name: str):
    environment = {"python_version": "3.11", "sys_platform": "linux", "platform_system": "Linux"}
    for requirement in requirements:
        if requirement.marker and not requirement.marker.evaluate(environment):
            continue
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{requirement.name} is not locked in {lock_name}: run scripts/lock.sh"
        assert requirement.specifier.contains(locked[name], prereleases=True), (
            f"{lock_name} pins {name}=={locked[name]}, which {requirement} refuses: "
            "run scripts/lock.sh")


def test_every_package_of_every_extra_is_locked_at_a_version_that_fits():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    check_covered(wanted(set(project["optional-dependencies"])),
                  pins(ROOT / "requirements" / "constraints.txt"), "requirements/constraints.txt")


def test_the_lite_sites_build_tools_are_locked():
    requirements = [Requirement(line) for line in
                    (ROOT / "scripts" / "lite-requirements.txt").read_text().splitlines()
                    if line.strip() and not line.startswith("#")]
    check_covered(requirements, pins(ROOT / "requirements" / "lite-constraints.txt"),
                  "requirements/lite-constraints.txt")


def test_the_set_up_installs_with_the_locks():
    setup = (ROOT / "scripts" / "setup-env.sh").read_text()
    installs = [line for line in setup.splitlines() if "pip install" in line]
    assert installs and all('-c "$constraints"' in line for line in installs), installs
    assert 'constraints="$root/requirements/constraints.txt"' in setup
    lite = (ROOT / "scripts" / "build-lite.sh").read_text()
    assert lite.count("requirements/lite-constraints.txt") >= 2
    # ...and only its own: the project's lock, exported by the test command, would clash with
    # the versions Pyodide's lock names (found by the fresh-clone run).
    assert "unset PIP_CONSTRAINT" in lite
    # The test command says which lock it used, and hands it to the venvs the tests make.
    assert "PIP_CONSTRAINT=" in (ROOT / "scripts" / "test.sh").read_text()

