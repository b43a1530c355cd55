"""The count forms of an amount, each declared once as a :class:`CountPart`.

A count is what `for each ...` multiplies an amount by (`+1 for each item you have in
play`, `for every 500 gold of items the fighter carries`, `for each level the monster has
over you`) and what a count condition tests (`if there are at least 2 monsters in this
combat`).  Each count is one class under :mod:`munchkin_dsl.language.parts` (found by the
subclass scan of :mod:`.algebra`, like every part), carrying:

* its ways of being written (``ways``: grammar alternatives of the ``counted`` rule, each
  with its alias and whose count it is), put into ``grammar/munchkin.lark`` at
  ``%registry_count_parts`` when the parser is built, and built into the class by
  :func:`count_builders` (no builder method per form);
* its record word (``count``: the engine record's ``for_each``) and what it means to an
  engine (``meaning``: the schema's and ``--explain``'s text);
* its fields (the tag it is narrowed by, ``other``, the step ``every``, ``whose``, the dice);
* how its tag is looked up (``tag_names``), and why a combination means nothing (a count of
  the fight at a moment with none, the margin before a fight is won, a count a condition
  cannot test, Seals in a pack with none);
* its printed text per language: the `for each` phrase (``text``) and the noun a count
  condition prints (``noun``), generated into the card-text templates
  (:mod:`munchkin_dsl.text.part_templates`);
* its docs row (``forms``), which docs/language.md, hover and completion read.

The engine's reading of each count is bound to the class in
:mod:`munchkin_dsl.engine.counts` (``@reads(ThePart)``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from munchkin_dsl.base.diagnostics import Span
from munchkin_dsl.language.algebra import Part, declared_under
from munchkin_dsl.language.nodes import Ref

#: The English `for each` phrase of most counts: `for each` or `for every N`, then the
#: count's noun (``noun``) agreeing with the step.
EACH_EN = ('{{ " for each " if n == 1 else " for every " ~ n ~ " " }}'
           '{{ count_noun(e, t, n) }}')

#: A tag that may be any trait (a monster's, a player's): a race, class, sex or tag.
ANY_TRAIT = ("races", "classes", "sexes", "tags")


@dataclass(frozen=True, slots=True)
class CountPart(Part):
    """One count (`items you have in play`): an AST node and its declaration."""

    category: ClassVar[str] = "count"
    #: the record's ``for_each`` word the engine reads it by
    count: ClassVar[str] = ""
    #: what it counts, to an engine (the schema's for_each text)
    meaning: ClassVar[str] = ""
    #: the ways to write it: (grammar alias, rule body, whose count it is)
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    #: how its tag is looked up: None (it takes none), "filter" (a card kind or tag, as
    #: `if you have a Sidekick in play`) or the name tables (`("tags",)`, ANY_TRAIT)
    tag_names: ClassVar[str | tuple[str, ...] | None] = None
    #: a "filter" count's own further kinds beyond the card filters' (spelling -> kind id):
    #: `one-shot` for the cards played into a fight, never in play, so no other filter has it
    filter_kinds: ClassVar[dict[str, str]] = {}
    #: the words it reads beside its tag: `other` (`other monsters`), the dice (`of 2 dice`;
    #: then the count is those dice, rolled as the line fires, once as an enhancer is played)
    reads_other: ClassVar[bool] = False
    reads_dice: ClassVar[bool] = False
    #: what `other` leaves out: "card" (the card the line is on; E229 where that card is
    #: never one of those counted) or "player" (the card's owner, always a player counted)
    other_leaves: ClassVar[str] = "card"
    #: it reads a least value (`for each item worth 500 gold or more`): its number is the
    #: ``worth`` field, each counted card worth less is left out
    reads_worth: ClassVar[bool] = False
    #: a count of the players at the table: how many seats it never counts (0: it may
    #: count every player; 1: never one of them, as `other players` or `players higher
    #: than you`; `other` leaves one more out); None: it counts no players.  A step and a
    #: threshold the table never reaches make it always 0 (E229)
    seats_left_out: ClassVar[int | None] = None
    #: it reads a fight: at a moment with no fight it is always 0 (E221)
    in_fight: ClassVar[bool] = False
    #: it grows while the fight goes on (cards discarded into it): a line played into the
    #: fight is kept and read anew, and the fight takes such cards only while one counts them
    grows_in_fight: ClassVar[bool] = False
    #: it reads the margin of the fight just won: a preview of the fight's rewards works the
    #: margin out first
    reads_win: ClassVar[bool] = False
    #: the only timings it means anything at (empty: any), and (message, hint) elsewhere
    only_at: ClassVar[frozenset[str]] = frozenset()
    only_at_refuse: ClassVar[tuple[str, str]] = ("", "")
    #: why a count condition (`if there are ...`) cannot test it: (message, hint) of E229
    test_refuse: ClassVar[tuple[str, str] | None] = None
    #: a deck it counts, which one of the pack's rulesets must have (E229 otherwise)
    needs_deck: ClassVar[str | None] = None
    #: the count-condition noun per language (en: over e, t, n; ru, pl: the genitive over
    #: e, t); the `for each` phrase is ``text`` (over e, t, n = the step)
    noun: ClassVar[dict[str, str]] = {}
    #: its docs row: (how it is written, what it counts, example)
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    #: its `per` form (`per open seal`, `per card`): the record's ``per`` word and the
    #: grammar body after "per" (None: none); a count with no ``ways`` is written only so
    per_form: ClassVar[tuple[str, str] | None] = None
    #: the `per` form's text per language (over e, t), as the amount's `per` phrase
    per_text: ClassVar[dict[str, str]] = {}
    #: it counts the cards paid for the line's cost (`discard up to 3 cards: +1 per card`),
    #: not the table: read as the line is used, never while its card is only in play
    paid: ClassVar[bool] = False

    tag: Ref | None = None
    other: bool = False
    every: int = 1
    whose: str = "you"
    dice: int = 1
    worth: int | None = None
    #: `beyond the fourth` (`over 4`, `above 5`, `after the first`): the first N counted
    #: are left out, and the count is never below 0
    beyond: int = 0
    #: written with no `you carry` (`for each footgear`): the checker lets only a slot or
    #: hands word stand so (the grammar's ``said_alone``)
    alone: bool = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # no super(): the slots dataclass is a new class, and Part declares no hook
        if cls.ways:  # the part's rule is its first way's alias; its syntax, every body
            cls.rule = cls.ways[0][0]
            cls.syntax = " | ".join(f"({body})" for _alias, body, _whose in cls.ways)
        elif cls.per_form:  # written only as `per ...`
            cls.rule = f"per_{cls.per_form[0]}"
            cls.syntax = f'"per" {cls.per_form[1]}'

    @property
    def what(self) -> str:
        """The record word (messages and checks read a count by it)."""
        return self.count

    @classmethod
    def written(cls, span: Span, children: list[Any], whose: str) -> CountPart:
        """The count from its grammar way's children: a name (a Ref) is its tag, the
        `other` token its flag, a number its dice."""
        tag = other = dice = worth = None
        beyond, alone = 0, False
        for c in children:
            kind = getattr(c, "type", None)
            if isinstance(c, tuple) and c[:1] == ("beyond",):
                beyond = c[1]
            elif isinstance(c, tuple) and c[:1] == ("alone",):
                alone = True
            elif kind == "OTHER" and cls.reads_other:
                other = True
            elif kind == "INT" and cls.reads_worth:
                worth = int(c)
            elif kind == "INT" and cls.reads_dice:
                dice = int(c)
            elif tag is None and isinstance(c, Ref) and cls.tag_names is not None:
                tag = c
        return cls(span, tag=tag, other=bool(other), whose=whose,
                   dice=dice if dice is not None else 1, worth=worth, beyond=beyond,
                   alone=alone)


@cache
def count_parts() -> tuple[type[CountPart], ...]:
    """Every count written with `for each`, in the order their modules declare them (the
    schema's and the docs table's order)."""
    return tuple(c for c in declared_under(CountPart) if c.ways)


@cache
def per_parts() -> dict[str, type[CountPart]]:
    """Record ``per`` word -> the count written `per ...` (`per open seal`, `per card`)."""
    return {c.per_form[0]: c for c in declared_under(CountPart) if c.per_form}


def per_alternatives() -> str:
    """The `per ...` forms as alternatives of the grammar's ``per`` rule."""
    return "\n   | ".join(f'"per" {c.per_form[1]} -> per_{word}'
                           for word, c in per_parts().items() if c.per_form)


