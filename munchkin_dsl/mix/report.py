"""Mixer stage 6: the conflict report, as text for people and as JSON for tools.

The text report is meant to be read top to bottom once: what is mixed, what the
rulebooks make equal (with their words), then every conflict with its sides, its options
and how it is settled, and finally, when choices are still open, a resolution-file
skeleton to paste.  Quotations keep the rulebook's language (the source of truth) with
the English gloss beneath.  The JSON report has the same content, stable key order.
"""

from __future__ import annotations

import json
import textwrap
from collections import Counter
from typing import Any

from munchkin_dsl.base.diagnostics import render_json
from munchkin_dsl.mix import MixResult
from munchkin_dsl.mix.model import Citation, Conflict
from munchkin_dsl.mix.resolution import Settlement, table_header

STATUS = {
    "rulebook": "settled by the rulebook",
    "identical": "settled: identical",
    "file": "settled in the resolution file",
    "open": "OPEN CHOICE",
    "note": "note",
}
WIDTH = 96


def _wrap(text: str, indent: int) -> list[str]:
    pad = " " * indent
    return textwrap.wrap(text, WIDTH, initial_indent=pad, subsequent_indent=pad + "  ") or [pad]


def _quote(c: Citation, indent: int) -> list[str]:
    lines = _wrap(f"{c.ruleset}: «{c.text}»", indent)
    if c.text_en and c.text_en != c.text:
        lines += _wrap(f"({c.text_en})", indent + 2)
    lines += _wrap(f"— {c.source}", indent + 2)
    return lines


def _status(s: Settlement) -> str:
    word = STATUS[s.by]
    if s.choice is not None:
        word += f": {s.choice}"
    if s.overrides_default:
        word += f" (the default was {s.conflict.default})"
    return word


def _conflict_lines(s: Settlement) -> list[str]:
    c: Conflict = s.conflict
    lines = [f"  {c.id}  [{_status(s)}]"]
    lines += _wrap(c.title, 6)
    for side in c.sides:
        where = f" — {side.source}" if side.source else ""
        lines += _wrap(f"{side.who}: {side.value}{where}", 6)
    if s.by == "rulebook" or (s.by == "file" and s.overrides_default):
        for citation in c.citations:
            lines += _quote(citation, 6)
    if s.by == "identical" and c.default_reason:
        lines += _wrap(f"why: {c.default_reason}", 6)
    if s.by == "file":
        lines += _wrap(f"chosen at {s.where}" + (f": {s.note}" if s.note else ""), 6)
    if c.options:
        lines.append("      choices:")
        for option in c.options:
            alias = f" (also: {', '.join(option.aliases)})" if option.aliases else ""
            mark = "*" if option.id == s.choice else "-"
            lines += _wrap(f'{mark} "{option.id}"{alias}: {option.summary}', 8)
    return lines


def text_report(result: MixResult) -> str:
    """The full report, for stdout."""
    rulesets = list(dict.fromkeys(rs.id for p in result.packs for rs in p.rulesets))
    out = [f"munchkin mix: {len(result.packs)} pack(s), "
           f"{sum(len(p.cards) for p in result.packs)} cards; rulesets {', '.join(rulesets)}"]
    for pack in result.packs:
        out.append(f"  {pack.id} ({pack.path}): {len(pack.cards)} cards, "
                   f"{', '.join(rs.id for rs in pack.rulesets)}")
    out += ["", "Equivalences the rulebooks state (applied to the merged data):"]
    if not result.equivalences:
        out.append("  none")
    for eq in result.equivalences:
        out.append(f"  {eq.id}  {eq.summary}")
        for side in eq.sides:
            out += _wrap(f"{side.who}: {side.value}", 6)
        for citation in eq.citations:
            out += _quote(citation, 6)
    out += ["", "Conflicts:"]
    if not result.settlements:
        out.append("  none")
    for s in result.settlements:
        out += _conflict_lines(s)
    if result.open:
        out += ["", "Open choices: settle each in a resolution file and pass it with "
                    "--resolve FILE, e.g.:", ""]
        for s in result.open:
            out.append(table_header(s.conflict.id))
            ids = ", ".join(o.id for o in s.conflict.options)
            out.append(f'choose = ""   # one of: {ids}')
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def counts(result: MixResult) -> dict[str, int]:
    by = Counter(s.by for s in result.settlements)
    return {"conflicts": sum(1 for s in result.settlements if s.by != "note"),
            "open": by["open"], "rulebook": by["rulebook"], "file": by["file"],
            "identical": by["identical"], "notes": by["note"],
            "equivalences": len(result.equivalences)}


def summary_line(result: MixResult, output: str | None) -> str:
    """One line for stderr: what happened, and whether a file was written."""
    n = counts(result)
    errors = sum(1 for d in result.sink if d.is_error)
    head = (f"{n['conflicts']} conflict(s): {n['open']} open, {n['rulebook']} settled by the "
            f"rulebooks, {n['file']} in the resolution file, {n['identical']} identical; "
            f"{n['notes']} note(s); {n['equivalences']} equivalence(s)")
    if errors:
        return f"mix failed: {errors} error(s); {head}; nothing written"
    if n["open"]:
        return f"mix incomplete: {head}; nothing written"
    if result.merged is not None and output:
        return (f"mixed {len(result.merged.data.cards)} cards from {len(result.packs)} "
                f"pack(s) to {output}; {head}")
    return f"mix ok: {head}"


def _citation_json(c: Citation) -> dict[str, str]:
    return {"ruleset": c.ruleset, "text": c.text, "text_en": c.text_en, "source": c.source}


def json_report(result: MixResult, output: str | None) -> str:
    """The report as one JSON document (diagnostics included), for stdout."""
    diagnostics = json.loads(render_json(result.sink.sorted()))
    doc: dict[str, Any] = {
        "packs": [{"id": p.id, "path": p.path, "cards": len(p.cards),
                   "rulesets": [rs.id for rs in p.rulesets]} for p in result.packs],
        "rulesets": list(dict.fromkeys(rs.id for p in result.packs for rs in p.rulesets)),
        "equivalences": [
            {"id": eq.id, "action": eq.action, "summary": eq.summary,
             "kinds": dict(eq.kind_map),
             "sides": [{"who": s.who, "value": s.value, "source": s.source} for s in eq.sides],
             "rulebook": [_citation_json(c) for c in eq.citations]}
            for eq in result.equivalences],
        "conflicts": [
            {"id": s.conflict.id, "family": s.conflict.family, "title": s.conflict.title,
             "status": s.by, "choice": s.choice, "where": s.where or None, "note": s.note,
             "overrides_rulebook": s.overrides_default, "default": s.conflict.default,
             "sides": [{"who": d.who, "value": d.value, "source": d.source}
                       for d in s.conflict.sides],
             "options": [{"id": o.id, "summary": o.summary, "aliases": list(o.aliases)}
                         for o in s.conflict.options],
             "rulebook": [_citation_json(c) for c in s.conflict.citations]}
            for s in result.settlements],
        "diagnostics": diagnostics["diagnostics"],
        "summary": {**counts(result), **diagnostics["summary"]},
        "resolution_file": result.resolution_file,
        "output": output if result.merged is not None else None,
    }
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
