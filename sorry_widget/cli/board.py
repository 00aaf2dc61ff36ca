"""The board game's commands: ``moves``, ``score``, ``play``, ``replay``."""

from __future__ import annotations


from ..board.cards import CARD_NAMES, DECKS
from ..board.game import Game, GameError
from ..board.moves import hand_moves, legal_moves
from ..board.record import Record, RecordError
from ..board.rules import RULE_SETS
from ..board.state import Position
from ..board.strategies import STRATEGIES
from ..core.messages import DEFAULT_LANGUAGE, Message, explanation_in, word
from .common import (add_seed, add_lang, add_rules, add_strategy, answer_file, answer_lines,
                     card_list, card_name, colour_word, rules_from_args, rules_word, said,
                     strategies_from_args, usage_error, words)
from .text import _


def moves_answer(request, language: str = DEFAULT_LANGUAGE) -> dict:
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
    card = card_name(request["card"], "card")
    position = Position.from_dict(request["position"])
    moves = legal_moves(position, card)
    return {"card": request["card"], "moves": [said(m, m.to_dict(), language) for m in moves]}


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
    cards = [card_name(c, f"hand[{i}]") for i, c in enumerate(hand)]
    deck = DECKS[rules.deck]
    for card in set(cards):
        if cards.count(card) > deck.get(card, 0):
            raise ValueError(f"hand: {cards.count(card)} cards {CARD_NAMES[card]!r}, but the "
                             f"{rules.deck} deck has {deck.get(card, 0)}")
    return {"hand": hand, "moves": [said(m, m.to_dict(with_card=True), language)
                                    for m in hand_moves(position, cards)]}


def cmd_moves(args) -> int:
    if args.jsonl:
        if args.position:
            return usage_error(_("moves: give either a POSITION file or --jsonl, not both"))
        return answer_lines(lambda request: moves_answer(request, args.lang))
    if not args.position:
        return usage_error(_("moves: give a POSITION file (or --jsonl to read requests from "
                                 "stdin)"))
    if args.card is None:
        return usage_error(_("moves: --card is required with a POSITION file"))
    return answer_file(args.position, lambda data: moves_answer({"position": data,
                                                                 "card": args.card},
                                                                args.lang))


def score_answer(data) -> dict:
    """``{"rules", "winner", "scores"}`` of a position (docs/position-format.md, *Scores*)."""
    position = Position.from_dict(data)
    return {"rules": position.rules.name, **position.rules.result(position).to_dict()}


def cmd_score(args) -> int:
    return answer_file(args.position, score_answer)


def _log_lines(moves, plays, language: str = DEFAULT_LANGUAGE) -> list[str]:
    lines = []
    for move, play in zip(moves, plays):
        lines.append(f"{play.turn:>4}  {colour_word(play.colour, language):<6} "
                     f"{CARD_NAMES[move.card]:>5}  {move.notation:<16} "
                     f"{explanation_in(move, language)}")
    return lines


def _log_head(language: str) -> str:
    heads = {k: word(k.split(".")[1], language, k)
             for k in ("cli.turn", "cli.player", "cli.card", "cli.move", "cli.explanation")}
    return (f"{heads['cli.turn']:>4}  {heads['cli.player']:<6} {heads['cli.card']:>5}  "
            f"{heads['cli.move']:<16} {heads['cli.explanation']}")


def opening(game) -> list[Message]:
    """The board messages before a game's log: the high-card draws and who leads (1934)."""
    out = [Message("board.high_card_draw_again", round=n, draws=_drew(draws)) if n > 1
           else Message("board.high_card_draw", draws=_drew(draws))
           for n, draws in enumerate(game.leader_draws, 1)]
    if game.leader_draws:
        out.append(Message("board.leads", colour=game.start.colour_to_move))
    return out


def _drew(draws) -> list[Message]:
    return [Message("board.drew", colour=c, card=card) for c, card in draws]


def closing(game) -> list[Message]:
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
    try:
        game = Game(args.players, rules=rules_from_args(args), seed=args.seed,
                    strategies=strategies_from_args(args.strategy, known=STRATEGIES))
    except (ValueError, GameError) as exc:
        return usage_error(f"play: {exc}")
    game.run()
    lang = args.lang
    names = ", ".join(f"{colour_word(c, lang)} ({s.name})" for c, s in game.strategies.items())
    print(words("cli.game_title", "Sorry! — {rules}; seed {seed}; {players}", lang,
                rules=word(game.rules.title, lang, f"ruleset.{game.rules.name}"),
                seed=game.seed, players=names))
    for message in opening(game):
        print(message.text(lang))
    print(_log_head(lang))
    for line in _log_lines([p.move for p in game.history], game.history, lang):
        print(line)
    for message in closing(game):
        print(message.text(lang))
    if args.record:
        try:
            Record.from_game(game).save(args.record)
        except RecordError as exc:
            return usage_error(f"play: {exc}", 1)
        print(words("cli.record_written", "record written to {path}", lang, path=args.record))
    return 0


def cmd_replay(args) -> int:
    try:
        record = Record.load(args.record)
    except RecordError as exc:
        return usage_error(f"replay: {args.record}: {exc}", 1)
    lang = args.lang
    winner = record.winner
    print(words("cli.replay_title", "{plays} plays, {rules} rules; winner {winner}", lang,
                plays=len(record), rules=rules_word(record.rules, lang),
                winner=colour_word(winner, lang) if isinstance(winner, str) else winner))
    for line in _log_lines(record.moves, record.plays, lang):
        print(line)
    return 0


def add_moves_and_score(sub) -> None:
    p = sub.add_parser("moves", help=_("list the legal moves of a position for a card"))
    p.add_argument("position", nargs="?", help=_("a sorry-position/1 JSON file"))
    p.add_argument("--card", help=_("the card: {cards}").format(cards=card_list()))
    p.add_argument("--jsonl", action="store_true",
                   help=_('read {{"position": …, "card": …}} requests, one per line, from '
                          'stdin').format())
    add_lang(p)
    p.set_defaults(func=cmd_moves)

    p = sub.add_parser("score", help=_("who has won a position and the score by its rule set"))
    p.add_argument("position", help=_("a sorry-position/1 JSON file"))
    p.set_defaults(func=cmd_score)


def add_play_and_replay(sub) -> None:
    p = sub.add_parser("play", help=_("play one game and print a readable log"))
    p.add_argument("--players", type=int, default=4)
    add_seed(p)
    add_strategy(p, STRATEGIES)
    add_rules(p)
    p.add_argument("--record", help=_("also write the game's sorry-record/1 to this file"))
    add_lang(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help=_("check a sorry-record/1 file and print its game log"))
    p.add_argument("record")
    add_lang(p)
    p.set_defaults(func=cmd_replay)
