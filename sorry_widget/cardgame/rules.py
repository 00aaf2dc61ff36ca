"""The SORRY! card game's rules (docs/cardgame.md, K5–K19): what the player to act may do in
a state, and what each action does, explained with the rule it follows."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .cards import (
    CardGameError,
    PAWN_CARDS,
    TARGET,
    number_value,
    slide_value,
    sorted_cards,
)
from .messages import english, say
from .state import CardState, HAND_LIMIT, Player, _clone, sorry_target
from ..core.messages import Message


@dataclass
class Action:
    """One legal action of the player to act: its notation, a sentence citing the K ids, and
    the state at the next decision with every automatic step done. ``message`` is the
    sentence as data (:mod:`sorry_widget.cardgame.messages`), for showing it in another
    language; the explanation is its English text."""

    notation: str
    explanation: str
    result: CardState
    message: Message | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict:
        return {"notation": self.notation, "explanation": self.explanation,
                "result": self.result.to_dict()}


def _next_seat(state: CardState, seat: int) -> int:
    return (seat + state.direction) % len(state.players)


def _seat(state: CardState, colour: str) -> int:
    return state.colours.index(colour)


def _draw(state: CardState) -> str | None:
    """K16: the top of the draw pile; an empty one is first refilled from the discard (in card
    order, first card on top: the command never shuffles); nothing if both are empty."""
    if not state.draw_pile:
        if not state.discard:
            return None
        order = sorted_cards(state.discard)
        recorded = state.recorded_refills
        n = len(state.refills)
        if recorded is not None and n < len(recorded) and sorted_cards(recorded[n]) == order:
            # A replay takes the game's own shuffle from its record (a refill the game did not
            # make, while other actions are tried, keeps card order; the replay checks it).
            order = list(recorded[n])
        elif state.refill_rng is not None:
            rng = random.Random()
            rng.setstate(state.refill_rng.getstate())  # this state's own from now on
            rng.shuffle(order)
            state.refill_rng = rng
        state.draw_pile = order
        state.refills = state.refills + (tuple(order),)
        state.discard = []
    return state.draw_pile.pop(0)


def _flip(state: CardState, colour: str, notes: list[Message], rule: str) -> None:
    """A flip earned (K5, K6, K13): a pawn card to HOME, or for a returning player (K19) one
    back to START."""
    p = state.player(colour)
    notes.append(_flip_words(p, rule))
    p.home += -1 if p.returning else 1


def _flip_words(p: Player, rule: str) -> Message:
    if p.returning:
        return say("flip_returning", player=p.colour, rules=["K19", rule])
    return say("flip", player=p.colour, rules=rule)


def _best_pile(hand: list[str]) -> int:
    """K18: the best total of 21 or less a pile of the hand's cards makes by K4 (a Slide sets
    the total, so only numbers after the last Slide count)."""
    numbers = [number_value(c) for c in hand if number_value(c) is not None]
    reachable = {0}
    for n in numbers:
        reachable |= {r + n for r in reachable if r + n <= TARGET}
    bases = [0] + [slide_value(c) for c in hand if slide_value(c) is not None]
    return max(b + max(r for r in reachable if b + r <= TARGET) for b in bases)


def _settle(state: CardState, turn_seat: int, out_of_turn: list[str], notes: list[Message],
            round_over: bool, next_seat: int | None = None) -> CardState:
    """K15, after the card(s) and any window: the round's end (K7), the game's end (K17–K19),
    top-ups to 5, then the next player."""
    if round_over:
        state.discard += state.play_pile
        state.play_pile = []
    done = [p for p in state.players if (p.home == PAWN_CARDS and not (
        state.longer_game)) or (state.longer_game and p.returning and p.home == 0)]
    if state.longer_game:
        for p in state.players:
            if p.home == PAWN_CARDS and not p.returning:
                p.returning = True
                notes.append(say("starts_returning", player=p.colour, rules="K19"))
    if done:
        if len(done) > 1:
            best = {p.colour: _best_pile(p.hand) for p in done}
            top = max(best.values())
            state.winners = [c for c in state.colours if best.get(c) == top]
            notes.append(say("tie", piles=[say("pile", player=c, total=t)
                                           for c, t in best.items()], rules="K18"))
        else:
            state.winners = [done[0].colour]
        notes.append(say("wins" if len(state.winners) == 1 else "win",
                         winners=list(state.winners), rules="K17"))
        state.pending = None
        return state
    for colour in out_of_turn + [state.colours[turn_seat]]:
        p = state.player(colour)
        while len(p.hand) < 5:
            card = _draw(state)
            if card is None:
                break
            p.hand.append(card)
    state.to_play = state.colours[_next_seat(state, turn_seat) if next_seat is None
                                  else next_seat]
    state.pending = None
    return state


def _steal_holders(state: CardState, winner: str, after: str | None = None) -> list[str]:
    """K13: the other holders of a sorry-steal, in the direction of play from the winner (only
    those after ``after``, when one has passed)."""
    order, seat = [], _seat(state, winner)
    for _ in range(len(state.players) - 1):
        seat = _next_seat(state, seat)
        order.append(state.colours[seat])
    if after is not None:
        order = order[order.index(after) + 1:]
    return [c for c in order if "sorry-steal" in state.player(c).hand]


def _after_card(state: CardState, turn_seat: int, notes: list[Message], public: bool = False
                ) -> CardState | None:
    """Judge the total after a number or Slide landed (K5, K6): a 21 opens the steal window
    or scores; a bust scores for everyone else. None: the round goes on. ``public``: a 21
    is told without looking at who holds a SORRY! steal card (:func:`preview`)."""
    mover = state.colours[turn_seat]
    total = state.total
    if total == TARGET and public:
        notes.append(say("twenty_one_unless_stolen", win=say("twenty_one", rules="K5"),
                         flip=_flip_words(state.player(mover), "K5"), rules="K13"))
        return state
    if total == TARGET:
        holders = _steal_holders(state, mover)
        if holders:
            state.pending = {"kind": "steal", "winner": mover, "asked": holders[0]}
            notes.append(say("twenty_one_asked", win=say("twenty_one", rules="K5"),
                             asked=holders[0], rules="K13"))
            return state
        notes.append(say("twenty_one", rules="K5"))
        _flip(state, mover, notes, "K5")
        return _settle(state, turn_seat, [], notes, True)
    if total > TARGET:
        notes.append(say("bust", total=total, rules="K6"))
        for colour in state.colours:
            if colour != mover:
                _flip(state, colour, notes, "K6")
        return _settle(state, turn_seat, [], notes, True)
    return None


def actions(state: CardState) -> list[Action]:
    """Every legal action of the player to act (CARDGAME rules K1–K19): each playable card with
    each choice, else the discards or a pass; in a window, steal or pass, block or accept.
    Actions with one result are listed once."""
    found: dict[tuple, Action] = {}
    for choice in choices(state):
        notation, message, result = _perform(_clone(state), choice, False)
        key = result.key()
        if key not in found:
            found[key] = Action(notation, english(message), result, message)
    return list(found.values())


def choices(state: CardState) -> list[tuple]:
    """What the player to act may decide, in the order :func:`actions` lists them, before
    equal results are merged: ``("card", name)`` for a number or Slide, ``("take-2",)``,
    ``("switch",)``, ``("play-2", a, b)``, ``("sorry-back", victim)``, ``("discard", name)``,
    ``("pass",)``; in a window ``("steal",)`` / ``("pass",)`` or ``("block",)`` /
    ``("accept",)``."""
    if state.winners:
        return []
    if state.pending:
        return [("steal",), ("pass",)] if state.pending["kind"] == "steal" else \
            [("block",), ("accept",)]
    me = state.to_play
    player = state.player(me)
    hand = player.hand
    out: list[tuple] = []
    distinct = list(dict.fromkeys(sorted_cards(hand)))
    for card in distinct:
        if number_value(card) is not None or slide_value(card) is not None:
            out.append(("card", card))
        elif card in ("take-2", "switch"):
            out.append((card,))
        elif card == "play-2":
            numbers = [c for c in hand if number_value(c) is not None]
            out += [("play-2", a, b) for i, a in enumerate(numbers)
                    for j, b in enumerate(numbers) if i != j]
        elif card == "sorry-back":
            out += [("sorry-back", victim) for victim in state.colours
                    if victim != me and sorry_target(state.player(victim))]
    if out:
        return out
    if hand:  # K3: nothing playable: a card of one's choice on the discard
        return [("discard", card) for card in distinct]
    return [("pass",)]


def distinct_choices(state: CardState) -> list[tuple]:
    """:func:`choices` with those that reach the same result as an earlier one left out, judged
    from the choice itself without playing it: the random strategy's options, in the order
    :func:`actions` lists their results (``tests/test_cardgame_fast.py`` checks both agree on
    reachable states)."""
    out = choices(state)
    if state.pending or len(out) < 2 or out[0][0] in ("discard", "pass"):
        return out  # every card, steal and block gives its own result
    me = state.to_play
    total = state.total
    holders = None
    seen, kept = set(), []
    for choice in out:
        kind = choice[0]
        key = choice
        if kind == "play-2":
            a, b = choice[1], choice[2]
            first = total + number_value(a)
            if first >= TARGET:
                key = ("play-2", a)  # the round is decided by a; b stays in the hand (K11)
            else:
                second = first + number_value(b)
                if holders is None:
                    holders = bool(_steal_holders(state, me))
                if second > TARGET or (second == TARGET and not holders):
                    # The pile goes to the discard, where order no longer shows (K7).
                    key = ("play-2-ended",) + tuple(sorted((a, b)))
        if key not in seen:
            seen.add(key)
            kept.append(choice)
    return kept


def perform(state: CardState, choice: tuple, in_place: bool = False
            ) -> tuple[str, str, CardState]:
    """Carry out one of :func:`choices`: its notation, explanation (citing the K ids) and the
    state at the next decision. ``in_place`` changes ``state`` itself (a game that keeps no
    other copy)."""
    notation, message, result = _perform(state if in_place else _clone(state), choice, False)
    return notation, english(message), result


def advance(state: CardState, choice: tuple) -> CardState:
    """:func:`perform` in place with no words: a simulation that keeps no log never reads the
    explanation, and rendering it is most of an action's cost."""
    return _perform(state, choice, False)[2]


