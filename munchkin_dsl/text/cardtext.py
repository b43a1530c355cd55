"""Printed card text, generated from a card's compiled effects through Jinja templates.

Why generated: the effects (:mod:`munchkin_dsl.compiler.effects`) are what an engine runs, so text
made from them can never disagree with the game; an author who wants other wording
writes ``text LANG "..."`` on the card, which replaces the generated rules text for
that language (``munchkin check`` warns with W501 when its numbers disagree).

Why templates: wording is per language and per game line, and translators should be able
to fix a phrase without reading Python.  Each language has a folder under
``munchkin_dsl/text/templates/``:

``words.j2``    vocabulary (who, timings, slots, card kinds) and the verb helper
``effects.j2``  one macro per effect kind, named after ``Effect.kind``
``ability.j2``  one ability: label, timing, frequency, conditions, costs, roll, effects
``card.j2``     the parts around the abilities: kind line, corners, footer, notes

Game-line words (Curse/Trap/Disaster, gold/credits, Door/Airlock, Big/Aggregate) come
from the ruleset (:meth:`Ruleset.terms`) and race/class/tag names from its translations,
so one template set serves every line.  Grammar the templates cannot express (plural
forms, who is addressed as "you") is decided here, in :class:`Words`, which the
templates receive as ``t``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import jinja2

from munchkin_dsl import data
from munchkin_dsl.base.rulesets import CURSE_KINDS, Ruleset, plural_index
from munchkin_dsl.compiler.effects import Ability, CardData, Effect
from munchkin_dsl.language.parts.event_groups import answered_from_hand
from munchkin_dsl.language.parts.holdings import is_title, titles
from munchkin_dsl.text import part_templates
from munchkin_dsl.text.morph import grammemes, head_noun, inflect, is_adjective, is_verb
from munchkin_dsl.text.pl_forms import pl_phrase
from munchkin_dsl.text.template_cache import code_cache
from munchkin_dsl.text.typography import quotes

#: Languages with a template set.
TEXT_LANGUAGES: tuple[str, ...] = ("en", "ru", "pl")
#: Timings whose abilities print in the Bad Stuff box rather than the rules text.
BAD_STUFF_TIMINGS = frozenset({"bad_stuff", "bad_stuff_always"})
#: Timings at which a "victim" is the player reading the card, addressed as "you".
_VICTIM_IS_READER = frozenset({"bad_stuff", "bad_stuff_always", "when_caught", "on_escape",
                               "when_bad_stuff"})
#: Timings at which, on a monster, the fighter is the player reading it ("you"): its kill
#: or defeat without one (`on kill: discard a disaster you carry`, engine/monster_outcomes.py)
_FIGHTER_IS_READER = frozenset({"on_kill", "when_defeated"})
#: Templates mark paragraph breaks with this; whitespace inside a paragraph is collapsed.
PARAGRAPH = "\u2029"


#: How a card's title named as a card filter is quoted, per language (`has a “Super
#: Munchkin” in play`, `«Super Munchkin»`, `„Super Munchkin”`)
TITLE_QUOTES = {"en": "“{}”", "ru": "«{}»", "pl": "„{}”"}
#: the word joining several titles of one filter (`a “Super Munchkin” or “Race Cocktail”`)
TITLE_OR = {"en": " or ", "ru": " или ", "pl": " lub "}


@dataclass(frozen=True)
class CardText:
    """The printed strings of one card front, apart from its title and tags."""

    kind_line: str
    corner_left: str
    corner_right: str
    body: str
    bad_stuff: str
    footer: str

    def to_json(self) -> dict[str, str]:
        return {"kind_line": self.kind_line, "corner_left": self.corner_left,
                "corner_right": self.corner_right, "body": self.body,
                "bad_stuff": self.bad_stuff, "footer": self.footer}


def plural(count: int, forms: Sequence[str], lang: str) -> str:
    """The form of a word for ``count``: two forms in English, three (one/few/many) in ru/pl.

    Shares the CLDR rule with :meth:`Ruleset.plural`, so template words ("card", "item")
    and ruleset terms ("treasure") always agree: 1 карту, 2 карты, 5 карт, 21 карту.
    """
    index = plural_index(count, lang)
    return forms[min(index, len(forms) - 1)]


def cap(text: str) -> str:
    """Upper-case the first letter only (Jinja's ``capitalize`` lowers the rest)."""
    return text[:1].upper() + text[1:] if text else text


def title_words(text: str) -> str:
    """Title Case for English corner labels ("600 Gold Pieces")."""
    return " ".join(cap(word) for word in text.split(" "))


_EN_PLURALS = {"Elf": "Elves", "Dwarf": "Dwarves", "Undead": "Undead", "Half-Breed":
               "Half-Breeds", "male": "males", "female": "females"}


def en_plural(name: str) -> str:
    """English plural of a race, class or tag for "+4 against Elves"."""
    if name in _EN_PLURALS:
        return _EN_PLURALS[name]
    if name.endswith(("s", "sh", "ch", "x")):
        return name + "es"
    return name + "s"


class Words:
    """What the templates ask about the card being written (passed to them as ``t``).

    Holds the card, its ruleset and the language, and answers the questions grammar
    needs: the ruleset's word for a term in the right plural form, a localised name,
    and whether a target is the reader ("you") or a third person.
    """

    def __init__(self, card: CardData, ruleset: Ruleset, lang: str) -> None:
        self.card = card
        self.ruleset = ruleset
        self.lang = lang
        self._terms = ruleset.terms(lang)
        # Mirrors lower.default_timing: a card that stays in play acts while in play.
        stays = card.persistent or card.kept_after_death or card.attaches_to_item
        self.default_timing: str = "continuous" if stays else data.kinds()[card.kind]["timing"]
        self.curse_like = card.kind in CURSE_KINDS
        self.monster = card.kind == "monster"
        self.monster = card.kind == "monster"

    # -- words --------------------------------------------------------------
    def term(self, key: str, fallback: str | None = None) -> str:
        """The ruleset's word (singular form for countable words)."""
        value = self._terms.get(key)
        if value is None:
            return fallback if fallback is not None else key
        return value if isinstance(value, str) else value[0]

    def plural(self, key: str, count: int, fallback: Sequence[str] | None = None) -> str:
        """The ruleset's countable word in the form for ``count``."""
        if key in self._terms:
            return self.ruleset.plural(key, count, self.lang)
        return plural(count, fallback or (key,), self.lang)

    def many(self, e: Any, n: int) -> int:
        """The number a word after an effect's number agrees with: ``n``, or for `that
        many` (language/parts/amounts.py ``ThatMany``) a plural ("that many Treasures",
        «столько же сокровищ»)."""
        return 5 if self.field(e, "that_many") else n

    def forms(self, count: int, *forms: str) -> str:
        """A template's own countable word in the form for ``count``."""
        return plural(count, forms, self.lang)

    def name(self, name: str | int | None) -> str:
        """A race, class, tag or named card in the card's language (English if untranslated)."""
        if name is None:
            return ""
        name = str(name)
        if is_title(name):  # a card's title as a card filter: quoted as the language quotes
            quote = TITLE_QUOTES.get(self.lang, "“{}”")
            return TITLE_OR.get(self.lang, " or ").join(quote.format(n) for n in titles(name))
        if self.lang == "en":
            return name
        localised = self.ruleset.localized_name(name, self.lang)
        if localised != name:
            return localised
        tag = self.ruleset.tag_info.get(name)
        if tag is not None and self.lang in tag.names:
            return str(tag.names[self.lang])
        return name

    def tag_phrase(self, name: str | int | None, noun: str, grams: str = "") -> str:
        """A noun qualified by a tag or term: «огненные карты», «больших шмоток».

        In Russian a tag whose name is an adjective agrees with the noun (``grams``, e.g.
        ``"plur,nomn"``, says the noun's number and case, and its gender in the singular);
        in Polish the words of ``pl_forms.toml`` do («ogniste karty», «Dużych Rzeczy»);
        other tags and languages quote the name after the noun: «шмотки «кибер»».
        """
        localised = self.name(name) if name is not None else ""
        if is_title(name):  # a card's title comes quoted already: «карты «Дубина»»
            return f"{noun} {localised}".lstrip()
        if self.lang == "ru" and grams and is_adjective(localised):
            return f"{inflect(localised, grammemes(grams))} {noun}"
        if self.lang == "pl":
            agreed = pl_phrase(localised, noun, grams)
            if agreed is not None:
                return agreed
        return f"{noun} «{localised}»".lstrip()

    def name_case(self, name: str | int | None, case: str) -> str:
        """A race, class or tag name declined: ``name_case("Cleric", "gen")`` -> «Клирика».

        The case forms live with each name in the ruleset data (``cases = { ru = { gen =
        ... } }`` beside ``ru = ...``), so a translator fixes a form where the word is;
        a name without the form prints in the nominative rather than wrongly declined.
        """
        if name is None:
            return ""
        name = str(name)
        if self.lang == "en":
            return name
        for table in ("names", "tags"):
            entry = self.ruleset.raw.get(table, {}).get(name)
            if entry is not None:
                form = entry.get("cases", {}).get(self.lang, {}).get(case)
                if form:
                    return str(form)
        return self.name(name)

    def proper_names(self) -> frozenset[str]:
        """First words of every race, class, tag and named card in this language, in all
        their case forms: the words that keep their capital after a colon."""
        names: list[str] = []
        for table in ("names", "tags"):
            for name, entry in self.ruleset.raw.get(table, {}).items():
                names.append(str(entry.get(self.lang, name)))
                names.extend(str(form) for form in
                             entry.get("cases", {}).get(self.lang, {}).values())
        names.extend(deck.name(self.lang) for deck in self.ruleset.decks.values())
        firsts = (re.match(r"\w+", name) for name in names)
        return frozenset(m.group(0) for m in firsts if m and m.group(0)[:1].isupper())

    def is_person(self, name: str | int | None) -> bool:
        """Whether a name is a race or class (English takes an article: "a Cleric")."""
        return name in self.ruleset.races or name in self.ruleset.classes

    def money(self, value: int) -> str:
        """A value in the line's money, or its "No Value" word for 0."""
        if value == 0:
            fallback = self.ruleset.no_value_term(self.lang) or {
                "en": "No Value", "ru": "Без цены", "pl": "bezwartościowy"}[self.lang]
            return self.term("no_value", fallback)
        return f"{value} {self.plural('money', value)}"

    def deck_name(self, deck: str) -> str:
        """A deck's printed name ("Treasure", "Сокровища", "Łupy"); the id if the line lacks it."""
        found = self.ruleset.decks.get(deck)
        return found.name(self.lang) if found is not None else deck

    @staticmethod
    def signed(amount: int) -> str:
        return f"{amount:+d}"

    # -- grammar ------------------------------------------------------------
    def you(self, target: str | None, ability: Ability | None = None) -> bool:
        """Whether ``target`` is the reader, written in the second person.

        The owner always is; the victim is on a curse-like card (the curse hits the
        reader) and in a monster's Bad Stuff (the caught player reads it); the fighter is
        at a monster's kill (the killer reads it).
        """
        if target == "you":
            return True
        if target == "fighter" and self.monster and ability is not None:
            return ability.timing in _FIGHTER_IS_READER
        if target != "victim":
            return False
        return self.curse_like or (ability is not None and ability.timing in _VICTIM_IS_READER)

    def shows_timing(self, ability: Ability) -> bool:
        """Timings the card kind implies (a curse hits when played) are not printed."""
        return ability.timing not in ("continuous", "bad_stuff") and \
            ability.timing != self.default_timing

    def played_in_reaction(self, ability: Ability) -> bool:
        """A line its card is played for from the hand as another player's event comes (a
        one-shot, or a door or treasure not kept): printed "play when ...", not "whenever
        ...", which would read as a card kept in play reacting each time."""
        from_hand = self.card.kind == "one-shot" or (
            self.card.kind in ("door", "treasure") and not self.card.persistent)
        return from_hand and ability.timing in answered_from_hand()

    @staticmethod
    def subject(condition: Any, ability: Ability) -> str:
        """Who a condition names, as printed: in a Bad Stuff box the victim is "you"
        ("if you are not a Cleric, you die", not "if the victim is not a Cleric")."""
        if condition.subject == "victim" and ability.timing in BAD_STUFF_TIMINGS:
            return "you"
        return str(condition.subject)

    @staticmethod
    def affirmed(condition: Any) -> Any:
        """The condition not negated: `if any player does not have ...` is read as `not
        any` (engine/conditions.py), so it prints as `if no player has ...`."""
        return dataclasses.replace(condition, negated=False)

    def after_otherwise(self, text: str, effect: Effect, previous: Effect | None,
                        who: dict[str, str]) -> str:
        """An "otherwise" effect without the subject it shares with the effect before it.

        "every other player discards …, otherwise loses 1 level": repeating the subject
        ("otherwise every other player loses") reads as if someone else lost the level.
        """
        target = getattr(effect, "target", None)
        if not (getattr(effect, "otherwise", False) or getattr(effect, "either", False)) \
                or previous is None or target is None:
            return text
        if getattr(previous, "target", None) != target or target not in who:
            return text
        subject = who[target]
        text = str(text)
        stripped = text.lstrip()
        if subject and stripped.casefold().startswith(subject.casefold() + " "):
            return stripped[len(subject) + 1:]
        return text

    @staticmethod
    def field(effect: Effect, name: str, default: Any = None) -> Any:
        """An effect field that only some effect kinds have (``target_is``, ``per``)."""
        return getattr(effect, name, default)


# --------------------------------------------------------------------------- templates


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The one Jinja environment; templates are package data, so an installed copy works.

    Compiled templates are kept between runs (:mod:`munchkin_dsl.text.template_cache`):
    compiling them cost more than generating the text of a thousand cards.
    """
    env = jinja2.Environment(
        # the declared parts' text first (munchkin_dsl/text/part_templates.py), then the files
        loader=jinja2.ChoiceLoader([
            jinja2.FunctionLoader(part_templates.source),
            jinja2.PackageLoader("munchkin_dsl.text", "templates")]),
        autoescape=False,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    env.bytecode_cache = code_cache(env)
    env.filters["cap"] = cap
    env.filters["title_words"] = title_words
    env.filters["en_plural"] = en_plural
    env.globals["P"] = PARAGRAPH
    env.globals["PART_PREDICATES"] = part_templates.predicates()
    env.globals["DURATION_FIELDS"] = part_templates.duration_fields()
    return env


@lru_cache(maxsize=16)
def template_module(lang: str, name: str) -> Any:
    """The macros of ``templates/<lang>/<name>.j2`` as attributes (cached per process)."""
    if lang not in TEXT_LANGUAGES:
        raise ValueError(f"no card text templates for language {lang!r}; "
                         f"expected one of {', '.join(TEXT_LANGUAGES)}")
    return environment().get_template(f"{lang}/{name}.j2").module


_SPACE_BEFORE = re.compile(r"\s+([,.:;!?)»”])")
_SPACE_AFTER = re.compile(r"([(«„])\s+")
_DOUBLE_STOP = re.compile(r"([.!?])\.")


def tidy(text: str) -> str:
    """One paragraph of template output as printed: single spaces, no space before stops."""
    text = " ".join(str(text).split())
    text = _SPACE_BEFORE.sub(r"\1", text)
    text = _SPACE_AFTER.sub(r"\1", text)
    return _DOUBLE_STOP.sub(r"\1", text)


def paragraphs(text: str) -> list[str]:
    """Template output split at paragraph marks, each tidied, empty ones dropped."""
    return [p for p in (tidy(part) for part in str(text).split(PARAGRAPH)) if p]


def ability_text(ability: Ability, words: Words) -> str:
    """One ability as a sentence ("Berserking: In combat, ...: +1 per card.")."""
    module = template_module(words.lang, "ability")
    return join_repeated_verb(tidy(module.ability(ability, words)), words.lang)


#: "and" per language, for :func:`join_repeated_verb`.
_AND = {"ru": "и", "pl": "i"}


def _is_verb(word: str, lang: str) -> bool:
    """A verb the two effects share: by the dictionary in Russian; in Polish (no
    dictionary installs here) the second person and infinitive endings the templates
    use («odrzucasz», «tracisz», «odrzuć»)."""
    if lang == "ru":
        return is_verb(word)
    return word.casefold().endswith(("sz", "ć"))
_REPEATED_VERB = re.compile(r"(?i)(?<![\w-])(\w+) ([^,.:;()]+), \1 ([^,.:;()]+)(?=[.;]|$)")


def join_repeated_verb(text: str, lang: str) -> str:
    """«сбрасываешь карту расы, сбрасываешь карту класса» -> «сбрасываешь карту расы и
    карту класса»: two effects in a row with the same verb read as one list, as the
    cards print them.  Only where the pair ends the sentence (a third item would need
    commas and the conjunction before the last)."""
    conj = _AND.get(lang)
    if conj is None:
        return text

    def repl(match: re.Match[str]) -> str:
        if not _is_verb(match.group(1), lang):  # «либо A, либо B», «игрок …, игрок …»
            return match.group(0)
        return f"{match.group(1)} {match.group(2)} {conj} {match.group(3)}"

    return _REPEATED_VERB.sub(repl, text)


def card_text(card: CardData, ruleset: Ruleset, lang: str) -> CardText:
    """Everything printed on ``card`` in ``lang`` apart from its title and tags.

    An author's ``text LANG "..."`` replaces the generated rules paragraph only: the
    Bad Stuff box, the kind line, corners and footer always come from the card's data,
    so a custom wording can never hide a rule.  A paragraph of the author's text led by
    the line's Bad Stuff word and a colon rewords the Bad Stuff box instead (``check``
    compares its numbers with the effects, W501); without one the box is generated.
    """
    words = Words(card, ruleset, lang)
    module = template_module(lang, "card")
    kind_line = tidy(module.kind_line(card, words))
    left = tidy(module.corner_left(card, words))
    right = tidy(module.corner_right(card, words))
    footer = tidy(module.footer(card, words))
    body_parts = paragraphs(module.notes(card, words))
    bad_parts: list[str] = []
    for ability in card.abilities:
        text = ability_text(ability, words)
        if not text:
            continue
        if ability.timing in BAD_STUFF_TIMINGS:
            bad_parts.append(_in_bad_stuff_box(text, ability))
        else:
            body_parts.append(text)
    # rules the engine does not play print like any other (their own words)
    body_parts += [rule.texts.get(lang) or rule.texts["en"] for rule in card.manual]
    body, bad = "\n".join(body_parts), " ".join(bad_parts)
    if lang == "pl":
        body, bad = quotes(body, lang), quotes(bad, lang)
    if lang in LOWER_AFTER_COLON:
        names = words.proper_names()
        body = "\n".join(lower_after_colon(p, names) for p in body.split("\n"))
        bad = lower_after_colon(": " + bad, names)[2:] if bad else bad
    if lang in card.texts:
        body, author_bad = _split_author_text(card.texts[lang], words)
        bad = author_bad or bad
    return CardText(kind_line, left, right, body, bad, footer)


#: Languages that write lower case after a colon («Непотребство: теряешь 2 уровня»).
LOWER_AFTER_COLON = frozenset({"ru", "pl"})
_AFTER_COLON = re.compile(r"(:\s+)(\w+)")


def _in_bad_stuff_box(text: str, ability: Ability) -> str:
    """A Bad Stuff ability as the box prints it, after the box's own "Bad Stuff:".

    Its lead ("Even if you escape: lose 1 level") would make a second colon after the
    caption ("Непотребство: Даже если смылся: …"), so the lead ends with a comma.
    """
    if ability.label:
        return text
    lead, sep, rest = text.partition(": ")
    return f"{lead}, {rest}" if sep and rest else text


def lower_after_colon(text: str, proper: frozenset[str]) -> str:
    """Lower-case the word after each colon unless it is a name (Котейка stays Котейка)."""
    def repl(match: re.Match[str]) -> str:
        word = match.group(2)
        if word in proper:
            return match.group(0)
        return match.group(1) + word[:1].lower() + word[1:]
    return _AFTER_COLON.sub(repl, text)


def _split_author_text(text: str, words: Words) -> tuple[str, str]:
    """(rules text, Bad Stuff) of an author's text: paragraphs led by "Bad Stuff:" move."""
    label = words.term("bad_stuff").casefold()
    body: list[str] = []
    bad: list[str] = []
    for para in text.split("\n"):
        stripped = para.strip()
        head, sep, rest = stripped.partition(":")
        if sep and head.strip().casefold() == label:
            bad.append(rest.strip())
        elif stripped:
            body.append(stripped)
    return "\n".join(body), " ".join(bad)


