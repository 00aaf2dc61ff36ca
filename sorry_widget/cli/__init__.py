"""The ``sorry-widget`` command: ``moves``, ``score``, ``simulate``, ``coach``, ``ladder``,
``exact``, ``train``, ``play``, ``replay``, ``review``, ``cardgame``, ``export``, ``lessons``,
``lab``, ``--version``.

One module per concern: the board game's commands (board.py), its experiments
(experiments.py), the ladder of its players (ladder.py), exact answers (exact.py), the
learned player's training (training.py), reviews of games (review.py), the card game's
commands (cardgame.py), exports (export.py), the lessons' (lessons.py), and what they share
(common.py). ``main`` is the entry point (``sorry-widget``, ``python -m sorry_widget.cli``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .. import __version__
from ..core.project import DOCS_URL
from .board import add_moves_and_score, add_play_and_replay
from .cardgame import add_cardgame
from .common import Parser, RawDescriptionFormatter, lang_everywhere, one_line_warnings, tolerant_output
from .exact import add_exact
from .experiments import add_simulate_and_coach
from .export import add_export
from .ladder import add_ladder
from .lessons import add_lessons_and_lab
from .review import add_review
from .training import add_train
from .text import _, argparse_in_language, language_asked, set_language


def build_parser() -> Parser:
    parser = Parser(
        prog="sorry-widget", description=_("Sorry! rules engine: legal moves, games, simulations."),
        epilog=_("The rules, the file formats and every command:\n  {address}").format(
            address=DOCS_URL),
        formatter_class=RawDescriptionFormatter)
    parser.add_argument("--version", action="version", version=f"sorry-widget {__version__}",
                        help=_("show program's version number and exit"))
    sub = parser.add_subparsers(dest="command", required=True)
    # In the order `sorry-widget --help` lists them.
    for add in (add_moves_and_score, add_simulate_and_coach, add_ladder, add_exact,
                add_play_and_replay, add_train, add_review, add_cardgame, add_export,
                add_lessons_and_lab):
        add(sub)
    lang_everywhere(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    with argparse_in_language():
        return _run(argv)


def _run(argv: Sequence[str] | None) -> int:
    tolerant_output()
    one_line_warnings()
    # The help in the --lang asked for; then the command's own --lang, or English.
    set_language(language_asked(sys.argv[1:] if argv is None else argv))
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)
    set_language(getattr(args, "lang", None))
    if args.command == "lab":
        args.jupyter_args = rest
    elif rest:
        parser.error(_("unrecognized arguments: {arguments}").format(arguments=' '.join(rest)))
    try:
        return args.func(args)
    except BrokenPipeError:
        # The reader (head, less) stopped early: not an error of ours.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        # Ctrl-C: one line, the shell's status for it, and no file half written (files are
        # written whole or not at all, after the work). A bar still drawing ends its line
        # first, so the line is one of its own and no bar is drawn after it.
        if "sorry_widget.progress" in sys.modules:  # tqdm loaded only by a run with a bar
            from ..progress import close_open_bars

            close_open_bars()
        command = " ".join(filter(None, (args.command, getattr(args, "cardgame_command", None))))
        print(_("sorry-widget {command}: interrupted").format(command=command), file=sys.stderr)
        return 130
