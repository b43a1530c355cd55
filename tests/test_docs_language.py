"""docs/language.md cannot drift from the language: its tables of forms are written from
the declarations, and every example in it checks clean.

* Every table between ``<!-- parts:KEY -->`` markers is what
  :mod:`munchkin_dsl.language.reference` builds from data/timings.toml, data/effects.toml,
  data/forms.toml and the part classes (a stale table fails with the command that
  rewrites it); every table has its marker and every part category its table.
* Every example of a table row checks clean on some card kind (an effect with no timing
  is tried with each kind's usual prefix).
* Every fenced ``munch`` block outside the sections that show mistakes on purpose (§10,
  §11) checks clean: a card block as a pack of its own (in munchkin-1.6 unless its first
  line says ``# ruleset: ID``), a lone effect line on a card that can carry it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from munchkin_dsl import data
from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import check_pack
from munchkin_dsl.language import algebra, reference
from munchkin_dsl.tools.write_docs_tables import COMMAND, markers, rewrite

DOC = Path(__file__).resolve().parent.parent / "docs" / "language.md"
TEXT = DOC.read_text(encoding="utf-8")
#: A PNG header, for the `art` example (the checker reads the header only).
_PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16
HEADER = 'pack docs {{ title "Docs"; version "1"; ruleset {}; languages {} }}\n'
#: Sections whose blocks are not cards: the pack layout, the header, mistakes on purpose.
NOT_CARDS = ("## 1. Pack layout", "## 2. The pack header", "## 10. Fixed rules",
             "## 11. How to read a diagnostic")


def _section_of(offset: int) -> str:
    heads = [m for m in re.finditer(r"^## .*$", TEXT, re.M) if m.start() <= offset]
    return heads[-1].group(0) if heads else ""


def _blocks() -> list[tuple[int, str]]:
    out = []
    for m in re.finditer(r"```munch\n(.*?)```", TEXT, re.S):
        if _section_of(m.start()).startswith(NOT_CARDS):
            continue
        out.append((TEXT.count("\n", 0, m.start()) + 1, m.group(1)))
    return out


BLOCKS = _blocks()


def _problems(body: str, tmp_path: Path, ruleset: str = "munchkin-1.6") -> list[str]:
    languages = ", ".join(["en", *sorted(set(re.findall(r'(?:name|manual|text) (\w\w) "', body)))])
    # a Steed for the examples that test for one (an English-only pack: the tag has no
    # translation)
    pony = 'item pony "Pony" { tags Steed; bonus +1; value 200 }\n' if languages == "en" else ""
    (tmp_path / "pack.munch").write_text(HEADER.format(ruleset, languages) + pony + body,
                                         encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    # warnings too: examples are clean (but a manual rule's W601 is what it shows)
    return [f"{d.severity}: {d}" for d in sink.items
            if not (d.code == "W601" and "manual" in body)]


# ---------------------------------------------------------------- the generated tables

def test_the_tables_are_written_from_the_declarations() -> None:
    assert rewrite(TEXT) == TEXT, (f"docs/language.md has a stale table of forms: run "
                                   f"`{COMMAND}` and commit the result")


def test_every_table_has_its_marker_and_every_part_category_its_table() -> None:
    found = markers(TEXT)
    assert sorted(found) == sorted(reference.tables()), (
        f"markers {found} vs tables {list(reference.tables())}: add "
        "`<!-- parts:KEY -->\\n<!-- /parts -->` where the table belongs, then run "
        f"`{COMMAND}`")
    categories = {p.category for p in algebra.declared()}
    assert categories <= set(reference.tables()), "a part category has no docs table"


def test_every_effect_declares_its_written_forms() -> None:
    """Each effects.toml entry has at least one row for the docs, and a row that names a
    variant names one the entry has."""
    for kind, entry in data.load("effects").items():
        if kind == "groups":
            continue
        assert entry.get("forms"), f"effects.toml [{kind}] has no `forms` rows for the docs"
        for form in entry["forms"]:
            assert form.get("variant") in (None, *entry.get("variants", {})), (kind, form)


#: Where an example of a table row is tried: (card kind, its required lines, line prefix).
_MONSTER = "level 4; treasures 1; bad stuff: lose 1 level; "
_HOSTS = (("item", "bonus +1; value 200; ", ""), ("monster", _MONSTER, ""),
          ("one-shot", "value 200; ", "in combat: "), ("curse", "", ""),
          ("monster", "level 4; treasures 1; ", "bad stuff: "),
          ("monster-enhancer", "", ""), ("door", "", ""), ("treasure", "value 200; ", ""),
          ("item-enhancer", "bonus +1; value 200; ", ""), ("seal", "", "while open: "),
          ("seal", "", ""), ("one-shot", "value 200; ", ""), ("race", "", ""),
          ("curse", "", "when caught: "), ("item", "bonus +1; value 200; ", "on kill: "),
          ("item", "bonus +1; value 200; ", "when you would lose a level: "))
#: Words of an example that need a ruleset other than munchkin-1.6 (its deck, kind or
#: names); the kinds only Apocalypse has.
_RULESET_WORDS = (("seal", "munchkin-apocalypse"), ("open", "munchkin-apocalypse"),
                  ("kid", "munchkin-apocalypse"), ("guerrilla", "munchkin-apocalypse"),
                  ("shark", "munchkin-apocalypse"), ("airlock", "star-munchkin"),
                  ("feline", "star-munchkin"))
_RULESET_KINDS = {"seal": "munchkin-apocalypse", "item-enhancer": "munchkin-apocalypse",
                  "sidekick": "star-munchkin", "hireling": "munchkins-and-mazes"}


def _ruleset(kind: str, example: str) -> str:
    return next((rs for word, rs in _RULESET_WORDS if word in example.casefold()),
                _RULESET_KINDS.get(kind, "munchkin-1.6"))


def _card(n: int, host: tuple[str, str, str], example: str) -> str:
    kind, required, prefix = host
    line = example if ":" in example or not prefix else prefix + example
    return f'{data_words(kind)} c{n} "C{n}" {{ {required}{line} }}\n'


def data_words(kind: str) -> str:
    return str(data.kinds()[kind]["words"])


EXAMPLES = sorted(set(reference.examples()))


@pytest.mark.parametrize(("table", "example"), EXAMPLES, ids=[e for _t, e in EXAMPLES])
def test_every_table_example_checks_clean(table: str, example: str, tmp_path: Path) -> None:
    """The example in each row is a line an author can write: clean on at least one card
    kind (a bare effect with a kind's usual prefix)."""
    tried = []
    for n, host in enumerate(_HOSTS):
        card = _card(n, host, example)
        problems = _problems(card, tmp_path, _ruleset(host[0], example))
        if not problems:
            return
        tried.append(f"{card.strip()}: {problems}")
    raise AssertionError(f"{table} table example `{example}` checks clean nowhere:\n"
                         + "\n".join(tried))


@pytest.mark.parametrize("part", algebra.declared(), ids=lambda p: p.rule)
def test_every_part_has_a_row(part: type[algebra.Part]) -> None:
    rows = {(r.form, r.example) for t in reference.tables().values() for r in t.rows}
    # a part that declares its docs rows (`forms`) has each of them; any other, one row
    # from its syntax and example
    forms = getattr(part, "forms", ()) or ((f"`{algebra.form_of(part)}`", "", part.example),)
    per = getattr(part, "per_form", None)
    if per and not getattr(part, "ways", ()):  # written only `per card`: its row is the
        # amount row of its per word (data/forms.toml), beside `per open seal`'s
        forms = tuple((e["form"], e["does"], e["example"]) for e in data.load("forms")["amount"]
                      if per[0] in e["ids"])
        assert forms, part
    assert {(form, example) for form, _does, example in forms} <= rows


# ---------------------------------------------------------------- the prose examples

def test_the_document_has_examples_for_every_family_it_covers() -> None:
    assert len(BLOCKS) >= 15


@pytest.mark.parametrize(("line", "body"), BLOCKS, ids=[f"line{n}" for n, _ in BLOCKS])
def test_example_checks_clean(line: int, body: str, tmp_path: Path) -> None:
    first = body.splitlines()[0]
    ruleset = (first.split(":", 1)[1].strip() if first.startswith("# ruleset:")
               else _ruleset("", body))
    if "{" not in body:  # an effect line on its own: on a card that can carry it
        body = f'class c-line "Line" {{\n  {body.strip()}\n}}\n'
    problems = _problems(body, tmp_path, ruleset)
    assert not problems, f"docs/language.md:{line}: {problems}"


#: A card line each stat example needs beside it, so the card is complete and clean.
_REQUIRED = {"level": "level 4", "treasures": "treasures 1", "bonus": "bonus +1"}
_COMPLETE = {"monster": "bad stuff: lose 1 level", "item": "value 200"}
STATS = data.load("forms")["stat"]



@pytest.mark.parametrize("entry", STATS, ids=[s["form"] for s in STATS])
def test_every_stat_example_checks_clean(entry: dict[str, Any], tmp_path: Path) -> None:
    """Each statement's example is clean on the first kind the table says takes it (or
    the entry's `kind`, beside its `with` line)."""
    form, example, ids = entry["form"], entry["example"], entry["ids"]
    kind = entry.get("kind", reference.stat_kinds(ids)[0])
    assert kind in reference.stat_kinds(ids)
    lines = [_REQUIRED[s] for s in data.kinds()[kind]["required"] if s not in ids]
    lines += [entry["with"]] if "with" in entry else []
    if kind in _COMPLETE and not example.startswith(("value", "no value")):
        lines.append(_COMPLETE[kind])
    lines.append(example)
    if ' ru "' in example and not example.startswith("name"):
        lines.append('name ru "Карта"')
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "ok.png").write_bytes(_PNG)
    body = f'{data_words(kind)} c "C" {{ ' + "; ".join(lines) + " }\n"
    ruleset = "star-munchkin" if "laser" in example or "aggregate" in example else (
        _RULESET_KINDS.get(kind, "munchkin-1.6"))
    problems = _problems(body, tmp_path, ruleset)
    if "manual" in example:
        problems = [p for p in problems if "W601" not in p]
    assert not problems, f"{form}: {body}{problems}"


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as '-'."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def test_every_link_to_a_section_of_the_language_reference_resolves() -> None:
    """The contents line, the parts table and any `language.md#...` link elsewhere in the
    repository name a heading the document has (the sections were reorganised)."""
    anchors = {_slug(m.group(1)) for m in re.finditer(r"^#+ (.*)$", TEXT, re.M)}
    links = re.findall(r"\]\(#([^)]+)\)", TEXT)
    root = DOC.parent.parent
    for path in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        links += re.findall(r"language\.md#([\w\-]+)", path.read_text(encoding="utf-8"))
    assert links
    assert [a for a in links if a not in anchors] == []
