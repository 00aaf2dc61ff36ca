"""Accessibility of the widgets and their exported pages (issue 25), in Debian's Chromium.

axe-core (tests/support/axe.py) finds no serious or critical violation on the board (replay, play
mode, a rule demo, the coach's bars), the card game and the pages ``to_html`` writes, in the
light and dark themes; every violation found, of every level, is printed. Then what axe cannot
judge: text contrast measured on the computed colours, a whole game played by keys alone, the
live region's one announcement per play, reduced motion, the colour-blind palette.
"""

from __future__ import annotations

import pytest

from support.axe import count_nodes, report, run_axe, serious
from support.browser import Bridge, focused, offline_page, tab_to
from conftest import pos
from sorry_widget import CardGame, Game, SorryCardWidget, SorryWidget

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")

GREEDY = {"blue": "greedy", "yellow": "greedy", "green": "greedy"}


def board_replay(record, theme):
    w = SorryWidget(record=record, animate=False, theme=theme)
    w.play = 6
    return w


def board_play(record, theme):
    start = pos(red=[8, 20, 33, "start"], yellow=[50, "start", "start", "start"])
    return SorryWidget(Game(start=start, seed=0, strategies={"red": None, "yellow": "random"}),
                       card="7", animate=False, theme=theme)


def board_demo(record, theme):
    start = pos(red=[10, 13, "start", "start"], blue=[30])
    return SorryWidget(position=start, card="7", example="R10-11 R13-19", animate=False,
                       theme=theme)


def board_coach(record, theme):
    position = pos(red=[3, 20], blue=[8, 22, "start", "home"], yellow=[40], green=[50, 52])
    w = SorryWidget(position=position, card="7", animate=False, theme=theme)
    w.coach_rollouts = 60
    return w


def cards_play(record, theme):
    return SorryCardWidget(CardGame(4, seed=3, strategies={"red": None, **GREEDY}), theme=theme)


def cards_replay(record, theme):
    game = CardGame(3, seed=4)
    game.run()
    w = SorryCardWidget(record=game.record(), theme=theme)
    w.play = 5
    return w


VIEWS = {"board replay": board_replay, "board play": board_play, "rule demo": board_demo,
         "coach": board_coach, "card game": cards_play, "card replay": cards_replay}


def axe_checked(page, where: str) -> list[dict]:
    violations = run_axe(page)
    print(f"\n{where}: {count_nodes(serious(violations))} serious/critical nodes, "
          f"{count_nodes(violations)} in all")
    if violations:
        print(report(where, violations))
    return violations


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_axe_finds_nothing_serious_on_the_widgets(page, record, view, theme):
    w = VIEWS[view](record, theme)
    Bridge(page, w, width=1280)
    if view == "coach":
        page.click(".sw-coach-ask")
        page.wait_for_selector(".sw-coach-row")
    if view == "card game":
        page.locator('g.player[data-colour="red"] g.hand-card.sw-selectable').first.click()
        page.wait_for_selector('g.hand-card.sw-selectable')
    # The notebook around the widget is in the same theme.
    page.evaluate("""() => { const w = getComputedStyle(document.querySelector('.sorry-widget'));
      document.body.style.background = w.backgroundColor; document.body.style.color = w.color; }""")
    violations = axe_checked(page, f"{view}, {theme}")
    assert not serious(violations), report(view, serious(violations))


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("kind", ["board", "cards"])
def test_axe_finds_nothing_serious_on_exported_pages(browser, record, tmp_path, kind, theme):
    w = board_replay(record, theme) if kind == "board" else cards_replay(record, theme)
    path = tmp_path / "page.html"
    w.to_html(path)
    page, tried, errors = offline_page(browser, path)
    page.wait_for_selector(".sorry-widget.sw-ready, .sorry-widget [data-shown], .sorry-widget",
                           timeout=15_000)
    page.wait_for_function("document.querySelector('[data-sorry-widget]').dataset.rendered")
    for _ in range(3):
        page.click(".sorry-widget button.sw-forward")
    violations = axe_checked(page, f"exported {kind}, {theme}")
    page.context.close()
    assert not errors, errors
    assert not serious(violations), report(kind, serious(violations))


# --- keyword arguments ---------------------------------------------------------------------

