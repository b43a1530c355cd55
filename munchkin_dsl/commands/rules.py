"""``munchkin rules``: list the rulesets, or show what one rulebook says, with citations."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterable, Mapping

import click

from munchkin_dsl.base.diagnostics import Diagnostic, Severity, render_text
from munchkin_dsl.base.rulesets import (
    EVERY_HELPER,
    Ruleset,
    UnknownRuleset,
    all_rulesets,
    load_ruleset,
)

_WIDTH = 100


@click.command(name="rules")
@click.argument("ruleset_id", required=False, metavar="[ID]")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output format.")
@click.pass_context
def command(ctx: click.Context, ruleset_id: str | None, fmt: str) -> None:
    """List the rulesets, or show one ruleset's rules with their sources.

    Every fact is shown with the rulebook section it comes from; fixed rules are quoted in
    the rulebook's language with an English gloss, and contradictions inside a rulebook are
    shown next to the rule they contradict.

    \b
    Example:
      munchkin rules
      munchkin rules star-munchkin
      munchkin rules munchkin-apocalypse --format json
    """
    if ruleset_id is None:
        rulesets = all_rulesets()
        if fmt == "json":
            click.echo(json.dumps([_summary(r) for r in rulesets], ensure_ascii=False, indent=2))
        else:
            _echo_list(rulesets)
        return
    try:
        ruleset = load_ruleset(ruleset_id)
    except UnknownRuleset as error:
        diagnostic = Diagnostic("R000", Severity.ERROR, f"unknown ruleset '{ruleset_id}'",
                                hint=error.hint)
        click.echo(render_text(diagnostic), err=True)
        ctx.exit(2)
    if fmt == "json":
        click.echo(json.dumps(ruleset.to_json(), ensure_ascii=False, indent=2))
    else:
        click.echo(describe(ruleset))


def _summary(ruleset: Ruleset) -> dict[str, str]:
    return {
        "id": ruleset.id,
        "title": ruleset.title,
        "edition": ruleset.edition,
        "seed": ruleset.seed,
        "rulebook_language": ruleset.rulebook_language,
    }


def _echo_list(rulesets: Iterable[Ruleset]) -> None:
    rows = [(r.id, r.title, r.seed) for r in rulesets]
    id_width = max(len(row[0]) for row in rows)
    title_width = max(len(row[1]) for row in rows)
    click.echo(f"{'ID':<{id_width}}  {'TITLE':<{title_width}}  SEED")
    for rid, title, seed in rows:
        click.echo(f"{rid:<{id_width}}  {title:<{title_width}}  {seed}")


def _names(ruleset: Ruleset, names: Iterable[str]) -> str:
    lang = ruleset.rulebook_language
    parts = []
    for name in names:
        local = ruleset.localized_name(name, lang)
        parts.append(name if local == name else f"{name} ({local})")
    return ", ".join(parts) or "none"


def _deal(deal: Mapping[str, int]) -> str:
    return " + ".join(f"{count} {deck}" for deck, count in deal.items())


def _quote(text: str, indent: str) -> list[str]:
    return textwrap.wrap(f"«{text}»", _WIDTH, initial_indent=indent, subsequent_indent=indent)


def _wrap(text: str, indent: str) -> list[str]:
    return textwrap.wrap(text, _WIDTH, initial_indent=indent, subsequent_indent=indent)


def _helpers(who: Iterable[str]) -> str:
    who = tuple(who)
    if EVERY_HELPER in who:
        return "every helper"
    return ", ".join(who) or "nobody"


def describe(ruleset: Ruleset) -> str:
    """A readable account of one ruleset, every fact with its source."""
    return "\n".join([*_table_facts(ruleset), *_line_facts(ruleset), *_fixed_rules(ruleset),
                      *_optional_rules(ruleset), *_mixing(ruleset)])


def _table_facts(ruleset: Ruleset) -> list[str]:
    """Title, players, decks, the deal, hand limits, races and classes."""
    src = ruleset.source_of
    out: list[str] = [
        f"{ruleset.id}: {ruleset.title}",
        f"  {ruleset.game_line}, {ruleset.edition}; rulebook {ruleset.seed} "
        f"({ruleset.rulebook_language})",
        "",
        f"players:       {ruleset.players[0]}-{ruleset.players[1]}    [{src('players')}]",
        "decks:",
    ]
    for deck in ruleset.decks.values():
        names = " / ".join(deck.names[lang] for lang in ("en", "ru", "pl"))
        out.append(f"  {deck.id:<9} {names}; aliases: {', '.join(deck.aliases)}")
        out.append(f"            [{deck.source}]")
    out.append(f"deal:          {_deal(ruleset.deal)}    [{src('deal')}]")
    if ruleset.deal_fast is not None:
        out.append(f"  fast rules:  {_deal(ruleset.deal_fast)}    [{src('deal_fast')}]")
    out.append(f"  after death: {_deal(ruleset.deal_after_death)}"
               f"    [{src('deal_after_death')}]")
    out.append(f"hand limit:    {ruleset.hand_limit}    [{src('hand_limit')}]")
    for change in ruleset.hand_limit_changes:
        out.append(f"  {change.who}: {change.limit}    [{change.source}]")
    out.append(f"races:         {_names(ruleset, ruleset.races)}    [{src('races')}]")
    out.append(f"classes:       {_names(ruleset, ruleset.classes)}    [{src('classes')}]")
    second_race = _names(ruleset, [ruleset.second_race_card] if ruleset.second_race_card else [])
    out.append(f"second race:   {second_race}    [{src('second_race_card')}]")
    out.append(f"second class:  {_names(ruleset, [ruleset.second_class_card])}"
               f"    [{src('second_class_card')}]")
    return out


def _line_facts(ruleset: Ruleset) -> list[str]:
    """Words, money, Big items, helpers, charity, death, card kinds and tags."""
    src = ruleset.source_of
    out: list[str] = []
    lang = ruleset.rulebook_language
    curse_word = ruleset.terms(lang)["curse"][0]
    out.append(f"curse kind:    {ruleset.curse_kind} ({curse_word})    [{src('curse_kind')}]")
    money = ", ".join(f"{lang_}: {ruleset.money(lang_)}" for lang_ in ("en", "ru", "pl"))
    out.append(f"money:         {money}    [{src('money')}]")
    if ruleset.no_value_term(lang) is not None:
        out.append(f"  no value:    {ruleset.no_value_term(lang)}    [{src('no_value_term')}]")
    out.append(f"big category:  {ruleset.big_category} ({ruleset.terms(lang)['big']}); "
               f"any number: {', '.join(ruleset.big_exempt) or 'nobody'}"
               f"    [{src('big_category')}]")
    out.append(f"helper levels: {_helpers(ruleset.helper_levels)}    [{src('helper_levels')}]")
    if ruleset.helper_levels_fast != ruleset.helper_levels:
        out.append(f"  fast rules:  {_helpers(ruleset.helper_levels_fast)}"
                   f"    [{src('helper_levels_fast')}]")
    out.append(f"shared win:    {ruleset.shared_win}    [{src('shared_win')}]")
    charity = "lowest living player" if ruleset.charity_to_living_only else "lowest player"
    out.append(f"charity:       {charity}    [{src('charity_to_living_only')}]")
    out.append(f"death keeps:   {', '.join(ruleset.death_keeps)}    [{src('death_keeps')}]")
    out.append(f"card kinds:    {', '.join(sorted(ruleset.card_kinds))}    [{src('card_kinds')}]")
    out.append("deck of kind:  " + ", ".join(
        f"{kind}->{ruleset.deck_for_kind(kind)}" for kind in sorted(ruleset.card_kinds)))
    if ruleset.tags:
        out.append("tags:")
        for tag in ruleset.tag_info.values():
            out.extend(_wrap(f"{tag.name} ({tag.applies_to}): {tag.meaning}", "  "))
            out.append(f"    [{tag.source}]")
    if ruleset.monster_enhancers_named:
        out.append(f"monster enhancers named: {', '.join(ruleset.monster_enhancers_named)}")
    return out


def _fixed_rules(ruleset: Ruleset) -> list[str]:
    """The fixed rules in the rulebook's words, with variants and contradictions."""
    out = ["", "fixed rules:"]
    for rule in ruleset.fixed_rules:
        flags = []
        if rule.variant:
            flags.append(f"variant {rule.variant}")
        if rule.override != "explicit":
            flags.append(f"override: {rule.override}")
        out.append(f"  {rule.id}" + (f" [{'; '.join(flags)}]" if flags else ""))
        out.extend(_quote(rule.text, "    "))
        out.extend(_wrap(f"en: {rule.text_en}", "    "))
        out.append(f"    [{rule.source}]")
        if rule.note:
            out.extend(_wrap(f"note: {rule.note}", "    "))
        if rule.contradiction is not None:
            c = rule.contradiction
            label = f"contradicted by [{c.source}]"
            if c.variant:
                label += f" (variant {c.variant})"
            out.append(f"    {label}:")
            out.extend(_quote(c.text, "      "))
            out.extend(_wrap(f"en: {c.text_en}", "      "))
            if c.note:
                out.extend(_wrap(f"note: {c.note}", "      "))
    return out


