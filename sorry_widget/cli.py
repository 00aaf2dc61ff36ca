"""The ``sorry-widget`` command: ``moves``, ``score``, ``simulate``, ``coach``, ``exact``,
``play``, ``replay``, ``export``, ``lessons``, ``lab``, ``--version``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from collections.abc import Sequence

from .board.cards import CARD_NAMES, CARDS_BY_NAME, DECKS
from .board.game import Game, GameError
from .board.moves import hand_moves, legal_moves
from .board.state import MAX_POSITION_BYTES, Position, PositionError
from .core.messages import DEFAULT_LANGUAGE, LANGUAGES, explanation_in, word
from .core.project import DOCS_URL
from .core.messages import Message
from .core.safeio import read_json, read_json_file
from .lesson_files import DEFAULT_FOLDER
from .board.record import Record, RecordError
from .board.rules import OPTION_TYPES, RULE_SETS, RuleSet, get_rules
from .simulation.experiments import ENGINES, FastEngineMissing, simulate
from .board.strategies import STRATEGIES
from . import __version__

SEED_HELP = "replays a run; without it the run draws a fresh seed and prints it"


def _card_name(value, field: str) -> int:
    if not isinstance(value, str) or value not in CARDS_BY_NAME:
        raise ValueError(f"{field}: {value!r} is not a card name; cards are "
                         + " ".join(f'"{n}"' for n in CARD_NAMES.values()))
    return CARDS_BY_NAME[value]


def _said(item, data: dict, language: str) -> dict:
    """A JSON answer's entry with its ``explanation`` in ``language`` (keys and notation stay
    as they are: the JSON contract does not change with the language)."""
    if language != DEFAULT_LANGUAGE and "explanation" in data:
        data = {**data, "explanation": explanation_in(item, language)}
    return data


def _words(context: str, english: str, language: str, **values) -> str:
    """One of the command's own texts (core/words.py) in ``language``, filled in."""
    return word(english, language, context, **values)


def _colour(colour: str, language: str) -> str:
    return word(colour, language, f"colour.{colour}")


def _moves_answer(request, language: str = DEFAULT_LANGUAGE) -> dict:
    """One answer line (docs/position-format.md) for one request object; raises ValueError if it is bad."""
    if not isinstance(request, dict):
        raise ValueError("request: expected an object with keys position and card (or hand)")
    unknown = set(request) - {"position", "card", "hand"}
    if unknown:
        raise ValueError(f"{sorted(unknown)[0]}: not a key of a moves request")
    if "card" in request and "hand" in request:
        raise ValueError("hand: give a card or a hand, not both")
    if "card" not in request and "hand" not in request:
        raise ValueError("card: missing")
    if "position" not in request:
        raise ValueError("position: missing")
    if "hand" in request:
        return _hand_answer(request["position"], request["hand"], language)
    card = _card_name(request["card"], "card")
    position = Position.from_dict(request["position"])
    moves = legal_moves(position, card)
    return {"card": request["card"], "moves": [_said(m, m.to_dict(), language) for m in moves]}


def _hand_answer(data, hand, language: str = DEFAULT_LANGUAGE) -> dict:
    """Every play from a hand (play for points, P2–P3): each move says the card it plays."""
    position = Position.from_dict(data)
    rules = position.rules
    if not rules.deals_hands:
        with_hands = " and ".join(r.name for r in RULE_SETS.values() if r.deals_hands)
        raise ValueError(f"hand: {rules.name} is played one card at a time; only "
                         f"{with_hands} plays from a hand")
    if not isinstance(hand, list) or not 1 <= len(hand) <= rules.hand_size:
        raise ValueError(f"hand: expected a list of 1 to {rules.hand_size} card names")
    cards = [_card_name(c, f"hand[{i}]") for i, c in enumerate(hand)]
    deck = DECKS[rules.deck]
    for card in set(cards):
        if cards.count(card) > deck.get(card, 0):
            raise ValueError(f"hand: {cards.count(card)} cards {CARD_NAMES[card]!r}, but the "
                             f"{rules.deck} deck has {deck.get(card, 0)}")
    return {"hand": hand, "moves": [_said(m, m.to_dict(with_card=True), language)
                                    for m in hand_moves(position, cards)]}


