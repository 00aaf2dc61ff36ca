"""Every command of ``sorry-widget``, found from its parser, so that a command added later is
covered at once (issue 39): its help in both languages, ``--lang`` before or after the
command, ``--seed``'s limit, and refusals that echo back only a short piece of what they were
given."""

from __future__ import annotations

import argparse
import gettext
import re
from pathlib import Path

import pytest

from english import english_outside_notation
from sorry_widget.cli import build_parser
from support.commands import run

LOCALE = Path(__file__).resolve().parent.parent / "sorry_widget" / "locale"


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """The words of every command the parser holds, sub-commands (``cardgame play``) too."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                yield (*path, name)
                yield from _commands(command, (*path, name))


COMMANDS = list(_commands(build_parser()))
#: The program itself and each command.
EVERY = [()] + COMMANDS


def test_the_commands_are_found_from_the_parser():
    assert {"ladder", "train", "exact", "lab"} <= {c[0] for c in COMMANDS}
    assert ("cardgame", "play") in COMMANDS


def french(english: str) -> str:
    found = gettext.translation("cli", LOCALE, languages=["fr"]).pgettext(english, english)
    assert found != english, f"no French for {english!r}"
    return found


def english_in(text: str) -> list[str]:
    """The English words of a line that should be French, its options (``--seed``) apart."""
    return english_outside_notation(re.sub(r"--[\w-]+", " ", text))


@pytest.fixture(autouse=True)
def no_jupyterlab(monkeypatch):
    """``lab`` hands the options it does not know to JupyterLab, replacing this process: a
    test of a wrong command line must fail, not start it."""
    import os

    def started(*args):
        raise AssertionError(f"JupyterLab was started: {args}")

    monkeypatch.setattr(os, "execv", started)


# --- the help: every command, both languages, every place of --lang -------------------------

HELP_ASKED = {
    "-h": lambda command: [*command, "-h"],
    "--help": lambda command: [*command, "--help"],
    "--lang fr --help": lambda command: [*command, "--lang", "fr", "--help"],
    "COMMAND --help --lang fr": lambda command: [*command, "--help", "--lang", "fr"],
    "--lang fr COMMAND --help": lambda command: ["--lang", "fr", *command, "--help"],
}


def _names() -> set[str]:
    """What a help shows in the same words in both languages: the commands', the players' and
    the positional arguments' names."""
    from sorry_widget.board.strategies import STRATEGIES

    names = {word for command in COMMANDS for word in command} | set(STRATEGIES)
    for command in COMMANDS:
        names |= {a.dest for a in _parser_of(command)._actions if not a.option_strings}
    return names


def _prose(help_text: str) -> str:
    """The help's sentences: without the usage lines (the syntax, the same in both languages),
    and without the words of syntax and notation: options, METAVARS, names, and tokens written
    with - _ = { } / (``apologies-reward``, ``sorry_forward_4=true``, ``{card name: count}``)."""
    names = _names()
    body = help_text.split("\n\n", 1)[1] if "\n\n" in help_text else ""
    return " ".join(word for word in body.split()
                    if not any(mark in word for mark in "-_={}/")
                    and not word.strip("[](),;:").isupper() and word.strip("[](),;:") not in names)


@pytest.mark.parametrize("asked", list(HELP_ASKED))
@pytest.mark.parametrize("command", EVERY, ids=lambda c: " ".join(c) or "sorry-widget")
def test_every_help_is_shown_in_the_language_asked_for(capsys, command, asked):
    """The help of the program and of each command exits 0 however it is asked for (a "%" in a
    help text crashed all of them), and is French when French is asked for."""
    status, text, err = run(capsys, *HELP_ASKED[asked](command))
    assert status == 0, err
    assert text.startswith("usage") and err == ""
    if "fr" in asked:
        assert text.startswith(french("usage: "))
        assert french("show this help message and exit") in text
        assert english_outside_notation(_prose(text)) == []
    else:
        assert text.startswith("usage: ") and "show this help message and exit" in text


