"""Completeness: what a printed card would leave out or print half-translated.

Codes: W701 a monster with no Bad Stuff, W702 an item or one-shot with no value (neither
`value` nor `no value`) where its ruleset prints values, W703 a tag or ability label with no
translation in a language the pack declares, W704 a card name in title case where the
pack's other names in that language are in sentence case, or the other way round.

A missing level or treasure count is E203 (:mod:`.stats`): required stats are errors.
These are warnings because a card without them still plays; it just prints a card a
player would call unfinished (an empty Bad Stuff box, a blank value corner, English on a
Russian card), which `check` should say before anyone sends sheets to a print shop.
"""

from __future__ import annotations

import re

from munchkin_dsl.base.diagnostics import Span
from munchkin_dsl.base.rulesets import LANGUAGES, Ruleset
from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language.nodes import Card, Timing
from munchkin_dsl.language.parts.monsters import NoBadStuff

#: Timings whose line prints in the Bad Stuff box (as cardtext.BAD_STUFF_TIMINGS).
BAD_STUFF_TIMINGS = frozenset({"bad_stuff", "bad_stuff_always"})
#: Kinds that print a value corner, and so need `value N` or `no value`.
VALUED_KINDS = frozenset({"item", "one-shot"})
#: Words title case leaves in lower case, per language (articles, prepositions, «и»).
MINOR_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset("a an and as at but by for from in into nor of on or over the to "
                    "up with vs".split()),
    "ru": frozenset("а без в во для до за и из к ко на над не ни о об от по под при про "
                    "с со у".split()),
    "pl": frozenset("a bez dla do i lub na nad o od po pod przez w we z ze za".split()),
}
_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


def check_completeness(ctx: CheckContext) -> None:
    for card in ctx.cards:
        if not card.complete:
            continue
        if card.kind == "monster":
            _check_none(ctx, card)
        if card.kind == "monster" and not _has_bad_stuff(card):
            ctx.sink.warning("W701", "the monster has no Bad Stuff; its card prints an "
                             "empty Bad Stuff box", card.id_span,
                             "add a line such as `bad stuff: lose 1 level`")
        if card.kind in VALUED_KINDS and _prints_value(ctx.rulesets) and \
                not any(s.kind in ("value", "no_value") for s in card.stats):
            ctx.sink.warning("W702", "the item has no value; its card prints a blank value "
                             "corner", card.id_span,
                             "add `value 300` (whole hundreds), or `no value` for an item "
                             "whose card says so")
        _check_translations(ctx, card)


def _check_none(ctx: CheckContext, card: Card) -> None:
    """`bad stuff: nothing` says the monster has no Bad Stuff: E221 on a card that gives
    it some all the same (another effect, another Bad Stuff line) or makes `nothing`
    depend on something (a condition, a roll, a cost), which would print "Bad Stuff:
    none" beside a Bad Stuff."""
    lines = [line for line in card.lines if any(
        isinstance(c, Timing) and c.timing in BAD_STUFF_TIMINGS for c in line.when)]
    for line in lines:
        none = next((e for e in line.effects if isinstance(e, NoBadStuff)), None)
        if none is not None and (len(lines) > 1 or len(line.effects) > 1 or len(line.when) > 1):
            ctx.sink.error("E221", "`nothing` says the monster has no Bad Stuff, and the "
                           "card gives it some or makes it depend on something", none.span,
                           "write `bad stuff: nothing` as the card's only Bad Stuff line, "
                           "alone, or drop `nothing`")


def _has_bad_stuff(card: Card) -> bool:
    return any(isinstance(clause, Timing) and clause.timing in BAD_STUFF_TIMINGS
               for line in card.lines for clause in line.when)


def _prints_value(rulesets: tuple[Ruleset, ...]) -> bool:
    return any("money" in rs.raw for rs in rulesets) or not rulesets


def _tag_translated(name: str, lang: str, rulesets: tuple[Ruleset, ...]) -> bool:
    for rs in rulesets:
        tag = rs.tag_info.get(name)
        if tag is not None and lang in tag.names:
            return True
        if rs.localized_name(name, lang) != name:
            return True
    return False


