"""The misleading diagnostics met while writing the end-of-round set of authoring cards
(tests/authoring/cards.md, "Misleading diagnostics ..."): each hint now names what may
stand there and never sends the author to a form that is refused in turn."""

from __future__ import annotations

import re
from pathlib import Path

from conformance import REQUIRED
from test_hints import H16, _hint

from munchkin_dsl import data
from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import check_pack
from munchkin_dsl.language import registry

HAPOC = 'pack t { title "T"; version "1"; ruleset munchkin-apocalypse }\n'
#: a door or treasure reacts in play only when it stays (E227 says so on its own)
STAYS = {"door": "persistent; ", "treasure": "persistent; "}
KEYWORD = {"monster-enhancer": "monster enhancer", "item-enhancer": "item enhancer"}
HRU = 'pack t { title "T"; version "1"; ruleset munchkin-classic-ru }\n'


def test_e202_says_every_kind_but_when_most_kinds_may(tmp_path: Path) -> None:
    """A Seal's `-1 to run away`: thirteen kinds may carry it; say the two that may not."""
    hit = _hint("E202", HAPOC + 'seal s "S" {\n  while open: -1 to run away\n}\n', tmp_path)
    assert hit.hint is not None
    assert hit.hint.startswith("every kind but item enhancer and seal can carry it"), hit.hint
    assert "more kinds" not in hit.hint


def test_e212_says_two_lines_are_two_abilities(tmp_path: Path) -> None:
    """`in combat, on kill`: "Split the line in two" made two abilities, usable at either
    moment; the hint says so and offers what is left."""
    hit = _hint("E212", HRU + 'item s "S" {\n  bonus +0\n  value 300\n  in combat, on kill: '
                'draw 1 door face down\n}\n', tmp_path)
    assert hit.hint is not None
    assert "split the line" not in hit.hint
    assert "two abilities" in hit.hint and "not one that needs both" in hit.hint
    assert "`in combat: ...`" in hit.hint and '`manual "..."`' in hit.hint


def test_e212_offers_the_fight_condition_where_one_timing_is_a_fight(tmp_path: Path) -> None:
    """Samovar: `on your turn, outside combat, ...`: a fight is also a condition (`if you
    are not in combat`), so the hint writes the line that says both."""
    hit = _hint("E212", HRU + 'item s "S" {\n  bonus +0\n  value 300\n  on your turn, outside '
                'combat, 3 uses, discard 1 card: draw 1 door face down\n}\n', tmp_path)
    assert hit.hint is not None and "split the line" not in hit.hint
    assert "`on your turn, if you are not in combat: ...`" in hit.hint


def _refusals() -> set[tuple[str, str, str | None, str | None, str]]:
    """(kind, timing, effect, variant, hint) for every refusal the checker can give."""
    out = set()
    for kind in data.kinds():
        for timing in registry.timings():
            why = registry.refusal(kind, timing)
            if why is not None:
                out.add((kind, timing, None, None, why))
                continue
            for name, spec in registry.effects().items():
                for variant in (None, *spec.variants):
                    why = registry.refusal(kind, timing, name, variant)
                    if why is not None:
                        out.add((kind, timing, name, variant, why))
    return out


def _offers(hint: str, kind: str) -> list[str]:
    """The forms a hint offers the author of a ``kind`` card: a clause about another kind
    (`a one-shot is `in combat: escape every monster``) tells, it does not offer."""
    out = []
    for clause in hint.split("; "):
        about = re.match(r"(?:a|an|the) ([\w -]+?)(?:'s| is| says)\b", clause)
        words = about.group(1).lower() if about else ""
        if any(words == str(k["words"]).lower() for n, k in data.kinds().items() if n != kind):
            continue
        out += re.findall(r"`([^`]+)`", clause)
    return out


