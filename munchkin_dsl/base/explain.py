"""`munchkin check --explain CODE`: what a diagnostic means and how to fix it.

The texts live in ``data/codes.toml`` (plus the fixed rules' own wording from the
ruleset files for the R codes), so they are read and changed as data.
"""

from __future__ import annotations

from munchkin_dsl import data


def explain_code(code: str) -> str | None:
    """The explanation of ``code`` as printable text, or None for an unknown code."""
    entry = data.load("codes").get(code.upper())
    if entry is None:
        return None
    parts = [f"{code.upper()}: {entry['title']}", "", entry["why"]]
    if entry.get("rule"):
        parts += ["", "Rule: " + entry["rule"]]
    parts += ["", "Fails:", _indent(entry["bad"]), "", "Passes:", _indent(entry["good"])]
    if entry.get("manual"):
        parts += ["", 'A rule the language cannot write yet: keep it as `manual "..."` on the '
                  "card (printed, recorded, applied by hand; see W601)."]
    return "\n".join(parts)


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.replace("\\n", "\n").splitlines())