def perform_action(state: CardState, choice: tuple) -> Action:
    """:func:`perform` as an :class:`Action`, its explanation kept as a message too."""
    notation, message, result = _perform(_clone(state), choice, False)
    return Action(notation, english(message), result, message)


def preview_message(state: CardState, choice: tuple) -> Message:
    """:func:`preview` as a message."""
    return _perform(_clone(state), choice, True)[1]


def preview(state: CardState, choice: tuple) -> str:
    """What the player to act is told about one of :func:`choices` before taking it: the same
    sentence as :func:`perform`'s, but built only from what that player may see (their own
    hand, the table, the counts of the other hands). Where the outcome hangs on a card another
    player may hold (a SORRY! steal card at a 21, K13; Don't Be SORRY! against a SORRY!, K14)
    it says so for every target alike and stops there."""
    return preview_message(state, choice).text()


def previews(state: CardState) -> dict[str, str]:
    """:func:`preview` of every choice of the player to act, by its notation (the notations
    of :func:`actions`)."""
    return {notation: english(message) for notation, message in preview_messages(state).items()}


def preview_messages(state: CardState) -> dict[str, Message]:
    """:func:`previews` as messages."""
    out: dict[str, Message] = {}
    for choice in choices(state):
        notation, message, _ = _perform(_clone(state), choice, True)
        out.setdefault(notation, message)
    return out


