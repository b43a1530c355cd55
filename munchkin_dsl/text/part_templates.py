"""Card-text templates written from the declared parts (munchkin_dsl/language/parts).

Each part carries its text per language as a Jinja macro body; this module turns them
into template source the card-text environment loads beside the hand-written files:

* ``LANG/effects.j2`` is the file in ``templates/`` with one macro per effect part
  appended (named by the part's ``kind``, over ``e, a, t`` like every effect macro) and
  ``cost(c, t)``, the text of a cost before the ':' (from the cost parts);
* ``LANG/words.j2`` is the file with the event parts' words added to its TIMING table,
  the selectors' words, the amount macros and the count macros (``counted``, the `for
  each` phrase, and the count condition's noun: ``count_noun`` in English, ``count_gen``,
  the genitive, in Russian and Polish), one branch per count part;
* ``LANG/conditions.j2`` holds one macro per condition part (named by its predicate,
  over ``c, t, you``), one per duration part (named by its Ability field, over ``a, t``)
  and the card-filter words they share, in each language's forms.
"""

from __future__ import annotations

import json
import re
from importlib import resources

from munchkin_dsl.language import algebra, registry
from munchkin_dsl.language.count_part import BEYOND_TEXT, count_parts, per_parts
from munchkin_dsl.language.parts import until_events, waiting
from munchkin_dsl.language.parts.hand_picks import HAND_WORDS
from munchkin_dsl.language.parts.holdings import FILTER_WORDS


def _verbs(have: tuple[str, ...], hold: tuple[str, ...], carry: tuple[str, ...]) -> str:
    """Macros for a condition's verb: (you, third person, you negated, third negated)."""
    out = ""
    for name, forms in (("have", have), ("hold", hold), ("carry", carry)):
        out += (f"{{% macro {name}(c, you) %}}{{{{ {forms!r}[(0 if you else 1) + "
                f"(2 if c.negated else 0)] }}}}{{% endmacro %}}\n")
    return out


#: Per language: the verbs, a filter word in the form for a count, English's article form.
_VERBS = {
    "en": _verbs(("have", "has", "do not have", "does not have"),
                 ("have", "has", "do not have", "does not have"),
                 ("carry", "carries", "do not carry", "does not carry")),
    "ru": _verbs(("имеешь", "имеет", "не имеешь", "не имеет"),
                 ("держишь", "держит", "не держишь", "не держит"),
                 ("несёшь", "несёт", "не несёшь", "не несёт")),
    "pl": _verbs(("masz", "ma", "nie masz", "nie ma"), ("masz", "ma", "nie masz", "nie ma"),
                 ("nosisz", "nosi", "nie nosisz", "nie nosi")),
}
_FILTER_MACROS = {
    "en": ('{% macro fw(v, n, t) %}{% if v in FW %}{{ FW[v][0 if n == 1 else 1]|replace('
           '"%s", t.term(FT[v]) if v in FT else "%s") }}'
           '{% else %}{{ t.name(v) }}{% endif %}{% endmacro %}\n'
           '{% macro a_fw(v, t) %}{% set word = fw(v, 1, t)|string %}'
           '{{ "an" if word[:1]|lower in "aeiou" and word[:3]|lower != "one" else "a" }} '
           '{{ word }}{% endmacro %}\n'),
    "ru": ('{% macro fw(v, n, t) %}{% if v in FW %}{{ FW[v][0 if n == 1 else 1]|replace('
           '"%s", t.term(FT[v]) if v in FT else "%s") }}'
           '{% else %}{{ t.name(v) }}{% endif %}{% endmacro %}\n'),
    "pl": ('{% macro fw(v, n, t) %}{% if v in FW %}{{ t.forms(n, *FW[v])|replace('
           '"%s", t.term(FT[v]) if v in FT else "%s") }}'
           '{% else %}{{ t.name(v) }}{% endif %}{% endmacro %}\n'),
}


