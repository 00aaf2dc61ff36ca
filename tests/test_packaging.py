"""The package as a teacher gets it from the index (issue 24): the wheel this repository builds,
installed with the lab extra in a fresh environment outside the repository, prints its version,
copies the lessons and runs lesson 01; `sorry-widget lessons` keeps a student's edits; the
README's links resolve in the repository and on the index page; the workflows run what the
README says."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from sorry_widget import __version__
from sorry_widget.cli import main
from sorry_widget.classroom.lab_settings import lab_defaults, package_overrides_path, \
    write_package_defaults
from sorry_widget.classroom.files import FIRST_LESSON, MARKER, lesson_files, lessons_source
from support.lessons import LINK, anchors

ROOT = Path(__file__).parent.parent
tomllib = pytest.importorskip("tomllib")
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
REPOSITORY = PROJECT["project"]["urls"]["Repository"]


# --- the version, the lessons command --------------------------------------------------------

def test_version_is_one_place_and_the_command_prints_it(capsys):
    assert "version" in PROJECT["project"]["dynamic"]
    assert PROJECT["tool"]["hatch"]["version"]["path"] == "sorry_widget/__init__.py"
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"sorry-widget {__version__}"


def names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\s<>=!~\[;]", r, maxsplit=1)[0].lower() for r in requirements}


def test_each_extra_is_one_purpose_and_the_tests_get_them_all():
    project = PROJECT["project"]
    extras = project["optional-dependencies"]
    assert "traitlets" in names(project["dependencies"])  # the widgets import it directly
    assert names(extras["lab"]) == {"jupyterlab"}  # the charts are SVG: no matplotlib, no NumPy
    assert names(extras["fast"]) == {"numpy", "numba"}
    assert names(extras["dask"]) == {"dask"}
    assert "sorry-widget[lab,fast,dask]" in extras["test"]
    assert {"build", "twine", "nbclient", "ipykernel"} <= names(extras["test"])
    # The README's main job installs what the lessons use at full speed.
    assert "setup-env.sh lab,fast" in (ROOT / "scripts" / "run.sh").read_text()


def test_in_a_clone_the_lessons_are_the_repositorys_own():
    assert lessons_source() == ROOT
    files = lesson_files()
    assert FIRST_LESSON in files and "notebooks/games/classroom-game.json" in files
    assert "docs/coach.md" in files  # lesson 05 links to it
    assert {f for f in files if f.endswith(".ipynb")} == {
        p.relative_to(ROOT).as_posix() for pattern in ("*.ipynb", "fr/*.ipynb")
        for p in (ROOT / "notebooks").glob(pattern)}
    assert "notebooks/fr/01-demarrage-rapide.ipynb" in files and "docs/fr/rules.md" in files
    assert not [f for f in files if "/out/" in f or "images" in f]


def test_lessons_copies_and_never_overwrites_an_edited_copy_without_force(tmp_path, capsys):
    folder = tmp_path / "class"
    assert main(["lessons", str(folder)]) == 0
    out = capsys.readouterr().out
    for name in lesson_files():
        assert (folder / name).read_bytes() == (ROOT / name).read_bytes()
        assert f"wrote {folder / name}" in out
    # Run again: nothing differs, nothing is written.
    assert main(["lessons", str(folder)]) == 0
    assert "wrote" not in capsys.readouterr().out

    edited = folder / FIRST_LESSON
    edited.write_text("a student's answers")
    (folder / "docs" / "rules.md").unlink()
    assert main(["lessons", str(folder)]) == 2
    err = capsys.readouterr().err
    assert FIRST_LESSON in err and "--force" in err and "\n" == err[-1] and err.count("\n") == 1
    assert edited.read_text() == "a student's answers"
    assert not (folder / "docs" / "rules.md").exists()  # refused whole: nothing written

    assert main(["lessons", str(folder), "--force"]) == 0
    assert edited.read_bytes() == (ROOT / FIRST_LESSON).read_bytes()
    assert (folder / "docs" / "rules.md").exists()
    assert not list(folder.rglob(".*.tmp"))


def test_every_link_of_the_copied_lessons_and_pages_opens_inside_the_copy(tmp_path):
    """A lesson's ../docs/ link, and the pages' links to each other, resolve within the folder
    the lessons were copied to, wherever it is (no link reaches back into the repository)."""
    from sorry_widget.classroom.files import copy_lessons

    folder = tmp_path / "anywhere" / "class"
    written, _ = copy_lessons(folder)
    checked, broken = 0, []
    for name in written:
        page = folder / name
        if page.suffix == ".ipynb":
            texts = ["".join(c["source"]) for c in json.loads(page.read_text())["cells"]
                     if c["cell_type"] == "markdown"]
        elif page.suffix == ".md":
            texts = [page.read_text()]
        else:
            continue
        for text in texts:
            for match in LINK.finditer(text):
                link = match.group(1) or match.group(2)
                if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", link):
                    continue
                path, _, anchor = link.partition("#")
                target = (page.parent / path).resolve() if path else page
                checked += 1
                if not target.is_file() or folder.resolve() not in target.parents:
                    broken.append(f"{name}: {link} (not in the copy)")
                elif anchor and anchor not in anchors(target.read_text()):
                    broken.append(f"{name}: {link} (no such anchor)")
    assert checked > 10 and "notebooks/05-strategy-experiments.ipynb" in written
    assert not broken, broken


def test_lessons_into_a_file_is_one_sentence(tmp_path, capsys):
    target = tmp_path / "a-file"
    target.write_text("x")
    assert main(["lessons", str(target)]) == 2
    assert "a file, not a folder" in capsys.readouterr().err


# --- where the lessons may be copied, and what a failed copy says (issue 31, point 20) ----------

def test_a_folder_holding_other_things_is_refused_even_with_force(tmp_path, capsys):
    home = tmp_path / "home"
    (home / "docs").mkdir(parents=True)
    (home / "docs" / "rules.md").write_text("my own house rules")
    for command in (["lessons", str(home), "--force"], ["lessons", str(home)]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert "not a lessons folder" in err and "nothing was written" in err
        assert str(home / "sorry-widget-lessons") in err and err.count("\n") == 1
    assert (home / "docs" / "rules.md").read_text() == "my own house rules"
    assert sorted(p.name for p in home.iterdir()) == ["docs"]


def test_the_root_folder_is_refused_by_lessons_and_lab(monkeypatch, capsys):
    monkeypatch.setattr(os, "execv", lambda *a: pytest.fail("lab served /"))
    had = {name: (Path("/") / name).exists() for name in ("notebooks", "docs")}
    for command in ("lessons", "lab"):
        assert main([command, "/"]) == 2
        assert "/: this folder holds other files" in capsys.readouterr().err
    assert {name: (Path("/") / name).exists() for name in had} == had


def test_a_folder_name_too_long_is_one_sentence(tmp_path, capsys):
    folder = tmp_path / ("x" * 300)
    assert main(["lessons", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "File name too long" in err and "nothing was written" in err
    assert err.count("\n") == 1


def test_a_folder_in_the_way_of_a_lesson_stops_the_copy_before_it_starts(tmp_path, capsys):
    folder = tmp_path / "class"
    assert main(["lessons", str(folder)]) == 0
    (folder / "docs" / "rules.md").unlink()
    (folder / "docs" / "rules.md").mkdir()
    (folder / FIRST_LESSON).write_text("edited")
    capsys.readouterr()
    assert main(["lessons", str(folder), "--force"]) == 2
    err = capsys.readouterr().err
    assert "in the way of 1 of the lessons' files: docs/rules.md" in err
    assert "Nothing was written" in err
    assert (folder / FIRST_LESSON).read_text() == "edited"


def test_a_copy_that_fails_halfway_says_what_was_and_was_not_copied(tmp_path, monkeypatch,
                                                                     capsys):
    from sorry_widget.classroom import files

    real, calls = files.write_text_atomic, []

    def disk_fills_up(path, text, **options):
        calls.append(path)
        if len(calls) > 4:  # the marker, then three lessons' files
            raise options["error"](f"lesson: not saved to {path}: No space left on device; the "
                                   "old file is unchanged")
        real(path, text, **options)

    monkeypatch.setattr(files, "write_text_atomic", disk_fills_up)
    folder = tmp_path / "class"
    assert main(["lessons", str(folder)]) == 2
    out, err = capsys.readouterr()
    copied = [line.removeprefix(f"  wrote {folder}/") for line in out.splitlines()]
    every = lesson_files(ROOT)
    assert copied == every[:3]
    assert f"3 of {len(every)} files copied, {len(every) - 3} not: " in err
    assert err.rstrip().endswith(", ".join(every[3:]))
    on_disk = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                     if p.is_file() and p.name != files.MARKER)
    assert on_disk == copied


def test_lab_copies_what_is_missing_keeps_edits_and_serves_the_folder(tmp_path, monkeypatch,
                                                                       capsys):
    import sorry_widget.classroom.lab_settings as lab_settings

    folder = tmp_path / "lessons"
    (folder / "notebooks").mkdir(parents=True)
    (folder / FIRST_LESSON).write_text("edited")
    calls = {}
    monkeypatch.setattr(lab_settings, "write_package_defaults",
                        lambda: calls.setdefault("defaults", True))
    monkeypatch.setattr(os, "execv", lambda path, args: calls.setdefault("exec", args))
    assert main(["lab", str(folder), "--port=9999"]) == 0
    # The address it announces is on the port it was given (it said 8888 whatever the port).
    said = capsys.readouterr().out
    assert "http://127.0.0.1:9999/lab/tree/notebooks" in said and "8888" not in said, said
    assert (folder / FIRST_LESSON).read_text() == "edited"
    assert (folder / "docs" / "coach.md").exists()
    command = calls["exec"]
    assert command[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={folder}" in command
    assert "--LabApp.default_url=/lab/tree/notebooks" in command and command[-1] == "--port=9999"
    assert calls["defaults"]


def test_the_lab_defaults_are_the_packages_own_file_and_a_teachers_overrides_win(tmp_path):
    from jupyterlab_server.settings_utils import _get_overrides

    settings = package_overrides_path(tmp_path).parent.parent
    settings.mkdir(parents=True)
    plugin = next(iter(lab_defaults()))
    (settings / "overrides.json").write_text(json.dumps({plugin: {"saveState": False}}))
    path = write_package_defaults(tmp_path)
    assert json.loads(path.read_text()) == lab_defaults()
    assert json.loads((settings / "overrides.json").read_text()) == {plugin:
                                                                     {"saveState": False}}
    overrides, error = _get_overrides(str(settings))
    assert not error and overrides[plugin]["saveState"] is False
    (settings / "overrides.json").unlink()
    overrides, _ = _get_overrides(str(settings))
    assert overrides[plugin] == lab_defaults()[plugin]


# --- the README's links, in the repository and on the index page -----------------------------

def readme_links(text: str) -> list[str]:
    return [m.group(1) or m.group(2) for m in LINK.finditer(text)]


def check_link(path: str, broken: list[str], where: str) -> None:
    path, _, anchor = path.partition("#")
    target = ROOT / path
    if not path or not target.exists():
        broken.append(f"{where}: no such file")
    elif anchor and anchor not in anchors(target.read_text()):
        broken.append(f"{where}: no such anchor")


def test_every_relative_link_of_the_readme_resolves_in_the_repository():
    broken, checked = [], 0
    for link in readme_links((ROOT / "README.md").read_text()):
        if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", link):
            continue
        checked += 1
        if link.startswith("#"):
            check_link("README.md" + link, broken, link)
        else:
            check_link(link, broken, link)
    assert checked > 20 and not broken, broken


# --- the wheel and the sdist this repository builds ------------------------------------------

@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                   check=True, capture_output=True, text=True, timeout=600)
    wheel, = out.glob("*.whl")
    sdist, = out.glob("*.tar.gz")
    return wheel, sdist


@pytest.mark.install
def test_twine_accepts_the_sdist_and_the_wheel(built):
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, built)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.install
def test_the_wheel_carries_the_lessons_licence_and_types(built):
    wheel, _ = built
    names = set(zipfile.ZipFile(wheel).namelist())
    lessons = {n.removeprefix("sorry_widget/lessons/") for n in names
               if n.startswith("sorry_widget/lessons/")}
    assert lessons == set(lesson_files(ROOT))
    assert "sorry_widget/py.typed" in names
    # The learned player's weights (package data, read with importlib.resources).
    assert "sorry_widget/simulation/learned_weights.json" in names
    assert f"sorry_widget-{__version__}.dist-info/licenses/LICENSE" in names
    assert not [n for n in names if n.endswith((".png", ".pyc"))]


@pytest.mark.install
def test_the_wheels_summary_counts_the_lessons_it_carries(built):
    """The index page's one line says how many lessons there are, counted when building (it
    once said "seven" with eight in the wheel)."""
    wheel, _ = built
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(f"sorry_widget-{__version__}.dist-info/METADATA").decode()
    summary = Parser().parsestr(metadata)["Summary"]
    lessons = [n for n in lesson_files(ROOT) if re.fullmatch(r"notebooks/[^/]+\.ipynb", n)]
    words = "no one two three four five six seven eight nine ten eleven twelve".split()
    assert f"with {words[len(lessons)]} lessons:" in summary, summary


@pytest.mark.install
def test_the_wheel_and_the_sdist_carry_the_built_page_and_the_sdist_its_sources(built):
    """The page's bundle is git-ignored (built from js/ by esbuild): both archives carry it as
    built, and the sdist carries what rebuilds it (js/, the npm lock, the hook), not node_modules."""
    wheel, sdist = built
    bundle = (ROOT / "sorry_widget" / "widget" / "widget.js").read_bytes()
    assert b"framesOf" in bundle and b"renderCardTable" in bundle  # the page, not a stub
    assert zipfile.ZipFile(wheel).read("sorry_widget/widget/widget.js") == bundle
    with tarfile.open(sdist) as tar:
        top = tar.getnames()[0].split("/")[0]
        assert tar.extractfile(f"{top}/sorry_widget/widget/widget.js").read() == bundle
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {"js/widget.js", "js/strings.js", "js/board/view.js", "js/table/view.js",
            "package.json", "package-lock.json", "hatch_build.py"} <= names
    assert not [n for n in names if n.startswith("node_modules")]


def built_catalogs() -> dict[str, bytes]:
    """What the package reads that scripts/build_catalogs.py builds from the sources (not
    committed): each .mo file and ui_strings.json, by its path in the archives."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_catalogs

    return {p.as_posix(): data for p, data in build_catalogs.package_outputs(ROOT).items()}


