"""The registry: every timing and effect kind of the language, declared once.

``data/timings.toml``, ``data/effects.toml`` and ``data/needs.toml`` (what an effect
needs from its moment, and the reason a timing without it is refused) are the
declarations, with the part classes of :mod:`munchkin_dsl.language.algebra`; this module reads
them into typed records that every stage consults instead of keeping its own table:

* the parser maps grammar alternatives to timing ids (:func:`timing_for_phrase`);
* the checker asks :func:`refusal` whether a card kind, a timing and an effect can meet
  (every reason it gives is a declaration's text, none is written in code), and reads
  each effect's number ranges;
* the lowering maps a clause to its effect kind (:func:`effect_kind_of`);
* the engine reads which kinds are passive (read from the table while in play);
* the schema, ``--explain`` and the language server read the summaries;
* the conformance suite (``tests/test_conformance.py``) walks every combination the
  checker accepts and proves it changes the game as ``observe`` says.

It imports no effect dataclass, so ``munchkin check`` stays light.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from munchkin_dsl import data
from munchkin_dsl.language import algebra
from munchkin_dsl.language.parts import until_events, waiting


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
    #: the one effect need it runs (data/needs.toml), and why any other is refused
    admits: str | None = None
    admits_refuse: str = ""
    #: when a card or ability with this timing may be played or used at all ("combat",
    #: "no_combat", "own_turn", "any"; None: only as its event comes)
    window: str | None = None
    #: E221's hint for an effect on the fight at an event that may happen in one
    no_fight: str = ""
    #: the effects on the fight an event inside another player's fight carries into it
    #: (empty: every effect its phase allows)
    fight_effects: frozenset[str] = frozenset()

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
    #: read all fight long on a line with no moment of its own (a strength operator)
    standing: bool = False
    #: a rule on its player read while its card is in play, outside fights too (a ban)
    held: bool = False

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
                           frozenset(e.get("stays_kinds", ())), e.get("admits"),
                           e.get("admits_refuse", ""), e.get("window"))
           for tid, e in table["timing"].items()}
    for part in algebra.event_parts():  # the events declared as classes
        out[part.timing] = TimingSpec(part.timing, part.summary, part.words, part.rule,
                                      _expand(part.carriers, groups) or frozenset(),
                                      part.phase, part.refuse, no_fight=part.no_fight,
                                      fight_effects=frozenset(part.fight_effects),
                                      subject=part.subject)
    out.update(_waiting(out))
    return out


def _waiting(base: dict[str, TimingSpec]) -> dict[str, TimingSpec]:
    """The waiting forms of every event a card in play reacts to (`the next time a seal
    opens`, parts/waiting.py): a one-shot played ahead that waits for it."""
    out = {}
    for spec in base.values():
        if not waiting.waitable(spec.id, spec.words, spec.carriers, spec.phase):
            continue
        for form in waiting.forms_of(spec.id, spec.words):
            tid = f"{form}:{spec.id}"
            out[tid] = TimingSpec(
                tid, (waiting.VICTIM_SUMMARY if form in waiting.FORM_CARRIERS else
                      "a one-shot played ahead waits face up for this, then acts once and "
                      "is discarded: ") + spec.summary,
                waiting.words_of(form, spec.words, spec.id),
                waiting.rule_of(form, spec.id),
                waiting.form_carriers(form, spec.id), spec.phase,
                (waiting.VICTIM_REFUSE if form in waiting.FORM_CARRIERS
                 else waiting.WAIT_REFUSE.format(spec.words)),
                no_fight=spec.no_fight if spec.fight_effects else waiting.no_fight_of(
                    form, spec.id),
                fight_effects=spec.fight_effects)
    return out


def waiting_alternatives() -> str:
    """The grammar alternatives of `timing` that wait for an event (`the next time ...`)."""
    specs = timings()
    return "".join(
        f"\n      | {waiting.forms_of(base, specs[base].words)[form]} -> {spec.phrase}"
        for spec in specs.values() if (parts := waiting.split(spec.id))
        for form, base in (parts,))


@cache
def untils() -> dict[str, UntilSpec]:
    out = {uid: UntilSpec(uid, e["summary"], e["phrase"])
           for uid, e in data.load("timings")["until"].items()}
    out.update({until_events.until_id(b): UntilSpec(  # `until victim kills a monster`
        until_events.until_id(b), f"until the player the line lasts on {words[0]} (a "
        "curse's victim, the player a played line is kept on, a card's owner)",
        until_events.RULE + b) for b, words in until_events.EVENTS.items()})
    return out


@cache
def effects() -> dict[str, EffectSpec]:
    """Effect kind -> spec, in declaration order: every effect is a part declared as a
    class (:mod:`munchkin_dsl.language.algebra`); data/effects.toml holds the groups of
    card kinds their ``carriers`` name."""
    groups = data.load("effects")["groups"]
    out = {part.kind: _part_effect(part, groups) for part in algebra.effect_parts()}
    for event in algebra.event_parts():  # an event's own refusals (`instead of dying: die`)
        for kind, why in event.refuse_effects.items():
            out[kind].refuse_at.setdefault(event.timing, why)
    for part in algebra.effect_parts():  # an effect that means something at one timing only
        for timing in timings() if part.only_at else ():
            if timing not in part.only_at and waiting.base_timing(timing) not in part.only_at:
                out[part.kind].refuse_at.setdefault(timing, part.only_at_refuse)
    for spec in out.values():  # a waiting line: what its base event refuses
        for timing in timings():
            inherited = spec.refuse_at.get(waiting.base_timing(timing))
            if inherited is not None:
                spec.refuse_at.setdefault(timing, inherited)
    return out


def _part_effect(part: type[algebra.EffectPart], groups: dict[str, list[str]]
                 ) -> EffectSpec:
    """The registry record of an effect declared as a class: the same questions, the
    answers read from the class instead of a TOML table."""
    spec = EffectSpec(part.kind, part.summary, part.rule,
                      _expand(part.carriers, groups), part.reward, part.passive, part.needs,
                      dict(part.numbers), part.example, part.monster_example, part.observe,
                      part.player_target, part.needs_deck, dict(part.refuse_at), part.cost,
                      tuple(part.means.split()), part.variant_field, standing=part.standing,
                      held=part.held)
    _add_variants(spec, part.variants, groups)
    return spec


def _add_variants(spec: EffectSpec, variants: dict[str, dict[str, Any]],
                  groups: dict[str, list[str]]) -> None:
    """A variant's spec per value of the variant field: the effect's, with its changes."""
    for value, changes in variants.items():
        changes = dict(changes)
        if "carriers" in changes:  # "any", a group name or a list
            carriers = changes.pop("carriers")
            changes["carriers"] = None if carriers == "any" else _expand(carriers, groups)
        spec.variants[value] = replace(spec, variants={}, **changes)


@cache
def timing_for_phrase() -> dict[str, str]:
    """Grammar alternative (``t_in_combat``) -> timing or until id (``until_...``)."""
    out = {t.phrase: t.id for t in timings().values() if t.phrase}
    out.update({u.phrase: f"until_{u.id}" for u in untils().values()})
    return out


@cache
def _by_phrase() -> dict[str, str]:
    return {e.phrase: e.kind for e in effects().values()}


def effect_kind_of(phrase: str) -> str | None:
    """The effect kind a clause compiles to (None: the phrase is not an effect)."""
    return _by_phrase().get(phrase)


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
def subjectless_verbs() -> dict[str, tuple[str, str]]:
    """Verb (either form) -> (its bare form, an example) of the effects written without a
    subject (`give an item victim carries to ...`: whose card it is says who gives), so
    `victim gives ...` is told to drop the subject instead of a list of unrelated effects."""
    out: dict[str, tuple[str, str]] = {}
    for part in algebra.effect_parts():
        m = re.match(r'\(\s*"(\w+)"\s*\|\s*"(\w+)"\s*\)', part.syntax)
        if m and part.example.startswith(m[1]):
            for verb in m.groups():
                out.setdefault(verb, (m[1], part.example))
    return out


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


@cache
def kept_kinds() -> frozenset[str]:
    """Effects a duration (`until the end of combat: ...`) keeps, read while it lasts: the
    passive ones and the strength operators read all fight (``standing``)."""
    return frozenset(k for k, e in effects().items() if e.passive or e.standing)


@dataclass(frozen=True)
class NeedSpec:
    """What an effect needs from the moment it acts (data/needs.toml), and why a timing
    without it is refused."""

    id: str
    #: what it acts on, for messages
    words: str
    #: the timing phases where it can act (None: any)
    phases: frozenset[str] | None
    #: the one timing that gives it its moment (None: any)
    moment: str | None
    #: read from the table while its card stays in play
    stays: bool
    #: E221's hint elsewhere (the [phase] reason when it has none)
    reason: str


@cache
def needs() -> dict[str, NeedSpec]:
    """Need id -> spec, from data/needs.toml."""
    table = data.load("needs")
    return {nid: NeedSpec(nid, e["words"], frozenset(e["phases"]) if "phases" in e else None,
                          e.get("moment"), bool(e.get("stays")),
                          e.get("reason", table["phase"]["reason"]))
            for nid, e in table["need"].items()}


@cache  # asked for every effect of every line; the tables do not change
def default_subject(card_kind: str, timing: str) -> str:
    """Who an effect with no subject reaches: the timing's (a caught player), else the
    card kind's (data/kinds.toml)."""
    spec = timings().get(timing)
    if spec is not None and spec.subject:
        return spec.subject
    for part in algebra.event_parts():  # an event's subject on one kind (a monster's)
        if part.timing == timing and card_kind in part.subject_on:
            return part.subject_on[card_kind]
    return str(data.kinds()[card_kind]["target"])


