"""Builds the JupyterLite site of the lessons (called by scripts/build-lite.sh, in .venv-lite).

Pyodide's runtime comes from npm without its package wheels, and its lock file names those wheels
by paths next to the runtime. So this script writes the site's own lock: the pure-Python packages
the kernel and the lessons import are downloaded from PyPI into the site and their entries point
at those files (with their own sha256); this project's wheel and the packages Pyodide does not
carry (anywidget, ipywidgets, comm, psygnal) get entries of their own; every other entry (NumPy,
matplotlib, ...) points at Pyodide's CDN, so those load when the browser is online. The kernel
preloads the project at start, so the lessons need no install cell. This needs neither
Python >= 3.12 nor uv, which the kernel's own lock add-on requires.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL, PYODIDE_VERSION

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "lite"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# What the Pyodide kernel installs at start (its worker loads micropip, then these).
KERNEL_PACKAGES = ["micropip", "comm", "jedi", "ipython"]
# Requirements that carry only JupyterLab front-end files; the site has those as extensions.
FRONT_END_ONLY = {"widgetsnbextension", "jupyterlab-widgets"}
# The platform the wheels' markers are read for (the Python version comes from Pyodide's lock).
PYODIDE_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten",
                   "platform_machine": "wasm32", "implementation_name": "cpython",
                   "platform_python_implementation": "CPython", "extra": ""}
RUNTIME_FILES = ["pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "package.json"]


class BuildError(Exception):
    pass


def run(*command: str, cwd: Path | None = None) -> None:
    print("build-lite:", " ".join(str(c) for c in command), flush=True)
    subprocess.run(command, cwd=cwd, check=True)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_runtime(cache: Path, target: Path) -> dict:
    """The Pyodide runtime the kernel names, from npm; returns its lock."""
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        run("npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache),
            "--silent")
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as archive:
        for name in RUNTIME_FILES + ["pyodide-lock.json"]:
            member = archive.extractfile(f"package/{name}")
            (target / name).write_bytes(member.read())
    return json.loads((target / "pyodide-lock.json").read_text())


def download(requirements: list[str], dest: Path, version: str) -> None:
    """Pure-Python wheels (py3-none-any) for the browser's Python `version`, from PyPI."""
    dest.mkdir(parents=True, exist_ok=True)
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--platform", "any", "--implementation", "py", "--abi", "none",
        "--python-version", version, "--dest", str(dest), *requirements)


def wheel_metadata(wheel: Path):
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist()
                    if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        meta = Parser().parsestr(archive.read(name).decode())
        tops = sorted({n.split("/")[0].removesuffix(".py") for n in archive.namelist()
                       if not n.split("/")[0].endswith((".dist-info", ".data"))})
    return meta, tops


def find_wheel(folder: Path, name: str, version: str) -> Path:
    stem = canonicalize_name(name).replace("-", "_")
    for wheel in folder.glob("*.whl"):
        dist, ver = wheel.name.split("-")[:2]
        if canonicalize_name(dist).replace("-", "_") == stem and Version(ver) == Version(version):
            return wheel
    raise BuildError(f"no wheel of {name} {version} in {folder}")


def installed_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        raise BuildError(f"{name} is needed in the browser but is neither in Pyodide's lock "
                         "nor in scripts/lite-requirements.txt") from None


