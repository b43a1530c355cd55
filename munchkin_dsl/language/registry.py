"""The registry: every timing and effect kind of the language, declared once.

``data/timings.toml`` and ``data/effects.toml`` are the declarations; this module reads
them into typed records that every stage consults instead of keeping its own table:

* the parser maps grammar alternatives to timing ids (:func:`timing_for_phrase`);
* the checker asks :func:`refusal` whether a card kind, a timing and an effect can meet,
  and reads each effect's number ranges;
* the lowering maps a clause to its effect kind (:func:`effect_kind_of`);
* the engine reads which kinds are passive (read from the table while in play);
* the schema, ``--explain`` and the language server read the summaries;
* the conformance suite (``tests/test_conformance.py``) walks every combination the
  checker accepts and proves it changes the game as ``observe`` says.

It imports no effect dataclass, so ``munchkin check`` stays light.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from munchkin_dsl import data
from munchkin_dsl.language import algebra


@dataclass(frozen=True)
class TimingSpec:
    """One timing: when a line fires, on which card kinds the engine fires it."""

    id: str
    summary: str
    #: how an author writes it
    words: str
    #: the grammar alternative that writes it (None: implied, e.g. on_play)
    phrase: str | None
    carriers: frozenset[str]
    #: "fight", "flight", "caught", "none" or "any": where the game is when it fires
    phase: str
    refuse: str
    #: no moment of its own: only effects read from the table act (but see entry_kinds)
    passive_only: bool = False
    entry_kinds: frozenset[str] = frozenset()
    #: kinds for which the timing happens in a fight whatever the phase says
    fight_kinds: frozenset[str] = frozenset()
    #: who a subjectless effect reaches at this timing (None: the card kind's default)
    subject: str | None = None
    #: kinds whose card stays on the table through this timing (an enhancer on its monster)
    stays_kinds: frozenset[str] = frozenset()

    def phase_for(self, card_kind: str) -> str:
        return "fight" if card_kind in self.fight_kinds else self.phase


@dataclass(frozen=True)
class UntilSpec:
    id: str
    summary: str
    phrase: str


@dataclass(frozen=True)
class EffectSpec:
    """One effect kind: the phrase that writes it and what every stage needs to know."""

    kind: str
    summary: str
    phrase: str
    destination: str | None
    carriers: frozenset[str] | None
    reward: bool
    passive: bool
    needs: str | None
    numbers: dict[str, str]
    example: str
    monster_example: str | None
    observe: str
    #: it reaches a player, so a subject defaulting to a monster or an item is refused
    player_target: bool = False
    #: a deck it needs in one of the pack's rulesets (open/close a Seal)
    deck: str | None = None
    #: timing -> why the effect means nothing there
    refuse_at: dict[str, str] = field(default_factory=dict)
    #: the phrase is also a cost before the ':'
    cost: bool = False
    #: words an author might write for it, for did-you-mean by meaning
    means: tuple[str, ...] = ()
    #: the clause field whose value selects a variant (``ignore`` WHAT), and the variants
    variant_field: str | None = None
    variants: dict[str, EffectSpec] = field(default_factory=dict)

    def variant(self, value: str | None) -> EffectSpec:
        """The spec for one value of the variant field (itself when it has none)."""
        return self.variants.get(value or "", self)


def _expand(value: Any, groups: dict[str, list[str]]) -> frozenset[str] | None:
    if value is None:
        return None
    return frozenset(groups[value] if isinstance(value, str) else value)


@cache
def timings() -> dict[str, TimingSpec]:
    """Timing id -> spec, in declaration order."""
    table = data.load("timings")
    groups = table["groups"]
    out = {tid: TimingSpec(tid, e["summary"], e["words"], e.get("phrase"),
                           _expand(e["carriers"], groups) or frozenset(), e["phase"],
                           e["refuse"], bool(e.get("passive_only")),
                           frozenset(e.get("entry_kinds", ())),
                           frozenset(e.get("fight_kinds", ())), e.get("subject"),
                           frozenset(e.get("stays_kinds", ())))
           for tid, e in table["timing"].items()}
    for part in algebra.event_parts():  # the events declared as classes
        out[part.timing] = TimingSpec(part.timing, part.summary, part.words, part.rule,
                                      _expand(part.carriers, groups) or frozenset(),
                                      part.phase, part.refuse)
    return out


@cache
def untils() -> dict[str, UntilSpec]:
    return {uid: UntilSpec(uid, e["summary"], e["phrase"])
            for uid, e in data.load("timings")["until"].items()}


@cache
def effects() -> dict[str, EffectSpec]:
    """Effect kind -> spec, in declaration order: the TOML entries, then the effect parts
    declared as classes (:mod:`munchkin_dsl.language.algebra`)."""
    table = dict(data.load("effects"))
    groups = table.pop("groups")
    out = {kind: _effect(kind, e, groups) for kind, e in table.items()}
    for part in algebra.effect_parts():
        out[part.kind] = _part_effect(part, groups)
    return out


def _part_effect(part: type[algebra.EffectPart], groups: dict[str, list[str]]
                 ) -> EffectSpec:
    """The registry record of an effect declared as a class: the same questions, the
    answers read from the class instead of a TOML table."""
    return EffectSpec(part.kind, part.summary, part.rule, None,
                      _expand(part.carriers, groups), part.reward, part.passive, part.needs,
                      dict(part.numbers), part.example, part.monster_example, part.observe,
                      part.player_target, None, dict(part.refuse_at), False,
                      tuple(part.means.split()))


def _effect(kind: str, e: dict[str, Any], groups: dict[str, list[str]]) -> EffectSpec:
    spec = EffectSpec(kind, e["summary"], e["phrase"], e.get("destination"),
                      _expand(e.get("carriers"), groups), bool(e.get("reward")),
                      bool(e.get("passive")), e.get("needs"), dict(e.get("numbers", {})),
                      e["example"], e.get("monster_example"), e["observe"],
                      bool(e.get("player_target")), e.get("deck"),
                      dict(e.get("refuse_at", {})), bool(e.get("cost")),
                      tuple(e.get("means", "").split()), e.get("variant_field"))
    for value, changes in e.get("variants", {}).items():
        changes = dict(changes)
        if "carriers" in changes:  # "any", a group name or a list
            carriers = changes.pop("carriers")
            changes["carriers"] = None if carriers == "any" else _expand(carriers, groups)
        spec.variants[value] = replace(spec, variants={}, **changes)
    return spec


@cache
def timing_for_phrase() -> dict[str, str]:
    """Grammar alternative (``t_in_combat``) -> timing or until id (``until_...``)."""
    out = {t.phrase: t.id for t in timings().values() if t.phrase}
    out.update({u.phrase: f"until_{u.id}" for u in untils().values()})
    return out


@cache
def _by_phrase() -> dict[tuple[str, str | None], str]:
    return {(e.phrase, e.destination): e.kind for e in effects().values()}


def effect_kind_of(phrase: str, destination: str | None = None) -> str | None:
    """The effect kind a clause compiles to (None: the phrase is not an effect)."""
    table = _by_phrase()
    return table.get((phrase, destination)) or table.get((phrase, None))


def nearest_effects(words: list[str], limit: int = 5) -> list[EffectSpec]:
    """The effects an author most likely meant by ``words`` (an unknown phrase): by meaning
    (shared words with the effect's `means` and example) and by spelling (a misspelled
    first word), best first, at most ``limit``."""
    import difflib

    wanted = [w.casefold().strip(",.:;\"'") for w in words if w.strip()]
    scored = []
    for spec in effects().values():
        vocab = set(spec.means) | set(spec.example.casefold().split())
        overlap = sum(1 for w in wanted if w in vocab)
        spelling = max((difflib.SequenceMatcher(None, wanted[0], v).ratio() for v in vocab),
                       default=0.0) if wanted else 0.0
        score = overlap + (spelling if spelling >= 0.75 else 0.0)
        if score > 0:
            scored.append((-score, spec.kind, spec))
    return [spec for _s, _k, spec in sorted(scored)[:limit]]


@cache
def effect_first_words() -> frozenset[str]:
    """The words an effect can start with (from the examples), to tell an effect position."""
    return frozenset(e.example.split()[0] for e in effects().values()
                     if e.example[0] not in "+-")


@cache
def cost_phrases() -> frozenset[str]:
    """Phrases that are a cost before the ':' and an effect after it (`discard`)."""
    return frozenset(e.phrase for e in effects().values() if e.cost)


@cache
def passive_kinds() -> frozenset[str]:
    """Effects read from the table while their card is in play, not done once."""
    return frozenset(k for k, e in effects().items() if e.passive)


#: The phases at which an effect that ``needs`` one can act.
PHASES_FOR_NEED: dict[str, frozenset[str]] = {
    "fight": frozenset({"fight", "any"}),
    "flight": frozenset({"fight", "flight", "any"}),
    "bad_stuff_ahead": frozenset({"fight", "flight", "caught", "any"}),
    "escape": frozenset({"fight", "flight", "instead", "any"}),
}
#: What an effect acts on, for messages.
NEED_WORDS: dict[str, str] = {
    "fight": "an open fight", "flight": "a fight or a run-away",
    "bad_stuff_ahead": "Bad Stuff still to come", "escape": "a fight to escape from",
}


def default_subject(card_kind: str, timing: str) -> str:
    """Who an effect with no subject reaches: the timing's (a caught player), else the
    card kind's (data/kinds.toml)."""
    spec = timings().get(timing)
    if spec is not None and spec.subject:
        return spec.subject
    return str(data.kinds()[card_kind]["target"])