def _tag_hint(name: str, lang: str, rulesets: tuple[Ruleset, ...]) -> str:
    if any(name in rs.tag_info for rs in rulesets):
        return f"the ruleset's tag table has no {lang} name for it; add `{lang} = ...` there"
    return ("a tag the pack defines has no translations (the language has no syntax for "
            f"one yet); use a ruleset tag with a {lang} name, or a name every declared "
            "language reads")


def _check_translations(ctx: CheckContext, card: Card) -> None:
    declared = [lang for lang in ctx.languages if lang != "en" and lang in LANGUAGES]
    for stat in card.stats:
        if stat.kind != "tags":
            continue
        for ref in stat.args:
            for lang in declared:
                if not _tag_translated(ref.name, lang, ctx.rulesets):
                    ctx.sink.warning("W703", f"tag '{ref.name}' has no {lang} translation; "
                                     f"{lang} cards would print it in English", ref.span,
                                     _tag_hint(ref.name, lang, ctx.rulesets))
    for line in card.lines:
        if not line.label:
            continue
        translated = {ref.name for ref, _text in line.labels}
        for lang in declared:
            if lang not in translated:
                ctx.sink.warning("W703", f"label '{line.label}' has no {lang} translation; "
                                 f"{lang} cards would print it in English", line.span,
                                 f'write it as `"{line.label}", {lang} "...": ...`')


def name_case(name: str, lang: str) -> str | None:
    """``"title"``, ``"sentence"`` or None (one word, or both styles at once).

    Looks at the words after the first: all capitalised is title case, all lower case
    is sentence case.  Minor words (articles, prepositions) and a word after a colon
    (a name's own capital: «Слово силы: Пот») do not count.
    """
    minor = MINOR_WORDS.get(lang, frozenset())
    styles: set[str] = set()
    after_colon = False
    for i, match in enumerate(_WORD.finditer(name)):
        word = match.group(0)
        before = name[:match.start()].rstrip()
        after_colon = before.endswith((":", "!", "?", "."))
        if i == 0 or after_colon or word.casefold() in minor or len(word) < 2:
            continue
        if word[0].isupper():
            styles.add("title")
        elif word[0].islower():
            styles.add("sentence")
    return styles.pop() if len(styles) == 1 else None


def check_name_case(ctx: CheckContext) -> None:
    """W704: a pack's names in one language keep one case style (the majority's)."""
    by_lang: dict[str, list[tuple[str, str, Span]]] = {}
    proper = _proper_words(ctx)
    for card in ctx.cards:
        for lang, name, span in card.names():
            style = name_case(_without_proper(name, proper), lang)
            if style is not None:
                by_lang.setdefault(lang, []).append((style, name, span))
    for lang, entries in sorted(by_lang.items()):
        titles = sum(1 for style, _n, _s in entries if style == "title")
        sentences = len(entries) - titles
        if not titles or not sentences:
            continue
        usual = "title" if titles > sentences else "sentence"
        for style, name, span in entries:
            if style != usual:
                ctx.sink.warning("W704", f"'{name}' is in {style} case, the pack's other "
                                 f"{lang} names in {usual} case", span,
                                 f"write it in {usual} case like the others "
                                 f"({titles} title, {sentences} sentence case names)")


def _proper_words(ctx: CheckContext) -> frozenset[str]:
    """Race, class and tag names in every language: capitalised in any style."""
    words: set[str] = set()
    for rs in ctx.rulesets:
        for table in ("names", "tags"):
            for name, entry in rs.raw.get(table, {}).items():
                words.update(_WORD.findall(name))
                for lang in LANGUAGES:
                    if isinstance(entry, dict) and isinstance(entry.get(lang), str):
                        words.update(_WORD.findall(entry[lang]))
    for card in ctx.cards:
        if card.kind in ("race", "class"):
            for _lang, name, _span in card.names():
                words.update(_WORD.findall(name))
    return frozenset(w for w in words if w[:1].isupper())


def _without_proper(name: str, proper: frozenset[str]) -> str:
    """The name with proper words (after the first word) lower-cased out of the count."""
    first = True

    def repl(match: re.Match[str]) -> str:
        nonlocal first
        word = match.group(0)
        if first:
            first = False
            return word
        return "" if word in proper else word

    return _WORD.sub(repl, name)
