"""`munchkin text`: every card's printed text in one language, for proof-reading.

Shows exactly the strings `munchkin print` puts on the cards (generated from the effects,
or the author's own `text LANG "..."`), without laying out a PDF, so a translator can
read a whole pack in a terminal or a tool can diff it between versions (`--format json`).
"""

from __future__ import annotations

import sys

import click

from munchkin_dsl.commands._common import (
    FORMAT_OPTION,
    compile_or_exit,
    echo_text,
    exit_code,
    report,
    summary,
    usage_error,
)

TEXT_LANGUAGES = ("en", "ru", "pl")


@click.command("text")
@click.argument("packs", nargs=-1, metavar="PACK...")
@click.option("--lang", type=click.Choice(TEXT_LANGUAGES), default=None,
              help="Language of the text [default: each pack's first language].")
@FORMAT_OPTION
def command(packs: tuple[str, ...], lang: str | None, fmt: str) -> None:
    """Print every card's text (name, kind line, rules text, Bad Stuff) for proof-reading.

    The text is what `munchkin print` puts on the cards.  Packs with errors
    print nothing (the diagnostics are shown).  Exit code: 0 ok, 1 problems
    found, 2 usage error.

    \b
    Examples:
      munchkin text packs/munchkin-1.6 --lang ru
      munchkin text packs/munchkin-1.6 --format json > cards.json
    """
    if not packs:
        usage_error("no PACK given; try `munchkin text packs/munchkin-1.6 --lang ru`")
    from munchkin_dsl.render.from_cards import display_source, split_by_pack
    from munchkin_dsl.text.cardtext import card_tags, card_text, card_title, ruleset_for

    result = compile_or_exit(packs, fmt, "text", "nothing printed")
    sink = result.sink

    entries: list[dict[str, object]] = []
    for checked, cards in split_by_pack(result.packs, result.data.cards):
        pack_lang = lang or next((code for code in checked.languages
                                  if code in TEXT_LANGUAGES), "en")
        files = {rel: shown for shown, rel in checked.loaded.relative.items()}
        for card in cards:
            ruleset = ruleset_for(card, checked.rulesets)
            text = card_text(card, ruleset, pack_lang)
            entries.append({
                "id": card.id, "lang": pack_lang, "name": card_title(card, pack_lang),
                **text.to_json(), "bad_stuff_label": ruleset.terms(pack_lang)["bad_stuff"],
                "tags": list(card_tags(card, ruleset, pack_lang)),
                "authored": pack_lang in card.texts,
                "source": display_source(card.source, files),
            })

    if fmt == "json":
        report(sink, result.texts, "json", {"cards": entries})
    else:
        report(sink, result.texts, "text")
        echo_text("\n\n".join(_block(entry) for entry in entries))
        click.echo(f"{len(entries)} cards; {summary(sink.items)}", err=True)
    sys.exit(exit_code(sink))


def _block(entry: dict[str, object]) -> str:
    """One card for reading: id and name, then each printed part on its own line."""
    lines = [f"{entry['id']}  {entry['name']}"]
    stats = " · ".join(str(entry[k]) for k in ("kind_line", "corner_left", "corner_right",
                                                "footer") if entry[k])
    if stats:
        lines.append(f"  {stats}")
    tags = entry.get("tags")
    if isinstance(tags, list) and tags:
        lines.append(f"  [{' · '.join(str(tag) for tag in tags)}]")
    for para in str(entry["body"]).split("\n"):
        if para:
            lines.append(f"  {para}")
    if entry["bad_stuff"]:
        lines.append(f"  {entry['bad_stuff_label']}: {entry['bad_stuff']}")
    return "\n".join(lines)
