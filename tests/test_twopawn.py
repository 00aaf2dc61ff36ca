"""The two-pawn game's solver and table (sorry_widget.simulation.twopawn), on sub-families small
enough for the fast tier: the one-pawn corner (each player three pawns HOME), where the values
must be the race solver's, and the family where one player has two pawns in play and the other
one, where every value must satisfy the optimality equation by the rules' own moves. The whole
game is solved in the slow tier (tests/test_twopawn_full.py)."""

from __future__ import annotations

import io
import json
import random
import signal

import pytest

from sorry_widget.board import Position
from sorry_widget.board.moves import legal_moves
from sorry_widget.board.state import POSITION_FORMAT
from sorry_widget.board.strategies import GreedyStrategy, as_strategy
from sorry_widget.board.track import HOME, START
from sorry_widget.cli import main
from sorry_widget.simulation import coach as coach_module
from sorry_widget.simulation import evaluate as evaluate_module
from sorry_widget.simulation import exact, twopawn
from sorry_widget.simulation.exact import card_probabilities

pytest.importorskip("numba")

COLOURS = (0, 2)


@pytest.fixture(scope="module")
def corner():
    return twopawn.build((1, 1))


@pytest.fixture(scope="module")
def two_one():
    return twopawn.build((2, 1))


def as_the_game(corner) -> twopawn.TwoPawnTable:
    """The corner's values as if they were the two-pawn game's table (to test the cache
    without the minutes of the real build): red's chance where the game's start is."""
    values = twopawn.array("d", corner.values)
    red, yellow = twopawn._start_pairs(twopawn.CAPS)
    values[red * len(twopawn.PAIRS) + yellow] = corner.header["first_player_wins"]
    return twopawn.TwoPawnTable(values, dict(corner.header, caps=list(twopawn.CAPS)))


def random_position(rng: random.Random, caps=(2, 2), colours=COLOURS) -> Position:
    """A position of the family with at most ``caps`` pawns in play (either player either
    cap), neither player finished, no two pawns on one track square; either colour to move."""
    rules = Position.initial(2).rules
    while True:
        first, second = rng.sample(caps, 2) if caps[0] != caps[1] else caps
        pairs = [tuple(sorted([rng.randrange(HOME + 1) for _ in range(cap)] + [HOME] * (4 - cap)))
                 for cap in (first, second)]
        board = [loc for locs in pairs for loc in locs if loc < 60]
        own = [(seat, loc) for seat, locs in enumerate(pairs) for loc in locs if loc < START]
        if len(set(board)) == len(board) and len(set(own)) == len(own) \
                and all(locs[0] != HOME for locs in pairs):
            return Position._make(rules, colours, tuple(pairs), rng.randrange(2))


def bellman(table, position: Position) -> float:
    """The right-hand side of the optimality equation at ``position``, by the rules' own
    moves: each card's chance times the best of its moves' chances (a win 1, a 2's next draw
    the mover's own value, else one minus the opponent's)."""
    total = 0.0
    for card, chance in card_probabilities("classic").items():
        total += float(chance) * max(table.chance_after(m) for m in legal_moves(position, card))
    return total


# --- agreement with the race solver ------------------------------------------------------


def test_the_one_pawn_corner_is_the_race(corner):
    """Every race state (red or yellow to move) has the race solver's value, within 1e-9."""
    race = exact.race()
    assert corner.first_player_wins == pytest.approx(race.first_player_wins, abs=1e-9)
    rules = Position.initial(2).rules
    checked = 0
    for (red, yellow, seat), value in race.values_best.items():
        position = Position._make(rules, COLOURS, ((red, HOME, HOME, HOME),
                                                   (yellow, HOME, HOME, HOME)), seat)
        mover_chance = corner.win_chance(position)
        assert (mover_chance if seat == 0 else 1 - mover_chance) == pytest.approx(
            value, abs=1e-9), position
        checked += 1
    assert checked == race.states
    # The corner's every state, reachable from the start or not, red to move: each pawn
    # anywhere but HOME, never both on one track square.
    assert corner.states == 66 * 66 - 60


def test_the_bounds_meet_within_the_tolerance(corner, two_one):
    for table in (corner, two_one):
        assert 0 < table.header["error_bound"] < twopawn.TOLERANCE / 2 + 1e-15
        assert table.tolerance == twopawn.TOLERANCE


