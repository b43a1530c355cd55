"""`munchkin mix`: conflicts per ruleset pair, identity clashes, references, resolution
files, the merged data and its schema.

Pair tests use one-card packs written to tmp_path in the pack language, so the conflicts
they find are the rulesets' differences and nothing else; the expected table is the one
docs/mixing.md shows.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import jsonschema
import pytest

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.engine_data import load_engine_data
from munchkin_dsl.mix import mix_packs
from munchkin_dsl.mix.merge import build_mixed_schema, dumps_mixed, mixed_schema_text
from munchkin_dsl.mix.resolution import read_resolution_file

ROOT = Path(__file__).resolve().parents[1]
IDS = ("munchkin-1.6", "munchkin-classic-ru", "munchkins-and-mazes", "star-munchkin",
       "munchkin-apocalypse")
SAMPLE_PACKS = tuple(ROOT / "packs" / rs for rs in IDS)
ALL_FIVE_RESOLVE = ROOT / "mixes" / "all-five.resolve"

R1_4 = ["fixed-rule.R1", "fixed-rule.R2", "fixed-rule.R3", "fixed-rule.R4"]
APOC = ["seals", "item-enhancers", "races"]
STAR_EQ = ["curse-kinds", "decks", "money", "big-aggregate"]

#: (ruleset, ruleset) -> (conflict ids, equivalence ids), in report order.
PAIRS: dict[tuple[str, str], tuple[list[str], list[str]]] = {
    ("munchkin-1.6", "munchkin-classic-ru"): (
        ["hand-limit", "fixed-rule.R1", "shared-win"], []),
    ("munchkin-1.6", "munchkins-and-mazes"): ([], []),
    ("munchkin-1.6", "star-munchkin"): (
        ["deal", *R1_4, "shared-win", "helper-levels"], STAR_EQ),
    ("munchkin-1.6", "munchkin-apocalypse"): (
        ["shared-win", "helper-levels", *APOC], ["curse-kinds"]),
    ("munchkin-classic-ru", "munchkins-and-mazes"): (
        ["hand-limit", "fixed-rule.R1", "shared-win"], []),
    ("munchkin-classic-ru", "star-munchkin"): (
        ["deal", "hand-limit", *R1_4, "helper-levels"], STAR_EQ),
    ("munchkin-classic-ru", "munchkin-apocalypse"): (
        ["hand-limit", "fixed-rule.R1", "shared-win", "helper-levels", *APOC],
        ["curse-kinds"]),
    ("munchkins-and-mazes", "star-munchkin"): (
        ["deal", *R1_4, "shared-win", "helper-levels"],
        ["curse-kinds", "hireling-sidekick", "decks", "money", "big-aggregate"]),
    ("munchkins-and-mazes", "munchkin-apocalypse"): (
        ["shared-win", "helper-levels", *APOC], ["curse-kinds"]),
    ("star-munchkin", "munchkin-apocalypse"): (
        ["deal", *R1_4, "shared-win", *APOC], STAR_EQ),
}


def write_pack(folder: Path, pack_id: str, ruleset: str, body: str = "") -> Path:
    """A one-file pack: the header, then ``body`` (or one plain monster)."""
    body = body or (f'monster {pack_id}-m "{pack_id} Monster" {{\n  level 1\n  treasures 1\n'
                    "  bad stuff: lose 1 level\n}\n")
    path = folder / f"{pack_id}.munch"
    path.write_text(f'pack {pack_id} {{\n  title "{pack_id}"\n  version "1"\n'
                    f"  ruleset {ruleset}\n  languages en\n}}\n\n{body}", encoding="utf-8")
    return path


def ids(result) -> list[str]:
    return [c.id for c in result.conflicts]


def test_every_pair_is_in_the_table() -> None:
    assert set(PAIRS) == set(itertools.combinations(IDS, 2))


@pytest.mark.parametrize(("first", "second"), list(PAIRS), ids=lambda v: v)
def test_pair_conflicts_and_equivalences(tmp_path: Path, first: str, second: str) -> None:
    a = write_pack(tmp_path, "pa", first)
    b = write_pack(tmp_path, "pb", second)
    result = mix_packs([a, b])
    assert not result.sink.has_errors, [str(d) for d in result.sink]
    expected_conflicts, expected_equivalences = PAIRS[(first, second)]
    assert ids(result) == expected_conflicts
    assert [e.id for e in result.equivalences] == expected_equivalences
    # The order of the packs changes neither list's content.
    swapped = mix_packs([b, a])
    assert sorted(ids(swapped)) == sorted(expected_conflicts)
    assert sorted(e.id for e in swapped.equivalences) == sorted(expected_equivalences)


def test_rulebook_settlements_quote_the_rulebook(tmp_path: Path) -> None:
    result = mix_packs([write_pack(tmp_path, "pa", "munchkin-apocalypse"),
                        write_pack(tmp_path, "pb", "star-munchkin")])
    by_id = {s.conflict.id: s for s in result.settlements}
    deal = by_id["deal"]
    assert (deal.by, deal.choice) == ("rulebook", "4+4")
    assert deal.conflict.citations[0].ruleset == "star-munchkin"
    assert "«Совмещение этой игры с Манчкином»" in deal.conflict.citations[0].source
    assert (by_id["seals"].by, by_id["seals"].choice) == ("rulebook", "roll-on-1")
    assert "Otworzy Pieczęć, jeżeli wypadnie 1" in by_id["seals"].conflict.citations[0].text
    assert (by_id["item-enhancers"].by, by_id["item-enhancers"].choice) == ("rulebook", "infer")
    assert by_id["races"].by == "open"
    assert [o.id for o in by_id["races"].conflict.options] == ["allow", "remove"]
    curse = next(e for e in result.equivalences if e.id == "curse-kinds")
    assert curse.kind_map == {"disaster": "curse", "trap": "curse"}
    assert {c.ruleset for c in curse.citations} == {"munchkin-apocalypse", "star-munchkin"}


def test_options_accept_ruleset_ids_as_aliases(tmp_path: Path) -> None:
    result = mix_packs([write_pack(tmp_path, "pa", "munchkin-1.6"),
                        write_pack(tmp_path, "pb", "munchkin-classic-ru")])
    hand = next(c for c in result.conflicts if c.id == "hand-limit")
    assert [o.id for o in hand.options] == ["5", "5/dwarf-6"]
    assert hand.option("munchkin-classic-ru").id == "5/dwarf-6"
    r1 = next(c for c in result.conflicts if c.id == "fixed-rule.R1")
    assert [o.id for o in r1.options] == ["base:explicit", "no_card_below_1:explicit"]


# ---------------------------------------------------------------- identity clashes
MONSTER = ('monster {id} "{name}" {{\n  level {level}\n  treasures 1\n'
           "  bad stuff: lose 1 level\n}}\n")


def test_identity_clashes(tmp_path: Path) -> None:
    a = write_pack(tmp_path, "pa", "munchkin-1.6",
                   MONSTER.format(id="troll", name="Troll", level=10)
                   + MONSTER.format(id="twin", name="Twin", level=3)
                   + MONSTER.format(id="boots-a", name="Boots", level=2)
                   + MONSTER.format(id="same-a", name="Same", level=4))
    b = write_pack(tmp_path, "pb", "munchkins-and-mazes",
                   MONSTER.format(id="troll", name="Big Troll", level=12)
                   + MONSTER.format(id="twin", name="Twin", level=3)
                   + MONSTER.format(id="boots-b", name="boots", level=5)
                   + MONSTER.format(id="same-b", name="Same", level=4))
    result = mix_packs([a, b])
    assert ids(result) == ["id:troll", "id:twin", "name:en:Boots"]
    by_id = {s.conflict.id: s for s in result.settlements}
    assert by_id["id:troll"].by == "open"
    assert [o.id for o in by_id["id:troll"].conflict.options] == ["keep:pa", "keep:pb",
                                                                   "rename"]
    assert (by_id["id:twin"].by, by_id["id:twin"].choice) == ("identical", "keep:pa")
    assert [o.id for o in by_id["name:en:Boots"].conflict.options] == [
        "keep-both", "keep:pa", "keep:pb"]
    sides = by_id["id:troll"].conflict.sides
    assert [s.who for s in sides] == ["pa", "pb"]
    assert sides[0].source.endswith("pa.munch:8:1")

    resolve = tmp_path / "r.resolve"
    resolve.write_text('["id:troll"]\nchoose = "rename"\n\n["name:en:Boots"]\n'
                       'choose = "keep:pb"\n', encoding="utf-8")
    merged = mix_packs([a, b], resolve)
    assert merged.ok, [str(d) for d in merged.sink]
    card_ids = [c.id for c in merged.merged.data.cards]
    assert card_ids == ["pa.troll", "twin", "same-a", "pb.troll", "boots-b", "same-b"]
    record = merged.merged.record
    assert [(d.card, d.pack, d.because) for d in record.dropped] == [
        ("boots-a", "pa", "name:en:Boots"), ("twin", "pb", "id:twin")]
    assert [(r.card, r.original) for r in record.renamed] == [("pa.troll", "troll"),
                                                              ("pb.troll", "troll")]


# ---------------------------------------------------------------- references
def test_reference_only_the_other_side_defines(tmp_path: Path) -> None:
    base = write_pack(tmp_path, "pa", "munchkin-1.6",
                      'item feline-claws "Feline Claws" {\n  one hand\n  bonus +2\n'
                      "  value 200\n  usable by Feline only\n}\n")
    alone = mix_packs([base])
    assert [d.code for d in alone.sink] == ["E101"]
    assert alone.merged is None
    star = write_pack(tmp_path, "ps", "star-munchkin")
    result = mix_packs([base, star])
    assert not result.sink.has_errors
    note = next(c for c in result.conflicts if c.family == "ref")
    assert note.id == "ref:race:Feline"
    assert note.is_note
    assert [(s.who, s.value) for s in note.sides] == [
        ("pa", "card feline-claws refers to it"), ("ps", "defined by ruleset star-munchkin")]
    assert note.sides[0].source.endswith("pa.munch:8:1")


# ---------------------------------------------------------------- resolution files
def _diagnostics(tmp_path: Path, text: str) -> list[tuple[str, int, int, str | None]]:
    a = write_pack(tmp_path, "pa", "munchkin-1.6")
    b = write_pack(tmp_path, "pb", "munchkin-classic-ru")
    resolve = tmp_path / "bad.resolve"
    resolve.write_text(text, encoding="utf-8")
    result = mix_packs([a, b], resolve)
    assert result.merged is None
    return [(d.code, d.span.line, d.span.column, d.hint) for d in result.sink.sorted()]


def test_resolution_unknown_conflict_id(tmp_path: Path) -> None:
    found = _diagnostics(tmp_path, '# choices\n[hand-limt]\nchoose = "5"\n')
    assert found == [("M001", 2, 2, "did you mean 'hand-limit'?")]


def test_resolution_unknown_choice(tmp_path: Path) -> None:
    found = _diagnostics(tmp_path, '[hand-limit]\nchoose   = "6"\n\n["fixed-rule.R1"]\n'
                                   'choose = "base:explicti"\n')
    assert found == [
        ("M002", 2, 12, 'choose one of: "5", "5/dwarf-6"'),
        ("M002", 5, 10, "did you mean 'base:explicit'?"),
    ]


def test_resolution_unknown_key_and_missing_choose(tmp_path: Path) -> None:
    found = _diagnostics(tmp_path, '[shared-win]\n  chose = "both"\n')
    assert found == [
        ("M003", 1, 2, 'add choose = "OPTION" (the report lists the options)'),
        ("M004", 2, 3, "did you mean 'choose'?"),
    ]


def test_resolution_toml_syntax_error(tmp_path: Path) -> None:
    found = _diagnostics(tmp_path, '[deal]\nchoose = 4+4\n')
    assert [(code, line, col) for code, line, col, _h in found] == [("M005", 2, 11)]


def test_resolution_dotted_and_quoted_tables_are_one_id(tmp_path: Path) -> None:
    found = _diagnostics(tmp_path, '[fixed-rule.R1]\nchoose = "base:explicit"\n'
                                   '["fixed-rule.R1"]\nchoose = "base:explicit"\n')
    assert [(code, line, col) for code, line, col, _h in found] == [("M006", 3, 2)]


def test_resolution_file_parses_positions(tmp_path: Path) -> None:
    path = tmp_path / "x.resolve"
    path.write_text('[a]\nchoose = "x"  # why\nnote = "because"\n\n[b.c]\nchoose = "y"\n',
                    encoding="utf-8")
    sink = DiagnosticSink()
    entries, _text = read_resolution_file(path, sink)
    assert not sink.items
    assert [(e.conflict_id, e.choose, e.note, e.span.line, e.choose_span.column)
            for e in entries] == [("a", "x", "because", 1, 10), ("b.c", "y", None, 5, 10)]


def test_resolution_may_override_the_rulebook(tmp_path: Path) -> None:
    a = write_pack(tmp_path, "pa", "munchkin-1.6")
    b = write_pack(tmp_path, "pb", "munchkins-and-mazes")
    resolve = tmp_path / "r.resolve"
    resolve.write_text("", encoding="utf-8")
    assert mix_packs([a, b], resolve).ok
    c = write_pack(tmp_path, "pc", "star-munchkin")
    resolve.write_text('[deal]\nchoose = "star-munchkin"\nnote = "short games"\n'
                       + "".join(f'["fixed-rule.R{n}"]\nchoose = "munchkin-1.6"\n'
                                 for n in range(1, 5))
                       + '[shared-win]\nchoose = "both"\n[helper-levels]\nchoose = "elf"\n',
                       encoding="utf-8")
    result = mix_packs([a, c], resolve)
    assert result.ok, [str(d) for d in result.sink]
    deal = next(s for s in result.settlements if s.conflict.id == "deal")
    assert (deal.by, deal.choice, deal.overrides_default, deal.note) == (
        "file", "2+2", True, "short games")


# ---------------------------------------------------------------- merged data
def test_merged_data_records_the_mix_and_validates(tmp_path: Path) -> None:
    a = write_pack(tmp_path, "pa", "munchkin-1.6",
                   'treasure spikes "Spikes" {\n  attaches to an item\n  value 100\n'
                   "  +1 to attached item\n}\n")
    b = write_pack(tmp_path, "pb", "munchkin-apocalypse",
                   'disaster quake "Disaster! Quake" {\n  victim loses 1 level\n}\n')
    resolve = tmp_path / "r.resolve"
    resolve.write_text('[shared-win]\nchoose = "all"\n[helper-levels]\nchoose = "nobody"\n'
                       '[races]\nchoose = "remove"\n', encoding="utf-8")
    result = mix_packs([a, b], resolve)
    assert result.ok, [str(d) for d in result.sink]
    doc = json.loads(dumps_mixed(result.merged))
    jsonschema.Draft202012Validator(build_mixed_schema()).validate(doc)
    assert [(c["id"], c["kind"]) for c in doc["cards"]] == [("spikes", "item-enhancer"),
                                                             ("quake", "curse")]
    mix = doc["mix"]
    assert mix["rulesets"] == ["munchkin-1.6", "munchkin-apocalypse"]
    assert [(k["card"], k["original"], k["kind"], k["because"]) for k in mix["kind_changes"]] \
        == [("spikes", "treasure", "item-enhancer", "item-enhancers"),
            ("quake", "disaster", "curse", "curse-kinds")]
    assert [(r["conflict"], r["choice"], r["by"]) for r in mix["resolutions"]] == [
        ("shared-win", "all", "file"), ("helper-levels", "nobody", "file"),
        ("seals", "roll-on-1", "rulebook"), ("item-enhancers", "infer", "rulebook"),
        ("races", "remove", "file")]
    assert mix["resolutions"][2]["quotes"][0]["ruleset"] == "munchkin-apocalypse"
    assert mix["equivalences"][0]["kinds"] == {"disaster": "curse"}
    # Still ordinary engine data to a loader that ignores the record.
    assert len(load_engine_data(doc).cards) == 2


def test_committed_mixed_schema_matches_the_code() -> None:
    committed = (ROOT / "schemas" / "mixed-engine-data.schema.json").read_text(encoding="utf-8")
    assert committed == mixed_schema_text(), (
        "regenerate: python -c 'from munchkin_dsl.mix.merge import mixed_schema_text; "
        "print(mixed_schema_text(), end=\"\")' > schemas/mixed-engine-data.schema.json")


# ---------------------------------------------------------------- the five sample packs
def test_all_five_sample_packs_mix_with_the_committed_resolution_file() -> None:
    missing = [str(p.relative_to(ROOT)) for p in SAMPLE_PACKS if not (p / "pack.munch").is_file()]
    if missing:
        pytest.skip("sample packs not written yet: " + ", ".join(missing))
    result = mix_packs(SAMPLE_PACKS, ALL_FIVE_RESOLVE)
    assert result.ok, [str(d) for d in result.sink]
    assert not result.open
    assert {s.by for s in result.settlements} <= {"rulebook", "file", "identical", "note"}
    doc = json.loads(dumps_mixed(result.merged))
    jsonschema.Draft202012Validator(build_mixed_schema()).validate(doc)
    assert doc["mix"]["rulesets"] == list(IDS)
    assert {c["kind"] for c in doc["cards"]}.isdisjoint({"trap", "disaster", "hireling"})
    assert [e["id"] for e in doc["mix"]["equivalences"]] == [
        "curse-kinds", "hireling-sidekick", "decks", "money", "big-aggregate"]


def test_two_packs_with_one_pack_id_are_E111_with_a_mix_hint(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = write_pack(tmp_path / "a", "same", "munchkin-1.6")
    b = write_pack(tmp_path / "b", "same", "star-munchkin",
                   MONSTER.format(id="other", name="Other", level=2))
    sink = DiagnosticSink()
    result = mix_packs([a, b], sink=sink)
    assert result.packs == []
    (diag,) = [d for d in sink if d.is_error]
    assert (diag.code, diag.span.line, diag.span.column) == ("E111", 1, 6)
    assert diag.hint is not None and "keep:PACK-ID" in diag.hint


def test_one_resolution_file_serves_several_mixes(tmp_path: Path) -> None:
    """Issue 12: a table for a conflict this mix does not have is a warning (M001), so the
    same file settles a 1.6 + classic-ru mix and a 1.6 + star-munchkin mix."""
    a = write_pack(tmp_path, "pa", "munchkin-1.6")
    b = write_pack(tmp_path, "pb", "munchkin-classic-ru")
    resolve = tmp_path / "both.resolve"
    resolve.write_text('[hand-limit]\nchoose = "5"\n\n[not-in-this-mix]\nchoose = "x"\n',
                       encoding="utf-8")
    result = mix_packs([a, b], resolve)
    found = [(d.code, d.severity.value) for d in result.sink.sorted()]
    assert ("M001", "warning") in found
    assert not any(sev == "error" for _code, sev in found)


def _merged(paths: list[Path], resolve: Path | None = None):  # type: ignore[no-untyped-def]
    result = mix_packs(paths, resolve)
    if result.merged is None and result.open:  # settle what is open with the defaults
        text = "".join(f'[{s.conflict.id}]\nchoose = "{s.conflict.options[0].id}"\n'
                       for s in result.open)
        resolve = paths[0].parent / "auto.resolve"
        resolve.write_text(text, encoding="utf-8")
        result = mix_packs(paths, resolve)
    assert result.merged is not None, [d.message for d in result.sink.items]
    return {c.id: c for c in result.merged.data.cards}


def test_merged_data_rewrites_when_targeted_by_to_the_unified_kind(tmp_path: Path) -> None:
    """Issue 12: a Gadgeteer's `when targeted by trap` answers curses in a Star + Munchkin
    mix; the merged data used to keep `targeted_by: trap` (no traps remain: never fires)."""
    cards = _merged([Path("packs/star-munchkin"), Path("packs/munchkin-1.6")],
                    Path("mixes/star-base.resolve"))
    answers = [a for a in cards["gadgeteer"].abilities if a.timing == "when_targeted"]
    assert answers and all(a.targeted_by == "curse" for a in answers)
    assert cards["chromosome-shift"].kind == "curse"


def test_a_hireling_of_a_line_without_hirelings_counts_as_a_sidekick(tmp_path: Path) -> None:
    """Issue 12: a Hireling in a munchkin-1.6 pack mixed with star-munchkin becomes a
    Sidekick (the kinds present are the cards' too, not only the rulesets')."""
    a = write_pack(tmp_path, "pa", "munchkin-1.6",
                   'hireling h "Hireling" {\n  play any time\n}\n')
    b = write_pack(tmp_path, "pb", "star-munchkin",
                   'sidekick s "Red Shirt" {\n  play any time\n}\n')
    cards = _merged([a, b])
    assert cards["h"].kind == "sidekick"
