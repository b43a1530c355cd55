"""Stage 4: lowering fills in what the author left out and writes names canonically."""

from __future__ import annotations

import pytest
from conftest import HEADER, SAMPLE, PackWriter

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import check_pack, compile_packs, lower_pack
from munchkin_dsl.compiler.effects import (
    EFFECTS_BY_KIND,
    Ability,
    CardData,
    Condition,
    Cost,
    Discard,
    Draw,
    Override,
    RunAway,
    Strength,
)

#: kind keyword -> (card kind, default timing, default target, extra body).  A kind whose
#: default timing has no moment of its own (`while in play`) is probed with a bonus, the
#: rest with a level loss (a one-time effect on a `while in play` line is refused, E221).
KIND_DEFAULTS = [
    ("monster", "monster", "continuous", "fighter", "level 1; treasures 1; "),
    ("monster enhancer", "monster-enhancer", "in_combat", "monster", ""),
    ("curse", "curse", "on_play", "victim", ""),
    ("trap", "trap", "on_play", "victim", ""),
    ("disaster", "disaster", "on_play", "victim", ""),
    ("race", "race", "continuous", "you", ""),
    ("class", "class", "continuous", "you", ""),
    ("item", "item", "continuous", "you", "bonus +1; "),
    ("one-shot", "one-shot", "on_play", "you", ""),
    ("treasure", "treasure", "on_play", "you", ""),
    ("sidekick", "sidekick", "continuous", "you", ""),
    ("hireling", "hireling", "continuous", "you", ""),
    ("seal", "seal", "while_open", "fighter", ""),
    ("item enhancer", "item-enhancer", "continuous", "attached_item", ""),
    ("door", "door", "on_play", "you", ""),
]

#: effects declared as part classes (munchkin_dsl/language/parts): records by kind
GainLevels = EFFECTS_BY_KIND["gain_levels"]
LoseLevels = EFFECTS_BY_KIND["lose_levels"]


def lower(packdir: PackWriter, body: str, header: str = HEADER) -> dict[str, CardData]:
    packdir.write("pack.munch", header + body)
    result = compile_packs(["pack.munch"])
    errors = [(d.code, str(d.span), d.message) for d in result.sink if d.is_error]
    assert result.data is not None, errors
    return {card.id: card for card in result.data.cards}


def one(packdir: PackWriter, body: str, header: str = HEADER) -> CardData:
    cards = lower(packdir, body, header)
    assert len(cards) == 1
    return next(iter(cards.values()))


@pytest.mark.parametrize(("written", "kind", "timing", "target", "extra"), KIND_DEFAULTS)
def test_kind_default_timing_and_target(packdir: PackWriter, written: str, kind: str,
                                        timing: str, target: str, extra: str) -> None:
    header = HEADER.replace("munchkin-1.6", "munchkin-apocalypse") if kind == "seal" else HEADER
    bonus = timing in ("continuous", "while_open") and kind != "monster" or target == "monster"
    card = one(packdir, f'{written} x "X" {{ {extra}{"+1" if bonus else "lose 1 level"} }}\n',
               header)
    assert card.kind == kind
    (ability,) = card.abilities
    assert ability.timing == timing
    expected = Strength(amount=1, target=target) if bonus else LoseLevels(amount=1,
                                                                            target=target)
    assert ability.effects == (expected,)


def test_written_timing_and_target_win_over_defaults(packdir: PackWriter) -> None:
    card = one(packdir, 'curse c "C" { any time: each player loses 1 level }\n')
    (ability,) = card.abilities
    assert ability.timing == "any_time"
    assert ability.effects == (LoseLevels(amount=1, target="each_player"),)


@pytest.mark.parametrize("line", [
    "bad stuff: lose 2 levels",
    "bad stuff even on escape: lose 2 levels",
    "on escape: lose 2 levels",
])
def test_bad_stuff_hits_the_victim(packdir: PackWriter, line: str) -> None:
    card = one(packdir, f'monster m "M" {{ level 1; treasures 1; {line} }}\n')
    assert card.abilities[0].effects == (LoseLevels(amount=2, target="victim"),)


def test_bad_stuff_keeps_an_explicit_target(packdir: PackWriter) -> None:
    card = one(packdir, 'monster m "M" { level 1; treasures 1; '
               "bad stuff: each player loses 1 level }\n")
    assert card.abilities[0].effects == (LoseLevels(amount=1, target="each_player"),)


