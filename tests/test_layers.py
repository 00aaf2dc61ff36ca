"""The house rule on layers.

    core  <  board, cardgame  <  simulation  <  render  <  widget  <  classroom, cli, __init__

The games (board, cardgame) and what they share (core) import only the standard library and the
layers below them; the two games never import each other; nothing imports upward; and no two
modules import each other, even by way of others (the import graph, lazy imports included, has
no cycle).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "sorry_widget"

#: Each layer, with the third-party libraries it may import and the layers of this package below
#: it. A layer may import any of its own modules.
LAYERS = {
    "core": (set(), set()),
    "board": (set(), {"core"}),
    "cardgame": (set(), {"core"}),
    # NumPy and numba only in the batch engine, Dask only where a client is given (see OPTIONAL).
    "simulation": (set(), {"core", "board", "cardgame"}),
    "render": ({"svgwrite"}, {"core", "board", "cardgame"}),
    # Exporting a notebook (widget/export.py) uses Jupyter's own notebook tools. The widget asks
    # the coach (simulation) for advice.
    "widget": ({"anywidget", "traitlets", "ipywidgets", "nbformat", "nbconvert", "nbclient"},
               {"core", "board", "cardgame", "simulation", "render"}),
    # The lessons' files and JupyterLab settings: the standard library and safe writes.
    "classroom": (set(), {"core"}),
    # The command: the games, their simulations and the lessons; Jupyter only when exporting
    # (widget), loaded lazily (test_the_games_and_the_command_load_no_jupyter_package).
    "cli": ({"distributed"}, {"core", "board", "cardgame", "simulation", "widget", "classroom",
                              "progress", ""}),
}

#: The optional "fast" extra: the batch engine's own module, the two-pawn game's solver and the
#: learned player's training, and Dask where a client is given.
OPTIONAL = {"simulation/batch_engine.py": {"numpy", "numba"},
            "simulation/twopawn_solver.py": {"numpy", "numba"},
            "simulation/training.py": {"numpy", "numba"},
            "simulation/experiments.py": {"distributed"}}

#: The layers that import only the standard library.
STANDARD_LIBRARY_ONLY = ("core", "board", "cardgame", "simulation")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> tuple[set[str], set[str]]:
    """The third-party (and standard) top-level names a module imports, and the modules of this
    package it imports (absolute names), at any depth of the file (lazy imports count)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    outside, inside = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "sorry_widget":
                    inside.add(alias.name)
                else:
                    outside.add(alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                if node.module.split(".")[0] == "sorry_widget":
                    base = node.module
                else:
                    outside.add(node.module.split(".")[0])
                    continue
            else:
                base = ".".join(package[:len(package) - node.level + 1] +
                                ([node.module] if node.module else []))
            for alias in node.names:
                # "from . import batch_engine" imports a module; "from .x import y" imports module x.
                candidate = f"{base}.{alias.name}"
                inside.add(candidate if module_path(candidate) else base)
    outside = {m for m in outside if m not in sys.stdlib_module_names and m != "__future__"}
    return outside, inside


def module_path(name: str) -> Path | None:
    relative = Path(*name.split("."))
    for candidate in (PACKAGE.parent / relative.with_suffix(".py"),
                      PACKAGE.parent / relative / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer_of(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_the_games_and_the_simulations_import_only_the_standard_library():
    for layer in STANDARD_LIBRARY_ONLY:
        files = sorted((PACKAGE / layer).glob("*.py"))
        assert len(files) >= 3, layer
        for path in files:
            key = f"{layer}/{path.name}"
            outside, _ = imports(path)
            assert outside <= OPTIONAL.get(key, set()), f"{key} imports {sorted(outside)}"


def test_every_import_of_the_package_names_a_module_that_exists():
    # A lazy import inside a function fails only when that function runs (a renamed module
    # broke `sorry-widget lab` this way): every one is checked here, at any depth.
    missing = {f"{name}: {target}" for name, path in modules().items()
               for target in imports(path)[1] if module_path(target) is None}
    assert not missing, sorted(missing)


def test_each_layer_imports_only_itself_and_the_layers_below():
    for layer, (libraries, below) in LAYERS.items():
        files = sorted((PACKAGE / layer).glob("*.py"))
        assert files, layer
        for path in files:
            key = f"{layer}/{path.name}"
            outside, inside = imports(path)
            assert outside <= libraries | OPTIONAL.get(key, set()), \
                f"{key} imports {sorted(outside - libraries)}"
            targets = {layer_of(m) for m in inside} - {layer}
            assert targets <= below, f"{key} imports from {sorted(targets - below)}"


def test_no_module_imports_itself_by_way_of_others():
    graph = {name: imports(path)[1] - {name} for name, path in modules().items()}
    # A package's __init__ re-exports its modules; a module importing a sibling through the
    # package (from . import x) is an edge to x, never to the __init__, so those edges stay.
    state: dict[str, str] = {}

    def visit(name: str, trail: list[str]) -> None:
        state[name] = "open"
        for target in sorted(graph.get(name, ())):
            if state.get(target) == "open":
                cycle = trail[trail.index(target):] + [target] if target in trail else [name, target]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target, trail + [target])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])


def test_the_games_load_numpy_numba_and_dask_only_when_asked():
    import subprocess

    code = ("import sys, sorry_widget, sorry_widget.simulation.experiments, "
            "sorry_widget.simulation.coach, sorry_widget.simulation.learned; "
            "print(sorted(m for m in ('numpy', 'numba', 'distributed') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_games_and_the_command_load_no_jupyter_package():
    import subprocess

    code = ("import sys, sorry_widget.board, sorry_widget.cardgame, sorry_widget.simulation,"
            " sorry_widget.cli\n"
            "jupyter = sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'ipywidgets', 'anywidget', 'traitlets', 'IPython', 'ipykernel', 'jupyter_client',"
            " 'nbformat', 'nbconvert', 'comm'})\n"
            "print(','.join(jupyter))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "", done.stdout


def test_the_coach_strategy_is_there_once_simulation_is_loaded():
    import subprocess

    code = ("import sorry_widget\n"
            "from sorry_widget.board.strategies import as_strategy\n"
            "print(type(as_strategy('coach')).__name__)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "CoachStrategy"


def test_the_two_games_are_laid_out_file_for_file_alike():
    """Who knows where one game's record (cards, rules …) lives finds the other's."""
    alike = {"cards.py", "state.py", "rules.py", "rulebook.py", "game.py", "record.py",
             "strategies.py"}
    for game in ("board", "cardgame"):
        assert alike <= {p.name for p in (PACKAGE / game).glob("*.py")}, game
