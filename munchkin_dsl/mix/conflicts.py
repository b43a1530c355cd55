"""Mixer stage 3: the conflict finders, one function per conflict family.

Each finder reads the :class:`MixContext` (packs, the rulesets in the mix, the
equivalences already found) and yields :class:`~munchkin_dsl.mix.model.Conflict` records;
:data:`FINDERS` is the order they run and the order the report lists them in:

* rule differences between the rulesets (``deal``, ``hand-limit``, ``fixed-rule.R1``..
  ``R4``, ``shared-win``, ``helper-levels``, ``seals``, ``item-enhancers``, ``races``);
  where a rulebook's mixing note settles one (Star Munchkin: use the faster-play rules;
  Apocalypse: roll for Seals, infer item enhancers) the conflict carries that choice and
  the quotation, otherwise it is an OPEN CHOICE with its options;
* identity clashes (``id:<card-id>``, ``name:<lang>:<Name>``);
* references only another pack defines (``ref:<race|class|tag|deck>:<Name>``), notes.

Ids are built from what the conflict is about, never from positions or counters, so a
resolution file written today still names the same conflicts after packs grow.

Scale: every finder is linear in the cards.  Cards are grouped through dict indexes (by
id, by name per language, by referenced name); the expensive comparison (a card's
fingerprint) is computed only for cards that already share an id or a name.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from munchkin_dsl.base.rulesets import EVERY_HELPER, Ruleset
from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.compiler.engine_data import to_jsonable
from munchkin_dsl.mix.equivalences import citation, notes_of
from munchkin_dsl.mix.model import Citation, Conflict, Equivalence, MixPack, Option, Side


@cache
def families() -> dict[str, Any]:
    """The family texts of ``families.toml`` (titles and option wording)."""
    import tomllib
    from importlib import resources

    text = resources.files(__package__).joinpath("families.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@dataclass
class MixContext:
    """Everything the finders read; built once per mix by :func:`context`."""

    packs: list[MixPack]
    rulesets: tuple[Ruleset, ...]
    equivalences: list[Equivalence] = field(default_factory=list)
    kind_map: dict[str, str] = field(default_factory=dict)


def mix_rulesets(packs: Iterable[MixPack]) -> tuple[Ruleset, ...]:
    """The distinct rulesets of the packs, in order of first appearance."""
    seen: dict[str, Ruleset] = {}
    for pack in packs:
        for rs in pack.rulesets:
            seen.setdefault(rs.id, rs)
    return tuple(seen.values())


# ---------------------------------------------------------------- rule differences
@dataclass(frozen=True)
class Reading:
    """One ruleset's value for a rule, as an option slug, a sentence and a citation.

    ``optional`` names the ruleset's optional rule when the value is not its normal rule.
    """

    ruleset: str
    slug: str
    label: str
    source: str
    optional: str | None = None


Slugger = Callable[[Mapping[str, Any]], tuple[str, str] | None]


def _rule_conflict(ctx: MixContext, cid: str, family: str, title: str,
                   readings: list[Reading], from_changes: Slugger | None = None
                   ) -> Conflict | None:
    """A rule conflict when the rulesets' normal readings differ; None when they agree.

    Options are the distinct readings (normal first, then the optional rules'), each
    aliased by the ids of the rulesets whose normal rule it is.  A mixing note of action
    ``use-optional-rule`` whose optional rule changes this rule settles the conflict.
    """
    main: dict[str, list[str]] = {}
    for r in readings:
        if r.optional is None:
            main.setdefault(r.ruleset, []).append(r.slug)
    if len({frozenset(slugs) for slugs in main.values()}) < 2:
        return None
    default: str | None = None
    citations: list[Citation] = []
    if from_changes is not None:
        for rs, note in notes_of(ctx.rulesets, "use-optional-rule"):
            rule = rs.optional_rule(str(note.details.get("rule", "")))
            found = from_changes(rule.changes) if rule is not None else None
            if found is not None and default is None:
                default = found[0]
                citations.append(citation(rs, note))
                assert rule is not None  # found only comes from a rule
                readings = [*readings, Reading(rs.id, found[0], found[1], rule.source,
                                               rule.id)]
    grouped: dict[str, list[Reading]] = {}
    for r in sorted(readings, key=lambda r: r.optional is not None):
        grouped.setdefault(r.slug, []).append(r)
    options = []
    for slug, group in grouped.items():
        who = [r.ruleset if r.optional is None else f"{r.ruleset}'s optional rule {r.optional}"
               for r in group]
        aliases = tuple(rs for rs, slugs in main.items() if slugs[0] == slug and rs != slug)
        options.append(Option(slug, f"{group[0].label} ({'; '.join(who)})", aliases))
    sides = tuple(Side(r.ruleset, r.label, r.source) for r in readings if r.optional is None)
    return Conflict(cid, family, title, sides, tuple(options), default,
                    citations=tuple(citations))


def _deal_slug(deal: Mapping[str, int], after: Mapping[str, int]) -> tuple[str, str]:
    def pair(d: Mapping[str, int]) -> str:
        return f"{d.get('door', 0)}+{d.get('treasure', 0)}"

    slug, label = pair(deal), f"{deal.get('door', 0)} Door + {deal.get('treasure', 0)} Treasure"
    if dict(after) != dict(deal):
        slug += f"/after-death-{pair(after)}"
        label += f", {pair(after)} after death"
    return slug, label


def find_deal(ctx: MixContext) -> Iterator[Conflict]:
    readings = [Reading(rs.id, *_deal_slug(rs.deal, rs.deal_after_death), rs.source_of("deal"))
                for rs in ctx.rulesets]

    def from_changes(changes: Mapping[str, Any]) -> tuple[str, str] | None:
        if "deal" not in changes:
            return None
        return _deal_slug(changes["deal"], changes.get("deal_after_death", changes["deal"]))

    found = _rule_conflict(ctx, "deal", "deal", families()["deal"]["title"], readings,
                           from_changes)
    if found:
        yield found


def find_hand_limit(ctx: MixContext) -> Iterator[Conflict]:
    readings = []
    for rs in ctx.rulesets:
        slug, label = str(rs.hand_limit), f"{rs.hand_limit} cards"
        for change in rs.hand_limit_changes:
            slug += f"/{change.who.casefold().replace(' ', '-')}-{change.limit}"
            label += f"; a {change.who} keeps {change.limit}"
        readings.append(Reading(rs.id, slug, label, rs.source_of("hand_limit")))
    found = _rule_conflict(ctx, "hand-limit", "hand-limit", families()["hand-limit"]["title"],
                           readings)
    if found:
        yield found


def find_fixed_rules(ctx: MixContext) -> Iterator[Conflict]:
    """R1..R4: the variant each ruleset states (and its self-contradiction), and override policy.

    A rulebook that contradicts itself (classic-ru R1, star-munchkin R1) brings both
    readings as options; the mix must pick one, which is why the contradiction matters here.
    """
    fam = families()["fixed-rule"]
    policy = fam["overrides"]
    rule_ids = list(dict.fromkeys(r.id for rs in ctx.rulesets for r in rs.fixed_rules))
    for rule_id in rule_ids:
        readings = []
        for rs in ctx.rulesets:
            rule = next((r for r in rs.fixed_rules if r.id == rule_id), None)
            if rule is None:
                continue
            readings.append(Reading(rs.id, f"{rule.variant or 'base'}:{rule.override}",
                                    f"{rule.text_en} ({policy[rule.override]})", rule.source))
            if rule.contradiction is not None:
                contra = rule.contradiction
                readings.append(Reading(
                    rs.id, f"{contra.variant or 'base'}:{rule.override}",
                    f"{contra.text_en} ({policy[rule.override]}; the same rulebook elsewhere)",
                    contra.source))
        found = _rule_conflict(ctx, f"fixed-rule.{rule_id}", "fixed-rule",
                               fam["title"].format(rule=rule_id), readings)
        if found:
            yield found


def _optional_readings(rulesets: Iterable[Ruleset], key: str,
                       slugger: Callable[[Any], tuple[str, str]]) -> list[Reading]:
    """Readings that the rulesets' optional rules give for ``key`` (shared-victory...)."""
    return [Reading(rs.id, *slugger(rule.changes[key]), rule.source, rule.id)
            for rs in rulesets for rule in rs.optional_rules if key in rule.changes]


def find_shared_win(ctx: MixContext) -> Iterator[Conflict]:
    fam = families()["shared-win"]

    def slug(value: str) -> tuple[str, str]:
        return value, fam["values"].get(value, value)

    readings = [Reading(rs.id, *slug(rs.shared_win), rs.source_of("shared_win"))
                for rs in ctx.rulesets]
    readings += _optional_readings(ctx.rulesets, "shared_win", slug)
    found = _rule_conflict(ctx, "shared-win", "shared-win", fam["title"], readings,
                           lambda ch: slug(ch["shared_win"]) if "shared_win" in ch else None)
    if found:
        yield found


def _helpers_slug(who: Iterable[str]) -> tuple[str, str]:
    who = tuple(who)
    if EVERY_HELPER in who:
        return "everyone", "every helper goes up a level"
    if not who:
        return "nobody", "no helper goes up a level"
    slug = "-".join(w.casefold().replace(" ", "-") for w in who)
    return slug, " and ".join(f"a helping {w}" for w in who) + " goes up a level"


def find_helper_levels(ctx: MixContext) -> Iterator[Conflict]:
    readings = [Reading(rs.id, *_helpers_slug(rs.helper_levels), rs.source_of("helper_levels"))
                for rs in ctx.rulesets]
    readings += _optional_readings(ctx.rulesets, "helper_levels", _helpers_slug)
    found = _rule_conflict(
        ctx, "helper-levels", "helper-levels", families()["helper-levels"]["title"], readings,
        lambda ch: _helpers_slug(ch["helper_levels"]) if "helper_levels" in ch else None)
    if found:
        yield found


def _line_feature(ctx: MixContext, family: str, action: str, has: Callable[[Ruleset], bool],
                  has_text: str, source: Callable[[Ruleset], str], *, default: str | None
                  ) -> Conflict | None:
    """A line with a feature (Seals, marked item enhancers) meets lines without it.

    The mixing note of ``action`` (from the line that has the feature) settles it with
    ``default``; the options and their wording are in ``families.toml``.
    """
    fam = families()[family]
    holders = [rs for rs in ctx.rulesets if has(rs)]
    others = [rs for rs in ctx.rulesets if not has(rs)]
    notes = [(rs, n) for rs, n in notes_of(holders, action)]
    if not holders or not others or not notes:
        return None
    sides = tuple([Side(rs.id, has_text, source(rs)) for rs in holders]
                  + [Side(rs.id, fam["without"], source(rs)) for rs in others])
    options = tuple(Option(key, text) for key, text in fam["options"].items())
    if default not in {o.id for o in options}:
        default = None
    return Conflict(family, family, fam["title"], sides, options, default,
                    citations=tuple(citation(rs, n) for rs, n in notes))


def find_seals(ctx: MixContext) -> Iterator[Conflict]:
    notes = notes_of(ctx.rulesets, "seal-roll")
    roll = notes[0][1].details.get("roll", 1) if notes else 1
    found = _line_feature(ctx, "seals", "seal-roll", lambda rs: "seal" in rs.decks,
                          "Seals open when a card or a death says so",
                          lambda rs: rs.source_of("decks"), default=f"roll-on-{roll}")
    if found:
        yield found


def improves_item(card: CardData) -> bool:
    """Attaches to an item and makes it better: Apocalypse's test for an item enhancer."""
    if not card.attaches_to_item or card.kind == "item-enhancer":
        return False
    if (card.bonus or 0) > 0:
        return True
    return any(e.kind == "two_handed_bonus"
               or (e.kind == "strength" and getattr(e, "amount", 0) > 0)
               for ability in card.abilities for e in ability.effects)


def find_item_enhancers(ctx: MixContext) -> Iterator[Conflict]:
    found = _line_feature(ctx, "item-enhancers", "infer-kind",
                          lambda rs: "item-enhancer" in rs.card_kinds,
                          "marks its item enhancers", lambda rs: rs.source_of("card_kinds"),
                          default="infer")
    if not found:
        return
    places = [(pi, ci) for pi, pack in enumerate(ctx.packs)
              if not any("item-enhancer" in rs.card_kinds for rs in pack.rulesets)
              for ci, card in enumerate(pack.cards) if improves_item(card)]
    ids = [ctx.packs[pi].cards[ci].id for pi, ci in places]
    listed = ", ".join(ids[:10]) + (f" and {len(ids) - 10} more" if len(ids) > 10 else "")
    side = Side("cards", f"{len(ids)} card(s) of older lines attach to an item and improve it"
                + (f": {listed}" if ids else ""))
    yield replace(found, sides=(*found.sides, side), payload={"places": places})


def find_races(ctx: MixContext) -> Iterator[Conflict]:
    without = [rs for rs in ctx.rulesets if not rs.races]
    with_races = [rs for rs in ctx.rulesets if rs.races]
    if not without or not with_races:
        return
    fam = families()["races"]
    sides = tuple(Side(rs.id, ", ".join(rs.races) or "no races (characters have a level "
                       "and a class)", rs.source_of("races")) for rs in ctx.rulesets)
    places = [(pi, ci) for pi, pack in enumerate(ctx.packs)
              for ci, card in enumerate(pack.cards) if card.kind == "race"]
    yield Conflict("races", "races", fam["title"], sides,
                   tuple(Option(k, v) for k, v in fam["options"].items()),
                   payload={"places": places})


# ---------------------------------------------------------------- identity clashes
#: What two cards may differ in and still be the same card: never their rules, whether
#: effect lines, author text or manual rules.
_NOT_CONTENT: dict[str, Any] = {"id": "", "names": {}, "art": None, "source": ""}


def fingerprint(card: CardData, kinds: Mapping[str, str]) -> str:
    """What a card *does* and says, without its id, names, art or source positions.

    Kinds go through the mix's equivalences first, so a Trap and a Curse with the same
    effect are the same card.
    """
    plain = replace(card, **_NOT_CONTENT, kind=kinds.get(card.kind, card.kind),
                    abilities=tuple(replace(a, source="") for a in card.abilities),
                    manual=tuple(replace(m, source="") for m in card.manual),
                    overrides=tuple(replace(o, source="") for o in card.overrides))
    return json.dumps(to_jsonable(plain), sort_keys=True, ensure_ascii=False)


def describe(card: CardData) -> str:
    """A short line saying what a card is, for a conflict's sides."""
    parts = [card.kind, repr(card.names.get("en", card.id))]
    for label, value in (("level", card.level), ("bonus", card.bonus), ("value", card.value),
                         ("treasures", card.treasures)):
        if value is not None:
            parts.append(f"{label} {value}")
    if card.abilities:
        parts.append(f"{len(card.abilities)} effect line(s)")
    return " ".join(parts)


def _collisions(pairs: Iterable[tuple[Any, tuple[int, int]]]) -> dict[Any, list[tuple[int, int]]]:
    """Keys seen more than once, with their places, in first-seen order.

    Most keys are seen once; keeping those in a plain dict and making a list only on the
    second sighting keeps detection linear in time *and* in allocations (the cyclic
    garbage collector's passes grow with every object made).
    """
    first: dict[Any, tuple[int, int]] = {}
    many: dict[Any, list[tuple[int, int]]] = {}
    for key, place in pairs:
        seen = first.setdefault(key, place)
        if seen is not place:
            group = many.get(key)
            if group is None:
                many[key] = [seen, place]
            else:
                group.append(place)
    return many


def _identity_options(fam: Mapping[str, Any], packs: Iterable[str], **fmt: str
                      ) -> list[Option]:
    return [Option(f"keep:{p}", fam["options"]["keep"].format(pack=p, **fmt)) for p in packs]


def find_id_clashes(ctx: MixContext) -> Iterator[Conflict]:
    fam = families()["id"]
    index = _collisions((card.id, (pi, ci)) for pi, pack in enumerate(ctx.packs)
                        for ci, card in enumerate(pack.cards))
    for card_id, places in index.items():
        pack_ids = list(dict.fromkeys(ctx.packs[pi].id for pi, _ in places))
        if len(pack_ids) < 2:
            continue
        cards = [(ctx.packs[pi], ctx.packs[pi].cards[ci]) for pi, ci in places]
        same = len({fingerprint(card, ctx.kind_map) for _p, card in cards}) == 1
        options = [*_identity_options(fam, pack_ids, id=card_id),
                   Option("rename", fam["options"]["rename"].format(id=card_id))]
        yield Conflict(
            f"id:{card_id}", "id", fam["title"].format(id=card_id),
            tuple(Side(p.id, describe(c), p.where(c)) for p, c in cards), tuple(options),
            default=f"keep:{pack_ids[0]}" if same else None,
            default_reason="the cards are identical (names and art aside)"
            if same else None,
            payload={"places": places})


def find_name_clashes(ctx: MixContext) -> Iterator[Conflict]:
    """Cards of different packs and ids that share a name in some language but differ.

    A clash seen in several languages (``Boots`` and ``Сапоги``) is reported once, under
    English when English is among them.
    """
    fam = families()["name"]
    index = _collisions(((lang, name.casefold()), (pi, ci))
                        for pi, pack in enumerate(ctx.packs)
                        for ci, card in enumerate(pack.cards) for lang, name in card.names.items())
    multi = [(key, places) for key, places in index.items()
             if len({pi for pi, _ in places}) > 1]
    multi.sort(key=lambda item: item[0][0] != "en")
    seen: set[frozenset[tuple[int, int]]] = set()
    prints: dict[tuple[int, int], str] = {}
    for (lang, _key), places in multi:
        cards = [(ctx.packs[pi], ctx.packs[pi].cards[ci]) for pi, ci in places]
        if len({card.id for _p, card in cards}) < 2 or frozenset(places) in seen:
            continue
        for place, (_p, card) in zip(places, cards, strict=True):
            if place not in prints:
                prints[place] = fingerprint(card, ctx.kind_map)
        if len({prints[place] for place in places}) < 2:
            continue
        seen.add(frozenset(places))
        name = cards[0][1].names[lang]
        pack_ids = list(dict.fromkeys(p.id for p, _c in cards))
        options = [Option("keep-both", fam["options"]["keep-both"]),
                   *_identity_options(fam, pack_ids)]
        yield Conflict(
            f"name:{lang}:{name}", "name", fam["title"].format(lang=lang, name=name),
            tuple(Side(p.id, f"{c.id}: {describe(c)}", p.where(c)) for p, c in cards),
            tuple(options), payload={"places": places, "lang": lang})


# ---------------------------------------------------------------- references
PLAYER_TRAITS = ("races", "classes")
ANY_TRAIT = ("races", "classes", "tags")
#: effect field -> the categories a name in it may belong to.
REF_FIELDS = (("against", ANY_TRAIT), ("target_is", PLAYER_TRAITS), ("tag", ("tags",)),
              ("deck", ("decks",)))
SINGULAR = {"races": "race", "classes": "class", "tags": "tag", "decks": "deck"}


def card_refs(card: CardData) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Every race, class, tag or deck name a compiled card refers to."""
    for name in (*card.usable_by, *card.not_usable_by):
        yield name, PLAYER_TRAITS
    if card.chains_with:
        yield card.chains_with, ("tags",)
    for ability in card.abilities:
        for cond in ability.conditions:
            if isinstance(cond.value, str) and cond.predicate in ("is", "only_in_play"):
                yield cond.value, ANY_TRAIT if cond.predicate == "is" else PLAYER_TRAITS
        for effect in ability.effects:
            for attr, categories in REF_FIELDS:
                value = getattr(effect, attr, None)
                if isinstance(value, str):
                    yield value, categories


def find_cross_references(ctx: MixContext) -> Iterator[Conflict]:
    """Names a pack uses that only another pack of the mix (its ruleset or cards) defines."""
    fam = families()["ref"]
    union: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
    for pack in ctx.packs:
        for category, names in pack.defines.items():
            for key, (name, origin) in names.items():
                union.setdefault((category, key), []).append((pack.id, name, origin))
    users: dict[tuple[str, str], dict[str, Side]] = {}
    for pack in ctx.packs:
        for card in pack.cards:
            for name, categories in card_refs(card):
                key = name.casefold()
                if any(key in pack.defines.get(c, {}) for c in categories):
                    continue
                found = next((c for c in categories if (c, key) in union), None)
                if found is not None:
                    users.setdefault((found, key), {}).setdefault(
                        f"{pack.id}:{card.id}",
                        Side(pack.id, f"card {card.id} refers to it", pack.where(card)))
    for (category, key), by_card in users.items():
        definers = union[(category, key)]
        name = definers[0][1]
        sides = (*by_card.values(),
                 *(Side(pack_id, f"defined by {origin}") for pack_id, _n, origin in definers))
        yield Conflict(f"ref:{SINGULAR[category]}:{name}", "ref",
                       fam["title"].format(category=SINGULAR[category], name=name), sides)


#: The finders in report order.
FINDERS: tuple[Callable[[MixContext], Iterable[Conflict]], ...] = (
    find_deal, find_hand_limit, find_fixed_rules, find_shared_win, find_helper_levels,
    find_seals, find_item_enhancers, find_races,
    find_id_clashes, find_name_clashes,
    find_cross_references,
)


def find_conflicts(ctx: MixContext) -> list[Conflict]:
    """Every conflict of the mix, finder by finder."""
    return [conflict for finder in FINDERS for conflict in finder(ctx)]