def test_bad_stuff_discard_defaults(packdir: PackWriter) -> None:
    card = one(packdir, 'monster m "M" { level 1; treasures 1; '
               "bad stuff: discard footgear, otherwise lose 1 level }\n")
    assert card.abilities[0].effects == (
        Discard(target="victim", what="worn", slot="footgear"),
        LoseLevels(amount=1, target="victim", otherwise=True),
    )


def test_level_gain_carries_no_baked_cap(packdir: PackWriter) -> None:
    # The winning-level cap depends on the optional rules of the game (Epic plays to 20),
    # so it is the engine's to apply, never a number in the compiled data.
    card = one(packdir, 'treasure t "T" { any time: any player gains 1 level }\n')
    assert card.abilities[0].effects == (GainLevels(amount=1, target="any_player"),)


def test_level_gain_on_kill_is_not_capped(packdir: PackWriter) -> None:
    card = one(packdir, 'race r "R" { on kill, if you are helper: gain 1 level per monster }\n')
    (ability,) = card.abilities
    assert ability.timing == "on_kill"
    assert ability.conditions == (Condition(subject="you", predicate="helper"),)
    assert ability.effects == (
        GainLevels(amount=1, target="you", per_monster=True),)


def test_override_of_rule_4_lifts_the_cap(packdir: PackWriter) -> None:
    card = one(packdir, 'treasure t "T" {\n  overrides rule 4 "the winning level"\n'
               "  gain 1 level\n}\n")
    assert card.overrides == (Override(rule="R4", reason="the winning level",
                                       source="pack.munch:3:3"),)
    assert card.abilities[0].effects == (GainLevels(amount=1, target="you"),)


@pytest.mark.parametrize("written", ["4", "R4", "r4"])
def test_rule_ids_are_canonical(packdir: PackWriter, written: str) -> None:
    card = one(packdir, f'treasure t "T" {{ overrides rule {written}; gain 1 level }}\n')
    assert [o.rule for o in card.overrides] == ["R4"]
    assert card.overrides[0].reason is None


def test_names_are_written_canonically(packdir: PackWriter) -> None:
    cards = lower(packdir, """monster m "M" {
  level 1; treasures 1
  tags undead
  +4 against elf
  if fighter is WARRIOR: +2 to monster
}
item i "I" { bonus +1; usable by cleric, FEMALE only; not usable by dwarf }
treasure t "T" { any time: each cleric gains 1 level; draw 1 DOORS }
""")
    monster, item, treasure = cards["m"], cards["i"], cards["t"]
    assert monster.tags == ("Undead",)
    assert monster.abilities[0].effects == (
        Strength(amount=4, target="monster", against="Elf"),)
    assert monster.abilities[1].conditions == (
        Condition(subject="fighter", predicate="is", value="Warrior"),)
    assert item.usable_by == ("Cleric", "female")
    assert item.not_usable_by == ("Dwarf",)
    assert treasure.abilities[0].effects == (
        GainLevels(amount=1, target="each_player", target_is="Cleric"),)
    assert treasure.abilities[1].effects == (Draw(count=1, deck="door", target="you"),)


def test_pack_tags_keep_their_first_spelling(packdir: PackWriter) -> None:
    cards = lower(packdir, 'race a "A" { tags Shiny, shiny }\n'
                  'item i "I" { bonus +1; chains with SHINY; +1 against shiny }\n')
    assert cards["a"].tags == ("Shiny",)
    assert cards["i"].chains_with == "Shiny"
    assert cards["i"].abilities[0].effects[0].against == "Shiny"


def test_monster_side_modifiers(packdir: PackWriter) -> None:
    card = one(packdir, 'monster m "M" { level 1; treasures 1; +3; -1 to run away }\n')
    assert [a.effects for a in card.abilities] == [
        (Strength(amount=3, target="monster"),),
        (RunAway(amount=-1, target="player_side"),),
    ]


def test_costs_conditions_roll_frequency_label_until(packdir: PackWriter) -> None:
    theft = ('  "Theft": outside combat, if fighter is not level 3 or lower, roll 4+: '
             "you take a small item from another player\n")
    card = one(packdir, """class c "C" {
  "Flight": after run away roll, once per turn, discard up to 3 cards: +1 per card to run away
  "Charm": in combat, discard whole hand of at least 3 cards: defeat the monster without a kill
""" + theft + """  until end of combat: +1 to you
}
""")
    flight, charm, theft, until = card.abilities
    assert flight == Ability(timing="after_run_away_roll", label="Flight",
                             frequency="once_per_turn", costs=(Cost("discard_up_to", 3),),
                             effects=(RunAway(amount=1, target="you", per="card"),),
                             source="pack.munch:3:3")
    assert charm.costs == (Cost("discard_hand", 3),)
    assert theft.roll == 4
    assert theft.conditions == (Condition(subject="fighter", predicate="level_at_most",
                                          value=3, negated=True),)
    assert until.until == "end_of_combat"
    assert until.timing == "continuous"


