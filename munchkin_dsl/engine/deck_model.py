"""Decks with the shape of the real game: the packs under test, topped up with filler.

A sample pack holds 15-35 cards; repeated until a deck lasts a game, it makes games that
do not look like Munchkin (level cards a fifth of the treasures, nobody dies).  Each
ruleset has a *deck model* in data (``base/rulesets/deck_models/<id>.toml``): the base
box's size and mix by category (monsters by level band, curses, enhancers, one-shots,
items by slot, level cards, races, classes, the line's own kinds), each figure with its
source or the assumption made.  :func:`fill` counts the pack's cards per category and
adds generated *filler* cards for the shortfall; a pack card is never repeated.

Filler cards are ordinary pack source written from the model and compiled by the
compiler (so they play exactly like authored cards); their ids start ``filler-`` and
every report labels them.
"""

from __future__ import annotations

import dataclasses
import tempfile
import tomllib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from munchkin_dsl.base.rulesets import load_ruleset, ruleset_ids
from munchkin_dsl.compiler.effects import CardData

FILLER_PREFIX = "filler-"


class DeckModelError(ValueError):
    """A deck model is missing or malformed, or its filler does not compile."""


@dataclass(frozen=True)
class Category:
    """One row of a deck model: which cards it holds and how a filler of it is written."""

    id: str
    kind: str
    count: int
    raw: dict[str, Any]

    def holds(self, card: CardData, curse_kind: str) -> bool:
        """Whether a pack card counts toward this category (see :func:`category_of`)."""
        kind = curse_kind if self.kind == "curse" else self.kind
        if card.kind != kind and not (kind == "curse" and card.kind in ("trap", "disaster")):
            return False
        if "levels" in self.raw:
            low, high = self.raw["levels"]
            return bool(low <= (card.level or 0) <= high or (
                high >= 20 and (card.level or 0) > high))
        if kind == "item":
            return _slot_word(card.slot) == self.raw.get("slot")
        if self.id == "level":
            return _gives_levels(card)
        if self.id.endswith("seventh"):
            return _ends_game(card)
        return True


@dataclass(frozen=True)
class DeckModel:
    ruleset: str
    source: str
    categories: tuple[Category, ...]

    @property
    def size(self) -> int:
        return sum(c.count for c in self.categories)


def _slot_word(slot: str | None) -> str | None:
    return None if slot is None else slot.replace("_", " ")


def _gives_levels(card: CardData) -> bool:
    return any(e.kind in ("gain_levels", "steal_level")
               for ab in card.abilities for e in ab.effects)


def _ends_game(card: CardData) -> bool:
    return any(e.kind == "end_game" for ab in card.abilities for e in ab.effects)


@cache
def load_model(ruleset: str) -> DeckModel:
    """The deck model of ``ruleset`` (DeckModelError when the ruleset has none).

    The id is checked against the rulesets first: it may come from a file someone sent
    (a replay), and a name that is no ruleset (too long for a file name, with surrogates,
    with `../`) must be a plain "no deck model", never a path (the long fuzz run of
    `replay` found both as internal errors)."""
    if ruleset not in ruleset_ids():
        raise DeckModelError(f"ruleset {ruleset!r} has no deck model")
    entry = resources.files("munchkin_dsl.base.rulesets").joinpath(
        "deck_models", f"{ruleset}.toml")
    if not entry.is_file():
        raise DeckModelError(f"ruleset {ruleset!r} has no deck model")
    data = tomllib.loads(entry.read_text(encoding="utf-8"))
    cats = tuple(Category(c["id"], c["kind"], int(c["count"]), c)
                 for c in data["category"])
    if len({c.id for c in cats}) != len(cats):
        raise DeckModelError(f"deck model {ruleset!r} repeats a category id")
    return DeckModel(data["ruleset"], data["source"], cats)


def category_of(model: DeckModel, card: CardData, curse_kind: str) -> str | None:
    """The first category of the model that holds ``card`` (None: outside the model)."""
    return next((c.id for c in model.categories if c.holds(card, curse_kind)), None)


def shortfall(model: DeckModel, cards: Sequence[CardData]) -> dict[str, int]:
    """Filler cards per category: the model's count less the pack cards it holds."""
    curse_kind = load_ruleset(model.ruleset).curse_kind
    have = Counter(category_of(model, c, curse_kind) for c in cards)
    return {c.id: max(0, c.count - have[c.id]) for c in model.categories}


def _cycle(values: Sequence[Any], i: int) -> Any:
    return values[i % len(values)]


