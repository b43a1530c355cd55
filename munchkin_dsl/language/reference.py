"""The language reference as data: every table of forms, built from the declarations.

An author reads the forms of the language in ``docs/language.md``; the language server
shows the same rows on hover and beside a completion.  Both read them from here, and here
reads them from the declarations only: the card kinds of ``data/kinds.toml`` (with the
rulesets that have each), the timings and untils of ``data/timings.toml``, the groups of
card kinds of ``data/effects.toml``, the smaller parts of ``data/forms.toml``
(card statements, frequencies, costs, condition subjects and predicates, targets,
amounts) and the part classes under :mod:`munchkin_dsl.language.parts` (found by the
subclass scan, so a part another branch adds gets its row with no edit here).  Nothing
is hand-kept twice, so the docs cannot drift from the language: the docs writer
(``python -m munchkin_dsl.tools.write_docs_tables``) puts each table between its
``<!-- parts:KEY -->`` markers and ``tests/test_docs_language.py`` fails when one is stale.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from munchkin_dsl import data
from munchkin_dsl.language import algebra, registry
from munchkin_dsl.language.count_part import count_parts
from munchkin_dsl.language.parts import until_events, waiting


@dataclass(frozen=True)
class Row:
    """One form: how it is written (Markdown), what it does, an example line, and where
    it may stand (the card kinds, empty for any)."""

    form: str
    does: str
    example: str
    only_on: str = ""
    #: a table with other columns (the card kinds): its cells after the first two
    more: tuple[str, ...] = ()

    def cells(self, count: int) -> tuple[str, ...]:
        if self.more:
            return (self.form, self.does, *self.more)
        return (self.form, self.does, f"`{self.example}`" if self.example else "",
                self.only_on)[:count]


@dataclass(frozen=True)
class Table:
    """One table of the reference: its key (the marker's), title and columns."""

    key: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    #: a line under the table (the card-kind groups its `only on` cells name)
    note: str = ""

    def markdown(self) -> str:
        out = ["| " + " | ".join(self.columns) + " |", "|" + "---|" * len(self.columns)]
        for r in self.rows:
            out.append("| " + " | ".join(_cell(c) for c in r.cells(len(self.columns))) + " |")
        return "\n".join(out) + (f"\n\n{self.note}" if self.note else "")


def _cell(text: str) -> str:
    """A Markdown table cell: a `|` inside the text would end the cell."""
    return text.replace("|", "\\|")


# ---------------------------------------------------------------- card kinds

#: Group names as the docs print them, from data/effects.toml and data/timings.toml.
def _groups() -> dict[str, frozenset[str]]:
    out = {name: frozenset(kinds) for name, kinds in data.load("timings")["groups"].items()}
    out.update({name: frozenset(kinds)
                for name, kinds in data.load("effects")["groups"].items()})
    return out


def _kind_words(kind: str) -> str:
    return str(data.kinds()[kind]["words"])


def kinds_cell(carriers: frozenset[str] | None, used: set[str] | None = None) -> str:
    """The card kinds a form may stand on, short: empty for every kind, a group's name
    (noted in ``used`` for the legend), `every kind but ...` or the list."""
    every = frozenset(data.kinds())
    if carriers is None or carriers >= every:
        return ""
    for name, kinds in _groups().items():
        if kinds == carriers:
            if used is not None:
                used.add(name)
            return f"*{name}*"
    return every_kind_but(carriers) or ", ".join(sorted(_kind_words(k) for k in carriers))


def every_kind_but(carriers: frozenset[str], last: str = ", ") -> str | None:
    """`every kind but seal, item enhancer` when the kinds that may are most kinds (the
    docs tables and the E202 hint say it so, not as a list of thirteen), else None.
    ``last`` joins the last two (`", "` in a table cell, `" and "` in a sentence)."""
    missing = sorted(_kind_words(k) for k in frozenset(data.kinds()) - carriers)
    if not missing or len(missing) >= len(carriers):
        return None
    head = ", ".join(missing[:-1])
    return "every kind but " + (head + last if head else "") + missing[-1]


def _legend(used: set[str]) -> str:
    groups = _groups()
    return "  \n".join(f"*{name}*: " + ", ".join(sorted(_kind_words(k) for k in groups[name]))
                       for name in sorted(used))


# ---------------------------------------------------------------- the tables

def _part_rows(category: str, carriers: bool = False, used: set[str] | None = None
               ) -> list[Row]:
    """The rows of the part classes of one category (any category a branch adds too)."""
    rows = []
    for part in algebra.declared():
        if part.category != category:
            continue
        where = ""
        if carriers:
            value = getattr(part, "carriers", None)
            where = kinds_cell(_expand(value), used)
        forms = getattr(part, "forms", ()) or ((f"`{algebra.form_of(part)}`", part.summary,
                                                part.example),)
        rows += [Row(form, does, example, where) for form, does, example in forms]
    return rows


def _expand(value: Any) -> frozenset[str] | None:
    if value is None:
        return None
    return _groups()[value] if isinstance(value, str) else frozenset(value)


def _rulesets_cell(kind: str) -> str:
    """The rulesets that have a card kind: `all`, `all but X` or the list."""
    from munchkin_dsl.base.rulesets import all_rulesets

    every = [r.id for r in all_rulesets()]
    having = [r.id for r in all_rulesets() if kind in r.card_kinds]
    if len(having) == len(every):
        return "all"
    if len(having) == len(every) - 1:
        return "all but " + next(r for r in every if r not in having)
    return ", ".join(having)


def _kind_table() -> Table:
    """The card kinds (data/kinds.toml): how each is written, and how its lines with no
    timing or subject read (the checker's and the engine's defaults, not a copy)."""
    rows = []
    timings = registry.timings()
    for kind, entry in data.kinds().items():
        hits = f"`{str(entry['target']).replace('_', ' ')}`"
        if entry.get("hits_note"):
            hits += " " + entry["hits_note"]
        rows.append(Row(f"`{entry['words']}`", entry["card"], "",
                        more=(entry["deck"], f"`{timings[entry['timing']].words}`", hits,
                              _rulesets_cell(kind))))
    return Table("kind", "Card kinds", ("you write", "the card", "deck",
                                        "a line with no timing fires",
                                        "a subjectless effect reaches", "rulesets"),
                 tuple(rows))


def stat_kinds(ids: list[str]) -> list[str]:
    """The card kinds that take a stat (data/kinds.toml `stats`), in the table's order."""
    return [k for k, e in data.kinds().items() if set(ids) & set(e["stats"])]


def _stat_table() -> Table:
    """The card statements (data/forms.toml [[stat]]); the kinds that take each are read
    from data/kinds.toml, so the column cannot drift from what E201 allows."""
    every = set(data.kinds())
    rows = []
    for entry in data.load("forms")["stat"]:
        kinds = stat_kinds(entry["ids"])
        if set(kinds) == every:
            where = "every kind"
        elif but := every_kind_but(frozenset(kinds)):
            where = but
        else:
            where = ", ".join(_kind_words(k) + (" (**required**)" if set(entry["ids"]) & set(
                data.kinds()[k]["required"]) else "") for k in kinds)
        rows.append(Row(entry["form"], entry["does"], entry["example"], where))
    return Table("stat", "Card statements", ("statement", "means", "example", "on"),
                 tuple(rows))


def _event_table() -> Table:
    used: set[str] = set()
    rows = []
    timings = data.load("timings")["timing"]
    for tid, spec in registry.timings().items():
        entry = timings.get(tid)
        if entry is None:  # an event part: its row comes from the class below
            continue
        rows.append(Row(entry.get("form", f"`{spec.words}`"), entry.get("does", spec.summary),
                        entry["example"], kinds_cell(spec.carriers, used)))
    rows += _part_rows("event", carriers=True, used=used)
    rows += [Row(f"`{form}`", does, example, kinds_cell(frozenset({"one-shot"}), used))
             for form, does, example in waiting.FORM_ROWS]  # the forms of every event
    return Table("event", "Timings (events): when the line fires",
                 ("event", "fires", "example", "on"), tuple(rows), _legend(used))


def _duration_table() -> Table:
    rows = [Row(e["form"], e.get("does", e["summary"]), e["example"])
            for e in data.load("timings")["until"].values()]
    rows += [Row("`until [you|victim|that player] EVENT`", "until the player the line lasts "
                 "on (a curse's victim, the player a played line is kept on, a card's "
                 "owner) does EVENT: " + ", ".join(f"`{w[0]}`" for w in
                                                  until_events.EVENTS.values()),
                 "until victim kills a monster: victim ignores their item bonuses")]
    rows += _part_rows("duration")
    return Table("duration", "Durations: how long the effect or the card lasts",
                 ("duration", "lasts", "example"), tuple(rows))


def _forms_table(section: str, title: str, columns: tuple[str, ...]) -> Table:
    rows = [Row(e["form"], e.get("does", ""), e.get("example", ""))
            for e in data.load("forms").get(section, [])]
    rows += _part_rows(section)
    return Table(section, title, columns, tuple(rows))


def _cost_table() -> Table:
    """The costs: each form of the effect parts that are also a cost before the ':'."""
    rows = [Row(form, does, example) for part in algebra.cost_parts()
            for _kind, form, does, example in part.cost_forms]
    return Table("cost", "Costs", ("cost", "means", "example"), tuple(rows))


def _effect_table() -> Table:
    used: set[str] = set()
    rows = _part_rows("effect", carriers=True, used=used)
    return Table("effect", "Effects: what happens", ("effect", "what it does", "example",
                                                     "only on"), tuple(rows), _legend(used))


@cache
def tables() -> dict[str, Table]:
    """Every table of the reference by its marker key, in the order of the docs."""
    out = [
        _kind_table(),
        _stat_table(),
        _event_table(),
        _forms_table("frequency", "How often", ("frequency", "means", "example")),
        _duration_table(),
        _cost_table(),
        _forms_table("subject", "Conditions: who is tested", ("subject", "who is tested")),
        _forms_table("condition", "Conditions: what is tested",
                     ("predicate", "true when the subject", "example")),
        _forms_table("selector", "Selectors: who or which an effect reaches",
                     ("selector", "who", "example")),
        _forms_table("amount", "Amounts: how much", ("amount", "counts", "example")),
        Table("count", "Amounts: counts", ("count", "counts", "example"),
              tuple(Row(form, does, example) for part in count_parts()  # as declared
                    for form, does, example in part.forms)),
        _effect_table(),
    ]
    known = {t.key for t in out}
    for category in sorted({p.category for p in algebra.declared()} - known):
        # a kind of part a branch adds: its own table, until the docs place it elsewhere
        out.append(Table(category, f"{category.title()}s", ("form", "what it does",
                                                             "example"),
                         tuple(_part_rows(category))))
    return {t.key: t for t in out}


def examples() -> list[tuple[str, str]]:
    """(table key, example line) for every row with an example, for the docs test."""
    return [(t.key, r.example) for t in tables().values() for r in t.rows
            if r.example and t.key != "stat"]


# ---------------------------------------------------------------- lookup (hover, completion)

def _same_word(written: str, word: str) -> bool:
    """`gain(s)` in a form stands for `gain` and `gains`; `go(es)` for `go` and `goes`."""
    base = re.sub(r"\((e?s)\)$", "", written)
    return word in (written, base, base + "s", base + "es")


def _names(form: str, phrase: list[str]) -> bool:
    """Whether a form (its backticked words) writes ``phrase``."""
    for written in re.findall(r"`([^`]+)`", form):
        words = written.replace("[", "").replace("]", "").split()
        if any(all(_same_word(words[i + j], w) for j, w in enumerate(phrase))
               for i in range(len(words) - len(phrase) + 1)):
            return True
    return False


def lookup(words: list[str], limit: int = 3) -> list[tuple[Table, Row]]:
    """The rows whose form writes the longest phrase of ``words`` (the word at the cursor
    and its neighbours: `bad stuff` finds its event, not every row with `bad`)."""
    for size in range(len(words), 0, -1):
        for start in range(len(words) - size + 1):
            phrase = words[start:start + size]
            found = [(t, r) for t in tables().values() for r in t.rows if _names(r.form, phrase)]
            if found:
                return found[:limit]
    return []


@cache
def first_word_rows() -> dict[str, Row]:
    """A keyword that starts a form -> the first row it starts (completion details)."""
    out: dict[str, Row] = {}
    for t in tables().values():
        for r in t.rows:
            for written in re.findall(r"`([^`]+)`", r.form):
                first = written.replace("[", "").split()[0] if written.strip() else ""
                base = re.sub(r"\((e?s)\)$", "", first)
                if base.isalpha():
                    out.setdefault(base, r)
    return out


# ---------------------------------------------------------------- hints

def statement_words() -> frozenset[str]:
    """The card statements (data/forms.toml [[stat]]): `big`, `aggregate`, `value`..."""
    return frozenset(i for e in data.load("forms")["stat"] for i in e["ids"])


def statement_hint(word: str) -> str:
    """`2 big in play`: a card statement is no filter of cards (E101 and the parser's E002
    after it say the same); a statement with a filter of its own (data/forms.toml
    ``filter``: `Big items`) is pointed to it, any other to a tag."""
    named = next((e.get("filter") for e in data.load("forms")["stat"]
                  if word.lower() in e["ids"]), None)
    if named:
        return (f"'{word}' is a card statement (a card's `{word}` line); the cards that have "
                f"it are written `{named}` (`if you have at least 2 {named} in play`), or "
                'keep the rule as `manual "..."`')
    return (f"'{word}' is a card statement (a card's `{word}` line), not a filter of cards, "
            f"and no condition counts the cards that have it: put a tag on them (`tags "
            f"{word.title()}`) and count the tag (`if you have at least 2 {word.title()} in "
            'play`), or keep the rule as `manual "..."`')
