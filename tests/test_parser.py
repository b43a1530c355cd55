"""Stage 1: parse_text on small snippets - node kinds, fields, exact spans, recovery."""

from __future__ import annotations

import pytest
from conftest import parse, span_tuple

from munchkin_dsl.language.nodes import Card, Clause, EffectLine, Header, Include, Ref, Target
from munchkin_dsl.language.parser import KIND_IDS, keywords

HEADER_TEXT = """pack p {
  title "P"
  title ru "П"
  version "1.0"
  author "Me"
  ruleset munchkin-1.6, star-munchkin
  languages en, ru
}
include "monsters.munch"
"""


def only_card(text: str) -> Card:
    unit, diags = parse(text)
    assert diags == []
    assert len(unit.cards) == 1
    return unit.cards[0]


def only_line(body: str, kind: str = "race") -> EffectLine:
    card = only_card(f'{kind} r "R" {{\n  {body}\n}}\n')
    assert len(card.lines) == 1
    return card.lines[0]


# ---------------------------------------------------------------- header and includes
def test_header_fields_and_spans() -> None:
    unit, diags = parse(HEADER_TEXT)
    assert diags == []
    header = unit.header
    assert isinstance(header, Header)
    assert header.id == "p"
    assert span_tuple(header.id_span) == (1, 6, 1, 7)
    assert span_tuple(header.span) == (1, 1, 8, 2)
    assert [f.kind for f in header.fields] == [
        "title", "title_lang", "version", "author", "ruleset", "languages"]
    title, title_ru, version, author, ruleset, languages = header.fields
    assert title.args == ("P",)
    assert span_tuple(title.span) == (2, 3, 2, 12)
    assert title_ru.args[0] == Ref("ru", title_ru.args[0].span)
    assert span_tuple(title_ru.args[0].span) == (3, 9, 3, 11)
    assert title_ru.args[1] == "П"
    assert version.args == ("1.0",)
    assert author.args == ("Me",)
    assert [r.name for r in ruleset.args] == ["munchkin-1.6", "star-munchkin"]
    assert [span_tuple(r.span) for r in ruleset.args] == [(6, 11, 6, 23), (6, 25, 6, 38)]
    assert [r.name for r in languages.args] == ["en", "ru"]
    assert header.values("ruleset") == [ruleset]


def test_include_node() -> None:
    unit, _ = parse(HEADER_TEXT)
    assert unit.includes == (Include("monsters.munch", unit.includes[0].span),)
    assert span_tuple(unit.includes[0].span) == (9, 1, 9, 25)


def test_unit_records_its_file_name_in_every_span() -> None:
    unit, _ = parse('race elf "Elf" {\n  +1 to run away\n}\n', file="sub/races.munch")
    assert unit.path == "sub/races.munch"
    card = unit.cards[0]
    assert {card.span.file, card.id_span.file, card.lines[0].span.file} == {"sub/races.munch"}
    assert str(card.lines[0].span) == "sub/races.munch:2:3"


# ---------------------------------------------------------------- cards
@pytest.mark.parametrize(("written", "kind"), [
    ("monster", "monster"), ("monster enhancer", "monster-enhancer"), ("curse", "curse"),
    ("trap", "trap"), ("disaster", "disaster"), ("race", "race"), ("class", "class"),
    ("item", "item"), ("one-shot", "one-shot"), ("treasure", "treasure"),
    ("sidekick", "sidekick"), ("hireling", "hireling"), ("seal", "seal"),
    ("item enhancer", "item-enhancer"), ("door", "door"),
])
def test_every_card_kind_keyword(written: str, kind: str) -> None:
    card = only_card(f'{written} some-id "Some Name" {{ }}\n')
    assert card.kind == kind
    assert card.id == "some-id"
    assert card.name == "Some Name"
    id_col = len(written) + 2
    assert span_tuple(card.id_span) == (1, id_col, 1, id_col + len("some-id"))
    assert span_tuple(card.name_span) == (1, id_col + 8, 1, id_col + 19)


def test_kind_table_covers_every_kind_keyword() -> None:
    assert sorted(KIND_IDS.values()) == sorted({
        "monster", "monster-enhancer", "curse", "trap", "disaster", "race", "class", "item",
        "one-shot", "treasure", "sidekick", "hireling", "seal", "item-enhancer", "door"})


