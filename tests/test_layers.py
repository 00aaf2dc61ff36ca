"""The house rule on layers: sorry_widget/engine imports only the standard library and itself."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).parent.parent / "sorry_widget" / "engine"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


# The optional "fast" extra: the batch engine's own module, and Dask where a client is given.
OPTIONAL = {"batch.py": {"numpy", "numba"}, "simulate.py": {"distributed"}}


def test_engine_imports_only_the_standard_library():
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) >= 8
    for path in files:
        outside = {m for m in imported_modules(path)
                   if m not in sys.stdlib_module_names and m != "__future__"}
        assert outside <= OPTIONAL.get(path.name, set()), f"{path.name} imports {sorted(outside)}"


def test_the_engine_loads_numpy_numba_and_dask_only_when_asked():
    import subprocess

    code = ("import sys, sorry_widget, sorry_widget.engine.simulate, sorry_widget.engine.coach; "
            "print(sorted(m for m in ('numpy', 'numba', 'distributed') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def relative_targets(path: Path) -> set[str]:
    """The sibling packages a module imports relatively (``from ..engine import x`` -> engine)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 2 and node.module:
            out.add(node.module.split(".")[0])
    return out


def test_each_layer_imports_only_the_layers_below():
    package = ENGINE.parent
    allowed = {
        "render": ({"svgwrite"}, {"engine"}),
        # Exporting a notebook (widget/export.py) uses Jupyter's own notebook tools.
        "widget": ({"anywidget", "traitlets", "ipywidgets", "nbformat", "nbconvert", "nbclient"},
                   {"engine", "render"}),
    }
    for layer, (libraries, below) in allowed.items():
        files = sorted((package / layer).glob("*.py"))
        assert files
        for path in files:
            outside = {m for m in imported_modules(path)
                       if m not in sys.stdlib_module_names and m != "__future__"}
            assert outside <= libraries, f"{layer}/{path.name} imports {sorted(outside - libraries)}"
            assert relative_targets(path) <= below, \
                f"{layer}/{path.name} imports {sorted(relative_targets(path) - below)}"


def test_the_engine_and_the_command_load_no_jupyter_package():
    import subprocess

    code = ("import sys, sorry_widget.engine, sorry_widget.cli\n"
            "jupyter = sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'ipywidgets', 'anywidget', 'traitlets', 'IPython', 'ipykernel', 'jupyter_client',"
            " 'nbformat', 'nbconvert', 'comm'})\n"
            "print(','.join(jupyter))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "", done.stdout
