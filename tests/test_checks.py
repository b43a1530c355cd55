"""Stage 3: every diagnostic code the checker owns, each with a failing and a passing pack.

The table below pairs a pack that must report a code with the smallest fix that must
not.  ``test_every_emitted_code_is_tested`` scans the checker's sources, so a new code
without a pair here (or without an ``--explain`` entry in data/codes.toml) fails.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import HEADER, REPO, SAMPLE, PackWriter, codes, sample_packs, span_tuple

from munchkin_dsl import data
from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.base.explain import explain_code
from munchkin_dsl.compiler.api import check_pack, compile_packs
from munchkin_dsl.compiler.checks import all_checks

H16 = HEADER
H16_RU = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru }\n'
HSTAR = 'pack t { title "T"; version "1"; ruleset star-munchkin }\n'
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16

#: code -> (failing pack text, passing pack text).  The header is part of the text.
PAIRS: dict[str, tuple[str, str]] = {
    # api.py: the header
    "E010": (H16 + H16, H16),
    "E011": ('race r "R" { }\n', H16 + 'race r "R" { }\n'),
    "E013": ('pack t { title "T"; version "1" }\n', H16),
    "E014": ('pack t { ruleset munchkin-1.6 }\n', H16),
    "E104": ('pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, rus }\n',
             H16_RU + 'race r "R" { name ru "Р" }\n'),
    "E105": ('pack t { title "T"; version "1"; ruleset munchkin-16 }\n', H16),
    "E017": ('pack t { title "T"; title "U"; version "1"; ruleset munchkin-1.6 }\n', H16),
    "E016": (H16 + 'race q "" { }\n', H16 + 'race q "Quokka" { }\n'),
    "E018": (H16 + 'race e "Elf" { name en "Elfie" }\n', H16 + 'race e "Elfie" { }\n'),
    # identity.py
    "E102": (H16 + 'race a "A" { }\nrace a "B" { }\n', H16 + 'race a "A" { }\nrace b "B" { }\n'),
    "E103": (H16 + 'race a "Elfish" { }\nrace b "ELFISH" { }\n',
             H16 + 'race a "Elfish" { }\nrace b "Dwarfish" { }\n'),
    # references.py
    "E101": (H16 + 'monster m "M" { level 1; treasures 1; +4 against Halflins'
                   '; bad stuff: lose 1 level }\n',
             H16 + 'monster m "M" { level 1; treasures 1; +4 against Halfling'
                   '; bad stuff: lose 1 level }\n'),
    "E106": (H16 + 'treasure t "T" { you draw 1 tresure }\n',
             H16 + 'treasure t "T" { you draw 1 treasure }\n'),
    "E107": (H16 + 'door d "D" { overrides rule 7 "x"; on reveal: you go to level 10 }\n',
             H16 + 'door d "D" { overrides rule 4 "x"; on reveal: you go to level 10 }\n'),
    # stats.py
    "E201": (H16 + 'item i "I" { level 3; bonus +1'
                   '; no value }\n', H16 + 'item i "I" { bonus +1; no value }\n'),
    "E203": (H16 + 'monster m "M" { treasures 3; bad stuff: lose 1 level }\n',
             H16 + 'monster m "M" { level 1; treasures 3; bad stuff: lose 1 level }\n'),
    "E204": (H16 + 'monster m "M" { level 1; level 2; treasures 3; bad stuff: lose 1 level }\n',
             H16 + 'monster m "M" { level 2; treasures 3; bad stuff: lose 1 level }\n'),
    "E205": (H16 + 'monster m "M" { level 0; treasures 3; bad stuff: lose 1 level }\n',
             H16 + 'monster m "M" { level 1; treasures 3; bad stuff: lose 1 level }\n'),
    "E208": (H16 + 'item i "I" { bonus +1; value 300; no value }\n',
             H16 + 'item i "I" { bonus +1; no value }\n'),
    "W108": (H16_RU.replace("en, ru", "en, pl") + 'race r "R" { name pl "P"; name ru "Р" }\n',
             H16_RU + 'race r "R" { name ru "Р" }\n'),
    "W109": (H16_RU + 'race r "R" { }\n', H16_RU + 'race r "R" { name ru "Р" }\n'),
    # parts.py: a card's title as a filter that no card of the pack bears
    "W116": (H16 + 'class c "C" { if you have a "Lucky Charn" in play: +1 to run away }\n'
             'door l "Lucky Charm" { persistent }\n',
             H16 + 'class c "C" { if you have a "Lucky Charm" in play: +1 to run away }\n'
             'door l "Lucky Charm" { persistent }\n'),
    "W301": (H16 + 'item i "I" { bonus +1; value 250 }\n',
             H16 + 'item i "I" { bonus +1; value 300 }\n'),
    # lines.py
    "E202": (H16 + 'item i "I" { bonus +1; copy the monster; no value }\n',
             H16 + 'monster enhancer i "I" { copy the monster }\n'),
    "E206": (H16 + 'race r "R" { +5 to you: in combat }\n',
             H16 + 'race r "R" { in combat: +5 to you }\n'),
    "E207": (H16 + 'race r "R" {\n  in combat:\n}\n',
             H16 + 'race r "R" { in combat: +2 to you }\n'),
    "E209": (H16 + 'monster m "M" { level 1; treasures 1; bad stuff: otherwise lose 1 level }\n',
             H16 + 'monster m "M" { level 1; treasures 1; '
             'bad stuff: discard footgear, otherwise lose 1 level }\n'),
    "E210": (H16 + 'class c "C" { in combat: +1 per card to you }\n',
             H16 + 'class c "C" { in combat, discard up to 3 cards: +1 per card to you }\n'),
    "E212": (H16 + 'class c "C" { in combat, on kill: gain 1 level }\n',
             H16 + 'class c "C" { on kill: gain 1 level }\n'),
    "E213": (H16 + 'class c "C" { once per turn, once per combat: +1 to you }\n',
             H16 + 'class c "C" { once per combat: +1 to you }\n'),
    "E215": (H16 + 'class c "C" { victim discards 1 card: +2 to you }\n',
             H16 + 'class c "C" { discard 1 card: +2 to you }\n'),
    "E216": (H16 + 'class c "C" { discard all armor: +3 to you }\n',
             H16 + 'class c "C" { discard 2 cards: +3 to you }\n'),
    "E220": (H16 + 'monster m "M" { level 2; treasures 1; on death: +2; bad stuff: lose 1 '
                   'level }\n',
             H16 + 'monster m "M" { level 2; treasures 1; +2 against Elf'
                   '; bad stuff: lose 1 level }\n'),
    "E221": (H16 + 'race r "R" { on kill: +2 to you }\n',
             H16 + 'race r "R" { in combat: +2 to you }\n'),
    "E222": (H16 + 'race r "R" { in combat, if fighter is Undead: +2 to you }\n',
             H16 + 'race r "R" { in combat, if monster is Undead: +2 to you }\n'),
    "E223": (H16 + 'monster enhancer e "E" { draw 1 door }\n',
             H16 + 'monster enhancer e "E" { fighter draws 1 door }\n'),
    "E224": (H16 + 'door d "D" { open a seal }\n',
             H16.replace("munchkin-1.6", "munchkin-apocalypse") + 'door d "D" { open a seal }\n'),
    "E225": (H16 + 'treasure t "T" { attached item ignores slot limits }\n',
             H16 + 'treasure t "T" { attaches to an item; attached item ignores slot limits }\n'),
    # inert.py: lines the grammar-driven conformance run found accepted but never run
    "E226": (H16 + 'monster m "M" { level 2; treasures 1; roll 3+: +1 treasure }\n',
             H16 + 'monster m "M" { level 2; treasures 1; on reveal, roll 3+: fighter draws 1 '
             'treasure; bad stuff: lose 1 level }\n'),
    "E227": (H16 + 'door d "D" { on kill: gain 1 level }\n',
             H16 + 'door d "D" { persistent; on kill: gain 1 level }\n'),
    "E228": (H16 + 'one-shot o "O" { monster loses 1 level }\n',
             H16 + 'one-shot o "O" { no value; fighter loses 1 level }\n'),
    "E229": (H16 + 'curse c "C" { lose as many levels as the roll shows }\n',
             H16 + 'curse c "C" { roll 2+: lose as many levels as the roll shows }\n'),
    "W601": (H16 + 'race r "R" { manual "Nobody may trade with you." }\n',
             H16 + 'race r "R" { in combat: +1 to you }\n'),
    "E602": (H16 + 'race r "R" { manual ru "Правило."; in combat: +1 to you }\n',
             H16 + 'race r "R" { in combat: +1 to you }\n'),
    # ruleset_fit.py
    "W401": (H16 + 'seal s "S" { while open: +1 to you }\n',
             H16.replace("munchkin-1.6", "munchkin-1.6, munchkin-apocalypse")
             + 'seal s "S" { while open: +1 to you }\n'),
    "W402": (H16 + 'item i "I" { bonus +1; aggregate; no value }\n',
             H16.replace("munchkin-1.6", "munchkin-1.6, star-munchkin")
             + 'item i "I" { bonus +1; aggregate; no value }\n'),
    "W403": (HSTAR + 'item i "I" { bonus +1; big; no value }\n',
             HSTAR + 'item i "I" { bonus +1; aggregate; no value }\n'),
    "W404": (H16.replace("munchkin-1.6", "munchkins-and-mazes")
             + 'curse c "C" { victim discards armor }\n',
             H16.replace("munchkin-1.6", "munchkins-and-mazes")
             + 'curse c "C" { victim discards all armor }\n'),
    # art.py (the passing side writes art/ok.png, see test_good_pack_passes)
    "E120": (H16 + 'race r "R" { art "../outside.png" }\n',
             H16 + 'race r "R" { art "art/ok.png" }\n'),
    "E121": (H16 + 'race r "R" { art "art/missing.png" }\n',
             H16 + 'race r "R" { art "art/ok.png" }\n'),
    "E122": (H16 + 'race r "R" { art "pack.munch" }\n', H16 + 'race r "R" { art "art/ok.png" }\n'),
    # card_text.py
    "W501": (H16 + 'monster m "M" { level 10; treasures 3; +3 against Elf; '
             'text en "+5 against Elves."; bad stuff: lose 1 level }\n',
             H16 + 'monster m "M" { level 10; treasures 3; +5 against Elf; '
             'text en "+5 against Elves."; bad stuff: lose 1 level }\n'),
    # fixed_rules.py
    "R101": (H16 + 'curse c "C" { victim goes to level 0 }\n',
             H16 + 'curse c "C" { victim goes to level 1 }\n'),
    "R102": (HSTAR + 'monster m "M" { level 2; treasures 1; -5 against Feline'
                     '; bad stuff: lose 1 level }\n',
             HSTAR + 'monster m "M" { level 6; treasures 1; -5 against Feline'
                     '; bad stuff: lose 1 level }\n'),
    "R201": (H16 + 'monster m "M" { level 4; treasures 1; on escape: gain 1 level'
                   '; bad stuff: lose 1 level }\n',
             H16 + 'monster m "M" { level 4; treasures 1; on escape: lose 1 level'
                   '; bad stuff: lose 1 level }\n'),
    "R301": (H16 + 'monster m "M" { level 2; treasures 1; in combat: fighter draws 1 treasure'
                   '; bad stuff: lose 1 level }\n',
             H16 + 'monster m "M" { level 2; treasures 1; '
             'if fighter is female: defeat without a kill, fighter draws 1 treasure'
             '; bad stuff: lose 1 level }\n'),
    "R401": (H16 + 'door d "D" { on reveal: you go to level 10 }\n',
             H16 + 'door d "D" { overrides rule 4 "why"; on reveal: you go to level 10 }\n'),
    "R411": (HSTAR + 'door d "D" { overrides rule 4; on reveal: you go to level 10 }\n',
             HSTAR + 'door d "D" { on reveal: you gain 1 level }\n'),
    "W211": (H16 + 'race o "O" { when caught, may discard 2 cards: ignore bad stuff that takes '
                   'levels }\n',
             H16 + 'race o "O" { when caught, discard 2 cards: ignore bad stuff that takes '
                   'levels }\n'),
    "W212": (H16 + 'curse c "C" { victim discards 2 cards, otherwise victim loses 1 level }\n',
             H16 + 'curse c "C" { victim discards 1 card, otherwise victim loses 1 level }\n'),
    "E231": (H16 + 'one-shot x "X" { value 100; each Elf draws 1 treasure }\n',
             H16 + 'one-shot x "X" { value 100; each Elf loses 1 level }\n'),
    "W213": (H16 + 'one-shot x "X" { value 100; if each player is Elf: each player loses 1 '
                   'level }\n',
             H16 + 'one-shot x "X" { value 100; each player who is an Elf loses 1 level }\n'),
    "W410": (H16 + 'door d "D" { overrides rule 2; on reveal: draw 1 door }\n',
             H16 + 'door d "D" { on reveal: draw 1 door }\n'),
    # completeness.py
    "W701": (H16 + 'monster m "M" { level 4; treasures 1 }\n',
             H16 + 'monster m "M" { level 4; treasures 1; bad stuff: lose 1 level }\n'),
    "W702": (H16 + 'item i "I" { bonus +1 }\n', H16 + 'item i "I" { bonus +1; no value }\n'),
    "W703": (HSTAR.replace("star-munchkin", "star-munchkin; languages en, ru")
             + 'item i "I" { name ru "И"; bonus +1; value 300; tags cyborg }\n',
             HSTAR.replace("star-munchkin", "star-munchkin; languages en, ru")
             + 'item i "I" { name ru "И"; bonus +1; value 300; tags laser }\n'),
    "W704": (H16 + 'item a "Flaming Armor" { bonus +2; value 400 }\n'
             'item b "Boots of running" { bonus +1; value 300 }\n'
             'item c "Pointy Hat" { bonus +1; value 300 }\n',
             H16 + 'item a "Flaming Armor" { bonus +2; value 400 }\n'
             'item b "Boots of Running" { bonus +1; value 300 }\n'
             'item c "Pointy Hat" { bonus +1; value 300 }\n'),
}
#: Codes that come from other stages and are tested in their own files.
ELSEWHERE = {"E001", "E002", "E003", "E004", "E005", "E006", "E007", "E008", "E012", "E110",
             "E111", "W112", "E112", "W113", "W114", "W115", "E020", "E021", "E022", "E230",
             "E123"}  # E123: tests/test_hostile_input.py (needs a large image header)


def _write(packdir: PackWriter, text: str) -> list:
    packdir.write("art/ok.png", PNG)
    packdir.write("pack.munch", text)
    return packdir.check("pack.munch")[1]


@pytest.mark.parametrize("code", sorted(PAIRS))
def test_bad_pack_reports_the_code(packdir: PackWriter, code: str) -> None:
    diags = _write(packdir, PAIRS[code][0])
    assert code in codes(diags), [(d.code, d.message) for d in diags]
    hit = next(d for d in diags if d.code == code)
    assert hit.span is not None and hit.span.file == "pack.munch"
    assert hit.message and not hit.message[0].isupper()  # messages are sentence fragments
    assert hit.severity.value == ("warning" if code.startswith("W") else "error")


@pytest.mark.parametrize("code", sorted(PAIRS))
def test_good_pack_passes(packdir: PackWriter, code: str) -> None:
    diags = _write(packdir, PAIRS[code][1])
    assert diags == [], [(d.code, str(d.span), d.message) for d in diags]


def test_line_without_effect_is_E207(packdir: PackWriter) -> None:
    diags = _write(packdir, PAIRS["E207"][0])
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [("E207", 3, 3)]


def test_undeclared_language_with_english_only_pack_is_W108(check_text) -> None:
    diags = check_text('race r "R" { name ru "Р" }\n',
                       header='pack t { title "T"; version "1"; ruleset munchkin-1.6; '
                       'languages en }\n')
    assert [(d.code, str(d.span)) for d in diags] == [("W108", "pack.munch:2:19")]


def _emitted_codes(paths: list[Path]) -> set[str]:
    found: set[str] = set()
    for path in paths:
        found |= set(re.findall(r'"([EWR]\d{3})"', path.read_text(encoding="utf-8")))
    return found


def _compiler_sources() -> list[Path]:
    pkg = REPO / "munchkin_dsl"
    return [*sorted((pkg / "compiler" / "checks").glob("*.py")), pkg / "compiler" / "api.py",
            *sorted((pkg / "language").glob("*.py")), pkg / "base" / "files.py",
            pkg / "base" / "images.py"]


def test_every_emitted_code_is_tested() -> None:
    compiler = REPO / "munchkin_dsl" / "compiler"
    emitted = _emitted_codes([*sorted((compiler / "checks").glob("*.py")), compiler / "api.py"])
    missing = emitted - set(PAIRS) - ELSEWHERE
    assert not missing, f"codes without a failing/passing pair in test_checks.py: {missing}"


def test_every_emitted_code_has_an_explanation() -> None:
    entries = data.load("codes")
    emitted = _emitted_codes(_compiler_sources())
    assert emitted - set(entries) == set()
    for code in emitted:
        entry = entries[code]
        assert {"title", "why", "bad", "good"} <= set(entry), code
        text = explain_code(code)
        assert text is not None and "Fails:" in text and "Passes:" in text
    assert explain_code("e101") == explain_code("E101")
    assert explain_code("X999") is None


def test_checks_run_in_a_fixed_order() -> None:
    names = [c.__name__ for c in all_checks()]
    assert names[:2] == ["check_duplicate_ids", "check_duplicate_names"]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("pack", sample_packs(), ids=lambda p: p.name)
def test_every_sample_pack_is_complete_and_clean(pack: Path) -> None:
    """0 diagnostics, completeness warnings (W701-W704) included, in every sample pack."""
    sink = DiagnosticSink()
    check_pack(pack, sink)
    assert [(d.code, str(d.span)) for d in sink] == []


def test_sample_pack_is_clean() -> None:
    sink = DiagnosticSink()
    checked = check_pack(SAMPLE, sink)
    assert list(sink) == []
    assert len(checked.cards) >= 30


# ---------------------------------------------------------------- details of some checks
def test_duplicate_id_points_at_the_second_card_and_names_the_first(check_text) -> None:
    diags = check_text('race a "A" { }\nrace a "B" { }\n')
    assert [(d.code, span_tuple(d.span)) for d in diags] == [("E102", (3, 6, 3, 7))]
    assert diags[0].message == "card id 'a' is already used by the card at pack.munch:2:6"


def test_duplicate_names_are_per_language(check_text) -> None:
    diags = check_text('race a "A" { name ru "Эльф" }\nrace b "B" { name ru "эльф" }\n'
                       'race c "Эльф" { name ru "Ц" }\n', header=H16_RU)
    assert [(d.code, str(d.span)) for d in diags] == [("E103", "pack.munch:3:14")]
    assert "(ru)" in diags[0].message


def test_names_resolve_case_insensitively(check_text) -> None:
    assert check_text('monster m "M" { level 1; treasures 1; +4 against elf; tags undead'
                      '; bad stuff: lose 1 level }\n'
                      'item i "I" { bonus +1; usable by CLERIC, Female only; no value }\n') == []


def test_pack_defined_races_classes_and_tags_resolve(check_text) -> None:
    diags = check_text('race gnome "Gnome" { }\nclass bard "Bard" { }\n'
                       'monster m "M" { level 1; treasures 1; tags Shiny; +2 against Gnome'
                       '; bad stuff: lose 1 level }\n'
                       'item i "I" { bonus +1; usable by Bard only; chains with shiny'
                       '; no value }\n')
    assert diags == []


def test_unknown_name_hint_suggests_plural_stem(check_text) -> None:
    """A plural names the race or class (`usable by Clerics only`); a misspelt plural is
    matched by its stem for the hint."""
    assert check_text('item i "I" { bonus +1; usable by Clerics only; no value }\n') == []
    diags = check_text('item i "I" { bonus +1; usable by Clerigs only; no value }\n')
    assert [(d.code, d.hint) for d in diags] == [("E101", "did you mean 'Cleric'?")]


def test_each_qualifier_must_be_a_race_class_or_sex(check_text) -> None:
    diags = check_text('curse c "C" { each Undead loses 1 level }\n')
    assert [(d.code, d.message) for d in diags] == [
        ("E101", "unknown race, class or sex 'Undead'")]


def test_required_stats_are_not_demanded_from_a_card_with_a_syntax_error(check_text) -> None:
    diags = check_text('monster m "M" {\n  levl 3\n  bad stuff: lose 1 level\n}\n')
    assert codes(diags) == ["E002"]


def test_unknown_ruleset_falls_back_to_the_suggestion(check_text) -> None:
    diags = check_text('race r "R" { +1 against Elf }\n',
                       header='pack t { title "T"; version "1"; ruleset munchkin-16 }\n')
    assert codes(diags) == ["E105"]


def test_unknown_language_in_header_title_is_E104(check_text) -> None:
    diags = check_text('race r "R" { }\n',
                       header='pack t { title "T"; title xx "Y"; version "1"; '
                       "ruleset munchkin-1.6 }\n")
    assert [(d.code, str(d.span)) for d in diags] == [("E104", "pack.munch:1:27")]


def test_empty_card_name_is_an_error(check_text) -> None:
    diags = check_text('race q "" { }\n')
    assert [(d.severity.value, str(d.span)) for d in diags] == [("error", "pack.munch:2:8")]


def test_cross_pack_duplicate_id_is_E110(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("a", "b"):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "pack.munch").write_text(
            HEADER.replace("pack t", f"pack {name}") + f'race shared "Shared {name}" {{ }}\n',
            encoding="utf-8")
    result = compile_packs(["a", "b"])
    assert result.data is None
    assert [(d.code, str(d.span)) for d in result.sink] == [
        ("E110", f"{Path('b', 'pack.munch')}:2:6")]
    assert result.sink.items[0].message == (
        f"card id 'shared' is also used in pack 'a' ({Path('a', 'pack.munch')}:2:6)")


def test_packs_with_the_same_pack_id_still_get_E110(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "pack.munch").write_text(
            HEADER + f'race shared "Shared {name}" {{ }}\n', encoding="utf-8")
    result = compile_packs(["a", "b"])
    assert result.data is None
    assert sorted(codes(list(result.sink))) == ["E110", "E111"]


def test_same_pack_twice_never_duplicates_cards() -> None:
    result = compile_packs([SAMPLE, SAMPLE])
    assert "W112" in codes(list(result.sink))
    assert result.data is not None or "E110" in codes(list(result.sink))
    if result.data is not None:
        ids = [c.id for c in result.data.cards]
        assert len(ids) == len(set(ids))
        assert len(result.data.packs) == 1


def test_relative_limit_is_checked_by_size(check_text) -> None:
    assert codes(check_text('race r "R" { hand limit +20 }\n')) == []
    assert codes(check_text('race r "R" { hand limit -21 }\n')) == ["E205"]


def test_relative_limit_message_keeps_the_sign(check_text) -> None:
    (diag,) = check_text('race r "R" { hand limit -21 }\n')
    assert diag.message.startswith("-21 ")


def test_two_slots_is_one_diagnostic(check_text) -> None:
    diags = check_text('item i "I" {\n  bonus +1\n  headgear\n  armor\n  no value\n}\n')
    assert [(d.code, d.span.line) for d in diags] == [("E208", 5)]


def _two_packs(tmp_path: Path, same_pack_id: bool = False) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        header = HEADER if same_pack_id else HEADER.replace("pack t", f"pack {name}")
        (tmp_path / name / "pack.munch").write_text(
            header + f'race shared "Shared" {{ }}\nclass own-{name} "Common" {{ }}\n',
            encoding="utf-8")


def test_checking_packs_together_warns_where_compiling_them_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from munchkin_dsl.compiler.api import build

    monkeypatch.chdir(tmp_path)
    _two_packs(tmp_path, same_pack_id=True)
    checked = build(["a", "b"], purpose="check")
    b = Path("b", "pack.munch")
    # the card with a shared id is reported once (W114), not again for its shared name
    assert [(d.code, d.severity.value, str(d.span)) for d in checked.sink] == [
        ("W113", "warning", f"{b}:1:6"), ("W114", "warning", f"{b}:2:6"),
        ("W115", "warning", f"{b}:3:13")]
    name = checked.sink.items[2]
    assert name.message == (f"card name 'Common' (en) is also used in pack 't' "
                            f"({Path('a', 'pack.munch')}:3:13)")
    assert "cannot be compiled together without `munchkin mix`" in (name.hint or "")
    compiled = compile_packs(["a", "b"])
    assert compiled.data is None
    assert [d.code for d in compiled.sink] == ["E111", "E110", "E112"]


def test_check_of_several_packs_exits_0_on_cross_pack_warnings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from munchkin_dsl.cli import main

    monkeypatch.chdir(tmp_path)
    _two_packs(tmp_path)
    result = CliRunner().invoke(main, ["check", "a", "b"])
    assert result.exit_code == 0, result.output
    assert "W114" in result.output and "W115" in result.output
    strict = CliRunner().invoke(main, ["check", "a", "b", "-W"])
    assert strict.exit_code == 1


def test_counts_as_names_a_race_on_a_race_card_and_a_class_on_a_class_card(
        check_text) -> None:
    """`counts as Elf` (a race card that is a ruleset race) is accepted on a race card; a
    class card counting as a race, an item counting as anything, and `you become Elf` are
    refused, and the hint for a race named where a tag stands says what works."""
    assert check_text('race forest-elf "Forest Elf" { counts as Elf }\n') == []
    assert check_text('class sword "Swordsman" { counts as Warrior }\n') == []
    diags = check_text('class c "C" { counts as Elf }\n'
                       'item i "I" { bonus +1; value 100; counts as Elf }\n'
                       'race r "R" { in combat: you become Elf }\n')
    assert [(d.code, d.span.line) for d in diags] == [
        ("E101", 2), ("E201", 3), ("E101", 4)], [(d.code, d.message) for d in diags]
    for d in (diags[0], diags[2]):
        assert "'Elf' is a race" in d.hint and "`counts as Elf`" in d.hint, d.hint
