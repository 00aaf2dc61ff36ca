"""Lesson 09, How strong is the computer? (issue 33, point 4), in English and French: every number
it prints is recomputed here by another way than the lesson's own code — the ladder's games
replayed deal by deal with a plain loop, its ratings fitted by Newton's method and its intervals
by a bootstrap written here, the two-pawn values by one Bellman step over the rules' own moves,
the learned player's values by a dot product and a softmax written here."""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from sorry_widget import Game, Position
from sorry_widget.board.game import next_seat
from sorry_widget.core.numbers import format_percent
from sorry_widget.simulation import exact, learned, twopawn
from sorry_widget.simulation.levels import LEVELS

pytestmark = [pytest.mark.jupyter]  # its tier: a kernel runs the lessons (tests/conftest.py)

ROOT = Path(__file__).resolve().parent.parent
LESSONS = {"en": ROOT / "notebooks" / "09-how-strong.ipynb",
           "fr": ROOT / "notebooks" / "fr" / "09-quelle-force.ipynb"}
#: What the lesson's small ladder plays (its cell says so in words).
PLAYERS = ["random", "apologies-reward", "greedy", "learned"]
SEED, DEALS = "lesson-9", 100
ELO = 400 / math.log(10)
NUMBER = r"(-?[\d,\u202f]+)"
PERCENT = r"([\d.,]+)\u00a0?%"
SAID = {
    "en": {
        "rating": rf"^(\S+): rating {NUMBER} \(95% interval {NUMBER} to {NUMBER}\), {NUMBER} wins "
                  rf"in {NUMBER} games$",
        "pair": rf"^(\S+) against (\S+): \S+ won {NUMBER} of {NUMBER} games, {PERCENT} \(95% "
                rf"interval {PERCENT} to {PERCENT}, bootstrap over the deals\)$",
        "first": r"wins ([\d.]+%) of games when both play their best; yellow ([\d.]+%)",
        "first_learned": r"it gives red, drawing first, ([\d.]+%) here and the same at the start",
        "move": r"^(\S+(?: \S+)?): red wins ([\d.]+%)$",
        "best_loses": r"[Ee]ven the best move loses ([\d.]+%) of the time",
        "learned": r"^(.+): red wins ([\d.]+%) before training, ([\d.]+%) after$",
    },
    "fr": {
        "rating": rf"^(\S+)\u00a0: classement {NUMBER} \(intervalle à 95 % de {NUMBER} à {NUMBER}\), "
                  rf"{NUMBER} victoires en {NUMBER} parties$",
        "pair": rf"^(\S+) contre (\S+)\u00a0: \S+ a gagné {NUMBER} parties sur {NUMBER}, {PERCENT} "
                rf"\(intervalle à 95 % de {PERCENT} à {PERCENT}, bootstrap sur les donnes\)$",
        "first": r"gagne ([\d,]+\u00a0%) des parties quand les deux jouent au mieux ; le jaune "
                 r"([\d,]+\u00a0%)",
        "first_learned": r"il donne au rouge, qui tire en premier, ([\d,]+\u00a0%) ici et autant "
                         r"au départ",
        "move": r"^(\S+(?: \S+)?)\u00a0: le rouge gagne ([\d,]+\u00a0%)$",
        "best_loses": r"[Mm]ême le meilleur coup perd ([\d,]+\u00a0%) du temps",
        "learned": r"^(.+)\u00a0: le rouge gagne ([\d,]+\u00a0%) avant l'entraînement, "
                   r"([\d,]+\u00a0%) après$",
    },
}


def number(text: str) -> int:
    return int(text.replace(",", "").replace("\u202f", "").replace("\u2212", "-"))


def share(text: str) -> float:
    return float(text.replace(",", ".").replace("\u00a0", "").rstrip("%")) / 100