@pytest.mark.install
def test_the_wheel_and_the_sdist_carry_the_built_catalogs(built):
    """The .mo files and ui_strings.json are git-ignored (built from the .po files and
    js/strings.js): both archives carry them as the sources build them, the sdist its .po too."""
    wheel, sdist = built
    expected = built_catalogs()
    assert "sorry_widget/locale/fr/LC_MESSAGES/words.mo" in expected and len(expected) >= 9
    with zipfile.ZipFile(wheel) as archive:
        assert {name: archive.read(name) for name in expected} == expected
    with tarfile.open(sdist) as tar:
        top = tar.getnames()[0].split("/")[0]
        assert {name: tar.extractfile(f"{top}/{name}").read() for name in expected} == expected
        assert f"{top}/sorry_widget/locale/fr/LC_MESSAGES/words.po" in tar.getnames()


@pytest.mark.install
def test_a_wheel_builds_from_the_sdist_with_no_node(built, tmp_path):
    """pip install from the sdist: the wheel is built with no npm or node on the PATH."""
    _, sdist = built
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path / "src", filter="data")
    source, = (tmp_path / "src").iterdir()
    env = dict(os.environ, PATH=str(Path(sys.executable).parent))
    done = subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir",
                           str(tmp_path / "dist"), str(source)],
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    wheel, = (tmp_path / "dist").glob("*.whl")
    assert zipfile.ZipFile(wheel).read("sorry_widget/widget/widget.js") == \
        (source / "sorry_widget" / "widget" / "widget.js").read_bytes()
    # The catalogs the sdist carries built (it has no scripts/ to build them with).
    with zipfile.ZipFile(wheel) as archive:
        assert {name: archive.read(name) for name in built_catalogs()} == built_catalogs()