# --- optimality by the rules' own moves ------------------------------------------------------


def test_the_values_satisfy_the_optimality_equation(two_one):
    """On a random sample of states where one player has two pawns in play (splits, switches,
    Sorry!, a 2's draw again), the value is the best-move average of the card's outcomes,
    worked out with the rules' own move generator."""
    rng = random.Random(7)
    worst = 0.0
    for _ in range(300):
        position = random_position(rng, (2, 1))
        worst = max(worst, abs(two_one.win_chance(position) - bellman(two_one, position)))
    assert worst < 1e-9


def test_the_outcomes_are_the_rules_own_moves():
    """The solver's outcome lists, for 2,000 random states of the two-pawn family and every
    card, are the distinct results of the rules' own legal moves: a win, the mover's next draw
    after a 2, or the opponent's turn on the board turned half round."""
    np = pytest.importorskip("numpy")
    from sorry_widget.simulation import twopawn_solver as solver

    pairs, code = solver.pair_tables(twopawn.PAIRS)
    mover, other = solver.family(pairs, (2, 2))
    n = len(pairs)
    index = np.full(n * n, -1, dtype=np.int32)
    index[mover * n + other] = np.arange(len(mover), dtype=np.int32)
    rng = np.random.default_rng(3)
    sample = rng.choice(len(mover), 2000, replace=False)
    counts = np.zeros((len(sample), len(solver.CARDS)), dtype=np.uint8)
    targets = np.empty(len(sample) * 200, dtype=np.int32)
    solver._outcomes(mover[sample], other[sample], pairs, code, index, counts, targets, True)
    rules = Position.initial(2).rules
    at = 0
    for row, state in enumerate(sample):
        red = tuple(sorted(pairs[mover[state]])) + (HOME, HOME)
        yellow = tuple(sorted(pairs[other[state]])) + (HOME, HOME)
        position = Position._make(rules, COLOURS, (red, yellow), 0)
        for c, card in enumerate(solver.CARDS):
            count = int(counts[row, c])
            listed = targets[at:at + count]
            at += count
            expected = set()
            for move in legal_moves(position, int(card)):
                if move.wins:
                    expected.add(("win",))
                    continue
                seat = 0 if card == 2 else 1
                quarters = COLOURS[seat]
                pawns = move.result_pawns
                state_after = (twopawn._pair(pawns[seat], quarters),
                               twopawn._pair(pawns[1 - seat], quarters))
                expected.add(("same" if seat == 0 else "other", state_after))
            got = set()
            for t in listed:
                if t == solver.WIN:
                    got.add(("win",))
                else:
                    got.add(("same" if card == 2 else "other", (int(mover[t]), int(other[t]))))
            assert got == expected, (position, int(card))
            assert len(listed) == len(got)  # each outcome once


# --- positions and the family ------------------------------------------------------------


def test_a_position_and_its_turned_copies_have_one_value(two_one):
    rng = random.Random(11)
    for _ in range(100):
        position = random_position(rng, (2, 1))
        value = two_one.win_chance(position)
        # The same position with blue and green: the board turned a quarter round.
        turned = Position._make(position.rules, (1, 3), tuple(
            tuple(sorted((loc + 15) % 60 if loc < 60 else loc for loc in locs))
            for locs in position.pawns), position.to_move)
        assert two_one.win_chance(turned) == value
        # Yellow to move is red to move on the board turned half round.
        swapped = Position._make(position.rules, COLOURS, tuple(
            tuple(sorted((loc + 30) % 60 if loc < 60 else loc for loc in locs))
            for locs in reversed(position.pawns)), 1 - position.to_move)
        assert two_one.win_chance(swapped) == value


def family_position(red, yellow, to_move="red", rules="classic", **more):
    return Position({"red": red, "yellow": yellow, **more}, to_move=to_move, rules=rules)


@pytest.mark.parametrize("position, words", [
    (lambda: family_position(["start"] * 2 + ["home"] * 2, ["start"] * 2 + ["home"] * 2,
                             rules="edition-2013"), "classic rules, not edition-2013"),
    (lambda: Position({"red": ["start", "start", "home", "home"],
                       "yellow": ["start", "start", "home", "home"]},
                      options={"sorry_forward_4": True}), "other options"),
    (lambda: Position.initial(3), "two players"),
    (lambda: Position({"red": ["start"] + ["home"] * 3, "blue": ["start"] + ["home"] * 3}),
     "do not face each other"),
    (lambda: family_position(["start"] * 3 + ["home"], ["start"] * 2 + ["home"] * 2),
     "pawns.red: 1 pawn HOME"),
])
def test_positions_outside_the_family_are_named(position, words):
    why = twopawn.family_problem(position())
    assert why is not None and words in why


