"""Rule sets: a named bundle of the rule options of docs/rules.md ("Rule options").

Editions and variants are named rule sets built from the same option fields, so adding one is
adding data here plus whatever new mechanism it needs in the move generator or game loop.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import DECKS


@dataclass(frozen=True)
class RuleSet:
    """One reading of the rules. ``name`` is what ``sorry-position/1`` and records store."""

    name: str
    title: str
    #: ``"classic45"`` (five 1s) or ``"original44"`` (four of every card).
    deck: str = "classic45"
    #: Pawns each player starts a new game with: 4, or 3 for the faster game.
    pawns_per_player: int = 4
    #: 2013 edition: a Sorry! card may instead move one pawn 4 forward.
    sorry_forward_4: bool = False
    #: C7: a 2 draws again. Off in the 2013 edition.
    two_draws_again: bool = True

    def __post_init__(self) -> None:
        if self.deck not in DECKS:
            raise ValueError(f"deck: unknown deck {self.deck!r}; known decks are {sorted(DECKS)}")
        if self.pawns_per_player not in (3, 4):
            raise ValueError(
                f"pawns_per_player: must be 4, or 3 for the faster game, not {self.pawns_per_player!r}"
            )

    def with_options(self, **options) -> RuleSet:
        """A copy with some options changed, e.g. ``classic.with_options(pawns_per_player=3)``.
        The name stays, so positions and records still say which rule set they follow."""
        unknown = set(options) - {"deck", "pawns_per_player", "sorry_forward_4", "two_draws_again"}
        if unknown:
            raise ValueError(f"rule option: unknown option(s) {sorted(unknown)}")
        return replace(self, **options)


CLASSIC = RuleSet(name="classic", title="Classic rules (1992 rulebook, modern 45-card deck)")

RULE_SETS: dict[str, RuleSet] = {CLASSIC.name: CLASSIC}


def get_rules(rules: str | RuleSet) -> RuleSet:
    """The rule set named ``rules`` (or ``rules`` itself if it is one)."""
    if isinstance(rules, RuleSet):
        return rules
    if not isinstance(rules, str) or rules not in RULE_SETS:
        raise ValueError(
            f"rules: unknown rule set {rules!r}; known rule sets are {', '.join(sorted(RULE_SETS))}"
        )
    return RULE_SETS[rules]