def test_train_says_what_it_trains_and_how_long_it_takes(capsys):
    _, text, _ = run(capsys, "train", "--help")
    flat = " ".join(text.split())
    assert "learned player" in flat and "minutes" in flat and "--games" in flat


# --- --lang: one rule, every command ------------------------------------------------------------

def _refused(capsys, *args: str) -> str:
    """The last line of a refusal by argparse, which every command gives the same way."""
    status, _, err = run(capsys, *args)
    assert status == 2
    return err.splitlines()[-1]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_takes_lang_before_or_after_it(capsys, command):
    """``--lang`` goes before the command or after it, for every command (``train --lang fr``
    and ``--lang fr ladder`` were refused). A bad value shows that the command itself read it
    (an option it lacked would be "unrecognized", or go on to JupyterLab for ``lab``), refused
    in the language asked for before it."""
    english = _refused(capsys, *command, "--lang", "xx")
    assert english.endswith("argument --lang: invalid choice: 'xx' (choose from 'en', 'fr')")
    refusal = french("argument %(argument_name)s: %(message)s") % {
        "argument_name": "--lang",
        "message": french("invalid choice: %(value)r (choose from %(choices)s)") % {
            "value": "xx", "choices": "'en', 'fr'"}}
    for args in (["--lang", "fr", *command, "--lang", "xx"],
                 [*command, "--lang", "fr", "--lang", "xx"]):
        line = _refused(capsys, *args)
        assert line.endswith(refusal), line
        assert english_in(line.split(":", 1)[1]) == []


@pytest.mark.parametrize("args", [
    ["--lang", "fr", "play", "--seed", "1", "--players", "2"],
    ["play", "--seed", "1", "--players", "2", "--lang", "fr"],
    ["--lang", "fr", "ladder", "--games", "2", "--resamples", "2", "--seed", "1",
     "--strategies", "random,greedy", "--no-progress"],
])
def test_lang_before_the_command_is_the_commands_language(capsys, args):
    status, out, _ = run(capsys, *args)
    assert status == 0
    assert english_outside_notation(out.replace("(random)", "").replace("(greedy)", "")) == []


def test_train_takes_lang_like_every_command(capsys):
    for args in (["train", "--max-minutes", "0", "--lang", "fr"],
                 ["--lang", "fr", "train", "--max-minutes", "0"]):
        status, _, err = run(capsys, *args)
        assert status == 2 and err.startswith("sorry-widget train")
        assert english_in(err) == []


def test_the_command_s_lang_wins_over_the_programs(capsys):
    parser = build_parser()
    assert parser.parse_args(["--lang", "fr", "play", "--lang", "en"]).lang == "en"
    assert parser.parse_args(["--lang", "fr", "play"]).lang == "fr"
    assert parser.parse_args(["play", "--lang", "fr"]).lang == "fr"
    assert parser.parse_args(["play"]).lang == "en"


# --- limits on what is typed --------------------------------------------------------------------

def _with_option(option: str):
    return [c for c in COMMANDS
            if any(option in a.option_strings for a in _parser_of(c)._actions)]


def _parser_of(command):
    parser = build_parser()
    for word in command:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[word]
    return parser


SEEDED = _with_option("--seed")


def test_the_commands_that_take_a_seed_are_found():
    assert {("train",), ("ladder",), ("play",), ("simulate",), ("cardgame", "play")} <= set(SEEDED)


@pytest.mark.parametrize("command", SEEDED, ids=" ".join)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_seed_is_held_to_the_records_limit_before_any_work(capsys, command, lang):
    """A seed is written into records and weights: at most 100 characters (core/seeds.py), and
    ``train --seed <100,000 characters>`` trained for minutes and wrote it all."""
    line = _refused(capsys, *command, "--seed", "s" * 100_000, "--lang", lang)
    assert "--seed" in line and "100000" in re.sub(r"[\s,]", "", line) and "s" * 200 not in line
    if lang == "fr":
        assert english_in(line.split(":", 1)[1]) == []


