"""The VS Code extension's TextMate grammars are the ones the language's vocabulary gives.

Their colours are checked by snapshot tests over the sample packs (editors/vscode,
`npm test`, run by .ci/run); this test keeps the committed grammar files in step with
the Lark grammar, so a new keyword cannot be left uncoloured.
"""

from __future__ import annotations

import json
import re

from conftest import REPO

from munchkin_dsl.lsp import tmgrammar, vocabulary

SYNTAXES = REPO / "editors" / "vscode" / "syntaxes"


def test_committed_grammars_are_generated_from_the_vocabulary() -> None:
    for name, build in tmgrammar.GRAMMARS.items():
        committed = (SYNTAXES / name).read_text(encoding="utf-8")
        assert committed == tmgrammar.render(build), (
            f"{name} is stale: run python -m munchkin_dsl.lsp.tmgrammar editors/vscode/syntaxes")


def test_every_pattern_compiles_and_every_keyword_is_coloured() -> None:
    grammar = tmgrammar.pack_grammar()
    patterns = [p["match"] for p in grammar["patterns"] if "match" in p]
    for pattern in patterns:
        re.compile(pattern)
    for word in vocabulary.keywords():
        assert any(re.search(p, f"  {word} ") for p in patterns), word


def test_the_extension_declares_both_languages_and_the_server_setting() -> None:
    manifest = json.loads((REPO / "editors" / "vscode" / "package.json").read_text("utf-8"))
    contributes = manifest["contributes"]
    assert {g["path"] for g in contributes["grammars"]} == {
        f"./syntaxes/{name}" for name in tmgrammar.GRAMMARS}
    assert {lang["extensions"][0] for lang in contributes["languages"]} == {".munch", ".scn"}
    settings = contributes["configuration"]["properties"]
    # empty: the Python extension's interpreter (or munchkin.python.path) runs the server
    assert settings["munchkin.server.path"]["default"] == ""
    assert settings["munchkin.server.path"]["scope"] == "machine-overridable"
    assert settings["munchkin.trace.server"]["enum"] == ["off", "messages", "verbose"]


def test_scenario_words_follow_the_scenario_parser() -> None:
    from munchkin_dsl.scenarios import runner as scenario
    from munchkin_dsl.scenarios import words as scenario_words

    assert tuple(scenario._SETUP_KEYS) == vocabulary.SCENARIO_SETUP
    assert set(vocabulary.SCENARIO_SETUP) == {e.words for e in scenario_words.entries("setup")}
    for section in ("play", "step", "option"):
        for phrase in scenario_words.phrases(section):
            assert phrase in vocabulary.SCENARIO_VERBS, phrase
            assert phrase in scenario.SYNTAX, phrase
    for verb in ("opens a seal", "dies", "kicks open the door", "chooses", "for players"):
        assert verb in vocabulary.scenario_completions()
    assert vocabulary.scenario_detail("dies") == (
        "NAME dies: the player dies (loses the cards in play; death triggers fire)")
    assert vocabulary.scenario_detail("packs:", ).startswith("packs: ../OTHER-PACK")
