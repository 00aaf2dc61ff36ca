"""The widgets' notices, refusals, prompts and status lines in words: their message templates
and the kinds of value they name, registered with :mod:`sorry_widget.core.messages` (domain
``"widget"``). The widgets build :class:`~sorry_widget.core.messages.Message` values and
render them in one place each (``ReplayWidget._notify``, ``WidgetError``); only this table
holds sentences. Text the page's module writes itself is not here, nor the rules' own texts
(rule-set titles, rule summaries), nor the card game's and the board's explanations, which
their own tables hold (a widget message may carry one as a parameter)."""

from __future__ import annotations

from typing import Any

from ..board.cards import card_label, with_article
from ..core.words import register_kinds
from ..board.rules import RULE_SETS
from ..core.messages import Message, register, render, word
from ..core.numbers import format_as

#: Message id (without the ``widget.`` domain) -> English template.
ENGLISH: dict[str, str] = {
    # What the page sent that is refused (ReplayWidget._on_message, set_state).
    "page_not_object": "ignored a message from the page that was not an object",
    "page_type_not_name": "ignored a message from the page whose type is not a name: "
                          "{type:value_type}",
    "page_type_too_long": "ignored a message from the page whose type is not a name: too long",
    "page_unknown_message": "ignored an unknown message {kind} from the page",
    "page_internal_error": "internal error: the page's {kind} message failed ({error_type}: "
                           "{error})",
    "page_state_not_object": "ignored state from the page that was not an object",
    "page_may_not_set": "the page may not set {names:list}{more}: only Python does (the page "
                        "may set {writable:list}); set back",
    "and_more": " and {count} more",
    "page_bad_value": "{name}: {value} from the page is not a value {name} can take",
    "play_out_of_range": "play {play} is out of range: this game has plays 0 (the start) to "
                         "{last}",
    "speed_out_of_range": "speed {speed} must be 0.1 to 20 plays a second",
    "size_out_of_range": "size {size} must be 200 to 2000 pixels",
    # Both views: stepping, notes, the game's end.
    "at_last_play": "already at the last play ({last})",
    "game_over": "the game is over: {winners:colours} won",
    "person_plays": "{player:colour} is played by a person: {hint}",
    "note_saved": "Note saved on play {play}.",
    "note_play_out_of_range": "play {play} is out of range: 0 to {last}",
    # What a widget is made of, refused when it does not fit together.
    "give_one_of": "give one of {allowed:list_or}, not {given:and_only}",
    "humans_in_replay": "humans: a recorded game is replayed, not played; pass a game",
    "not_playing": "{field}: {colour} is not playing (players: {players:list})",
    "board_card_in_record": "card: a recorded game's cards are in the record",
    "board_example_without_demo": "example: a demo's example move goes with position= and "
                                  "card=",
    "board_no_history": "game: a game with keep_history=False cannot be replayed",
    "board_card_for_person": "card: the card is chosen for a person to play; {player:colour} "
                             "is played by the computer",
    "board_humans_in_demo": "humans: in a demo the player to move is the student",
    "board_demo_needs_card": "card: a demo needs the card the player to move holds, e.g. "
                             "card='7'",
    "board_demo_already_won": "position: {winners:colours} has already won; nothing to "
                              "demonstrate",
    "board_example_not_legal": "example: {example} is not a legal move with "
                               "{card:board_card_article} here; legal: {legal:list}",
    "card_humans_in_demo": "humans: in a demo the player to act is the student",
    "card_bad_viewer": "viewer: {viewer} is not 'all', None or a player ({players:list})",
    # The board (SorryWidget).
    "board_hint": "make their move on the board or with widget.move(...)",
    "board_demo_end": "a demo ends after its one move: reset() to try again",
    "board_demo_done": "this demo's move has been made: reset() to try again",
    "board_replay_no_move": "this widget replays a record; there is no game to move in",
    "board_computer_turn": "it is {player:colour}'s turn, played by the computer",
    "board_reset_not_demo": "reset() belongs to a rule demo (SorryWidget(position=…, card=…))",
    "board_coach_no_move": "the coach advises the person to move on their card; there is no "
                           "such move here now",
    "board_coach_hand": "the coach advises on one drawn card, not a hand of cards",
    "board_coach_done": "The coach played {games:grouped} games in all after {moves} moves in "
                        "{seconds:tenths} s: {best} wins most often ({rate:percent}).",
    "board_coach_close": "The coach played {games:grouped} games in all after {moves} moves in "
                         "{seconds:tenths} s: the leading moves, {leaders:and}, are too close "
                         "to call; more games would tell them apart, or they are about as "
                         "good.",
    "board_coach_close_many": "The coach played {games:grouped} games in all after {moves} moves "
                              "in {seconds:tenths} s: the {count} leading moves are too close "
                              "to call (their bars show them); more games would tell them "
                              "apart, or they are about as good.",
    "board_coach_exact": "The coach solved this endgame exactly: {best} gives the best chance, "
                         "{rate:percent}, when both then play their best.",
    "board_review_not_finished": "The review is of a finished game or a replay: finish the "
                                 "game first.",
    "board_review_done": "Reviewed {plays} plays in {seconds:tenths} s.",
    "board_review_done_quick": "Reviewed {plays} plays in under 0.1 s.",
    "board_review_already": "This game is already reviewed.",
    "board_new_game": "A new game: {title:ruleset}; {players:colour_list}; seed {seed}.",
    # The computer players a new game offers (simulation/levels.py), weakest to strongest:
    # each one's name in the form and what it does, in a sentence.
    "computer_random": "Random",
    "computer_random_about": "Picks any of its legal moves, each as likely.",
    "computer_apologies_reward": "Apologies' reward player",
    "computer_apologies_reward_about": "The best computer player of another Sorry! program "
                                       "(apologies), written from its description: it scores "
                                       "each move's result by fixed rewards.",
    "computer_greedy": "Greedy",
    "computer_greedy_about": "Takes the move worth the most points: progress, bumps and "
                             "safety, each with a fixed weight.",
    "computer_coach": "Coach",
    "computer_coach_about": "Plays up to {games:grouped} quick games after each of its moves "
                            "and makes the one that wins most often (a second or more a move).",
    "computer_learned": "Learned",
    "computer_learned_about": "Values each position with a function it learned by playing "
                              "against itself (TD(λ)), and makes the move it values most.",
    "computer_perfect": "Perfect",
    "computer_perfect_about": "Plays the solved two-pawn game: every move the one that wins "
                              "most often when both then play their best.",
    "computer_unknown": "computer: {name} is not a computer player a new game here may have "
                        "({known:list})",
    "computer_not_for_rules": "computer: {name} does not play {title:ruleset}: {why}; the "
                              "computer players for it are {known:list}",
    "computer_why_hands": "it advises on one drawn card, and here each player holds a hand of "
                          "cards",
    "computer_why_no_batch_engine": "the batch engine does not play these games, and its games "
                                    "after each move would take tens of seconds a move in pure "
                                    "Python",
    "computer_why_no_numba": "the batch engine needs NumPy and numba, not installed here, and "
                             "its games after each move would take tens of seconds a move in "
                             "pure Python",
    "board_new_game_no_person": "people: tick at least one colour for a person to play: the "
                                "page moves a game only by a person's moves",
    "board_forced_rest": "The rest of your {card:board_card} could go only one way, so it was "
                         "made for you: {completed}.",
    "board_summary": "Sorry! board ({mode:mode}): {title:ruleset}; {colours:colour_list}; "
                     "{where}; {now:full_stop}",
    "board_at_start": "the start",
    "board_play_of": "play {play} of {last} (turn {turn})",
    "board_has_won": "{winners:colours} has won",
    "board_to_move": "{player:colour} to move",
    "board_to_move_with": "{player:colour} to move with {card:board_card_article}",
    # The board's "why not?" for the clicks of a move that is not legal (explain_try).
    "try_not_your_turn": "It is not your turn to move.",
    "try_click_a_pawn": "Click one of your pawns, then where it should go.",
    "try_not_a_place": "{key} is not a place on the board.",
    "try_no_pawn": "Not allowed: {player:colour_cap} has no pawn on {where}. Legal: "
                   "{legal:list}.",
    "try_reason": "Not allowed: {reason}. Legal: {legal:list}.",
    "try_no_move": "Not allowed: with {card:board_card_article}, {player:colour_cap}'s pawn on "
                   "{where} has no legal move. Legal: {legal:list}.",
    "try_not_yours": "{key} is {owner:colour_cap}'s; {player:colour_cap} moves only "
                     "{player:colour_cap}'s pawns.",
    "try_own_zone": "{key} is {owner:colour_cap}'s own zone: only {owner:colour_cap}'s pawns go "
                    "there ({rules:rules}).",
    "try_part_legal": "That part is legal with {card:board_card_article}, but it is not a whole "
                      "move here: finish it on the board (a split 7 needs both pawns).",
    "try_not_allowed": "Not allowed: {reason}.",
    # The card table (SorryCardWidget).
    "card_hint": "click a card or use widget.act(...)",
    "card_replay_no_act": "this widget replays a record; there is no game to act in",
    "card_computer_decision": "it is {player:colour}'s decision, played by the computer",
    "card_reset_not_demo": "reset() belongs to a demo (SorryCardWidget(state=…))",
    "card_won_the_game": "{winners:colours|cap} won the game.",
    "card_prompt_steal": "{winner:colour_cap} made 21. Play your SORRY! steal card to take it "
                         "and turn a pawn card HOME yourself? ({rules:rules})",
    "card_prompt_block_steal": "{by:colour_cap} plays a SORRY! to steal your 21. Block it with "
                               "Don't Be SORRY! and keep the 21? ({rules:rules})",
    "card_prompt_block_back": "{by:colour_cap} plays a SORRY! on you: one of your pawn cards "
                              "would go back to START. Block it with Don't Be SORRY!? "
                              "({rules:rules})",
    "card_summary": "SORRY! card game ({mode}): {where}; {now}; {homes:list}.",
    "card_at_deal": "the deal",
    "card_play_of": "play {play} of {last}",
    "card_won": "{winners:colours} won",
    "card_window": "total {total}, a SORRY! may answer",
    "card_to_act": "total {total}, {player:colour} to act",
    "card_home": "{player:colour} {home} HOME",
}

