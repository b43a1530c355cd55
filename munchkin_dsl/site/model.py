"""What the pack book shows, gathered from the toolchain's own stages.

Every figure on a page comes from the stage that owns it, never recomputed here: the
rules in words from :mod:`munchkin_dsl.text.cardtext` (the compiled abilities, so a rule
the engine reads differently from the author's text shows that), diagnostics from the
checker, scenario results from :mod:`munchkin_dsl.scenarios.runner`, conflicts from
:mod:`munchkin_dsl.mix`, balance figures from a `simulate --report` folder (:mod:`.balance`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink
from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.text.cardtext import (
    TEXT_LANGUAGES,
    Words,
    ability_text,
    card_tags,
    card_text,
    card_title,
    ruleset_for,
)

if TYPE_CHECKING:
    from munchkin_dsl.compiler.api import CheckedPack


@dataclass
class ScenarioRun:
    """One scenario that names a card, with its result in this build."""

    title: str
    where: str
    status: str
    failures: list[str]


@dataclass
class CardView:
    """Everything a card's page and its index tile show."""

    card: CardData
    pack: str
    slug: str
    langs: list[str]
    titles: dict[str, str]
    texts: dict[str, str]
    printed: dict[str, dict[str, Any]]
    abilities: dict[str, list[str]]
    tags: list[str]
    kind_word: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    scenarios: list[ScenarioRun] = field(default_factory=list)
    balance: dict[str, dict[str, Any]] = field(default_factory=dict)
    charts: list[str] = field(default_factory=list)

    @property
    def engine_json(self) -> str:
        """The card's engine data, as `munchkin compile` writes it, for the curious."""
        import dataclasses
        import json

        return json.dumps(dataclasses.asdict(self.card), ensure_ascii=False, indent=1,
                          sort_keys=True)

    @property
    def search(self) -> str:
        """Names and texts in every language, lower-cased, for the index's search box."""
        parts = [self.card.id, *self.titles.values(), *self.texts.values()]
        for printed in self.printed.values():
            parts += [printed["body"], printed["bad_stuff"]]
        return " ".join(" ".join(parts).casefold().split())


@dataclass
class PackView:
    """A pack page: identity, rulesets, counts by kind, and what `check` warns about."""

    id: str
    slug: str
    title: str
    path: str
    version: str
    rulesets: list[str]
    languages: list[str]
    counts: list[tuple[str, int]]
    warnings: list[Diagnostic]
    cards: list[CardView]


_SAFE = re.compile(r"[^A-Za-z0-9._-]")


def slug(text: str) -> str:
    """A file name for an id: ASCII kept, anything else as its code point (stable, unique)."""
    return _SAFE.sub(lambda m: f"_{ord(m.group()):x}_", text) or "_"


def card_view(card: CardData, checked: CheckedPack) -> CardView:
    """A compiled card in every language the site can write that its pack declares."""
    ruleset = ruleset_for(card, checked.rulesets)
    langs = [code for code in checked.languages if code in TEXT_LANGUAGES] or ["en"]
    printed: dict[str, dict[str, Any]] = {}
    abilities: dict[str, list[str]] = {}
    for lang in langs:
        text = card_text(card, ruleset, lang)
        printed[lang] = {"kind_line": text.kind_line, "body": text.body,
                         "bad_stuff": text.bad_stuff,
                         "bad_stuff_label": ruleset.terms(lang)["bad_stuff"]}
        words = Words(card, ruleset, lang)
        abilities[lang] = [ability_text(ability, words) for ability in card.abilities]
    return CardView(
        card=card, pack=checked.info.id if checked.info else checked.path, slug=slug(card.id),
        langs=langs, titles={lang: card_title(card, lang) for lang in langs},
        texts=dict(card.texts), printed=printed, abilities=abilities,
        tags=list(card_tags(card, ruleset, "en")), kind_word=card.kind.replace("-", " "))


def _in_card(diagnostic: Diagnostic, file: str, start: int, end: int) -> bool:
    span = diagnostic.span
    return span is not None and span.file == file and start <= span.line <= end


def attach_diagnostics(views: Sequence[CardView], checked: CheckedPack,
                       diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """Give each card the diagnostics inside its source; return the rest (the pack's)."""
    left = list(diagnostics)
    for view, card in zip(views, checked.cards, strict=True):
        mine = [d for d in left if _in_card(d, card.span.file, card.span.line,
                                            card.span.end_line)]
        view.diagnostics = mine
        left = [d for d in left if d not in mine]
    return left


def attach_scenarios(views: Sequence[CardView], checked: CheckedPack, data: Any) -> None:
    """Run the pack's scenarios and list, on each card, those whose lines name its id."""
    from munchkin_dsl.scenarios.runner import run_file

    root = checked.loaded.root
    by_id = {view.card.id: view for view in views}
    for path in sorted((root / "scenarios").glob("*.scn")):
        sink = DiagnosticSink()
        for result in run_file(path, data, sink, root):
            scenario = result.scenario
            words: set[str] = set()
            for line in [*scenario.setup, *scenario.steps]:
                words.update(w.strip(",.:;()") for w in line.text.split())
            where = f"{Path(path).relative_to(root).as_posix()}:{scenario.line}"
            run = ScenarioRun(scenario.title, where, result.status, list(result.failures))
            for word in sorted(words & by_id.keys()):
                by_id[word].scenarios.append(run)


def pack_view(checked: CheckedPack, views: list[CardView], warnings: list[Diagnostic]
              ) -> PackView:
    info = checked.info
    pack_id = info.id if info else checked.path
    counts = Counter(view.kind_word for view in views)
    return PackView(
        id=pack_id, slug=slug(pack_id), title=(info.title if info else pack_id),
        path=checked.path, version=(info.version if info else ""),
        rulesets=[rs.id for rs in checked.rulesets], languages=list(checked.languages),
        counts=sorted(counts.items()), warnings=warnings, cards=views)


__all__ = ["CardView", "PackView", "ScenarioRun", "attach_diagnostics", "attach_scenarios",
           "card_view", "pack_view", "slug"]
