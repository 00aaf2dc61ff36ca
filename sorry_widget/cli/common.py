"""What the commands share: answering JSON requests (a file or lines of stdin), usage errors,
the options several commands take (``--lang``, ``--engine``/``--workers``, ``--rules``/
``--option``, ``--strategy``), and the help lists, written from the registries."""

from __future__ import annotations

import argparse
import json
import sys

from ..board.cards import CARD_NAMES, CARDS_BY_NAME
from ..board.rules import OPTION_TYPES, RULE_SETS, RuleSet, get_rules
from ..board.state import MAX_POSITION_BYTES, PositionError
from ..core.messages import DEFAULT_LANGUAGE, LANGUAGES, explanation_in, word
from ..core.safeio import MAX_UNENDED_BYTES, read_json, read_json_file, shown, stream_lines
from ..core.seeds import MAX_SEED_CHARS
from ..simulation.experiments import ENGINES, WORKERS_PER_CORE, check_workers
from .text import N_, _

SEED_HELP = N_("replays a run; without it the run draws a fresh seed and prints it")

#: One request line of ``--jsonl``: a position is a few hundred bytes, a card state a few kB.
MAX_LINE_BYTES = 1_000_000


def seed_text(text: str) -> str:
    """A ``--seed`` as every command takes it: a text a record can keep (core/seeds.py's
    limit), refused by argparse, in the command's language, before any work starts."""
    if len(text) > MAX_SEED_CHARS:
        raise argparse.ArgumentTypeError(
            _("a text of {length:,} characters; a seed has at most {most}").format(
                length=len(text), most=MAX_SEED_CHARS))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError(
            _("the text holds a lone surrogate (an incomplete character)")) from None
    return text


def whole_number(low: int, high: int):
    """An argparse ``type``: a whole number from ``low`` to ``high``, refused by argparse in the
    command's language before any work (the library's own check says it in English)."""
    def whole(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{value}: not a whole number").format(
                value=shown(text))) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_("{value}: must be from {low:,} to {high:,}").format(
                value=shown(text), low=low, high=high))
        return value

    return whole


def rule_set_name(text: str) -> str:
    """An argparse ``type``: the name of a rule set, refused in the command's language."""
    try:
        get_rules(text)  # a name or one of its short forms ("teams")
    except ValueError:
        raise argparse.ArgumentTypeError(_("{name}: not a rule set; rule sets are {names}").format(
            name=shown(text), names=rule_set_list())) from None
    return text


def check_names(names, known, option: str) -> None:
    """Players named on the command line (``--strategy``, ``--strategies``): each one of
    ``known``, else a ValueError in the command's language, naming the first that is not."""
    for name in names:
        if name not in known:
            raise ValueError(_("{option}: {name} is not a player; players are {names}").format(
                option=option, name=shown(name), names=", ".join(known)))


def add_seed(p, help: str = SEED_HELP, default: str | None = None) -> None:
    p.add_argument("--seed", type=seed_text, default=default, help=_(help))


def card_list() -> str:
    """The board game's card names as a command line writes them: "1" "2" … "sorry"."""
    return " ".join(f'"{n}"' for n in CARD_NAMES.values())


def rule_set_list() -> str:
    return ", ".join(RULE_SETS)


def card_name(value, field: str) -> int:
    if not isinstance(value, str) or value not in CARDS_BY_NAME:
        raise ValueError(f"{field}: {value!r} is not a card name; cards are {card_list()}")
    return CARDS_BY_NAME[value]


def said(item, data: dict, language: str) -> dict:
    """A JSON answer's entry with its ``explanation`` in ``language`` (keys and notation stay
    as they are: the JSON contract does not change with the language)."""
    if language != DEFAULT_LANGUAGE and "explanation" in data:
        data = {**data, "explanation": explanation_in(item, language)}
    return data


def words(context: str, english: str, language: str, **values) -> str:
    """One of the command's own texts (core/words.py) in ``language``, filled in."""
    return word(english, language, context, **values)


def colour_word(colour: str, language: str) -> str:
    return word(colour, language, f"colour.{colour}")


def rules_word(name: str, language: str) -> str:
    """A rule set's name as a sentence says it: "classic" ("classic rules"), in French
    "classiques" ("règles classiques"); an unknown name as it is."""
    return word(name, language, f"ruleset_name.{name}")


