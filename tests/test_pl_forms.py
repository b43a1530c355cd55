"""The reviewed Polish forms table: well formed, and used for agreement or not at all."""

from __future__ import annotations

import tomllib

from conftest import REPO

from munchkin_dsl.text.pl_forms import pl_phrase

GRAMMEMES = {"sing", "plur", "masc", "femn", "neut", "anim", "inan",
             "nomn", "gent", "datv", "accs", "ablt", "loct"}


def test_table_entries_are_well_formed() -> None:
    data = tomllib.loads((REPO / "munchkin_dsl" / "text" / "pl_forms.toml").read_text(
        encoding="utf-8"))
    assert data, "empty table"
    for word, entry in data.items():
        assert entry.get("kind") in ("adjective", "noun"), word
        for key, form in entry.items():
            if key == "kind":
                continue
            grams = set(key.split(","))
            assert grams <= GRAMMEMES, (word, key)
            assert len(grams & {"sing", "plur"}) <= 1 and grams - {"sing", "plur"}, (word, key)
            assert isinstance(form, str) and form.strip() == form and form, (word, key)


def test_adjective_agrees_before_the_noun() -> None:
    assert pl_phrase("ogniste", "karty", "plur,nomn") == "ogniste karty"
    assert pl_phrase("ogniste", "kart", "plur,gent") == "ognistych kart"
    assert pl_phrase("ogniste", "karty", "sing,femn,gent") == "ognistej karty"
    assert pl_phrase("Nieumarły", "potwora", "sing,masc,anim,accs") == "Nieumarłego potwora"


def test_noun_phrase_word_replaces_the_noun_whatever_gender_is_asked() -> None:
    assert pl_phrase("Duża Rzecz", "przedmiotów", "plur,gent") == "Dużych Rzeczy"
    assert pl_phrase("Agregat", "przedmiotu", "sing,masc,gent") == "Agregatu"


def test_unknown_word_or_form_falls_back_to_none() -> None:
    assert pl_phrase("cyber", "przedmiot", "sing,masc,accs") is None
    assert pl_phrase("ogniste", "kartach", "plur,loct") is None
    assert pl_phrase("ogniste", "karty", "") is None


def test_deck_names_take_the_genitive_after_talii() -> None:
    assert pl_phrase("Pieczęcie", "", "gent") == "Pieczęci"  # seed 004: «talii Pieczęci»
    assert pl_phrase("Drzwi", "", "gent") == "Drzwi"