def test_finished_positions_have_their_result(corner):
    won = family_position(["home"] * 4, [5, "home", "home", "home"], to_move="red")
    assert corner.win_chance(won) == 1.0
    assert corner.win_chance(won.with_to_move("yellow")) == 0.0


# --- the cache -----------------------------------------------------------------------------


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(twopawn, "_loaded", {})
    # (nor has the evaluator, which the coach asks, kept a table found in the user's cache)
    monkeypatch.setattr(evaluate_module, "_TABLE", [])
    return tmp_path / "sorry-widget"


def test_the_cache_is_named_by_the_code_and_read_back(cache, corner):
    path = twopawn.cache_path()
    assert path.parent == cache and twopawn.code_key()[:16] in path.name
    twopawn._write(corner, path)
    read = twopawn._read(path, (1, 1))
    assert read is not None and read.header["states"] == corner.states
    assert list(read.values[:1000]) == pytest.approx(list(corner.values[:1000]), nan_ok=True)
    # The full game's reader does not take a table of another family.
    assert twopawn._read(path, twopawn.CAPS) is None


@pytest.mark.parametrize("damage", ["flip", "truncate", "header", "key", "empty"])
def test_a_damaged_or_stale_cache_is_not_read(cache, corner, damage):
    path = twopawn.cache_path()
    twopawn._write(corner, path)
    data = path.read_bytes()
    header, _, payload = data.partition(b"\n")
    if damage == "flip":
        payload = payload[:100] + bytes([payload[100] ^ 1]) + payload[101:]
    elif damage == "truncate":
        payload = payload[:-8]
    elif damage == "header":
        header = header[:-5]
    elif damage == "key":
        fields = json.loads(header)
        fields["key"] = "0" * 64
        header = json.dumps(fields).encode()
    else:
        header, payload = b"", b""
    path.write_bytes(header + b"\n" + payload)
    assert twopawn._read(path, (1, 1)) is None


def test_solve_answers_from_the_cache_without_building(cache, corner, monkeypatch):
    twopawn._write(as_the_game(corner), twopawn.cache_path())

    def no_build(*args, **kwargs):
        raise AssertionError("built again")
    monkeypatch.setattr(twopawn, "build", no_build)
    assert twopawn.solve().states == corner.states
    assert twopawn.cached_table() is twopawn.solve()


def test_a_solved_table_is_written_as_it_is_read_back(cache, corner, monkeypatch):
    monkeypatch.setattr(twopawn, "build", lambda *a, **k: as_the_game(corner))
    built = twopawn.solve()
    twopawn._loaded.clear()
    read = twopawn.cached_table()
    assert read is not built and read.header == built.header
    assert list(read.values[:1000]) == pytest.approx(list(built.values[:1000]), nan_ok=True)


def test_without_a_cache_nothing_is_built(cache, monkeypatch):
    monkeypatch.setattr(twopawn, "build", lambda *a, **k: pytest.fail("built"))
    assert twopawn.cached_table() is None


def test_a_new_table_replaces_an_old_code_s_table(cache, corner):
    cache.mkdir(parents=True)
    old = cache / "twopawn-0000000000000000.table"
    old.write_bytes(b"old")
    twopawn._write(corner, twopawn.cache_path())
    assert not old.exists() and twopawn.cache_path().exists()


class Hung(BaseException):
    """Raised by the alarm in a reader still waiting (no ``except OSError`` catches it)."""


def _hung(signum, frame):
    raise Hung("still waiting after 20 s")


@pytest.fixture(scope="module")
def cached_file(corner, tmp_path_factory) -> tuple[bytes, bytes]:
    """The header line and the values of the corner's table as the cache writes it, written
    once for the module (each write is 39 MB; this module's processor time is the fast
    tier's, tests/conftest.py)."""
    path = tmp_path_factory.mktemp("table") / "table.bin"
    twopawn._write(as_the_game(corner), path)
    line, _, payload = path.read_bytes().partition(b"\n")
    return line, payload


