"""What both games share, below them: errors, reading JSON with limits, seeds. Standard library only."""