def test_monster_stats_and_spans() -> None:
    card = only_card("""monster net-troll "Net Troll" {
  name ru "Сетевой Тролль"
  level 10
  treasures 3
  gives 2 levels
  tags Undead, "Big Fish"
  overrides rule 4 "why not"
}
""")
    assert isinstance(card, Card)
    assert card.complete is True
    assert span_tuple(card.span) == (1, 1, 8, 2)
    kinds = [s.kind for s in card.stats]
    assert kinds == ["name", "level", "treasures", "gives_levels", "tags", "overrides"]
    name, level, treasures, gives, tags, overrides = card.stats
    assert name.args[0].name == "ru" and name.args[1] == "Сетевой Тролль"
    assert level.args == (10,)
    assert span_tuple(level.span) == (3, 3, 3, 11)
    assert treasures.args == (3,)
    assert gives.args == (2,)
    assert [r.name for r in tags.args] == ["Undead", "Big Fish"]
    assert span_tuple(tags.args[1].span) == (6, 16, 6, 26)
    assert overrides.args[0].name == "4" and overrides.args[1] == "why not"
    assert card.lines == ()


def test_item_stats() -> None:
    card = only_card("""item mace "Mace" {
  one hand
  bonus +4
  value 600
  usable by Cleric, female only
  not usable by Elf
  big
  chains with fire
  accepts item enhancers
  kept after death
  play any time
  art "art/mace.png"
}
""")
    stats = {s.kind: s.args for s in card.stats}
    assert stats["slot"] == ("one_hand",)
    assert stats["bonus"] == (4,)
    assert stats["value"] == (600,)
    assert [r.name for r in stats["usable_by"]] == ["Cleric", "female"]
    assert [r.name for r in stats["not_usable_by"]] == ["Elf"]
    assert stats["big"] == ()
    assert stats["chains_with"][0].name == "fire"
    assert stats["accepts_enhancers"] == ()
    assert stats["kept_after_death"] == ()
    assert stats["art"] == ("art/mace.png",)
    play = stats["play_when"][0]
    assert isinstance(play, Clause) and play.timing == "any_time"


def test_negative_bonus_and_semicolon_separated_statements() -> None:
    card = only_card('item rusty "Rusty" { bonus -2; footgear; no value }\n')
    assert [(s.kind, s.args) for s in card.stats] == [
        ("bonus", (-2,)), ("slot", ("footgear",)), ("no_value", ())]
    assert [span_tuple(s.span) for s in card.stats] == [
        (1, 22, 1, 30), (1, 32, 1, 40), (1, 42, 1, 50)]


def test_comments_and_blank_lines_are_ignored() -> None:
    card = only_card('# a comment\n\nrace r "R" {  # trailing\n\n  # inside\n  +1 to you\n}\n')
    assert span_tuple(card.span) == (3, 1, 7, 2)
    assert span_tuple(card.lines[0].span) == (6, 3, 6, 12)


def test_string_escapes() -> None:
    card = only_card('race r "A \\"quoted\\" name\\nline two" { }\n')
    assert card.name == 'A "quoted" name\nline two'


def test_windows_line_endings() -> None:
    unit, diags = parse('race r "R" {\r\n  +1 to you\r\n}\r\n')
    assert diags == []
    assert span_tuple(unit.cards[0].lines[0].span) == (2, 3, 2, 12)


def test_unicode_identifiers() -> None:
    card = only_card('race эльф "Эльф" { tags Ёлка }\n')
    assert card.id == "эльф"
    assert card.stats[0].args[0].name == "Ёлка"
    assert span_tuple(card.stats[0].args[0].span) == (1, 25, 1, 29)


# ---------------------------------------------------------------- effect lines
def test_effect_line_with_label_when_and_effects() -> None:
    line = only_line('"Berserking": in combat, once per combat, discard up to 3 cards: '
                     "+1 per card to you", kind="class")
    assert line.label == "Berserking"
    assert line.has_colon is True
    assert [c.kind for c in line.when] == ["timing", "frequency", "discard"]
    assert line.when[0].timing == "in_combat"
    assert line.when[1].frequency == "once_per_combat"
    cost = line.when[2]
    assert (cost.target, cost.what, cost.count) == (None, "up_to", 3)
    assert span_tuple(line.span) == (2, 3, 2, 86)
    assert [span_tuple(c.span) for c in line.when] == [
        (2, 17, 2, 26), (2, 28, 2, 43), (2, 45, 2, 66)]
    (effect,) = line.effects
    assert effect.kind == "strength"
    assert effect.amount == 1
    assert effect.per == "card"
    assert isinstance(effect.target, Target) and effect.target.kind == "you"
    assert span_tuple(effect.span) == (2, 68, 2, 86)


