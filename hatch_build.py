"""Builds the page's bundle (sorry_widget/widget/widget.js) and the translation catalogs' .mo files
(with sorry_widget/widget/ui_strings.json) for the wheel and the sdist, and writes the package's
one-line summary.

The page's sources are ES modules in js/; esbuild (npm) bundles them into the one file the widgets
load (``_esm``). The bundle is not committed: a clone's set-up (scripts/setup-env.sh) builds it,
and so does this hook when a wheel or sdist is built from a clone whose bundle is missing or older
than its sources. The sdist carries the built bundle, so a wheel built from the sdist (``pip
install`` of it) uses that file and needs no node.

The .mo files and ui_strings.json are not committed either: in a clone this hook builds them from
the .po files and js/strings.js with scripts/build_catalogs.py (standard library only, a fraction
of a second, writing only what changed), for a wheel, an sdist or an editable install alike. The
sdist carries them built (and not scripts/), so a wheel built from it uses them as they are.

The summary counts the lessons (notebooks/*.ipynb, the English lessons the wheel carries)
instead of naming a number by hand, which went stale when a lesson was added."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
from hatchling.metadata.plugin.interface import MetadataHookInterface

BUNDLE = Path("sorry_widget", "widget", "widget.js")
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")
#: What the bundle is built from: js/ imports the page's messages (page_messages.json) too.
SOURCES = ("js", "package.json", "package-lock.json", "sorry_widget/widget/page_messages.json")


def stale(root: Path) -> bool:
    """Whether the bundle is missing or older than one of the sources it is built from."""
    bundle = root / BUNDLE
    if not bundle.is_file():
        return True
    built = bundle.stat().st_mtime
    for name in SOURCES:
        path = root / name
        files = path.rglob("*") if path.is_dir() else [path]
        if any(f.is_file() and f.stat().st_mtime > built for f in files):
            return True
    return False


#: What the package reads that scripts/build_catalogs.py builds (besides the .mo files).
UI_STRINGS = Path("sorry_widget", "widget", "ui_strings.json")
CATALOG_BUILDER = Path("scripts", "build_catalogs.py")


def build_catalogs(root: Path) -> list[Path]:
    """Builds the .mo files and ui_strings.json in ``root`` with scripts/build_catalogs.py (when
    ``root`` has it: a clone); the files written. Without it (an sdist), the shipped files must
    be there."""
    builder = root / CATALOG_BUILDER
    if not builder.is_file():
        missing = [po.with_suffix(".mo") for po in root.glob("sorry_widget/locale/*/LC_MESSAGES/*.po")
                   if not po.with_suffix(".mo").is_file()]
        if missing or not (root / UI_STRINGS).is_file():
            raise RuntimeError(f"the built catalogs ({missing[:1] or [UI_STRINGS]}…) are missing "
                               f"and there is no {CATALOG_BUILDER} to build them")
        return []
    spec = importlib.util.spec_from_file_location("sorry_widget_build_catalogs", builder)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build(root)


def build_bundle(root: Path) -> None:
    """npm ci (when node_modules is not the lock's) and npm run build, in ``root``."""
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(f"building {BUNDLE} needs npm (Debian: apt-get install npm), or build "
                           "from the sdist, which carries the built file")
    installed = root / "node_modules" / ".package-lock.json"
    if not installed.is_file() or installed.stat().st_mtime < (root / "package-lock.json").stat().st_mtime:
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, check=True)
    subprocess.run([npm, "run", "build"], cwd=root, check=True)


class PageBundleHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        root = Path(self.root)
        for written in build_catalogs(root):
            self.app.display_info(f"built {written} (scripts/build_catalogs.py)")
        # In an sdist (no .git) the shipped bundle is used as it is: no node needed.
        in_clone = (root / ".git").exists() and (root / "package.json").is_file()
        if (root / BUNDLE).is_file() and not (in_clone and stale(root)):
            return
        if not (root / "package.json").is_file():
            raise RuntimeError(f"{BUNDLE} is missing and there is no js/ to build it from")
        self.app.display_info(f"building {BUNDLE} from js/ with esbuild (npm run build)")
        build_bundle(root)


def summary(root: str | Path) -> str:
    count = len(list(Path(root).glob("notebooks/*.ipynb")))
    number = NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)
    return ("The board game Sorry! and the SORRY! card game as Jupyter widgets, with "
            f"{number} lessons: rules engine, records, simulations.")


class SummaryHook(MetadataHookInterface):
    PLUGIN_NAME = "custom"

    def update(self, metadata: dict) -> None:
        metadata["description"] = summary(self.root)