def test_no_e220_or_e221_hint_offers_a_form_refused_on_that_kind(tmp_path: Path) -> None:
    """Walks card kinds x timings x effects: every timing a refusal's hint offers is one the
    kind carries (and, for an effect refused, one at which that effect acts); every whole
    line it offers (`in combat: +2 to run away`) is checked on a card of that kind and
    accepted.  (`bad stuff: die` on a one-shot offered `when caught`, refused there too.)"""
    lines: set[tuple[str, str]] = set()
    wrong = []
    for kind, timing, effect, variant, hint in _refusals():
        for form in _offers(hint, kind):
            offered = registry.offered_timing(form)
            if offered is None or offered == timing:
                continue  # not a timing (`gain 1 level`), or the refused one named
            if registry.refusal(kind, offered) is not None or (
                    effect is not None and ":" not in form
                    and registry.refusal(kind, offered, effect, variant) is not None):
                wrong.append((kind, timing, effect, form))
            elif ":" in form and not form.rstrip().endswith(":"):
                lines.add((kind, form))
    assert not wrong, wrong[:10]
    body = "".join(f'{KEYWORD.get(kind, kind)} c{n} "C{n}" {{ {REQUIRED.get(kind, "")}'
                   f'{STAYS.get(kind, "")}{line.replace(" N ", " 2 ")} }}\n'
                   for n, (kind, line) in enumerate(sorted(lines)))
    text = HAPOC + body
    (tmp_path / "pack.munch").write_text(text, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    errors = [(d.span.line, d.code, d.message) for d in sink.items if d.severity == "error"]
    assert len(lines) >= 3, sorted(lines)
    assert not errors, "\n".join(f"{e} <- {text.splitlines()[e[0] - 1]}" for e in errors)


def test_bad_stuff_on_a_one_shot_offers_only_what_a_one_shot_carries(tmp_path: Path) -> None:
    # a one-shot is played from the hand as its player is caught (held-out card 102), so
    # the hint's `when caught` is no circle: the line it offers checks clean
    hit = _hint("E220", H16 + 'one-shot o "O" {\n  bad stuff: die\n}\n', tmp_path)
    assert hit.hint is not None and "`when caught`" in hit.hint, hit.hint
    assert hit.hint.startswith("Bad Stuff belongs to monsters") and "manual" in hit.hint
    (tmp_path / "offered").mkdir()
    (tmp_path / "offered" / "pack.munch").write_text(
        H16 + 'one-shot o "O" {\n  when caught: die\n}\n', encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path / "offered", sink)
    assert not [d for d in sink.items if d.severity == "error"], [str(d) for d in sink.items]


def test_e101_on_a_player_word_speaks_of_player_tests(tmp_path: Path) -> None:
    """`if target is you`: never advise declaring `tags you`; say `you` is a subject and
    name the tests of who a player is."""
    hit = _hint("E101", H16 + 'item i "I" {\n  bonus +1\n  value 300\n  if target is you: '
                '+1\n}\n', tmp_path)
    assert hit.hint is not None and "tags you" not in hit.hint, hit.hint
    assert "is a subject" in hit.hint and "if you are helper" in hit.hint
    assert '`manual "..."`' in hit.hint


def test_big_without_items_is_pointed_to_the_big_item_filter(tmp_path: Path) -> None:
    """Looter's Pride: `2 big in play` is no condition (E230) and the nearest forms named
    are the Big item filter's, with manual; `2 big items in play` is a card filter now."""
    hit = _hint("E230", HAPOC + 'item i "I" {\n  bonus +1\n  value 300\n  if you have at '
                'least 2 big in play: +2\n}\n', tmp_path)
    assert hit.hint is not None and 'Big item(s)/"TITLE" in play' in hit.hint, hit.hint
    assert '`manual "..."`' in hit.hint
    (tmp_path / "pack.munch").write_text(HAPOC + 'item i "I" {\n  bonus +1\n  value 300\n  '
                                         'if you have at least 2 big items in play: +2\n}\n',
                                         encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    assert not [d for d in sink.items if d.severity.name == "ERROR"]


GRUDGE = H16 + 'item i "I" {\n  bonus +1\n  value 300\n  when targeted by curse: LINE\n}\n'


def test_e002_never_suggests_the_word_written_and_names_the_selectors(tmp_path: Path
                                                                      ) -> None:
    """`its player loses 1 level` said "did you mean 'its'?"; now: the selectors, nearest
    first, at most five, and manual."""
    hit = _hint("E002", GRUDGE.replace("LINE", "its player loses 1 level"), tmp_path)
    assert hit.hint is not None and "did you mean 'its'" not in hit.hint, hit.hint
    offered = re.findall(r"`([^`]+)`", hit.hint)
    assert 1 <= len([o for o in offered if not o.startswith("manual")]) <= 5
    assert all("player" in o for o in offered[:3]), offered  # nearest to 'its player'
    assert '`manual "..."`' in hit.hint


def test_e002_at_a_selector_names_the_selectors_nearest_first(tmp_path: Path) -> None:
    """`the player who sold it`: not "expected 'to' or 'with'" but the `the player ...`
    selectors first.  (`the player who played it` is a selector now: g-victim's.)"""
    hit = _hint("E002", GRUDGE.replace("LINE", "the player who sold it loses 1 level"),
                tmp_path)
    assert hit.hint is not None and not hit.hint.startswith("expected"), hit.hint
    offered = [o for o in re.findall(r"`([^`]+)`", hit.hint) if not o.startswith("manual")]
    assert len(offered) == 5 and all(o.startswith("the player ") for o in offered), offered
    # the forms sharing most of the written start first (`the player who ...`)
    assert offered[0].startswith("the player who "), offered


def test_a_typo_still_gets_its_did_you_mean(tmp_path: Path) -> None:
    hit = _hint("E002", GRUDGE.replace("LINE", "youu gain 1 level"), tmp_path)
    assert hit.hint == "did you mean 'you'?"


def test_a_statement_with_a_filter_of_its_own_is_pointed_to_it() -> None:
    """`big` has a card filter now (`Big items`): its hint must not say no condition counts
    Big cards; a statement with none (`aggregate`) is still pointed to a tag."""
    from munchkin_dsl.language.reference import statement_hint  # noqa: PLC0415

    big = statement_hint("big")
    assert "`Big items`" in big and "no condition counts" not in big
    assert "`tags Aggregate`" in statement_hint("aggregate")