@pytest.fixture(scope="module", params=["en", "fr"])
def run(request):
    """The lesson run in a kernel started in its folder: (language, each code cell's printed
    lines, wrapped lines joined, and each code cell's displayed Markdown)."""
    import nbformat
    from nbclient import NotebookClient

    path = LESSONS[request.param]
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    printed, shown = [], []
    for cell in (c for c in nb.cells if c.cell_type == "code"):
        text = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
        printed.append(text.replace("\n    ", " ").splitlines())
        shown.append([o.data["text/markdown"] for o in cell.outputs
                      if o.output_type == "display_data" and "text/markdown" in o.data])
    return request.param, printed, shown


def cell(printed, words: str) -> list[str]:
    """The printed lines of the first code cell whose output has ``words``."""
    return next(lines for lines in printed if any(words in line for line in lines))


def test_the_computer_players_are_listed_weakest_first(run):
    language, printed, _ = run
    lines = printed[0]
    names = [line.split(" (")[0] for line in lines]
    assert names == [n for n in LEVELS if n != "perfect"]


# --- the small ladder, replayed ---------------------------------------------------------------


def replay_deals() -> dict[tuple[str, str], list[int]]:
    """For each pair (a, b) of PLAYERS, per deal, how many of its two games ``a`` won: deal d is
    the cards of Game(seed=f"{SEED}:{d}"), played with each player drawing first once."""
    out = {}
    for i, a in enumerate(PLAYERS):
        for b in PLAYERS[i + 1:]:
            wins = []
            for d in range(DEALS):
                won = 0
                for seated in ((a, b), (b, a)):
                    game = Game(2, rules="classic", seed=f"{SEED}:{d}", strategies=list(seated),
                                keep_history=False)
                    winner = game.run()
                    won += seated[game.colours.index(winner)] == a
                wins.append(won)
            out[(a, b)] = wins
    return out


def sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def bradley_terry(wins: dict[tuple[str, str], tuple[float, float]]) -> dict[str, float]:
    """Elo ratings (random = 0) maximising the Bradley–Terry likelihood with one virtual win and
    one virtual loss of each player against a player of strength 1, by coordinate Newton."""
    theta = {p: 0.0 for p in PLAYERS}
    for _ in range(500):
        biggest = 0.0
        for p in PLAYERS:
            s = sigmoid(theta[p])
            gradient, curvature = 1 - 2 * s, 2 * s * (1 - s)
            for (a, b), (wa, wb) in wins.items():
                if p in (a, b):
                    won, lost = (wa, wb) if p == a else (wb, wa)
                    q = sigmoid(theta[p] - theta[b if p == a else a])
                    gradient += won - (won + lost) * q
                    curvature += (won + lost) * q * (1 - q)
            step = gradient / curvature
            theta[p] += step
            biggest = max(biggest, abs(step))
        if biggest < 1e-12:
            break
    return {p: ELO * (theta[p] - theta["random"]) for p in PLAYERS}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@pytest.fixture(scope="module")
def deals():
    return replay_deals()


def test_the_small_ladders_games_are_the_deals_replayed(run, deals):
    language, printed, _ = run
    lines = cell(printed, "deals for each pair" if language == "en" else "donnes pour chaque")
    pairs = [m for m in (re.match(SAID[language]["pair"], line) for line in lines) if m]
    assert len(pairs) == 6
    for said in pairs:
        a, b = said[1], said[2]
        per_deal = deals[(a, b)] if (a, b) in deals else [2 - w for w in deals[(b, a)]]
        won, games = number(said[3]), number(said[4])
        assert (won, games) == (sum(per_deal), 2 * DEALS)
        assert share(said[5]) == pytest.approx(won / games, abs=1e-9)  # 200 games: 3 decimals
        # The interval: a bootstrap over the deals, written here (another random stream, so
        # the ends agree to within what 200 resamples can tell).
        rng = random.Random(1)
        shares = []
        for _ in range(1000):
            drawn = [per_deal[rng.randrange(DEALS)] for _ in range(DEALS)]
            shares.append(sum(drawn) / (2 * DEALS))
        assert abs(share(said[6]) - percentile(shares, 0.025)) <= 0.03
        assert abs(share(said[7]) - percentile(shares, 0.975)) <= 0.03
        assert share(said[6]) <= won / games <= share(said[7])


