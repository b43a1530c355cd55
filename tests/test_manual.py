"""Manual rules: a rule the language cannot say yet is kept, printed and never silent."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

from conftest import HEADER, PackWriter

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.base.rulesets import load_ruleset
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine.simulate import simulate, text_report
from munchkin_dsl.scenarios.runner import run_file
from munchkin_dsl.text.cardtext import card_text

HEADER_RU = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru }\n'
PEACE = ('race pacifist "Pacifist" {\n'
         '  name ru "Пацифист"\n'
         '  manual "Nobody may play a curse on you during your turn."\n'
         '  manual ru "Никто не может проклинать вас в ваш ход."\n'
         "  in combat: +1 to you\n"
         "}\n")


def _codes(diags: list) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in diags]


def test_a_manual_rule_is_reported_with_the_card_it_is_on(packdir: PackWriter) -> None:
    diags = packdir.diagnostics(PEACE, header=HEADER_RU)
    assert _codes(diags) == [("W601", 4)]
    (w,) = diags
    assert w.message.startswith("'pacifist' has a rule the engine will not play: “Nobody")
    assert "expect manual pacifist" in (w.hint or "")


def test_text_with_no_effect_line_is_reported_like_a_manual_rule(packdir: PackWriter) -> None:
    diags = packdir.diagnostics('one-shot o "O" {\n  text en "Steal the show."\n  no value\n}\n')
    assert _codes(diags) == [("W601", 3)]
    assert "rules text but no effect line" in diags[0].message
    # with an effect line the text is the printed wording of real effects: no warning
    assert packdir.diagnostics('one-shot o "O" {\n  text en "+2 in combat."\n'
                               "  in combat: +2 to you\n  no value\n}\n") == []


def test_a_translation_needs_its_english_rule_first(packdir: PackWriter) -> None:
    diags = packdir.diagnostics('race r "R" {\n  manual ru "Правило."\n}\n', header=HEADER_RU)
    assert ("E602", 3) in _codes(diags)


def test_strict_check_turns_manual_rules_into_a_failure(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADER_RU + PEACE, encoding="utf-8")
    for flags, code in (([], 0), (["-W"], 1), (["--strict"], 1)):
        proc = subprocess.run([sys.executable, "-m", "munchkin_dsl", "check", str(tmp_path),
                               *flags], capture_output=True, text=True)
        assert proc.returncode == code, (flags, proc.stderr)
        assert "W601" in proc.stderr


def test_manual_rules_are_compiled_and_printed(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER_RU + PEACE)
    result = compile_packs(["pack.munch"])
    assert result.data is not None
    (card,) = result.data.cards
    (rule,) = card.manual
    assert rule.texts == {"en": "Nobody may play a curse on you during your turn.",
                          "ru": "Никто не может проклинать вас в ваш ход."}
    assert rule.source == "pack.munch:4:3"
    ruleset = load_ruleset("munchkin-1.6")
    assert "Nobody may play a curse on you during your turn." in card_text(
        card, ruleset, "en").body
    assert "Никто не может проклинать вас в ваш ход." in card_text(card, ruleset, "ru").body


SCENARIO = """scenario: the pacifist fights
seed: 1
player Ann: level 1, pacifist
Ann fights weakling
{expect}resolve
expect Ann level 2
"""


def _scenario(packdir: PackWriter, expect: str) -> list:
    packdir.write("pack.munch", HEADER + PEACE + 'monster weakling "Weakling" { level 1; '
                  "treasures 1; bad stuff: lose 1 level }\n")
    result = compile_packs(["pack.munch"])
    assert result.data is not None
    scn = packdir.write("s.scn", SCENARIO.format(expect=expect))
    return run_file(scn, result.data, DiagnosticSink())


def test_a_scenario_playing_a_manual_card_must_say_so(packdir: PackWriter) -> None:
    (failed,) = _scenario(packdir, "")
    assert not failed.passed and failed.manual == ["pacifist"]
    assert "expect manual pacifist" in failed.failures[-1]
    (passed,) = _scenario(packdir, "expect manual pacifist\n")
    assert passed.passed, passed.failures
    assert passed.to_json()["manual"] == ["pacifist"]


def test_simulate_reports_manual_cards_that_took_part() -> None:
    from munchkin_dsl.compiler.effects import ManualRule

    data = compile_packs(["packs/munchkin-1.6"]).data
    assert data is not None
    cards = [c if c.kind != "race" else dataclasses.replace(c, manual=(
        ManualRule({"en": "A house rule."}),)) for c in data.cards]
    rep = simulate(cards, "munchkin-1.6", games=3, players=3, seed=1)
    races = {c.id for c in cards if c.kind == "race"}
    assert rep.manual and set(rep.manual) <= races
    assert "rules the engine does not play (manual)" in text_report(rep)
    assert rep.to_json()["manual_rules_not_played"]


def test_mix_never_settles_cards_that_differ_in_rules_as_identical() -> None:
    from dataclasses import replace

    from munchkin_dsl.compiler.effects import CardData, ManualRule
    from munchkin_dsl.mix.conflicts import fingerprint

    base = CardData(id="c", kind="race", deck="door", names={"en": "C"})
    same = replace(base, names={"en": "C", "ru": "Ц"}, source="other.munch:1:1")
    assert fingerprint(base, {}) == fingerprint(same, {})  # names and places aside
    manual = replace(base, manual=(ManualRule({"en": "A house rule."}),))
    texted = replace(base, texts={"en": "Some other wording."})
    assert len({fingerprint(c, {}) for c in (base, manual, texted)}) == 3
