"""``export``: a lesson as one HTML page whose boards replay offline."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from .common import usage_error
from .text import _


def cmd_export(args) -> int:
    """A lesson as one HTML page that shows its boards offline (the widget layer, loaded only
    here, so the other commands never import Jupyter)."""
    source = Path(args.notebook)
    if not os.path.lexists(source):
        return usage_error(_("export: no such notebook {path}").format(path=repr(str(source))))
    out = Path(args.output) if args.output else source.with_suffix(".html")
    from ..core.errors import SorryError
    from ..core.safeio import check_output_path, open_regular, write_text_atomic

    try:  # a FIFO or a device is refused unread; the page's path before the notebook runs
        open_regular(source, what="export", error=SorryError).close()
        check_output_path(out, what="export", error=SorryError)
    except SorryError as exc:
        return usage_error(str(exc), 1)
    try:
        from ..widget.export import export_notebook

        page = export_notebook(source, execute=args.execute)
    except ImportError as exc:
        return usage_error(_("export: needs the notebook tools ({package}); install "
                             "sorry-widget[lab]").format(package=exc.name))
    except Exception as exc:  # a cell that fails: say which, not a traceback
        return usage_error(f"export: {source}: {type(exc).__name__}: "
                           f"{str(exc).strip().splitlines()[-1] if str(exc).strip() else exc!r}",
                           1)
    try:  # whole or not at all: a failed export leaves the old page as it was
        write_text_atomic(out, page, what="export", error=SorryError)
    except SorryError as exc:
        return usage_error(str(exc), 1)
    print(_("wrote {path} ({size:,} bytes; opens offline)").format(path=out,
                                                                 size=len(page.encode())))
    return 0


def add_export(sub) -> None:
    p = sub.add_parser("export", help=_("a notebook as one HTML page whose boards replay offline"))
    p.add_argument("notebook", help=_("the .ipynb file (a lesson)"))
    p.add_argument("-o", "--output", help=_("the page to write (default: beside the notebook)"))
    p.add_argument("--execute", action=argparse.BooleanOptionalAction, default=True,
                   help=_("run the notebook first (default; the lessons are stored without "
                          "outputs)"))
    p.set_defaults(func=cmd_export)
