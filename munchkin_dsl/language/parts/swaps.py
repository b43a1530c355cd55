"""Swaps between two players: levels, a class or race card, an item in play.

`swap levels with another player`, `victim swaps their class with the player to your
left`, `exchange an item you carry with an item another player carries`.  One effect,
general over what is swapped (``what``) and who (the subject, `you` when none, and the
partner after `with`).  The carrying rules apply after the move: an item lands in play as
a taken one does, so one its new owner cannot use is carried without its bonus and the Big
limit holds (engine: ``engine/algebra_cards.py``, which lifts and lands the cards; levels go
down as a loss and up as a card's gain, never to the winning level).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from munchkin_dsl.language.algebra import EffectPart, described
from munchkin_dsl.language.nodes import Target

_SWAP_TEXT_EN = ('{{ w.verb(e, a, t, "swap", "swaps") }} {% if e.what == "item" %}an item '
                 '{{ "you carry" if t.you(e.target, a) else "they carry" }} for an item {{ '
                 '"you carry" if t.you(e.source, a) else w.WHO[e.source] ~ " carries" }}{% '
                 'else %}{{ "levels" if e.what == "levels" else w.poss(e, a, t) ~ " " ~ '
                 'e.what }} with {{ w.WHO[e.source] }}{% endif %}')
_SWAP_TEXT_RU = ('{{ w.verb(e, a, t, "меняешь", "меняет", "поменять") }} {% if e.what == '
                 '"levels" %}свой уровень на уровень{% elif e.what == "item" %}свою шмотку в '
                 'игре на шмотку в игре у{% elif e.what == "class" %}свой класс на класс{% '
                 'else %}свою расу на расу{% endif %} {{ w.GEN[e.source] }}')
_SWAP_TEXT_PL = ('{{ w.verb(e, a, t, "zamieniasz", "zamienia", "zamienić") }} {% if e.what == '
                 '"levels" %}swój poziom na poziom{% elif e.what == "item" %}swój przedmiot w '
                 'grze na przedmiot w grze{% elif e.what == "class" %}swoją klasę na klasę{% '
                 'else %}swoją rasę na rasę{% endif %} {{ w.GEN[e.source] }}')

#: the cards a class or race swap may be on: any but a race or class itself
_NOT_TRAITS = ['curse', 'disaster', 'door', 'hireling', 'item', 'monster', 'one-shot',
               'sidekick', 'trap', 'treasure']


@dataclass(frozen=True, slots=True)
class Swap(EffectPart):
    """`swap levels with another player`, `victim swaps their class with the player to
    your left`, `exchange an item you carry with an item another player carries`: two
    players trade what is named, each getting the other's."""

    kind: ClassVar[str] = "swap"
    rule: ClassVar[str] = "swap"
    syntax: ClassVar[str] = ('target? ("swap" | "swaps" | "exchange" | "exchanges" | "trade" '
                             '| "trades") swapped "with" ("an" "item")? target '
                             '("carry" | "carries")?')
    subrules: ClassVar[str] = (
        'swapped: _levels  -> what_levels\n'
        '       | ("your" | "their")? "class"  -> what_class\n'
        '       | ("your" | "their")? "race"  -> what_race\n'
        '       | ("an" | "1") "item" (("you" | "they") "carry")?  -> what_item')
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:swap|swaps|exchange|exchanges|trade|trades) (?:your |their )?(?:level|levels"
        r"|class|race|item|an item)\b.* with (?:the )?player to their left":
            "swap levels with the player to your left (`their left` is not a seat word)",
    }
    from_end: ClassVar[tuple[str, ...]] = ("source",)
    summary: ClassVar[str] = ("two players trade levels, their class or race cards, or an "
                              "item in play each")
    example: ClassVar[str] = "swap levels with another player"
    means: ClassVar[str] = "swap exchange trade switch levels class race item"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`[TARGET] swap(s) levels with TARGET`',
         "each gets the other's level (up as a card's gain: never to the winning level)",
         'swap levels with the highest level player'),
        ('`[TARGET] swap(s) their class / race with TARGET`',
         "each player's class (race) cards go to the other",
         'victim swaps their class with the player to your left'),
        ('`[TARGET] swap(s) an item with an item TARGET carries`',
         ("the swapper picks one item of each side; each lands in play in front of the "
          "other (one the new owner cannot use is carried without its bonus)"),
         'exchange an item you carry with an item another player carries'),
    )
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        'on_death': 'the dead player loses everything anyway; write it on another timing',
        'when_any_dies/monster': ('a monster swaps nothing for a death: the body is looted '
                                  'by the players'),
    }
    observe: ClassVar[str] = "level"
    variant_field: ClassVar[str | None] = "what"
    variants: ClassVar[dict[str, dict[str, Any]]] = {
        # a race or class card would trade itself away with the rest
        "class": {"example": "swap your class with another player", "observe": "cards",
                  "carriers": _NOT_TRAITS},
        "race": {"example": "swap your race with another player", "observe": "cards",
                 "carriers": _NOT_TRAITS},
        "item": {"example": "exchange an item you carry with an item another player carries",
                 "observe": "items"},
    }
    text: ClassVar[dict[str, str]] = {"en": _SWAP_TEXT_EN, "ru": _SWAP_TEXT_RU,
                                      "pl": _SWAP_TEXT_PL}
    what: str = described("levels, class, race (every such card in play) or item (one of "
                          "each side's, the swapper's pick)", "levels",
                          choices=("levels", "class", "race", "item"))
    target: Target | None = described("who swaps (you when none)")
    source: Target | None = described("the other side of the swap; one player",
                                      record="another_player")