def _optional_rules(ruleset: Ruleset) -> list[str]:
    """The optional rules and the rules peculiar to the line."""
    out = ["", "optional rules:" if ruleset.optional_rules else "optional rules: none"]
    for opt in ruleset.optional_rules:
        out.append(f"  {opt.id} ({opt.title})")
        out.extend(_quote(opt.text, "    "))
        out.extend(_wrap(f"en: {opt.text_en}", "    "))
        out.append(f"    [{opt.source}]")
        if opt.note:
            out.extend(_wrap(f"note: {opt.note}", "    "))

    if ruleset.line_rules:
        out += ["", "rules of this line:"]
        for line_rule in ruleset.line_rules:
            out.extend(_wrap(f"{line_rule.id}: {line_rule.text_en}", "  "))
            out.append(f"    [{line_rule.source}]")
    return out


def _mixing(ruleset: Ruleset) -> list[str]:
    """What the rulebook says about mixing its line with another."""
    out = ["", "mixing:" if ruleset.mixing else "mixing: the rulebook says nothing"]
    for note in ruleset.mixing:
        what = note.action + (f" {', '.join(note.kinds)}" if note.kinds else "")
        out.append(f"  {note.topic} ({what})")
        out.extend(_quote(note.resolution, "    "))
        out.extend(_wrap(f"en: {note.resolution_en}", "    "))
        out.append(f"    [{note.source}]")
    return out