def _cached_as_the_game(corner) -> None:
    """The corner's values written to the cache as if they were the two-pawn game's table."""
    twopawn._write(as_the_game(corner), twopawn.cache_path())
    twopawn._loaded.clear()


@pytest.mark.parametrize("field, value, words", [
    ("first_player_wins", 0.9016, "0.9016, but the values say"),
    ("first_player_wins", 1.5, "1.5 is out of range"),
    ("first_player_wins", "0.5", "'0.5' is out of range"), ("states", -7, "-7 is out of range"),
    ("states", "many", "'many' is out of range"), ("tolerance", float("nan"), "nan is out"),
    ("error_bound", -1, "-1 is out of range"), ("sweeps", 2.5, "2.5 is out of range"),
    ("cpu_seconds", None, "None is out of range")])
def test_the_table_s_header_is_checked_with_its_values(cache, corner, cached_file, field, value,
                                                       words):
    """Any change to the header is caught by the digest of header and values together; a
    header whose digest was made to match is still refused a value out of its range, and the
    table is not read (``exact game``'s answer then: the test below)."""
    line, payload = cached_file
    header = json.loads(line)
    header[field] = value
    assert twopawn.header_problem(header, payload).startswith("the SHA-256 of its header and values")
    header["sha256"] = twopawn._digest(header, payload)
    assert twopawn.header_problem(header, payload).startswith(f"{field}: {words}")
    path = twopawn.cache_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(json.dumps(header, sort_keys=True).encode() + b"\n" + payload)
    assert twopawn.cached_table() is None


def test_exact_game_builds_rather_than_print_a_changed_header(cache, corner, capsys,
                                                             monkeypatch):
    """The issue's case (``first_player_wins`` changed to 0.9016 in the cached file): the
    command never prints it. Once, not per field above: each run writes the 39 MB table again,
    and this module's processor time is the fast tier's (tests/conftest.py)."""
    _cached_as_the_game(corner)
    path = twopawn.cache_path()
    line, _, payload = path.read_bytes().partition(b"\n")
    header = json.loads(line)
    header["first_player_wins"] = 0.9016
    path.write_bytes(json.dumps(header, sort_keys=True).encode() + b"\n" + payload)
    monkeypatch.setattr(twopawn, "build", lambda *a, **k: as_the_game(corner))
    code, out = run(capsys, monkeypatch, ["exact", "game", "--json"])
    assert code == 0 and json.loads(out)["first_player_wins"] == \
        corner.header["first_player_wins"] != 0.9016


def test_an_untouched_cached_table_passes_every_check(cache, corner):
    _cached_as_the_game(corner)
    line, _, payload = twopawn.cache_path().read_bytes().partition(b"\n")
    assert twopawn.header_problem(json.loads(line), payload) is None
    assert twopawn.cached_table().header["first_player_wins"] == \
        corner.header["first_player_wins"]


@pytest.mark.parametrize("kwargs, words", [
    ({"tolerance": float("nan")}, "tolerance: must be a number from 1e-12 to 0.01, not nan"),
    ({"tolerance": 0}, "tolerance: must be a number from 1e-12 to 0.01, not 0"),
    ({"tolerance": float("inf")}, "tolerance: must be"),
    ({"tolerance": "1e-9"}, "tolerance: must be"),
    ({"tolerance": True}, "tolerance: must be"),
    ({"progress": 5}, "progress: must be a function"),
    ({"caps": (3, 1)}, "caps: must be a pair"),
    ({"caps": None}, "caps: must be a pair"),
])
def test_a_build_s_arguments_are_checked_before_any_work(kwargs, words, monkeypatch):
    from sorry_widget.simulation import twopawn_solver
    monkeypatch.setattr(twopawn_solver, "solve", lambda *a, **k: pytest.fail("solved"))
    with pytest.raises(ValueError) as caught:
        twopawn.build(**kwargs)
    assert str(caught.value).startswith(words)