def _perform(s: CardState, choice: tuple, public: bool) -> tuple[str, Message, CardState]:
    """:func:`perform` on ``s`` itself; ``public``: stop where another player's hidden hand
    decides (:func:`preview`; the state returned is then not a decision's)."""
    kind = choice[0]
    if s.pending:
        if s.pending["kind"] == "steal":
            return _window_steal(s, kind, public)
        return _window_block(s, kind)
    seat = _seat(s, s.to_play)
    me = s.to_play
    hand = s.players[seat].hand
    if kind == "card":
        card = choice[1]
        hand.remove(card)
        s.play_pile.append(card)
        rule = "K4" if number_value(card) is not None else "K8"
        notes = [say("plays_card", player=me, card=card, total=s.total, rules=rule)]
        ended = _after_card(s, seat, notes, public)
        return (f"{me} {card}", _sentence(notes),
                ended if ended is not None else _settle(s, seat, [], notes, False))
    if kind == "take-2":
        hand.remove(kind)
        s.play_pile.append(kind)
        room = HAND_LIMIT - len(hand)
        taken = [c for c in (_draw(s) for _ in range(min(2, room))) if c is not None]
        hand.extend(taken)
        notes = [say("take_2", player=me, taken=len(taken), rules="K9")]
        return f"{me} take-2", _sentence(notes), _settle(s, seat, [], notes, False)
    if kind == "switch":
        hand.remove(kind)
        s.play_pile.append(kind)
        s.direction = -s.direction
        notes = [say("switch", player=me, rules="K10")]
        return f"{me} switch", _sentence(notes), _settle(s, seat, [], notes, False)
    if kind == "play-2":
        a, b = choice[1], choice[2]
        hand.remove("play-2")
        s.play_pile.append("play-2")
        hand.remove(a)
        s.play_pile.append(a)
        notes = [say("play_2", player=me, card=a, total=s.total, rules="K11")]
        ended = _after_card(s, seat, notes, public)
        if ended is None:
            hand.remove(b)
            s.play_pile.append(b)
            notes.append(say("play_2_then", card=b, total=s.total))
            ended = _after_card(s, seat, notes, public)
        else:
            notes.append(say("play_2_stays", card=b, rules="K11"))
        return (f"{me} play-2 {a} {b}", _sentence(notes),
                ended if ended is not None else _settle(s, seat, [], notes, False))
    if kind == "sorry-back":
        victim = choice[1]
        hand.remove(kind)
        s.play_pile.append(kind)
        notes = [say("sorry_on", player=me, victim=victim, rules="K12")]
        if public:
            notes.append(_unless_blocked(s, victim, _setback_words(s, victim)))
            return f"{me} sorry-back {victim}", _sentence(notes), s
        if "dont-be-sorry" in s.player(victim).hand:
            s.pending = {"kind": "block", "sorry": "sorry-back", "by": me, "victim": victim}
            notes.append(say("may_block", victim=victim, rules="K14"))
            return f"{me} sorry-back {victim}", _sentence(notes), s
        _sorry_back_lands(s, me, victim, notes)
        return f"{me} sorry-back {victim}", _sentence(notes), _settle(s, seat, [], notes, True)
    if kind == "discard":
        card = choice[1]
        hand.remove(card)
        s.discard.append(card)
        notes = [say("discard", player=me, card=card, rules="K3")]
        return f"{me} discard {card}", _sentence(notes), _settle(s, seat, [], notes, False)
    if kind == "pass":
        notes = [say("pass", player=me, rules="K3")]
        return f"{me} pass", _sentence(notes), _settle(s, seat, [], notes, False)
    raise CardGameError(f"choice: {choice!r} is not a card-game decision")