def source(name: str) -> str | None:
    """The generated source of template ``name`` (None: not one of the generated ones)."""
    lang, _, file = name.partition("/")
    if lang not in _FILTER_MACROS:
        return None
    if file == "effects.j2":
        base = resources.files("munchkin_dsl.text").joinpath(
            "templates", lang, "effects.j2").read_text(encoding="utf-8")
        return base + "\n" + _filters(lang) + "".join(
            f"{{% macro {p.kind}(e, a, t) -%}}\n{p.text[lang]}\n{{%- endmacro %}}\n\n"
            for p in algebra.effect_parts()) + _costs(lang)
    if file == "words.j2":  # the events' words join the timing table (TIMING)
        base = resources.files("munchkin_dsl.text").joinpath(
            "templates", lang, "words.j2").read_text(encoding="utf-8")
        events = {p.timing: p.text[lang] for p in algebra.event_parts()}
        events.update(_waiting(lang, base, events))
        events.update({f"until_{until_events.until_id(b)}": until_events.text(b, lang)
                       for b in until_events.EVENTS})  # `until victim kills a monster`
        return base + (f"\n{{% set _events = TIMING.update("
                       f"{json.dumps(events, ensure_ascii=False)}) %}}\n") + _selectors(
            lang, base) + _amounts(lang) + _counts(lang)
    if file == "conditions.j2":
        head = f'{{% import "{lang}/words.j2" as w %}}\n' + _VERBS[lang] + _filters(lang)
        return head + "".join(
            f"{{% macro {p.predicate}(c, t, you) -%}}\n{p.text[lang]}\n{{%- endmacro %}}\n\n"
            for p in algebra.condition_parts()) + "".join(
            f"{{% macro {p.ability_field}(a, t) -%}}\n{{% set n = a.{p.ability_field} %}}"
            f"{p.text[lang]}\n{{%- endmacro %}}\n\n" for p in _by_field().values())
    return None


def _costs(lang: str) -> str:
    """``cost(c, t)``: the text of a Cost record, by its kind: the cost part's
    ``cost_text`` (`discard 2 cards`), else the part's effect text with the record as the
    effect (`remove a counter from this card`)."""
    out = ""
    for p in algebra.cost_parts():
        kinds = list(p.cost_kinds.values()) or [p.kind]
        body = p.cost_text.get(lang) or f"{{{{ {p.kind}(c, none, t) }}}}"
        out += f"{{%- {'elif' if out else 'if'} c.kind in {kinds!r} %}}{body}\n"
    return (f"{{% macro cost(c, t) -%}}\n{out}{{%- else %}}{{{{ c.kind }}}}{{% endif %}}\n"
            "{%- endmacro %}\n")


def _selectors(lang: str, base: str) -> str:
    """The declared selectors' words in each case table the language's words.j2 has (WHO;
    TO and GEN where the language has cases); a selector that spells a word the file
    already has (`the player with the highest level`) keeps the file's."""
    out = ""
    for table in ("WHO", "TO", "GEN"):
        if f"{{% set {table} = " not in base:
            continue
        words = {p.target: p.cases.get(lang, {}).get(table, p.text[lang])
                 for p in algebra.selector_parts()}
        out += (f"{{% for k, v in {json.dumps(words, ensure_ascii=False)}.items() "
                f"if k not in {table} %}}{{% set _ = {table}.update({{k: v}}) %}}"
                "{% endfor %}\n")
    return out


def _amounts(lang: str) -> str:
    """Macros the numeric effects call around their number: ``amount_pre`` (`up to` 3),
    ``number`` (the number, or the words of a part that stands for it: `that many`) and
    ``amount_post`` (the count, `per` as for a modifier, then the caps), from the amount
    parts' words; ``n`` is the part's number."""
    pre = post = number = ""
    for p in algebra.amount_parts():
        if p.position == "number":  # `that many` in place of the number
            number += f'{{% if t.field(e, "{p.record_field}") %}}{p.prefix[lang]}{{% else %}}'
            continue
        test = (f't.field(e, "{p.record_field}")' if p.position == "pre"
                else f't.field(e, "{p.record_field}") is not none')
        body = f'{{% set n = t.field(e, "{p.record_field}") %}}'
        if p.prefix.get(lang):
            pre += f"{{% if {test} %}}{p.prefix[lang]}{{% endif %}}"
        if p.text[lang]:
            post += f"{{% if {test} %}}{body}{p.text[lang]}{{% endif %}}"
    ends = "{% endif %}" * number.count("{% else %}")
    return (f"{{% macro amount_pre(e, t) -%}}{pre}{{%- endmacro %}}\n"
            f"{{% macro number(e, t, n) -%}}{number}{{{{ n }}}}{ends}{{%- endmacro %}}\n"
            f"{{% macro amount_post(e, t) -%}}{{{{ per(e, t) }}}}{post}{{%- endmacro %}}\n")