def refusal(card_kind: str, timing: str, effect: str | None = None,
            variant: str | None = None, outlasting: bool = False) -> str | None:
    """Why the engine would never run ``effect`` at ``timing`` on a ``card_kind`` card
    (None: it runs).  The one place the checker asks, and the conformance suite proves
    every combination it lets through.  ``outlasting``: the line has a duration that
    reaches its player's later fights (`on escape, until the end of your next turn: -2 to
    you`), so a bonus read in a fight needs none at its moment."""
    spec = timings().get(timing)
    if spec is None:
        return None
    if card_kind not in spec.carriers:
        waits = timings().get(f"{waiting.NEXT}:{timing}")
        if waits is not None and card_kind in waits.carriers and card_kind in \
                waiting.FORM_CARRIERS[waiting.NEXT_VICTIM]:  # (`when a seal opens` on a curse)
            return waiting.CURSE_WAITS_HINT.format(words=waits.words)
        return fit_hint(spec.refuse, card_kind, timing)
    if effect is None:
        return None
    eff = effects()[effect].variant(variant)
    why = _effect_refusal(spec, card_kind, timing, eff, outlasting)
    return None if why is None else fit_hint(why, card_kind, timing, eff)


#: a `form` of a hint, and the text around it that offers it (`, `, ` or `)
_FORM = re.compile(r"`[^`]*`")