def refusal(card_kind: str, timing: str, effect: str | None = None,
            variant: str | None = None) -> str | None:
    """Why the engine would never run ``effect`` at ``timing`` on a ``card_kind`` card
    (None: it runs).  The one place the checker asks, and the conformance suite proves
    every combination it lets through."""
    spec = timings().get(timing)
    if spec is None:
        return None
    if card_kind not in spec.carriers:
        return spec.refuse
    if effect is None:
        return None
    return _effect_refusal(spec, card_kind, timing, effects()[effect].variant(variant))


#: An effect's need -> the timing that gives it its moment (or the timings, apart by
#: spaces), and why any other fails.
_NEED_MOMENT: dict[str, tuple[str, str]] = {
    "any_roll": ("after_any_die_roll",
                 "only a roll just made can be changed: use `after any die roll`"),
    "run_roll": ("after_run_away_roll",
                 "only a roll just made can be changed: use `after run away roll`"),
    "caught_only": ("when_caught", "only a caught player's monster can turn on someone "
                    "else: use `when caught`"),
    "targeted": ("when_targeted", "only a curse being played can be turned back: use "
                 "`when targeted by curse`"),
    "roll": ("next_run_away_roll", "only a roll still to be made can fail: a curse says "
             "`next run away roll: the roll fails`"),
    "failed_roll": ("after_failed_run_away", "a roll can be made again only right after it "
                    "failed: use `after failed run away roll`"),
    "would_lose": ("would_lose_level would_lose_item", "only a loss about to happen can be "
                   "prevented: use `when you would lose a level` or `when you would lose an "
                   "item` (a loss already over: `gain 1 level`)"),
}