def test_the_small_ladders_ratings_are_the_bradley_terry_fit(run, deals):
    language, printed, _ = run
    lines = cell(printed, "deals for each pair" if language == "en" else "donnes pour chaque")
    rows = {m[1]: m for m in (re.match(SAID[language]["rating"], line) for line in lines) if m}
    assert set(rows) == set(PLAYERS)
    totals = {pair: (sum(w), 2 * DEALS - sum(w)) for pair, w in deals.items()}
    fitted = bradley_terry(totals)
    rng = random.Random(2)
    samples = {p: [] for p in PLAYERS}
    for _ in range(200):
        drawn = [rng.randrange(DEALS) for _ in range(DEALS)]
        resampled = {pair: (sum(w[d] for d in drawn), sum(2 - w[d] for d in drawn))
                     for pair, w in deals.items()}
        for p, r in bradley_terry(resampled).items():
            samples[p].append(r)
    for name, said in rows.items():
        assert abs(number(said[2]) - fitted[name]) <= 0.5 + 1e-9, (name, said[2], fitted[name])
        wins = sum(sum(w) if a == name else 2 * DEALS - sum(w) for (a, b), w in deals.items()
                   if name in (a, b))
        assert (number(said[5]), number(said[6])) == (wins, 3 * 2 * DEALS)
        low, high = number(said[3]), number(said[4])
        if name == "random":  # the anchor: 0 in every resample
            assert (low, high) == (0, 0)
        else:
            assert abs(low - percentile(samples[name], 0.025)) <= 35
            assert abs(high - percentile(samples[name], 0.975)) <= 35
    # The players are listed strongest first.
    assert [number(rows[n][2]) for n in rows] == sorted((number(rows[n][2]) for n in rows),
                                                        reverse=True)


#: The ladder page each lesson shows the tables of (the French lesson, the French page's), the
#: heading after its 2-player tables and the column that marks a ratings table.
LADDER_PAGES = {"en": ("ladder.md", "### Four players", "| Rating |"),
                "fr": ("fr/ladder.md", "### Quatre joueurs", "| Cote |")}


def test_the_docs_table_is_the_ladder_pages(run):
    language, printed, shown = run
    name, four_players, rating = LADDER_PAGES[language]
    page = ROOT / "docs" / name
    text = page.read_text(encoding="utf-8") if page.exists() else ""
    # The ratings tables of the 2-player section, as the page in the lesson's language has them.
    two_players = text[:text.find(four_players)] if four_players in text else text
    tables = [t for t in re.findall(r"(?m)((?:^\|.*\|\n)+)", two_players)
              if rating in t.split("\n")[0]]
    displayed = [m for markdown in shown for m in markdown]
    if tables:
        assert displayed == tables and len(tables) >= 2
    else:
        assert displayed == [] and any("ladder" in line for lines in printed for line in lines)


# --- the two-pawn game ------------------------------------------------------------------------

TWO_PAWNS = Position({"red": ["start", "start", "home", "home"],
                      "yellow": ["start", "start", "home", "home"]}, to_move="red")
CHOICE = Position({"red": [8, "start", "home", "home"], "yellow": [12, 40, "home", "home"]},
                  to_move="red")


def after_move(move, value) -> float:
    """The mover's chance once ``move`` is made, from ``value(position)`` of the player to
    move in the position after it (the mover again after a 2, C7)."""
    if move.wins:
        return 1.0
    position = move.position
    seat = next_seat(move)
    chance = value(move.result.with_to_move(position.colour_names[seat]))
    return chance if seat == position.to_move else 1 - chance


