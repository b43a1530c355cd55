"""Grammar rules -> AST, part 1: the tables, the shared helpers, files, cards, stats and
the parts of an effect line before its effects (timings, conditions).

The parser (:mod:`.inline_parse`) calls a rule's method as it reduces the rule, with the
rule's span and its children as Lark's tree would hold them; every rule becomes an AST
node, a Clause, or a plain value for its parent.  :class:`LineBuilder` holds the helpers
every rule method uses (spans, names, clauses) and the rules up to a line's conditions;
:class:`~.ast_builder.AstBuilder` adds the effects.  A rule that is a declared part
(:mod:`munchkin_dsl.language.algebra`) is built by its class, from its children by their
types.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from lark import Token

from munchkin_dsl import data
from munchkin_dsl.base.diagnostics import Span
from munchkin_dsl.language import algebra
from munchkin_dsl.language.nodes import (
    CLAUSE_TYPES,
    Card,
    Clause,
    Condition,
    EffectLine,
    Header,
    Include,
    Ref,
    Stat,
    Target,
    Timing,
)
from munchkin_dsl.language.parts import in_flight
from munchkin_dsl.language.parts.monsters import NoBadStuff
from munchkin_dsl.language.registry import timing_for_phrase, timings

#: Kind keywords as written -> kind ids used everywhere else (from data/kinds.toml).
KIND_IDS: dict[str, str] = {entry["phrase"]: kind for kind, entry in data.kinds().items()}


class ParseContext:
    """Where the text being parsed comes from; the rule methods read it for spans."""

    file: str = "<input>"
    line_offset: int = 0


def unquote(token: str) -> str:
    body = token[1:-1]
    if "\\" not in body:
        return body
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


_FREQUENCIES = {
    "f_once_per_combat": "once_per_combat", "f_once_per_turn": "once_per_turn",
    "f_once_per_game": "once_per_game",
    "f_once_per_victim_per_combat": "once_per_victim_per_combat",
}
_TARGETS = {
    "tg_fighter": "fighter", "tg_helper": "helper", "tg_victim": "victim",
    "tg_monster": "monster", "tg_you": "you", "tg_any_player": "any_player",
    "tg_another_player": "another_player", "tg_each_player": "each_player",
    "tg_every_other_player": "every_other_player", "tg_each": "each",
    "tg_highest_level": "highest_level", "tg_lowest_level": "lowest_level",
    "tg_others_by_level": "others_by_level",
    "tg_attached_item": "attached_item", "tg_either_side": "either_side",
    "tg_player_side": "player_side", "tg_left_player": "left_player",
    "tg_right_player": "right_player",
}
_SUBJECTS = {
    "s_fighter": "fighter", "s_helper": "helper", "s_any_fighter": "any_fighter",
    "s_monster": "monster", "s_victim": "victim", "s_you": "you", "s_target": "target",
    "s_this": "this", "s_attached_item": "attached_item", "s_drawn": "drawn",
    "s_played": "played", "s_discarded": "discarded", "s_loss": "loss", "s_sale": "sale",
    "s_gain": "gain",
    "s_spoils": "spoils",
    "s_any_player": "any_player", "s_another_player": "another_player",
    "s_each_player": "each_player", "s_every_other_player": "every_other_player",
    "s_no_player": "no_player", "s_no_other_player": "no_other_player",
}
#: `if no player has ...` is `if any player has ...` negated: the subject it is read as
#: (the engine's `not any`; the card text prints it back as `no player`)
NONE_OF = {"no_player": "any_player", "no_other_player": "another_player"}
#: What the table readers below return for a rule no table holds (None is a value).
_UNHANDLED = object()

_SIMPLE = {  # rule name -> (stat kind, constant args)
    "no_value": ("no_value", ()), "slot_headgear": ("slot", ("headgear",)),
    "slot_armor": ("slot", ("armor",)), "slot_footgear": ("slot", ("footgear",)),
    "slot_one_hand": ("slot", ("one_hand",)), "slot_two_hands": ("slot", ("two_hands",)),
    "big": ("big", ()), "aggregate": ("aggregate", ()), "persistent": ("persistent", ()),
    "kept_after_death": ("kept_after_death", ()), "comes_apart": ("comes_apart", ()),
    "accepts_enhancers": ("accepts_enhancers", ()), "attaches": ("attaches", ()),
    "receives_outside_combat": ("receives_outside_combat", ()),
}


def join_branches(effects: list[Clause]) -> list[Clause]:
    """Give an effect written after a branch's first effect, before the next `on N`, that
    branch's faces: `roll a die: on 1 +2 to you, lose 1 level, on 2 to 6 ...` reads as card
    text does, face 1 doing both.  Left alone it would act on every face, which nobody
    wrote.  An `otherwise` stays outside (the checker refuses it on a branch line)."""
    out: list[Clause] = []
    faces: tuple[int, int] | None = None
    for clause in effects:
        if clause.on_roll is not None:
            faces = clause.on_roll
        elif faces is not None and not clause.otherwise:
            clause = replace(clause, on_roll=faces, joins_branch=True)
        out.append(clause)
    return out


def join_choices(effects: list[Clause]) -> list[Clause]:
    """In a line of alternatives (`A and B, or C`), give an alternative's leading timing
    to its first effect as the window it is offered in: `choose one: close the top seal,
    or in combat, you escape every monster, or outside combat, draw 2 treasures` (the
    fifth held-out set's Panic Button) offers each only where it can act.  A timing there
    is a window of the play (engine/play_windows.py), so only the timings a `play` line
    may name lead an alternative; any other stays where it is and the checker says why."""
    if not any(c.either for c in effects):
        return effects
    windows = timings()
    out: list[Clause] = []
    guard: Timing | None = None
    for i, clause in enumerate(effects):
        spec = windows.get(clause.timing) if isinstance(clause, Timing) else None
        if (guard is None and (i == 0 or clause.either) and isinstance(clause, Timing)
                and spec is not None and spec.window not in (None, "any")):
            guard = clause  # an alternative's leading window: its first effect gets it
            continue
        if guard is not None:
            clause = replace(clause, offered=guard.timing, either=guard.either or clause.either)
            guard = None
        out.append(clause)
    if guard is not None:
        out.append(guard)
    return out


class LineBuilder:
    """Each grammar rule becomes an AST node, a Clause, or a plain value for its parent:
    the method named for the rule is called with the rule's span (``meta``, see
    :class:`~.inline_parse.Meta`) and its children as the parser reduces it."""

    def __init__(self, context: ParseContext) -> None:
        self.ctx = context
        self._lines: dict[int, int] = {}

    def callbacks(self) -> dict[str, Callable[[Any, list[Any]], Any]]:
        """Rule name -> its method (bound once: the parser calls them per rule)."""
        return {name: getattr(self, name) for name in dir(type(self))
                if not name.startswith("_") and name not in ("callbacks", "default")
                and callable(getattr(type(self), name))}

    def default(self, name: str) -> Callable[[Any, list[Any]], Any]:
        """The callback of a rule with no method of its own (see :meth:`_build_other`)."""
        return partial(self._build_other, name)

    # -- helpers ------------------------------------------------------------
    def _line(self, number: int) -> int:
        """One int object per line number: a line above 256 is a new int each time it is
        computed, and a big pack's spans held two of them each (about an eighth of the
        memory `compile` needs)."""
        return self._lines.setdefault(number, number)

    def _span(self, meta: Any) -> Span:
        """A rule's span: ``meta`` is its first and last token, or None when it matched
        no text (see :mod:`.inline_parse`)."""
        if meta is None:
            return Span.point(self.ctx.file, self.ctx.line_offset + 1, 1)
        first, last = meta
        off = self.ctx.line_offset
        lines = self._lines  # one int per line number, as in _line (inlined: a hot path)
        line, end = first.line + off, last.end_line + off
        return Span(self.ctx.file, lines.setdefault(line, line), first.column,
                    lines.setdefault(end, end), last.end_column)

    def _tok_span(self, tok: Token) -> Span:
        off = self.ctx.line_offset
        line, col = tok.line or 1, tok.column or 1  # lark types them Optional
        return Span(self.ctx.file, self._line(line + off), col,
                    self._line((tok.end_line or line) + off), tok.end_column or col + len(tok))

    def _ref(self, tok: Token) -> Ref:
        # A pack names the same few races, tags and languages thousands of times: one
        # string each (`name ru ...` alone held a copy of "ru" per card).
        text = sys.intern(unquote(tok) if tok.type == "STRING" else str(tok))
        return Ref(text, self._tok_span(tok))

    def _stat(self, kind: str, meta: Any, *args: Any) -> Stat:
        return Stat(kind, tuple(args), self._span(meta))

    def _clause(self, kind: str, meta: Any, **fields: Any) -> Clause:
        return CLAUSE_TYPES[kind](self._span(meta), **fields)

    def _build_other(self, name: str, meta: Any, children: list[Any]) -> Any:
        """Every rule with no method of its own: a table's node, a plain value, or a
        declared part, tried in that order."""
        built = self._node_from_table(name, children, meta)
        if built is _UNHANDLED:
            built = self._plain_value(name, children, meta)
        if built is not _UNHANDLED:
            return built
        values = [int(c) if isinstance(c, Token) and c.type in ("INT", "SIGNED")
                  else self._ref(c) if isinstance(c, Token) else c for c in children
                  if not (isinstance(c, Token) and c.type == "LIST_COMMA")]  # `A, B` names
        if name in algebra.marker_rules():  # a part's helper rule: its name, for a field
            marker = algebra.Marker(name)
            marker.children = tuple(values)
            return marker
        part = algebra.by_rule().get(name)
        if part is not None:  # a declared part: built from its children by their types
            built = part.build(self._span(meta), values)
            if meta is not None and built.who is None and not meta[0].value.endswith("s"):
                return replace(built, base_verb=True)  # `lose`, not `loses` (nodes.Clause)
            return built
        raise NotImplementedError(name)  # every rule is handled; a grammar edit must add one

    def _node_from_table(self, name: str, children: list[Any], meta: Any) -> Any:
        """A timing or frequency clause, a target or a fixed stat, read from its table."""
        timing = timing_for_phrase().get(name)
        if timing is not None:  # an INT child: `when this has 3 counters`
            count = next((int(c) for c in children if isinstance(c, Token)), None)
            kind = next((c for c in children if type(c) is str), None)  # `targeted by a curse`
            who = next((c for c in children if isinstance(c, Target)), None)  # `until victim`
            return self._clause("timing", meta, timing=timing, count=count, curse_kind=kind,
                                target=who)
        if name in _FREQUENCIES:
            return self._clause("frequency", meta, frequency=_FREQUENCIES[name])
        target = _TARGETS.get(name) or algebra.selector_targets().get(name)
        if target is not None:  # a hand-written selector or a declared one (parts/selectors)
            qualifier = self._ref(children[0]) if children else None
            return Target(target, self._span(meta), qualifier)
        if name in _SIMPLE:
            kind, args = _SIMPLE[name]
            return self._stat(kind, meta, *args)
        return _UNHANDLED

    def _plain_value(self, name: str, children: list[Any], meta: Any) -> Any:
        """A value its parent rule reads: a subject, a kind id, a word, a passed-on child."""
        if name in _SUBJECTS:
            return _SUBJECTS[name]
        if name in KIND_IDS:
            return (KIND_IDS[name], self._span(meta))
        if name.startswith(("w_", "ck_", "c_")):
            return name.split("_", 1)[1]
        if name == "timing":  # an event part's rule under `timing`: its Timing clause
            return children[0]
        return _UNHANDLED

    # -- file structure -----------------------------------------------------
    def start(self, _meta: Any, children: list[Any]) -> list[Any]:
        return children

    def pack(self, meta: Any, children: list[Any]) -> Header:
        ident, *fields = children
        return Header(str(ident), self._tok_span(ident), tuple(fields), self._span(meta))

    def title(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("title", meta, unquote(c[0]))

    def title_lang(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("title_lang", meta, self._ref(c[0]), unquote(c[1]))

    def version(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("version", meta, unquote(c[0]))

    def author(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("author", meta, unquote(c[0]))

    def ruleset(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("ruleset", meta, *(self._ref(t) for t in c))

    def languages(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("languages", meta, *(self._ref(t) for t in c))

    def include(self, meta: Any, c: list[Any]) -> Include:
        return Include(unquote(c[0]), self._span(meta))

    def card(self, meta: Any, children: list[Any]) -> Card:
        (kind, _kspan), ident, name, *body = children
        stats = tuple(b for b in body if isinstance(b, Stat))
        lines = tuple(b for b in body if isinstance(b, EffectLine))
        return Card(kind, str(ident), self._tok_span(ident), unquote(name),
                    self._tok_span(name), stats, lines, self._span(meta))

    # -- stats --------------------------------------------------------------
    def name(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("name", meta, self._ref(c[0]), unquote(c[1]))

    def text(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("text", meta, self._ref(c[0]), unquote(c[1]))

    def manual(self, meta: Any, c: list[Any]) -> Stat:
        """`manual "rule"` (English) or `manual LANG "rule"` (its translation)."""
        lang = self._ref(c[0]) if len(c) == 2 else None
        return self._stat("manual", meta, lang, unquote(c[-1]))

    def art(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("art", meta, unquote(c[0]))

    def level(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("level", meta, int(c[0]))

    def treasures(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("treasures", meta, int(c[0]))

    def gives_levels(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("gives_levels", meta, int(c[0]))

    def tags(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("tags", meta, *(self._ref(t) for t in c))

    def bonus(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("bonus", meta, int(c[0]))

    def value(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("value", meta, int(c[0]))

    def usable_by(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("usable_by", meta, *(self._ref(t) for t in c))

    def not_usable_by(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("not_usable_by", meta, *(self._ref(t) for t in c))

    def counts_as(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("counts_as", meta, *(self._ref(t) for t in c))

    def requires(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("requires", meta, str(c[0]))

    def chains_with(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("chains_with", meta, self._ref(c[0]))

    def play_when(self, meta: Any, c: list[Any]) -> Stat:
        return self._stat("play_when", meta, c[0])

    def overrides(self, meta: Any, c: list[Any]) -> Stat:
        rule = self._ref(c[0])
        reason = unquote(c[1]) if len(c) > 1 else None
        return self._stat("overrides", meta, rule, reason)

    # -- effect lines -------------------------------------------------------
    def effect_line(self, meta: Any, children: list[Any]) -> EffectLine:
        label, labels = None, ()
        if children and isinstance(children[0], tuple):
            label, labels = children[0]
            children = children[2:]  # the label and its ':'
        has_colon = any(isinstance(c, Token) and c.type == "COLON" for c in children)
        parts = [c for c in children if not isinstance(c, Token)]
        if len(parts) > 1 and isinstance(parts[1], Clause):  # `COST: roll a die: ...`
            parts = [[*parts[0], parts[1]], *parts[2:]]
        if has_colon:
            when, effects = parts[0], (parts[1] if len(parts) > 1 else [])
        else:
            when, effects = [], parts[0]
        effects = join_choices(join_branches(effects))
        return EffectLine(label, tuple(when), tuple(effects), self._span(meta), has_colon,
                          labels)

    def label(self, _meta: Any, c: list[Any]) -> tuple[str, tuple[tuple[Ref, str], ...]]:
        """The ability's name, then its translations: `"Berserking", ru "Буйство":`."""
        translations = tuple((self._ref(c[i]), unquote(c[i + 1])) for i in range(1, len(c), 2))
        return unquote(c[0]), translations

    def clauses(self, _meta: Any, children: list[Any]) -> list[Any]:
        return children

    def may(self, meta: Any, c: list[Any]) -> Clause:
        clause: Clause = c[0]
        return replace(clause, span=self._span(meta), optional=True)

    def otherwise(self, meta: Any, c: list[Any]) -> Clause:
        clause: Clause = c[0]
        return replace(clause, span=self._span(meta), otherwise=True)

    def after_this_combat(self, meta: Any, c: list[Any]) -> Clause:
        """`after this combat lose 1 level`: the effect waits for the combat's end."""
        clause: Clause = c[-1]
        return replace(clause, span=self._span(meta), later="combat_end")

    def either(self, meta: Any, c: list[Any]) -> Clause:
        clause: Clause = c[0]
        return replace(clause, span=self._span(meta), either=True)

    def on_roll(self, meta: Any, c: list[Any]) -> Clause:
        """`on 1 to 2 EFFECT`: the effect applies on those faces of `roll a die` (`on 3 to 5
        nothing`: `nothing` is read as no effect there, not as a monster's no Bad Stuff)."""
        faces = [int(x) for x in c if isinstance(x, Token)]
        clause: Clause = c[-1]
        if isinstance(clause, NoBadStuff):
            return self.on_roll_nothing(meta, faces)
        return replace(clause, span=self._span(meta), on_roll=(faces[0], faces[-1]))

    def on_roll_nothing(self, meta: Any, c: list[Any] | list[int]) -> Clause:
        """`on 3 to 5 nothing`: faces on which the line does nothing, said so the checker
        sees every face covered (a Roll node marked with its faces; it lowers to nothing)."""
        faces = [int(x) for x in c]
        return self._clause("roll", meta, at_least=0, on_roll=(faces[0], faces[-1]))

    def t_when_targeted(self, meta: Any, c: list[Any]) -> Clause:
        return self._clause("timing", meta, timing="when_targeted", curse_kind=c[0])

    def t_until_next_combats(self, meta: Any, c: list[Any]) -> Clause:
        """`for your next 3 combats`: the count is the duration's (``count``); one combat is
        `until end of next combat`."""
        n = int(c[-1])
        if n == 1:
            return self._clause("timing", meta, timing="until_end_of_next_combat")
        return self._clause("timing", meta, timing="until_next_combats", count=n)

    def t_until_next_turns(self, meta: Any, c: list[Any]) -> Clause:
        """`for your next 3 turns`, `during your next turn` (one): the count is the
        duration's (``count``).  Unlike `until the end of your next turn`, it does not bind
        in the turn it comes in (engine/durations.dormant)."""
        n = int(c[-1]) if c and str(c[-1]).isdigit() else 1
        return self._clause("timing", meta, timing="until_next_turns", count=n)

    def t_until_loses(self, meta: Any, c: list[Any]) -> Clause:
        return self._clause("timing", meta, timing="until_loses", target=c[0], slot=c[1])

    def roll(self, meta: Any, c: list[Any]) -> Clause:
        return self._clause("roll", meta, at_least=int(c[0]) if c else 0)  # 0: `roll a die`

    def card_title(self, _meta: Any, c: list[Any]) -> Ref:
        """A card's title in quotes as a card filter: its Ref keeps the quotes, the mark of a
        title (holdings.filter_name, engine algebra_conditions.matches)."""
        span = self._tok_span(c[0])
        if len(c) > 1:
            end = self._tok_span(c[-1])
            span = Span(span.file, span.line, span.column, end.end_line, end.end_column)
        return Ref(" or ".join(f'"{unquote(t)}"' for t in c), span)

    def big_items(self, meta: Any, _c: list[Any]) -> Ref:
        """`Big items` as a card filter: the `big` stat's word (holdings.FILTER_WORDS)."""
        return Ref("big", self._span(meta))

    def small_items(self, meta: Any, _c: list[Any]) -> Ref:
        """`small items` as a card filter: the items without the `big` stat."""
        return Ref("small", self._span(meta))

    def condition(self, meta: Any, c: list[Any]) -> Clause:
        subject = c[0]
        # `if you did not kill a monster this turn`: the part says it (parts/turn_facts.py)
        negated = len(c) == 3 or bool(getattr(c[-1], "did_not", False))
        double = subject in NONE_OF and negated  # `no one does not have ...`
        if subject in NONE_OF:  # `if no player has a curse in play`: not any player
            subject, negated = NONE_OF[subject], not negated
        if isinstance(c[-1], algebra.ConditionPart):  # `if you have a Sidekick in play`
            part = c[-1]
            return self._clause("condition", meta, subject=subject, negated=negated,
                                predicate=part.predicate, value=part.what, detail=part,
                                double_negative=double)
        predicate, value, *quoted = c[-1]
        if quoted and quoted[0] and subject in in_flight.SUBJECTS:  # a card's title in quotes:
            value = Ref(f'"{value.name}"', value.span)  # `if the card just drawn is "Moo"`
        return self._clause("condition", meta, subject=subject, negated=negated,
                            predicate=predicate, value=value, double_negative=double)

    def c_count(self, meta: Any, c: list[Any]) -> Clause:
        """`if there are at least 2 monsters in this combat`: a count of the table (any
        `for each` count) compared with a number; its subject is the table."""
        (predicate, number), counted = c[0], c[-1]
        return self._clause("condition", meta, subject="table", predicate=predicate,
                            value=number, counted=counted)

    def ct_at_least(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("count_at_least", int(c[0]))

    def ct_at_most(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("count_at_most", int(c[0]))

    def ct_none(self, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        return ("count_at_most", 0)

    def p_in_combat(self, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        return ("in_combat", None)

    def t_while_condition(self, meta: Any, c: list[Any]) -> Clause:
        """`while you are level 5 or higher`: a condition that also says how long the line
        lasts (lowered as the line's `until`)."""
        found = self.condition(meta, c)
        assert isinstance(found, Condition)
        lasting: Clause = replace(found, lasting=True)
        return lasting

    def p_is(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        """`is NAME`; whether it was quoted (a card in flight is then tested for its title)."""
        return ("is", self._ref(c[0]), c[0].type == "STRING")

    def p_is_category(self, meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        """`is a Go Up a Level card`: a card category across titles (its filter word)."""
        return ("is", Ref("go_up_a_level", self._span(meta)), False)

    def p_is_monster_enhancer(self, meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        """`is a monster enhancer`: the kind as a card header writes it, two words."""
        return ("is", Ref("monster-enhancer", self._span(meta)), False)

    def p_is_monster(self, meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        """`is a monster` (the word is a keyword of the state `is a monster enhancer` shares)."""
        return ("is", Ref("monster", self._span(meta)), False)

    def p_level_at_most(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("level_at_most", int(c[0]))

    def p_level_at_least(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("level_at_least", int(c[0]))

    def p_alone(self, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        return ("alone", None)

    def p_only_in_play(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("only_in_play", self._ref(c[0]))

    def p_helper(self, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        return ("helper", None)

    def p_winning_fight(self, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        return ("winning_fight", None)

    def p_using(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("using", self._ref(c[0]))

    def p_lowest_level(self, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        return ("lowest_level", None)

    def p_highest_level(self, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        return ("highest_level", None)