def test_until_loses_slot(packdir: PackWriter) -> None:
    card = one(packdir, 'curse c "C" { persistent; until victim loses headgear: '
               "-1 to all die rolls }\n")
    assert card.persistent is True
    (ability,) = card.abilities
    assert ability.until == "loses_headgear"
    assert ability.timing == "continuous"  # a persistent curse acts while in play
    assert ability.effects[0].kind == "die_rolls"
    assert ability.effects[0].target == "victim"


@pytest.mark.parametrize(("card", "timing"), [
    ('curse c "C" { lose 1 level }', "on_play"),
    ('curse c "C" { persistent; -1 }', "continuous"),
    ('trap c "C" { kept after death; -1 }', "continuous"),
    ('treasure c "C" { attaches to an item; +1 }', "continuous"),
    ('door c "C" { persistent; any time: lose 1 level }', "any_time"),
])
def test_cards_that_stay_in_play_default_to_continuous(packdir: PackWriter, card: str,
                                                        timing: str) -> None:
    (ability,) = one(packdir, card + "\n").abilities
    assert ability.timing == timing


def test_seal_and_reaction_timings(packdir: PackWriter) -> None:
    header = HEADER.replace("munchkin-1.6", "munchkin-apocalypse")
    cards = lower(packdir, 'seal s "S" { when opened: each player loses 1 level; '
                  "until the fight is for the winning level: +2 to you }\n"
                  'class r "R" { when targeted by disaster: cancel a disaster }\n', header)
    opened, until = cards["s"].abilities
    assert (opened.timing, until.timing, until.until) == ("on_open", "while_open",
                                                          "winning_fight")
    (reaction,) = cards["r"].abilities
    assert (reaction.timing, reaction.targeted_by) == ("when_targeted", "disaster")


def test_item_stats(packdir: PackWriter) -> None:
    card = one(packdir, 'item i "I" { name ru "И"; big; two hands; bonus +3; value 600 }\n')
    assert (card.deck, card.big, card.slot, card.bonus, card.value) == (
        "treasure", True, "two_hands", 3, 600)
    assert card.names == {"en": "I", "ru": "И"}
    assert card.abilities == ()


def test_no_value_is_zero(packdir: PackWriter) -> None:
    assert one(packdir, 'item i "I" { bonus +1; no value }\n').value == 0


def test_deck_comes_from_the_ruleset(packdir: PackWriter) -> None:
    header = HEADER.replace("munchkin-1.6", "munchkin-apocalypse")
    cards = lower(packdir, 'seal s "S" { +1 to you }\nitem enhancer e "E" { bonus +1 }\n'
                  'disaster d "D" { lose 1 level }\n', header)
    assert {i: c.deck for i, c in cards.items()} == {"s": "seal", "e": "treasure", "d": "door"}


def test_source_is_relative_to_the_pack_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    first = compile_packs([SAMPLE]).data
    monkeypatch.chdir(SAMPLE)
    second = compile_packs(["."]).data
    assert first == second
    assert first.cards[0].source == "monsters.munch:3:1"
    assert first.cards[0].abilities[0].source.startswith("monsters.munch:")


def test_lower_pack_matches_compile_packs() -> None:
    sink = DiagnosticSink()
    checked = check_pack(SAMPLE, sink)
    assert not sink.has_errors
    lowered = lower_pack(checked)
    assert tuple(lowered) == compile_packs([SAMPLE]).data.cards
    assert [c.id for c in lowered] == [c.id for c in checked.cards]


def test_compile_gives_no_data_when_there_are_errors(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER + 'race r "R" { +1 against Elvs }\n')
    result = compile_packs(["pack.munch"])
    assert result.data is None
    assert [d.code for d in result.sink] == ["E101"]


def test_warnings_do_not_stop_compilation(packdir: PackWriter) -> None:
    card = one(packdir, 'item i "I" { bonus +1; value 250 }\n')
    assert card.value == 250
