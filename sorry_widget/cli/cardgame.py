"""The SORRY! card game's commands: ``cardgame plays``, ``cardgame simulate``, ``cardgame play``."""

from __future__ import annotations

import argparse
import json
import sys

from ..core.colours import COLOURS as CARD_GAME_COLOURS
from ..cardgame.strategies import CARD_STRATEGIES
from ..simulation.cardgame_experiments import MAX_CARD_GAMES
from ..core.messages import DEFAULT_LANGUAGE, explanation_in
from .common import (add_seed, whole_number, MAX_LINE_BYTES, add_lang, add_strategy, answer_file,
                     answer_lines, colour_word, said, stderr_bar, strategies_from_args,
                     usage_error, words)
from .text import _, ngettext


def cmd_cardgame_plays(args) -> int:
    """The card game's legal actions (docs/cardgame.md): one state, or one per line."""
    from ..cardgame.rules import plays_answer

    def answer(data):
        if args.lang == DEFAULT_LANGUAGE:
            return plays_answer(data)
        from ..cardgame.rules import actions
        from ..cardgame.state import CardState

        state = CardState.from_dict(data)
        return {"to_act": state.to_act,
                "actions": [said(a, a.to_dict(), args.lang) for a in actions(state)]}

    if args.jsonl:
        return answer_lines(answer, "state")
    if not args.state:
        return usage_error(_("cardgame plays: give a STATE file (or --jsonl)"))
    return answer_file(args.state, answer, "state", MAX_LINE_BYTES)


def _card_deck(path):
    from ..cardgame.cards import load_deck

    return None if path is None else load_deck(path)


def cmd_cardgame_simulate(args) -> int:
    from ..simulation.cardgame_experiments import simulate_cardgame

    show_progress = args.progress or (args.progress is None and args.games >= 20_000
                                      and sys.stderr.isatty())
    try:
        summary = simulate_cardgame(args.players, args.games, args.seed, _card_deck(args.deck),
                                    args.longer_game,
                                    progress=stderr_bar() if show_progress else None)
    except (OSError, ValueError) as exc:
        return usage_error(f"cardgame simulate: {exc}")
    if args.json:
        print(json.dumps(summary))
        return 0
    print(ngettext("{games} game of the SORRY! card game, seed {seed}",
                   "{games} games of the SORRY! card game, seed {seed}",
                   summary["games"]).format(games=summary["games"], seed=summary["seed"]))
    for i, (colour, wins, rate) in enumerate(zip(summary["players"], summary["wins_per_seat"],
                                                 summary["win_rate_per_seat"]), 1):
        print(_("seat {seat}  {colour:<6} {wins:8.1f} wins  {rate:7.2%}").format(
            seat=i, colour=colour_word(colour, args.lang), wins=wins, rate=rate))
    print(_("rounds per game: mean {mean:.1f}, sd {sd:.1f}").format(
        mean=summary["rounds_per_game_mean"], sd=summary["rounds_per_game_sd"]))
    print(_("turns per game: mean {mean:.1f}, sd {sd:.1f}").format(
        mean=summary["turns_per_game_mean"], sd=summary["turns_per_game_sd"]))
    if summary["unfinished"]:
        print(ngettext("{games} game stopped unfinished after 10,000 turns",
                       "{games} games stopped unfinished after 10,000 turns",
                       summary["unfinished"]).format(games=summary["unfinished"]))
    print(_("{rate:.0f} games/second").format(rate=summary["games_per_second"]))
    return 0


def card_strategies(players: int, values: list[str] | None) -> dict:
    """``--strategy`` (common.strategies_from_args) as the card game takes it: colour to name."""
    chosen = strategies_from_args(values, known=CARD_STRATEGIES)
    if isinstance(chosen, dict):
        return chosen
    colours = CARD_GAME_COLOURS[:players]
    if isinstance(chosen, str):
        return dict.fromkeys(colours, chosen)
    if len(chosen) != len(colours):
        raise ValueError(_("strategies: {given} given for {players} players").format(
            given=len(chosen), players=len(colours)))
    return dict(zip(colours, chosen))


def cmd_cardgame_play(args) -> int:
    from ..cardgame.game import CardGame
    from ..cardgame.messages import say

    try:
        game = CardGame(args.players, args.seed, deck=_card_deck(args.deck),
                        longer_game=args.longer_game,
                        strategies=card_strategies(args.players, args.strategy))
        game.run()
        if args.record:
            game.record().save(args.record)
    except (OSError, ValueError) as exc:
        return usage_error(f"cardgame play: {exc}")
    lang = args.lang
    print(say("play_header", seed=game.seed,
              players=[say("player_strategy", player=c, strategy=getattr(s, "name", "person"))
                       for c, s in game.strategies.items()]).text(lang))
    for n, action in enumerate(game.history, 1):
        print(f"{n:>4}  {action.notation:<24} {explanation_in(action, lang)}")
    result = say("game_result", winners=game.winners or say("nobody"), rounds=game.rounds,
                 turns=game.turns)
    print(result.text(lang) + (" " + words("cli.cardgame_record", "Record: {path}", lang,
                                           path=args.record) if args.record else ""))
    return 0


def add_cardgame(sub) -> None:
    cardgame = sub.add_parser("cardgame", help=_("the SORRY! card game"))
    card_sub = cardgame.add_subparsers(dest="cardgame_command", required=True)
    p = card_sub.add_parser("plays", help=_("the legal actions of a sorry-cardgame/1 state"))
    p.add_argument("state", nargs="?", help=_("a sorry-cardgame/1 JSON file"))
    p.add_argument("--jsonl", action="store_true", help=_("read one state per line from stdin"))
    add_lang(p)
    p.set_defaults(func=cmd_cardgame_plays)
    for name, func, text in (("simulate", cmd_cardgame_simulate, _("play many random games")),
                             ("play", cmd_cardgame_play, _("play one random game, with its log"))):
        p = card_sub.add_parser(name, help=text)
        p.add_argument("--players", type=int, default=4)
        add_seed(p)
        p.add_argument("--deck", help=_("a deck file: {format}").format(
            format="{card name: count}"))
        p.add_argument("--longer-game", action="store_true", help=_("the longer game (K19)"))
        if name == "play":
            add_lang(p)
            p.add_argument("--record", metavar="FILE",
                           help=_("write the game as a sorry-cardrecord/1 file"))
            add_strategy(p, CARD_STRATEGIES)
        if name == "simulate":
            add_lang(p)
            p.add_argument("--games", type=whole_number(1, MAX_CARD_GAMES), default=100,
                           help=_("games to play (default: 100)"))
            p.add_argument("--json", action="store_true")
            p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None)
        p.set_defaults(func=func)
