"""Board-game helpers the browser tests share."""

from __future__ import annotations

from sorry_widget.board.game import Game


def game_drawing(start, card: int):
    """A game from ``start`` whose first card is ``card``, red played by a person."""
    seed = 0
    while True:
        game = Game(start=start, seed=seed, strategies={"red": None})
        if game.draw() == card:
            return game
        seed += 1
