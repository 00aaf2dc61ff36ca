"""Redraws the README's pictures in docs/images/: the board (light and dark, mid-game, as SVG and
PNG), a heatmap with its colour scale, and the widget in Chromium at a projector's width:
replaying, in play mode after the computer answered, as a rule demo, a hand of cards (play for
points), a team game's end, and the card game's table asking red whether to steal a 21.

    .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from support.browser import Bridge, launch  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from sorry_widget import (  # noqa: E402
    CardGame, Game, Position, Record, SorryCardWidget, SorryWidget, board_svg, cardtable_svg,
)

OUT = ROOT / "docs" / "images"


def mid_game() -> Game:
    game = Game(4, seed=2026)
    while len(game.history) < 120:
        game.step()
    while game.history[-1].move.kind == "forfeit":
        game.step()
    return game


def card_game_moment() -> CardGame:
    """A card game after a Switch, with five cards on the play pile."""
    game = CardGame(4, 8, strategies={"blue": "greedy"})
    while True:
        game.step()
        state = game.state
        if len(state.play_pile) >= 5 and state.direction == -1 and not state.pending:
            return game


def french_board(browser) -> None:
    """The README's French board (issue 25): a replay with language="fr", a note in French and
    a rule badge opened, so its French summary shows beside the explanation."""
    full = Game(4, seed=2026)
    full.run()
    record = Record.from_game(full)
    record.annotate(121, text=f"Annoté : {record.plays[120].move} emprunte une glissoire "
                              "à reculons.", arrows=[[24, 28]], squares=[24])
    replay = SorryWidget(record=record, animate=False, language="fr")
    replay.goto(121)
    page = browser.new_page()
    Bridge(page, replay, width=1280)
    page.locator(".sw-explanation .sw-rule").first.click()
    page.locator(".sorry-widget").screenshot(path=str(OUT / "widget-replay-fr.png"))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    game = mid_game()
    for theme in ("light", "dark"):
        svg = board_svg(game, size=640, theme=theme,
                        arrows=[("red:start", 4)] if theme == "dark" else None)
        (OUT / f"board-{theme}.svg").write_text(svg)
    (OUT / "cardtable.svg").write_text(cardtable_svg(card_game_moment().state, viewer="red",
                                                     size=465))
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 640, "height": 640})
        for theme in ("light", "dark"):
            page.goto((OUT / f"board-{theme}.svg").as_uri())
            page.screenshot(path=str(OUT / f"board-{theme}.png"))
        page.set_viewport_size({"width": 400, "height": 400})
        (OUT / "board-400.svg").write_text(board_svg(game, size=400))
        page.goto((OUT / "board-400.svg").as_uri())
        page.screenshot(path=str(OUT / "board-400.png"))
        (OUT / "board-400.svg").unlink()

        full = Game(4, seed=2026)
        full.run()
        record = Record.from_game(full)
        note = f"Annotated: {record.plays[120].move} uses a slide going backward."
        record.annotate(121, text=note, arrows=[[24, 28]], squares=[24])
        replay = SorryWidget(record=record, animate=False)
        replay.goto(121)
        page = browser.new_page()
        Bridge(page, replay, width=1280)
        page.locator(".sorry-widget").screenshot(path=str(OUT / "widget-replay.png"))
        french_board(browser)

        start = Position({"red": [8, 20, "start", "start"], "blue": [30, "start", "start", "start"],
                          "yellow": [40, "start", "start", "start"],
                          "green": [12, "start", "start", "start"]}, to_move="red")
        live = Game(start=start, seed=4, strategies={"red": None})
        play = SorryWidget(live, animate=False, theme="dark", card="5")
        play.move("R8-13")
        page = browser.new_page()
        bridge = Bridge(page, play, width=1280)
        bridge.click_place(play.pending["moves"][0]["clicks"][0][0] if
                           play.pending["moves"][0]["clicks"] else "red:start")
        page.locator(".sorry-widget").screenshot(path=str(OUT / "widget-play-dark.png"))

        demo = SorryWidget(position=Position({"red": [10, 20, "start", "start"],
                                              "blue": ["start"] * 4}, to_move="red"),
                           card="7", example="R10-13 R20-24>28", animate=False)
        page = browser.new_page()
        Bridge(page, demo, width=1280)
        page.locator(".sorry-widget").screenshot(path=str(OUT / "widget-rule-demo.png"))

        points = Game(4, rules="play-for-points-1992", seed=5, strategies={"red": None})
        hand = SorryWidget(points, animate=False)
        for _ in range(6):
            first = hand.pending["moves"][0]
            hand.move(first["notation"], card=first["card"])
        page = browser.new_page()
        Bridge(page, hand, width=1280)
        page.locator(".sw-hand .sw-hand-card:not([disabled])").first.click()
        page.locator(".sorry-widget").screenshot(path=str(OUT / "widget-play-for-points.png"))

        cards = SorryCardWidget(CardGame(4, seed=0, strategies={
            "red": None, "blue": "greedy", "yellow": "greedy", "green": "greedy"}))
        page = browser.new_page()
        Bridge(page, cards, width=1100)
        page.locator('g.player[data-colour="red"] g.hand-card.sw-selectable').first.click()
        page.wait_for_selector(".sw-prompt:not([hidden])")
        page.locator(".sorry-widget").screenshot(path=str(OUT / "widget-cardgame.png"))

        teams = Game(4, rules="teams-1992", seed=2)
        teams.run()
        team_replay = SorryWidget(record=Record.from_game(teams), animate=False)
        team_replay.goto(-1)
        page = browser.new_page()
        Bridge(page, team_replay, width=1280)
        page.locator(".sorry-widget").screenshot(path=str(OUT / "widget-teams.png"))

        counts = [0] * 60
        for seed in range(40):
            heat = Game(4, seed=f"heat-{seed}")
            heat.run()
            for step in heat.history:
                for e in step.move.events:
                    if e["event"] in ("move", "start", "sorry", "slide") and \
                            isinstance(e["to"], int):
                        counts[e["to"]] += 1
        top = max(counts)

        def shade(n):  # white to deep red, square-root scale
            t = (n / top) ** 0.5
            return "#%02x%02x%02x" % (255, int(245 - 200 * t), int(235 - 215 * t))

        levels = [round(top * (k / 4) ** 2) for k in range(5)]
        (OUT / "heatmap.svg").write_text(board_svg(
            None, pawns=False, size=560, fills={q: shade(n) for q, n in enumerate(counts)},
            legend=[(shade(n), f"{n:,} times") for n in levels], status="squares landed on"))
        page = browser.new_page(viewport={"width": 560, "height": 560})
        page.goto((OUT / "heatmap.svg").as_uri())
        page.screenshot(path=str(OUT / "heatmap.png"))
        browser.close()
    for path in sorted(OUT.iterdir()):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
