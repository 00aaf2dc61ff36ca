"""The drawn board: every place and pawn present, where the geometry says, in both themes."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from conftest import pos
from sorry_widget.board.track import COLOURS, SLIDES, entry_square, start_exit
from sorry_widget.board.cards import CARD_NAMES
from sorry_widget.board.game import Game
from sorry_widget.board.state import Position
from sorry_widget.render import BOARD_SIZE, PLACES, THEMES, board_svg
from sorry_widget.render.geometry import CELL, pawn_spots
from sorry_widget.render.svg import overlay_markup, place_id

NS = {"svg": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_place(root: ET.Element, layer: str) -> dict[str, list[ET.Element]]:
    out: dict[str, list[ET.Element]] = {}
    group = root.find(f".//svg:g[@id='{layer}']", NS)
    for el in group.iter():
        if "data-place" in el.attrib:
            out.setdefault(el.attrib["data-place"], []).append(el)
    return out


def centre(el: ET.Element) -> tuple[float, float]:
    if el.tag.endswith("rect"):
        return (float(el.attrib["x"]) + float(el.attrib["width"]) / 2,
                float(el.attrib["y"]) + float(el.attrib["height"]) / 2)
    return float(el.attrib["cx"]), float(el.attrib["cy"])


def test_every_place_is_drawn_once_with_its_id_class_and_centre():
    root = parse(board_svg())
    places = by_place(root, "board")
    assert set(places) == set(PLACES)
    assert len(PLACES) == 60 + 4 * 7
    for key, [el] in places.items():
        p = PLACES[key]
        assert el.attrib["id"] == place_id(key)
        assert p.kind in el.attrib["class"].split()
        assert centre(el) == pytest.approx((p.x, p.y))


def test_track_runs_clockwise_from_reds_corner_around_the_edge():
    size = 16 * CELL
    corners = {0: (0, 0), 15: (size, 0), 30: (size, size), 45: (0, size)}
    for square, (cx, cy) in corners.items():
        p = PLACES[str(square)]
        assert abs(p.x - cx) == CELL / 2 and abs(p.y - cy) == CELL / 2
    for n in range(60):
        a, b = PLACES[str(n)], PLACES[str((n + 1) % 60)]
        assert abs(a.x - b.x) + abs(a.y - b.y) == CELL  # neighbours share a side
    # Clockwise on screen (y grows downward): along the top edge numbers grow to the right.
    assert PLACES["1"].x > PLACES["0"].x and PLACES["16"].y > PLACES["15"].y


@pytest.mark.parametrize("k,colour", list(enumerate(COLOURS)))
def test_safety_zone_leaves_the_entry_square_and_start_sits_by_the_start_exit(k, colour):
    entry = PLACES[str(entry_square(k))]
    previous = entry
    for n in range(1, 6):
        s = PLACES[f"{colour}:safety-{n}"]
        assert abs(s.x - previous.x) + abs(s.y - previous.y) == CELL  # a straight column inward
        previous = s
    home = PLACES[f"{colour}:home"]
    assert ((home.x - previous.x) ** 2 + (home.y - previous.y) ** 2) ** 0.5 < 2 * CELL
    exit_square = PLACES[str(start_exit(k))]
    start = PLACES[f"{colour}:start"]
    assert ((start.x - exit_square.x) ** 2 + (start.y - exit_square.y) ** 2) ** 0.5 < 2.5 * CELL
    # every place lies on the board and no two places overlap
    for other in PLACES.values():
        if other.key != s.key:
            assert (other.x, other.y) != (s.x, s.y)


def test_slides_are_drawn_from_triangle_to_end_in_their_owners_colour():
    root = parse(board_svg())
    slides = root.findall(".//svg:g[@data-triangle]", NS)
    drawn = {(g.attrib["data-triangle"], g.attrib["data-end"], g.attrib["class"]) for g in slides}
    assert drawn == {(str(s.triangle), str(s.end), f"slide {COLOURS[s.owner]}") for s in SLIDES}


def test_pawns_stand_on_their_places_with_colour_class_and_letter():
    position = pos(red=[12, "safety-3", "home"], blue=[40], to_move="blue")
    root = parse(board_svg(position))
    pawns = root.findall(".//svg:g[@id='pawns']/svg:g", NS)
    assert len(pawns) == 8
    expected = sorted(pawn_spots(position))
    seen = []
    for g in pawns:
        colour = g.attrib["data-colour"]
        assert g.attrib["class"] == f"pawn {colour}"
        x, y = map(float, re.match(r"translate\(([-\d.]+),([-\d.]+)\)",
                                   g.attrib["transform"]).groups())
        seen.append((colour, g.attrib["data-place"], x, y))
        letter = g.find("svg:text", NS).text
        assert letter == colour[0].upper()  # the cue besides colour
    assert sorted(seen) == expected
    assert ("red", "12", PLACES["12"].x, PLACES["12"].y) in seen
    assert ("red", "red:safety-3", PLACES["red:safety-3"].x, PLACES["red:safety-3"].y) in seen
    # pawns in one START use four different slots
    starts = [(x, y) for c, k, x, y in seen if k == "blue:start"]
    assert len(starts) == 3 and len(set(starts)) == 3


def test_themes_differ_and_an_unknown_theme_is_refused():
    light, dark = board_svg(theme="light"), board_svg(theme="dark")
    assert 'class="sorry-board theme-light"' in light and "theme-dark" in dark
    bg = lambda s: parse(s).find(".//svg:rect[@class='background']", NS).attrib["fill"]  # noqa
    assert bg(light) != bg(dark)
    with pytest.raises(ValueError, match="'neon' is not a theme"):
        board_svg(theme="neon")


def test_highlights_arrows_and_the_last_move():
    game = Game(4, seed=11)
    while not game.history or game.history[-1].move.kind == "forfeit":
        game.step()
    svg = board_svg(game, highlights={12: "blue", "red:safety-2": None}, arrows=[(3, 20)])
    root = parse(svg)
    overlay = by_place(root, "overlay")
    assert overlay["12"][0].attrib["class"] == "highlight"
    assert overlay["red:safety-2"][0].attrib["class"] == "highlight"
    assert len(root.findall(".//svg:g[@class='arrow']", NS)) == 1
    move = game.history[-1].move
    first_event = move.events[0]
    origin = {"start": f"{move.colour}:start"}.get(first_event["event"],
                                                    str(first_event.get("from")))
    trail_from = [el for el in overlay.get(origin, []) if "last-move-from" in el.attrib["class"]]
    assert trail_from, f"no trail from {origin} for {move.notation}"
    card_face = root.find(".//svg:g[@id='card-face']", NS)
    assert card_face.attrib["data-card"] == str(game.history[-1].card)


def test_bad_places_are_refused_by_name():
    with pytest.raises(ValueError, match="60"):
        board_svg(highlights=[60])
    with pytest.raises(ValueError, match="purple:home"):
        board_svg(arrows=[(1, "purple:home")])
    with pytest.raises(ValueError, match=r"arrows\[0\]"):
        overlay_markup(arrows=[(1,)])


def test_notebook_objects_show_a_board():
    game = Game(2, seed=1)
    game.step()
    for obj in (game.position, game, game.history[0], game.history[0].move):
        svg = obj._repr_svg_()
        assert svg.startswith("<svg") and 'id="pawns"' in svg


def test_size_option_and_the_status_line():
    svg = board_svg(pos(red=["home"] * 4), size=400)
    root = parse(svg)
    assert root.attrib["width"] == "400" and root.attrib["viewBox"] == "0 0 640 640"
    assert root.find(".//svg:text[@id='status']", NS).text == "Red wins!"
    assert "red: home, home, home, home" in root.attrib["aria-label"]


def test_fills_paint_the_places_themselves():
    root = parse(board_svg(fills={7: "#ff0000", "red:home": "#00ff00"}))
    places = by_place(root, "board")
    assert places["7"][0].attrib["fill"] == "#ff0000"
    assert places["red:home"][0].attrib["fill"] == "#00ff00"
    assert places["8"][0].attrib["fill"] != "#ff0000"
    with pytest.raises(ValueError, match="'sq-7' is not a place"):
        board_svg(fills={"sq-7": "red"})


def test_pawn_motions_follow_slides_and_send_bumped_pawns_home():
    from sorry_widget.render.geometry import pawn_motions

    # Red's 5 from 11 lands on blue's slide at 16, slides to 19 and sweeps blue's pawn on 18.
    [move] = pos(red=[11], blue=[18]).legal_moves("5")
    motions = pawn_motions(move)
    assert motions[0] == {"colour": "red", "from": "11",
                          "path": ["12", "13", "14", "15", "16", "17", "18", "19"], "kind": "walk"}
    assert motions[1] == {"colour": "blue", "from": "18", "path": ["blue:start"], "kind": "sent"}
    # A switch moves both pawns; a Sorry! comes from START and bumps.
    [switch] = [m for m in pos(red=[20], blue=[40]).legal_moves("11") if "<>" in m.notation]
    assert [(m["colour"], m["from"], m["path"], m["kind"]) for m in pawn_motions(switch)] == [
        ("red", "20", ["40"], "jump"), ("blue", "40", ["20"], "jump")]
    [sorry] = pos(red=[], blue=[30]).legal_moves("sorry")
    assert [(m["from"], m["path"], m["kind"]) for m in pawn_motions(sorry)] == [
        ("red:start", ["30"], "jump"), ("30", ["blue:start"], "sent")]


# --- seen from the back of a classroom ---------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def test_start_and_home_labels_stand_beside_their_circles_not_under_the_pawns():
    svg = board_svg(None, size=None)
    for key in ("red:start", "blue:home", "yellow:start", "green:home"):
        place = PLACES[key]
        lx, ly = place.label_at
        assert ((lx - place.x) ** 2 + (ly - place.y) ** 2) ** 0.5 > place.half
    assert svg.count('class="zone-label"') == 8


def test_a_sorry_trail_rings_its_landing_instead_of_crossing_the_board():
    [move] = [m for m in pos(red=[], blue=[39]).legal_moves("sorry") if "B39" in m.notation]
    svg = board_svg(move, size=None)
    trail = svg[svg.index('class="last-move"'):]
    assert 'class="last-move-to"' in trail and 'data-place="39"' in trail
    # the only line traced is the slide after the landing, 39 to 43 (C4)
    points = re.findall(r'<polyline[^>]*points="([^"]*)"', trail)
    assert len(points) == 1
    xs = [float(xy.split(",")[0]) for xy in points[0].split()]
    ys = [float(xy.split(",")[1]) for xy in points[0].split()]
    assert len(set(ys)) == 1 and min(xs) >= PLACES["42"].x - 1  # along the bottom edge only


def test_a_heatmap_has_a_colour_scale_readable_numbers_and_faint_slides():
    fills = {q: "#300000" if q < 30 else "#fff8e0" for q in range(60)}
    svg = board_svg(None, pawns=False, fills=fills, legend=[("#300000", "900 times"),
                                                             ("#fff8e0", "0 times")],
                    status="squares landed on")
    assert 'id="legend"' in svg and "900 times" in svg and 'id="draw-pile"' not in svg
    root = ET.fromstring(svg)
    labels = {t.text: t.get("fill") for t in root.iter(f"{SVG}text") if t.get("class") == "label"}
    assert labels["5"] == "#ffffff" and labels["45"] == "#1c1c1c"
    def slide_opacities(markup):
        return {g.get("opacity") for g in ET.fromstring(markup).iter(f"{SVG}g")
                if (g.get("class") or "").startswith("slide ")}

    assert slide_opacities(svg) == {"0.3"} and slide_opacities(board_svg(None)) == {"0.9"}


def test_cards_take_the_right_article():
    from sorry_widget.board.cards import with_article

    assert [with_article(c) for c in ("7", "8", "11", "Sorry!")] == \
        ["a 7", "an 8", "an 11", "a Sorry!"]


def _boxes_overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _zone_boxes(root):
    """The bounding boxes of every START and HOME circle and of the two piles."""
    boxes = []
    for el in root.iter(f"{SVG}circle"):
        if "zone" in el.get("class", ""):
            cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
            boxes.append((cx - r, cy - r, cx + r, cy + r))
    for pile in ("draw-pile", "card-face"):
        group = root.find(f".//{SVG}g[@id='{pile}']")
        rect = group.find(f"{SVG}rect")
        x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
        boxes.append((x, y, x + w, y + h))
    return boxes


def test_a_hand_of_five_is_drawn_under_the_piles_clear_of_every_circle():
    game = Game(4, seed=5, rules="play-for-points-1992")
    for _ in range(40):
        game.step()
    root = ET.fromstring(board_svg(game))
    hand = root.find(f".//{SVG}g[@id='hand']")
    cards = hand.findall(f"{SVG}g[@class='hand-card']")
    assert [c.get("data-card") for c in cards] == [CARD_NAMES[c] for c in game.hand]
    assert f"{game.colour_to_move.capitalize()}'s hand" in "".join(hand.itertext())
    zones = _zone_boxes(root)
    for card in cards:
        rect = card.find(f"{SVG}rect")
        x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
        assert not any(_boxes_overlap((x, y, x + w, y + h), z) for z in zones)
    # A hand passed by name, and no hand for a game without one.
    assert board_svg(pos(red=[1]), hand=["sorry", 7]).count('class="hand-card"') == 2
    assert 'id="hand"' not in board_svg(Game(4, seed=1))


@pytest.mark.parametrize("rules", ["play-for-points-1992", "original-1934", "classic"])
def test_a_finished_game_shows_its_scores_when_its_rule_set_keeps_score(rules):
    game = Game(4, seed=7, rules=rules)
    game.run()
    root = ET.fromstring(board_svg(game))
    table = root.find(f".//{SVG}g[@id='scores']")
    scores = game.rules.scores(game.position)
    if scores is None:
        assert table is None
        return
    rows = table.findall(f"{SVG}g[@class='score-row']")
    shown = {r.get("data-colour"): int(list(r.itertext())[-1]) for r in rows}
    assert shown == scores
    assert [r.get("data-colour") for r in rows][0] == game.winner  # best first
    assert root.find(f".//{SVG}g[@id='hand']") is None  # the game is over: no hand
    text_boxes = []
    for r in rows:
        circle = r.find(f"{SVG}circle")
        cy = float(circle.get("cy"))
        text_boxes.append((float(circle.get("cx")) - 6, cy - 8, float(circle.get("cx")) + 160,
                           cy + 8))
    assert not any(_boxes_overlap(t, z) for t in text_boxes for z in _zone_boxes(root))


def text_sizes(svg: str) -> list[tuple[str, float]]:
    """Every text of a drawing with its font size in drawing units (its own or inherited)."""
    out = []

    def walk(element, size):
        size = float(element.get("font-size", size))
        if element.tag == f"{SVG}text":
            out.append((element.text, size))
        for child in element:
            walk(child, size)

    walk(ET.fromstring(svg), 16.0)  # a browser's default, for any text that sets none
    return out


@pytest.mark.parametrize("board", ["mid-game", "hand", "scores", "heatmap", "every card"])
def test_no_text_on_the_board_is_under_11_px_at_560_px(board):
    if board == "mid-game":
        game = Game(4, seed=3)
        for _ in range(40):
            game.step()
        svgs = [board_svg(game, highlights=[12], arrows=[(3, 20)])]
    elif board == "hand":
        svgs = [board_svg(Game(4, rules="play-for-points-1992", seed=5))]
    elif board == "scores":
        svgs = [board_svg(Position({"red": ["home"] * 4, "blue": [3, "start", "start", "start"]},
                                   rules="original-1934"))]
    elif board == "heatmap":
        svgs = [board_svg(None, pawns=False, fills={5: "#300000"},
                          legend=[("#300000", "900 times")], status="landed on")]
    else:
        svgs = [board_svg(None, card=card) for card in CARD_NAMES.values()]
    for svg in svgs:
        scale = 560 / BOARD_SIZE
        small = [(text, size * scale) for text, size in text_sizes(svg) if size * scale < 11]
        assert not small, small


def test_a_rule_text_fits_on_its_card():
    """The longest rule text (a Sorry! that may also move 4, 2013) stays inside the card."""
    svg = board_svg(Position({"red": [10, "start", "start", "start"],
                              "blue": [30, "start", "start", "start"]}, rules="edition-2013"),
                    card="sorry")
    face = ET.fromstring(svg).find(f".//{SVG}g[@id='card-face']")
    card = face.find(f"{SVG}rect")
    bottom = float(card.get("y")) + float(card.get("height"))
    lines = [float(t.get("y")) for t in face.iter(f"{SVG}text") if t.get("class") == "card-text"]
    assert len(lines) >= 6 and max(lines) + 4 <= bottom


def test_theme_auto_draws_light_and_turns_dark_on_a_dark_page():
    svg = board_svg(Game(4, seed=3), theme="auto")
    root = ET.fromstring(svg)
    assert "sb-follow" in root.get("class")
    background = root.find(f".//{SVG}rect[@class='sbf-background background']")
    assert background.get("fill") == THEMES["light"].background  # as a picture: light
    style = root.find(f".//{SVG}style").text
    dark = THEMES["dark"].background
    assert f'body[data-jp-theme-light="false"] .sb-follow .sbf-background){{fill:{dark}}}' in style
    assert "@media (prefers-color-scheme: dark)" in style
    assert "@" not in svg.replace("@media", ""), "every colour token was made concrete"


def test_a_highlight_on_a_painted_place_rings_it_and_leaves_its_colour_showing():
    """Issue 31, point 11: lesson 8's "one row" board highlights square 4, which the row also
    paints; a see-through fill over it hid its own colour. A painted place gets a ring."""
    svg = board_svg(None, pawns=False, fills={4: "#c0392b", 5: "#800026"}, highlights=[4, 9],
                    legend=[("#c0392b", "chance 4/45")], status="from square 4")
    overlay = {e.get("data-place"): e for e in ET.fromstring(svg).iter()
               if e.get("class") == "highlight"}
    assert overlay["4"].get("fill") == "none" and float(overlay["4"].get("stroke-width")) >= 4
    assert overlay["4"].get("opacity") in (None, "1", "1.0")
    # An unpainted place keeps the tint a highlight always had.
    assert overlay["9"].get("fill") != "none" and float(overlay["9"].get("opacity")) < 1
    painted = [e for e in ET.fromstring(svg).iter() if e.get("data-place") == "4"
               and e.get("fill") == "#c0392b"]
    assert painted, "square 4 is painted with its own colour"
