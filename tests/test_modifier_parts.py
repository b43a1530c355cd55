"""The modifiers as part classes (issue 19 item 2): `+N`, `+N to run away`, `+N to all die
rolls` are three rules that share their start, each built into its own class and lowered
into the engine record the old `modifier` phrase gave."""

from __future__ import annotations

from conftest import HEADER, PackWriter
from test_parser import only_line

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.effects import EFFECTS_BY_KIND, CardData
from munchkin_dsl.language.parts.modifiers import DieRolls, RunAway, Strength


def _cards(packdir: PackWriter, body: str) -> tuple[dict[str, CardData], list[tuple[str, str]]]:
    packdir.write("pack.munch", HEADER + body)
    result = compile_packs(["pack.munch"])
    errors = [(d.code, d.hint or "") for d in result.sink if d.is_error]
    cards = {c.id: c for c in result.data.cards} if result.data is not None else {}
    return cards, errors


def test_the_three_kinds_parse_into_their_classes() -> None:
    strength, = only_line("+2 for each item you have in play up to +4 to fighter against "
                          "Elf, Dwarf", kind="class").effects
    assert isinstance(strength, Strength)
    assert (strength.amount, strength.per, strength.up_to) == (2, "each", 4)
    assert strength.counted is not None and strength.counted.what == "items"
    assert strength.target is not None and strength.target.kind == "fighter"
    assert strength.against is not None and strength.against.name == "Elf"
    assert [r.name for r in strength.against_also] == ["Dwarf"]
    run, = only_line("discard up to 2 cards: -1 per card to run away", kind="class").effects
    assert isinstance(run, RunAway) and (run.amount, run.per, run.target) == (-1, "card", None)
    dice, = only_line("-1 to all die rolls", kind="curse").effects
    assert isinstance(dice, DieRolls) and dice.amount == -1


def test_records_as_the_old_phrase_gave_them(packdir: PackWriter) -> None:
    cards, errors = _cards(packdir, 'monster m "M" { level 4; treasures 1\n'
                           "  +3 against Elf, Dwarf\n  -1 to run away\n}\n"
                           'class c "C" { +1 for each item you have in play up to +3 to '
                           "each Elf\n  +2 to run away }\n"
                           'curse k "K" { -1 to all die rolls }\n')
    assert errors == []
    strength, run = (a.effects[0] for a in cards["m"].abilities)
    assert strength == EFFECTS_BY_KIND["strength"](
        amount=3, target="monster", against="Elf", against_also=("Dwarf",))
    assert run == EFFECTS_BY_KIND["run_away"](amount=-1, target="player_side")
    counted, own_run = (a.effects[0] for a in cards["c"].abilities)
    assert counted == EFFECTS_BY_KIND["strength"](
        amount=1, target="each_player", target_is="Elf", per="each", for_each="items",
        up_to=3)
    assert own_run == EFFECTS_BY_KIND["run_away"](amount=2, target="you")
    assert cards["k"].abilities[0].effects[0] == EFFECTS_BY_KIND["die_rolls"](
        amount=-1, target="victim")


def test_an_otherwise_modifier_keeps_its_own_default(packdir: PackWriter) -> None:
    """`helper discards 1 card, otherwise +2`: the bonus is the card's (a modifier's `to X`
    is where it goes, not a subject the effect before it hands on)."""
    cards, errors = _cards(packdir, 'class c "C" { in combat: helper discards 1 card, '
                           "otherwise +2 }\n")
    assert errors == []
    assert cards["c"].abilities[0].effects[1].target == "you"


def test_words_a_kind_would_drop_are_refused(packdir: PackWriter) -> None:
    """A run-away bonus against a trait and a counted die-roll modifier were accepted and
    their words dropped; each is now a syntax error, with no `did you mean` of the word
    itself."""
    for line, word in (("+2 to run away against Elf", "against"),
                       ("discard up to 2 cards: +1 per card to all die rolls", "all"),
                       ("+1 to all die rolls against Dwarf", "against")):
        _cards_, errors = _cards(packdir, f'class c "C" {{ {line} }}\n')
        assert [code for code, _hint in errors] == ["E002"], line
        assert f"did you mean '{word}'" not in errors[0][1]