def tolerant_output() -> None:
    """Text a terminal cannot show (a "—" on an ISO-8859-1 or ASCII terminal) is printed as
    "?" instead of ending the command with a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


def one_line_warnings() -> None:
    """A warning (numba's cache damaged, say) as one line on stderr, not Python's two."""
    import warnings

    def show(message, category, filename, lineno, file=None, line=None) -> None:
        print(_("sorry-widget: warning: {message}").format(message=message), file=file or sys.stderr)

    warnings.showwarning = show


def emit(obj) -> None:
    try:
        line = json.dumps(obj, ensure_ascii=False)
        line.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        # A lone surrogate echoed from the input, or a character the terminal's encoding lacks:
        # escaped, so the JSON stays exact.
        line = json.dumps(obj)
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def answer_lines(answer, what: str = "request", stream=None, max_lines: int | None = None) -> int:
    """Print ``answer(request)`` for each JSON line of ``stream`` (default: stdin), or
    ``{"error": "line N: …"}`` and go on, whatever the line holds; past ``max_lines`` lines,
    one error and no more is read. Exit status 1 if any line failed."""
    failed = False
    for lineno, line in stream_lines(sys.stdin.buffer if stream is None else stream,
                                     MAX_LINE_BYTES):
        if line is ...:
            emit({"error": f"line {lineno}: more than {MAX_UNENDED_BYTES:,} bytes with no line "
                           "end; the rest is not read"})
            return 1
        if max_lines is not None and lineno > max_lines:
            emit({"error": f"line {lineno}: more than {max_lines:,} lines; the rest is not read"})
            return 1
        if line is not None and not line.strip():
            continue
        try:
            if line is None:
                raise ValueError(f"{what}: longer than {MAX_LINE_BYTES:,} bytes")
            emit(answer(read_json(line, what=what, error=ValueError,
                                  max_bytes=MAX_LINE_BYTES)))
        except ValueError as exc:
            failed = True
            emit({"error": f"line {lineno}: {exc}"})
        except Exception as exc:  # noqa: BLE001 — one bad line must not end the stream
            failed = True
            emit({"error": f"line {lineno}: could not be answered ({type(exc).__name__}: "
                           f"{exc})"})
    return 1 if failed else 0


def answer_file(path: str, answer, what: str = "position",
                max_bytes: int = MAX_POSITION_BYTES) -> int:
    """Print ``answer(data)`` for a position (or state) file, or one ``{"error": …}`` line."""
    try:
        emit(answer(read_json_file(path, what=what, error=PositionError,
                                   max_bytes=max_bytes)))
    except ValueError as exc:
        emit({"error": str(exc)})
        return 1
    return 0


#: The longest refusal printed: past it, the middle of the message is left out, so that a
#: value echoed back (a 100,000-character --strategies) never floods the terminal.
MAX_ERROR_CHARS = 600


def capped(message: str) -> str:
    """``message`` as one line of at most about :data:`MAX_ERROR_CHARS` characters: its
    start (what was refused) and its end (what is allowed) kept, the middle cut."""
    message = " ".join(message.split())
    if len(message) <= MAX_ERROR_CHARS:
        return message
    head, tail = MAX_ERROR_CHARS * 2 // 3, MAX_ERROR_CHARS // 3
    return f"{message[:head]}…{message[-tail:]}"


def usage_error(message: str, status: int = 2, *, whole: bool = False) -> int:
    """Print ``sorry-widget COMMAND: …`` on stderr (one capped line) and return ``status``.
    ``whole``: not capped, for a line the package wrote itself that a person must read whole
    (which lesson files were copied and which were not, when a copy stops halfway)."""
    print(f"sorry-widget {' '.join(message.split()) if whole else capped(message)}",
          file=sys.stderr)
    return status


def stderr_bar():
    """A progress bar on stderr; tqdm is imported only for a run that shows one."""
    from ..progress import ProgressBar

    return ProgressBar(file=sys.stderr)


def duration(seconds: float, language: str) -> str:
    """A time taken, as a person reads it: "under 0.1 s", "2.3 s" (tenths under ten seconds),
    "42 s"; never "0.0 s" or "0 s"."""
    from ..core.numbers import format_number

    if seconds < 0.05:
        return _("under {limit} s").format(limit=format_number(0.1, language))
    return _("{seconds} s").format(seconds=format_number(seconds, language,
                                                          1 if seconds < 9.95 else 0))


def _option_value(text: str):
    """A ``--option`` value as JSON would read it: true/false, a number, else the text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def rules_from_args(args) -> RuleSet:
    """The rule set named by ``--rules`` with every ``--option key=value`` applied."""
    rules = get_rules(args.rules)
    options = {}
    for item in args.option or ():
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(_("--option {item}: write it as key=value, e.g. "
                               "sorry_forward_4=true").format(item=repr(item)))
        if key not in OPTION_TYPES:
            raise ValueError(_("--option {key}: not a rule option; options are {options}").format(
                key=key, options=", ".join(OPTION_TYPES)))
        options[key] = _option_value(value)
    return rules.with_options(**options)


def strategies_from_args(values: list[str] | None, default: str = "random", known=None):
    """``--strategy``, the same for both games: NAME (every player), NAME,NAME,… (one per
    seat, in turn order) or COLOUR=NAME (that colour; the others play ``default``), repeatable
    or comma-separated. Returns a name, a list of names, or a dict of colour to name, which
    both games take as they are."""
    items = [part.strip() for value in values or () for part in value.split(",")]
    if not items:
        return default
    named = [item for item in items if "=" in item]
    if not named:
        if known is not None:
            check_names(items, known, "--strategy")
        return items[0] if len(items) == 1 else items
    if len(named) != len(items):
        raise ValueError(_("--strategy: {items}: give either names (one for everyone or one per "
                           "seat) or COLOUR=NAME pairs, e.g. red=greedy, not both").format(
            items=repr(",".join(items))))
    chosen: dict[str, str] = {}
    for item in named:
        colour, _sep, name = (part.strip() for part in item.partition("="))
        if not colour or not name:
            raise ValueError(_("--strategy: {item}: expected COLOUR=NAME, e.g. "
                               "red=greedy").format(item=repr(item)))
        if colour in chosen:
            raise ValueError(_("--strategy: {colour} is given twice").format(colour=colour))
        chosen[colour] = name
    if known is not None:
        check_names(chosen.values(), known, "--strategy")
    return chosen


def add_strategy(p, names, default: str = "random") -> None:
    p.add_argument("--strategy", action="append", metavar="STRATEGY",
                   help=_("{names} (default: {default}): one for everyone, one per seat "
                          "comma-separated, or COLOUR=NAME for one colour (repeatable)").format(
                       names=", ".join(names), default=default))


def add_rules(p) -> None:
    p.add_argument("--rules", default="classic", type=rule_set_name, help=rule_set_list())
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help=_("a rule option, e.g. sorry_forward_4=true (repeatable)"))


