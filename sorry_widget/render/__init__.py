"""The board as SVG (svgwrite). Importing this gives engine objects a picture in notebooks."""

from ..cardgame.state import CardState
from ..board.game import Game, Play
from ..board.moves import Move
from ..board.state import Position
from .cardtable import cardface_defs, cardtable_pieces, cardtable_svg, total_callout
from .geometry import BOARD_SIZE, CELL, PLACES, place_key, widget_geometry
from .svg import (
    THEMES, board_svg, card_face_markup, overlay_markup, pawn_markup, resolve_place,
)


def _repr_svg_(self) -> str:
    return board_svg(self)


def _repr_html_(self) -> str:
    # Inline, the board can follow the page's theme; a viewer that shows the SVG as a picture
    # (an <img>, which cannot see the page's styles) gets the light board.
    return board_svg(self, theme="auto")


# The engine may not import the drawing layer, so the drawing layer hands the engine's types
# their notebook picture: a bare Position, Game, Play or Move in a cell shows a board, in
# JupyterLab and in exported HTML/PDF alike.
for _cls in (Position, Game, Play, Move):
    _cls._repr_svg_ = _repr_svg_
    _cls._repr_html_ = _repr_html_

__all__ = [
    "BOARD_SIZE", "CELL", "PLACES", "THEMES", "board_svg", "card_face_markup", "cardface_defs", "cardtable_pieces",
    "cardtable_svg",
    "overlay_markup", "pawn_markup", "place_key", "resolve_place", "total_callout",
    "widget_geometry",
]


def _table_repr_svg_(self) -> str:
    return cardtable_svg(self)


CardState._repr_svg_ = _table_repr_svg_