@cache
def by_count() -> dict[str, type[CountPart]]:
    """Record word (``for_each``) -> its count."""
    return {c.count: c for c in count_parts()}


#: The words of a count's threshold (`beyond the fourth`, `over 4`, `above five`, `after the
#: first`): the ordinals and the number words an author prints, by the number they mean.
#: ``beyond_rule`` writes the grammar from them and the card text reads them back.
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth", "eleventh", "twelfth")
NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")
#: the words before the threshold
BEYOND_WORDS = ("beyond", "over", "above", "after")


#: A threshold's printed words per language (over e, the record): English names the
#: ordinal (`beyond the fourth`), Russian and Polish a digit (`сверх 4`, `ponad 4`), which
#: agrees with every noun a count counts
BEYOND_TEXT = {
    "en": ('{%- set b = e.for_each_beyond -%}{{ (" beyond the " ~ ' + repr(list(ORDINALS))
           + '[b - 1]) if b <= ' + str(len(ORDINALS)) + ' else (" beyond the first " ~ b) }}'),
    "ru": '{{ " сверх " ~ e.for_each_beyond }}',
    "pl": '{{ " ponad " ~ e.for_each_beyond }}',
}


def beyond_rule() -> str:
    """The grammar's ``beyond`` rule: a threshold word, then `4`, `the first 4`, `the
    fourth` or `four` (a word's alternative is aliased ``beyond_N``: the parser keeps no
    keyword, so the alias carries its number to the builder)."""
    words = " | ".join(f'"{w}"' for w in BEYOND_WORDS)
    alts = [f'({words}) "the"? "first"? INT -> beyond']
    alts += [f'({words}) "the"? ("{nth}" | "{number}") -> beyond_{n}'
             for n, (nth, number) in enumerate(zip(ORDINALS, NUMBER_WORDS, strict=True), 1)]
    return "beyond: " + "\n      | ".join(alts) + "\n"


