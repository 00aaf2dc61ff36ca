"""Words that are not whole messages — colour and card names, places, the CLI's column heads —
as English texts under a context (``msgctxt``), translated in the ``words`` catalog
(:func:`sorry_widget.core.messages.word`). This table is the list of English entries the
catalogs must translate (tests/test_translations.py); the English is also the text shown when a
language lacks an entry."""

from __future__ import annotations

import gettext

from .messages import DEFAULT_LANGUAGE, LANGUAGES, translation_or_none, register, translations

#: context -> English
WORDS: dict[str, str] = {
    # lists
    "and": "and",
    "nobody": "nobody",
    # colours, as adjectives and names
    "colour.red": "red",
    "colour.blue": "blue",
    "colour.yellow": "yellow",
    "colour.green": "green",
    # the board's places (docs/fr/termes.md)
    "board.start": "START",
    "board.home": "HOME",
    "board.safety": "safety zone",
    "board.square": "square",
    "board.slide": "slide",
    "board.pawn": "pawn",
    "board.card.sorry": "Sorry!",
    "or": "or",
    "board.safety_n": "safety {n}",
    "board.card_article": "a {card}",
    "board.card_article.sorry": "a {card}",
    "board.discard": "discard",
    # what a screen reader is told of the board's places and pawns (render/svg.py)
    "board.aria.board": "Sorry! board. {pawns}.",
    "board.aria.pawns_of": "{colour}: {places}",
    "board.aria.square": "square {n}",
    "board.aria.safety": "{colour} safety-{n}",
    "board.aria.start": "{colour} START",
    "board.aria.home": "{colour} HOME",
    "board.aria.pawn": "{colour} pawn on {place}",
    "board.aria.place.start": "start",
    "board.aria.place.home": "home",
    "board.aria.place.safety": "safety-{n}",
    # the board's status line, hand and scores (render/svg.py)
    "board.status.to_move": "{colour} to move",
    "board.status.wins": "{colour} wins!",
    "board.status.team_wins": "{colours} win!",
    "board.hand_of": "{colour}'s hand",
    "board.hand": "Hand",
    "board.points": "Points",
    # a chart's text alternative, besides the caller's words (render/charts.py)
    "chart.values": "{n} values",
    "chart.tallest": "tallest bar at {x}",
    "chart.last": "last {y}",
    "chart.reference": "reference",
    "chart.max": "max {value}",
    # a board widget's modes, as its summary names them
    "mode.game": "game",
    "mode.replay": "replay",
    "mode.demo": "demo",
    # the board game's card faces (sorry_widget/board/cards.py, card_text)
    "card_text.1": "Start a pawn, or move one pawn 1 forward. (C1)",
    "card_text.2": "Start a pawn, or move one pawn 2 forward. Draw again. (C7)",
    "card_text.2.no_again": "Start a pawn, or move one pawn 2 forward. (C7)",
    "card_text.3": "Move one pawn 3 forward. (C13)",
    "card_text.4": "Move one pawn 4 backward. (C13)",
    "card_text.5": "Move one pawn 5 forward. (C13)",
    "card_text.7": "Move one pawn 7 forward, or split the 7 between two pawns. (C8)",
    "card_text.8": "Move one pawn 8 forward. (C13)",
    "card_text.10": "Move one pawn 10 forward, or one pawn 1 backward. (C9)",
    "card_text.11": "Move one pawn 11 forward, or switch places with an opponent's pawn. (C10)",
    "card_text.12": "Move one pawn 12 forward. (C13)",
    "card_text.sorry": "Take a pawn from START and bump an opponent's pawn back to its START. "
                       "(C11)",
    "card_text.sorry.forward_4": "Take a pawn from START and bump an opponent's pawn back to "
                                 "its START. Or move one pawn 4 forward. (C11)",
    # the card game's words, from its French sheet
    "cardgame.start": "START",
    "cardgame.home": "HOME",
    "cardgame.play_pile": "play pile",
    "cardgame.draw_pile": "draw pile",
    "cardgame.discard": "discard",
    "cardgame.pawn_cards": "pawn cards",
    "cardgame.total": "Total",
    "cardgame.card.take-2": "Take 2",
    "cardgame.card.switch": "Switch",
    "cardgame.card.play-2": "Play 2",
    "cardgame.card.slide": "Slide to {number}",
    "cardgame.card.sorry-back": "SORRY!",
    "cardgame.card.sorry-steal": "SORRY! steal card",
    "cardgame.card.dont-be-sorry": "Don't Be SORRY!",
    "cardgame.face.sorry-steal": "SORRY! steal",
    # the rule sets' titles (sorry_widget/board/rules.py), as the widget and the CLI show them
    "ruleset.classic": "Classic rules (1992 rulebook, modern 45-card deck)",
    "ruleset.original-1934": "Original rules (1934: 44-card pack, leader by high card, Point Sorry)",
    "ruleset.edition-2013": "2013 edition (Sorry! may move 4 forward; a 2 does not draw again)",
    "ruleset.teams-1992": "Team play (1992: red and yellow against blue and green)",
    "ruleset.partnership-1934": "Partnership (1934: the 44-card pack, partners, the double game)",
    "ruleset.play-for-points-1992": "Play for points (1992 adults' rules: hands of five, scored)",
    # the rule sets' names inside a sentence ("the classic rules", "les règles classiques"): in
    # English the name one types, in another language words that agree with "rules"
    "ruleset_name.classic": "classic",
    "ruleset_name.original-1934": "original-1934",
    "ruleset_name.edition-2013": "edition-2013",
    "ruleset_name.teams-1992": "teams-1992",
    "ruleset_name.partnership-1934": "partnership-1934",
    "ruleset_name.play-for-points-1992": "play-for-points-1992",
    # the card game's table (sorry_widget/render/cardtable.py)
    "table.slide_to": "Slide to {total}",
    "table.returning": " (returning)",
    "table.wins": " wins!",
    "table.to_act": " to act",
    "table.play_goes": "Play goes ",
    "table.reversed": " (reversed by a Switch)",
    "table.draw": "draw {n}",
    "table.play": "play",
    "table.pile": "pile",
    "table.below": "+{n} below",
    "table.total_0": "total 0",
    "table.discard": "discard {n}",
    "table.pawn_cards": "Pawn cards: S = START side up, H = HOME side up",
    "table.anyone_steal": "Can anyone steal {winner}'s 21 with a SORRY! steal card? (K13)",
    "table.can_block": "Can {victim} block {by}'s SORRY! with Don't Be SORRY!? (K14)",
    "table.may_steal": "{asked} may steal {winner}'s 21 with a SORRY! (K13)",
    "table.may_block": "{victim} may block {by}'s SORRY! (K14)",
    "table.aria.over": "SORRY! card game over: {winners} won; {homes}",
    "table.aria.window": "SORRY! card game: total {total}, a SORRY! may answer; {homes}",
    "table.aria.to_act": "SORRY! card game: total {total}, {colour} to act; {homes}",
    "table.aria.home": "{colour} {home} HOME",
    # the command line's human output
    "cli.turn": "turn",
    "cli.player": "player",
    "cli.card": "card",
    "cli.move": "move",
    "cli.explanation": "explanation",
    "cli.game_title": "Sorry! — {rules}; seed {seed}; {players}",
    "cli.record_written": "record written to {path}",
    "cli.replay_title": "{plays} plays, {rules} rules; winner {winner}",
    "cli.cardgame_record": "Record: {path}",
}