@pytest.mark.install
def test_the_sdist_has_no_screenshots_ci_files_or_caches(built):
    _, sdist = built
    names = [n.split("/", 1)[1] for n in tarfile.open(sdist).getnames() if "/" in n]
    assert "LICENSE" in names and "CHANGELOG.md" in names and FIRST_LESSON in names
    unwanted = [n for n in names if n.startswith((".github", ".ci", "build/", "tests/",
                                                  "docs/images", "scripts/", "benchmarks/"))
                or "__pycache__" in n or ".pytest_cache" in n or n.endswith(".png")]
    assert not unwanted, unwanted


@pytest.mark.install
def test_the_index_page_readme_has_only_absolute_links_into_the_repository(built):
    wheel, _ = built
    with zipfile.ZipFile(wheel) as z:
        meta = Parser().parsestr(z.read(f"sorry_widget-{__version__}.dist-info/METADATA")
                                 .decode())
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta["Version"] == __version__
    description = meta.get_payload()
    links = readme_links(description)
    relative = [link for link in links if not re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", link)]
    assert not relative, relative
    ours = [link for link in links if link.startswith(REPOSITORY + "/")]
    assert len(ours) > 20
    broken = []
    for link in ours:
        kind, _, rest = link.removeprefix(REPOSITORY + "/").partition("/main/")
        if kind not in ("blob", "raw"):
            broken.append(f"{link}: neither a page (blob) nor a file (raw)")
            continue
        if kind == "raw" and not rest.endswith((".png", ".svg")):
            broken.append(f"{link}: a raw link to a page")
        check_link(rest, broken, link)
    assert not broken, broken


# --- a teacher's machine: the wheel in a fresh environment -----------------------------------

@pytest.mark.install
def test_the_wheel_with_the_lab_extra_runs_the_lessons_outside_the_repository(built, tmp_path):
    """pip install "sorry-widget[lab]" from the wheel into a new virtual environment, then, in
    a folder outside the repository with PYTHONPATH unset: --version, lessons DIR, lesson 01
    executed with that environment's kernel, and `sorry-widget lab` serving the lessons."""
    from support.jupyter import free_port

    wheel, _ = built
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    bin_dir = venv / "bin"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env['PATH']}", VIRTUAL_ENV=str(venv),
               JUPYTER_DATA_DIR=str(tmp_path / "data"), JUPYTER_CONFIG_DIR=str(tmp_path / "cfg"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "rt"), IPYTHONDIR=str(tmp_path / "ipy"),
               MPLCONFIGDIR=str(tmp_path / "mpl"))
    env.pop("DISPLAY", None)
    home = tmp_path / "teacher"
    home.mkdir()

    def run(*cmd, timeout=900):
        done = subprocess.run(cmd, cwd=home, env=env, capture_output=True, text=True,
                              timeout=timeout)
        assert done.returncode == 0, f"{cmd}: {done.stdout[-2000:]}{done.stderr[-3000:]}"
        return done.stdout

    started = time.time()
    run(str(bin_dir / "python"), "-m", "pip", "install", "--quiet", f"{wheel}[lab]")
    print(f"\npip install of the wheel with the lab extra: {time.time() - started:.0f} s")
    run(str(bin_dir / "python"), "-m", "ipykernel", "install", "--sys-prefix")
    where = run(str(bin_dir / "python"), "-c", "import sorry_widget; print(sorry_widget.__file__)")
    assert Path(where.strip()).is_relative_to(venv), where
    assert run(str(bin_dir / "sorry-widget"), "--version").strip() == f"sorry-widget {__version__}"

    out = run(str(bin_dir / "sorry-widget"), "lessons", "class")
    folder = home / "class"
    # The lessons, and the marker that says the folder is a lessons folder (a later copy may
    # update it; any other non-empty folder is refused).
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()) \
        == sorted([MARKER, *lesson_files(ROOT)])
    assert "wrote" in out
    # Lesson 05's link to ../docs/coach.md opens from the copy too.
    assert (folder / "notebooks" / "../docs/coach.md").resolve().is_file()

    script = (
        "import nbformat, sys\n"
        "from nbclient import NotebookClient\n"
        "nb = nbformat.read('notebooks/01-quick-start.ipynb', as_version=4)\n"
        "NotebookClient(nb, timeout=300, kernel_name='python3',\n"
        "               resources={'metadata': {'path': 'notebooks'}}).execute()\n"
        "errors = [o for c in nb.cells for o in c.get('outputs', []) if o.output_type == 'error']\n"
        "print(len(nb.cells), 'cells;', len(errors), 'errors')\n"
        "import sorry_widget; print(sorry_widget.__file__)\n")
    done = subprocess.run([str(bin_dir / "python"), "-c", script], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    assert " 0 errors" in done.stdout and str(venv) in done.stdout

    # sorry-widget lab: the folder served, opened on notebooks/, the docs beside it served.
    port, token = free_port(), "t" + os.urandom(8).hex()
    log = open(tmp_path / "lab.log", "wb")
    proc = subprocess.Popen([str(bin_dir / "sorry-widget"), "lab", "class", f"--port={port}",
                             "--port-retries=0", f"--IdentityProvider.token={token}"],
                            cwd=home, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        deadline = time.time() + 120
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents/notebooks"
                                            f"?token={token}", timeout=2) as r:
                    listing = json.load(r)
                break
            except OSError:
                assert proc.poll() is None, (tmp_path / "lab.log").read_text()[-3000:]
                assert time.time() < deadline, "JupyterLab did not answer"
                time.sleep(0.5)
        assert {p.name for p in (ROOT / "notebooks").glob("*.ipynb")} <= \
            {item["name"] for item in listing["content"]}
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/files/docs/coach.md?token={token}",
                                    timeout=10) as r:
            assert b"coach" in r.read()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/?token={token}", timeout=10) as r:
            assert "/lab/tree/notebooks" in r.url
        assert json.loads(package_overrides_path(venv).read_text()) == lab_defaults()
    finally:
        os.killpg(proc.pid, 15)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)