@pytest.mark.parametrize("cls", [SorryWidget, SorryCardWidget])
def test_an_unknown_keyword_is_refused_naming_it_and_the_accepted_ones(cls):
    from sorry_widget.widget.replay import WidgetError

    with pytest.raises(WidgetError) as refused:
        cls(colour_blind=True)
    text = str(refused.value)
    assert "'colour_blind'" in text and "theme" in text and "layout" in text
    assert text.count("\n") == 0


# --- keyboard alone --------------------------------------------------------------------------

def focus_ring(page) -> str:
    """The focused element's outline, or the ring drawn around the board's cursor."""
    return page.evaluate("""() => {
      const e = document.activeElement;
      const cs = getComputedStyle(e);
      return cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2 ? 'outline' : '';
    }""")


def explore_to(page, key: str) -> str:
    """On the focused board, arrow keys to place ``key``; returns what was announced."""
    order = page.evaluate("""() => { const keys = Object.keys(window.__model.get('drawing').places);
      const track = keys.filter((k) => !k.includes(':')).sort((a, b) => a - b);
      const rank = (k) => { const w = k.split(':')[1]; return w === 'start' ? 0 : w === 'home' ? 9 : 1; };
      const side = keys.filter((k) => k.includes(':')).sort((a, b) =>
        a.split(':')[0].localeCompare(b.split(':')[0]) || rank(a) - rank(b) || a.localeCompare(b));
      return [...track, ...side]; }""")
    at = order.index(page.get_attribute("svg.sorry-board", "data-cursor"))
    goal = order.index(key)
    while at != goal:
        if abs(goal - at) >= 5:
            page.keyboard.press("ArrowDown" if goal > at else "ArrowUp")
            at += 5 if goal > at else -5
        else:
            page.keyboard.press("ArrowRight" if goal > at else "ArrowLeft")
            at += 1 if goal > at else -1
    assert page.get_attribute("svg.sorry-board", "data-cursor") == key
    return page.text_content(".sw-explore")


def test_the_board_is_explored_by_arrow_keys_and_each_place_is_named(page):
    start = pos(red=[12, "safety-2", "start", "start"], blue=[14])
    w = SorryWidget(position=start, card="7", animate=False, theme="light")
    Bridge(page, w, width=1280)
    page.focus(".sorry-widget")
    tab_to(page, "svg.sorry-board")
    assert focus_ring(page) == "outline"
    assert page.get_attribute("svg.sorry-board", "data-cursor") == "0"
    page.keyboard.press("ArrowRight")
    assert page.text_content(".sw-explore") == "square 1, empty"
    said = explore_to(page, "12")
    assert said == "square 12, red pawn, can move", said
    assert explore_to(page, "14") == "square 14, blue pawn"
    assert explore_to(page, "red:safety-2").startswith("red safety 2, red pawn")
    assert explore_to(page, "red:safety-3") == "red safety 3, empty"
    assert explore_to(page, "red:start").startswith("red START, 2 red pawns")
    # The cursor is ringed on the board while it has focus.
    assert page.locator("svg .sw-cursor").count() == 1
    # Arrow keys on the board explore; they do not step the plays.
    assert w.play == 0
    # No trap: Tab and Shift+Tab both lead out of the widget.
    for back in (False, True):
        page.focus("svg.sorry-board")
        for _ in range(60):
            page.keyboard.press("Shift+Tab" if back else "Tab")
            if not page.evaluate("!!document.activeElement.closest('.sorry-widget')"):
                break
        else:
            raise AssertionError(f"{'Shift+' if back else ''}Tab never left the widget")


def play_board_by_keys(page, w) -> int:
    """Play the person's moves with the keyboard only until the game ends; returns their
    number."""
    moves = 0
    for _ in range(200):
        if w.game.finished:
            return moves
        pend = w.pending
        assert pend.get("moves"), "the person has nothing to do and the game is not over"
        move = next((m for m in pend["moves"] if m["clicks"]), None)
        if move is None:  # nothing can move: Pass
            tab_to(page, "button.sw-pass")
            assert focus_ring(page) == "outline"
            page.keyboard.press("Enter")
        else:
            tab_to(page, "svg.sorry-board", back=True)
            for options in move["clicks"]:
                if w.pending.get("play") != pend["play"]:
                    break  # the move completed itself
                explore_to(page, options[0])
                page.keyboard.press("Enter")
                if page.locator(".sw-choice").count():
                    tab_to(page, f'.sw-choice:has-text("{move["notation"]}")')
                    page.keyboard.press("Enter")
                    break
        moves += 1
        # The keys reach Python through the page: wait until the move was made (the computer's
        # replies with it) before reading the next state, however loaded the machine is.
        for _ in range(400):
            if w.game.finished or w.pending.get("play") != pend["play"]:
                break
            page.wait_for_timeout(25)
        page.wait_for_function("(n) => document.querySelector('.sorry-widget').dataset.shown"
                               " === String(n)", arg=w.last_play)
    raise AssertionError("the game did not end")


