"""Every translatable string of a pack, with its context and where its translations stand.

Translatable: the pack title, each card's name, its printed text, its manual rules and
the labels of its effect lines (the ability names printed in bold).  English is the
source language.  Each string has a context, ``ID|KIND|FIELD`` (``net-troll|monster|name``,
``warrior|class|label.1``, ``no-trading|curse|manual.1``, ``my-pack|pack|title``), which is
its key in PO (``msgctxt``) and XLIFF (``id``) files, and for each target language the
translation as written in the pack, the place of its quoted text (so an import replaces
just that) and whether it is marked outdated.

Outdated ("fuzzy") translations are marked in the pack by a comment at the end of the
translation's line, ``# fuzzy ru: source was "Old text"``, written by `munchkin i18n
import` when the English text changed since the translation was made; the translator
removes it (or an import of the reviewed translation does).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from munchkin_dsl.base.diagnostics import Span, line_index
from munchkin_dsl.language.nodes import Card, Header, Stat

#: A pack string literal, as the grammar's STRING terminal.
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
#: The mark of an outdated translation at the end of its line.
FUZZY = re.compile(r'#\s*fuzzy\s+(?P<lang>[a-z]{2})\b'
                   r'(?::\s*source was\s+(?P<old>"(?:[^"\\\n]|\\.)*"))?')


@dataclass
class Translation:
    """One translation as written: its text, where its quoted text is, whether outdated."""

    text: str
    literal: Span
    fuzzy: bool = False
    previous: str | None = None


@dataclass
class Entry:
    """One translatable string of the pack."""

    context: str
    source: str
    #: where the source string stands (for `#:` references and messages)
    where: Span
    #: where a new translation goes: after this statement (its span)
    anchor: Span
    #: name: a missing translation goes inside the card's braces; label: after the labels
    how: str
    card_span: Span | None = None
    translations: dict[str, Translation] = field(default_factory=dict)

    @property
    def note(self) -> str:
        ident, kind, what = self.context.split("|")
        return f"{kind} {ident}: {what}"


def _unescape(literal: str) -> str:
    body = literal[1:-1]
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


def _literals(texts: dict[str, str], span: Span) -> list[Span]:
    """The spans of the string literals inside a one-line statement's span."""
    line = line_index(texts[span.file])[span.line - 1]
    end = span.end_column - 1 if span.end_line == span.line else len(line)
    out = []
    for match in STRING.finditer(line, span.column - 1, end):
        out.append(Span(span.file, span.line, match.start() + 1, span.line, match.end() + 1))
    return out


def _fuzzy_marks(texts: dict[str, str], file: str, line: int) -> dict[str, str | None]:
    """lang -> previous source for each `# fuzzy LANG` mark on a line."""
    text = line_index(texts[file])[line - 1]
    marks: dict[str, str | None] = {}
    for match in FUZZY.finditer(text):
        old = match.group("old")
        marks[match.group("lang")] = _unescape(old) if old else None
    return marks


def _translation(texts: dict[str, str], stat: Stat, text: str, lang: str) -> Translation:
    literal = _literals(texts, stat.span)[-1]
    marks = _fuzzy_marks(texts, stat.span.file, stat.span.line)
    return Translation(text, literal, lang in marks, marks.get(lang))


def _card_entries(card: Card, texts: dict[str, str]) -> Iterator[Entry]:
    base = f"{card.id}|{card.kind}"
    name = Entry(f"{base}|name", card.name, card.name_span, card.name_span, "name", card.span)
    manual: list[Entry] = []
    text: Entry | None = None
    translated_texts: list[Stat] = []
    for stat in card.stats:
        if stat.kind == "name":
            lang = stat.args[0].name
            name.translations[lang] = _translation(texts, stat, stat.args[1], lang)
            name.anchor = stat.span
        elif stat.kind == "text":
            lang = stat.args[0].name
            if lang == "en":
                text = Entry(f"{base}|text", stat.args[1], stat.span, stat.span, "line")
            else:
                translated_texts.append(stat)
        elif stat.kind == "manual":
            if stat.args[0] is None:
                manual.append(Entry(f"{base}|manual.{len(manual) + 1}", stat.args[1],
                                    stat.span, stat.span, "line"))
            elif manual:
                lang = stat.args[0].name
                manual[-1].translations[lang] = _translation(texts, stat, stat.args[1], lang)
                manual[-1].anchor = stat.span
    if text is not None:
        for stat in translated_texts:
            lang = stat.args[0].name
            text.translations[lang] = _translation(texts, stat, stat.args[1], lang)
            if stat.span.line >= text.anchor.line:
                text.anchor = stat.span
    yield name
    if text is not None:
        yield text
    yield from manual
    labelled = [line for line in card.lines if line.label is not None]
    for number, line in enumerate(labelled, start=1):
        literals = _literals(texts, line.span)
        entry = Entry(f"{base}|label.{number}", line.label or "", literals[0], literals[0],
                      "label")
        marks = _fuzzy_marks(texts, line.span.file, line.span.line)
        for index, (ref, translated) in enumerate(line.labels, start=1):
            entry.translations[ref.name] = Translation(
                translated, literals[index], ref.name in marks, marks.get(ref.name))
        entry.anchor = literals[len(line.labels)]
        yield entry


def _header_entries(header: Header, texts: dict[str, str]) -> Iterator[Entry]:
    title = next((f for f in header.fields if f.kind == "title"), None)
    if title is None:
        return
    entry = Entry(f"{header.id}|pack|title", title.args[0], title.span, title.span, "line")
    for stat in header.values("title_lang"):
        lang = stat.args[0].name
        entry.translations[lang] = _translation(texts, stat, stat.args[1], lang)
        entry.anchor = stat.span
    yield entry


def pack_entries(header: Header | None, cards: list[Card], texts: dict[str, str]
                 ) -> list[Entry]:
    """Every translatable string of a parsed pack, header first, then card by card."""
    out: list[Entry] = []
    if header is not None:
        out += _header_entries(header, texts)
    for card in cards:
        out += _card_entries(card, texts)
    return out


__all__ = ["FUZZY", "STRING", "Entry", "Translation", "pack_entries"]
