"""The selectors nearest to words the parser refused where a selector stands.

`when targeted by curse: its player loses 1 level`, `the player who played it ...`: the
parser's own "expected 'to' or 'with'" names the next tokens of one selector, not the
selectors; an author who reached for a selector the language lacks should see the ones it
has, nearest first, read from the Selectors table of the reference (so a selector part a
branch declares is offered as soon as it exists)."""

from __future__ import annotations

import difflib
import re
from functools import cache

from munchkin_dsl.language.reference import tables

#: a hint names at most this many alternatives
LIMIT = 5


@cache
def selector_forms() -> tuple[str, ...]:
    """Every selector as written (`the player with the most items`, `the winner`), from the
    reference's Selectors table; fragments of a row (`to your right`) and placeholders
    (`each X`) are left out, a `[the optional part]` is dropped."""
    out: list[str] = []
    for row in tables()["selector"].rows:
        first = ""
        for form in re.findall(r"`([^`]+)`", row.form):
            form = re.sub(r"\s*\[[^\]]*\]", "", form).strip()
            if form == "the":
                continue
            if form.startswith("to ") and " to " in first:  # `/ `to your right``
                form = first[:first.index(" to ")] + " " + form
            first = first or form
            if re.search(r"\b[A-Z]\b", form):
                continue
            out.append(form)
    return tuple(dict.fromkeys(out))


def _prefix(before: str) -> list[str]:
    """The words at the end of ``before`` that begin some selector (`the player`)."""
    words = re.findall(r"[\w'-]+", before.rsplit(":", 1)[-1].rsplit(",", 1)[-1].lower())
    for start in range(len(words)):
        tail = words[start:]
        if any(f.split()[:len(tail)] == tail and len(f.split()) > len(tail)
               for f in selector_forms()):
            return tail
    return []


def selector_hint(before: str, rest: str, expected: set[str]) -> str | None:
    """The hint for a word refused at a selector's place, or None when no selector stands
    there.  ``before`` is the line up to the refused word, ``rest`` the line from it,
    ``expected`` the words the parser would have taken there."""
    prefix = _prefix(before)
    firsts = {f.split()[0] for f in selector_forms()}
    at_start = before.rstrip().endswith((":", ","))  # an effect's subject may stand here
    if not prefix and (len(firsts & expected) < 3 or not at_start):
        return None
    written = prefix + re.findall(r"[\w'-]+", rest.split(":")[0].split(",")[0].lower())

    def rank(form: str) -> tuple[int, float]:
        """The most words of the prefix shared first (`the player who ...`, then `the
        player with ...`), then the likest."""
        said = " ".join(written[:len(form.split())])
        pairs = zip(form.split(), prefix, strict=False)
        shared = next((i for i, (a, b) in enumerate(pairs) if a != b),
                      min(len(form.split()), len(prefix)))
        return (-shared, -difflib.SequenceMatcher(None, said, form).ratio())

    if written[:2] in (["a", "monster"], ["any", "monster"], ["one", "monster"]):
        return ("`monster` is already the player's pick: a card's `monster` is the one it is "
                "played on, named by its player when several are in the fight; write `-3 to "
                "monster` (a scenario plays it with `A plays CARD on MONSTER`)")
    whole = [f for f in selector_forms() if written[:len(f.split())] == f.split()]
    if whole and len(max(whole, key=len).split()) > len(prefix):  # a selector, misplaced
        said = max(whole, key=len)
        counted = re.search(r"\bfor\s+(each|every)\b", before) is not None
        return (f"`{said}` is a selector, but no selector stands here"
                + (" (`for each` counts things: `for each player`, `for each item you have "
                   "in play`)" if counted else "")
                + f"; name the players where an effect reaches someone: `+1 to {said}`, "
                f"`{said} loses 1 level` (docs/language.md, Selectors)")
    phrase = " ".join(written[:max(len(prefix) + 2, 2)])
    if prefix and re.search(r"\bfor\s+(?:(?:each|every)\s+(?:\d+\s+)?)?" + r"\s+".join(
            map(re.escape, prefix[1:] if prefix[0] in ("each", "every") else prefix))
            + r"\s*$", before, re.I):  # `for each player higher ...`: a count, not a selector
        return count_hint(" ".join(written))
    near = sorted(selector_forms(), key=rank)[:LIMIT]
    return (f"no selector says '{phrase}'; the nearest selectors are "
            + ", ".join(f"`{f}`" for f in near)
            + ' (docs/language.md, Selectors, lists them all); a rule no selector can say '
            'can be kept as `manual "..."`')