def test_a_whole_board_game_is_played_with_the_keyboard_alone(page):
    start = pos(red=["home", "home", "home", 50], yellow=["home", "home", "home", 20])
    w = SorryWidget(Game(start=start, seed=5, strategies={"red": None, "yellow": "greedy"}),
                    animate=False, theme="light")
    Bridge(page, w, width=1280)
    page.focus(".sorry-widget")
    moves = play_board_by_keys(page, w)
    print(f"\nboard game by keys: {moves} moves of the person, {len(w.game.history)} plays")
    assert w.game.finished and moves >= 3
    assert "win" in page.text_content(".sw-status")
    # The move list takes focus and its arrow keys step through the plays.
    tab_to(page, "ol.sw-moves")
    assert focus_ring(page) == "outline"
    page.keyboard.press("ArrowUp")
    assert w.play == w.last_play - 1


def test_a_whole_card_game_is_played_with_the_keyboard_alone(page):
    w = SorryCardWidget(CardGame(2, seed=3, strategies={"red": None, "blue": "greedy"}),
                        theme="light")
    Bridge(page, w, width=1280)
    page.focus(".sorry-widget")
    actionable = ("g.hand-card.sw-selectable, .sw-pick button, .sw-prompt button, "
                  ".sw-choices button, button.sw-pass")
    acts = 0
    for _ in range(300):
        if w.game.finished:
            break
        before = len(w.game.history)
        tab_to(page, actionable)
        assert focus_ring(page) == "outline" or focused(page, "g.hand-card")
        page.keyboard.press("Enter")
        acts += 1
        page.wait_for_timeout(30)
        if len(w.game.history) > before:
            page.wait_for_function("(n) => document.querySelector('.sorry-widget').dataset"
                                   ".shown === String(n)", arg=w.last_play)
    print(f"\ncard game by keys: {acts} key actions, {len(w.game.history)} actions in all")
    assert w.game.finished, "the card game did not end"
    assert acts >= 3
    # The plays were announced as they happened.
    assert page.text_content(".sw-announce").startswith("Play ")
    # Hidden hands are said as counts only.
    label = page.get_attribute('g.player[data-colour="blue"]', "aria-label")
    assert label.startswith("blue: ") and "card" in label and "HOME" in label


# --- one announcement per play -----------------------------------------------------------------

def test_each_play_is_announced_once_and_nothing_else_is_live(page, record):
    w = SorryWidget(record=record, animate=False)
    Bridge(page, w, width=1280)
    page.evaluate("""() => { window.__said = [];
      const region = document.querySelector('.sw-announce');
      new MutationObserver(() => window.__said.push(region.textContent))
        .observe(region, { childList: true, characterData: true, subtree: true }); }""")
    # One live region per widget: the panel's status and explanation are not live.
    live = page.evaluate("""() => [...document.querySelectorAll('.sorry-widget [aria-live], '
      + '.sorry-widget [role=status], .sorry-widget [role=alert]')].map((e) => e.className)""")
    assert sorted(live) == sorted(["sw-announce sw-sr-only", "sw-notice", "sw-explore sw-sr-only"])
    page.focus(".sorry-widget")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelector('.sorry-widget').dataset.shown === '3'")
    said = page.evaluate("window.__said")
    plays = w.plays
    assert said == [f"Play {k}: {plays[k - 1]['notation']}. {plays[k - 1]['explanation']}"
                    for k in (1, 2, 3)]


