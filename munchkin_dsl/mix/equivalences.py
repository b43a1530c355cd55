"""Mixer stage 2: the equivalences the rulebooks state, read from the rulesets' mixing notes.

Star Munchkin's last page and Apocalypse's «Łączenie...» section say what is the same
across lines (Trap = Curse = Disaster, credits = gold, Airlock = Door and Loot = Treasure,
a Hireling counts as a Sidekick) and what is not (Big items and Aggregates stay separate).
Those statements are data in the ruleset TOMLs (``[[mixing]]`` with a machine-readable
``action``); this module turns the notes of the rulesets *in the mix* into
:class:`~munchkin_dsl.mix.model.Equivalence` records, one handler per action in
:data:`HANDLERS`, and says which card kinds the merged data unifies.

Kind notes chain: Star Munchkin says Trap = Curse and Apocalypse says Disaster = Curse, so
a Star Munchkin + Apocalypse mix unifies Trap and Disaster although neither line has Curses.
A note lists the equivalent kinds with the kind they count as last (``["hireling",
"sidekick"]``: a Hireling counts as a Sidekick); that last kind is the one the merged data
uses, so an engine sees one curse-like kind and the original kind is kept in the ``mix``
record.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from munchkin_dsl.base.rulesets import MixingNote, Ruleset
from munchkin_dsl.mix.model import Citation, Equivalence, Side

Noted = tuple[Ruleset, MixingNote]
Handler = Callable[[tuple[Ruleset, ...], list[Noted], tuple[str, ...]], Iterable[Equivalence]]


def citation(rs: Ruleset, note: MixingNote) -> Citation:
    return Citation(rs.id, note.resolution, note.resolution_en, note.source)


def _same_kind(rulesets: tuple[Ruleset, ...], notes: list[Noted],
               card_kinds: tuple[str, ...] = ()) -> Iterable[Equivalence]:
    """Union the kinds of every same-kind note; a group applies when two of its kinds meet,
    in the rulesets or on the cards (a Hireling in a munchkin-1.6 pack mixed with
    star-munchkin counts as a Sidekick although munchkin-1.6 has no Hireling kind)."""
    parent: dict[str, str] = {}

    def find(kind: str) -> str:
        while parent.setdefault(kind, kind) != kind:
            kind = parent[kind]
        return kind

    for _rs, note in notes:
        for kind in note.kinds[1:]:
            parent[find(kind)] = find(note.kinds[0])
    present = [*(k for rs in rulesets for k in sorted(rs.card_kinds)), *card_kinds]
    groups: dict[str, list[Noted]] = {}
    for noted in notes:
        groups.setdefault(find(noted[1].kinds[0]), []).append(noted)
    for members in groups.values():
        kinds = {k for _rs, note in members for k in note.kinds}
        here = list(dict.fromkeys(k for k in present if k in kinds))
        if len(here) < 2:
            continue
        into = Counter(note.kinds[-1] for _rs, note in members).most_common(1)[0][0]
        sides = tuple(Side(rs.id, kind, rs.source_of("card_kinds"))
                      for rs in rulesets for kind in sorted(rs.card_kinds) if kind in kinds)
        names = " = ".join(k.capitalize() for k in [*(k for k in here if k != into), into])
        topic = "+".join(dict.fromkeys(note.topic for _rs, note in members))
        yield Equivalence(
            id=topic, action="same-kind",
            summary=f"{names}: one card type, written '{into}' in the merged data",
            sides=sides, citations=tuple(citation(rs, n) for rs, n in members),
            kind_map={k: into for k in here if k != into})


def _merge_decks(rulesets: tuple[Ruleset, ...], notes: list[Noted],
                 _card_kinds: tuple[str, ...] = ()) -> Iterable[Equivalence]:
    """Decks of the same id are shuffled together; worth saying when the lines name them apart."""
    deck_ids = list(dict.fromkeys(d for _rs, note in notes for d in note.details.get("decks", ())))
    sides: list[Side] = []
    parts: list[str] = []
    for deck_id in deck_ids:
        named = {rs.id: rs.decks[deck_id] for rs in rulesets if deck_id in rs.decks}
        names = list(dict.fromkeys(deck.name("en") for deck in named.values()))
        if len(names) < 2:
            continue
        parts.append(" = ".join(names))
        sides += [Side(rs_id, f"{deck_id}: {deck.name('en')} («{deck.name('ru')}»)",
                       deck.source) for rs_id, deck in named.items()]
    if parts:
        yield Equivalence("decks", "merge-decks",
                          "; ".join(parts) + ": one deck each, two decks in all",
                          tuple(sides), tuple(citation(rs, n) for rs, n in notes))


def _same_money(rulesets: tuple[Ruleset, ...], notes: list[Noted],
                _card_kinds: tuple[str, ...] = ()) -> Iterable[Equivalence]:
    names = list(dict.fromkeys(rs.money("en") for rs in rulesets))
    if len(names) < 2:
        return
    yield Equivalence("money", "same-money",
                      " = ".join(names) + ": one money; item values add up as they are",
                      tuple(Side(rs.id, rs.money("en"), rs.source_of("money"))
                            for rs in rulesets),
                      tuple(citation(rs, n) for rs, n in notes))


def _separate(rulesets: tuple[Ruleset, ...], notes: list[Noted],
              _card_kinds: tuple[str, ...] = ()) -> Iterable[Equivalence]:
    categories = list(dict.fromkeys(rs.big_category for rs in rulesets))
    if len(categories) < 2:
        return
    yield Equivalence("big-aggregate", "separate-categories",
                      " and ".join(c.capitalize() for c in categories)
                      + " stay separate: a character may carry one of each",
                      tuple(Side(rs.id, rs.big_category, rs.source_of("big_category"))
                            for rs in rulesets),
                      tuple(citation(rs, n) for rs, n in notes))


#: mixing-note action -> handler.  Actions not here (allowed, use-optional-rule, seal-roll,
#: infer-kind) settle rule conflicts instead; see :mod:`.conflicts`.
HANDLERS: dict[str, Handler] = {
    "same-kind": _same_kind,
    "merge-decks": _merge_decks,
    "same-money": _same_money,
    "separate-categories": _separate,
}


def notes_of(rulesets: Iterable[Ruleset], action: str) -> list[Noted]:
    """Every mixing note with this action among the rulesets, in ruleset order."""
    return [(rs, note) for rs in rulesets for note in rs.mixing if note.action == action]


def find_equivalences(rulesets: tuple[Ruleset, ...], card_kinds: Iterable[str] = ()
                      ) -> list[Equivalence]:
    """The equivalences that apply to a mix of these rulesets, in the handlers' order.

    Nothing applies to one ruleset alone: the notes are about combining lines.  This is the
    one place the equivalences are decided: `munchkin mix` writes them into the merged data
    and the engine reads them for a pack (or packs) declaring several rulesets
    (:func:`kinds_in_mix`).  ``card_kinds``: the kinds of the mixed cards.
    """
    if len(rulesets) < 2:
        return []
    found: list[Equivalence] = []
    for action, handler in HANDLERS.items():
        notes = notes_of(rulesets, action)
        if notes:
            found.extend(handler(rulesets, notes, tuple(dict.fromkeys(card_kinds))))
    return found


def kinds_in_mix(ruleset_ids: Iterable[str], card_kinds: Iterable[str] = ()) -> dict[str, str]:
    """Card kind -> the kind it counts as, for a game whose packs declare these rulesets
    (empty for one ruleset): what the engine reads."""
    from munchkin_dsl.base.rulesets import load_ruleset

    rulesets = tuple(load_ruleset(r) for r in dict.fromkeys(ruleset_ids))
    return kind_map(find_equivalences(rulesets, card_kinds))


def kind_map(equivalences: Iterable[Equivalence]) -> dict[str, str]:
    """Card kind -> the kind it becomes in the merged data, over all equivalences."""
    table: dict[str, str] = {}
    for eq in equivalences:
        table.update(eq.kind_map)
    return table
