"""Ability labels carry translations (`"Berserking", ru "Буйство": ...`) into engine data
and printed text, and their language codes are checked like any other."""

from __future__ import annotations

from pathlib import Path

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.base.rulesets import load_ruleset
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.text.cardtext import card_text

HEADER = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru }\n'
WARRIOR = ('class w "Warrior" {\n  name ru "Воин"\n  "Berserking", ru "Буйство": in combat, '
           'discard up to 3 cards: +1 per card to you\n}\n')


def _compile(tmp_path: Path, text: str):
    (tmp_path / "pack.munch").write_text(HEADER + text, encoding="utf-8")
    sink = DiagnosticSink()
    return compile_packs([tmp_path / "pack.munch"], sink), sink


def test_label_translation_reaches_engine_data_and_text(tmp_path: Path) -> None:
    result, sink = _compile(tmp_path, WARRIOR)
    assert list(sink) == []
    (ability,) = result.data.cards[0].abilities
    assert ability.label == "Berserking" and ability.labels == {"ru": "Буйство"}
    ruleset = load_ruleset("munchkin-1.6")
    assert card_text(result.data.cards[0], ruleset, "ru").body.startswith("Буйство: ")
    assert card_text(result.data.cards[0], ruleset, "en").body.startswith("Berserking: ")


def test_label_translation_in_an_unknown_language_is_E104(tmp_path: Path) -> None:
    _, sink = _compile(tmp_path, WARRIOR.replace('ru "Буйство"', 'rus "Буйство"'))
    # the pack declares ru, so the label now lacks its ru translation too (W703)
    assert [d.code for d in sink.items] == ["E104", "W703"]
    diag = sink.items[0]
    assert (diag.code, diag.span.line, diag.span.column) == ("E104", 4, 17)
    assert diag.hint == "did you mean 'ru'?"