LONG = "x" * 100_000
#: Each way a command takes a name or a word: given 100,000 characters of it.
ECHOED = [
    ("ladder", "--strategies", f"random,{LONG}"),
    ("play", "--strategy", LONG),
    ("simulate", "--strategy", LONG, "--games", "1"),
    ("play", "--rules", LONG),
    ("play", "--option", f"{LONG}=1"),
    ("play", "--players", LONG),
    ("ladder", "--players", LONG),
    ("cardgame", "play", "--strategy", LONG),
    ("exact", LONG),
    ("play", "--lang", LONG),
    ("play", LONG),
]


@pytest.mark.parametrize("args", ECHOED, ids=lambda a: " ".join(w[:12] for w in a))
def test_a_refusal_echoes_only_a_short_piece_of_what_it_was_given(capsys, args):
    status, out, err = run(capsys, *args)
    assert status == 2 and out == ""
    last = err.splitlines()[-1]
    assert last.startswith("sorry-widget") and len(last) <= 700, len(last)
    assert len(err) <= 2_000


# --- times taken ---------------------------------------------------------------------------------

@pytest.mark.parametrize("seconds, english, french_text", [
    (0.0, "under 0.1 s", "moins de 0,1 s"), (0.04, "under 0.1 s", "moins de 0,1 s"),
    (2.34, "2.3 s", "2,3 s"), (42.4, "42 s", "42 s"), (1234.0, "1,234 s", "1\u202f234 s"),
])
def test_a_time_taken_is_never_0_s(seconds, english, french_text):
    """The ladder's "56 games in 0 s" and the like: tenths under ten seconds, and "under 0.1 s"
    for less."""
    from sorry_widget.cli import text
    from sorry_widget.cli.common import duration

    assert duration(seconds, "en") == english
    try:
        text.set_language("fr")
        assert duration(seconds, "fr") == french_text
    finally:
        text.set_language("en")


# --- refusals of a --lang fr command are French -----------------------------------------------

#: Each kind of bad argument the commands refuse before any work, for each command that takes
#: it: a count out of range or not a number, an unknown rule set, an unknown player, a seed
#: too long, a bad --lang or option.
REFUSED = [
    ("ladder", "--games", "0"), ("ladder", "--resamples", "x"), ("ladder", "--slow-games", "0"),
    ("ladder", "--strategies", "random,zzz"), ("simulate", "--games", "0"),
    ("simulate", "--strategy", "zzz"), ("simulate", "--strategy", "red=zzz"),
    ("simulate", "--rules", "zzz"), ("play", "--rules", "zzz"),
    ("play", "--strategy", "zzz"), ("play", "--option", "zzz=1"),
    ("play", "--players", "x"), ("cardgame", "simulate", "--games", "0"),
    ("cardgame", "play", "--strategy", "zzz"), ("exact", "race", "--rules", "zzz"),
    ("exact", "zzz"), ("coach", "p.json"), ("moves",), ("train", "--max-minutes", "0"),
]


@pytest.mark.parametrize("args", REFUSED, ids=" ".join)
def test_a_refusal_of_a_french_command_is_french(capsys, args):
    line = _refused(capsys, *args, "--lang", "fr")
    assert line.startswith(f"sorry-widget {args[0]}")
    from sorry_widget.board.rules import OPTION_TYPES, RULE_SETS

    names = _names() | set(RULE_SETS) | set(OPTION_TYPES) | {"POSITION"}
    said = " ".join(word for word in line.split(" ", 2)[2].split()
                    if word.strip(",;:()'") not in names and "-" not in word.lstrip("-"))
    assert english_in(said) == [], line
    english = _refused(capsys, *args)
    assert english != line