def add_engine(p) -> None:
    p.add_argument("--engine", default="auto", choices=ENGINES,
                   help=_("batch (NumPy + numba, the fast extra), python, or auto: batch where "
                          "it is installed and plays these rules and strategies"))
    p.add_argument("--workers", type=int, default=None,
                   help=_("processes or threads to play on (default: every core; at most "
                          "{workers} per core)").format(workers=WORKERS_PER_CORE))


def workers_error(args, command: str) -> int | None:
    """A usage error if ``--workers`` asks for fewer than one or more than the machine takes,
    checked before any work starts."""
    try:
        check_workers(args.workers, "--workers")
    except ValueError as exc:
        return usage_error(f"{command}: {exc}")
    return None


class HelpFormatter(argparse.HelpFormatter):
    """Help texts shown as they are written: argparse would read the "%" of "95% intervals" as
    a %-format and crash ``--help`` (issue 39). No help text here uses argparse's
    ``%(default)s``; each says its default in words."""

    def _expand_help(self, action) -> str:
        return self._get_help_string(action)


class RawDescriptionFormatter(argparse.RawDescriptionHelpFormatter, HelpFormatter):
    """The program's own help: its description and epilog kept as written (the documentation's
    address on one line: the default formatter breaks it at its hyphen)."""


class Parser(argparse.ArgumentParser):
    """The program's parser and, as argparse makes each command's of its parent's class,
    every command's: help texts through :class:`HelpFormatter`."""

    def __init__(self, *args, formatter_class=HelpFormatter, **kwargs) -> None:
        super().__init__(*args, formatter_class=formatter_class, **kwargs)

    def error(self, message: str):
        """argparse's refusal (usage, then one line), capped as the commands' own are."""
        super().error(capped(message))


def command_parsers(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """(words, parser) of every command argparse holds under ``parser``: ``("ladder",)``,
    ``("cardgame",)``, ``("cardgame", "play")``, …"""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                yield (*path, name), command
                yield from command_parsers(command, (*path, name))


def add_lang(p, explains: bool = True, top: bool = False) -> None:
    """``--lang``, taken before the command or after it (one rule for every command): the
    top-level option holds the default, a command's takes only what is written after it, so
    ``sorry-widget --lang fr ladder`` is not undone by the command's default."""
    p.add_argument("--lang", choices=LANGUAGES,
                   default=DEFAULT_LANGUAGE if top else argparse.SUPPRESS,
                   help=_("the language of explanations and other words (JSON keys and "
                          "notation stay English; default: en)") if explains else
                   _("the language of the command's messages, refusals and help (default: "
                     "en)"))


def lang_everywhere(parser: argparse.ArgumentParser) -> None:
    """``--lang`` on the program and on every command that has not its own already."""
    add_lang(parser, explains=False, top=True)
    for _words, command in command_parsers(parser):
        if command.get_default("lang") is None:
            add_lang(command, explains=False)


def progress_option(p) -> None:
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help=_("show a progress bar on stderr (default: on a terminal for long "
                          "runs)"))