def test_win_chance_of_what_is_not_a_position_is_one_error(corner):
    for given in (None, "red", {"pawns": {}}):
        with pytest.raises(twopawn.FamilyError, match="position: expected a Position"):
            corner.win_chance(given)


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_what_stands_in_the_table_s_place_is_named_before_the_build(cache, corner, kind,
                                                                    monkeypatch):
    import os
    path = twopawn.cache_path()
    path.parent.mkdir(parents=True)
    (path.mkdir if kind == "folder" else lambda: os.mkfifo(path))()
    events = []
    monkeypatch.setattr(twopawn, "build", lambda *a, **k: events.append("build") or corner)
    monkeypatch.setattr(twopawn.warnings, "warn", lambda message, *a, **k: events.append(message))
    # A FIFO there once blocked the reader for good: the alarm fails the test instead.
    signal.signal(signal.SIGALRM, _hung)
    signal.alarm(20)
    try:
        assert twopawn.solve() is corner
    finally:
        signal.alarm(0)
    # One warning, before the build, naming what is in the way (not "is a directory" after it).
    assert len(events) == 2 and events[1] == "build", events
    assert events[0].startswith("the two-pawn table will be solved but not kept: two-pawn "
                                f"table: not saved to {path}: it is a "), events
    assert ("folder" if kind == "folder" else "FIFO") in events[0]


def test_a_table_write_killed_midway_leaves_nothing_for_long(cache, corner):
    """A writer killed while writing leaves its temporary file (named with its pid); the next
    run that looks at the cache removes it, and keeps one a live writer is still writing."""
    import os
    import subprocess
    import sys
    path = twopawn.cache_path()
    path.parent.mkdir(parents=True)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    stale = path.parent / f".{path.name}.{int(gone.stdout)}.k3j9x_a1.tmp"
    live = path.parent / f".{path.name}.{os.getpid()}.b7c2q0zz.tmp"
    other = path.parent / ".someone-else.tmp"
    for leftover in (stale, live, other):
        leftover.write_bytes(b"\0" * 1000)
    assert twopawn.cached_table() is None
    assert not stale.exists() and live.exists() and other.exists()


# --- the perfect player and the coach --------------------------------------------------------


@pytest.fixture
def cached(monkeypatch, two_one):
    monkeypatch.setattr(twopawn, "cached_table", lambda: two_one)
    # (the evaluator looks the table up once per process: it looks again, and finds this one)
    monkeypatch.setattr(evaluate_module, "_TABLE", [])
    return two_one


def test_perfect_plays_the_table_s_best_move(cached):
    strategy = as_strategy("perfect")
    rng = random.Random(5)
    chose_other_than_greedy = 0
    for _ in range(200):
        position = random_position(rng, (2, 1))
        card = rng.choice([1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13])
        moves = legal_moves(position, card)
        move = strategy.choose(position, card, moves, random.Random(1))
        best = max(cached.chance_after(m) for m in moves)
        assert cached.chance_after(move) == best
        greedy = GreedyStrategy().choose(position, card, moves, random.Random(1))
        chose_other_than_greedy += cached.chance_after(greedy) < best - 1e-6
    assert chose_other_than_greedy > 0  # the test can tell the two apart


def test_perfect_plays_as_greedy_outside_the_family(cached):
    position = Position.initial(2)
    moves = legal_moves(position, 1)
    assert as_strategy("perfect").choose(position, 1, moves, random.Random(2)) is \
        GreedyStrategy().choose(position, 1, moves, random.Random(2))


def test_the_coach_answers_from_a_cached_table(cached):
    position = family_position([20, 40, "home", "home"], [50, "home", "home", "home"])
    advice = coach_module.coach(position, 7)
    assert advice.method == "exact" and advice.exact
    for estimate in advice.estimates:
        assert estimate.win_rate == cached.chance_after(estimate.move)


def test_the_coach_never_builds_the_table(cache):
    position = family_position([20, 40, "home", "home"], [50, "home", "home", "home"])
    with pytest.raises(ValueError, match="exact needs a small game"):
        coach_module.coach(position, 7, method="exact")


# --- the command ---------------------------------------------------------------------------