def _emit(obj) -> None:
    try:
        line = json.dumps(obj, ensure_ascii=False)
        line.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate echoed from the input: escape it instead
        line = json.dumps(obj)
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def cmd_moves(args) -> int:
    if args.jsonl:
        if args.position:
            return _usage_error("moves: give either a POSITION file or --jsonl, not both")
        return _answer_lines(lambda request: _moves_answer(request, args.lang))
    if not args.position:
        return _usage_error("moves: give a POSITION file (or --jsonl to read requests from stdin)")
    if args.card is None:
        return _usage_error("moves: --card is required with a POSITION file")
    return _answer_file(args.position, lambda data: _moves_answer({"position": data,
                                                                   "card": args.card},
                                                                  args.lang))


#: One request line of ``--jsonl``: a position is a few hundred bytes, a card state a few kB.
MAX_LINE_BYTES = 1_000_000


def _request_lines(stream):
    """(line number, bytes of the line or None where it is longer than MAX_LINE_BYTES); a long
    line is skipped in pieces, never held whole."""
    lineno = 0
    while True:
        line = stream.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        lineno += 1
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = stream.readline(MAX_LINE_BYTES)
            yield lineno, None
        else:
            yield lineno, line


def _answer_lines(answer, what: str = "request") -> int:
    """Print ``answer(request)`` for each JSON line of stdin, or ``{"error": "line N: …"}``
    and go on, whatever the line holds; exit status 1 if any line failed."""
    failed = False
    for lineno, line in _request_lines(sys.stdin.buffer):
        if line is not None and not line.strip():
            continue
        try:
            if line is None:
                raise ValueError(f"{what}: longer than {MAX_LINE_BYTES:,} bytes")
            _emit(answer(read_json(line, what=what, error=ValueError,
                                   max_bytes=MAX_LINE_BYTES)))
        except ValueError as exc:
            failed = True
            _emit({"error": f"line {lineno}: {exc}"})
        except Exception as exc:  # noqa: BLE001 — one bad line must not end the stream
            failed = True
            _emit({"error": f"line {lineno}: could not be answered ({type(exc).__name__}: "
                            f"{exc})"})
    return 1 if failed else 0


def _answer_file(path: str, answer, what: str = "position",
                 max_bytes: int = MAX_POSITION_BYTES) -> int:
    """Print ``answer(data)`` for a position (or state) file, or one ``{"error": …}`` line."""
    try:
        _emit(answer(read_json_file(path, what=what, error=PositionError,
                                    max_bytes=max_bytes)))
    except ValueError as exc:
        _emit({"error": str(exc)})
        return 1
    return 0


def score_answer(data) -> dict:
    """``{"rules", "winner", "scores"}`` of a position (docs/position-format.md, *Scores*)."""
    position = Position.from_dict(data)
    return {"rules": position.rules.name, **position.rules.result(position).to_dict()}


def cmd_score(args) -> int:
    return _answer_file(args.position, score_answer)


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
            raise ValueError(f"--option {item!r}: write it as key=value, e.g. "
                             "sorry_forward_4=true")
        if key not in OPTION_TYPES:
            raise ValueError(f"--option {key}: not a rule option; options are "
                             f"{', '.join(OPTION_TYPES)}")
        options[key] = _option_value(value)
    return rules.with_options(**options)


def stderr_bar():
    """A progress bar on stderr; tqdm is imported only for a run that shows one."""
    from .progress import ProgressBar

    return ProgressBar(file=sys.stderr)