def count_alternatives() -> str:
    """The counts' ways as the alternatives of the grammar's ``counted`` rule, each also
    with a threshold after it (`for each item you carry beyond the fourth`: in the way
    itself, so `for each level you have over 5` and `... over the monster` part at the
    word after `over`, not before it); a way that ends in its own ``beyond`` is written
    once, and so is `for each two-handed item` (`item beyond the fourth` is a way of its
    own: with both, `item` then `over` would be read two ways)."""
    return "\n       | ".join(
        alt for c in count_parts() for alias, body, _whose in c.ways
        for alt in ((f"{body} -> {alias}",) if body.endswith(("beyond", "_items said_alone"))
                    else (f"{body} -> {alias}", f"({body}) beyond -> {alias}")))


def count_builders() -> dict[str, tuple[type[CountPart], str]]:
    """Grammar alias -> (its count, whose count it is), for the AST builder."""
    return {alias: (c, whose) for c in count_parts() for alias, _body, whose in c.ways}


def meanings() -> dict[str, str]:
    """Record word -> what it counts (the schema's ``for_each`` choices)."""
    return {c.count: c.meaning for c in count_parts()}


def count_of(record: Any) -> type[CountPart] | None:
    """The count an engine record's amount multiplies by (its ``for_each`` word; None: it
    counts nothing), so the engine asks the count's declaration what it does rather than
    comparing words."""
    return by_count().get(getattr(record, "for_each", None) or "")


def per_count(record: Any) -> type[CountPart] | None:
    """The count of a record's or clause's `per ...` form (its ``per`` word; None: no such
    form, or `for each`, which :func:`count_of` reads)."""
    return per_parts().get(getattr(record, "per", None) or "")