def test_a_persons_move_and_the_computers_replies_are_each_announced_once(page):
    start = pos(red=[8, "start", "start", "start"], yellow=[33, "start", "start", "start"])
    game = Game(start=start, seed=2, strategies={"red": None, "yellow": "greedy"})
    w = SorryWidget(game, card="5", animate=False)
    Bridge(page, w, width=1280)
    page.evaluate("""() => { window.__said = [];
      const region = document.querySelector('.sw-announce');
      new MutationObserver(() => window.__said.push(region.textContent))
        .observe(region, { childList: true, characterData: true, subtree: true }); }""")
    page.locator('.pawns g.pawn.sw-selectable[data-place="8"]').click()
    page.locator('.board .sw-target[data-place="13"]').first.click(force=True)
    page.wait_for_function("(n) => document.querySelector('.sorry-widget').dataset.shown"
                           " === String(n)", arg=w.last_play)
    page.wait_for_timeout(200)
    said = " ".join(page.evaluate("window.__said"))
    plays = w.plays + w.recent_plays
    assert len(plays) >= 2
    for k, p in enumerate(plays, 1):
        assert said.count(f"Play {k}: {p['notation']}.") == 1, said


# --- colour --------------------------------------------------------------------------------------

CONTRASTS = """() => {
  const lum = (c) => {
    const m = c.match(/rgba?\\(([\\d.]+),\\s*([\\d.]+),\\s*([\\d.]+)/);
    const [r, g, b] = [m[1], m[2], m[3]].map((v) => { v = v / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => p - q);
    return (y + 0.05) / (x + 0.05); };
  const opaque = (c) => c && c !== 'none' && !/rgba\\(.*,\\s*0\\)$/.test(c) && c !== 'transparent';
  const out = [];
  // SVG text: its fill against the fill of the shape drawn under its centre.
  for (const t of document.querySelectorAll('.sorry-widget svg text')) {
    const box = t.getBoundingClientRect();
    if (!box.width || getComputedStyle(t).visibility === 'hidden') continue;
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    t.style.pointerEvents = 'auto';
    const under = document.elementsFromPoint(x, y).find((e) => e !== t && e.tagName !== 'text'
      && e instanceof SVGGeometryElement && opaque(getComputedStyle(e).fill)
      && Number(getComputedStyle(e).fillOpacity) > 0.5 && Number(getComputedStyle(e).opacity) > 0.5);
    t.style.pointerEvents = '';
    if (!under) continue;
    out.push([`svg text "${t.textContent}"`, getComputedStyle(t).fill, getComputedStyle(under).fill,
              ratio(getComputedStyle(t).fill, getComputedStyle(under).fill)]);
  }
  // The side panel's text: its colour against the first opaque background behind it.
  for (const e of document.querySelectorAll('.sorry-widget .sw-side *, .sorry-widget .sw-controls *')) {
    if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    if (!e.getClientRects().length) continue;
    let bg = null;
    for (let a = e; a && !bg; a = a.parentElement) {
      const c = getComputedStyle(a).backgroundColor;
      if (opaque(c)) bg = c;
    }
    const cs = getComputedStyle(e);
    if (Number(cs.opacity) < 1 || e.closest('button:disabled')) continue;  // disabled: exempt
    out.push([`${e.tagName.toLowerCase()}.${e.className} "${e.textContent.slice(0, 30)}"`,
              cs.color, bg, ratio(cs.color, bg)]);
  }
  return out;
}"""


@pytest.mark.parametrize("palette", ["standard", "colour-blind"])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_on_the_board_and_beside_it_has_contrast_4_5(page, record, theme, palette):
    """The board's square numbers, labels, card and pawn letters, the status line in each
    player's colour and the move list's current row, measured on the computed colours."""
    start = pos(red=[8, 20, "safety-2", "start"], blue=[12, "home"], yellow=[40], green=[50])
    game = Game(start=start, seed=1, strategies={"red": None})
    w = SorryWidget(game, card="7", animate=False, theme=theme, palette=palette)
    Bridge(page, w, width=1280)
    page.locator(".pawns g.pawn.sw-selectable").first.click()  # targets on the board
    measured = page.evaluate(CONTRASTS)
    replay = SorryWidget(record=record, animate=False, theme=theme, palette=palette)
    replay.play = 5
    page2 = page.context.new_page()
    Bridge(page2, replay, width=1280)
    rows = page2.evaluate(CONTRASTS)
    for _ in range(1, 5):  # the status line in each player's colour
        page2.click("button.sw-forward")
        rows += [r for r in page2.evaluate(CONTRASTS) if "sw-status" in r[0]]
    measured += rows
    labels = " ".join(m[0] for m in measured)
    assert "svg text \"12\"" in labels and "svg text \"START\"" in labels and "sw-current" in labels
    low = [m for m in measured if m[3] < 4.5]
    print(f"\n{theme}, {palette}: {len(measured)} texts, lowest "
          f"{min(m[3] for m in measured):.2f}:1")
    assert not low, "\n".join(f"{m[0]}: {m[1]} on {m[2]} = {m[3]:.2f}:1" for m in low)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_on_the_card_table_and_beside_it_has_contrast_4_5(page, theme):
    w = cards_replay(None, theme)
    Bridge(page, w, width=1280)
    measured = []
    for _ in range(4):
        measured += page.evaluate(CONTRASTS)
        page.click("button.sw-forward")
    assert any('svg text "Red' in m[0] for m in measured)
    low = {(m[0], m[1], m[2], round(m[3], 2)) for m in measured if m[3] < 4.5}
    print(f"\ncard table, {theme}: {len(measured)} texts, lowest "
          f"{min(m[3] for m in measured):.2f}:1")
    assert not low, "\n".join(f"{m[0]}: {m[1]} on {m[2]} = {m[3]}:1" for m in sorted(low))