def offered_timing(form: str) -> str | None:
    """The timing a form a hint offers starts with (`when caught`, `in combat: +2 to run
    away`), or None for a form that names no timing (`gain 1 level`, `treasures`)."""
    head = form.strip("`").split(":")[0].split(",")[0].strip()
    return _timing_by_words().get(head)


@cache
def _timing_by_words() -> dict[str, str]:
    return {t.words: t.id for t in timings().values()}


def fit_hint(hint: str, card_kind: str, timing: str, eff: EffectSpec | None = None) -> str:
    """A refusal's hint as told for one card kind: the declarations write one hint per
    timing or effect, and some offer a timing (`use `when caught``) that the kind at hand
    cannot carry either, which would send the author in a circle.  Each clause (between
    `;`) loses the forms whose timing the kind cannot carry, and a clause left with none
    of its forms goes; what remains is the reason and the alternatives that hold.  The
    refused ``timing`` itself (`` `any time` is for ...``) is the subject, not an offer."""
    out = []
    for hint_clause in hint.split("; "):
        clause = hint_clause
        forms = _FORM.findall(clause)
        refused = [f for f in forms if (t := offered_timing(f)) not in (None, timing)
                   and not _takes(card_kind, timings()[t], eff)]
        if not refused:
            out.append(clause)
            continue
        if len(refused) == len(forms):
            clause = _without_offer(clause, forms[0])
        else:
            for form in refused:
                clause = _drop_form(clause, form)
            if not _FORM.search(clause):  # only a note was left (`(a loss already over...)`)
                clause = _without_offer(hint_clause, forms[0])
        if clause:
            out.append(clause)
    return "; ".join(out) if out else hint.split("; ")[0]