def bellman(table, position) -> float:
    """One step of the optimality equation: the average over the cards (with replacement) of
    the best legal move's value, every value after the move read from the table."""
    total = 0.0
    for card, chance in exact.card_probabilities("classic").items():
        total += float(Fraction(chance)) * max(after_move(m, table.win_chance)
                                               for m in position.legal_moves(card))
    return total


def learned_chance(position) -> float:
    """Red's chance by the shipped weights: each seat's features times the weights, summed,
    then a softmax, written out here."""
    weights = learned.shipped_weights()[len(position.colours)]
    values = [sum(w * f for w, f in zip(weights, features))
              for features in learned.seat_features(position.pawns, position.colours,
                                                    position.to_move)]
    exps = [math.exp(v) for v in values]
    return exps[position.colours.index(0)] / sum(exps)


def test_going_first_with_two_pawns_each(run):
    language, printed, _ = run
    text = " ".join(cell(printed, "drawing first" if language == "en" else "tire en premier"))
    table = twopawn.cached_table()
    if table is not None:
        said = re.search(SAID[language]["first"], text)
        value = bellman(table, TWO_PAWNS)
        assert abs(value - table.win_chance(TWO_PAWNS)) <= 2 * table.tolerance
        assert said.groups() == (format_percent(value, language, digits=2),
                                 format_percent(1 - value, language, digits=2))
    else:
        # Without the table the cell does not pass the learned value off as an estimate of the
        # two-pawn game: it gives every position where the pawns stand alike the same value.
        said = re.search(SAID[language]["first_learned"], text)
        assert said[1] == format_percent(learned_chance(TWO_PAWNS), language, digits=2)
        assert learned_chance(TWO_PAWNS) == pytest.approx(learned_chance(Position.initial(2)),
                                                           abs=1e-9)
        assert "when both play their best" not in text and "jouent au mieux" not in text


def test_how_often_the_better_move_loses(run):
    language, printed, _ = run
    lines = cell(printed, "R8-19")
    table = twopawn.cached_table()
    if table is not None:
        def value(position):
            return bellman(table, position)
    else:
        def value(position):
            red = learned_chance(position)
            return red if position.colour_to_move == "red" else 1 - red
    expected = {m.notation: after_move(m, value) for m in CHOICE.legal_moves(11)}
    said = dict(m.groups() for m in (re.match(SAID[language]["move"], line) for line in lines)
                if m)
    assert said == {n: format_percent(c, language, digits=1) for n, c in expected.items()}
    loses = re.search(SAID[language]["best_loses"], " ".join(lines))[1]
    assert loses == format_percent(1 - max(expected.values()), language, digits=1)
    # The cell says whose figures these are: exact with the table, else estimates.
    heading = {("en", True): "Exact, with best play by both",
               ("en", False): "The learned player's estimates",
               ("fr", True): "Exactes, quand les deux jouent au mieux",
               ("fr", False): "Les estimations du joueur appris"}
    assert heading[language, table is not None] in " ".join(lines)


def test_the_learned_players_values_before_and_after_training(run):
    language, printed, _ = run
    lines = [m for m in (re.match(SAID[language]["learned"], line)
                         for line in cell(printed, "before training" if language == "en" else
                                          "avant l'entraînement")) if m]
    positions = [Position.initial(2),
                 Position({"red": [10, 20, "start", "start"], "yellow": ["start"] * 4}),
                 Position({"red": ["home", "home", "start", "start"], "yellow": ["start"] * 4}),
                 Position({"red": [5, "start", "start", "start"],
                           "yellow": ["safety-3", "home", "home", "home"]})]
    assert len(lines) == len(positions)
    for said, position in zip(lines, positions):
        # Before training every weight is 0: both players' values are equal, so 1/2 each.
        assert said[2] == format_percent(0.5, language)
        assert said[3] == format_percent(learned_chance(position), language)
