"""The board game's explanations, refusals and notices in words: its message templates and the
kinds of value they name, registered with :mod:`sorry_widget.core.messages` (domain
``"board"``). The rules build :class:`~sorry_widget.core.messages.Message` values; only this
table holds sentences.

Kinds: ``colour`` (a colour code -> "Red"), ``colours`` (codes -> "Red and Yellow"), ``card``
(a card -> its label, "7" or "Sorry!"), ``a_card`` (with its article: "an 8"), ``place`` (a
location code -> "12", "safety-2", "START", "HOME"), ``semicolons`` (messages joined by "; "),
``or`` (messages joined by " or "), ``commas`` (joined by ", "), ``card_names`` (cards by their
names in notation, "sorry"). A game's colours in its refusals are colour names ("red"), as the
game's API spells them.
"""

from __future__ import annotations

from ..core.messages import LANGUAGES, and_list, register, render, word
from ..core.words import board_card, board_card_article
from .cards import CARD_NAMES, card_label, with_article
from .track import COLOURS, describe_location


def _colour(value, language: str) -> str:
    return (COLOURS[value] if isinstance(value, int) else str(value)).capitalize()


#: Message id (without the ``board.`` domain) -> English template.
ENGLISH: dict[str, str] = {
    # --- what a move does (Move.message) ---
    "start": "{player:colour}'s {card:card} starts {pawn} from START onto its start exit, "
             "{to:place} ({rules}){then:clauses}.{ending:sentences}",
    "forward": "{player:colour}'s {card:card} moves {pawn} forward "
               "{steps:count(square)} to {to:place} ({rules}){then:clauses}."
               "{ending:sentences}",
    "backward": "{player:colour}'s {card:card} moves {pawn} backward "
                "{steps:count(square)} to {to:place} ({rules}){then:clauses}."
                "{ending:sentences}",
    "sorry_forward": "{player:colour}'s {card:card} moves {pawn} forward "
                     "{steps:count(square)} to {to:place} (the 2013 option of a Sorry! "
                     "as 4 forward{rules:clauses}){then:clauses}.{ending:sentences}",
    "split": "{player:colour} splits the 7 ({rules}): {first}; then {second}.{ending:sentences}",
    "split_part": "{pawn} moves {steps} to {to:place}{then:clauses}",
    "switch": "{player:colour}'s {card:card} switches {pawn} on {at:place} with {other:colour}'s "
              "pawn on {target:place} ({rules}){then:clauses}.{ending:sentences}",
    "sorry": "{player:colour}'s {card:card} takes {pawn} from START and puts it on "
             "{target:place}, sending {victim:colour}'s pawn there back to its START ({rules})"
             "{then:clauses}.{ending:sentences}",
    "forfeit": "{reason:cap}.{ending:sentences}",
    "forfeit_turn": "{reason:cap}: the turn is forfeited.{ending:sentences}",
    "discard": "{reason:cap}: {player:colour} discards the {card:card}, draws a card, and the "
               "turn ends.",
    # whose pawn
    "a_pawn": "a pawn",
    "its_pawn": "its pawn",
    "colours_pawn": "{colour:colour}'s pawn",
    "the_pawn_on": "the pawn on {at:place}",
    "colours_pawn_on": "{colour:colour}'s pawn on {at:place}",
    "its_own_pawn_on": "its own pawn on {at:place}",
    # what follows the step
    "bump": "bumping {colour:colour}'s pawn on {at:place} back to its START ({rules})",
    "slide": "landing on {owner:colour}'s slide at {at:place} and sliding to {to:place} "
             "({rules}){sweep:clauses}",
    "sweep": "which sweeps {pawns:and} back to START",
    "own_slide": "staying on the triangle at {at:place}: a pawn does not slide on its own "
                 "colour's slide ({rules})",
    "safety": "turning at its safety entry, {entry:place}, into its safety zone ({rules})",
    "home": "reaching HOME by exact count ({rules})",
    # the sentence after
    "wins": "{player:colour} has every pawn HOME and wins ({rules}).",
    "team_wins": "{team:colours} have every pawn HOME and win as a team ({rules}).",
    "draws_again": "{player:colour} draws again ({rules}).",
    # --- why a turn is forfeited or a card discarded (the forfeit/discard event's reason) ---
    "turn_forfeited": "the turn is forfeited ({rules})",
    "card_forfeited": "the {card:card} is forfeited ({rules})",
    "player": "{player:colour}",
    "team": "{player:colour}'s team ({team:colours})",
    "sorry_no_start": "{who} has no pawn in START to use the Sorry! on ({rules})",
    "sorry_no_target": "no opponent pawn stands on the track for {player:colour}'s Sorry! "
                       "({rules})",
    "and_no_4_forward": "{reason} and no pawn can move 4 forward",
    "declines_switch": "{player:colour} declines to switch, as a player may when no pawn can "
                       "move 11 forward ({rules})",
    "team_in_start": "neither {team[0]:colour} nor {team[1]:colour} has a pawn out of START and "
                     "{card:a_card} cannot start one ({rules}): {lost}",
    "team_cannot_move": "no pawn of {team:colours} can move with {card:a_card} ({rules}): {lost}",
    "start_exit_blocked": "{player:colour}'s start exit, {exit:place}, holds {player:colour}'s "
                          "own pawn ({rules}), so the {card:card} cannot start a pawn: {lost}",
    "none_out_of_start": "{player:colour} has no pawn out of START and {card:a_card} cannot "
                         "start one ({rules}): {lost}",
    "cannot_move": "{player:colour} cannot move with {card:a_card}: {obstacles:semicolons}: "
                   "{lost}",
    "all_overshoot": "every move would overshoot HOME, which needs an exact count ({rules})",
    "all_own": "every move would land on one of {player:colour}'s own pawns ({rules})",
    "overshoot_or_own": "every move would overshoot HOME ({rules[0]}) or land on one of "
                        "{player:colour}'s own pawns ({rules[1]})",
    "no_split": "no two pawns can share the 7 either ({rules})",
    "no_switch": "no pawn of another colour is on the track to switch with ({rules})",
    "no_card_moves": "no card in {player:colour}'s hand can move ({rules})",
    "may_decline_switch": "{player:colour} may decline the 11's switch ({rules[0]}) and discard "
                          "instead ({rules[1]})",
    # --- why a move asked for is not legal (why_illegal, why_pawn_cannot_move) ---
    "not_your_pawn": "the pawn on {at:place} is {owner:colour}'s; {player:colour} moves only "
                     "{movable:and} pawns",
    "possessive": "{colour:colour}'s",
    "no_pawn_there": "{who} has no pawn on {at:place}",
    "home_never_moves": "a pawn at HOME never moves again ({rules})",
    "own_pawn_at": "it would land on {player:colour}'s own pawn on {at:place} ({rules})",
    "sorry_from_start": "a Sorry! takes a pawn from START ({rules}); it does not move a pawn on "
                        "the board",
    "sorry_track_only": "a Sorry! places a pawn only on the track, never in a safety zone, HOME "
                        "or START ({rules})",
    "sorry_needs_opponent": "a Sorry! must land on a square holding an opponent's pawn "
                            "({rules}); {at:place} holds no pawn",
    "sorry_no_opponent": "a Sorry! needs an opponent's pawn on the track to land on, and none "
                         "stands there ({rules})",
    "seven_cannot_start": "{card:a_card} cannot start a pawn ({rules})",
    "cannot_start": "{card:a_card} cannot start a pawn: only a 1 or a 2 starts one ({rules[0]}), "
                    "or a Sorry! onto an opponent's pawn ({rules[1]})",
    "start_exit_only": "a started pawn goes onto its start exit, {exit:place}, and no further "
                       "({rules})",
    "start_exit_taken": "{player:colour}'s start exit, {exit:place}, holds {player:colour}'s own "
                        "pawn ({rules}), so the {card:card} cannot start this pawn",
    "switch_track_only": "an 11 switches only pawns on the track, not in START, HOME or a safety "
                         "zone ({rules})",
    "split_needs_other": "moving {steps} of the 7 needs another of {player:colour}'s pawns to "
                         "move the other {rest} forward, and none can ({rules})",
    "own_pawn_on_triangle": "it would land on {player:colour}'s own pawn on the triangle at "
                            "{at:place} ({rules})",
    "overshoots": "{steps} forward from {at:place} would overshoot HOME; HOME is reached by "
                  "exact count only ({rules})",
    "backward_no_safety": "a backward move never enters a safety zone ({rules})",
    "turns_into_safety": "a forward move that passes {player:colour}'s safety entry, "
                         "{entry:place}, turns into the safety zone; it cannot go on round the "
                         "track ({rules})",
    "not_that_far": "{card:a_card} moves a pawn exactly {options:or} ({rules}); {at:place} is "
                    "not one of those",
    "forward_to": "{steps} forward (to {to:place})",
    "backward_to": "{steps} backward (to {to:place})",
    "forward_past_home": "{steps} forward (past HOME)",
    "with_card": "with {card:a_card}, {parts:semicolons}",
    "would_overshoot": "{steps} forward would overshoot HOME, which needs an exact count "
                       "({rules})",
    "would_land_own": "it would land on one of {player:colour}'s own pawns ({rules})",
    "no_split_partner": "no other pawn of {player:colour}'s can take the rest of a split 7 "
                        "({rules})",
    "switch_needs_track": "it can switch only from the track with an opponent's pawn there "
                          "({rules})",
    "must_move": "{count} legal move(s) exist with this card, and a player who can move must "
                 "({rules})",
    # --- the game refusing what it is asked (GameError.message_data) ---
    "game_over": "the game is over: {winner} won",
    "plays_from_hand": "in {rules} a player plays from a hand of {size}: see game.hand and "
                       "game.legal_moves()",
    "already_drawn": "{colour} has already drawn a {card:card}",
    "illegal_move": "{move!r} is not a legal move for {colour} with {holding}; legal moves: "
                    "{options:commas}",
    "the_hand": "the hand {cards:card_names}",
    "holding_card": "{card:a_card}",
    "played_by_person": "{colour} is played by a person: pass their move to play()",
    "no_rematch_yet": "the game is not over yet; a rematch starts after a winner",
    # --- the log of a game the command line prints (sorry-widget play) ---
    "high_card_draw": "high-card draw: {draws:commas}",
    "high_card_draw_again": "high-card draw (again, {round}): {draws:commas}",
    "drew": "{colour} {card:card_name}",
    "leads": "{colour} leads",
    "wins_after": "{colour:colour} wins after {cards} cards and {turns} turns.",
    "team_wins_after": "{team:colours} win after {cards} cards and {turns} turns.",
    "scores": "scores: {scores:commas}",
    "score": "{colour} {points}",
}


