"""Rules the engine will not play: every one is said out loud.

Codes: W601 a card's rule is kept for players to apply by hand (a `manual` line, or
author `text` on a card with no effect line at all), E602 a `manual LANG` translation
with no English rule before it.

The engine plays effect lines only; `text` is what is printed.  A card whose rules are
only text would print fine and do nothing in a game, so it is reported like a manual rule:
the author sees which cards a playtest must handle by hand (`check -W` makes it an error).
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.checks.stats import check_language
from munchkin_dsl.language.nodes import Card


def check_manual(ctx: CheckContext) -> None:
    for card in ctx.cards:
        _check_card(ctx, card)


def _check_card(ctx: CheckContext, card: Card) -> None:
    english_seen = False
    for stat in card.stats:
        if stat.kind != "manual":
            continue
        lang, text = stat.args
        if lang is not None:
            check_language(ctx, lang)
            if not english_seen:
                ctx.sink.error("E602", f"this {lang.name} rule translates no English rule",
                               stat.span, f'write the rule in English first: `manual "..."`, '
                               f"then `manual {lang.name} \"...\"` under it")
            continue
        english_seen = True
        ctx.sink.warning("W601", f"'{card.id}' has a rule the engine will not play: "
                         f"“{_short(text)}”", stat.span,
                         "it is printed and players apply it by hand; scenarios that play "
                         f"the card must say `expect manual {card.id}`")
    texts = [s for s in card.stats if s.kind == "text"]
    has_manual = any(s.kind == "manual" for s in card.stats)
    if texts and not card.lines and not has_manual:
        ctx.sink.warning("W601", f"'{card.id}' has rules text but no effect line: the engine "
                         "will not play it", texts[0].span,
                         "`text` is printed only; write the rule as an effect line, or keep "
                         'it as `manual "..."` so it is marked for players to apply by hand')


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