def card_title(card: CardData, lang: str) -> str:
    """The card's name in ``lang``, or its English name when it has none."""
    return card.names.get(lang) or card.names.get("en") or card.id


def card_tags(card: CardData, ruleset: Ruleset, lang: str) -> tuple[str, ...]:
    """The card's tags as printed: localised where the ruleset translates them."""
    words = Words(card, ruleset, lang)
    names = [words.name(tag) for tag in card.tags]
    if lang == "ru":  # «огненная» on Граната, «огненный» on Лазер: agree with the title
        head = head_noun(card_title(card, lang))
        if head is not None:
            names = [inflect(n, head) if is_adjective(n) else n for n in names]
    return tuple(names)


def ruleset_for(card: CardData, rulesets: Iterable[Ruleset]) -> Ruleset:
    """The ruleset whose words a card is printed with: the first one that has its kind."""
    rulesets = tuple(rulesets)
    if not rulesets:
        from munchkin_dsl.base.rulesets import load_ruleset

        return load_ruleset("munchkin-1.6")
    return next((rs for rs in rulesets if card.kind in rs.card_kinds), rulesets[0])


__all__ = [
    "BAD_STUFF_TIMINGS",
    "TEXT_LANGUAGES",
    "CardText",
    "Words",
    "ability_text",
    "card_tags",
    "card_text",
    "card_title",
    "environment",
    "plural",
    "ruleset_for",
    "template_module",
    "tidy",
]
