"""The four colours, in turn order, that both games play: pawns on the board, players at the card
table (a 2-player game is the first two, and so on)."""

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green")