# --- the workflows ---------------------------------------------------------------------------

def workflow(name: str) -> dict:
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text())


def steps_text(job: dict) -> str:
    return "\n".join(str(step.get("run", "")) + str(step.get("uses", ""))
                     for step in job["steps"])


def test_the_tests_workflow_runs_the_readmes_test_command_as_ci_does():
    flow = workflow("tests.yml")
    triggers = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` as True
    assert {"push", "pull_request"} <= set(triggers)
    job, = flow["jobs"].values()
    # The README's machine: Debian with Python 3.11, root.
    assert "3.11" in str(job.get("container", "")) + steps_text(job)
    ci = (ROOT / ".ci" / "run").read_text()
    assert "scripts/test.sh" in ci and "bash .ci/run" in steps_text(job)
    assert "bash scripts/test.sh" in (ROOT / "README.md").read_text()


def test_the_release_workflow_checks_installs_and_runs_the_wheel_then_publishes_on_a_tag():
    flow = workflow("release.yml")
    triggers = flow.get("on", flow.get(True))
    assert triggers["push"]["tags"] == ["v*"]
    jobs = flow["jobs"]
    build = steps_text(jobs["build"])
    assert "python -m build" in build and "twine check" in build
    assert re.search(r"pip install \S*\.whl\[lab\]|pip install \"\$wheel\[lab\]\"", build)
    assert "sorry-widget --version" in build and "sorry-widget lessons" in build
    assert "nbclient" in build or "01-quick-start" in build
    publish = jobs["publish"]
    assert publish["needs"] == "build" and publish["environment"]["name"] == "pypi"
    assert publish["permissions"]["id-token"] == "write"
    assert "pypa/gh-action-pypi-publish" in steps_text(publish)
    assert "refs/tags/v" in str(publish.get("if", ""))
