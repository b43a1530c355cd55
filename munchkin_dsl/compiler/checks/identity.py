"""Card identity: ids and names must be unique within a pack.

Codes: E102 duplicate card id, E103 duplicate card name (same language).
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext


def check_duplicate_ids(ctx: CheckContext) -> None:
    seen: dict[str, str] = {}
    for card in ctx.cards:
        if card.id in seen:
            ctx.sink.error("E102", f"card id '{card.id}' is already used by the card at "
                           f"{seen[card.id]}", card.id_span,
                           "card ids are stable keys for the engine; give this card its own id")
        else:
            seen[card.id] = str(card.id_span)


def check_duplicate_names(ctx: CheckContext) -> None:
    seen: dict[tuple[str, str], str] = {}
    for card in ctx.cards:
        for lang, name, span in card.names():
            key = (lang, name.casefold())
            if key in seen:
                ctx.sink.error("E103", f"the name '{name}' ({lang}) is already used by the card "
                               f"at {seen[key]}", span,
                               "two cards with one name confuse players; rename one of them")
            else:
                seen[key] = str(span)