#: context -> (English singular, English plural): a number with the words that agree with it,
#: translated as gettext plural entries (``npgettext``; :func:`~.messages.counted`), so each
#: language has as many forms as its plural rule. Templates name them ``{steps:count(square)}``.
COUNTED: dict[str, tuple[str, str]] = {
    "count.square": ("{n} square", "{n} squares"),
    "count.card": ("{n} card", "{n} cards"),
}


# --- kinds of value in any language but English, from the words catalog ----------------------
# A message's template names a kind ("{player:colour|cap}"); English's kinds are registered
# with each game's table. In another language these read the ``words`` catalog, so a new
# language needs only its .po files. (English ids of colours and cards are the fallback.)

def _word(english: str, language: str, context: str, **values) -> str:
    from .messages import word

    return word(english, language, context, **values)


def colour(value, language: str) -> str:
    return _word(str(value), language, f"colour.{value}")


def colour_cap(value, language: str) -> str:
    name = colour(value, language)
    return name[:1].upper() + name[1:]


def colours(value, language: str, capital: bool = False) -> str:
    from .messages import Message, render

    if isinstance(value, Message):
        return render(value, language)
    items = [value] if isinstance(value, str) else list(value)
    names = [colour_cap(c, language) if capital else colour(c, language) for c in items]
    return f" {_word('and', language, 'and')} ".join(names)


