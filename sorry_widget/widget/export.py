"""Pages that show SorryWidget boards with no kernel and no network.

A school network may refuse every outside request, so nothing here is fetched: the widget's ES
module and CSS, each board's state and a small page-side model (``page.js``) are written into
the page itself. Two uses:

- :func:`standalone_page`: one replay page (``SorryWidget.to_html``).
- :func:`export_notebook`: a whole lesson as one HTML page (``sorry-widget export``). Every
  board becomes a live replay; other widgets (progress bars) show their text.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

_HERE = Path(__file__).parent

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
#: The largest notebook exported: the lessons are under 100 kB without outputs, a few MB with.
MAX_NOTEBOOK_BYTES = 100_000_000


def _script_json(value) -> str:
    """JSON that is safe inside a <script> element: no '<' can close or open a tag."""
    return json.dumps(value, separators=(",", ":")).replace("<", "\\u003c")


def _board_state(state: dict) -> dict:
    """The traits the page reads: the module and styles travel once per page."""
    return {k: v for k, v in state.items() if not k.startswith("_")}


def _holder(element_id: str, state: dict, picture: str = "") -> str:
    return (f'<div class="sorry-widget-holder" data-sorry-widget="{element_id}">{picture}</div>'
            f'<script type="application/json" id="{element_id}">{_script_json(state)}</script>')


def _runtime() -> str:
    """What every page with boards needs once: the styles, the module, and the runner."""
    esm = (_HERE / "widget.js").read_text(encoding="utf-8")
    css = (_HERE / "widget.css").read_text(encoding="utf-8")
    runner = (_HERE / "page.js").read_text(encoding="utf-8")
    return (f"<style>{css}</style>\n"
            f'<script type="application/json" id="sorry-widget-esm">{_script_json(esm)}</script>\n'
            f'<script type="module">\n{runner}</script>\n')


def standalone_page(widgets, title: str = "Sorry! replay") -> str:
    """One HTML page replaying ``widgets`` (SorryWidget objects) offline."""
    holders = "\n".join(_holder(f"sorry-state-{i}", _board_state(w.get_state()), w.svg())
                        for i, w in enumerate(widgets))
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{html.escape(title)}</title>\n"
            "<style>body{margin:16px;font-family:system-ui,sans-serif;}"
            "h1{font-size:1.4em;margin:0 0 12px;}</style>\n</head>\n"
            # A heading and a main landmark: what a screen reader's reader jumps to.
            f"<body>\n<main>\n<h1>{html.escape(title)}</h1>\n{holders}\n</main>\n"
            f"{_runtime()}</body>\n</html>\n")


def _is_board(state: dict) -> bool:
    return "drawing" in state and "plays" in state and "_esm" in state


def _chart_inline(data: dict) -> None:
    """A lesson's chart (render/charts.py) goes into the page as inline SVG, not nbconvert's
    <img> of it: inline, its text alternative (aria-label, <title>) reaches a screen reader and
    it follows the page's theme; like the picture, it needs nothing from the network."""
    from ..render.charts import MARKER_CLASS

    svg = data.get("image/svg+xml")
    svg = "".join(svg) if isinstance(svg, list) else svg
    if isinstance(svg, str) and "text/html" not in data and \
            svg.lstrip().startswith("<svg") and f'class="{MARKER_CLASS} ' in svg[:4000]:
        data["text/html"] = f'<figure class="sorry-chart">{svg}</figure>'


def export_notebook(notebook, execute: bool = True, timeout: int = 300) -> str:
    """The notebook (a path or an ``nbformat`` node) as one self-contained HTML page.

    With ``execute`` the notebook is run first (the lessons are stored without outputs), in the
    notebook's folder. Every board becomes a replay that runs offline; any other widget shows
    its text or picture; the page loads nothing from the network.
    """
    import nbformat
    from nbconvert import HTMLExporter

    path = None
    if isinstance(notebook, (str, Path)):
        from ..core.errors import SorryError
        from ..core.safeio import read_text

        path = Path(notebook)
        nb = nbformat.reads(read_text(path, what="notebook", error=SorryError,
                                      max_bytes=MAX_NOTEBOOK_BYTES), as_version=4)
    else:
        nb = notebook
    if execute:
        from nbclient import NotebookClient

        NotebookClient(nb, timeout=timeout, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent) if path else "."}},
                       store_widget_state=True).execute()
    states = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    boards = 0
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            _chart_inline(data)
            view = data.get(WIDGET_VIEW)
            if view is None:
                continue
            del data[WIDGET_VIEW]
            state = states.get(view.get("model_id"), {}).get("state", {})
            if _is_board(state):
                picture = data.get("image/svg+xml", "")
                data["text/html"] = _holder(f"sorry-state-{boards}", _board_state(state),
                                            picture if isinstance(picture, str) else
                                            "".join(picture))
                boards += 1
    # Without widget state nbconvert adds no widget manager; the CDN addresses it would load
    # are what leaves an offline page blank.
    nb.metadata.pop("widgets", None)
    exporter = HTMLExporter(template_name="lab")
    exporter.require_js_url = "data:text/javascript,"
    exporter.mathjax_url = "data:text/javascript,"
    body, _ = exporter.from_notebook_node(nb)
    if boards:
        body = body.replace("</body>", _runtime() + "</body>", 1)
    return body