def test_effect_line_without_colon() -> None:
    line = only_line("+4 against Elf", kind="monster")
    assert line.has_colon is False
    assert line.when == ()
    (effect,) = line.effects
    assert effect.kind == "strength"
    assert effect.amount == 4
    assert effect.target is None
    assert effect.against.name == "Elf"
    assert span_tuple(effect.against.span) == (2, 14, 2, 17)


def test_condition_roll_may_and_draw() -> None:
    line = only_line("if fighter is not level 3 or lower, roll 4+: "
                     "may draw 2 treasure face up instead")
    cond, roll = line.when
    assert cond.kind == "condition"
    assert (cond.subject, cond.negated, cond.predicate, cond.value) == (
        "fighter", True, "level_at_most", 3)
    assert roll.kind == "roll" and roll.at_least == 4
    assert span_tuple(roll.span) == (2, 39, 2, 46)
    (draw,) = line.effects
    assert draw.kind == "draw"
    assert draw.optional is True
    assert draw.count == 2
    assert draw.deck.name == "treasure"
    assert draw.face_up is True
    assert draw.instead is True


def test_otherwise_and_targets() -> None:
    line = only_line("bad stuff: victim loses 2 levels, otherwise die", kind="monster")
    loss, death = line.effects
    assert loss.kind == "lose_levels"
    assert loss.amount == 2
    assert loss.target.kind == "victim"
    assert span_tuple(loss.target.span) == (2, 14, 2, 20)
    assert death.kind == "die"
    assert death.otherwise is True
    assert death.target is None


def test_until_loses_slot() -> None:
    line = only_line("until victim loses headgear: -1 to all die rolls", kind="curse")
    (until,) = line.when
    assert until.timing == "until_loses"
    assert until.slot == "headgear"
    assert until.target.kind == "victim"
    (mod,) = line.effects
    assert mod.kind == "die_rolls" and mod.amount == -1 and mod.target is None


def test_steal_level_selectors() -> None:
    """The one selector of `steal 1 level from X` is the source (a part's `from_end`
    field), and with a subject written both are read in order."""
    line = only_line("any time: steal 1 level from victim", kind="treasure")
    (steal,) = line.effects
    assert steal.target is None and steal.source.kind == "victim"
    line = only_line("any time: any player steals 2 levels from the player to your left",
                     kind="treasure")
    (steal,) = line.effects
    assert (steal.target.kind, steal.source.kind, steal.amount) == (
        "any_player", "left_player", 2)


def test_each_qualifier_target() -> None:
    line = only_line("any time: each Cleric gains 1 level", kind="treasure")
    (gain,) = line.effects
    target = gain.target
    assert target.kind == "each"
    assert target.qualifier.name == "Cleric"
    assert span_tuple(target.qualifier.span) == (2, 18, 2, 24)