def cardgame_card(value, language: str) -> str:
    """A card game card as a sentence names it: 7, Glissez à 15, Pigez-en 2 …"""
    name = str(value)
    if name.startswith("slide-"):
        return _word("Slide to {number}", language, "cardgame.card.slide",
                     number=name[len("slide-"):])
    if name.isdigit():
        return name
    context = f"cardgame.card.{name}"
    return _word(WORDS.get(context, name), language, context)


def board_card(value, language: str) -> str:
    return _word("Sorry!", language, "board.card.sorry") if str(value) == "sorry" else str(value)


def board_card_article(value, language: str) -> str:
    key = "board.card_article.sorry" if str(value) == "sorry" else "board.card_article"
    return _word("a {card}", language, key, card=board_card(value, language))


def colour_list(value, language: str) -> str:
    """Colours as a list: "red, blue"."""
    return ", ".join(colour(c, language) for c in value)


def mode(value, language: str) -> str:
    """A board widget's mode: game, replay, demo."""
    return _word(str(value), language, f"mode.{value}")


#: The kinds the games' and widgets' templates name, for a language other than English.
KINDS = {
    "colour_list": colour_list,
    "mode": mode,
    "colour": colour,
    "colour_cap": colour_cap,
    "colours": colours,
    "colours_cap": lambda value, language: colours(value, language, capital=True),
    "card": cardgame_card,
    "board_card": board_card,
    "board_card_article": board_card_article,
}


def counted(thing: str, number: int, language: str = DEFAULT_LANGUAGE) -> str:
    """A number with the words that agree with it — ``"1 square"``, ``"5 squares"``, ``"5
    cases"`` — from the ``words`` catalog's plural entry ``count.<thing>`` (English:
    :data:`COUNTED`), the form chosen by the language's plural rule
    (gettext's ``npgettext``)."""
    context = f"count.{thing}"
    if context not in COUNTED:
        raise KeyError(f"no counted words {thing!r} (core/words.py COUNTED)")
    one, many = COUNTED[context]
    english = gettext.NullTranslations().npgettext(context, one, many, number)
    text = english
    if language != DEFAULT_LANGUAGE:
        found = translations("words", language).npgettext(context, one, many, number)
        text = translation_or_none(found, english, ("words", language, context)) or english
    return text.format(n=number)


def register_kinds(domain: str) -> None:
    """Give ``domain`` these kinds in every language that has catalogs."""
    from .messages import LANGUAGES, register

    for language in LANGUAGES[1:]:
        register(domain, language, kinds=KINDS)


# Every domain's templates may count things, in every language: {steps:count(square)}.
for _language in LANGUAGES:
    register("", _language, kinds={"count": lambda value, language, thing: counted(
        thing.strip(), value, language)})
