"""The limits both games' records share (docs/limits.md): a record file, its notes and the
strategy names it keeps. Each game's record module adds its own (plays, actions, arrows …)."""

#: A record file: a 20,000-action card game is about 1 MB, a 5,000-play board game less.
MAX_RECORD_BYTES = 5_000_000
MAX_NOTES = 1_000
MAX_NOTE_CHARS = 2_000
#: A strategy's name as a record keeps it (``"greedy(0.35)"``, a function's name).
MAX_STRATEGY_CHARS = 100