def _sentence(notes: list[Message]) -> Message:
    # A copy: the notes as they are now. Where the sentence is built before _settle (in a
    # return's tuple), what _settle adds after it is not part of it.
    return say("sentence", notes=list(notes))


def _setback_words(state: CardState, victim: str) -> Message:
    """What a SORRY! does to ``victim`` (K12, K19), as a clause."""
    if state.player(victim).returning:
        return say("setback_returning", victim=victim, rules="K19")
    return say("setback", victim=victim, rules="K12")


def _unless_blocked(state: CardState, victim: str, what: Message) -> Message:
    return say("unless_blocked", what=what, victim=victim, rules="K14")


def _sorry_back_lands(state: CardState, by: str, victim: str, notes: list[Message]) -> None:
    """K12, and K19 for a returning victim: the victim loses one flip of progress."""
    notes.append(_setback_words(state, victim))
    hurt = state.player(victim)
    hurt.home += 1 if hurt.returning else -1


def _window_steal(s: CardState, kind: str, public: bool = False
                  ) -> tuple[str, Message, CardState]:
    asked = s.pending["asked"]
    winner = s.pending["winner"]
    turn_seat = _seat(s, winner)
    if kind == "steal":
        s.player(asked).hand.remove("sorry-steal")
        s.play_pile.append("sorry-steal")
        notes = [say("steal", player=asked, winner=winner, rules="K13")]
        if public:
            notes.append(_unless_blocked(s, winner, _flip_words(s.player(asked), "K13")))
            return f"{asked} steal", _sentence(notes), s
        if "dont-be-sorry" in s.player(winner).hand:
            s.pending = {"kind": "block", "sorry": "sorry-steal", "by": asked,
                         "victim": winner}
            notes.append(say("may_block", victim=winner, rules="K14"))
            return f"{asked} steal", _sentence(notes), s
        _flip(s, asked, notes, "K13")
        return f"{asked} steal", _sentence(notes), _settle(s, turn_seat, [asked], notes, True)
    if kind != "pass":
        raise CardGameError(say("steal_window_answers", choice=repr(kind)))
    notes = [say("no_steal", player=asked, rules="K13")]
    if public:
        notes.append(say("keeps_unless_later", winner=winner, player=asked))
        return f"{asked} pass", _sentence(notes), s
    rest = _steal_holders(s, winner, after=asked)
    if rest:
        s.pending = {"kind": "steal", "winner": winner, "asked": rest[0]}
        notes.append(say("asked_next", player=rest[0]))
        return f"{asked} pass", _sentence(notes), s
    notes.append(say("nobody_steals", winner=winner, rules="K5"))
    _flip(s, winner, notes, "K5")
    return f"{asked} pass", _sentence(notes), _settle(s, turn_seat, [], notes, True)