def _effect_refusal(spec: TimingSpec, card_kind: str, timing: str,
                    eff: EffectSpec) -> str | None:
    """:func:`refusal` once the card kind may carry the timing: the effect's own verdict."""
    for key in (f"{timing}/{card_kind}", timing):
        if key in eff.refuse_at:
            return eff.refuse_at[key]
    if eff.needs == "table":
        if not spec.passive_only and card_kind not in spec.stays_kinds:
            return ("it is read while its card stays in play: write it on a card that stays "
                    "(race, class, item...) without a timing")
        return None
    if spec.passive_only and not eff.passive and card_kind not in spec.entry_kinds:
        return (f"`{spec.words}` has no moment of its own, so a one-time effect never "
                "happens there; give the line its moment, e.g. `on kill:`, `in combat:` "
                "or `any time:`")
    return _moment_refusal(eff.needs, timing) or _phase_refusal(spec, card_kind, timing, eff)


def _moment_refusal(needs: str | None, timing: str) -> str | None:
    """A roll or a curse effect away from the one timing that has its moment."""
    if timing == "after_any_die_roll" and needs != "any_roll":
        return ("right after a die roll a one-shot only changes the die: write `change the "
                "die to a number you choose`")
    moment = _NEED_MOMENT.get(needs or "")  # its timing, or timings apart by spaces
    return moment[1] if moment is not None and timing not in moment[0].split() else None


def _phase_refusal(spec: TimingSpec, card_kind: str, timing: str,
                   eff: EffectSpec) -> str | None:
    """An effect that acts on something (a fight, a monster) the timing's phase lacks."""
    phase = spec.phase_for(card_kind)
    allowed = PHASES_FOR_NEED.get(eff.needs or "")
    if allowed is not None and phase not in allowed:
        return (f"it acts on {NEED_WORDS[eff.needs or '']}, and there is none "
                f"{_when(timing)}; fire it `in combat` or while its card is in play"
                + (" (a door or treasure stays in play when `persistent`)"
                   if card_kind in ("door", "treasure") else ""))
    return None


def _when(timing: str) -> str:
    return f"at `{timings()[timing].words}`"