def site_lock(lock: dict, project_wheel: Path, wheels: Path, static: Path) -> list[str]:
    """Rewrites `lock` in place for the site; returns the packages the kernel preloads."""
    full = lock["info"]["python"]
    python = ".".join(full.split(".")[:2])
    markers = dict(PYODIDE_MARKERS, python_full_version=full, python_version=python)
    packages = lock["packages"]
    local: dict[str, Path] = {}      # canonical name -> wheel in the site
    added: dict[str, dict] = {}      # entries for packages Pyodide does not carry
    todo = [canonicalize_name(n) for n in KERNEL_PACKAGES]
    project = canonicalize_name(wheel_metadata(project_wheel)[0]["Name"])
    extra_wheels = {project: project_wheel}
    todo.append(project)
    seen: set[str] = set()
    in_lock: list[str] = []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name in packages:
            entry = packages[name]
            if not entry["file_name"].endswith("-none-any.whl"):
                raise BuildError(f"{name} is a compiled Pyodide package; the site can only "
                                 "carry pure-Python ones offline")
            in_lock.append(name)
            todo.extend(canonicalize_name(d) for d in entry["depends"])
            continue
        wheel = extra_wheels.get(name)
        if wheel is None:
            version = installed_version(name)
            download([f"{name}=={version}"], wheels, python)
            wheel = find_wheel(wheels, name, version)
        meta, tops = wheel_metadata(wheel)
        depends = []
        for text in meta.get_all("Requires-Dist") or []:
            requirement = Requirement(text)
            if requirement.marker and not requirement.marker.evaluate(markers):
                continue
            dep = canonicalize_name(requirement.name)
            if dep in FRONT_END_ONLY:
                continue
            if dep in packages and not requirement.specifier.contains(
                    packages[dep]["version"], prereleases=True):
                raise BuildError(f"{name} needs {requirement}, Pyodide has "
                                 f"{packages[dep]['version']}")
            depends.append(dep)
            todo.append(dep)
        added[name] = {"name": name, "version": meta["Version"], "file_name": wheel.name,
                       "install_dir": "site", "sha256": sha256(wheel),
                       "package_type": "package", "imports": tops, "depends": depends,
                       "unvendored_tests": False, "shared_library": False}
        local[name] = wheel
    download([f"{n}=={packages[n]['version']}" for n in sorted(in_lock)], wheels, python)
    for name in in_lock:
        entry = packages[name]
        wheel = find_wheel(wheels, name, entry["version"])
        local[name] = wheel
        # PyPI's wheel of the same version, not Pyodide's repackaged file: its own hash.
        entry["file_name"], entry["sha256"] = wheel.name, sha256(wheel)
    packages.update(added)
    for wheel in local.values():
        shutil.copy2(wheel, static / wheel.name)
    for name, entry in packages.items():
        if name not in local and "://" not in entry["file_name"]:
            entry["file_name"] = f"{PYODIDE_CDN_URL}/{entry['file_name']}"
    return [*KERNEL_PACKAGES, project]


def stage_lessons(target: Path) -> None:
    """The lessons at the site's top, with the project's docs beside them in ``docs/``: the
    site has no folder above its top, so a lesson's ``../docs/…`` links (right in a clone,
    where notebooks/ and docs/ are siblings) are pointed at ``docs/…`` instead."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(ROOT / "notebooks", target,
                    ignore=shutil.ignore_patterns("out", ".ipynb_checkpoints", "__pycache__"))
    shutil.copytree(ROOT / "docs", target / "docs")
    # (a lesson in another language, fr/, is one folder deeper: ../../docs/ becomes ../docs/)
    for lesson in [*target.glob("*.ipynb"), *target.glob("*/*.ipynb")]:
        up = "../" * (len(lesson.relative_to(target).parts) - 1)
        notebook = json.loads(lesson.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if cell["cell_type"] == "markdown":
                source = "".join(cell["source"])
                cell["source"] = source.replace(f"]({up}../docs/", f"]({up}docs/")
        lesson.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")


def build(outdir: Path) -> None:
    lite_dir = BUILD / "site"
    if lite_dir.exists():
        shutil.rmtree(lite_dir)
    static = lite_dir / "static" / "pyodide"
    lock = fetch_runtime(BUILD / "cache", static)
    dist = BUILD / "dist"
    if dist.exists():
        shutil.rmtree(dist)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(dist),
        str(ROOT))
    project_wheel = next(dist.glob("*.whl"))
    preload = site_lock(lock, project_wheel, BUILD / "wheels", static)
    (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Sorry! lessons (sorry_widget)",
        # Boards saved with the notebook, as in the README's JupyterLab (classroom/lab_settings.py).
        "settingsOverrides": json.loads(
            (ROOT / "sorry_widget" / "classroom" / "lab-overrides.json").read_text()),
        "litePluginSettings": {KERNEL_PLUGIN: {"loadPyodideOptions": {"packages": preload}}}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    contents = BUILD / "lessons"
    stage_lessons(contents)
    if outdir.exists():
        shutil.rmtree(outdir)
    run(str(Path(sys.executable).parent / "jupyter"), "lite", "build", "--lite-dir", str(lite_dir),
        "--contents", str(contents), "--output-dir", str(outdir.resolve()), "--no-sourcemaps",
        cwd=lite_dir)
    size = sum(f.stat().st_size for f in outdir.rglob("*") if f.is_file())
    print(f"build-lite: site in {outdir} ({size / 1e6:.0f} MB); open lab/index.html from a "
          "static server, e.g. python3 -m http.server --bind 127.0.0.1 --directory "
          f"{outdir} 8000, then http://127.0.0.1:8000/lab/index.html")


def main(argv: list[str]) -> int:
    try:
        build(Path(argv[0]))
    except BuildError as error:
        print(f"build-lite: {error}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as error:
        print(f"build-lite: this step failed: {' '.join(map(str, error.cmd))}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