#: How a notice names the type of a value the page sent (by its Python type's name).
_VALUE_TYPES = {"dict": "an object", "list": "a list", "str": "text", "int": "a number",
                "float": "a number", "bool": "true or false", "NoneType": "null"}


def _colours(value: Any, language: str) -> str:
    if isinstance(value, Message):
        return render(value, language)
    if isinstance(value, str):
        return value  # a board's winner: a colour, or a team already named
    return " and ".join(str(c) for c in value)


def ruleset_ref(rules: Any) -> str:
    """What a message names a rule set by: a known rule set's name ("classic", translated by
    the ``ruleset`` kind), else its own title, shown as it is."""
    known = RULE_SETS.get(rules.name)
    return rules.name if known is not None and known.title == rules.title else rules.title


def ruleset_title(value: str, language: str) -> str:
    """The ``ruleset`` kind: a rule set's title in ``language`` (words catalog)."""
    known = RULE_SETS.get(value)
    return word(known.title, language, f"ruleset.{value}") if known is not None else str(value)


def _full_stop(value: Any, language: str) -> str:
    text = render(value, language)
    # A Sorry! card's name brings its own "!": no full stop after it.
    return text if text.endswith("!") else text + "."


KINDS = {
    "colour": lambda value, language: str(value),
    "colour_list": lambda value, language: ", ".join(str(c) for c in value),
    "mode": lambda value, language: str(value),
    "ruleset": lambda value, language: ruleset_title(value, language),
    # (str.capitalize, as the sentences always wrote it: a page's odd key "RED:x" is "Red")
    "colour_cap": lambda value, language: str(value).capitalize(),
    "colours": _colours,
    "list": lambda value, language: ", ".join(render(v, language) for v in value),
    # (argument names, in the code's words: "record or position", "game and record")
    "list_or": lambda value, language: ", ".join(value[:-1]) + " or " + value[-1],
    "and_only": lambda value, language: " and ".join(value),
    "value_type": lambda value, language: _VALUE_TYPES.get(str(value), str(value)),
    "board_card": lambda value, language: card_label(value),
    "board_card_article": lambda value, language: with_article(card_label(value)),
    # numbers as the language writes them (core/numbers.py): "1,000" / "1 000", "0.5" / "0,5"
    "grouped": lambda value, language: format_as(value, ",", language),
    "tenths": lambda value, language: format_as(value, ".1f", language),
    "percent": lambda value, language: format_as(value, ".0%", language),
    "full_stop": _full_stop,
}

register("widget", "en", ENGLISH, KINDS)
# Other languages: their templates from the catalogs, their kinds from the words catalog.
register_kinds("widget")


def say(id: str, **params: Any) -> Message:
    """A widget message: ``say("note_saved", play=3)``."""
    return Message("widget." + id, **params)