@pytest.mark.parametrize(("text", "kind", "fields"), [
    ("+1 treasure", "treasure_count", {"amount": 1}),
    ("gain 1 level per monster", "gain_levels",
     {"target": None, "amount": 1, "per_monster": True}),
    ("you go to level 9", "set_level", {"level": 9}),
    ("go to the level of the highest level player", "set_level",
     {"level": None, "level_of": "highest_level"}),
    ("lose as many levels as the roll shows", "lose_levels",
     {"amount": None, "from_roll": True}),
    ("lose 3 levels", "lose_levels", {"amount": 3, "from_roll": False}),
    ("you steal 1 level from another player", "steal_level", {"amount": 1}),
    ("take a small item from another player", "steal_item", {"target": None}),
    ("discard whole hand of at least 3 cards", "discard",
     {"target": None, "what": "hand", "count": 3}),
    ("discard all big items", "discard", {"target": None, "what": "all_big"}),
    ("victim discards 1 item of their choice", "discard",
     {"what": "items_of_choice", "count": 1}),
    ("defeat the monster without a kill with treasure", "defeat_without_kill",
     {"with_treasure": True}),
    ("hand limit 6", "limit", {"limit": "hand", "value": 6, "relative": False}),
    ("big item limit any", "limit", {"limit": "big", "value": None, "relative": False}),
    ("race limit +1", "limit", {"limit": "race", "value": 1, "relative": True}),
    ("sell 1 item for double value", "sell_double", {"count": 1}),
    ("roll run away again", "reroll", {}),
    ("ignore bad stuff that takes levels", "ignore", {"target": None, "what": "bad_stuff_levels"}),
    ("wield a one hand item with two hands for +2", "two_handed_bonus", {"amount": 2}),
    ("end the game by item bonus then level", "end_game",
     {"criteria": ("item_bonus", "level")}),
    ("cancel a trap", "cancel", {"card_kind": "trap"}),
    ("other Undead monsters may join", "horde", {}),
    ("wins ties", "win_ties", {}),
])
def test_effect_clause_fields(text: str, kind: str, fields: dict) -> None:
    line = only_line(text)
    (clause,) = line.effects
    assert clause.kind == kind
    for name, value in fields.items():
        got = getattr(clause, name)
        if isinstance(got, Target):
            got = got.kind
        assert got == value, name


def test_horde_tag_ref() -> None:
    (clause,) = only_line("other Undead monsters may join", kind="monster").effects
    assert clause.tag.name == "Undead"
    assert span_tuple(clause.tag.span) == (2, 9, 2, 15)


def test_misplaced_clauses_still_parse_for_the_checker() -> None:
    """The grammar takes any clause on either side; the checker says E206."""
    line = only_line("+5 to monster: in combat", kind="monster")
    assert [c.kind for c in line.when] == ["strength"]
    assert [c.kind for c in line.effects] == ["timing"]


def test_keywords_are_plain_words() -> None:
    words = keywords()
    assert {"monster", "level", "treasures", "against", "otherwise", "may"} <= set(words)
    assert all(w.isalpha() for w in words)
    assert words == sorted(words)


# ---------------------------------------------------------------- syntax errors and recovery
def test_misspelled_statement_keyword() -> None:
    _, diags = parse('monster troll "Troll" {\n  levle 10\n  treasures 3\n}\n')
    assert [(d.code, span_tuple(d.span)) for d in diags] == [("E002", (2, 3, 2, 8))]
    assert diags[0].message == "unexpected 'levle'"
    assert diags[0].hint == "did you mean 'level'?"


def test_error_in_one_line_does_not_hide_later_lines_of_the_same_card() -> None:
    unit, diags = parse("""monster troll "Troll" {
  levl 10
  treasures 3
  +2 agains Elf
  bad stuff: loose 2 levels
  tags Undead
}
""")
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [
        ("E002", 2, 3), ("E002", 4, 6), ("E002", 5, 14)]
    assert [d.hint for d in diags] == [
        "did you mean 'level'?", "did you mean 'against'?", "did you mean 'lose'?"]
    (card,) = unit.cards
    assert card.complete is False  # the required-stat check must stay quiet
    assert [s.kind for s in card.stats] == ["treasures", "tags"]


def test_error_in_one_card_does_not_hide_the_next_cards() -> None:
    unit, diags = parse("""race a "A" {
  +1 to yu
}
race b "B" {
  level x
}
race c "C" { +1 to you }
race d "D" { bonus }
race e "E" { +2 to you }
""")
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [
        ("E002", 2, 9), ("E002", 5, 9), ("E002", 8, 20)]
    assert [c.id for c in unit.cards] == ["a", "b", "c", "e"]
    assert [c.complete for c in unit.cards] == [False, False, True, True]


def test_missing_closing_brace_before_next_card() -> None:
    unit, diags = parse('race a "A" {\n  +1 to you\nrace b "B" {\n  +1 to yu\n}\n')
    assert [(d.code, d.span.line) for d in diags] == [("E004", 2), ("E002", 4)]
    assert diags[0].hint == "close the card or pack block with '}'"
    assert diags[1].hint == "did you mean 'you'?"
    assert [(c.id, c.complete) for c in unit.cards] == [("b", False)]


