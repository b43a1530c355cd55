"""The terms of a sale: what a level costs and what each item sold is worth.

The rules sell items for one level per full 1000 gold (RULES §1 Selling), on the
seller's own turn, outside combat, never for the winning level.  A card may change the
terms: a class that sells at 800 gold a level (the eighth set's Tinker), a race whose
every item sold counts 200 gold more, a curse whose victim sells at 2000 a level.  These
are read where the sale is made (engine/selling.py, through engine/inventory.sell, which
the bots and the scenarios' `A sells ...` call), as the bans on selling are: a card in
play binds its owner while it stays (its line's conditions read at the sale), a curse
its victim while it stays on them.  The turn and combat limits and the winning-level cap
stay as the rules say; `sell N items for double value` (players.py) doubles items on top.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart, described
from munchkin_dsl.language.parts.bans import BAN_CARRIERS, BAN_TIMINGS

#: who sells on these terms: the owner of the card in play, or the curse's victim
_WHO = '(("you" | "victim") "may"?)? ("sell" | "sells") _items? '
_ONLY_AT = ("the terms of a sale last while their card stays (a class, race or item in "
            "play on its owner, a curse on its victim), so they are the card's own line "
            "with no timing (`you sell items at 800 gold per level`)")


@dataclass(frozen=True, slots=True)
class SaleTerms(EffectPart):
    """The terms of its owner's sales while its card stays (a card in play), or its
    victim's (a curse): read where the sale is made, as the bans are.  (No rule: the base
    of the terms below.)"""

    carriers: ClassVar[str | tuple[str, ...]] = BAN_CARRIERS
    only_at: ClassVar[tuple[str, ...]] = BAN_TIMINGS
    only_at_refuse: ClassVar[str] = _ONLY_AT
    held: ClassVar[bool] = True
    kept_on: ClassVar[tuple[str, ...]] = ("curse", "trap", "disaster")
    observe: ClassVar[str] = "sale"


@dataclass(frozen=True, slots=True)
class SellRate(SaleTerms):
    """`you sell items at 800 gold per level`: a level bought by selling costs that much
    gold instead of 1000 (cheaper or dearer); the sale still needs its turn, no combat,
    and never buys the winning level."""

    kind: ClassVar[str] = "sell_rate"
    rule: ClassVar[str] = "sell_rate"
    syntax: ClassVar[str] = (_WHO + '(("at" | "for") INT _money? ("per" | "a" | "each") "level"'
                             ' | ("at" | "for") ("one" | "a") "level" ("per" | "for" "every"'
                             ' | "for" "each") INT _money?)')
    summary: ClassVar[str] = ("a level bought by selling items costs that much gold instead "
                              "of 1000 (own turn, no combat, never the winning level, as "
                              "ever); on a curse, its victim's sales while it stays")
    example: ClassVar[str] = "you sell items at 500 gold per level"
    means: ClassVar[str] = "sell selling rate price gold per level cheaper merchant trade"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`you sell items at N gold per level` / `... at one level per N gold`",
         "a level bought by selling costs N gold instead of 1000",
         "you sell items at 800 gold per level"),)
    misphrasings: ClassVar[dict[str, str]] = {
        r"\bsells? (?:your |all )?items? (?:for|at) (?P<n>\d+) (?:gold|credits)? ?"
        r"(?:per|a|each|for each|for every) level\b": "you sell items at {n} gold per level",
        r"\b(?:a|one|each) level (?:costs|is) (?P<n>\d+) (?:gold|credits)\b":
            "you sell items at {n} gold per level",
    }
    numbers: ClassVar[dict[str, str]] = {"gold": "sell_rate"}
    text: ClassVar[dict[str, str]] = {
        "en": "you sell items at {{ t.money(e.gold) }} per level",
        "ru": "ты продаёшь шмотки по {{ t.money(e.gold) }} за уровень",
        "pl": "sprzedajesz przedmioty po {{ t.money(e.gold) }} za poziom",
    }
    gold: int = described("the gold of items sold that buys one level (1000 by the rules)",
                          1000, record=...)


@dataclass(frozen=True, slots=True)
class SellBonus(SaleTerms):
    """`+200 gold for each item you sell`: each item sold counts that much more gold (a
    Dagger of 500 sold with a 500 bonus buys a level)."""

    kind: ClassVar[str] = "sell_bonus"
    rule: ClassVar[str] = "sell_bonus"
    syntax: ClassVar[str] = ('SIGNED _money ("for" | "on") ("each" | "every") "item" '
                             '("you" | "victim") ("sell" | "sells")')
    only_at_refuse: ClassVar[str] = _ONLY_AT.replace(
        "you sell items at 800 gold per level", "+200 gold for each item you sell")
    summary: ClassVar[str] = ("each item sold counts that much more gold (less, with a minus; "
                              "never below 0) toward the levels of the sale")
    example: ClassVar[str] = "+500 gold for each item you sell"
    means: ClassVar[str] = "sell selling bonus gold worth value more item merchant"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`+N gold for each item you sell`",
         "each item sold counts N more gold (or less: `-N`)",
         "+200 gold for each item you sell"),)
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:each |every )?items? (?:you sell|sold) (?:is |are |counts? )?(?:worth )?"
        r"\+?(?P<n>\d+) (?:gold |credits )?more\b": "+{n} gold for each item you sell",
    }
    numbers: ClassVar[dict[str, str]] = {"gold": "sell_bonus"}
    text: ClassVar[dict[str, str]] = {
        "en": "{{ '+' if e.gold > 0 else '-' }}{{ t.money(e.gold|abs) }} for each item you sell",
        "ru": "{{ '+' if e.gold > 0 else '-' }}{{ t.money(e.gold|abs) }} за каждую проданную "
              "шмотку",
        "pl": "{{ '+' if e.gold > 0 else '-' }}{{ t.money(e.gold|abs) }} za każdy sprzedany "
              "przedmiot",
    }
    gold: int = described("gold added to each item sold (taken away when negative)", 0,
                          record=...)
