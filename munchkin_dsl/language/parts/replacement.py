"""Replacement: a card in play that stops a loss about to happen.

`when you would lose a level, discard this card: prevent it` (a charm that is given up
instead of the level), `when you would lose an item, discard this card: prevent it`
("discard this instead of an item"): the event comes before the loss, while it can still
be stopped;
`prevent it` is the effect that stops it, and it means something only there (E221
elsewhere: a loss already over cannot be undone; write `gain 1 level` for that).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart, EventPart


@dataclass(frozen=True, slots=True)
class WouldLoseLevel(EventPart):
    """`when you would lose a level`: before a level loss of the card's owner happens (Bad
    Stuff, a curse, any effect), while a line may still prevent it."""

    timing: ClassVar[str] = "would_lose_level"
    rule: ClassVar[str] = "t_would_lose_level"
    syntax: ClassVar[str] = '"when" "you" "would" "lose" ("a" "level" | "levels")'
    words: ClassVar[str] = "when you would lose a level"
    summary: ClassVar[str] = ("just before its owner loses one or more levels (Bad Stuff, a "
                              "curse, an effect), while `prevent it` can still stop the loss")
    example: ClassVar[str] = "when you would lose a level, discard this card: prevent it"
    #: a card in play, or a one-shot played from the hand as the loss comes (Stand-In)
    carriers: ClassVar[str | tuple[str, ...]] = (
        "race", "class", "item", "sidekick", "hireling", "door", "treasure", "one-shot")
    refuse: ClassVar[str] = ("only a card its owner has in play, or a one-shot played from "
                             "the hand as the loss comes, stops a loss as it happens")
    text: ClassVar[dict[str, str]] = {
        "en": "when you would lose a level",
        "ru": "когда тебе предстоит потерять уровень",
        "pl": "gdy masz stracić poziom",
    }


@dataclass(frozen=True, slots=True)
class WouldLoseItem(EventPart):
    """`when you would lose an item`: before an item of the card's owner goes to the
    discards by an effect (Bad Stuff, a curse, a card), while a line may still prevent it
    (`discard this card: prevent it` is "discard this instead of the item")."""

    timing: ClassVar[str] = "would_lose_item"
    rule: ClassVar[str] = "t_would_lose_item"
    syntax: ClassVar[str] = '"when" "you" "would" "lose" "an" "item"'
    words: ClassVar[str] = "when you would lose an item"
    summary: ClassVar[str] = ("just before an effect takes one of its owner's items (Bad Stuff, "
                              "a curse, a card), while `prevent it` can still keep the item")
    example: ClassVar[str] = "when you would lose an item, discard this card: prevent it"
    #: a card in play, or a one-shot played from the hand as the loss comes (Stand-In)
    carriers: ClassVar[str | tuple[str, ...]] = (
        "race", "class", "item", "sidekick", "hireling", "door", "treasure", "one-shot")
    refuse: ClassVar[str] = ("only a card its owner has in play, or a one-shot played from "
                             "the hand as the loss comes, stops a loss as it happens (an "
                             "item enhancer answers its own item's loss: `when attached item "
                             "would be lost: put this card into your hand`)")
    text: ClassVar[dict[str, str]] = {
        "en": "when you would lose an item",
        "ru": "когда тебе предстоит потерять шмотку",
        "pl": "gdy masz stracić przedmiot",
    }


@dataclass(frozen=True, slots=True)
class WouldGainLevel(EventPart):
    """`when you would gain a level`: before the card's owner goes up one or more levels (a
    kill, a sale, a card), while a line may still prevent it (a charm that turns a level
    into treasure: `when you would gain a level, discard this card: prevent it, draw 2
    treasures face down`)."""

    timing: ClassVar[str] = "would_gain_level"
    rule: ClassVar[str] = "t_would_gain_level"
    syntax: ClassVar[str] = '"when" "you" "would" ("gain" | "go" "up") ("a" "level" | "levels")'
    words: ClassVar[str] = "when you would gain a level"
    summary: ClassVar[str] = ("just before its owner goes up one or more levels (a kill, a "
                              "sale, a card), while `prevent it` can still stop the gain")
    example: ClassVar[str] = ("when you would gain a level, discard this card: prevent it, "
                              "draw 2 treasures face down")
    carriers: ClassVar[str | tuple[str, ...]] = WouldLoseLevel.carriers
    refuse: ClassVar[str] = ("only a card its owner has in play, or a one-shot played from "
                             "the hand as the gain comes, stops a gain as it happens")
    text: ClassVar[dict[str, str]] = {
        "en": "when you would gain a level",
        "ru": "когда тебе предстоит получить уровень",
        "pl": "gdy masz zdobyć poziom",
    }


@dataclass(frozen=True, slots=True)
class OtherWouldGainLevel(EventPart):
    """`when another player would gain a level`: before another player goes up a level (a
    kill, a sale, a card), for the cards the other players have in play, while a line may
    still prevent it; its waiting form `the next time another player would gain a level:
    prevent it, gain 1 level` takes the level for the card's player."""

    timing: ClassVar[str] = "when_other_would_gain_level"
    rule: ClassVar[str] = "t_when_other_would_gain_level"
    syntax: ClassVar[str] = ('"when" "another" "player" "would" ("gain" | "go" "up") '
                             '("a" "level" | "levels")')
    words: ClassVar[str] = "when another player would gain a level"
    summary: ClassVar[str] = ("just before another player goes up one or more levels, for "
                              "the cards the other players have in play (and a one-shot "
                              "waiting for it), while `prevent it` can still stop the gain")
    example: ClassVar[str] = ("the next time another player would gain a level: prevent it, "
                              "gain 1 level")
    # a one-shot answers it from the hand as it comes, as every other player's event
    carriers: ClassVar[str | tuple[str, ...]] = "in-play-or-one-shot"
    refuse: ClassVar[str] = ("only a card its owner has in play, or a one-shot played from "
                             "the hand as it comes, reacts to another player's level")
    text: ClassVar[dict[str, str]] = {
        "en": "when another player would gain a level",
        "ru": "когда другому игроку предстоит получить уровень",
        "pl": "gdy inny gracz ma zdobyć poziom",
    }


