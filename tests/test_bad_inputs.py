"""Bad packs, one mistake each: the exact code, line, column, message and hint.

Every case is a one-file pack.  Unless a case gives its own header, line 1 is
``pack t { title "T"; version "1"; ruleset munchkin-1.6 }`` and the case's text starts
on line 2.  ``also`` lists further diagnostics the mistake rightly causes, as
(code, line, column).  A message written as ``Prefix("...")`` is matched at its start
(used where the rest quotes a rulebook, which is ruleset data).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from conftest import HEADER, PackWriter

from munchkin_dsl.base.diagnostics import MANUAL_HINT
from munchkin_dsl.language.parser import SECOND_COLON_HINT

ANY = object()


class Prefix(str):
    """A message that must start with this text."""


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    code: str
    line: int
    column: int
    message: str
    hint: object = ANY
    header: str | None = HEADER
    also: tuple[tuple[str, int, int], ...] = ()
    files: dict[str, bytes] = field(default_factory=dict)
    bug: str | None = None


H = 'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
HSTAR = 'pack t { title "T"; version "1"; ruleset star-munchkin }\n'
HRU = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru }\n'
HPL = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, pl }\n'
MON = 'monster m "M" {\n  level 4\n  treasures 1\n'  # lines 2-4; the next line is 5
FIXED_HINT = 'change the effect, or if the card really breaks the rule, say so: `overrides rule'

CASES = [
    # ------------------------------------------------------------ syntax
    Case("misspelled-stat-keyword", MON + "  levle 10"
                                          "\n  bad stuff: lose 1 level\n}\n", "E002", 5, 3,
         "unexpected 'levle'", "did you mean 'level'?"),
    Case("misspelled-effect-word", MON + "  bad stuff: loose 2 levels\n}\n", "E002", 5, 14,
         "unexpected 'loose'", "did you mean 'lose'?"),
    Case("misspelled-against", MON + "  +2 agains Elf"
                                     "\n  bad stuff: lose 1 level\n}\n", "E002", 5, 6,
         "unexpected 'agains'", "did you mean 'against'?"),
    Case("misspelled-target", 'race r "R" {\n  +1 to yu\n}\n', "E002", 3, 9,
         "unexpected 'yu'", "did you mean 'you'?"),
    Case("missing-closing-brace-at-end", 'race r "R" {\n  +1 to you\n\n', "E004", 3, 12,
         "the file ends in the middle of a block", "close the card or pack block with '}'"),
    Case("unclosed-string", 'race r "R {\n  +1 to you\n}\n', "E003", 2, 8,
         "this text is not closed with a '\"' on the same line",
         "add the closing quote; a text may not span lines (use \\n for a break)"),
    Case("unclosed-string-in-name-line", 'race r "R" {\n  name ru "Эльф\n}\n', "E003", 3, 11,
         "this text is not closed with a '\"' on the same line"),
    Case("stray-character", 'race r "R" {\n  +1 to you @\n}\n', "E001", 3, 13,
         "unexpected character '@'",
         "only names, numbers, quoted texts and , : ; { } belong in a pack file"),
    Case("stray-unicode-character", 'race r "R" {\n  +1 → you\n}\n', "E001", 3, 6,
         "unexpected character '→'"),
    Case("missing-colon-after-timing", 'race r "R" {\n  in combat +2 to you\n}\n', "E002", 3, 13,
         "unexpected '+2'", "expected ',', ':', ';', 'and', '}' or the end of the line"),
    Case("missing-colon-after-label", 'race r "R" {\n  "Knack" +1 to you\n}\n', "E002", 3, 11,
         "unexpected '+1'", "expected ',' or ':'"),
    Case("missing-colon-after-bad-stuff", MON + "  bad stuff lose 2 levels\n}\n", "E002", 5, 13,
         "unexpected 'lose'", "expected ',', ':', ';', 'and', 'even', '}' or the end of the line"),
    Case("two-colons", MON + "  bad stuff: lose 2 levels: die\n}\n", "E002", 5, 27,
         "unexpected ':'", SECOND_COLON_HINT),
    Case("missing-card-name", 'monster m {\n  level 1\n}\n', "E002", 2, 11,
         "unexpected '{'", "expected a quoted text"),
    Case("missing-card-name-after-card", 'race r "R" { }\nmonster m {\n  level 1\n}\n',
         "E002", 3, 11, "unexpected '{'", "expected a quoted text"),
    Case("word-instead-of-number", 'monster m "M" {\n  level x\n  treasures 1\n'
                                   '  bad stuff: lose 1 level\n}\n', "E002", 3, 9,
         "unexpected 'x'", "expected a number"),
    Case("modifier-without-sign", 'race r "R" {\n  in combat: 2 to you\n}\n', "E002", 3, 14,
         "unexpected '2'"),
    Case("trailing-comma", 'race r "R" { in combat: +1 to you, }\n', "E002", 2, 36,
         "unexpected '}'"),
    Case("bonus-without-sign", 'item i "I" {\n  bonus 3\n  no value\n}\n', "E002", 3, 9,
         "unexpected '3'", "expected a signed number such as +3"),
    Case("stray-closing-brace", 'race r "R" {\n  +1 to you\n}}\n', "E002", 4, 2,
         "unexpected '}'"),
    Case("number-missing-at-end-of-line", 'monster m "M" {\n  level 1\n  treasures\n'
                                          '  bad stuff: lose 1 level\n}\n',
         "E002", 4, 12, "unexpected end of line", "expected a number"),
    Case("header-missing-separator",
         'race r "R" { }\n', "E002", 1, 20, "unexpected 'version'",
         "expected ';', '}' or the end of the line",
         header='pack t { title "T" version "1"; ruleset munchkin-1.6 }\n'),
    Case("misspelled-card-kind", 'monstr m "M" { level 1; treasures 1 }\n', "E002", 2, 1,
         "unexpected 'monstr'", "did you mean 'monster'?"),
    Case("missing-brace-before-next-card",
         'race a "A" {\n  +1 to you\nrace b "B" { +1 to you }\n', "E004", 3, 12,
         Prefix("the card is not closed"), "close the card or pack block with '}'"),
    Case("second-header", 'pack u { title "U"; version "1"; ruleset munchkin-1.6 }\n', "E010",
         2, 1, "a file may hold only one pack header",
         "remove this `pack { ... }` block or move it to its own pack"),
    # ------------------------------------------------------------ the header
    Case("no-header", 'race r "R" { }\n', "E011", 1, 1, "the pack has no header",
         'start the pack with `pack my-pack { title "..."; version "1.0"; '
         "ruleset munchkin-1.6; languages en }`", header=None),
    Case("no-ruleset", 'race r "R" { }\n', "E013", 1, 6,
         "the pack header does not name a ruleset",
         "add `ruleset ID` with one of: munchkin-1.6, munchkin-apocalypse, "
         "munchkin-classic-ru, munchkins-and-mazes, star-munchkin",
         header='pack t { title "T"; version "1" }\n'),
    Case("no-version", 'race r "R" { }\n', "E014", 1, 6, "the pack header has no version",
         'add `version "..."` to the pack header',
         header='pack t { title "T"; ruleset munchkin-1.6 }\n'),
    Case("unknown-ruleset", 'race r "R" { +1 against Elf }\n', "E105", 1, 42,
         "unknown ruleset 'munchkin-16'", "did you mean 'munchkin-1.6'?",
         header='pack t { title "T"; version "1"; ruleset munchkin-16 }\n'),
    Case("unknown-header-language", 'race r "R" { }\n', "E104", 1, 70,
         "unknown language code 'rus'", "did you mean 'ru'?",
         header='pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, rus }\n'),
    # ------------------------------------------------------------ names
    # (a plural names the same race: `+4 against Elves` is accepted; a misspelt one is not)
    Case("misspelt-plural-race-name", MON + "  +4 against Halflins"
                                   "\n  bad stuff: lose 1 level\n}\n", "E101", 5, 14,
         "unknown race, class, sex or tag 'Halflins'", "did you mean 'Halfling'?"),
    Case("unknown-class-no-suggestion", 'item i "I" {\n  bonus +1\n  usable by Klerik only\n'
                                        '  no value\n}\n',
         "E101", 4, 13, "unknown race, class or sex 'Klerik'",
         "no ruleset in the pack defines 'Klerik'; add a race or class card for it, "
         "or declare the ruleset that has it"),
    Case("misspelled-tag", 'monster enhancer e "E" {\n  monster becomes Undaed\n}\n', "E101",
         3, 19, "unknown tag 'Undaed'", "did you mean 'Undead'?"),
    Case("undeclared-tag", 'monster enhancer e "E" {\n  other Fishy monsters may join\n}\n',
         "E101", 3, 9, "unknown tag 'Fishy'",
         "no ruleset or card in the pack defines 'Fishy'; declare it with `tags Fishy` on a "
         "card, or fix the spelling"),
    Case("duplicate-id", 'race a "A" { }\nrace a "B" { }\n', "E102", 3, 6,
         "card id 'a' is already used by the card at pack.munch:2:6",
         "card ids are stable keys for the engine; give this card its own id"),
    Case("duplicate-name", 'race a "Boots" { }\nrace b "boots" { }\n', "E103", 3, 8,
         "the name 'boots' (en) is already used by the card at pack.munch:2:8",
         "two cards with one name confuse players; rename one of them"),
    Case("unknown-card-language", 'race r "R" {\n  name rus "Р"\n}\n', "E104", 3, 8,
         "unknown language code 'rus'", "did you mean 'ru'?"),
    Case("unknown-deck", 'treasure t "T" {\n  you draw 1 tresure\n}\n', "E106", 3, 14,
         "unknown deck 'tresure'", "did you mean 'treasure'?"),
    Case("unknown-fixed-rule", MON + '  overrides rule 7 "x"'
                                     '\n  bad stuff: lose 1 level\n}\n', "E107", 5, 18,
         "there is no fixed rule '7'",
         "the fixed rules are R1, R2, R3, R4 (see `munchkin rules ID`)"),
    # ------------------------------------------------------------ stats
    Case("stat-on-wrong-kind", 'item i "I" {\n  level 3\n  bonus +1\n  no value\n}\n', "E201", 3, 3,
         "an item cannot have 'level'", "only monsters have it"),
    Case("play-timing-on-monster", MON + "  play any time"
                                         "\n  bad stuff: lose 1 level\n}\n", "E201", 5, 3,
         "a monster cannot have 'play ...'"),
    Case("required-stat-missing", 'monster m "M" {\n  treasures 3'
                                  '\n  bad stuff: lose 1 level\n}\n', "E203", 2, 9,
         "a monster needs 'level'", "add a line such as `level 4` to the card"),
    Case("required-bonus-missing", 'item i "I" {\n  footgear\n  no value\n}\n', "E203", 2, 6,
         "an item needs 'bonus'", "add a line such as `bonus +2` to the card"),
    Case("stat-twice", MON + "  level 12\n  bad stuff: lose 1 level\n}\n", "E204", 5, 3,
         "'level' is given twice (first at pack.munch:3:3)", "keep one of the two lines"),
    Case("level-zero", 'monster m "M" {\n  level 0\n  treasures 1'
                       '\n  bad stuff: lose 1 level\n}\n', "E205", 3, 3,
         "0 is out of range for a monster's level (1 to 30)", "use a number from 1 to 30"),
    Case("level-too-high", 'monster m "M" {\n  level 31\n  treasures 1'
                           '\n  bad stuff: lose 1 level\n}\n', "E205", 3, 3,
         "31 is out of range for a monster's level (1 to 30)", "use a number from 1 to 30"),
    Case("too-many-treasures", 'monster m "M" {\n  level 3\n  treasures 11\n'
                               '  bad stuff: lose 1 level\n}\n', "E205", 4, 3,
         "11 is out of range for a monster's treasure count (0 to 10)"),
    Case("value-and-no-value", 'item i "I" {\n  bonus +1\n  value 300\n  no value\n}\n', "E208",
         5, 3, "the card has both a value and 'no value'", "keep one of the two lines"),
    Case("value-not-hundreds", 'item i "I" {\n  bonus +1\n  value 250\n}\n', "W301", 4, 3,
         "value 250 is not a multiple of 100",
         "Munchkin values are whole hundreds; selling counts only full 1000s"),
    Case("missing-declared-name", 'race r "R" { }\n', "W109", 2, 8,
         "the card has no ru name, but the pack declares ru", 'add `name ru "..."` to the card',
         header=HRU),
    Case("undeclared-language", 'race r "R" {\n  name pl "P"\n  name ru "Р"\n}\n', "W108", 4,
         8, "'ru' is not among the pack's languages (en, pl)",
         "add ru to the pack header's `languages` line", header=HPL),
    # ------------------------------------------------------------ effect lines
    Case("roll-seven", 'race r "R" {\n  in combat, roll 7+: +1 to you\n}\n', "E205", 3, 14,
         Prefix("7 is out of range for a die result"), "use a number from 2 to 6"),
    Case("modifier-zero", 'race r "R" {\n  in combat: +0 to you\n}\n', "E205", 3, 14,
         "a modifier of 0 does nothing", "use a non-zero number such as +1 or -2"),
    Case("lose-ten-levels", 'curse c "C" {\n  victim loses 10 levels\n}\n', "E205", 3, 3,
         "10 is out of range for a level change (1 to 9)", "use a number from 1 to 9"),
    Case("draw-eleven", 'treasure t "T" {\n  you draw 11 treasure\n}\n', "E205", 3, 3,
         "11 is out of range for a number of cards drawn (1 to 10)"),
    Case("effect-cannot-be-carried", 'item i "I" {\n  bonus +1\n  copy the monster'
                                     '\n  no value\n}\n', "E202",
         4, 3,
         "an item cannot carry this effect (a copy of the monster joins; enhancers apply to both)",
         "only monster enhancers can carry it; " + MANUAL_HINT),
    Case("effect-before-colon", 'race r "R" {\n  +5 to you: in combat\n}\n', "E206", 3, 3,
         "an effect must come after the ':'",
         "write `when, cost: effect`, e.g. `in combat: +5 to either side`",
         also=(("E206", 3, 14),)),
    Case("timing-without-colon", 'race r "R" {\n  in combat\n}\n', "E206", 3, 3,
         "a timing must come before the ':'",
         "put a ':' between when it happens and what happens, e.g. `in combat: +2 to you`"),
    Case("roll-after-colon", 'race r "R" {\n  in combat: roll 4+\n}\n', "E206", 3, 14,
         "a die roll must come before the ':'",
         "move it before the ':', e.g. `in combat, roll 4+: ...`"),
    Case("condition-after-colon", 'race r "R" {\n  in combat: +1 to you, if you are Elf\n}\n',
         "E206", 3, 25, "a condition must come before the ':'"),
    Case("line-without-effect", 'race r "R" {\n  in combat:\n}\n', "E207", 3, 3,
         "this line says when, but not what happens"),
    Case("otherwise-first", MON + "  bad stuff: otherwise lose 1 level\n}\n", "E209", 5, 14,
         "'otherwise' needs an effect before it on the same line",
         "write `effect, otherwise other effect`"),
    Case("per-card-without-cost", 'class c "C" {\n  in combat: +1 per card to you\n}\n', "E210",
         3, 14, "'per card' needs a discard cost before the ':'",
         "e.g. `discard up to 3 cards: +1 per card to you`"),
    Case("two-timings", 'class c "C" {\n  in combat, on kill: +1 to you\n}\n', "E212", 3, 14,
         "a line has one timing; this one has two", Prefix("two lines would be two abilities")),
    Case("two-frequencies", 'class c "C" {\n  once per turn, once per combat: +1 to you\n}\n',
         "E213", 3, 18, "a line has one frequency; this one has two", "keep one of them"),
    Case("two-rolls", 'class c "C" {\n  in combat, roll 4+, roll 5+: +1 to you\n}\n', "E213",
         3, 23, "a line has one roll; this one has two"),
    Case("cost-paid-by-victim", 'class c "C" {\n  victim discards 1 card: +2 to you\n}\n', "E215",
         3, 3, "a cost is paid by the card's owner",
         "remove the target; to make someone else discard, put it after ':'"),
    Case("every-item-as-cost", 'class c "C" {\n  discard all armor: +3 to you\n}\n', "E216",
         3, 3, "a cost is cards from the hand, this card, or items the owner picks"),
    # ------------------------------------------------------------ ruleset fit
    Case("seal-in-munchkin", 'seal s "S" {\n  while open: +1 to you\n}\n', "W401", 2, 1,
         "munchkin-1.6 has no seal cards, but this is a seal",
         "munchkin-apocalypse has it; to mix, declare `ruleset munchkin-1.6, "
         "munchkin-apocalypse` in the pack header"),
    Case("aggregate-in-munchkin", 'item i "I" {\n  bonus +1\n  aggregate'
                                  '\n  no value\n}\n', "W402", 4, 3,
         "munchkin-1.6 has no Aggregates",
         "star-munchkin has it; to mix, declare `ruleset munchkin-1.6, star-munchkin` in the "
         "pack header"),
    Case("big-in-star-munchkin", 'item i "I" {\n  bonus +1\n  big\n  no value\n}\n', "W403", 4, 3,
         "star-munchkin calls its big items Aggregates",
         "write `aggregate`, or declare a mix with a Big-item line", header=HSTAR),
    # ------------------------------------------------------------ art
    Case("art-outside-folder", 'race r "R" {\n  art "../troll.png"\n}\n', "E120", 3, 3,
         "art '../troll.png' lies outside the pack folder"),
    Case("art-missing", 'race r "R" {\n  art "art/trol.png"\n}\n', "E121", 3, 3,
         "art file 'art/trol.png' does not exist", "did you mean 'art/troll.png'?",
         files={"art/troll.png": b"\x89PNG\r\n\x1a\n"}),
    Case("art-not-an-image", 'race r "R" {\n  art "art/troll.png"\n}\n', "E122", 3, 3,
         "art file 'art/troll.png' is not a PNG, JPEG or GIF image",
         "export the art as PNG or JPEG", files={"art/troll.png": b"GIF? no, text"}),
    Case("text-number-mismatch",
         MON + '  +3 against Elf\n  text en "+5 against Elves."\n  bad stuff: lose 1 level\n}\n',
         "W501", 6, 3,
         "the en text of 'm' says 5, but none of the card's stats or effects has 5 "
         "(its numbers: 1, 3, 4)",
         "the text is printed instead of the generated one; make its numbers match the "
         "card's stats and effects, or fix the effect",
         # ...and the effect's 3 the text never prints.
         also=(("W501", 6, 3),)),
    # ------------------------------------------------------------ fixed rules
    Case("level-set-below-one", 'curse c "C" {\n  victim goes to level 0\n}\n', "R101", 3, 3,
         Prefix("the card sets a level to 0, against fixed rule 1: “"), Prefix(FIXED_HINT)),
    Case("monster-strength-to-zero",
         'monster m "M" {\n  level 2\n  treasures 1\n  -5 against Feline'
         '\n  bad stuff: lose 1 level\n}\n', "R102", 5, 3,
         Prefix("the card brings the monster to -3 (level 2, -5), against fixed rule 1: “"),
         "star-munchkin lets no card override rule 1; change the effect", header=HSTAR),
    Case("level-on-escape", MON + "  on escape: gain 1 level"
                                  "\n  bad stuff: lose 1 level\n}\n", "R201", 5, 14,
         Prefix("the card gives a level when no monster was killed, against fixed rule 2: “"),
         Prefix(FIXED_HINT)),
    Case("reward-in-combat", MON + "  fighter draws 1 treasure"
                                   "\n  bad stuff: lose 1 level\n}\n", "R301", 5, 3,
         Prefix("the card grants a reward while the combat is still going on, against fixed "
                "rule 3: “")),
    # ------------------------------------------------------------ phrases the language lacks
    Case("unknown-effect-phrase", MON + "  cannot escape"
                                        "\n  bad stuff: lose 1 level\n}\n", "E230", 5, 3,
         "'cannot escape' is not an effect the language knows",
         Prefix("nearest effects: `no escape` (nobody may roll to run away from this "
                "monster); `victim cannot look for trouble`")),
    Case("unknown-effect-after-a-subject", 'race r "R" {\n  in combat: fighter cant flee\n}\n',
         "E230", 3, 22, "'cant flee' is not an effect the language knows",
         Prefix("nearest effects: `no escape`")),
    Case("unknown-event-on-another-player",
         'item i "I" {\n  bonus +1\n  when another player discards a race: draw 1 door face down'
         '\n}\n', "E230", 4, 34,
         "'when another player discards a race' is not an event the language knows",
         Prefix("nearest events: `when another player discards a card`")),
    Case("unknown-event-verb", 'item i "I" {\n  bonus +1\n  when another player jumps: gain 1 '
         'level\n}\n', "E230", 4, 23,
         "'when another player jumps' is not an event the language knows",
         Prefix("nearest events: `when another player")),
    Case("cap-with-nothing-counted", 'item i "I" {\n  bonus +1\n  value 300\n  -1 up to +2 '
         'to run away\n}\n', "E229", 5, 3,
         "`up to +2` caps a counted bonus, and this one counts nothing, so the cap changes "
         "nothing", Prefix("count something")),
    Case("unknown-condition", 'item i "I" {\n  bonus +1\n  on your turn, if you are not in '
         'the dungeon: draw 1 door face down\n}\n', "E230", 4, 39,
         "'if you are not in the dungeon' is not a condition the language knows",
         Prefix("nearest conditions: ")),
    Case("that-player-where-no-event-names-one",
         'item i "I" {\n  bonus +1\n  value 100\n  in combat: that player loses 1 level\n}\n',
         "E221", 5, 14,
         "`that player` is the player an event is about, and this timing names no player",
         Prefix("write it on an event about another player")),
    Case("card-just-discarded-where-none-is",
         'item i "I" {\n  bonus +1\n  value 100\n  on your turn: take the card just discarded\n}\n',
         "E221", 5, 22, Prefix("no card has just been discarded at this moment"),
         Prefix("write it on `when another player discards a card:`")),
    Case("card-just-discarded-into-play",
         'item i "I" {\n  bonus +1\n  value 100\n  when another player discards a card: '
         'put the card just discarded into play\n}\n', "E228", 5, 40,
         "no card of the pack can go into play (a monster or a curse never does), so this "
         "move changes nothing", Prefix("take it into a hand: `take the card just discarded`")),
    Case("misspelled-effect-word-in-combat", 'race r "R" {\n  in combat: gian 1 level\n}\n',
         "E002", 3, 14,
         "unexpected 'gian'", "did you mean 'gain'?"),
    # ------------------------------------------------------------ lines the engine never runs
    Case("monster-in-combat-timing", MON + "  in combat: +2"
                                           "\n  bad stuff: lose 1 level\n}\n", "E220", 5, 3,
         "the engine never fires `in combat` on a monster, so this line would do nothing",
         "a monster's lines already act during its fight; remove `in combat`; "
         + MANUAL_HINT),
    Case("one-shot-after-failed-roll",
         'one-shot o "O" {\n  after failed run away roll: roll run away again\n  no value\n}\n'
         '', "E220",
         3, 3, "the engine never fires `after failed run away roll` on a one shot, so this "
         "line would do nothing", Prefix("only cards a player has in play react to a failed "
                                        "roll")),
    Case("fight-effect-after-the-fight", 'race r "R" {\n  on kill: +2 to you\n}\n', "E221",
         3, 12, "this effect (changes combat strength of one side or player) cannot act at "
         "`on kill`", Prefix("it acts on an open fight, and there is none at `on kill`")),
    Case("player-tested-for-card-tag",
         'race r "R" {\n  in combat, if fighter is Undead: +2 to you\n}\n', "E222", 3, 28,
         "'Undead' is a tag of cards, and the fighter is a player: this condition would never "
         "hold", Prefix("test the player's race, class or sex")),
    # a strength operator on a monster's own line reads the monster's total all fight
    Case("monster-operator-on-a-player", MON + "  double the strength of victim"
                                               "\n  bad stuff: lose 1 level\n}\n", "E228", 5, 26,
         "on a monster's own card a strength operator works on a side of the monster's "
         "fight: the monster, the fighter, the helper or the player side, so `victim` is "
         "nobody it can reach",
         Prefix("name a side of the fight (`halve the strength of fighter`")),
    Case("monster-operator-may", MON + "  may halve the strength of monster"
                                       "\n  bad stuff: lose 1 level\n}\n", "E228", 5, 3,
         "a strength operator on a monster's own card is read all fight long, so nobody "
         "chooses it and `may` changes nothing", Prefix("remove `may`")),
    Case("monster-kills-itself", MON + "  kill the monster outright"
                                       "\n  bad stuff: lose 1 level\n}\n", "E202", 5, 3,
         Prefix("a monster carries this effect only as an offer"),
         Prefix("a monster's own line cannot kill the monster it is printed on by itself; "
                "offer the kill to its fighter with `may`")),
    # `if you lose this combat` rides on a one-shot played into the fight
    Case("lose-this-combat-on-an-item",
         'item i "I" {\n  bonus +1\n  value 100\n  if you lose this combat: you die\n}\n',
         "E220", 5, 3, "the engine never fires `if you lose this combat` on an item, so this "
         "line would do nothing", Prefix("only a one-shot played into a fight waits for that "
                                        "fight's loss")),
    Case("lose-this-combat-strength-too-late",
         'one-shot o "O" {\n  value 100\n  if you lose this combat: +5 to you\n}\n',
         "E221", 4, 28, "this effect (changes combat strength of one side or player) cannot "
         "act at `if you lose this combat`", ANY),
    Case("level-ten-without-kill", 'door d "D" {\n  on reveal: you go to level 10\n}\n', "R401",
         3, 14, Prefix("the card sets a level to 10 without a kill, against fixed rule 4: “"),
         Prefix(FIXED_HINT)),
    Case("override-not-allowed",
         'door d "D" {\n  overrides rule 4\n  on reveal: you gain 1 level\n}\n', "R411", 3, 3,
         Prefix("star-munchkin lets no card override fixed rule 4: “"),
         "remove the override and change the effect that needs it", header=HSTAR),
    Case("override-not-needed", 'door d "D" {\n  overrides rule 2\n  on reveal: draw 1 door\n}\n',
         "W410", 3, 3, "the card overrides fixed rule 2 but nothing on it breaks that rule",
         "remove the `overrides` line, or check that it names the right rule"),
]


def _params() -> list:
    out = []
    for case in CASES:
        marks = [pytest.mark.xfail(strict=True, reason="BUG: " + case.bug)] if case.bug else []
        out.append(pytest.param(case, id=case.id, marks=marks))
    return out


def test_enough_distinct_cases() -> None:
    assert len({c.id for c in CASES}) == len(CASES)
    assert len({c.text + (c.header or "") for c in CASES}) == len(CASES)
    assert len([c for c in CASES if c.bug is None]) >= 35


def test_unknown_phrase_hint_lists_at_most_five_and_offers_manual(packdir: PackWriter) -> None:
    diags = packdir.diagnostics('race r "R" {\n  in combat: gian level card hand seal\n}\n')
    text = 'race r "R" {\n  in combat: hug the monster warmly\n}\n'
    (diag,) = packdir.diagnostics(text)
    assert diag.code == "E230" and diag.hint is not None
    assert diag.hint.count("`") <= 2 * 5 + 2  # five phrases and the manual clause
    assert 'kept as `manual "..."`' in diag.hint
    assert diags and all((d.hint or "").count(", ") <= 5 for d in diags)


@pytest.mark.parametrize("case", _params())
def test_bad_input(packdir: PackWriter, case: Case) -> None:
    for name, content in case.files.items():
        packdir.write(name, content)
    diags = packdir.diagnostics(case.text, header=case.header)
    got = [(d.code, d.span.line, d.span.column) for d in diags]
    assert got == [(case.code, case.line, case.column), *case.also], [
        (d.code, str(d.span), d.message) for d in diags]
    first = next(d for d in diags if (d.code, d.span.line, d.span.column)
                 == (case.code, case.line, case.column))
    if isinstance(case.message, Prefix):
        assert first.message.startswith(case.message), first.message
    else:
        assert first.message == case.message
    if isinstance(case.hint, Prefix):
        assert first.hint is not None and first.hint.startswith(case.hint), first.hint
    elif case.hint is not ANY:
        assert first.hint == case.hint
    for d in diags:
        assert d.span.file == "pack.munch"
        assert (d.span.end_line, d.span.end_column) > (d.span.line, d.span.column), d


def test_a_language_without_ruleset_translations_is_checked_not_crashed(
        packdir: PackWriter) -> None:
    """`languages en, de` passes the resolver; every later stage must accept it too."""
    header = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, de }\n'
    diags = packdir.diagnostics('race elf "Elf" { in combat: +3 to you }\n', header=header)
    assert [(d.code, d.span.line) for d in diags] == [("W109", 2)]
    assert packdir.diagnostics('race elf "Elf" { name de "Elf"; in combat: +3 to you }\n',
                               header=header) == []
