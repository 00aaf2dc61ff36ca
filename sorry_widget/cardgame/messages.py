"""The card game's explanations, refusals and notices in words: its message templates and the
kinds of value they name, registered with :mod:`sorry_widget.core.messages` (domain
``"cardgame"``). The rules build :class:`~sorry_widget.core.messages.Message` values; only this
table holds sentences."""

from __future__ import annotations

from typing import Any

from ..core.words import register_kinds
from ..core.messages import Message, register, render
from .cards import card_name

#: Message id (without the ``cardgame.`` domain) -> English template.
ENGLISH: dict[str, str] = {
    # An action's explanation: its notes, joined into one sentence.
    "sentence": "{notes:notes|cap}.",
    # Playing a card (K3, K4, K8–K12).
    "plays_card": "{player:colour|cap} plays the {card:card}, making the total {total} "
                  "({rules:rules})",
    "take_2": "{player:colour|cap} plays Take 2 and takes {taken:count(card)} ({rules:rules})",
    "switch": "{player:colour|cap} plays Switch: play now goes the other way ({rules:rules})",
    "play_2": "{player:colour|cap} plays Play 2 ({rules:rules}), then the {card:card}, making {total}",
    "play_2_then": "then the {card:card}, making {total}",
    "play_2_stays": "the {card:card} stays in the hand ({rules:rules})",
    "sorry_on": "{player:colour|cap} plays a SORRY! on {victim:colour|cap} ({rules:rules})",
    "discard": "{player:colour|cap} has no card to play and discards the {card:card} ({rules:rules})",
    "pass": "{player:colour|cap} has no card and passes ({rules:rules})",
    # What a card does to the round and the pawn cards (K5, K6, K12, K19).
    "twenty_one": "exactly 21 wins the round ({rules:rules})",
    "twenty_one_unless_stolen": "{win}: {flip}, unless another player steals it with a SORRY! "
                                "steal card ({rules:rules})",
    "twenty_one_asked": "{win}, but {asked:colour|cap} holds a SORRY! steal card and is asked "
                        "first ({rules:rules})",
    "bust": "{total} is over 21: a bust ({rules:rules})",
    "flip": "{player:colour|cap} flips a pawn card to HOME ({rules:rules})",
    "flip_returning": "{player:colour|cap} is returning, so a pawn card goes back to START "
                      "({rules:rules})",
    "setback": "{victim:colour|cap} flips a pawn card back to START ({rules:rules})",
    "setback_returning": "{victim:colour|cap} is returning, so one of its START cards turns "
                         "back to HOME ({rules:rules})",
    "starts_returning": "{player:colour|cap} has 4 pawn cards HOME and now brings them back "
                        "({rules:rules})",
    # The windows (K13, K14).
    "may_block": "{victim:colour|cap} may block it ({rules:rules})",
    "unless_blocked": "{what}, unless {victim:colour|cap} blocks it with Don't Be SORRY! "
                      "({rules:rules})",
    "steal": "{player:colour|cap} plays a SORRY! steal card to take {winner:colour|cap}'s 21 "
             "({rules:rules})",
    "no_steal": "{player:colour|cap} does not steal ({rules:rules})",
    "keeps_unless_later": "{winner:colour|cap} keeps the 21 unless a player after "
                          "{player:colour|cap} steals it",
    "asked_next": "{player:colour|cap} is asked next",
    "nobody_steals": "nobody steals, so {winner:colour|cap} keeps the 21 ({rules:rules})",
    "blocks": "{victim:colour|cap} blocks the SORRY! with Don't Be SORRY! ({rules:rules})",
    "keeps_21": "{victim:colour|cap} keeps the 21",
    "no_block": "{victim:colour|cap} does not block ({rules:rules})",
    # The game's end (K17, K18).
    "tie": "tied, so the best pile from each hand decides: {piles:list} ({rules:rules})",
    "pile": "{player:colour} {total}",
    "wins": "{winners:colours_cap} wins ({rules:rules})",
    "win": "{winners:colours_cap} win ({rules:rules})",
    # Refusals of what a person asks.
    "not_legal": "{wanted} is not a legal action for {player:colour}; legal: {legal:list}",
    "game_over": "the game is over: {winners:colours} won",
    "person_plays": "{player:colour} is played by a person: pass their action to play()",
    "steal_window_answers": "choice: {choice}: a steal window is answered steal or pass",
    "block_window_answers": "choice: {choice}: a SORRY! is answered block or accept",
    "players_2_to_4": "players: 2 to 4, not {players}",
    "not_a_player": "strategies.{colour}: not a player of this game ({players:list})",
    "already_won": "state: {winners:colours} has already won",
    "unknown_strategy": "strategy: {strategy} is not one of {strategies:list} (or None for a "
                        "person)",
    "no_record_from_state": "record: a game started from a state has no deck order, so it "
                            "cannot be recorded; start a CardGame with a seed",
    # The command line's first and last lines (``cardgame play``).
    "play_header": "SORRY! card game; seed {seed}; {players:list}",
    "player_strategy": "{player:colour} {strategy}",
    "game_result": "{winners:colours} won after {rounds} rounds and {turns} turns.",
    "nobody": "nobody",
}


def _colours(value: Any, language: str, capital: bool = False) -> str:
    if isinstance(value, Message):
        return render(value, language)
    names = [_colour(c, language) for c in value]
    # The card game writes its winners "red and blue and yellow": no list commas.
    return " and ".join(n.capitalize() if capital else n for n in names)


def _colour(value: Any, language: str) -> str:
    # English names a colour by its id.
    return str(value)


def _note(value: Any, language: str) -> str:
    # A sentence's notes recur far more often than whole sentences (see english()).
    return english(value) if language == "en" and isinstance(value, Message) else \
        render(value, language)


KINDS = {
    "colour": _colour,
    "colours": _colours,
    "colours_cap": lambda value, language: _colours(value, language, capital=True),
    "card": lambda value, language: card_name(str(value)),
    "notes": lambda value, language: "; ".join(_note(v, language) for v in value),
    "list": lambda value, language: ", ".join(render(v, language) for v in value),
}

register("cardgame", "en", ENGLISH, KINDS)
# Other languages: their templates from the catalogs, their kinds from the words catalog.
register_kinds("cardgame")


#: English texts already rendered, by message (as a hashable key): a simulation renders each
#: action's explanation, and the same few thousand sentences recur (the render is the slow part).
_ENGLISH_TEXTS: dict[tuple, str] = {}
_MAX_CACHED = 100_000


def _key(message: Message) -> tuple:
    key: list = [message.id]
    for name, value in message.params.items():
        if isinstance(value, Message):
            value = _key(value)
        elif isinstance(value, list):
            value = tuple(_key(v) if isinstance(v, Message) else v for v in value)
        key += (name, value)
    return tuple(key)


def english(message: Message) -> str:
    """``message.text()``, remembered (English templates never change once registered)."""
    key = _key(message)
    try:
        text = _ENGLISH_TEXTS.get(key)
    except TypeError:  # a parameter that cannot be a key (none of the rules' is)
        return message.text()
    if text is None:
        if len(_ENGLISH_TEXTS) >= _MAX_CACHED:
            _ENGLISH_TEXTS.clear()
        text = _ENGLISH_TEXTS[key] = message.text()
    return text


def say(id: str, **params: Any) -> Message:
    """A card-game message: ``say("flip", player="red", rules="K5")``."""
    return Message("cardgame." + id, **params)