def test_file_ends_inside_a_block() -> None:
    _, diags = parse('monster troll "Troll" {\n  level 10\n  treasures 3\n\n\n')
    assert [(d.code, span_tuple(d.span)) for d in diags] == [("E004", (3, 14, 3, 15))]
    assert diags[0].message == "the file ends in the middle of a block"


def test_unclosed_string() -> None:
    _, diags = parse('race r "R {\n  +1 to you\n}\n')
    assert [(d.code, span_tuple(d.span)) for d in diags] == [("E003", (1, 8, 1, 9))]


def test_stray_character_is_named() -> None:
    _, diags = parse('race r "R" {\n  +1 to you @\n}\n')
    assert [(d.code, span_tuple(d.span)) for d in diags] == [("E001", (2, 13, 2, 14))]
    assert diags[0].message == "unexpected character '@'"


def test_invisible_character_is_shown_as_code_point() -> None:
    _, diags = parse('race r "R" {\n  +1 to you\u200b\n}\n')
    assert [d.code for d in diags] == ["E001"]
    assert diags[0].message == "unexpected character U+200B"


def test_expected_list_is_in_words_not_terminal_names() -> None:
    _, diags = parse('race r "R" {\n  level x\n}\n')
    assert diags[0].hint == "expected a number"
    _, diags = parse('monster m {\n}\n')
    assert diags[0].message == "unexpected '{'"
    assert diags[0].hint == "expected a quoted text"
    for d in diags:
        assert "INT" not in (d.hint or "") and "STRING" not in (d.hint or "")


def test_second_header_in_one_file() -> None:
    unit, diags = parse('pack a { title "A" }\npack b { title "B" }\n')
    assert unit.header is not None and unit.header.id == "a"
    assert [(d.code, span_tuple(d.span)) for d in diags] == [("E010", (2, 1, 2, 21))]


def test_recovery_is_bounded() -> None:
    body = "".join("  @@\n" for _ in range(500))
    _, diags = parse(f'race r "R" {{\n{body}}}\n')
    assert 1 <= len(diags) <= 60
    assert {d.code for d in diags} == {"E001"}


def test_end_of_line_error_span_is_not_inverted() -> None:
    _, diags = parse('monster m "M" {\n  level 1\n  treasures\n}\n')
    assert [d.code for d in diags] == ["E002"]
    span = diags[0].span
    assert (span.line, span.column) == (3, 12)
    assert (span.end_line, span.end_column) >= (span.line, span.column + 1)


def test_misspelled_card_keyword_does_not_hide_the_card_before_it() -> None:
    unit, diags = parse('race r "R" {\n  +1 to you\n}\nmonstr m "M" {\n  level 1\n}\n')
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [("E002", 4, 1)]
    assert diags[0].hint == "did you mean 'monster'?"
    assert [c.id for c in unit.cards] == ["r"]


def test_keyword_with_extra_letters_is_reported_as_one_word() -> None:
    _, diags = parse('race r "R" {\n  +1 to youu\n}\n')
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [("E002", 2, 9)]
    assert diags[0].message == "unexpected 'youu'"
    assert diags[0].hint == "did you mean 'you'?"


def test_nodes_are_frozen() -> None:
    card = only_card('race r "R" { +1 to you }\n')
    with pytest.raises(AttributeError):
        card.id = "other"  # type: ignore[misc]


def test_a_second_colon_in_a_rule_says_why_and_what_to_write() -> None:
    """Only a roll may stand between two ':' (`remove a counter from this: roll a die:
    ...`); anything else there (an effect before a roll) is a second ':', and the hint
    names the one-colon shape and the roll form that works."""
    from munchkin_dsl.base.diagnostics import DiagnosticSink
    from munchkin_dsl.language.parser import parse_text

    sink = DiagnosticSink()
    parse_text('item i "I" { bonus +1; value 100; in combat, remove a counter from this: '
               '+2 to you: roll 4+ }\n', "t.munch", sink)
    [diag] = [d for d in sink.items if d.code == "E002"]
    assert "unexpected ':'" in diag.message
    hint = diag.hint or ""
    assert "a rule has one ':'" in hint and "discard 1 card: roll a die:" in hint