def _takes(card_kind: str, spec: TimingSpec, eff: EffectSpec | None) -> bool:
    """Whether a ``card_kind`` line at ``spec`` runs (with ``eff``, when one is asked), by
    the declarations as written (unfitted: this is what fitting a hint reads)."""
    if card_kind not in spec.carriers:
        return False
    return eff is None or _effect_refusal(spec, card_kind, spec.id, eff) is None


def _drop_form(clause: str, form: str) -> str:
    """The clause without one offered form, its `(note)` and the `,`/` or ` joining it."""
    unit = re.escape(form) + r"(?: \([^)]*\))?"
    for pattern in (unit + r"(?:,| or) ", r"(?:,| or) " + unit, " " + unit):
        clause, n = re.subn(pattern, "", clause, count=1)
        if n:
            break
    return clause


def _without_offer(clause: str, first_form: str) -> str:
    """A clause whose every form is refused: what it says before its offer (`only a roll
    just made can be changed: use ...` keeps `only a roll just made can be changed`), or
    nothing when the clause is all offer (`a card in play reacts with ...`)."""
    head = clause[:clause.index(first_form)]
    for mark in (": ", " ("):
        if mark in head:
            return head[:head.index(mark)].rstrip()
    return ""


def duration_refusal(card_kind: str, part: type[algebra.DurationPart]) -> str | None:
    """Why a duration (`3 uses`) can never run out on a ``card_kind`` card: the part's
    declared reason when the kind is not among its carriers (None: it can)."""
    carriers = _expand(part.carriers, data.load("timings")["groups"])
    return None if carriers is None or card_kind in carriers else part.refuse


def _effect_refusal(spec: TimingSpec, card_kind: str, timing: str,
                    eff: EffectSpec, outlasting: bool = False) -> str | None:
    """:func:`refusal` once the card kind may carry the timing: the effect's own verdict,
    read from the declarations in the order data/needs.toml lists (the effect's
    exceptions, then what its need asks of the moment)."""
    for key in (f"{timing}/{card_kind}", timing):
        if key in eff.refuse_at:
            return eff.refuse_at[key]
    need = needs().get(eff.needs or "")
    if need is not None and need.stays:
        stays = spec.passive_only or card_kind in spec.stays_kinds
        # a door's `race limit 2` is read once the door is `persistent` (kind_hints)
        hint = data.load("needs")["phase"]["kind_hints"].get(card_kind, "")
        return None if stays else need.reason.format(need=need.words, when="", hint=hint)
    return _moment_refusal(spec, card_kind, eff, need, outlasting)


def _moment_refusal(spec: TimingSpec, card_kind: str, eff: EffectSpec,
                    need: NeedSpec | None, outlasting: bool = False) -> str | None:
    """An effect done once at a timing whose moment lacks what its need asks for."""
    table = data.load("needs")
    if spec.passive_only and not (eff.passive or eff.standing or eff.held) \
            and card_kind not in spec.entry_kinds:
        return str(table["moment"]["reason"]).format(words=spec.words)
    if spec.admits is not None and eff.needs != spec.admits:
        return spec.admits_refuse
    if need is None:
        return None
    if need.moment is not None:
        return need.reason if waiting.base_timing(spec.id) not in need.moment.split() \
            else None
    if need.phases is not None and (spec.phase_for(card_kind) not in need.phases
                                    and not (outlasting and (eff.passive or eff.standing))
                                    # another player's fight: only its strengths change
                                    or spec.fight_effects and eff.kind not in spec.fight_effects):
        hint = table["phase"].get("kind_hints", {}).get(card_kind, "")
        # an event that may come in a fight says why that does not count instead (on a
        # monster, one in its own fight: events.ON_A_MONSTER)
        no_fight = str(table["phase"]["monster_at_event"]) if spec.no_fight and \
            card_kind == "monster" else spec.no_fight
        if no_fight == waiting.WAIT_NO_FIGHT and card_kind in waiting.CURSE_LIKE:
            no_fight = waiting.WAIT_NO_FIGHT_VICTIM  # a curse waits for its victim's fight
        return no_fight or need.reason.format(need=need.words, when=f"at `{spec.words}`",
                                                   hint=hint)
    return None