def _monster_lines(cat: Category, i: int, n: int) -> list[str]:
    low, high = cat.raw["levels"]
    level = low + (i * (high - low + 1)) // max(1, n) if n > 1 else low
    treasures = min(5, max(1, (level + 3) // 4))
    lines = [f"level {level}", f"treasures {treasures}"]
    if level >= 16:
        lines.append("gives 2 levels")
    lines.append(f"bad stuff: {_cycle(cat.raw['bad_stuff'], i)}")
    return lines


def _item_lines(cat: Category, i: int, _n: int) -> list[str]:
    lines = [cat.raw["slot"]] if cat.raw.get("slot") else []
    if cat.raw.get("big") and _cycle(cat.raw["big"], i):
        lines.append("big")
    lines += [f"bonus +{_cycle(cat.raw['bonus'], i)}", f"value {_cycle(cat.raw['value'], i)}"]
    return lines


def _trait_lines(_cat: Category, _i: int, _n: int) -> list[str]:
    return []


def _plain_lines(cat: Category, i: int, _n: int) -> list[str]:
    lines = list(_cycle(cat.raw.get("lines", [[]]), i))
    if "value" in cat.raw:
        lines.insert(0, f"value {_cycle(cat.raw['value'], i)}")
    return lines


#: how a filler card's body is written, by the category's card kind
_WRITERS = {"monster": _monster_lines, "item": _item_lines, "race": _trait_lines,
            "class": _trait_lines}
#: how a kind is written in a card header (the pack language's own words)
_HEADERS = {"monster-enhancer": "monster enhancer", "one-shot": "one-shot"}


def filler_source(model: DeckModel, missing: dict[str, int]) -> str:
    """Pack source for the filler cards, one block per card: ids ``filler-<cat>-<n>``."""
    rules = load_ruleset(model.ruleset)
    out: list[str] = []
    for cat in model.categories:
        n = missing.get(cat.id, 0)
        kind = rules.curse_kind if cat.kind == "curse" else cat.kind
        traits = rules.races if kind == "race" else rules.classes if kind == "class" else ()
        for i in range(min(n, len(traits)) if traits else n):  # a name once: _copies
            name = traits[i] if traits else f"Filler {cat.id} {i + 1}"
            body = _WRITERS.get(cat.kind, _plain_lines)(cat, i, n)
            out.append(f'{_HEADERS.get(kind, kind)} {FILLER_PREFIX}{cat.id}-{i + 1} "{name}" {{\n'
                       + "".join(f"  {line}\n" for line in body) + "}\n")
    return "\n".join(out)


@lru_cache(maxsize=32)
def _compiled(ruleset: str, missing: tuple[tuple[str, int], ...]) -> tuple[CardData, ...]:
    from munchkin_dsl.base.diagnostics import DiagnosticSink
    from munchkin_dsl.compiler.api import compile_packs

    model = load_model(ruleset)
    source = filler_source(model, dict(missing))
    if not source:
        return ()
    with tempfile.TemporaryDirectory(prefix="munchkin-filler-") as tmp:
        folder = Path(tmp) / "filler"
        folder.mkdir()
        (folder / "pack.munch").write_text(
            f'pack filler {{\n  title "Filler cards ({ruleset} deck model)"\n'
            f'  version "1.0.0"\n  ruleset {ruleset}\n  languages en\n}}\n\n'
            + source, encoding="utf-8")
        sink = DiagnosticSink()
        result = compile_packs([folder], sink)
    if result.data is None:
        errors = "; ".join(f"{d.code} {d.message}" for d in sink.items
                           if d.severity == "error")
        raise DeckModelError(f"the {ruleset} deck model's filler does not compile: {errors}")
    return _copies(model, dict(missing), result.data.cards)


def _copies(model: DeckModel, missing: dict[str, int],
            cards: Sequence[CardData]) -> tuple[CardData, ...]:
    """Races and classes have the line's names, and a pack may not name two cards alike:
    the filler has each once, and further copies of a filler (never of a pack card) make
    up the category's count."""
    out = list(cards)
    for cat in model.categories:
        made = [c for c in cards if c.id.startswith(f"{FILLER_PREFIX}{cat.id}-")]
        for i in range(len(made), missing.get(cat.id, 0) if made else 0):
            out.append(dataclasses.replace(made[i % len(made)],
                                           id=f"{FILLER_PREFIX}{cat.id}-{i + 1}"))
    return tuple(out)


#: per ruleset, the last tuple of cards filled and its deck: `simulate` hands every game
#: of a run the same tuple, and counting its shortfall again cost 3 % of each game
_LAST: dict[str, tuple[tuple[CardData, ...], tuple[CardData, ...]]] = {}


def fill(cards: Sequence[CardData], ruleset: str) -> tuple[CardData, ...]:
    """The pack's cards, each once, and the filler that gives the decks the model's shape."""
    last = _LAST.get(ruleset)
    if last is not None and last[0] is cards:  # a tuple: the same cards as last time
        return last[1]
    model = load_model(ruleset)
    missing = shortfall(model, cards)
    deck = (*cards, *_compiled(ruleset, tuple(sorted(missing.items()))))
    if isinstance(cards, tuple):
        _LAST[ruleset] = (cards, deck)
    return deck


def is_filler(card_id: str) -> bool:
    return card_id.startswith(FILLER_PREFIX)
