"""Stage 1 of the pipeline: source text -> AST (:mod:`munchkin_dsl.language.nodes`).

With :mod:`.ast_lines` and :mod:`.ast_builder` (a method per grammar rule that builds
the frozen AST node with its span) and :mod:`.inline_parse` (Lark's LALR tables driven
with those methods called as each rule is reduced, so no parse tree is built) it is the
only code that touches Lark.  This module owns:

* building the LALR parser once (memoised; the grammar is shipped as package data, with
  the declared parts' rules appended; its tables are loaded from the cache folder by
  :mod:`.grammar_cache`);
* recovering from syntax errors so one bad card does not hide the problems of the
  cards after it: the file is cut into top-level chunks (a chunk starts at a line
  whose first word, at column 1, opens a card, the pack header or an include), and
  inside a chunk a bad line is blanked and the chunk parsed again.

Lark's exceptions are translated here into :class:`Diagnostic` records whose
"expected" lists are written in words, never in terminal names.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from munchkin_dsl import data
from munchkin_dsl.base.diagnostics import DiagnosticSink, Span
from munchkin_dsl.base.rulesets import money_words
from munchkin_dsl.language import algebra, part_grammar, synonyms, unknown_part
from munchkin_dsl.language.ast_builder import AstBuilder
from munchkin_dsl.language.ast_lines import KIND_IDS, ParseContext
from munchkin_dsl.language.count_part import beyond_rule, count_alternatives, per_alternatives
from munchkin_dsl.language.grammar_cache import load_lark, load_tables
from munchkin_dsl.language.inline_parse import InlineParser
from munchkin_dsl.language.near_selectors import (
    card_selector_hint,
    selector_forms,
    selector_hint,
)
from munchkin_dsl.language.nodes import Card, Header, Include, SourceUnit
from munchkin_dsl.language.parts import in_flight, spoils, until_events
from munchkin_dsl.language.reference import statement_hint, statement_words
from munchkin_dsl.language.registry import (
    effect_first_words,
    misphrasing_hint,
    nearest_effects,
    subjectless_verbs,
    waiting_alternatives,
)
from munchkin_dsl.language.registry import effects as effect_registry
from munchkin_dsl.language.text_limits import check_limits

__all__ = ["KIND_IDS", "AstBuilder", "compiled_parser", "keywords", "parse_chunk", "parse_text",
           "split_chunks"]
#: A top-level start: a pack header, an include, or a card header `KIND ID "Name"`.
#: Only whole headers count, so an unindented body line such as `race limit 2` does not
#: cut a card in two during error recovery.
_KIND_WORDS = "|".join(sorted((re.escape(e["words"]).replace(r"\ ", r"\s+")
                               for e in data.kinds().values()), key=len, reverse=True))
_TOP_LEVEL = re.compile(
    r'^(?:pack\s+[^\s{]+\s*\{|include\s+"|(?:' + _KIND_WORDS + r')'
    r'\s+[^\s"{]+\s*["{]'
    # a card header with a misspelled kind (`monstr troll "Troll" {`) starts a chunk too
    r'|[A-Za-z][\w-]*(?:\s+enhancer)?\s+[^\s"{]+\s+"[^"\n]*"\s*\{)',
    re.MULTILINE,
)

#: How terminals are named to a pack author in "expected ..." messages.
_TERMINAL_WORDS: dict[str, str] = {
    "WORD": "a name",
    "STRING": "a quoted text",
    "INT": "a number",
    "SIGNED": "a signed number such as +3",
    "_NL": "the end of the line",
    "COLON": "':'",
    "$END": "the end of the file",
    "NOT": "'not'",
    "ANY": "'any'",
    "RACE_KW": "'race'",
    "CLASS_KW": "'class'",
}

MAX_RECOVERIES_PER_CHUNK = 50


#: Where the grammar file takes the effect phrases from the registry.
REGISTRY_PHRASES = "%registry_effect_phrases"
REGISTRY_CONDITIONS = "%registry_condition_parts"
REGISTRY_EVENTS = "%registry_event_parts"
REGISTRY_DURATIONS = "%registry_duration_parts"
REGISTRY_COSTS = "%registry_cost_parts"
REGISTRY_COUNTS = "%registry_count_parts"
REGISTRY_PER = "%registry_per_counts"
REGISTRY_MONEY = "%registry_money"


@cache
def _grammar_text() -> str:
    """The grammar: grammar/munchkin.lark (installed, or from the checkout) with the effect
    phrases the registry declares filled in, so the registry decides what parses."""
    try:
        text = resources.files("munchkin_dsl.grammar").joinpath("munchkin.lark").read_text(
            encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        here = Path(__file__).resolve().parents[2] / "grammar" / "munchkin.lark"
        text = here.read_text(encoding="utf-8")
    phrases = dict.fromkeys(e.phrase for e in effect_registry().values() if not e.cost)
    text = text.replace(REGISTRY_PHRASES, "\n       | ".join(phrases))
    text = text.replace(REGISTRY_CONDITIONS, part_grammar.predicate_alternatives())
    text = text.replace(REGISTRY_COSTS, part_grammar.cost_alternatives())
    text = text.replace(REGISTRY_COUNTS, count_alternatives())
    text = text.replace(REGISTRY_PER, per_alternatives())
    text = text.replace(REGISTRY_MONEY, " | ".join(f'"{w}"' for w in money_words()))
    text = text.replace("\n      " + REGISTRY_EVENTS, part_grammar.event_alternatives()
                        + waiting_alternatives() + until_events.alternatives())
    text = text.replace("\n       " + REGISTRY_DURATIONS, part_grammar.duration_alternatives())
    return text + "\n// ---- the declared parts (munchkin_dsl/language/parts)\n" + \
        part_grammar.grammar_rules() + "\n" + beyond_rule()


@dataclass(frozen=True)
class _Parser:
    lark: Lark
    context: ParseContext
    words: dict[str, str]
    builder: AstBuilder

    def describe(self, terminal: str) -> str:
        return self.words.get(terminal, terminal.lower())


#: How the grammar is built: LALR with Lark's contextual lexer (what the inline parser
#: drives) and the positions every node's span is taken from.
_OPTIONS: dict[str, Any] = {"parser": "lalr", "lexer": "contextual",
                            "propagate_positions": True, "maybe_placeholders": False,
                            "keep_all_tokens": False}


@cache
def _building() -> tuple[ParseContext, AstBuilder]:
    """The parse context and the AST builder, one per process (the inline parser's and
    Lark's callbacks share them)."""
    context = ParseContext()
    return context, AstBuilder(context)


@lru_cache(maxsize=1)
def compiled_parser() -> _Parser:
    context, builder = _building()
    # Building the LALR tables costs ~0.5 s: they are loaded from the cache folder, keyed
    # by the grammar text (language/grammar_cache.py), so `munchkin check` starts fast.
    lark = load_lark(_grammar_text(), **_OPTIONS)
    words = dict(_TERMINAL_WORDS)
    for term in lark.terminals:
        if term.name in words:
            continue
        if term.pattern.type == "str":
            value = term.pattern.value
            words[term.name] = "';'" if value == ";" else f"'{value}'"
    return _Parser(lark, context, words, builder)


def _lark() -> Lark:
    return compiled_parser().lark


@lru_cache(maxsize=1)
def _inline_parser() -> InlineParser:
    """Lark's tables driven with the AST builder inline (no parse tree, see
    :mod:`.inline_parse`); Lark's parser itself is loaded only for a syntax error."""
    _, builder = _building()
    tables = load_tables(_grammar_text(), _lark, **_OPTIONS)
    return InlineParser((tables, _lark), builder.callbacks(), builder.default)


def keywords() -> list[str]:
    """Every keyword of the language, for did-you-mean hints."""
    return sorted({w.strip("'") for name, w in compiled_parser().words.items()
                   if w.startswith("'") and w.strip("'").isalpha()})


# ---------------------------------------------------------------- public API
def parse_text(text: str, file: str, sink: DiagnosticSink) -> SourceUnit:
    """Parse one file's text; syntax errors go to ``sink`` and parsing goes on after them."""
    text = synonyms.as_keywords(check_limits(text, file, sink))
    header: Header | None = None
    includes: list[Include] = []
    cards: list[Card] = []
    header_broken = False
    chunks = split_chunks(text)
    for index, (offset, chunk) in enumerate(chunks):
        items = parse_chunk(chunk, file, offset, sink, last=index == len(chunks) - 1)
        if chunk.startswith("pack") and not any(isinstance(i, Header) for i in items):
            header_broken = True
        for item in items:
            if isinstance(item, Header):
                if header is None:
                    header = item
                else:
                    sink.error("E010", "a file may hold only one pack header", item.span,
                               "remove this `pack { ... }` block or move it to its own pack")
            elif isinstance(item, Include):
                includes.append(item)
            elif isinstance(item, Card):
                cards.append(item)
    return SourceUnit(file, header, tuple(includes), tuple(cards), header_broken)


def split_chunks(text: str) -> list[tuple[int, str]]:
    """Cut a file at top-level starts so a broken card cannot swallow the next ones."""
    starts = [m.start() for m in _TOP_LEVEL.finditer(text)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    chunks = []
    line = 0
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        piece = text[start:end]
        chunks.append((line, piece))
        line += piece.count("\n")
    return chunks


def parse_chunk(chunk: str, file: str, offset: int, sink: DiagnosticSink,
                 last: bool = True) -> list[Any]:
    ctx, _ = _building()
    lines: list[str] = []  # the chunk's lines, split at its first syntax error
    seen: set[tuple[int, int]] = set()
    text = chunk
    for _ in range(MAX_RECOVERIES_PER_CHUNK):
        ctx.file, ctx.line_offset = file, offset
        try:
            items: list[Any] = _inline_parser().parse(text)
        except UnexpectedInput as err:
            line, column = getattr(err, "line", 1) or 1, getattr(err, "column", 1) or 1
            if (line, column) in seen:
                return []
            seen.add((line, column))
            lines = lines or chunk.split("\n")
            _report_syntax_error(err, lines, file, offset, sink, last)
            # Blank the offending line and try again, unless it carries structure.
            index = line - 1
            if line <= 1 or index >= len(lines) or "{" in lines[index] or "}" in lines[index]:
                return []
            if isinstance(err, UnexpectedEOF) or (
                    isinstance(err, UnexpectedToken) and err.token.type == "$END"):
                return []
            lines[index] = ""
            text = "\n".join(lines)
            continue
        if seen:
            items = [replace(i, complete=False) if isinstance(i, Card) else i for i in items]
        return items
    return []


#: A rule has one ':' (its moment, cost and condition before it, its effects after); only
#: a roll may stand between two (`discard 1 card: roll a die: on 1 to 3 ...`).
SECOND_COLON_HINT = ("a rule has one ':' (moment, cost and condition before it, effects after); "
                     "only a roll may stand between two ':' (`discard 1 card: roll a die: on 1 "
                     "to 3 lose 1 level, on 4 to 6 gain 1 level`, `discard 1 card: roll 4+: gain "
                     "1 level`); join other clauses with ',' before the first ':', or keep the "
                     "rule as `manual \"...\"`")


def _report_syntax_error(err: UnexpectedInput, lines: list[str], file: str, offset: int,
                         sink: DiagnosticSink, last: bool = True) -> None:
    parser = compiled_parser()
    glued = _glued_word(err, lines)
    if glued is not None:
        line, start, end, word = glued
        span = Span(file, line + offset, start, line + offset, end)
        hint = misphrasing_hint(lines[line - 1]) or _glued_hint(err, lines[line - 1], start, word)
        sink.error("E002", f"unexpected '{word}'", span, hint)
        return
    if isinstance(err, UnexpectedCharacters):
        _bad_character(err, lines, file, offset, sink)
        return
    if isinstance(err, UnexpectedToken) and err.token.type != "$END":
        tok = err.token
        end_col = tok.end_column or (tok.column + len(str(tok)))
        if tok.type == "_NL":
            end_col = tok.column + 1  # the newline token itself ends on the next line
        span = Span(file, tok.line + offset, tok.column, tok.line + offset, end_col)
        expected = sorted({parser.describe(t) for t in err.expected})
        shown = "end of line" if tok.type == "_NL" else f"'{tok}'"
        plain = [e.strip("'") for e in expected if e.startswith("'")]
        typo = difflib.get_close_matches(str(tok).lower(), plain, n=1, cutoff=0.75)
        count = str(tok) in ("for", "per") and not {"'for'", "'per'"} & set(expected)
        said = misphrasing_hint(lines[tok.line - 1] if 0 < tok.line <= len(lines) else "")
        if said is not None:  # `your strength is halved`: the form that writes it
            sink.error("E002", f"unexpected {shown}", span, said)
            return
        if str(tok).isalpha() and (not typo or str(tok).lower() in keywords()) and \
                not count and (
                _unknown_clause(tok, lines, span, sink)  # an event or a condition
                or _unknown_effect(tok, lines, span, sink, expected)):  # `double ...`
            return
        if _unsigned_number(err, lines, file, offset, sink, expected):
            return
        text = lines[tok.line - 1] if 0 < tok.line <= len(lines) else ""
        hint = _count_owner_hint(str(tok), text[:tok.column - 1]) or \
            _or_hint(str(tok), expected) or _expected_hint(str(tok), expected)
        # a typo first, then what the words say
        if not hint.startswith(("did you mean", "a count's player", "`A or B`")):
            hint = _context_hint(str(tok), text[:tok.column - 1], text[tok.column - 1:],
                                 {e.strip("'") for e in expected}) or hint
        if count:  # `steal 1 level ... for each item`: a count where none may stand
            hint = f"{count_hint()}; here {hint}"
        sink.error("E002", f"unexpected {shown}", span, hint)
        return
    # End of input inside a block.
    end = len(lines)
    col = len(lines[-1]) + 1 if lines else 1
    while end > 1 and not lines[end - 1].strip():
        end -= 1
        col = len(lines[end - 1]) + 1
    span = Span(file, end + offset, col, end + offset, col + 1)
    expected = sorted({parser.describe(t) for t in getattr(err, "expected", ())})
    end_hint = "close the card or pack block with '}'" if "'}'" in expected else (
        f"expected {_join(expected)}" if expected else None)
    if last:
        sink.error("E004", "the file ends in the middle of a block", span, end_hint)
    else:
        block = "pack header" if lines and lines[0].startswith("pack") else "card"
        sink.error("E004", f"the {block} is not closed before the next card starts", span, end_hint)


def _bad_character(err: UnexpectedCharacters, lines: list[str], file: str, offset: int,
                   sink: DiagnosticSink) -> None:
    """E003 for a text left open on its line, E001 for a character no token starts with."""
    line, col = err.line, err.column
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    char = text[col - 1] if 0 < col <= len(text) else "?"
    span = Span(file, line + offset, col, line + offset, col + 1)
    if char == '"':
        sink.error("E003", "this text is not closed with a '\"' on the same line", span,
                   "add the closing quote; a text may not span lines (use \\n for a break)")
        return
    shown = repr(char) if char.isprintable() else f"U+{ord(char):04X}"
    sink.error("E001", f"unexpected character {shown}", span,
               "only names, numbers, quoted texts and , : ; { } belong in a pack file")


def _glued_hint(err: UnexpectedInput, text: str, start: int, word: str) -> str:
    """The hint for a word refused from inside (`its` read as `it` + `s`): a spelling
    (never the word written back), else the selectors where one may stand (an effect's
    start, after ':' or ','), else that the word is the language's but misplaced."""
    owned = _possessive_hint(text[:start - 1], text[start - 1:])  # `victim's hand`: no typo
    if owned is not None:
        return owned
    close = [c for c in difflib.get_close_matches(word.lower(), keywords(), n=2, cutoff=0.6)
             if c != word.lower()]
    if close and word.lower() not in keywords():
        return f"did you mean '{close[0]}'?"
    allowed = {compiled_parser().describe(t).strip("'") for t in
               getattr(err, "expected", None) or getattr(err, "allowed", None) or ()}
    if text[:start - 1].rstrip().endswith((":", ",")):  # an effect's subject may stand here
        allowed |= {f.split()[0] for f in selector_forms()}
    near = selector_hint(text[:start - 1], text[start - 1:], allowed)
    if near is not None:
        return near
    if word.lower() in keywords():  # a known word out of place (`+1 per card to all die
        # rolls`: a die-roll modifier counts nothing): no typo to correct
        return (f"'{word}' is a word of the language, but no form takes it here: check "
                "the words before it (docs/language.md lists each effect's forms)")
    return "check the spelling of this word"


#: `for each sidekick ` / `for every 2 items `: a count's noun, its player next
_COUNTED = re.compile(r"\bfor\s+(?:each|every\s+\d+)\s+[\w-]+\s*$", re.I)


def _count_owner_hint(found: str, before: str) -> str | None:
    """`for each sidekick victim has in play`: a count's player is `you` or `the fighter`
    (engine/counts.counted); on a curse or a monster `you` is the victim, which is what the
    author meant (the typo check offered 'item' for 'victim')."""
    if not _COUNTED.search(before) or found.lower() not in {
            f.split()[0] for f in selector_forms()} - {"the", "you"}:
        return None
    return (f"a count's player is `you` or `the fighter`, not `{found}`: write `for each ... "
            "you have in play` / `... the fighter has in play`; on a curse or a monster "
            "`you` is its victim (`victim loses 1 level for each sidekick you have in play`)")


def _context_hint(found: str, before: str, rest: str, expected: set[str]) -> str | None:
    """A hint read from the words before the one refused, when they say more than the
    tokens the parser expected: a second ':', a selector's place (name the selectors), a
    card statement counted as a filter (`at least 2 big items`)."""
    if found == ":" and ":" in before.rsplit(";", 1)[-1]:
        return SECOND_COLON_HINT
    near = _form_hint(found, before, expected) or _possessive_hint(before, rest) \
        or in_flight.cancel_hint(before, found) \
        or spoils.numbered_hint(before, rest) \
        or _die_amount_hint(before + rest) \
        or card_selector_hint(before, rest) \
        or selector_hint(before, rest, expected)
    if near is not None:
        return near
    counted = re.search(r"\d\s+(\w+)\s*$", before)
    if counted and counted.group(1).lower() in statement_words():
        return statement_hint(counted.group(1))
    return None


#: `if your hand is empty`, `if victim's items are worth 1000`: a condition whose subject
#: is a thing a player holds, not the player
_POSSESSED = re.compile(r"(your|their|his|her|[\w-]+'s)\s+(hand|items?|cards?|gold|wealth|"
                        r"stuff)\b", re.IGNORECASE)


#: `draw as many treasures as a die shows`, `lose as many levels as 2 dice show`
_AS_DICE = re.compile(r"\bas\s+many\s+(\w+)\s+as\s+(a\s+die|(\d+)\s+dice)\s+shows?\b",
                      re.IGNORECASE)


def _die_amount_hint(text: str) -> str | None:
    """A rolled number written `as many X as a die shows` where the effect has no such form
    (only a discard has it): name the count that works on every numeric effect."""
    m = _AS_DICE.search(text)
    if m is None:
        return None
    dice = "a die" if m.group(3) is None else f"{m.group(3)} dice"
    one = re.sub(r"s$", "", m.group(1))
    return (f"a number rolled when the line applies is a count: write `1 {one} for each "
            f"point of {dice}` after the verb (`draw 1 treasure for each point of {dice}`, "
            f"`lose 1 level for each point of {dice}`); with `roll N+` before the ':', `as "
            "many levels as the roll shows`")


def _possessive_hint(before: str, rest: str) -> str | None:
    """A condition that starts with what a player holds (`if your hand is empty`): name
    the forms that start with the player (family G: hand size, wealth, cards in play)."""
    if not re.search(r"\b(if|while|unless)\s*$", before, re.IGNORECASE) or \
            not _POSSESSED.match(rest):
        return None
    return ("a condition names the player first, then what they hold: `if you have no cards "
            "in hand`, `if you have 2 or fewer cards in hand`, `if you have at least 5 cards "
            "in hand`, `if you carry items worth 1000 or more`, `if you have at least 3 items "
            "in play` (another player: `victim`, `fighter`, `any player`...)")


def _form_hint(found: str, before: str, expected: set[str]) -> str | None:
    """A form the author was near, read from the words before the refused one: a roll
    with no effect for its high result, a hand counted for someone else."""
    roll = re.search(r"\broll\s+(\d+)\+[^:]*:\s*$", before.rsplit(";", 1)[-1])
    if found == "," and roll is not None:  # `roll 2+: , otherwise discard this card`
        low = int(roll.group(1)) - 1
        return (f"`roll {roll.group(1)}+:` needs an effect for the high result before "
                "`, otherwise`; for an effect on a low roll only, write the faces: `roll a "
                f"die: on 1{f' to {low}' if low > 1 else ''} EFFECT, on {low + 1} to 6 "
                'nothing`; or keep the rule as `manual "..."`')
    if re.search(r"\bcards?\s+in\s*$", before) and expected & {"your", "'your'"}:
        # `+1 for each card in the fighter's hand`: the one hand count, said for the owner
        return ("a count of a hand is written `for each card in your hand`: it counts the "
                "hand of the line's owner, on a curse its victim's, and on a monster the "
                "fighter's hand (`+1 for each card in your hand` on a monster is +1 per card "
                "the fighter holds)")
    than = re.search(r"\b(more|fewer|less)\s+than\s*$", before)
    if than is not None and found.isdigit():  # `has more than 3 cards in hand`
        n, more = int(found), than.group(1) == "more"
        said = f"at least {n + 1}" if more else f"{max(n - 1, 0)} or fewer"
        also = f", `if you have {said} items in play`" if more else ""
        return (f"a number of cards is compared with `at least N` or `N or fewer`: "
                f"`{than.group(1)} than {n}` is `{said}` (`if you have {said} cards in "
                f"hand`{also})" if more or n > 0 else None)
    return None


def _unsigned_number(err: UnexpectedToken, lines: list[str], file: str, offset: int,
                     sink: DiagnosticSink, expected: list[str]) -> bool:
    """`in combat: 2 to you`: a number that starts an effect without its sign reads as a
    count of uses (`3 uses`); say so at the number, as the author meant a modifier."""
    if not {"'uses'", "'charges'"} <= set(expected) <= {"'uses'", "'charges'", "'times'"}:
        return False
    tok = err.token
    line = lines[tok.line - 1] if 0 < tok.line <= len(lines) else ""
    m = re.search(r"(\d+)\s*$", line[:tok.column - 1])
    if m is None:
        return False
    span = Span(file, tok.line + offset, m.start(1) + 1, tok.line + offset, m.end(1) + 1)
    n = m.group(1)
    sink.error("E002", f"unexpected '{n}'", span,
               f"a modifier carries its sign: `+{n}` or `-{n}`; a count of uses reads "
               f"`{n} uses` before the ':'")
    return True


def _glued_word(err: UnexpectedInput, lines: list[str]) -> tuple[int, int, int, str] | None:
    """(line, start col, end col, word) when the error sits inside a word.

    Keywords are matched as literal prefixes where no name may follow, so `youu` lexes
    as `you` + `u`; the author should hear about the word they wrote, not its tail.
    """
    line, col = getattr(err, "line", None), getattr(err, "column", None)
    if not isinstance(line, int) or not isinstance(col, int) or not 0 < line <= len(lines):
        return None
    text = lines[line - 1]
    i = col - 1
    word_char = re.compile(r"[\w'-]")
    if not (0 < i < len(text) and word_char.match(text[i]) and word_char.match(text[i - 1])):
        return None
    start = i
    while start > 0 and word_char.match(text[start - 1]):
        start -= 1
    end = i
    while end < len(text) and word_char.match(text[end]):
        end += 1
    return line, start + 1, end + 1, text[start:end]


def _effect_position(expected: list[str]) -> bool:
    """Whether the parser wanted an effect here: most effects' first words were expected."""
    firsts = effect_first_words()
    wanted = {e.strip("'") for e in expected}
    wanted |= {w.removesuffix("es") for w in wanted} | {w.removesuffix("s") for w in wanted}
    return len(firsts & wanted) >= 5


def _unknown_effect(tok: Token, lines: list[str], span: Span, sink: DiagnosticSink,
                    expected: list[str]) -> bool:
    """E230: the words after this point are no effect phrase; name the nearest ones
    (False: the parser wanted no effect here, so the word is a plain typo)."""
    if not _effect_position(expected):
        return False
    line, col = tok.line or 0, tok.column or 1
    text = lines[line - 1][col - 1:] if 0 < line <= len(lines) else str(tok)
    words = re.split(r"[\s,:]+", re.split(r"[#;}]", text)[0].strip())[:6]
    phrase = " ".join(words)
    before = lines[line - 1][:col - 1] if 0 < line <= len(lines) else ""
    card = card_selector_hint(before, text)  # `take an item worth 300 or less ...`
    if card is not None:
        sink.error("E230", f"'{phrase}' is not part of a card selector the language knows",
                   span, card)
        return True
    near = nearest_effects(words)
    hint = ("nearest effects: " + "; ".join(f"`{e.example}` ({e.summary})" for e in near)
            + ". ") if near else ""
    bare = subjectless_verbs().get(words[0].casefold()) if before.strip() else None
    if bare is not None:  # `victim gives an item victim carries to ...`: no subject
        rest = re.split(r"[#;}]", text)[0].strip().split(None, 1)[1:]
        hint = (f"`{bare[0]}` takes no subject (the card picked says whose it is): write "
                f"`{' '.join([bare[0], *rest])}`, as `{bare[1]}`. ")
    sink.error("E230", f"'{phrase}' is not an effect the language knows", span,
               hint + 'A rule the language cannot express yet can be kept as `manual "..."`: '
               "printed on the card, marked for players to apply by hand")
    return True


def _unknown_clause(tok: Token, lines: list[str], span: Span, sink: DiagnosticSink) -> bool:
    """E230 before the ':': the clause the unknown word stands in is an event (`when
    another player discards a race`) or a condition (`if you are not in combat`); name
    the nearest of those, not effects.  False: the word is elsewhere."""
    line, col = tok.line or 0, tok.column or 1
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    found = unknown_part.clause_of(text[:col - 1])
    if found is None:
        return False
    part, clause = found
    rest = re.split(r"[:,;#}]", text[col - 1:])[0].strip()
    phrase = " ".join(f"{clause} {rest}".split())  # a synonym read as its keyword is padded
    note = unknown_part.comparison_note(phrase)
    sink.error("E230", f"'{phrase}' is not {'an' if part == 'event' else 'a'} {part} the "
               "language knows", span,
               note + unknown_part.hint(part, phrase.split()) + '. A rule the language cannot '
               'express yet can be kept as `manual "..."`: printed on the card, marked for '
               "players to apply by hand")
    return True


@cache
def count_hint() -> str:
    """E002 on `for each ...` / `per ...` after a phrase that takes no count: name the
    phrases that do (the declared parts whose syntax has the grammar's `per`)."""
    takes = [f"`{p.example}`" for p in algebra.effect_parts() if " per?" in p.syntax]
    return ("a count (`for each ...`, `for every N ...`, `per ...`) cannot follow this "
            "phrase; it follows a bonus (`+1 for each item you have in play`) and "
            + ", ".join(takes) + "; or keep the rule as `manual \"...\"`")


def _or_hint(found: str, expected: list[str]) -> str | None:
    """`gain 1 level or draw 2 treasures`: an alternative after an effect is written after
    a comma (a title filter, `"A" or "B"`, keeps the bare `or`, so the grammar cannot)."""
    if found.lower() != "or" or "','" not in expected:
        return None
    return ("`A or B` is written `A, or B`: an alternative follows a comma (`choose one: "
            "gain 1 level, or draw 2 treasures face down`); or keep the rule as `manual "
            "\"...\"`")


def _expected_hint(found: str, expected: list[str]) -> str:
    plain = [e.strip("'") for e in expected if e.startswith("'")]
    close = [c for c in difflib.get_close_matches(found.lower(), plain, n=2, cutoff=0.6)
             if c != found.lower()]  # never the word written back (`its` -> 'its'?)
    return f"did you mean '{close[0]}'?" if close else f"expected {_join(expected)}"


def _join(items: list[str], limit: int = 5, few: int = 8) -> str:
    """`'a', 'b' or 'c'`; a long list is cut after ``limit`` with "N more", but a list of
    at most ``few`` is shown whole (cutting 7 to "5 or 2 more" hides what would fit)."""
    if len(items) > few:
        items = items[:limit] + [f"{len(items) - limit} more"]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]
