"""The forty authoring cards (tests/authoring/cards.md): written, checked, classified, played.

Every card is written twice, as the language stood before issue 19 (``before/``) and with
the new forms (``after/``); each set is five packs, one per ruleset, with eight classified
cards each (a `# class:` comment above the card; support cards have none).  The tests
check that every pack passes `munchkin check`, that the counts table in cards.md is the
count of the comments, that a card's class agrees with what it says (a faithful card has
no manual rule, a manual one has, an approximated one says what it loses), and run the
scenarios of the `after` packs: a sample of the faithful cards played in the engine.
The end-of-round set (``end/``) and the ten held-out sets (``held-out/`` to ``held-out-10/``,
written from the docs only, as a check of the language on cards it was not built for) are
written once each and checked the same way, with every scenario played.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.base.diagnostics import DiagnosticSink, Severity
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack

HERE = Path(__file__).resolve().parent
RULESETS = ("munchkin-1.6", "munchkin-classic-ru", "munchkins-and-mazes", "star-munchkin",
            "munchkin-apocalypse")
SETS = ("before", "after")
END = "end"  # the end-of-round set: forty other cards, by a second author (cards.md)
HELD_OUT = "held-out"  # the held-out set: forty more cards by a third author (cards.md)
HELD_OUT_2 = "held-out-2"  # the second held-out set, by a fourth author (cards.md)
HELD_OUT_3 = "held-out-3"  # the third held-out set, by a fifth author (cards.md)
HELD_OUT_4 = "held-out-4"  # the fourth held-out set, by a sixth author (cards.md)
HELD_OUT_5 = "held-out-5"  # the fifth held-out set, by a seventh author (cards.md)
HELD_OUT_6 = "held-out-6"  # the sixth held-out set, by an eighth author (cards.md)
HELD_OUT_7 = "held-out-7"  # the seventh held-out set, by a ninth author (cards.md)
HELD_OUT_8 = "held-out-8"  # the eighth held-out set, by a tenth author (cards.md)
HELD_OUT_9 = "held-out-9"  # the ninth held-out set, by an eleventh author (cards.md)
HELD_OUT_10 = "held-out-10"  # the tenth held-out set, by a twelfth author (cards.md)
#: the sets written once each, from the docs only
WRITTEN_ONCE = (END, HELD_OUT, HELD_OUT_2, HELD_OUT_3, HELD_OUT_4, HELD_OUT_5, HELD_OUT_6,
                HELD_OUT_7, HELD_OUT_8, HELD_OUT_9, HELD_OUT_10)
INERT = "inert.scn"  # its scenarios of lines `check` accepts and the engine does not play
CLASS = re.compile(r"^# class: (faithful|approximated|manual)([^\n]*)\n(?:#[^\n]*\n)*"
                   r"([\w-]+(?: enhancer)?) ([\w-]+) \"[^\"]*\" \{\n(.*?)^\}", re.M | re.S)


def _cards(which: str, ruleset: str) -> list[tuple[str, str, str, str]]:
    """(class, its note, card id, card body) of each classified card of one pack."""
    text = (HERE / which / ruleset / "pack.munch").read_text(encoding="utf-8")
    return [(m.group(1), m.group(2).strip(), m.group(4), m.group(5))
            for m in CLASS.finditer(text)]


@pytest.mark.parametrize("which", (*SETS, *WRITTEN_ONCE))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_pack_checks(which: str, ruleset: str) -> None:
    sink = DiagnosticSink()
    check_pack(HERE / which / ruleset, sink)
    errors = [str(d) for d in sink.items if d.severity is Severity.ERROR]
    assert not errors, errors
    codes = {d.code for d in sink.items}
    assert codes <= {"W601"}, codes  # manual rules are the only warnings


@pytest.mark.parametrize("which", (*SETS, *WRITTEN_ONCE))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_eight_classified_cards_that_say_what_they_are(which: str, ruleset: str) -> None:
    cards = _cards(which, ruleset)
    assert len(cards) == 8, [c[2] for c in cards]
    for cls, note, card_id, body in cards:
        manual = "manual " in body
        assert manual == (cls == "manual"), f"{card_id}: {cls} but manual={manual}"
        if cls == "approximated":
            assert note.startswith("("), f"{card_id}: say what the approximation loses"


def test_the_ids_are_the_same_forty_cards_in_both_sets() -> None:
    for ruleset in RULESETS:
        before = [c[2] for c in _cards("before", ruleset)]
        after = [c[2] for c in _cards("after", ruleset)]
        assert before == after, ruleset


def test_the_counts_table_matches_the_files() -> None:
    text = (HERE / "cards.md").read_text(encoding="utf-8")
    for which in (*SETS, *WRITTEN_ONCE):
        counts = Counter(c[0] for r in RULESETS for c in _cards(which, r))
        row = re.search(rf"^\| {which} \| (\d+) \| (\d+) \| (\d+) \|$", text, re.M)
        assert row, f"cards.md has no row for {which}"
        quoted = tuple(int(g) for g in row.groups())
        assert quoted == (counts["faithful"], counts["approximated"], counts["manual"]), which


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_faithful_cards_play_as_written(ruleset: str) -> None:
    result = CliRunner().invoke(main, ["test", str(HERE / "after" / ruleset), "--format",
                                       "json"])
    doc = json.loads(result.output)
    failed = [s for s in doc["scenarios"] if not s["passed"]]
    assert doc["scenarios"] and not failed, json.dumps(failed, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("which", WRITTEN_ONCE)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_end_and_held_out_cards_play_as_written(which: str, ruleset: str) -> None:
    """Every scenario of the end and held-out sets passes, except those of inert.scn: each
    of them is `not modelled` (a line `check` accepts that the engine does not play), so the
    day the engine plays it the scenario fails and asks for its `not modelled:` line to go,
    and cards.md's list of inert lines with it."""
    result = CliRunner().invoke(main, ["test", str(HERE / which / ruleset), "--format", "json"])
    doc = json.loads(result.output)
    inert = [s for s in doc["scenarios"] if Path(s["file"].rsplit(":", 1)[0]).name == INERT]
    played = [s for s in doc["scenarios"] if s not in inert]
    assert played and all(s["passed"] for s in played), json.dumps(
        [s for s in played if not s["passed"]], indent=1, ensure_ascii=False)
    assert all(s["status"] == "not modelled" for s in inert), json.dumps(
        [s for s in inert if s["status"] != "not modelled"], indent=1, ensure_ascii=False)
