"""Which part of a rule an unknown phrase stands in, and the nearest known forms of it.

E230 names what the author may have meant.  The words after the ':' are an effect, but
the words of a clause before it are an event (`when another player discards a race:`)
or a condition (`if you are not in combat`): quoting the rest of the line as "not an
effect" sends the author to the wrong table.  The clause is told from its first word,
and the nearest forms are read from the reference tables the docs print
(:mod:`munchkin_dsl.language.reference`), by meaning (shared words) and by spelling.
"""

from __future__ import annotations

import difflib
import re

from munchkin_dsl.language import reference

#: The first words of a clause before the ':' that make it an event or a condition.
_STARTS = {"when": "event", "whenever": "event", "at": "event", "after": "event",
           "before": "event", "on": "event", "the next time": "event",
           "if": "condition", "unless": "condition"}

#: Words every form shares, which tell nothing about the one meant.
_COMMON = frozenset({"a", "an", "the", "of", "to", "is", "are", "you", "your", "player",
                     "another", "when", "whenever", "if", "in", "on", "at", "not", "it",
                     "its", "this", "that", "or", "and", "by", "with", "for"})


def clause_of(before: str) -> tuple[str, str] | None:
    """("event" or "condition", the clause's words so far) when the text of a line up to
    an unexpected word (``before``) ends inside an event or a condition clause; None in
    an effect (after the ':') or anywhere else."""
    rule = re.split(r"[{;]", before)[-1]
    if ":" in rule:
        return None
    clause = rule.split(",")[-1].strip()
    words = clause.casefold().split()
    part = next((p for start, p in _STARTS.items() if words[:len(start.split())]
                 == start.split()), None)
    return (part, clause) if part else None


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.casefold())


def _form_words(row: reference.Row) -> list[str]:
    """The words of the row's first written form (`when another player gains a level`)."""
    written = re.findall(r"`([^`]+)`", row.form)
    return _words(written[0]) if written else []


def _shared_start(said: list[str], form: list[str]) -> int:
    """How many words ``said`` and ``form`` share from their start."""
    return next((n for n, (a, b) in enumerate(zip(said, form, strict=False)) if a != b),
                min(len(said), len(form)))


def nearest(table: str, words: list[str], limit: int = 5) -> list[reference.Row]:
    """The rows of reference table ``table`` ("event", "condition") an author most likely
    meant by ``words``: the longest shared start (`when another player ...`) first, then
    the words shared with the form, then with what it does, then the closest spelling."""
    said = _words(" ".join(words))
    wanted = [w for w in said if w not in _COMMON]
    scored = []
    for i, row in enumerate(reference.tables()[table].rows):
        form = _form_words(row)
        if not form:  # `*(none)*`: no words to write
            continue
        start = max(_shared_start(said[k:], form) for k in range(len(said)))
        does = set(_words(row.does)) - _COMMON
        spelling = max((difflib.SequenceMatcher(None, w, v).ratio()
                        for w in wanted for v in form), default=0.0)
        score = (3 * start + 2 * sum(1 for w in wanted if w in form)
                 + sum(1 for w in wanted if w in does) + (spelling if spelling >= 0.75 else 0))
        if score > 0:
            scored.append((-score, i, row))
    return [row for _s, _i, row in sorted(scored)[:limit]]


#: Phrasings of a clause that cannot mean anything the engine models, with the form that
#: works instead (E230's hint says why rather than listing near forms).
_UNMODELLED: tuple[tuple[str, str], ...] = (
    # a card named by its title without quotes (`if any fighter has a Super Munchkin in play`)
    (r"\b(?:has|have|carries|carry) (?:a|an|no) (?!big items?\b)[\w'-]+(?: [\w'-]+)+ in play\b",
     "a card filter is one word (a card kind, a tag, a race or a class) or a card's title in "
     "quotes: `if any fighter has a \"Super Munchkin\" in play` is any card of that title, "
     "from any pack (docs/language.md, Card filters)"),
    (r"^(?:if|while|unless) this(?: card)? (?:carries|carry|holds|is carrying|wears|has an? "
     r"(?:item|items))\b",
     "a card in play holds only counters (`if this has 3 counters`): the item a Hireling or "
     "Sidekick carries is its owner's, worn in an extra slot (`slot limit +1` on the "
     "Hireling), so test the owner: `if you have at least 3 items in play`"),
    # a monster's line at a card played into its fight (`when fighter plays a card: +2`)
    (r"^(?:when|whenever) (?:(?:the |a |any |another )?(?:fighter|helper|player|munchkin)s?|"
     r"someone|anyone|you) (?:plays?|casts?|uses?) (?:a|an|any) (?:card|one-shot|spell|item)"
     r"\b|^(?:when|whenever) (?:a|any) (?:card|one-shot) is played (?:into|in) (?:this|the|its) "
     r"(?:combat|fight)\b",
     "a monster answers a card played into its fight by a player other than the fighter "
     "with `when another player plays a card` (`when another player plays a card, if the "
     "card played is a one-shot: +2`); it reads what its fight holds: `+2 for each card "
     "played into this combat` (counted as the cards come; of a kind and by whom: `+2 for "
     "each one-shot played into this combat by a player other than the fighter`, `... by "
     "the fighter`, `... by the helper`), `if any fighter is using fire: +3` (a card of the "
     "tag worn, or played into this fight for the player side), `+1 for each card "
     "discarded into this combat`; a card in play of another player answers a card "
     "played with `when another player plays a card, if the card played is a one-shot: +2 "
     "to monster`"),
)


def unmodelled(phrase: str) -> str | None:
    """Why a clause (`if this carries an item`) can mean nothing, and what to write."""
    said = phrase.casefold()
    return next((why for pattern, why in _UNMODELLED if re.search(pattern, said)), None)


def hint(table: str, words: list[str]) -> str:
    """The E230 hint's list of the nearest forms, or the first ones when none is near;
    or, for a phrasing nothing in the engine can mean, why and what to write instead."""
    why = unmodelled(" ".join(words))
    if why is not None:
        return why
    rows = nearest(table, words)
    if len(rows) < 3:  # little is near: show the first forms of the table too
        rows += [r for r in reference.tables()[table].rows if r not in rows
                 and _form_words(r)][:5 - len(rows)]
    plural = {"event": "events", "condition": "conditions"}[table]
    return f"nearest {plural}: " + "; ".join(
        f"{row.form}" + (f" (e.g. `{row.example}`)" if row.example else "") for row in rows)


def comparison_note(phrase: str) -> str:
    """E230's lead for a clause comparing with `more/fewer than`: a number is `at least
    N` (`more than 3 items` is `at least 4`), a player is `than you` / `than every other
    player`; empty for a clause that compares nothing."""
    number = re.search(r"\b(more|fewer|less) than (\d+)", phrase)
    if number is not None:  # `if the fighter has more than 3 items`
        n = int(number.group(2))
        said = f"at least {n + 1}" if number.group(1) == "more" else f"{max(n - 1, 0)} or fewer"
        return (f"a number is compared with `at least N` or `N or fewer`: `{number.group(0)}` "
                f"is `{said}` (`if you have {said} items in play`); ")
    versus = re.search(r"\b(?:more|fewer)\s+(?:.+?\s+)?than(?=\s+(?!every\b|any\b)\w)",
                       phrase)
    if versus is None:
        return ""
    return (f"`{versus.group(0)}` compares a player with every other player (`{versus.group(0)} "
            "every other player`) or with one player (`than you`, `than the fighter`, `than the "
            "helper`, `than the victim`); ")
