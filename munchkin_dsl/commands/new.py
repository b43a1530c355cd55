"""`munchkin new`: a ready pack folder that checks and tests clean as created."""

from __future__ import annotations

import re
from pathlib import Path

import click

from munchkin_dsl.commands._common import usage_error

#: template under munchkin_dsl/text/templates/new -> file written in the pack folder
FILES = {"pack.munch.j2": "pack.munch", "cards.munch.j2": "cards.munch",
         "cards.scn.j2": "scenarios/cards.scn", "README.md.j2": "README.md"}


def render_pack(folder: str, ruleset_id: str, languages: tuple[str, ...]) -> dict[str, str]:
    """The new pack's files (relative path -> text); the caller checks the arguments."""
    import jinja2

    from munchkin_dsl import data
    from munchkin_dsl.base.rulesets import load_ruleset

    ruleset = load_ruleset(ruleset_id)
    name = Path(folder).name
    pack_id = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "my-pack"
    env = jinja2.Environment(loader=jinja2.PackageLoader("munchkin_dsl.text", "templates/new"),
                             keep_trailing_newline=True, undefined=jinja2.StrictUndefined,
                             autoescape=False)
    context = {"pack_id": pack_id, "title": name.replace("-", " ").strip().title() or pack_id,
               "folder": folder, "ruleset": ruleset, "languages": languages,
               "cards": data.load("new_pack")}
    return {out: env.get_template(template).render(context) for template, out in FILES.items()}


@click.command("new")
@click.argument("pack", metavar="PACK")
@click.option("--ruleset", "ruleset_id", required=True, metavar="ID",
              help="The ruleset the pack plays by (`munchkin rules` lists them).")
@click.option("--languages", default="en", show_default=True, metavar="CODES",
              help="Comma-separated language codes; English is always first.")
def command(pack: str, ruleset_id: str, languages: str) -> None:
    """Create a pack folder: manifest, one card of each common kind, scenarios, README.

    The pack checks and tests clean as created.  PACK must not exist yet (or be an
    empty folder).  Exit code: 0 created, 2 usage error.

    \b
    Examples:
      munchkin new my-pack --ruleset munchkin-1.6
      munchkin new space-pack --ruleset star-munchkin --languages en,ru
    """
    from munchkin_dsl.base.files import write_atomic
    from munchkin_dsl.base.rulesets import ruleset_ids
    from munchkin_dsl.compiler.resolve import LANGUAGES

    if ruleset_id not in ruleset_ids():
        usage_error(f"unknown ruleset '{ruleset_id}'; known: {', '.join(ruleset_ids())}")
    codes = [c.strip() for c in languages.split(",") if c.strip()]
    unknown = [c for c in codes if c not in LANGUAGES]
    if unknown:
        usage_error(f"unknown language code '{unknown[0]}'; known: {', '.join(LANGUAGES)}")
    langs = tuple(dict.fromkeys(["en", *codes]))
    folder = Path(pack)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        usage_error(f"{folder} already exists and is not an empty folder")
    files = render_pack(pack, ruleset_id, langs)
    for rel, text in files.items():
        write_atomic(folder / rel, text)
    click.echo(f"created {folder}/ ({', '.join(files)}); next: munchkin check {pack} && "
               f"munchkin test {pack}", err=True)
