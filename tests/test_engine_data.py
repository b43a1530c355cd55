"""Stage 5: engine JSON - round trip, the committed schema, validation, determinism."""

from __future__ import annotations

import json
import pickle

import pytest
from conftest import REPO, sample_packs
from jsonschema import Draft202012Validator

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.effects import EFFECT_TYPES, EFFECTS_BY_KIND, Ability, CardData, Strength
from munchkin_dsl.compiler.engine_data import (
    FORMAT,
    FORMAT_VERSION,
    EngineData,
    EngineDataError,
    PackInfo,
    build_schema,
    dumps,
    load_engine_data,
    schema_text,
    to_jsonable,
)

PACK_IDS = [p.name for p in sample_packs()]


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schema = json.loads((REPO / "schemas" / "engine-data.schema.json").read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def compiled(name: str) -> EngineData:
    result = compile_packs([REPO / "packs" / name])
    assert result.data is not None, [(d.code, str(d.span), d.message) for d in result.sink]
    return result.data


def test_every_effect_record_pickles_by_name() -> None:
    """Process pools and Ray send engine data pickled: every record, the ones generated from
    a part class too, must come back as the same class with its kind (rebuilt by value, a
    generated record lost its kind and the Ray backend failed)."""
    for cls in EFFECT_TYPES:
        assert pickle.loads(pickle.dumps(cls)) is cls, cls.kind
    effect = EFFECTS_BY_KIND["gain_levels"](amount=2, target="you")
    assert pickle.loads(pickle.dumps(effect)) == effect


def test_there_is_at_least_the_base_sample_pack() -> None:
    assert "munchkin-1.6" in PACK_IDS


@pytest.mark.parametrize("name", PACK_IDS)
def test_round_trip_equals_the_compiled_objects(name: str) -> None:
    data = compiled(name)
    loaded = load_engine_data(json.loads(dumps(data)))
    assert loaded == data
    assert dumps(loaded) == dumps(data)


@pytest.mark.parametrize("name", PACK_IDS)
def test_compiled_pack_validates(name: str, validator: Draft202012Validator) -> None:
    doc = json.loads(dumps(compiled(name)))
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    assert errors == [], [f"{list(e.path)}: {e.message}" for e in errors[:5]]
    assert doc["format"] == FORMAT and doc["format_version"] == FORMAT_VERSION


@pytest.mark.parametrize("name", PACK_IDS)
def test_compiling_twice_is_byte_identical(name: str) -> None:
    assert dumps(compiled(name)) == dumps(compiled(name))


def test_all_packs_together_round_trip_and_validate(validator: Draft202012Validator) -> None:
    result = compile_packs([REPO / "packs" / n for n in PACK_IDS])
    if result.data is None:
        pytest.skip("the sample packs share card ids (E110); each is tested on its own")
    doc = json.loads(dumps(result.data))
    assert list(validator.iter_errors(doc)) == []
    assert load_engine_data(doc) == result.data
    assert [p["id"] for p in doc["packs"]] == [i.id for i in result.data.packs]


def test_committed_schema_is_the_generated_one() -> None:
    committed = (REPO / "schemas" / "engine-data.schema.json").read_text(encoding="utf-8")
    assert committed == schema_text(), (
        "schemas/engine-data.schema.json is stale; regenerate it from "
        "munchkin_dsl.compiler.engine_data.schema_text()")


def test_schema_knows_every_effect_kind() -> None:
    schema = build_schema()
    kinds = {schema["$defs"][cls.__name__]["properties"]["kind"]["const"]
             for cls in EFFECT_TYPES}
    assert kinds == {cls.kind for cls in EFFECT_TYPES}
    assert len(schema["$defs"]["Effect"]["oneOf"]) == len(EFFECT_TYPES)


def test_defaults_are_left_out_and_key_order_is_field_order() -> None:
    card = CardData(id="c", kind="treasure", deck="treasure", names={"ru": "К", "en": "C"})
    assert list(to_jsonable(card)) == ["id", "kind", "deck", "names"]
    assert list(to_jsonable(card)["names"]) == ["en", "ru"]
    effect = EFFECTS_BY_KIND["gain_levels"](amount=1, target="you", per_monster=True)
    assert to_jsonable(effect) == {"kind": "gain_levels", "amount": 1, "target": "you",
                                   "per_monster": True}


def test_non_default_values_survive(validator: Draft202012Validator) -> None:
    info = PackInfo(id="p", title="P", version="1", rulesets=("munchkin-1.6",),
                    languages=("en", "ru"), titles={"ru": "П"})
    card = CardData(id="c", kind="monster", deck="door", names={"en": "Ц"}, level=1,
                    treasures=0, value=0)
    data = EngineData(packs=(info,), cards=(card,))
    doc = json.loads(dumps(data))
    assert doc["cards"][0]["treasures"] == 0 and doc["cards"][0]["value"] == 0
    assert list(validator.iter_errors(doc)) == []
    assert load_engine_data(doc) == data
    assert "Ц" in dumps(data)  # UTF-8 kept readable, not \u-escaped


def test_schema_rejects_what_the_loader_would_misread(validator: Draft202012Validator) -> None:
    doc = json.loads(dumps(compiled("munchkin-1.6")))
    doc["cards"][0]["abilities"][0]["effects"][0]["kind"] = "teleport"
    assert list(validator.iter_errors(doc))
    with pytest.raises(EngineDataError, match="unknown effect kind 'teleport'"):
        load_engine_data(doc)


def test_schema_rejects_unknown_fields(validator: Draft202012Validator) -> None:
    doc = json.loads(dumps(compiled("munchkin-1.6")))
    doc["cards"][0]["colour"] = "red"
    assert any("colour" in e.message for e in validator.iter_errors(doc))


@pytest.mark.parametrize(("doc", "message"), [
    ({"packs": [], "cards": []}, "not munchkin engine data"),
    ({"format": FORMAT, "format_version": 99, "packs": [], "cards": []}, "format_version 99"),
])
def test_loader_rejects_other_documents(doc: dict, message: str) -> None:
    with pytest.raises(EngineDataError, match=message):
        load_engine_data(doc)


def test_strength_default_counted_once_round_trips() -> None:
    effect = Strength(amount=2, target="you", counted_once=False)
    card = CardData(id="c", kind="race", deck="door", names={"en": "C"},
                    abilities=(Ability(timing="continuous", effects=(effect,)),))
    data = EngineData(packs=(), cards=(card,))
    doc = json.loads(dumps(data))
    assert doc["cards"][0]["abilities"][0]["effects"][0]["counted_once"] is False
    assert load_engine_data(doc) == data
    assert load_engine_data(doc).cards[0].abilities[0].effects[0] == effect


def test_output_ends_with_one_newline() -> None:
    text = dumps(compiled("munchkin-1.6"))
    assert text.endswith("}\n") and not text.endswith("\n\n")


def test_every_effect_class_has_a_data_entry_and_back() -> None:
    from munchkin_dsl.compiler.effects import EFFECT_TYPES
    from munchkin_dsl.language.registry import effects as effect_kinds

    assert {cls.kind for cls in EFFECT_TYPES} == set(effect_kinds())


def test_check_does_not_import_the_effect_classes(tmp_path) -> None:
    """`munchkin check` stays light: the effect dataclasses load only for compiling."""
    import subprocess
    import sys

    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        'monster m "M" { level 1; treasures 1; bad stuff: lose 1 level }\n', encoding="utf-8")
    code = ("import sys\nfrom munchkin_dsl.compiler.api import check_pack\n"
            "from munchkin_dsl.base.diagnostics import DiagnosticSink\n"
            "check_pack(sys.argv[1], DiagnosticSink())\n"
            "print('munchkin_dsl.compiler.effects' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True,
                         text=True, check=True).stdout.strip()
    assert out == "False"