def cmd_simulate(args) -> int:
    show_progress = args.progress or (args.progress is None and args.games >= 2000
                                      and sys.stderr.isatty())
    try:
        with dask_client(args.scheduler) as client:
            summary = simulate(players=args.players, games=args.games, strategy=args.strategy,
                               seed=args.seed, rules=rules_from_args(args),
                               progress=stderr_bar() if show_progress else None,
                               engine=args.engine, workers=args.workers, client=client)
    except (ValueError, FastEngineMissing) as exc:
        print(f"sorry-widget simulate: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary.to_dict()))
    else:
        print(summary.report())
    return 0


class dask_client:
    """``--scheduler ADDRESS``: a Dask client for the run, closed afterwards; None without."""

    def __init__(self, address: str | None) -> None:
        self.address = address
        self.client = None

    def __enter__(self):
        if self.address is None:
            return None
        try:
            from distributed import Client
        except ImportError:
            raise FastEngineMissing("--scheduler needs Dask's distributed package, which is not "
                                    "installed here; install it with pip install "
                                    "'sorry-widget[dask]'") from None
        try:
            self.client = Client(self.address, timeout="10s")
        except (OSError, TimeoutError) as exc:
            raise ValueError(f"--scheduler {self.address}: no Dask scheduler answers there "
                             f"({exc})") from None
        return self.client

    def __exit__(self, *exc) -> None:
        if self.client is not None:
            self.client.close()


def _advice(data, args):
    from .simulation.coach import coach

    return coach(Position.from_dict(data), _card_name(args.card, "--card"),
                 rollouts=args.rollouts, strategy=args.strategy, seed=args.seed,
                 engine=args.engine, workers=args.workers, method=args.method,
                 budget=args.budget)


def cmd_coach(args) -> int:
    if args.rollouts < 1:
        return _usage_error(f"coach: --rollouts must be at least 1, not {args.rollouts}")
    if args.json:
        try:
            return _answer_file(args.position, lambda data: _advice(data, args).to_dict())
        except FastEngineMissing as exc:
            return _usage_error(f"coach: {exc}")
    try:
        data = read_json_file(args.position, what="position", error=PositionError,
                              max_bytes=MAX_POSITION_BYTES)
        advice = _advice(data, args)
    except (ValueError, FastEngineMissing) as exc:
        return _usage_error(f"coach: {exc}")
    print(advice.report())
    return 0


def cmd_exact(args) -> int:
    from .simulation import exact
    solve, report = ((exact.journey, exact.journey_report) if args.case == "journey"
                     else (exact.race, exact.race_report))
    try:
        answer = solve(args.rules)
    except ValueError as exc:
        return _usage_error(f"exact: {exc}")
    print(json.dumps(answer.to_json()) if args.json else report(answer))
    return 0


def _log_lines(moves, plays, language: str = DEFAULT_LANGUAGE) -> list[str]:
    lines = []
    for move, play in zip(moves, plays):
        lines.append(f"{play.turn:>4}  {_colour(play.colour, language):<6} "
                     f"{CARD_NAMES[move.card]:>5}  {move.notation:<16} "
                     f"{explanation_in(move, language)}")
    return lines


def _log_head(language: str) -> str:
    heads = {k: word(k.split(".")[1], language, k)
             for k in ("cli.turn", "cli.player", "cli.card", "cli.move", "cli.explanation")}
    return (f"{heads['cli.turn']:>4}  {heads['cli.player']:<6} {heads['cli.card']:>5}  "
            f"{heads['cli.move']:<16} {heads['cli.explanation']}")


def _opening(game) -> list[Message]:
    """The board messages before a game's log: the high-card draws and who leads (1934)."""
    out = [Message("board.high_card_draw_again", round=n, draws=_drew(draws)) if n > 1
           else Message("board.high_card_draw", draws=_drew(draws))
           for n, draws in enumerate(game.leader_draws, 1)]
    if game.leader_draws:
        out.append(Message("board.leads", colour=game.start.colour_to_move))
    return out


def _drew(draws) -> list[Message]:
    return [Message("board.drew", colour=c, card=card) for c, card in draws]


def _closing(game) -> list[Message]:
    """The board messages after a game's log: who won, and the scores where the rules keep
    them."""
    if isinstance(game.winner, str):
        out = [Message("board.wins_after", colour=game.winner, cards=game.cards_played,
                       turns=game.turn)]
    else:  # a team (T8)
        out = [Message("board.team_wins_after", team=list(game.winner),
                       cards=game.cards_played, turns=game.turn)]
    scores = game.rules.scores(game.position)
    if scores is not None:
        out.append(Message("board.scores", scores=[Message("board.score", colour=c, points=n)
                                                   for c, n in scores.items()]))
    return out


def cmd_play(args) -> int:
    strategy = args.strategy.split(",") if "," in args.strategy else args.strategy
    try:
        game = Game(args.players, rules=rules_from_args(args), seed=args.seed,
                    strategies=strategy)
    except (ValueError, GameError) as exc:
        print(f"sorry-widget play: {exc}", file=sys.stderr)
        return 2
    game.run()
    lang = args.lang
    names = ", ".join(f"{_colour(c, lang)} ({s.name})" for c, s in game.strategies.items())
    print(_words("cli.game_title", "Sorry! — {rules}; seed {seed}; {players}", lang,
                 rules=word(game.rules.title, lang, f"ruleset.{game.rules.name}"),
                 seed=game.seed, players=names))
    for message in _opening(game):
        print(message.text(lang))
    print(_log_head(lang))
    for line in _log_lines([p.move for p in game.history], game.history, lang):
        print(line)
    for message in _closing(game):
        print(message.text(lang))
    if args.record:
        try:
            Record.from_game(game).save(args.record)
        except RecordError as exc:
            print(f"sorry-widget play: {exc}", file=sys.stderr)
            return 1
        print(_words("cli.record_written", "record written to {path}", lang, path=args.record))
    return 0


def cmd_replay(args) -> int:
    try:
        record = Record.load(args.record)
    except RecordError as exc:
        print(f"sorry-widget replay: {args.record}: {exc}", file=sys.stderr)
        return 1
    lang = args.lang
    winner = record.winner
    print(_words("cli.replay_title", "{plays} plays, {rules} rules; winner {winner}", lang,
                 plays=len(record), rules=record.rules,
                 winner=_colour(winner, lang) if isinstance(winner, str) else winner))
    for line in _log_lines(record.moves, record.plays, lang):
        print(line)
    return 0


def cmd_export(args) -> int:
    """A lesson as one HTML page that shows its boards offline (the widget layer, loaded only
    here, so the other commands never import Jupyter)."""
    source = Path(args.notebook)
    if not source.is_file():
        return _usage_error(f"export: no such notebook {str(source)!r}")
    out = Path(args.output) if args.output else source.with_suffix(".html")
    try:
        from .widget.export import export_notebook

        page = export_notebook(source, execute=args.execute)
    except ImportError as exc:
        return _usage_error(f"export: needs the notebook tools ({exc.name}); install "
                            "sorry-widget[lab]")
    except Exception as exc:  # a cell that fails: say which, not a traceback
        print(f"sorry-widget export: {source}: {type(exc).__name__}: "
              f"{str(exc).strip().splitlines()[-1] if str(exc).strip() else exc!r}",
              file=sys.stderr)
        return 1
    from .core.errors import SorryError
    from .core.safeio import write_text_atomic

    try:  # whole or not at all: a failed export leaves the old page as it was
        write_text_atomic(out, page, what="export", error=SorryError)
    except SorryError as exc:
        print(f"sorry-widget {exc}", file=sys.stderr)
        return 1
    print(f"wrote {out} ({len(page.encode()):,} bytes; opens offline)")
    return 0


def cmd_cardgame_plays(args) -> int:
    """The card game's legal actions (docs/cardgame.md): one state, or one per line."""
    from .cardgame.rules import plays_answer

    def answer(data):
        if args.lang == DEFAULT_LANGUAGE:
            return plays_answer(data)
        from .cardgame.rules import actions
        from .cardgame.state import CardState

        state = CardState.from_dict(data)
        return {"to_act": state.to_act,
                "actions": [_said(a, a.to_dict(), args.lang) for a in actions(state)]}

    if args.jsonl:
        return _answer_lines(answer, "state")
    if not args.state:
        return _usage_error("cardgame plays: give a STATE file (or --jsonl)")
    return _answer_file(args.state, answer, "state", MAX_LINE_BYTES)


def _card_deck(path):
    from .cardgame.cards import load_deck

    return None if path is None else load_deck(path)


def cmd_cardgame_simulate(args) -> int:
    from .simulation.cardgame_experiments import simulate_cardgame

    show_progress = args.progress or (args.progress is None and args.games >= 20_000
                                      and sys.stderr.isatty())
    try:
        summary = simulate_cardgame(args.players, args.games, args.seed, _card_deck(args.deck),
                                    args.longer_game,
                                    progress=stderr_bar() if show_progress else None)
    except (OSError, ValueError) as exc:
        print(f"sorry-widget cardgame simulate: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"{summary['games']} games of the SORRY! card game, seed {summary['seed']}")
    for i, (colour, wins, rate) in enumerate(zip(summary["players"], summary["wins_per_seat"],
                                                 summary["win_rate_per_seat"]), 1):
        print(f"seat {i}  {colour:<6} {wins:8.1f} wins  {rate:7.2%}")
    print(f"rounds per game: mean {summary['rounds_per_game_mean']:.1f}, "
          f"sd {summary['rounds_per_game_sd']:.1f}")
    print(f"turns per game: mean {summary['turns_per_game_mean']:.1f}, "
          f"sd {summary['turns_per_game_sd']:.1f}")
    if summary["unfinished"]:
        print(f"{summary['unfinished']} games stopped unfinished after 10,000 turns")
    print(f"{summary['games_per_second']:.0f} games/second")
    return 0


def cmd_cardgame_play(args) -> int:
    from .cardgame.game import CardGame
    from .cardgame.messages import say

    try:
        game = CardGame(args.players, args.seed, deck=_card_deck(args.deck),
                        longer_game=args.longer_game,
                        strategies=dict(_colour_strategy(s) for s in args.strategy or ()))
        game.run()
        if args.record:
            game.record().save(args.record)
    except (OSError, ValueError) as exc:
        print(f"sorry-widget cardgame play: {exc}", file=sys.stderr)
        return 2
    lang = args.lang
    print(say("play_header", seed=game.seed,
              players=[say("player_strategy", player=c, strategy=getattr(s, "name", "person"))
                       for c, s in game.strategies.items()]).text(lang))
    for n, action in enumerate(game.history, 1):
        print(f"{n:>4}  {action.notation:<24} {explanation_in(action, lang)}")
    result = say("game_result", winners=game.winners or say("nobody"), rounds=game.rounds,
                 turns=game.turns)
    print(result.text(lang) + (" " + _words("cli.cardgame_record", "Record: {path}", lang,
                                            path=args.record) if args.record else ""))
    return 0


def _print_copied(folder: Path, written: list[str], kept: list[str]) -> None:
    for name in written:
        print(f"  wrote {folder / name}")
    if kept:
        print(f"  kept {len(kept)} file(s) already there")


def cmd_lessons(args) -> int:
    from .lesson_files import LessonsError, copy_lessons

    folder = Path(args.folder)
    try:
        written, kept = copy_lessons(folder, force=args.force)
    except LessonsError as exc:
        return _usage_error(f"lessons: {exc}")
    _print_copied(folder, written, kept)
    print(f"The lessons are in {folder / 'notebooks'}; open them with:  sorry-widget lab "
          f"{folder}")
    return 0


def cmd_lab(args) -> int:
    """Copy the lessons where missing, switch on the lessons' JupyterLab defaults, and replace
    this process with JupyterLab serving the folder."""
    import importlib.util

    from .lab_settings import write_package_defaults
    from .lesson_files import LessonsError, copy_lessons, lab_command
    from .simulation.experiments import fast_engine_available

    if importlib.util.find_spec("jupyterlab") is None:
        return _usage_error("lab: JupyterLab is not installed here; install it with  "
                            "pip install 'sorry-widget[lab]'")
    folder = Path(args.folder).resolve()
    try:
        written, kept = copy_lessons(folder, missing_only=True)
    except LessonsError as exc:
        return _usage_error(f"lab: {exc}")
    if written:
        _print_copied(folder, written, [])
    try:
        write_package_defaults()
    except OSError as exc:  # a read-only environment: the lessons still work
        print(f"sorry-widget lab: could not switch on 'Save Widget State Automatically' in "
              f"this environment ({exc}); reopened lessons show their boards after Run All",
              file=sys.stderr)
    if not fast_engine_available():
        print("Simulations run on the pure-Python engine (lesson 05: 4,000 games an "
              "experiment); pip install 'sorry-widget[fast]' plays 100,000 in seconds.")
    print(f"Starting JupyterLab on {folder / 'notebooks'}. Open the address it prints, "
          "http://127.0.0.1:8888/lab/tree/notebooks?token=… (another port if 8888 is taken); "
          "Ctrl+C stops it.", flush=True)
    command = lab_command(folder, args.jupyter_args)
    if os.name == "nt":  # Windows' execv starts a new process and returns at once
        import subprocess

        return subprocess.call(command)
    os.execv(command[0], command)
    return 0  # pragma: no cover (execv does not return)


def _colour_strategy(text: str) -> tuple[str, str]:
    colour, _, name = text.partition("=")
    if not name:
        raise ValueError(f"--strategy: {text!r}: expected COLOUR=NAME, e.g. red=greedy")
    return colour.strip(), name.strip()


def _usage_error(message: str) -> int:
    print(f"sorry-widget {message}", file=sys.stderr)
    return 2


def _engine_arguments(p) -> None:
    p.add_argument("--engine", default="auto", choices=ENGINES,
                   help="batch (NumPy + numba, the fast extra), python, or auto: batch where "
                        "it is installed and plays these rules and strategies")
    p.add_argument("--workers", type=int, default=None,
                   help="processes or threads to play on (default: every core)")


def _add_lang(p) -> None:
    p.add_argument("--lang", default=DEFAULT_LANGUAGE, choices=LANGUAGES,
                   help="the language of explanations and other words (JSON keys and "
                        "notation stay English; default: en)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sorry-widget", description="Sorry! rules engine: legal moves, games, simulations.",
        epilog=f"The rules, the file formats and every command:\n  {DOCS_URL}",
        # Keeps the address on one line: the default formatter breaks it at its hyphen.
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"sorry-widget {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("moves", help="list the legal moves of a position for a card")
    p.add_argument("position", nargs="?", help="a sorry-position/1 JSON file")
    p.add_argument("--card", help='the card: "1" "2" "3" "4" "5" "7" "8" "10" "11" "12" "sorry"')
    p.add_argument("--jsonl", action="store_true",
                   help='read {"position": …, "card": …} requests, one per line, from stdin')
    _add_lang(p)
    p.set_defaults(func=cmd_moves)

    strategies = ", ".join(STRATEGIES)
    p = sub.add_parser("score", help="who has won a position and the score by its rule set")
    p.add_argument("position", help="a sorry-position/1 JSON file")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("simulate", help="play many games and report win rates and lengths")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--strategy", default="random",
                   help=f"{strategies}; or one per seat, comma-separated")
    p.add_argument("--seed", help=SEED_HELP)
    p.add_argument("--rules", default="classic",
                   help="classic, original-1934, edition-2013, teams-1992, partnership-1934, "
                        "play-for-points-1992")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a rule option, e.g. sorry_forward_4=true (repeatable)")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar on stderr (default: on a terminal for long runs)")
    _engine_arguments(p)
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="play on a Dask cluster, e.g. tcp://10.0.0.5:8786 (needs the dask extra)")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("coach", help="each legal move's chance of winning, from many games "
                                     "played after it")
    p.add_argument("position", help="a sorry-position/1 JSON file")
    p.add_argument("--card", required=True,
                   help='the card drawn: "1" "2" "3" "4" "5" "7" "8" "10" "11" "12" "sorry"')
    p.add_argument("--rollouts", type=int, default=1000, help="games after each move")
    p.add_argument("--strategy", default="random", choices=["random", "greedy"],
                   help="who plays the games after each move")
    p.add_argument("--seed", default="1")
    p.add_argument("--json", action="store_true", help="print the advice as one JSON object")
    p.add_argument("--method", default="auto", choices=["auto", "racing", "full", "exact"],
                   help="auto: exact where the game is small enough, else racing (clearly "
                        "worse moves stop being played); full: every move gets --rollouts")
    p.add_argument("--budget", type=int, default=None,
                   help="the most games in all (default: no limit with the batch engine, "
                        "1,200 with the pure-Python one)")
    _engine_arguments(p)
    p.set_defaults(func=cmd_coach)

    p = sub.add_parser("exact", help="exact answers for small games, solved as Markov chains "
                                     "")
    p.add_argument("case", choices=["journey", "race"],
                   help="journey: one pawn alone from START to HOME; race: red against yellow, "
                        "one pawn each")
    p.add_argument("--rules", default="classic", help="the rule set (default: classic)")
    p.add_argument("--json", action="store_true", help="print the answer as one JSON object")
    p.set_defaults(func=cmd_exact)

    p = sub.add_parser("play", help="play one game and print a readable log")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", help=SEED_HELP)
    p.add_argument("--strategy", default="random",
                   help=f"{strategies}; or one per seat, comma-separated")
    p.add_argument("--rules", default="classic",
                   help="classic, original-1934, edition-2013, teams-1992, partnership-1934, "
                        "play-for-points-1992")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a rule option, e.g. sorry_forward_4=true (repeatable)")
    p.add_argument("--record", help="also write the game's sorry-record/1 to this file")
    _add_lang(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="check a sorry-record/1 file and print its game log")
    p.add_argument("record")
    _add_lang(p)
    p.set_defaults(func=cmd_replay)

    cardgame = sub.add_parser("cardgame", help="the SORRY! card game")
    card_sub = cardgame.add_subparsers(dest="cardgame_command", required=True)
    p = card_sub.add_parser("plays", help="the legal actions of a sorry-cardgame/1 state")
    p.add_argument("state", nargs="?", help="a sorry-cardgame/1 JSON file")
    p.add_argument("--jsonl", action="store_true", help="read one state per line from stdin")
    _add_lang(p)
    p.set_defaults(func=cmd_cardgame_plays)
    for name, func, text in (("simulate", cmd_cardgame_simulate, "play many random games"),
                             ("play", cmd_cardgame_play, "play one random game, with its log")):
        p = card_sub.add_parser(name, help=text)
        p.add_argument("--players", type=int, default=4)
        p.add_argument("--seed", help=SEED_HELP)
        p.add_argument("--deck", help="a deck file: {card name: count}")
        p.add_argument("--longer-game", action="store_true", help="the longer game (K19)")
        if name == "play":
            _add_lang(p)
            p.add_argument("--record", metavar="FILE",
                           help="write the game as a sorry-cardrecord/1 file")
            p.add_argument("--strategy", action="append", metavar="COLOUR=NAME",
                           help="random (default) or greedy for one colour; repeatable")
        if name == "simulate":
            p.add_argument("--games", type=int, default=100)
            p.add_argument("--json", action="store_true")
            p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None)
        p.set_defaults(func=func)

    p = sub.add_parser("export", help="a notebook as one HTML page whose boards replay offline")
    p.add_argument("notebook", help="the .ipynb file (a lesson)")
    p.add_argument("-o", "--output", help="the page to write (default: beside the notebook)")
    p.add_argument("--execute", action=argparse.BooleanOptionalAction, default=True,
                   help="run the notebook first (default; the lessons are stored without "
                        "outputs)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("lessons", help="copy the lessons (notebooks/, with the docs/ "
                                       "pages they link to) into a folder")
    p.add_argument("folder", nargs="?", default=DEFAULT_FOLDER,
                   help=f"where to copy them (default: ./{DEFAULT_FOLDER})")
    p.add_argument("--force", action="store_true",
                   help="replace lesson files there that differ (a student's edits are lost)")
    p.set_defaults(func=cmd_lessons)

    p = sub.add_parser("lab", help="open the lessons in JupyterLab (copied into the folder "
                                   "first where missing; edited copies are kept)")
    p.add_argument("folder", nargs="?", default=DEFAULT_FOLDER,
                   help=f"the lessons' folder (default: ./{DEFAULT_FOLDER})")
    p.set_defaults(func=cmd_lab)
    p.epilog = "Other options go to JupyterLab as --name=value, e.g. --port=9999."
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)
    if args.command == "lab":
        args.jupyter_args = rest
    elif rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    try:
        return args.func(args)
    except BrokenPipeError:
        # The reader (head, less) stopped early: not an error of ours.
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
