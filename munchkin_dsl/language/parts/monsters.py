"""Monsters that move between players: one that follows you, one given to another player.

`on escape: the monster follows you` (a monster's line): the monster is not discarded
when its fight ends (unless it was killed or defeated) but goes with the player and joins
that player's next fight; `victim must fight it again at the start of their next turn`
makes it wait for that player's next turn instead, fought before the door is kicked
open (`... only once`: escaped from that fight too, it does not come back again).
`give the monster to the player to your left` (played into a
fight): the monster leaves this fight (no treasure, no Bad Stuff for the fighter) and the
other player fights it at once, when this fight is over; that player wins its treasure
and levels or suffers its Bad Stuff, by the rules of any fight (RULES.md section 1).
`bad stuff: nothing` says a monster has no Bad Stuff (printed "Bad Stuff: none").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart, described
from munchkin_dsl.language.nodes import Target
from munchkin_dsl.language.parts.strength import FIGHT_CARRIERS

#: E221 at a monster's own kill or defeat: it is discarded, nothing is left to come back
_KILLED = ("a monster killed or defeated is discarded, so it follows nobody; write it `on "
           "escape:` or `bad stuff:`")


@dataclass(frozen=True, slots=True)
class FollowsYou(EffectPart):
    """`the monster follows you`: after its fight it joins the player's next fight."""

    kind: ClassVar[str] = "follows"
    rule: ClassVar[str] = "follows"
    syntax: ClassVar[str] = '("it" | ("the" | "this")? "monster") ("follows" | "follow") target?'
    summary: ClassVar[str] = ("the monster is not discarded after its fight (unless killed or "
                              "defeated): it joins the player's next fight")
    example: ClassVar[str] = "the monster follows victim"
    means: ClassVar[str] = "follow pursue chase next combat come back return monster"
    carriers: ClassVar[tuple[str, ...]] = ("monster",)
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        "on_death": "a dead player has no next fight of this character; write it `on escape:`",
        "when_any_dies": "the player who died has no next fight of this character; write it "
                         "`on escape:`",
        "on_kill": _KILLED, "when_defeated": _KILLED}
    observe: ClassVar[str] = "followers"
    text: ClassVar[dict[str, str]] = {
        "en": "the monster follows {{ 'you' if t.you(e.target, a) else w.WHO[e.target] }} and "
              "joins {{ 'your' if t.you(e.target, a) else 'their' }} next combat",
        "ru": "монстр следует за {{ 'тобой' if t.you(e.target, a) else w.GEN[e.target] }} и "
              "вступает в {{ 'твой' if t.you(e.target, a) else 'его' }} следующий бой",
        "pl": "potwór podąża za {{ 'tobą' if t.you(e.target, a) else w.GEN[e.target] }} i "
              "dołącza do {{ 'twojej' if t.you(e.target, a) else 'jego' }} następnej walki",
    }
    target: Target | None = None


