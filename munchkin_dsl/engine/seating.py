"""How many may sit at the table: each ruleset's rulebook says (ruleset data ``players``
with its source: seed 000 «SETUP» "Three to six can play", the others alike; Apocalypse
adds that two may play, seed 004 «3. PRZYGOTOWANIE»)."""

from __future__ import annotations

from munchkin_dsl.base.rulesets import load_ruleset


def player_count_refusal(ruleset: str | None, players: int) -> str | None:
    """Why ``players`` may not play ``ruleset`` (None: the rulebook allows it)."""
    rules = load_ruleset(ruleset or "munchkin-1.6")
    low, high = rules.players
    if low <= players <= high:
        return None
    source = rules.raw["sources"]["players"]
    return (f"{rules.id} is for {low} to {high} players ({source}); {players} asked")