def run(capsys, monkeypatch, argv, stdin=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    code = main(argv)
    return code, capsys.readouterr().out


def test_exact_game_one_pawn_json(capsys, monkeypatch):
    code, out = run(capsys, monkeypatch, ["exact", "game", "--pawns", "1", "--json"])
    answer = json.loads(out)
    assert code == 0
    assert answer["rules"] == "classic" and answer["pawns"] == 1
    assert answer["tolerance"] <= 1e-9 and answer["states"] > 4000
    assert answer["first_player_wins"] == pytest.approx(exact.race().first_player_wins,
                                                         abs=1e-9)


def test_exact_game_two_pawns_json_and_words(capsys, monkeypatch, two_one):
    monkeypatch.setattr(twopawn, "solve", lambda progress=None: two_one)
    code, out = run(capsys, monkeypatch, ["exact", "game", "--pawns", "2", "--json"])
    answer = json.loads(out)
    assert code == 0 and answer["pawns"] == 2 and answer["states"] == two_one.states
    assert answer["first_player_wins"] == two_one.first_player_wins
    code, out = run(capsys, monkeypatch, ["exact", "game"])
    assert "Red wins with probability" in out and f"{two_one.states:,}" in out
    code, out = run(capsys, monkeypatch, ["exact", "game", "--lang", "fr"])
    assert "Rouge gagne" in out and f"{two_one.first_player_wins:.10f}".replace(".", ",") in out


def test_exact_value_answers_each_line_and_names_what_is_wrong(capsys, monkeypatch, two_one):
    monkeypatch.setattr(twopawn, "solve", lambda progress=None: two_one)
    good = family_position([20, 40, "home", "home"], [50, "home", "home", "home"],
                           to_move="yellow")
    lines = [
        json.dumps({"position": good.to_dict()}),
        json.dumps({"position": Position.initial(2).to_dict()}),
        "{not json",
        json.dumps({"position": dict(good.to_dict(), rules="edition-2013")}),
        json.dumps({"position": Position.initial(3).to_dict()}),
        json.dumps({"position": {"format": POSITION_FORMAT}}),
        json.dumps({"position": good.to_dict(), "card": "7"}),
        json.dumps({"position": good.to_dict()}),
    ]
    code, out = run(capsys, monkeypatch, ["exact", "value"], "\n".join(lines) + "\n")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and len(answers) == len(lines)
    assert answers[0] == {"win_chance": two_one.win_chance(good)} == answers[-1]
    assert "HOME" in answers[1]["error"]
    assert "not valid JSON" in answers[2]["error"]
    assert "classic" in answers[3]["error"]
    assert "two players" in answers[4]["error"]
    assert "missing" in answers[5]["error"]
    assert "card" in answers[6]["error"]


def test_exact_value_reads_a_file_and_refuses_a_device(capsys, monkeypatch, tmp_path, two_one):
    monkeypatch.setattr(twopawn, "solve", lambda progress=None: two_one)
    good = family_position([20, 40, "home", "home"], [50, "home", "home", "home"])
    path = tmp_path / "positions.jsonl"
    path.write_text(json.dumps({"position": good.to_dict()}) + "\n")
    code, out = run(capsys, monkeypatch, ["exact", "value", str(path)])
    assert code == 0 and json.loads(out) == {"win_chance": two_one.win_chance(good)}
    code, out = run(capsys, monkeypatch, ["exact", "value", "/dev/zero"])
    assert code == 1 and "not a regular file" in json.loads(out)["error"]
    code, out = run(capsys, monkeypatch, ["exact", "value", str(tmp_path / "none")])
    assert code == 1 and "does not exist" in json.loads(out)["error"]


def test_exact_value_stops_after_its_line_cap(capsys, monkeypatch, two_one):
    from sorry_widget.cli import exact as cli_exact
    monkeypatch.setattr(twopawn, "solve", lambda progress=None: two_one)
    monkeypatch.setattr(cli_exact, "MAX_VALUE_LINES", 2)
    good = json.dumps({"position": family_position(
        [20, 40, "home", "home"], [50, "home", "home", "home"]).to_dict()})
    code, out = run(capsys, monkeypatch, ["exact", "value"], "\n".join([good] * 5) + "\n")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and len(answers) == 3 and "more than 2 lines" in answers[2]["error"]


def test_the_game_is_solved_for_classic_rules_only(capsys, monkeypatch):
    code = main(["exact", "game", "--rules", "edition-2013"])
    assert code == 2 and "classic rules only" in capsys.readouterr().err


def test_perfect_is_there_once_the_package_is_loaded():
    import subprocess
    import sys

    code = ("import sys, sorry_widget\n"
            "from sorry_widget.board.strategies import as_strategy\n"
            "print(type(as_strategy('perfect')).__name__, 'numpy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["PerfectStrategy", "False"]