# Machado, Oliveira and Fernandes (2009), full severity, on linear RGB.
CVD = {"deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                        [-0.011820, 0.042940, 0.968881]],
       "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                      [-0.003882, -0.048116, 1.051998]],
       "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                      [0.004733, 0.691367, 0.303900]]}


def seen(hex_colour: str, vision: str | None) -> tuple[float, float, float]:
    """A colour as CIELAB, as seen with ``vision`` (None: typical colour vision)."""
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    if vision:
        lin = [min(1, max(0, sum(m * c for m, c in zip(row, lin)))) for row in CVD[vision]]
    x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def closest_pair(colours: dict[str, str], vision: str | None) -> tuple[float, str]:
    import itertools
    import math

    return min((math.dist(seen(colours[a], vision), seen(colours[b], vision)), f"{a}/{b}")
               for a, b in itertools.combinations(colours, 2))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_colour_blind_palette_keeps_the_four_colours_apart_in_simulated_vision(theme):
    """The pawns' colours, simulated for deuteranopia, protanopia and tritanopia: in the
    colour-blind palette every two stay at least 25 CIELAB units apart; in the standard one
    two come closer than 20 (red and green), which is why the palette exists."""
    from sorry_widget.render.svg import palette_theme

    standard = palette_theme(theme).colours
    safe = palette_theme(theme, "colour-blind").colours
    for vision in CVD:
        distance, pair = closest_pair(safe, vision)
        print(f"\n{theme}, {vision}: closest pawn colours {pair}, {distance:.0f} apart "
              f"(standard: {closest_pair(standard, vision)[0]:.0f})")
        assert distance >= 25, (vision, pair, distance)
    assert min(closest_pair(standard, vision)[0] for vision in CVD) < 20


def test_the_colour_blind_palette_reaches_the_page(page):
    from sorry_widget.render.svg import PALETTES
    from support.browser import rgb

    with pytest.raises(Exception, match="palette"):
        SorryWidget(palette="grey")
    w = SorryWidget(position=pos(red=[8], blue=[20]), card="5", animate=False, theme="light",
                    palette="colour-blind")
    Bridge(page, w, width=1280)
    fill = page.evaluate("getComputedStyle(document.querySelector("
                         "'.pawns g.pawn[data-colour=\"blue\"] circle')).fill")
    assert fill == rgb(PALETTES["colour-blind"]["light"]["colours"]["blue"])
    assert "sw-palette-cb" in page.get_attribute(".sorry-widget", "class")
    glow = page.evaluate("getComputedStyle(document.querySelector('.pawns g.pawn.sw-selectable'))"
                         ".filter")
    assert rgb("#cc79a7") in glow


# --- motion -------------------------------------------------------------------------------------

def steps_of_a_move(browser, reduced: bool) -> tuple[int, str]:
    """At how many places a pawn is drawn at most while the board shows a person's move and
    the computer's reply, and the pulse of a movable pawn."""
    context = browser.new_context(reduced_motion="reduce" if reduced else "no-preference")
    page = context.new_page()
    start = pos(red=[8, "start", "start", "start"], yellow=[33, "start", "start", "start"])
    w = SorryWidget(Game(start=start, seed=2, strategies={"red": None}), card="5",
                    animate=True, speed=1)
    bridge = Bridge(page, w, width=1280)
    pulse = page.evaluate("getComputedStyle(document.querySelector('.pawns g.pawn.sw-selectable'))"
                          ".animationName")
    page.evaluate("""() => { window.__places = new Map();
      new MutationObserver((ms) => { for (const m of ms) {
          if (!window.__places.has(m.target)) window.__places.set(m.target, new Set());
          window.__places.get(m.target).add(m.target.getAttribute('transform')); } })
        .observe(document.querySelector('.pawns'), { attributes: true, subtree: true,
                                                    attributeFilter: ['transform'] }); }""")
    page.locator('.pawns g.pawn.sw-selectable[data-place="8"]').click()
    page.locator('.board .sw-target[data-place="13"]').first.click(force=True)
    bridge.wait_shown(w.last_play, timeout=15_000)
    drawn = page.evaluate("Math.max(...[...window.__places.values()].map((s) => s.size))")
    context.close()
    return drawn, pulse


def test_with_reduce_motion_the_pawns_jump_instead_of_walking(browser):
    walked, pulse = steps_of_a_move(browser, reduced=False)
    jumped, still = steps_of_a_move(browser, reduced=True)
    assert pulse == "sw-pulse" and still == "none"
    assert walked > 10      # a pawn walked square by square, frame by frame
    assert jumped <= 2      # each pawn that moved was put down where it landed


# --- in JupyterLab -------------------------------------------------------------------------------

LAB_CELLS = [
    "from sorry_widget import CardGame, Game, Position, Record, SorryCardWidget, SorryWidget\n"
    "game = Game(4, seed=21); game.run()\n"
    "replay = SorryWidget(record=Record.from_game(game)); replay.goto(6); replay",
    "SorryWidget()",
    "start = {'red': [10, 13, 'start', 'start'], 'blue': [30, 'start', 'start', 'start']}\n"
    "SorryWidget(position=Position(start, to_move='red'), card='7', example='R10-11 R13-19')",
    "coach = SorryWidget(position=Position({'red': [3, 20, 'start', 'start'], 'blue': [8, 22, "
    "'start', 'home']}, to_move='red'), card='7')\ncoach.coach_rollouts = 60\ncoach",
    "SorryCardWidget(CardGame(4, seed=3, strategies={'red': None, 'blue': 'greedy', "
    "'yellow': 'greedy', 'green': 'greedy'}))",
]


@pytest.mark.jupyter
def test_axe_finds_nothing_serious_on_the_widgets_in_jupyterlab(browser, tmp_path_factory):
    """The same views in real JupyterLab, light and dark; axe looks at the widgets (JupyterLab's
    own interface is not this project's)."""
    import sys

    import nbformat
    from support.jupyter import JUPYTER_ARGS, run_all, server, wait_for_boards

    with server(tmp_path_factory.mktemp("lab-a11y"),
                [sys.executable, "-m", "jupyterlab", *JUPYTER_ARGS, "--LabApp.news_url=",
                 "--LabApp.extension_manager=readonly"], "/api/status?token={token}") as lab:
        base, token, served = lab
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in LAB_CELLS])
        nbformat.write(nb, served / "a11y.ipynb")
        page = run_all(browser, f"{base}/lab/workspaces/a11y/tree/a11y.ipynb?token={token}")
        try:
            wait_for_boards(page, 5)
            page.locator(".sw-coach-ask").first.click()
            page.wait_for_selector(".sw-coach-row", timeout=60_000)
            found = {}
            for theme in ("Light", "Dark"):
                page.evaluate(f"() => window.jupyterapp.commands.execute("
                              f"'apputils:change-theme', {{theme: 'JupyterLab {theme}'}})")
                page.wait_for_function(
                    f"document.body.dataset.jpThemeLight === '{str(theme == 'Light').lower()}'"
                    " && [...document.querySelectorAll('.sorry-widget')].every((w) => "
                    f"w.classList.contains('sw-dark') === {str(theme == 'Dark').lower()})",
                    timeout=30_000)
                found[theme] = run_axe(page, ".sorry-widget")
                where = f"JupyterLab {theme}"
                print(f"\n{where}: {count_nodes(serious(found[theme]))} serious/critical "
                      f"nodes, {count_nodes(found[theme])} in all")
                if found[theme]:
                    print(report(where, found[theme]))
        finally:
            page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
            page.close()
    for theme, violations in found.items():
        assert not serious(violations), report(theme, serious(violations))