@dataclass(frozen=True, slots=True)
class FightsNextTurn(EffectPart):
    """`victim must fight it again at the start of their next turn`: the monster goes with
    the player and is fought at the start of that player's next turn, before the door is
    kicked open (a fight the engine opens itself)."""

    kind: ClassVar[str] = "fights_next_turn"
    rule: ClassVar[str] = "fights_next_turn"
    syntax: ClassVar[str] = ('target? ("must" "fight" | "fights") ("it" | ("the" | "this")? '
                             '"monster") "again"? "at" "the" "start" "of" ("your" | "their") '
                             '"next" "turn" only_once?')
    #: `..., only once` (Vengeful Bugbear): the fight it comes back for is the last; an
    #: escape from that one lets it go for good
    subrules: ClassVar[str] = 'only_once: "only"? "once"'
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:the monster |it )?(?:follows?|comes? back to|returns? to) (?:you|victim|them|the "
        r"fighter),? (?:only )?once\b":
            "victim must fight it again at the start of their next turn only once",
        r"\bnext turn, (?:only )?once\b":
            "victim must fight it again at the start of their next turn only once",
    }
    summary: ClassVar[str] = ("the monster is not discarded after its fight (unless killed or "
                              "defeated): the player fights it again at the start of their "
                              "next turn, before kicking open the door")
    example: ClassVar[str] = "victim must fight it again at the start of their next turn"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`TARGET must fight it again at the start of their next turn` / `TARGET fights it '
         'again ...`',
         'fought at the start of the next turn, before the door; escaped again, it comes '
         'back again',
         'on escape: victim must fight it again at the start of their next turn'),
        ('`... at the start of their next turn only once`',
         'it comes back once: an escape from the fight it came back for lets it go for good',
         'on escape: victim fights it again at the start of their next turn only once'),
    )
    means: ClassVar[str] = "follow pursue chase next turn again return monster maze hunt"
    carriers: ClassVar[tuple[str, ...]] = ("monster",)
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        "on_death": "a dead player has no next turn with this character; write it `on "
                    "escape:`",
        "when_any_dies": "the player who died has no next turn with this character; write "
                         "it `on escape:`",
        "on_kill": _KILLED, "when_defeated": _KILLED}
    observe: ClassVar[str] = "followers"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ 'you' if t.you(e.target, a) else w.WHO[e.target] }} must fight it again at "
              "the start of {{ 'your' if t.you(e.target, a) else 'their' }} next turn, before "
              "kicking open the door{{ ' (only once)' if t.field(e, 'only_once') }}",
        "ru": "{{ 'ты должен' if t.you(e.target, a) else w.WHO[e.target] ~ ' должен' }} снова "
              "сразиться с ним в начале своего следующего хода, до того как вышибить дверь"
              "{{ ' (только один раз)' if t.field(e, 'only_once') }}",
        "pl": "{{ 'musisz' if t.you(e.target, a) else w.WHO[e.target] ~ ' musi' }} ponownie "
              "z nim walczyć na początku swojej następnej tury, przed wyważeniem drzwi"
              "{{ ' (tylko raz)' if t.field(e, 'only_once') }}",
    }
    target: Target | None = None
    only_once: bool = described("it comes back once: an escape from the fight it came back "
                                "for does not bring it again", False, quiet=True)


@dataclass(frozen=True, slots=True)
class GiveMonster(EffectPart):
    """`give the monster to the player to your left`: that player fights it instead."""

    kind: ClassVar[str] = "give_monster"
    rule: ClassVar[str] = "give_monster"
    syntax: ClassVar[str] = '("give" | "gives") "the"? "monster" "to" target'
    summary: ClassVar[str] = ("the monster leaves this fight (no treasure, no Bad Stuff) and the "
                              "player named fights it at once when this fight is over, for its "
                              "treasure and levels or its Bad Stuff")
    example: ClassVar[str] = "give the monster to the player to your left"
    means: ClassVar[str] = "give pass hand over monster another player send fight instead"
    carriers: ClassVar[tuple[str, ...]] = FIGHT_CARRIERS  # played into a fight
    needs: ClassVar[str | None] = "fight"
    player_target: ClassVar[bool] = True
    observe: ClassVar[str] = "given"
    text: ClassVar[dict[str, str]] = {
        "en": "give the monster to {{ w.WHO[e.target] }}, who fights it when this combat is "
              "over",
        "ru": "отдай монстра: {{ w.WHO[e.target] }} сражается с ним, когда этот бой "
              "закончится",
        "pl": "oddaj potwora: {{ w.WHO[e.target] }} walczy z nim, gdy ta walka się skończy",
    }
    target: Target | None = None


@dataclass(frozen=True, slots=True)
class NoBadStuff(EffectPart):
    """`bad stuff: nothing` (or `none`): the monster has no Bad Stuff.  Its card prints
    "Bad Stuff: none" (W701 is for a monster whose author forgot the line); a player it
    catches is caught (their `when caught` lines act) and suffers nothing."""

    kind: ClassVar[str] = "no_bad_stuff"
    rule: ClassVar[str] = "no_bad_stuff"
    syntax: ClassVar[str] = '"nothing" | "none"'
    summary: ClassVar[str] = ("the monster has no Bad Stuff: its card prints none, and a player "
                              "it catches suffers nothing")
    example: ClassVar[str] = "nothing"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`bad stuff: nothing` / `bad stuff: none`",
         "a monster with no Bad Stuff (printed \"Bad Stuff: none\"); a caught player suffers "
         "nothing",
         "bad stuff: nothing"),
    )
    means: ClassVar[str] = "nothing none no bad stuff harmless empty"
    carriers: ClassVar[tuple[str, ...]] = ("monster",)
    only_at: ClassVar[tuple[str, ...]] = ("bad_stuff",)
    only_at_refuse: ClassVar[str] = ("`nothing` says a monster has no Bad Stuff: write it alone "
                                     "on the line `bad stuff: nothing`")
    observe: ClassVar[str] = "bad_stuff_hits"
    text: ClassVar[dict[str, str]] = {
        "en": "none",
        "ru": "нет",
        "pl": "brak",
    }