@dataclass(frozen=True, slots=True)
class AttachedItemLost(EventPart):
    """`when attached item would be lost` (`... would be discarded`, `... is lost or
    discarded`): an item enhancer answers the loss of the item it is attached to, whatever
    takes it (Bad Stuff, a curse, a sale, a card's discard), as the enhancer would go to
    the discards with it; the line acts first, so `put this card into your hand` keeps the
    enhancer (Duct Tape) where the rules would discard it (engine/core._take)."""

    timing: ClassVar[str] = "when_attached_item_lost"
    rule: ClassVar[str] = "t_when_attached_item_lost"
    syntax: ClassVar[str] = ('"when" "the"? "attached" "item" ("would" "be" | "is") '
                             '("lost" | "discarded") ("or" ("lost" | "discarded"))?')
    misphrasings: ClassVar[dict[str, str]] = {
        r"\bwhen (?:the item (?:it is|this card is) attached to|its item) (?:would be|is) "
        r"(?:lost|discarded)\b": "when attached item would be lost"}
    words: ClassVar[str] = "when attached item would be lost"
    summary: ClassVar[str] = ("as the item the enhancer is attached to leaves play for the "
                              "discards (lost, discarded, sold), before the enhancer goes "
                              "with it: `put this card into your hand` keeps the enhancer")
    example: ClassVar[str] = "when attached item would be lost: put this card into your hand"
    carriers: ClassVar[str | tuple[str, ...]] = ("item-enhancer",)
    subject: ClassVar[str | None] = "you"  # `put this card into your hand`: its player's
    refuse: ClassVar[str] = ("only an item enhancer is attached to an item; a card in play "
                             "answers its owner's item loss with `when you would lose an "
                             "item`")
    text: ClassVar[dict[str, str]] = {
        "en": "when the item this card is attached to would be discarded or lost",
        "ru": "когда шмотка, к которой прикреплена эта карта, должна уйти в сброс",
        "pl": "gdy przedmiot, do którego przypięta jest ta karta, ma trafić na stos kart "
              "odrzuconych",
    }


#: the events before a gain, whose `prevent it` stops it (engine/replacement.py)
WOULD_GAIN = (WouldGainLevel.timing, OtherWouldGainLevel.timing)