@cache
def count_forms() -> tuple[str, ...]:
    """Every count as written (`for each player whose level is higher than yours`), the
    first form of each row of the reference's counts table."""
    return tuple(dict.fromkeys(re.findall(r"`([^`]+)`", row.form)[0]
                               for row in tables()["count"].rows))


def count_hint(written: str) -> str:
    """The hint for words a `for each` phrase refused (`for each player higher than you`):
    the counts nearest to them, not the selectors (`each player ...` begins both)."""
    said = "for " + written if not written.startswith("for ") else written
    near = sorted(count_forms(), key=lambda f: -difflib.SequenceMatcher(
        None, said, f.lower()).ratio())[:LIMIT]
    return (f"`for each` counts things, and no count says '{said}'; the nearest counts are "
            + ", ".join(f"`{f}`" for f in near)
            + " (docs/language.md, Amounts: counts, lists them all; a count may be followed "
            "by a threshold: `beyond the fourth`)")


#: the end of the words before a refused one, when they begin a card selector: a verb that
#: moves a card, then `a/an WORD` (a card's kind or tag) or `every`/`each`/`all`
_CARD_HEAD = re.compile(r"\b(?:take|takes|steal|steals|discard|discards|give|gives|put|puts)"
                        r"\s+(?:(?:a|an|one|every|all)\s+([\w'-]+)|(every|each|all))\s*$", re.I)


#: the end of the words before a refused one where a card filter stands (`has a`, `have
#: no`, `carries a`), maybe after one word of a name written without quotes (`has a Super`)
_FILTER_HEAD = re.compile(r"\b(?:has|have|carry|carries)\s+(?:a|an|no)\s+(?:([\w'-]+)\s+)?$",
                          re.I)
#: `lose the cheapest item`, `loses an item`: a card lost is a discard
_LOSE_CARD = re.compile(r"\b(?:lose|loses)\s+(?:the|a|an|one|your|their|every|all)\s*$",
                        re.I)


def card_filter_hint(before: str, rest: str) -> str | None:
    """The hint for words refused where a card filter stands (`if any fighter has a "Super
    Munchkin" in play` written without quotes, `lose the cheapest item`), or None: the
    player selectors would be the wrong list to offer there."""
    tail = before.rsplit(":", 1)[-1]
    if _LOSE_CARD.search(tail):
        return ("a card a player loses is discarded: write `discard ...` with a card selector "
                "(`victim discards the cheapest item`, `victim discards an item victim "
                "carries`; docs/language.md, Card selectors)")
    m = _FILTER_HEAD.search(tail)
    if m is None:
        return None
    words = [*([m.group(1)] if m.group(1) else []),
             *re.findall(r"[\w'-]+", rest.split(" in play")[0])[:3]]
    name = " ".join(words) or "..."
    return (f"a card filter is one word (a card kind, a tag, a race or a class) or a card's "
            f"title in quotes: `has a \"{name}\" in play` is any card titled {name}, from "
            "any pack (docs/language.md, Card filters)")


def card_selector_hint(before: str, rest: str) -> str | None:
    """The hint for words refused after the start of a card selector (`take an item worth
    300 or less ...`, `discard every curse in play`), or None when no card selector stands
    there: the player selectors or the effects would be the wrong list to offer."""
    filtered = card_filter_hint(before, rest)
    if filtered is not None:
        return filtered
    m = _CARD_HEAD.search(before.rsplit(":", 1)[-1])
    if m is None:
        return None
    if m.group(2) and m.group(2).lower() == "each":
        lead = "a card selector picks cards, and `each` names players, not cards"
    elif m.group(2):
        lead = (f"`{m.group(2).lower()}` before a card's kind or tag takes every such card in "
                "play or that a player carries or has in play, and takes no other words")
    else:
        word = (re.findall(r"[\w'-]+", rest) or ["..."])[0]
        lead = (f"a card selector names the card's kind or tag and where it is, and takes no "
                f"other test (`{m.group(1)} {word} ...`)")
    forms = ", ".join(row.form for row in tables()["card"].rows[:LIMIT])
    return (f"{lead}; the card selectors are {forms} (docs/language.md, Card selectors, "
            'lists them all); a rule no card selector can say can be kept as `manual "..."`')
