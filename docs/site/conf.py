"""Sphinx configuration of the docs site (https://sorry-widget.github.io/sorry_widget/).

Not run from here: ``bash scripts/build-docs.sh OUTDIR`` (scripts/build_docs.py) stages this
folder, the pages of docs/, the README and the lessons into build/docs/src and builds that, with
warnings as errors. The pages stay plain Markdown that reads on GitHub and from the lessons.
"""

from __future__ import annotations

import html
import inspect
import os
import re
import sys
from pathlib import Path

ROOT = Path(os.environ.get("SORRY_DOCS_ROOT", Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(ROOT))

import sorry_widget  # noqa: E402

project = "sorry_widget"
author = "sorry_widget developers"
copyright = "sorry_widget developers"
release = version = sorry_widget.__version__

extensions = [
    "myst_nb",                  # Markdown (MyST) pages and the executed lessons
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",   # the API reference, generated from the package at build time
    "sphinx.ext.githubpages",   # .nojekyll
]

html_theme = "furo"
html_title = "sorry_widget"
html_baseurl = "https://sorry-widget.github.io/sorry_widget/"
html_static_path: list[str] = []
html_copy_source = False
html_show_sourcelink = False
templates_path = ["_templates"]
exclude_patterns = ["_build", "**/.ipynb_checkpoints", "lessons/out", "lessons/games"]

# --- Markdown ---------------------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
# GitHub's heading anchors (docs/limits.md links position-format.md#the-legal-moves-of-...).
myst_heading_anchors = 4

# --- The lessons: executed at build time, cached ------------------------------------------------
nb_execution_mode = "cache"
# (build_docs.py names the folder after the package's files: a changed package runs them again)
nb_execution_cache_path = os.environ.get("SORRY_DOCS_CACHE",
                                         str(ROOT / "build" / "docs" / "jupyter-cache"))
nb_execution_timeout = 300
nb_execution_raise_on_error = True
nb_execution_show_tb = True
# No widget manager from a CDN: a widget's output shows the picture every board and card-table
# widget carries beside its view (image/svg+xml; its description becomes the alt text, below),
# so the page works offline and shows where the board stood.
nb_ipywidgets_js: dict = {}
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("dirhtml", "application/vnd.jupyter.widget-view+json", None),
]

# --- The API reference ---------------------------------------------------------------------------
autosummary_generate = True
autosummary_imported_members = False
# Each object is described once, in the module that defines it: a package's __init__ (and its
# __all__) re-exports names, and their pages link to where they are defined.
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True,
                           "ignore-module-all": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_class_signature = "separated"
# Every :class:/:func:/:meth: in the docstrings must name something the reference documents.
nitpicky = True
# Types from outside the project that annotations name but no inventory here describes (the
# build reads no other site's objects.inv: the network has package registries only).
nitpick_ignore_regex = [
    ("py:(class|obj|exc|data|func|mod|meth|attr)", r"(?!sorry_widget\b)\w+\..*"),
    ("py:mod", r"(?!sorry_widget\b)\w+"),
]


# A JSON example in docs/position-format.md elides part of an answer with "…": Pygments shows
# it as plain text, which is right for it.
suppress_warnings = ["misc.highlighting_failure"]


def _resolve_in_module(app, env, node, contnode):
    """A docstring's ``:class:`Game``` means what ``Game`` means in its own module (imported
    there, as the source reads), or in a class the member it names from a base class, or else
    the one project object of that short name and kind: resolved to where that object is
    documented. Anything still unknown or ambiguous stays a warning (an error)."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip("~.")
    if not target or target.startswith("sorry_widget."):
        return None
    domain = env.get_domain("py")
    objects = domain.objects
    found = None
    module = sys.modules.get(node.get("py:module") or "")
    head, _, rest = target.partition(".")
    value = getattr(module, head, None) if module else None
    if value is not None:
        for part in filter(None, rest.split(".")):
            value = getattr(value, part, None)
        name = getattr(value, "__name__", None) if inspect.ismodule(value) else (
            f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', '')}")
        if name in objects:
            found = name
    owner = getattr(module, node.get("py:class") or "", None) if module else None
    if found is None and inspect.isclass(owner):     # a method or attribute it inherits
        for base in owner.__mro__[1:]:
            name = f"{base.__module__}.{base.__qualname__}.{target}"
            if name in objects:
                found = name
                break
    if found is None:   # the one project object of that name and of a kind the role names
        kinds = set(domain.objtypes_for_role(node["reftype"]) or ())
        matches = [n for n, entry in objects.items() if n.startswith("sorry_widget.")
                   and n.endswith("." + target) and (not kinds or entry.objtype in kinds)]
        if len(matches) == 1:
            found = matches[0]
    if found is None:
        return None
    return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], found,
                               node.copy(), contnode) or None


def _public_bases(app, name, obj, options, bases):
    """A class's bases as shown: a private base (``_TeamPlay``) is replaced by its own bases;
    ``object`` goes unsaid."""
    shown = []
    for base in bases:
        todo = [base]
        while todo:
            b = todo.pop(0)
            if b is object:
                continue
            if getattr(b, "__name__", "").startswith("_"):
                todo[:0] = list(b.__bases__)
            elif b not in shown:
                shown.append(b)
    bases[:] = shown


def _drop_widget_state(app, pagename, *args):
    """No widget manager reads it on these pages (none is loaded): the widgets' saved state,
    megabytes on the rules tour, is left out of the page."""
    js_files = getattr(app.env, "nb_metadata", {}).get(pagename, {}).get("js_files", {})
    js_files.pop("ipywidgets_state", None)


def _alt_from_svg(app, doctree):
    """A board or table picture that a lesson's output became keeps its own description: the
    image's alt text is the SVG's aria-label ("Sorry! board. red: 12, …"), not its file name."""
    from docutils import nodes

    for image in doctree.findall(nodes.image):
        uri = image.get("uri", "")
        if not uri.endswith(".svg"):
            continue
        path = Path(uri) if Path(uri).is_absolute() else Path(app.srcdir) / uri
        if not path.is_file():
            continue
        with path.open(encoding="utf-8", errors="replace") as svg:
            head = svg.read(4000)
        label = re.search(r'<svg\b[^>]*\baria-label="([^"]*)"', head)
        if label:
            image["alt"] = html.unescape(label.group(1))


def setup(app):
    app.connect("doctree-read", _alt_from_svg)
    app.connect("html-page-context", _drop_widget_state, priority=400)
    app.connect("missing-reference", _resolve_in_module)
    app.connect("autodoc-process-bases", _public_bases)
    return {"parallel_read_safe": True}