#: What the count macros set before their branches (the words every count's text reads):
#: per language, the `for each` macro's and the noun macro's.
_COUNT_HEADS = {
    "en": ('{%- set n = e.for_every -%}\n',
           '{%- set tag = (nm(e.for_each_tag, t) ~ " ") if e.for_each_tag else "" -%}\n'),
    "ru": ('{%- set n = e.for_every -%}\n'
           '{%- set tag = (" «" ~ nm(e.for_each_tag, t) ~ "»") if e.for_each_tag else "" -%}\n'
           '{%- set whose = "у тебя" if e.for_each_whose == "you" else "у бойца" -%}\n',
           '{%- set whose = "у тебя" if e.for_each_whose == "you" else "у бойца" -%}\n'
           '{%- set tag = (" «" ~ nm(e.for_each_tag, t) ~ "»") if e.for_each_tag else "" -%}\n'),
    "pl": ('{%- set n = e.for_every -%}\n'
           # the noun with the counted tag agreeing («ognisty przedmiot»), or quoted after it
           '{%- macro agree(noun, grams) %}{{ t.tag_phrase(e.for_each_tag, noun, grams) '
           'if e.for_each_tag else noun }}{% endmacro -%}\n'
           '{%- set you = e.for_each_whose == "you" -%}\n',
           '{%- set you = e.for_each_whose == "you" -%}\n'
           '{%- set tag = (" «" ~ nm(e.for_each_tag, t) ~ "»") if e.for_each_tag else "" -%}\n'),
}
#: The noun macro per language: its name and arguments (English agrees it with a number).
_NOUN_MACRO = {"en": "count_noun(e, t, n)", "ru": "count_gen(e, t)", "pl": "count_gen(e, t)"}


def _counts(lang: str) -> str:
    """``counted(e, t)``, the `for each` phrase (`for every 2 cards in your hand`), and the
    count condition's noun (`monsters in this combat`), one branch per count part by the
    record's ``for_each``."""
    def branches(texts: dict[str, str]) -> str:
        out = ""
        for p in count_parts():
            out += f'{{%- {"elif" if out else "if"} e.for_each == "{p.count}" %}}{texts[p.count]}\n'
        return out + "{% endif -%}\n"

    each, noun = _COUNT_HEADS[lang]
    per = "".join(f'{{%- {"elif" if i else "if"} e.per == "{word}" %}}{p.per_text[lang]}\n'
                  for i, (word, p) in enumerate(per_parts().items()))
    return (f"{{% macro counted(e, t) -%}}\n{each}"
            + branches({p.count: p.text[lang] for p in count_parts()})
            + "{%- if e.for_each_beyond %}" + BEYOND_TEXT[lang] + "{% endif -%}\n"
            + f"{{%- endmacro %}}\n{{% macro {_NOUN_MACRO[lang]} -%}}\n{noun}"
            + branches({p.count: p.noun[lang] for p in count_parts()}) + "{%- endmacro %}\n"
            # `per card`, `per open seal`: the `per` phrase of the counts written so
            + "{% macro per_counted(e, t) -%}\n" + per + "{% endif -%}\n{%- endmacro %}\n")


def _filters(lang: str) -> str:
    """The card-filter words (FILTER_WORDS) and the macros that print them."""
    words = {k: v[lang] for k, v in {**HAND_WORDS, **FILTER_WORDS}.items()}
    terms = {k: v["term"][0] for k, v in FILTER_WORDS.items() if "term" in v}
    return (f"{{% set FW = {json.dumps(words, ensure_ascii=False)} %}}\n"
            f"{{% set FT = {json.dumps(terms)} %}}\n"
            + _FILTER_MACROS[lang])


def _by_field() -> dict[str, type[algebra.DurationPart]]:
    """One duration or control part per Ability field (`twice` and `3 times` share
    `repeat`, and print with the same words)."""
    return {p.ability_field: p for p in algebra.duration_parts()}


def duration_fields() -> tuple[str, ...]:
    """The Ability fields the duration and control parts set, whose text conditions.j2
    writes."""
    return tuple(_by_field())


def predicates() -> frozenset[str]:
    """The predicates whose text conditions.j2 writes."""
    return frozenset(p.predicate for p in algebra.condition_parts())


def _waiting(lang: str, base: str, events: dict[str, str]) -> dict[str, str]:
    """The waiting forms' words (`the next time a Seal opens`), each from its base event's
    words: an event part's text, or the TIMING table of the language's words.j2."""
    table = {**dict(re.findall(r'"(\w+)": "([^"]*)"', base.split("{% set FREQUENCY")[0])),
             **events}
    out = {}
    for tid in registry.timings():
        if (parts := waiting.split(tid)) is not None:
            form, of = parts
            out[tid] = waiting.text_of(form, of, table.get(of, ""), lang)
    return out