#: A possessive an author writes before `strength` (or `bonuses`) -> the target word the
#: language writes after `of` (`your strength` -> `the strength of you`).
_POSSESSIVES = {"your": "you", "its": "monster", "the monster's": "monster",
                "monster's": "monster", "the fighter's": "fighter", "fighter's": "fighter",
                "the helper's": "helper", "helper's": "helper", "the victim's": "victim",
                "victim's": "victim", "his": "fighter", "her": "fighter",
                "their": "player side", "the player side's": "player side"}
#: the regex alternatives of those possessives, for a part's ``misphrasings``
POSSESSIVE = "|".join(sorted((re.escape(k) for k in _POSSESSIVES), key=len, reverse=True))


@cache
def _misphrasings() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Every declared misphrasing: a part's (algebra.Part.misphrasings) and a form's
    (data/forms.toml `misphrasings`), compiled once."""
    found = [(k.replace("{POSSESSIVE}", POSSESSIVE), v) for part in algebra.declared()
             for k, v in part.misphrasings.items()]
    for entries in data.load("forms").values():
        for entry in entries if isinstance(entries, list) else ():
            found += list(entry.get("misphrasings", {}).items())
    for table in data.load("timings").values():  # a timing's or a duration's
        for entry in table.values() if isinstance(table, dict) else ():
            if isinstance(entry, dict):
                found += list(entry.get("misphrasings", {}).items())
    return tuple((re.compile(k), v) for k, v in found)


def misphrasing_hint(line: str) -> str | None:
    """The hint for a refused line that says a rule the language writes another way
    (`your strength is halved`): the form that works, with the line's own target; None
    when the line is no known misphrasing."""
    low = " ".join(line.lower().split())  # a synonym read as its keyword is padded
    said_wait = _waiting_subject_hint(low)
    if said_wait is not None:
        return said_wait
    for pattern, form in _misphrasings():
        hit = pattern.search(low)
        if hit is None:
            continue
        groups = hit.groupdict()
        who = _POSSESSIVES.get(groups.get("who") or "", groups.get("who") or "monster")
        said = form.format_map({**{k: v or "" for k, v in groups.items()}, "who": who,
                                "n": groups.get("n") or "N"}).replace("you loses", "you lose")
        return (f"`{hit.group(0).strip()}` is written `{said}` in this language (docs/"
                "language.md lists each effect's forms)")
    return None


#: `the next time victim draws a treasure`: the words after a waiting form's player are
#: none of their events, so an effect's form (`draw 1 treasure`) is no fit for them
_WAIT_WHO = re.compile(r"^\s*the next time (?:the )?(victim|that player) ")
#: the events the hint shows first, where the form has them
_WAIT_SHOWN = ("gains a level", "kills a monster", "runs away", "opens a seal", "plays a")


def _waiting_subject_hint(low: str) -> str | None:
    """The hint for `the next time victim|that player WORDS` where WORDS are no event the
    form waits for: the form's events that exist (at most four), and the one-shot's own
    form for its own player's draw; None when the line's event is known."""
    hit = _WAIT_WHO.match(low)
    if hit is None:
        return None
    lead = f"the next time {hit.group(1)} "
    head = low.split(":", 1)[0].strip().replace("the next time the victim", "the next time "
                                                 "victim")
    known = sorted({t.words for t in timings().values() if t.words.startswith(lead)})
    if any(head == w or head.startswith(w + " ") for w in known):
        return None
    shown = [w for key in _WAIT_SHOWN for w in known
             if key in w and not w.endswith(" this turn")][:4]
    whose = "a curse on its victim" if hit.group(1) == "victim" else \
        "a one-shot played on another player"
    return (f"`{lead}...` ({whose}) waits for one of that player's events, written as "
            "after `when another player`, and these words are none: "
            + ", ".join(f"`{w}`" for w in shown)
            + "; a one-shot waits for its own player's draw with `the next time you draw a "
            "treasure`")
