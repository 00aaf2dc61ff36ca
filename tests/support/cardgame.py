"""Card-game helpers the card game's tests share: rounds recounted apart from the engine, a
player that answers every window one way, and small three-player tables."""

from __future__ import annotations


def recount_rounds(game):
    """Rounds (K7) recounted from the actions alone, independently of the engine's counter:
    a pile is built from the cards each turn lays, its total worked out here (K4), and a round
    ends at a SORRY! played on one's turn (K12) or when a laid number or Slide takes the total
    to 21 or more (K5, K6). Returns each round's end as "21", "bust" or "sorry"."""
    ends, pile = [], []

    def total():
        t = 0
        for card in pile:
            if card.isdigit():
                t += int(card)
            elif card.startswith("slide-"):
                t = int(card[6:])
        return t

    for before, action in zip(game.states, game.history):
        if before.pending is not None:
            continue  # a window's answer lays no card that ends a round by itself
        words = action.notation.split(" ")[1:]
        if words[0] in ("discard", "pass"):
            continue
        if words[0] == "sorry-back":
            ends.append("sorry")
            pile = []
            continue
        if words[0] == "play-2":
            pile.append("play-2")
            words = words[1:]
        for card in words:
            pile.append(card)
            if total() >= 21:
                ends.append("21" if total() == 21 else "bust")
                pile = []
                break
    return ends



class Answers:
    """A computer player that answers every window one way (steal or not; never blocks) and
    otherwise plays its first listed action: two tables that differ only in a card it never
    plays then play alike."""

    name = "answers"

    def __init__(self, steal: bool = False):
        self.steal = steal

    def choose(self, state, options, rng):
        if state.pending:
            word = "steal" if self.steal else "pass"
            if state.pending["kind"] == "block":
                word = "accept"
            return next(a for a in options if a.notation.endswith(" " + word))
        return options[0]


def three_players(red, blue, yellow, to_play="red", pile=("9", "5"), homes=(1, 1, 1)):
    from sorry_widget import CardState
    from sorry_widget.cardgame.cards import pile_total

    return CardState.from_dict({
        "format": "sorry-cardgame/1",
        "players": [{"colour": c, "hand": list(h), "home": n}
                    for c, h, n in zip(("red", "blue", "yellow"), (red, blue, yellow), homes)],
        "to_play": to_play, "direction": 1, "play_pile": list(pile),
        "total": pile_total(list(pile)), "draw_pile": ["1", "2", "3", "4", "6", "8"] * 3,
        "discard": [], "pending": None, "winners": []})



# Each: a table where another player declines a window, the same table where they do not
# hold the card (swapped for one they never play), their strategies, and red's action.
DECLINED = {
    # Yellow makes 21; blue holds a SORRY! steal card and passes (K13).
    "a computer's 21, a steal declined": (
        three_players(["4", "10"], ["sorry-steal", "2"], ["7"], to_play="yellow"),
        three_players(["4", "10"], ["dont-be-sorry", "2"], ["7"], to_play="yellow"),
        {"blue": Answers(), "yellow": Answers()}, None),
    # Red makes 21; blue and yellow hold SORRY! steal cards and pass.
    "the person's 21, two steals declined": (
        three_players(["7", "3"], ["sorry-steal", "2"], ["sorry-steal", "1"]),
        three_players(["7", "3"], ["dont-be-sorry", "2"], ["dont-be-sorry", "1"]),
        {"blue": Answers(), "yellow": Answers()}, "red 7"),
    # Red's SORRY! on blue, who holds Don't Be SORRY! and accepts it (K14).
    "the person's SORRY!, not blocked": (
        three_players(["sorry-back", "3"], ["dont-be-sorry", "2"], ["1"]),
        three_players(["sorry-back", "3"], ["sorry-steal", "2"], ["1"]),
        {"blue": Answers(), "yellow": Answers()}, "red sorry-back blue"),
    # Blue makes 21, yellow steals it; blue holds Don't Be SORRY! and lets the steal stand.
    "a computer's steal, not blocked": (
        three_players(["4", "10"], ["7", "dont-be-sorry"], ["sorry-steal", "1"], to_play="blue"),
        three_players(["4", "10"], ["7", "sorry-steal"], ["sorry-steal", "1"], to_play="blue"),
        {"blue": Answers(), "yellow": Answers(steal=True)}, None),
}


GREEDY = {"blue": "greedy", "yellow": "greedy", "green": "greedy"}


def sorry_table():
    from sorry_widget import CardState

    return CardState.from_dict({
        "format": "sorry-cardgame/1",
        "players": [
            {"colour": "red", "hand": ["9", "slide-15", "take-2", "sorry-back", "sorry-steal"],
             "home": 1},
            {"colour": "blue", "hand": ["3", "4", "5", "6", "7"], "home": 1},
            {"colour": "yellow", "hand": ["1", "dont-be-sorry", "2", "8", "0"], "home": 2},
            {"colour": "green", "hand": ["1", "2", "3"], "home": 0}],
        "to_play": "red", "direction": 1,
        "play_pile": ["10", "play-2", "2", "slide-10", "1", "switch", "0", "1", "2"],
        "total": 14, "draw_pile": ["1", "2", "3", "5", "6", "8", "9", "10"] * 3,
        "discard": ["4"], "pending": None, "winners": []})