def _window_block(s: CardState, kind: str) -> tuple[str, Message, CardState]:
    victim, by, sorry = s.pending["victim"], s.pending["by"], s.pending["sorry"]
    turn_seat = _seat(s, s.to_play)
    if kind == "block":
        s.player(victim).hand.remove("dont-be-sorry")
        s.play_pile.append("dont-be-sorry")
        notes = [say("blocks", victim=victim, rules="K14")]
        movers = [victim] if sorry == "sorry-back" else [by, victim]
        if sorry == "sorry-steal":
            notes.append(say("keeps_21", victim=victim))
            _flip(s, victim, notes, "K5")
        return f"{victim} block", _sentence(notes), _settle(s, turn_seat, movers, notes, True)
    if kind != "accept":
        raise CardGameError(say("block_window_answers", choice=repr(kind)))
    notes = [say("no_block", victim=victim, rules="K14")]
    if sorry == "sorry-steal":
        _flip(s, by, notes, "K13")
        out = [by]
    else:
        _sorry_back_lands(s, by, victim, notes)
        out = []
    return f"{victim} accept", _sentence(notes), _settle(s, turn_seat, out, notes, True)


def ends_round(had_pile: bool, kind: str, after: CardState) -> bool:
    """Whether an action ended a round (K7): it left the play pile empty, and either found a
    pile there or put a card on it (a SORRY! as a round's first card, a Slide 21 on an empty
    pile: one-card rounds). ``kind`` is the action's first word after the colour; a discard or
    a pass on an empty pile ends nothing."""
    return not after.play_pile and (had_pile or kind not in ("discard", "pass"))


def plays_answer(data: Any) -> dict:
    """The ``cardgame plays`` answer for one state (docs/cardgame.md)."""
    state = CardState.from_dict(data)
    return {"to_act": state.to_act, "actions": [a.to_dict() for a in actions(state)]}


