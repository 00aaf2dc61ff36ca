"""The four colours, in turn order, that both games play: pawns on the board, players at the card
table (a 2-player game is the first two, and so on)."""

#: The colours in turn order: red, blue, yellow, green.
COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green")
