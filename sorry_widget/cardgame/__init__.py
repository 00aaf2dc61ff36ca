"""The SORRY! card game: its cards, states, rules, games and records. Standard library only."""
