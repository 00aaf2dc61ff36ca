"""What both games share, below them: colours, errors, reading JSON with limits, record limits,
seeds, decks as counts, statistics. Standard library only."""