def _semicolons(value, language: str) -> str:
    return "; ".join(render(v, language) for v in value)


register("board", "en", ENGLISH, kinds={
    "colour": _colour,
    "colours": lambda value, language: and_list([_colour(c, language) for c in value], language),
    "card": lambda value, language: card_label(value),
    "a_card": lambda value, language: with_article(card_label(value)),
    "place": lambda value, language: describe_location(value),
    "semicolons": _semicolons,
    "commas": lambda value, language: ", ".join(render(v, language) for v in value),
    # A card's name as the position and record formats spell it ("sorry"), as in a notation.
    "card_names": lambda value, language: ", ".join(CARD_NAMES[c] for c in value),
    "card_name": lambda value, language: CARD_NAMES[value],
    "or": lambda value, language: " or ".join(render(v, language) for v in value),
})


# --- other languages: the kinds read the words catalog (core/words.py) ----------------------

def _place_in(value, language: str) -> str:
    text = describe_location(value)
    if text in ("START", "HOME"):
        return word(text, language, f"board.{text.lower()}")
    if text.startswith("safety-"):
        return word("safety {n}", language, "board.safety_n", n=text[len("safety-"):])
    return text


def _colour_in(value, language: str) -> str:
    name = COLOURS[value] if isinstance(value, int) else str(value)
    name = word(name, language, f"colour.{name}")
    return name[:1].upper() + name[1:]


_OTHER_KINDS = {
    "colour": _colour_in,
    "colours": lambda value, language: and_list([_colour_in(c, language) for c in value],
                                                language),
    "card": lambda value, language: board_card(
        "sorry" if card_label(value) == "Sorry!" else card_label(value), language),
    "a_card": lambda value, language: board_card_article(
        "sorry" if card_label(value) == "Sorry!" else card_label(value), language),
    "place": _place_in,
    "or": lambda value, language: f" {word('or', language, 'or')} ".join(
        render(v, language) for v in value),
}
for _language in LANGUAGES[1:]:
    register("board", _language, kinds=_OTHER_KINDS)
