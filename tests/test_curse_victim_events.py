"""The third held-out set's curse and seal events (tests/authoring/cards.md, cards 183,
187, 191, 198): the hints of an author's natural attempts name the form that works, and
the events fire only for the player and the moment they name."""

from __future__ import annotations

from pathlib import Path

from test_hints import _hint

from munchkin_dsl.language import registry

HSTAR = 'pack t { title "T"; version "1"; ruleset star-munchkin }\n'


def test_e212_next_combat_and_after_each_combat_names_after_the_next_combat(
        tmp_path: Path) -> None:
    """`next combat, after each combat:` on a trap was told `next combat` "acts more often
    than printed"; it acts once, as the combat starts: the hint names the form for its end."""
    hit = _hint("E212", HSTAR + 'trap d "D" {\n  next combat, after each combat: victim '
                'discards 1 item of their choice\n}\n', tmp_path)
    assert hit.hint is not None
    assert "`after the next combat: ...`" in hit.hint, hit.hint
    assert "more often" not in hit.hint


def test_e227_after_each_combat_on_a_trap_names_after_the_next_combat(tmp_path: Path) -> None:
    # (E220 before wave 4; a curse-like card kept on its victim reacts to the victim's
    # combats now, so the card is told to stay, or to wait for the next one only)
    hit = _hint("E227", HSTAR + 'trap d "D" {\n  after each combat: victim discards 1 item '
                'of their choice\n}\n', tmp_path)
    assert hit.hint is not None and "`after the next combat`" in hit.hint, hit.hint


def test_the_new_events_are_declared_for_their_carriers() -> None:
    """A curse waits for its victim's next combat's end; the who-did-it events are for
    cards in play (and their waiting forms for a one-shot)."""
    specs = registry.timings()
    assert "trap" in specs["next_combat_end_of_victim"].carriers
    assert "item" not in specs["next_combat_end_of_victim"].carriers
    for timing in ("when_other_curses_you", "when_other_opens_seal", "when_you_open_seal"):
        assert "item" in specs[timing].carriers
        assert "one-shot" in specs[f"next:{timing}"].carriers, timing
    # what another player does is answered from the hand too; the owner's own Seal is not
    assert "one-shot" in specs["when_other_curses_you"].carriers
    assert "one-shot" in specs["when_other_opens_seal"].carriers
    assert "one-shot" not in specs["when_you_open_seal"].carriers


HRU = 'pack t { title "T"; version "1"; ruleset munchkin-classic-ru }\n'


def test_a_curse_that_does_not_stay_is_told_to_be_persistent(tmp_path: Path) -> None:
    """`when another player kills a monster` on a curse was E220 "only a card its owner has
    in play reacts", though a curse on its victim counts as in play: without `persistent`
    it is gone once it has acted, and the hint says so."""
    hit = _hint("E227", HRU + 'curse e "E" {\n  when another player kills a monster: victim '
                'discards 1 card\n}\n', tmp_path)
    assert hit.hint is not None and "`persistent`" in hit.hint, hit.hint


def test_a_persistent_curse_reacts_to_the_events_of_cards_in_play(tmp_path: Path) -> None:
    from munchkin_dsl.base.diagnostics import DiagnosticSink
    from munchkin_dsl.compiler.api import check_pack
    (tmp_path / "pack.munch").write_text(
        HRU + 'curse e "E" {\n  persistent\n  until victim kills a monster, when another '
        'player kills a monster: victim discards 1 card\n}\n', encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    assert not [d for d in sink.items if d.code.startswith("E")], \
        [(d.code, d.message) for d in sink.items]
