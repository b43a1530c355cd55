"""`munchkin new`: a ready pack folder that checks and tests clean as created."""

from __future__ import annotations

import re
from pathlib import Path

import click

from munchkin_dsl.commands._common import echo_text, usage_error

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
    from munchkin_dsl.base.files import UnsafeTarget, staged_folder, write_atomic
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
    problem = folder_problem(folder)
    if problem:
        usage_error(f"{pack if len(pack) <= 80 else pack[:77] + '...'}: {problem}")
    files = render_pack(pack, ruleset_id, langs)
    try:
        with staged_folder(folder, force=False) as stage:
            for rel, text in files.items():
                write_atomic(stage / rel, text)
    except OSError as exc:
        why = exc if isinstance(exc, UnsafeTarget) else exc.strerror
        usage_error(f"cannot create {pack}: {why}")
    echo_text(f"created {folder}/ ({', '.join(files)}); next: munchkin check {pack} && "
              f"munchkin test {pack}", err=True)


#: The longest pack folder name `new` accepts (it becomes the pack id and title).
MAX_NAME = 100


def folder_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot become a new pack, or None: a name too long or with control
    characters, a symlink (dangling or not), something that is not an empty folder, or a
    place in the kernel's trees (/proc, /sys, /dev)."""
    from munchkin_dsl.base.files import SYSTEM_TREES, is_inside

    name = folder.name
    if not name or len(name) > MAX_NAME or any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0
                                               for c in str(folder)):
        return (f"the folder name must be 1 to {MAX_NAME} characters with no control "
                "characters")
    if any(len(part.encode("utf-8")) > 255 for part in folder.parts):
        return "a folder name in the path is longer than 255 bytes"
    if folder.is_symlink():
        return "is a symbolic link; give a new folder"
    if any(is_inside(folder, tree) for tree in SYSTEM_TREES):
        return "is in a system folder; give a folder of your own"
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        return "already exists and is not an empty folder"
    return None