@dataclass(frozen=True, slots=True)
class Prevent(EffectPart):
    """`prevent it`: the loss the line's event announced does not happen."""

    kind: ClassVar[str] = "prevent"
    rule: ClassVar[str] = "prevent"
    syntax: ClassVar[str] = '"prevent" ("it" | "the" ("level" | "item")? "loss")'
    summary: ClassVar[str] = ("the loss (or gain) about to happen does not (only at `when you "
                              "would lose a level`, `when you would lose an item`, `when you "
                              "would gain a level`, `when another player would gain a level`)")
    example: ClassVar[str] = "prevent it"
    means: ClassVar[str] = "prevent stop cancel avoid instead negate loss protect save"
    needs: ClassVar[str | None] = "would_lose"
    observe: ClassVar[str] = "losses"
    text: ClassVar[dict[str, str]] = {
        # a gain about to happen: the gainer does not gain it (`they`: another player's)
        "en": "{% if 'would_gain' in a.timing %}{{ 'they do' if 'other' in a.timing else "
              "'you do' }} not gain it{% else %}you do not lose it{% endif %}",
        # the pronoun agrees with what is lost: уровень (m.) -> его, шмотка (f.) -> её
        "ru": "{% if 'would_gain' in a.timing %}{{ 'он его не получает' if 'other' in "
              "a.timing else 'ты его не получаешь' }}{% else %}ты {{ 'её' if "
              "a.timing.endswith('would_lose_item') else 'его' }} не теряешь{% endif %}",
        "pl": "{% if 'would_gain' in a.timing %}{{ 'nie zdobywa go' if 'other' in a.timing "
              "else 'nie zdobywasz go' }}{% else %}nie tracisz go{% endif %}",
    }


@dataclass(frozen=True, slots=True)
class PreventLevels(EffectPart):
    """`prevent 1 of those levels`: the level loss about to happen is N levels smaller
    (Plucky Repair Drone: "one shield saves one level").  With `uses` (or a cost) the line
    acts again while levels of the same loss remain and it still may, one use a time, so
    `3 uses: prevent 1 of those levels` spends two uses on a "lose 2 levels"; with neither
    it cuts each loss once (`you lose 1 level fewer`)."""

    kind: ClassVar[str] = "prevent_levels"
    rule: ClassVar[str] = "prevent_levels"
    syntax: ClassVar[str] = ('"prevent" INT ("of" ("those" | "the") ("levels" | "level") | '
                             '("level" | "levels") "of" ("it" | "the" "loss"))')
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:you )?lose (?P<n>\d+) (?:level|levels) (?:fewer|less)\b":
            "prevent {n} of those levels",
        r"\b(?:save|saves|keep|keeps) (?:one|1|a) (?:of (?:those|the) )?levels?\b":
            "prevent 1 of those levels",
    }
    summary: ClassVar[str] = ("the level loss about to happen is N levels smaller (at `when "
                              "you would lose a level`); with uses or a cost the line acts "
                              "again, one use a time, while levels of the loss remain")
    example: ClassVar[str] = "prevent 1 of those levels"
    means: ClassVar[str] = ("prevent reduce fewer less save shield part one level of loss "
                            "per level")
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`prevent N of those levels`',
         'N levels of the loss are not lost; with `uses`, one use per N levels',
         'when you would lose a level, if the loss comes from bad stuff, 3 uses: prevent 1 '
         'of those levels'),
    )
    needs: ClassVar[str | None] = "would_lose_level"
    #: a card played from the hand answers a loss once, whole (engine/replacement): only a
    #: card in play cuts it level by level
    refuse_at: ClassVar[dict[str, str]] = {
        f"would_lose_level/{kind}": "a card played from the hand answers the loss once, "
        "whole: write `prevent it`; only a card that stays in play (an item, a sidekick, a "
        "class, a race) cuts a loss level by level"
        for kind in ("one-shot", "treasure", "door")}
    observe: ClassVar[str] = "losses"
    numbers: ClassVar[dict[str, str]] = {"amount": "levels"}
    text: ClassVar[dict[str, str]] = {
        "en": "you lose {{ e.amount }} {{ t.plural('level', e.amount) }} fewer",
        "ru": "ты теряешь на {{ e.amount }} {{ t.plural('level', e.amount) }} меньше",
        "pl": "tracisz o {{ e.amount }} {{ t.plural('level', e.amount) }} mniej",
    }
    amount: int = 1
