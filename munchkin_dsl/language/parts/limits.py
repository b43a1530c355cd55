"""A card's limit on what its owner may have: hand size, Big items, races, slots.

`hand limit 6` (an absolute limit only raises the ruleset's: E205 otherwise), `race limit
+1` (a change), `big item limit any` (no limit).  The engine reads the limits of the cards
a player has in play (:mod:`munchkin_dsl.engine.rules`), by kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart, described


@dataclass(frozen=True, slots=True)
class Limit(EffectPart):
    """`hand limit 6`, `race limit +1`, `big item limit any`: one of the owner's limits set,
    changed (a signed number) or lifted."""

    kind: ClassVar[str] = "limit"
    rule: ClassVar[str] = "limit"
    syntax: ClassVar[str] = 'limit_name "limit" (INT | relative | "any")'
    # `+1` changes the ruleset's limit: the helper rule keeps its number (``keeps``)
    subrules: ClassVar[str] = (
        'limit_name: "hand"  -> limit_hand\n'
        '          | "big" "item"  -> limit_big\n'
        '          | "aggregate"  -> limit_aggregate\n'
        '          | "sidekick"  -> limit_sidekick\n'
        '          | "slot"  -> limit_slot\n'
        '          | "headgear"  -> limit_headgear\n'
        '          | "armor"  -> limit_armor\n'
        '          | "footgear"  -> limit_footgear\n'
        '          | RACE_KW  -> limit_race\n'
        '          | CLASS_KW  -> limit_class\n'
        'relative: SIGNED')
    keeps: ClassVar[tuple[str, ...]] = ("relative",)
    summary: ClassVar[str] = "changes one of the owner's limits"
    example: ClassVar[str] = 'hand limit +1'
    misphrasings: ClassVar[dict[str, str]] = {  # a limit is a line of its own, signed
        r"\b(?:your |their |the )?hand (?:limit|size) (?:is )?(?:increased|raised|goes up) "
        r"by (?P<n>\d+)\b": "hand limit +{n}",
        r"\b(?:your |their |the )?hand (?:limit|size) (?:is )?(?:decreased|reduced|lowered|goes "
        r"down) by (?P<n>\d+)\b": "hand limit -{n}",
        r"\b(?:you )?(?:may|can) (?:hold|have|keep) (?P<n>\d+) (?:more|extra) cards? in "
        r"(?:your )?hand\b": "hand limit +{n}",
        r"\b(?:your |their |the )?(?P<w>hand|race|class|big item|sidekick) (?:limit|size) "
        r"(?:is|becomes) (?P<n>\d+)\b": "{w} limit {n}",
        r"\b(?:you )?(?:may|can) (?:have|play|keep) (?:two|2) (?P<w>race|class)(?:es|s)\b":
            "{w} limit 2` (on a door or treasure, with `persistent`, so the card stays",
        r"\b(?:you )?(?:may|can) carry (?:one|1|an|a) (?:extra|more|additional|second) big "
        r"items?\b": "big item limit +1",
    }
    means: ClassVar[str] = 'limit hand size carry more maximum extra'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`LIMIT limit N` / `+N` / `-N` / `any`',
         ("one of the owner's limits: `N` sets it (a card only raises a limit, so "
          "`N` at or below the ruleset's is E205; `-1` lowers it), a signed number "
          "changes the ruleset's limit, `any` lifts it; a limit is read, never "
          'used, so a limit line takes no frequency, uses or cost (E221)'),
         'hand limit 6'),
        ('`hand limit ...`',
         'cards in hand at the end of the turn',
         'hand limit 6'),
        ('`big item limit ...`',
         'Big items carried',
         'big item limit any'),
        ('`aggregate limit ...`',
         'Aggregates carried',
         'aggregate limit any'),
        ('`sidekick limit ...`',
         'Sidekicks in play',
         'sidekick limit 2'),
        ('`slot limit ...`',
         'extra items of any slot',
         'slot limit +1'),
        ('`headgear limit ...` / `armor limit ...` / `footgear limit ...`',
         'items worn in that one slot (one by the rules)',
         'headgear limit +1'),
        ('`race limit ...` / `class limit ...`',
         'races / classes in play',
         'race limit 2'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = 'table'
    #: a limit carried by a curse or a one-shot for a while is not read by the engine yet
    kind_refuse: ClassVar[dict[str, str]] = dict.fromkeys(
        ("curse", "one-shot", "trap", "disaster"),
        "a limit is read from a card its player keeps in play; a curse or one-shot cannot "
        "change one for a while (not even `for your next 2 turns: hand limit -2`)")
    needs: ClassVar[str | None] = 'table'
    passive: ClassVar[bool] = True
    observe: ClassVar[str] = 'limits'
    text: ClassVar[dict[str, str]] = {
        'en': ('{%- if e.value is none %}no limit on {{ limit_what(e, t, 2) }}\n{%- elif '
               'e.relative %}{{ t.signed(e.value) }} to your limit of {{ limit_what(e, '
               't, 2) }}\n{%- else %}you may have up to {{ e.value }} {{ limit_what(e, '
               't, e.value) }}{% endif %}'),
        'ru': ('{%- if e.value is none %}нет ограничения на число {{ limit_what(e, t, '
               '5) }}\n{%- elif e.relative %}{{ t.signed(e.value) }} к лимиту {{ '
               'limit_what(e, t, 5) }}\n{%- else %}можешь иметь до {{ e.value }} {{ '
               'limit_what(e, t, e.value) }}{% endif %}'),
        'pl': ('{%- if e.value is none %}brak limitu {{ limit_what(e, t, 5) }}\n{%- elif '
               'e.relative %}{{ t.signed(e.value) }} do limitu {{ limit_what(e, t, 5) '
               '}}\n{%- else %}możesz mieć do {{ e.value }} {{ limit_what(e, t, e.value) '
               '}}{% endif %}'),
    }
    limit: str = described("hand (hand size), big (Big items carried), aggregate, sidekick, "
                           "slot (extra items of any slot), headgear / armor / footgear (items "
                           "worn in that slot), race (races in play), class (classes)", "hand",
                           choices=("hand", "big", "aggregate", "sidekick", "slot", "headgear",
                                    "armor", "footgear", "race", "class"), record=...)
    value: int | None = described("the new limit, or with relative the change; null: no limit",
                                  record=...)
    relative: bool = described("value is added to the ruleset's limit", False)
