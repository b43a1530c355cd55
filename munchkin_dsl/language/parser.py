"""Stage 1 of the pipeline: source text -> AST (:mod:`munchkin_dsl.language.nodes`).

This module is the only one that touches Lark.  It owns three jobs:

* building the LALR parser once (memoised; the grammar is shipped as package data);
* turning Lark's parse tree into frozen AST nodes with spans (a Transformer; Lark's
  inline LALR callbacks cannot see positions, which every node needs);
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

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from munchkin_dsl import data
from munchkin_dsl.base.diagnostics import DiagnosticSink, Span
from munchkin_dsl.language.nodes import (
    CLAUSE_TYPES,
    Card,
    Clause,
    Counted,
    EffectLine,
    Header,
    Include,
    Ref,
    SourceUnit,
    Stat,
    Target,
)
from munchkin_dsl.language.registry import effect_first_words, nearest_effects, timing_for_phrase
from munchkin_dsl.language.registry import effects as effect_registry
from munchkin_dsl.language.text_limits import check_limits

#: Kind keywords as written -> kind ids used everywhere else (from data/kinds.toml).
KIND_IDS: dict[str, str] = {entry["phrase"]: kind for kind, entry in data.kinds().items()}

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
    return text.replace(REGISTRY_PHRASES, "\n       | ".join(phrases))


class _Context:
    """Where the text being parsed comes from; the inline transformer reads it for spans."""

    file: str = "<input>"
    line_offset: int = 0


def _unquote(token: str) -> str:
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
}
_SIMPLE = {  # rule name -> (stat kind, constant args)
    "no_value": ("no_value", ()), "slot_headgear": ("slot", ("headgear",)),
    "slot_armor": ("slot", ("armor",)), "slot_footgear": ("slot", ("footgear",)),
    "slot_one_hand": ("slot", ("one_hand",)), "slot_two_hands": ("slot", ("two_hands",)),
    "big": ("big", ()), "aggregate": ("aggregate", ()), "persistent": ("persistent", ()),
    "kept_after_death": ("kept_after_death", ()), "comes_apart": ("comes_apart", ()),
    "accepts_enhancers": ("accepts_enhancers", ()), "attaches": ("attaches", ()),
    "receives_outside_combat": ("receives_outside_combat", ()),
}


@v_args(meta=True)
class _AstBuilder(Transformer):
    """Each grammar rule becomes an AST node, a Clause, or a plain value for its parent."""

    def __init__(self, context: _Context) -> None:
        super().__init__()
        self.ctx = context
        self._lines: dict[int, int] = {}
        # Lark looks a callback up for every tree node, and each lookup of a v_args method
        # builds a new bound wrapper (functools.update_wrapper included): bind each once.
        for name in dir(type(self)):
            if not name.startswith("_"):
                attr = getattr(self, name)
                if hasattr(attr, "visit_wrapper"):
                    setattr(self, name, attr)

    # -- helpers ------------------------------------------------------------
    def _line(self, number: int) -> int:
        """One int object per line number: a line above 256 is a new int each time it is
        computed, and a big pack's spans held two of them each (about an eighth of the
        memory `compile` needs)."""
        return self._lines.setdefault(number, number)

    def _span(self, meta: Any) -> Span:
        if getattr(meta, "empty", True):
            return Span.point(self.ctx.file, self.ctx.line_offset + 1, 1)
        off = self.ctx.line_offset
        return Span(self.ctx.file, self._line(meta.line + off), meta.column,
                    self._line(meta.end_line + off), meta.end_column)

    def _tok_span(self, tok: Token) -> Span:
        off = self.ctx.line_offset
        line, col = tok.line or 1, tok.column or 1  # lark types them Optional
        return Span(self.ctx.file, self._line(line + off), col,
                    self._line((tok.end_line or line) + off), tok.end_column or col + len(tok))

    def _ref(self, tok: Token) -> Ref:
        text = _unquote(tok) if tok.type == "STRING" else str(tok)
        return Ref(text, self._tok_span(tok))

    def _stat(self, kind: str, meta: Any, *args: Any) -> Stat:
        return Stat(kind, tuple(args), self._span(meta))

    def _clause(self, kind: str, meta: Any, **fields: Any) -> Clause:
        return CLAUSE_TYPES[kind](self._span(meta), **fields)

    def __default__(self, data: Any, children: list, meta: Any) -> Any:
        name = str(data)
        timing = timing_for_phrase().get(name)
        if timing is not None:
            return self._clause("timing", meta, timing=timing)
        if name in _FREQUENCIES:
            return self._clause("frequency", meta, frequency=_FREQUENCIES[name])
        if name in _TARGETS:
            qualifier = self._ref(children[0]) if children else None
            return Target(_TARGETS[name], self._span(meta), qualifier)
        if name in _SUBJECTS:
            return _SUBJECTS[name]
        if name in _SIMPLE:
            kind, args = _SIMPLE[name]
            return self._stat(kind, meta, *args)
        if name in KIND_IDS:
            return (KIND_IDS[name], self._span(meta))
        if name.startswith(("w_", "ck_", "l_", "i_", "c_")):
            return name.split("_", 1)[1]
        if name == "limit_name":
            return str(children[0])
        raise NotImplementedError(name)  # every rule is handled; a grammar edit must add one

    # -- file structure -----------------------------------------------------
    def start(self, meta: Any, children: list) -> list:
        return children

    def pack(self, meta: Any, children: list) -> Header:
        ident, *fields = children
        return Header(str(ident), self._tok_span(ident), tuple(fields), self._span(meta))

    def title(self, meta: Any, c: list) -> Stat:
        return self._stat("title", meta, _unquote(c[0]))

    def title_lang(self, meta: Any, c: list) -> Stat:
        return self._stat("title_lang", meta, self._ref(c[0]), _unquote(c[1]))

    def version(self, meta: Any, c: list) -> Stat:
        return self._stat("version", meta, _unquote(c[0]))

    def author(self, meta: Any, c: list) -> Stat:
        return self._stat("author", meta, _unquote(c[0]))

    def ruleset(self, meta: Any, c: list) -> Stat:
        return self._stat("ruleset", meta, *(self._ref(t) for t in c))

    def languages(self, meta: Any, c: list) -> Stat:
        return self._stat("languages", meta, *(self._ref(t) for t in c))

    def include(self, meta: Any, c: list) -> Include:
        return Include(_unquote(c[0]), self._span(meta))

    def card(self, meta: Any, children: list) -> Card:
        (kind, _kspan), ident, name, *body = children
        stats = tuple(b for b in body if isinstance(b, Stat))
        lines = tuple(b for b in body if isinstance(b, EffectLine))
        return Card(kind, str(ident), self._tok_span(ident), _unquote(name),
                    self._tok_span(name), stats, lines, self._span(meta))

    # -- stats --------------------------------------------------------------
    def name(self, meta: Any, c: list) -> Stat:
        return self._stat("name", meta, self._ref(c[0]), _unquote(c[1]))

    def text(self, meta: Any, c: list) -> Stat:
        return self._stat("text", meta, self._ref(c[0]), _unquote(c[1]))

    def manual(self, meta: Any, c: list) -> Stat:
        """`manual "rule"` (English) or `manual LANG "rule"` (its translation)."""
        lang = self._ref(c[0]) if len(c) == 2 else None
        return self._stat("manual", meta, lang, _unquote(c[-1]))

    def art(self, meta: Any, c: list) -> Stat:
        return self._stat("art", meta, _unquote(c[0]))

    def level(self, meta: Any, c: list) -> Stat:
        return self._stat("level", meta, int(c[0]))

    def treasures(self, meta: Any, c: list) -> Stat:
        return self._stat("treasures", meta, int(c[0]))

    def gives_levels(self, meta: Any, c: list) -> Stat:
        return self._stat("gives_levels", meta, int(c[0]))

    def tags(self, meta: Any, c: list) -> Stat:
        return self._stat("tags", meta, *(self._ref(t) for t in c))

    def bonus(self, meta: Any, c: list) -> Stat:
        return self._stat("bonus", meta, int(c[0]))

    def value(self, meta: Any, c: list) -> Stat:
        return self._stat("value", meta, int(c[0]))

    def usable_by(self, meta: Any, c: list) -> Stat:
        return self._stat("usable_by", meta, *(self._ref(t) for t in c))

    def not_usable_by(self, meta: Any, c: list) -> Stat:
        return self._stat("not_usable_by", meta, *(self._ref(t) for t in c))

    def requires(self, meta: Any, c: list) -> Stat:
        return self._stat("requires", meta, str(c[0]))

    def chains_with(self, meta: Any, c: list) -> Stat:
        return self._stat("chains_with", meta, self._ref(c[0]))

    def play_when(self, meta: Any, c: list) -> Stat:
        return self._stat("play_when", meta, c[0])

    def overrides(self, meta: Any, c: list) -> Stat:
        rule = self._ref(c[0])
        reason = _unquote(c[1]) if len(c) > 1 else None
        return self._stat("overrides", meta, rule, reason)

    # -- effect lines -------------------------------------------------------
    def effect_line(self, meta: Any, children: list) -> EffectLine:
        label, labels = None, ()
        if children and isinstance(children[0], tuple):
            label, labels = children[0]
            children = children[2:]  # the label and its ':'
        has_colon = any(isinstance(c, Token) and c.type == "COLON" for c in children)
        parts = [c for c in children if not isinstance(c, Token)]
        if has_colon:
            when, effects = parts[0], (parts[1] if len(parts) > 1 else [])
        else:
            when, effects = [], parts[0]
        return EffectLine(label, tuple(when), tuple(effects), self._span(meta), has_colon,
                          labels)

    def label(self, meta: Any, c: list) -> tuple[str, tuple[tuple[Ref, str], ...]]:
        """The ability's name, then its translations: `"Berserking", ru "Буйство":`."""
        translations = tuple((self._ref(c[i]), _unquote(c[i + 1])) for i in range(1, len(c), 2))
        return _unquote(c[0]), translations

    def clauses(self, meta: Any, children: list) -> list:
        return children

    def may(self, meta: Any, c: list) -> Clause:
        return replace(c[0], span=self._span(meta), optional=True)

    def otherwise(self, meta: Any, c: list) -> Clause:
        return replace(c[0], span=self._span(meta), otherwise=True)

    def either(self, meta: Any, c: list) -> Clause:
        return replace(c[0], span=self._span(meta), either=True)

    def t_when_targeted(self, meta: Any, c: list) -> Clause:
        return self._clause("timing", meta, timing="when_targeted", curse_kind=c[0])

    def t_until_loses(self, meta: Any, c: list) -> Clause:
        return self._clause("timing", meta, timing="until_loses", target=c[0], slot=c[1])

    def roll(self, meta: Any, c: list) -> Clause:
        return self._clause("roll", meta, at_least=int(c[0]))

    def condition(self, meta: Any, c: list) -> Clause:
        subject = c[0]
        negated = len(c) == 3
        predicate, value = c[-1]
        return self._clause("condition", meta, subject=subject, negated=negated,
                            predicate=predicate, value=value)

    def p_is(self, meta: Any, c: list) -> tuple:
        return ("is", self._ref(c[0]))

    def p_level_at_most(self, meta: Any, c: list) -> tuple:
        return ("level_at_most", int(c[0]))

    def p_level_at_least(self, meta: Any, c: list) -> tuple:
        return ("level_at_least", int(c[0]))

    def p_alone(self, meta: Any, c: list) -> tuple:
        return ("alone", None)

    def p_only_in_play(self, meta: Any, c: list) -> tuple:
        return ("only_in_play", self._ref(c[0]))

    def p_helper(self, meta: Any, c: list) -> tuple:
        return ("helper", None)

    def p_winning_fight(self, meta: Any, c: list) -> tuple:
        return ("winning_fight", None)

    def p_using(self, meta: Any, c: list) -> tuple:
        return ("using", self._ref(c[0]))

    def p_lowest_level(self, meta: Any, c: list) -> tuple:
        return ("lowest_level", None)

    def p_highest_level(self, meta: Any, c: list) -> tuple:
        return ("highest_level", None)

    # -- discard (cost or effect) ---------------------------------------------
    def discard(self, meta: Any, c: list) -> Clause:
        target = c[0] if isinstance(c[0], Target) else None
        what = c[-1]
        return self._clause("discard", meta, target=target, **what)

    def d_cards(self, meta: Any, c: list) -> dict:
        return {"what": "cards", "count": int(c[0])}

    def d_up_to(self, meta: Any, c: list) -> dict:
        return {"what": "up_to", "count": int(c[0])}

    def d_hand(self, meta: Any, c: list) -> dict:
        return {"what": "hand", "minimum": int(c[0]) if c else 0}

    def d_this(self, meta: Any, c: list) -> dict:
        return {"what": "this"}

    def d_worn(self, meta: Any, c: list) -> dict:
        return {"what": "worn", "slot": c[0]}

    def d_all_big(self, meta: Any, c: list) -> dict:
        return {"what": "all_big"}

    def d_all_worn(self, meta: Any, c: list) -> dict:
        return {"what": "all_worn", "slot": c[0]}

    def d_items_choice(self, meta: Any, c: list) -> dict:
        return {"what": "items_of_choice", "count": int(c[0])}

    def d_items_chosen_by(self, meta: Any, c: list) -> dict:
        """`discard 1 item chosen by the player to your left`: someone else picks."""
        return {"what": "items_of_choice", "count": int(c[0]), "chooser": c[-1]}

    def d_items_worth(self, meta: Any, c: list) -> dict:
        return {"what": "items_worth_that_value"}

    def d_items_worth_total(self, meta: Any, c: list) -> dict:
        return {"what": "items_worth_total", "worth": int(c[0])}

    def d_race(self, meta: Any, c: list) -> dict:
        return {"what": "race"}

    def d_class(self, meta: Any, c: list) -> dict:
        return {"what": "class"}

    def d_items_worth_at_least(self, meta: Any, c: list) -> dict:
        return {"what": "items_worth_at_least", "worth": int(c[0])}

    def d_small_items(self, meta: Any, c: list) -> dict:
        return {"what": "small_items", "count": int(c[0])}

    def d_big_items(self, meta: Any, c: list) -> dict:
        return {"what": "big_items", "count": int(c[0])}

    def d_biggest_bonus(self, meta: Any, c: list) -> dict:
        return {"what": "biggest_bonus"}

    # -- effects --------------------------------------------------------------
    @staticmethod
    def _target(c: list) -> Target | None:
        return c[0] if c and isinstance(c[0], Target) else None

    def modifier(self, meta: Any, c: list) -> Clause:
        amount = int(c[0])
        per = to = counted = up_to = None
        against: list[Ref] = []
        for part in c[1:]:
            if isinstance(part, tuple) and part[0] == "per":
                per = part[1]
            elif isinstance(part, tuple) and part[0] == "each":
                per, counted = "each", part[1]
            elif isinstance(part, tuple) and part[0] == "to":
                to = part[1]
            elif isinstance(part, tuple) and part[0] == "up_to":
                up_to = part[1]
            elif isinstance(part, Token) and part.type != "LIST_COMMA":
                against.append(self._ref(part))
        return self._clause("modifier", meta, amount=amount, per=per, to=to,
                            against=against[0] if against else None,
                            also_against=tuple(against[1:]), counted=counted, up_to=up_to)

    def per_each(self, meta: Any, c: list) -> tuple:
        return ("each", c[0])

    def per_every(self, meta: Any, c: list) -> tuple:
        return ("each", replace(c[1], every=int(c[0])))

    def _counted(self, meta: Any, what: str, c: list, **fields: Any) -> Counted:
        tag = next((self._ref(t) for t in c if isinstance(t, Token) and t.type != "OTHER"),
                   None)
        return Counted(what, self._span(meta), tag=tag, **fields)

    def n_items(self, meta: Any, c: list) -> Counted:
        return self._counted(meta, "items", c, whose="you")

    def n_fighter_items(self, meta: Any, c: list) -> Counted:
        return self._counted(meta, "items", c, whose="fighter")

    def n_hand(self, meta: Any, c: list) -> Counted:
        return self._counted(meta, "hand", [])

    def n_monsters(self, meta: Any, c: list) -> Counted:
        other = any(isinstance(t, Token) and t.type == "OTHER" for t in c)
        return self._counted(meta, "monsters", c, other=other)

    def n_fighter_level(self, meta: Any, c: list) -> Counted:
        return self._counted(meta, "fighter_level", [], whose="fighter")

    def n_other_players(self, meta: Any, c: list) -> Counted:
        return self._counted(meta, "other_players", [])

    def n_discarded(self, meta: Any, c: list) -> Counted:
        return self._counted(meta, "discarded", [])

    def up_to(self, meta: Any, c: list) -> tuple:
        return ("up_to", int(c[0]))

    def per_card(self, meta: Any, c: list) -> tuple:
        return ("per", "card")

    def per_open_seal(self, meta: Any, c: list) -> tuple:
        return ("per", "open_seal")

    def to_target(self, meta: Any, c: list) -> tuple:
        return ("to", c[0])

    def to_run_away(self, meta: Any, c: list) -> tuple:
        return ("to", "run_away")

    def to_die_rolls(self, meta: Any, c: list) -> tuple:
        return ("to", "die_rolls")

    def level_change(self, meta: Any, c: list) -> Clause:
        return self._clause("level_change", meta, amount=int(c[0]))

    def treasure_change(self, meta: Any, c: list) -> Clause:
        return self._clause("treasure_change", meta, amount=int(c[0]))

    def level_gain(self, meta: Any, c: list) -> Clause:
        nums = [x for x in c if isinstance(x, Token)]
        per_monster = "per_monster" in c
        return self._clause("level_gain", meta, target=self._target(c), amount=int(nums[0]),
                            per_monster=per_monster)

    def level_loss(self, meta: Any, c: list) -> Clause:
        nums = [x for x in c if isinstance(x, Token)]
        if "roll_shows" in c:
            return self._clause("level_loss", meta, target=self._target(c), amount=None,
                                from_roll=True)
        return self._clause("level_loss", meta, target=self._target(c), amount=int(nums[0]))

    def roll_shows(self, meta: Any, c: list) -> str:
        return "roll_shows"

    def set_level(self, meta: Any, c: list) -> Clause:
        level_of = next((x for x in c if isinstance(x, tuple)), None)
        if level_of is not None:
            return self._clause("set_level", meta, target=self._target(c), level=None,
                                level_of=level_of[1])
        level = int(next(x for x in c if isinstance(x, Token)))
        return self._clause("set_level", meta, target=self._target(c), level=level)

    def lv_lowest(self, meta: Any, c: list) -> tuple:
        return ("level_of", "lowest_level")

    def lv_highest(self, meta: Any, c: list) -> tuple:
        return ("level_of", "highest_level")

    def draw(self, meta: Any, c: list) -> Clause:
        target = self._target(c)
        toks = [x for x in c if isinstance(x, Token) and x.type in ("INT", "WORD")]
        face = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), None)
        instead = any(isinstance(x, Token) and x.type == "INSTEAD" for x in c)
        from_discards = "from_discards" in c
        face = None if face == "from_discards" else face
        return self._clause("draw", meta, target=target, count=int(toks[0]),
                            deck=self._ref(toks[1]), face=face, instead=instead,
                            from_discards=from_discards)

    def from_discards(self, meta: Any, c: list) -> str:
        return "from_discards"

    def per_monster(self, meta: Any, c: list) -> str:
        return "per_monster"

    def with_treasure(self, meta: Any, c: list) -> str:
        return "with_treasure"

    def face_up(self, meta: Any, c: list) -> str:
        return "up"

    def face_down(self, meta: Any, c: list) -> str:
        return "down"

    def death(self, meta: Any, c: list) -> Clause:
        return self._clause("death", meta, target=self._target(c))

    def change_sex(self, meta: Any, c: list) -> Clause:
        return self._clause("change_sex", meta, target=self._target(c))

    def steal_level(self, meta: Any, c: list) -> Clause:
        targets = [x for x in c if isinstance(x, Target)]
        amount = int(next(x for x in c if isinstance(x, Token)))
        return self._clause("steal_level", meta, target=targets[0] if len(targets) == 2 else None,
                            amount=amount, source=targets[-1])

    def steal_item(self, meta: Any, c: list) -> Clause:
        targets = [x for x in c if isinstance(x, Target)]
        return self._clause("steal_item", meta, target=targets[0] if len(targets) == 2 else None,
                            source=targets[-1])

    def take(self, meta: Any, c: list) -> Clause:
        targets = [x for x in c if isinstance(x, Target)]
        what = "cards" if "cards" in c else "items"
        return self._clause("take", meta, target=targets[0] if len(targets) == 2 else None,
                            source=targets[-1], count=int(next(x for x in c if isinstance(
                                x, Token) and x.type == "INT")), what=what)

    def at_random(self, meta: Any, c: list) -> str:
        return "cards"

    def open_seal(self, meta: Any, c: list) -> Clause:
        return self._clause("open_seal", meta, target=self._target(c))

    def close_seal(self, meta: Any, c: list) -> Clause:
        return self._clause("close_seal", meta)

    def auto_escape(self, meta: Any, c: list) -> Clause:
        return self._clause("auto_escape", meta, target=self._target(c))

    def no_escape(self, meta: Any, c: list) -> Clause:
        return self._clause("no_escape", meta)

    def win_ties(self, meta: Any, c: list) -> Clause:
        return self._clause("win_ties", meta)

    def defeat(self, meta: Any, c: list) -> Clause:
        every = any(isinstance(x, Token) and x.type == "EVERY" for x in c)
        return self._clause("defeat", meta, with_treasure="with_treasure" in c, every=every)

    def will_not_pursue(self, meta: Any, c: list) -> Clause:
        return self._clause("will_not_pursue", meta)

    def force_help(self, meta: Any, c: list) -> Clause:
        return self._clause("force_help", meta, target=c[0])

    def wandering(self, meta: Any, c: list) -> Clause:
        return self._clause("wandering", meta)

    def horde(self, meta: Any, c: list) -> Clause:
        return self._clause("horde", meta, tag=self._ref(c[0]))

    def replace_monster(self, meta: Any, c: list) -> Clause:
        return self._clause("replace_monster", meta)

    def borrow_item(self, meta: Any, c: list) -> Clause:
        targets = [x for x in c if isinstance(x, Target)]
        return self._clause("borrow_item", meta, target=targets[0] if len(targets) > 1 else None,
                            source=targets[-1])

    def copy_monster(self, meta: Any, c: list) -> Clause:
        return self._clause("copy_monster", meta, with_treasure="with_treasure" in c)

    def add_tag(self, meta: Any, c: list) -> Clause:
        return self._clause("add_tag", meta, target=c[0], tag=self._ref(c[1]))

    def cancel(self, meta: Any, c: list) -> Clause:
        return self._clause("cancel", meta, curse_kind=c[0])

    def weaken(self, meta: Any, c: list) -> Clause:
        amount = next(int(x) for x in c if isinstance(x, Token) and x.type == "INT")
        return self._clause("weaken", meta, source=c[0], amount=amount)

    def bs_one_shot(self, meta: Any, c: list) -> str:
        return "one-shot"

    def bs_item(self, meta: Any, c: list) -> str:
        return "item"

    def set_die(self, meta: Any, c: list) -> Clause:
        return self._clause("set_die", meta, value=int(c[0]))

    def turn_on(self, meta: Any, c: list) -> Clause:
        return self._clause("turn_on", meta, target=c[0])

    def redirect(self, meta: Any, c: list) -> Clause:
        return self._clause("redirect", meta, curse_kind=c[0])

    def limit(self, meta: Any, c: list) -> Clause:
        name, amount = c[0], c[1]
        if amount.type == "ANY":
            value, relative = None, False
        else:
            value, relative = int(amount), amount.type == "SIGNED"
        return self._clause("limit", meta, limit=name, value=value, relative=relative)

    def l_race(self, meta: Any, c: list) -> str:
        return "race"

    def l_class(self, meta: Any, c: list) -> str:
        return "class"

    def sell_double(self, meta: Any, c: list) -> Clause:
        return self._clause("sell_double", meta, count=int(c[0]))

    def reroll(self, meta: Any, c: list) -> Clause:
        return self._clause("reroll", meta)

    def choose_die(self, meta: Any, c: list) -> Clause:
        return self._clause("choose_die", meta)

    def fail_roll(self, meta: Any, c: list) -> Clause:
        return self._clause("fail_roll", meta)

    def take_discard(self, meta: Any, c: list) -> Clause:
        target = next((x for x in c if isinstance(x, Target)), None)
        pick = next(x for x in c if isinstance(x, str) and x.startswith("pick:"))
        deck = next(x for x in c if isinstance(x, Token) and x.type == "WORD")
        return self._clause("take_discard", meta, target=target,
                            card_kind=pick.split(":", 1)[1] or None, deck=self._ref(deck),
                            into_play="into_play" in c)

    def arrange_top(self, meta: Any, c: list) -> Clause:
        target = next((x for x in c if isinstance(x, Target)), None)
        count = next((int(x) for x in c if isinstance(x, Token) and x.type == "INT"), 1)
        deck = next(x for x in c if isinstance(x, Token) and x.type == "WORD")
        return self._clause("arrange_top", meta, target=target, count=count,
                            deck=self._ref(deck), bottom="ah_top_or_bottom" in c)

    def ah_any_order(self, meta: Any, c: list) -> str:
        return "ah_any_order"

    def ah_top_or_bottom(self, meta: Any, c: list) -> str:
        return "ah_top_or_bottom"

    def pk_race(self, meta: Any, c: list) -> str:
        return "pick:race"

    def pk_class(self, meta: Any, c: list) -> str:
        return "pick:class"

    def pk_item(self, meta: Any, c: list) -> str:
        return "pick:item"

    def pk_card(self, meta: Any, c: list) -> str:
        return "pick:"

    def into_play(self, meta: Any, c: list) -> str:
        return "into_play"

    def ignore(self, meta: Any, c: list) -> Clause:
        what, tag = c[-1] if isinstance(c[-1], tuple) else (c[-1], None)
        return self._clause("ignore", meta, target=self._target(c), what=what, tag=tag)

    def i_tag_bonuses(self, meta: Any, c: list) -> tuple:
        """`ignore fire bonuses`: the tag is a name the checker resolves like any tag."""
        return ("tag_bonuses", self._ref(c[0]))

    def i_tag_cards(self, meta: Any, c: list) -> tuple:
        """`ignore fire cards` (C110 Asbestos Suit): the tag resolves like `TAG bonuses`."""
        return ("tag_cards", self._ref(c[0]))

    def wield(self, meta: Any, c: list) -> Clause:
        return self._clause("wield", meta, amount=int(c[0]))

    def end_game(self, meta: Any, c: list) -> Clause:
        return self._clause("end_game", meta, criteria=tuple(c))


@dataclass(frozen=True)
class _Parser:
    lark: Lark
    context: _Context
    words: dict[str, str]
    builder: _AstBuilder

    def describe(self, terminal: str) -> str:
        return self.words.get(terminal, terminal.lower())


def _cache_path() -> str | bool:
    """A per-user cache file for the parser tables, or False where none can be written."""
    import hashlib
    import os

    import lark

    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "munchkin-dsl")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return False
    key = hashlib.sha256((_grammar_text() + lark.__version__).encode()).hexdigest()[:16]
    return os.path.join(folder, f"grammar-{key}.lark-cache")


@lru_cache(maxsize=1)
def compiled_parser() -> _Parser:
    context = _Context()
    lark = Lark(
        _grammar_text(),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=False,
        keep_all_tokens=False,
        # Building the LALR tables costs ~0.5 s; Lark keeps them in a cache file keyed by
        # the grammar's hash and Lark's version, so `munchkin check` starts fast.
        cache=_cache_path(),
    )
    words = dict(_TERMINAL_WORDS)
    for term in lark.terminals:
        if term.name in words:
            continue
        if term.pattern.type == "str":
            value = term.pattern.value
            words[term.name] = "';'" if value == ";" else f"'{value}'"
    return _Parser(lark, context, words, _AstBuilder(context))


def keywords() -> list[str]:
    """Every keyword of the language, for did-you-mean hints."""
    return sorted({w.strip("'") for name, w in compiled_parser().words.items()
                   if w.startswith("'") and w.strip("'").isalpha()})


# ---------------------------------------------------------------- public API
def parse_text(text: str, file: str, sink: DiagnosticSink) -> SourceUnit:
    """Parse one file's text; syntax errors go to ``sink`` and parsing goes on after them."""
    text = check_limits(text, file, sink)
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
                 last: bool = True) -> list:
    parser = compiled_parser()
    ctx = parser.context
    lines = chunk.split("\n")
    seen: set[tuple[int, int]] = set()
    for _ in range(MAX_RECOVERIES_PER_CHUNK):
        text = "\n".join(lines)
        ctx.file, ctx.line_offset = file, offset
        try:
            tree = parser.lark.parse(text)
        except UnexpectedInput as err:
            line, column = getattr(err, "line", 1) or 1, getattr(err, "column", 1) or 1
            if (line, column) in seen:
                return []
            seen.add((line, column))
            _report_syntax_error(err, lines, file, offset, sink, last)
            # Blank the offending line and try again, unless it carries structure.
            index = line - 1
            if line <= 1 or index >= len(lines) or "{" in lines[index] or "}" in lines[index]:
                return []
            if isinstance(err, UnexpectedEOF) or (
                    isinstance(err, UnexpectedToken) and err.token.type == "$END"):
                return []
            lines[index] = ""
            continue
        items = parser.builder.transform(tree)
        if seen:
            items = [replace(i, complete=False) if isinstance(i, Card) else i for i in items]
        return items
    return []


def _report_syntax_error(err: UnexpectedInput, lines: list[str], file: str, offset: int,
                         sink: DiagnosticSink, last: bool = True) -> None:
    parser = compiled_parser()
    glued = _glued_word(err, lines)
    if glued is not None:
        line, start, end, word = glued
        span = Span(file, line + offset, start, line + offset, end)
        close = difflib.get_close_matches(word.lower(), keywords(), n=1, cutoff=0.6)
        sink.error("E002", f"unexpected '{word}'", span,
                   f"did you mean '{close[0]}'?" if close else "check the spelling of this word")
        return
    if isinstance(err, UnexpectedCharacters):
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
        if str(tok).isalpha() and (not typo or str(tok).lower() in keywords()) and \
                _effect_position(expected):  # `double ...`, `kill ...`: a phrase, not a typo
            _unknown_effect(tok, lines, span, sink)
            return
        hint = _expected_hint(str(tok), expected)
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


def _unknown_effect(tok: Token, lines: list[str], span: Span, sink: DiagnosticSink) -> None:
    """E230: the words after this point are no effect phrase; name the nearest ones."""
    line, col = tok.line or 0, tok.column or 1
    text = lines[line - 1][col - 1:] if 0 < line <= len(lines) else str(tok)
    words = re.split(r"[\s,:]+", re.split(r"[#;}]", text)[0].strip())[:6]
    phrase = " ".join(words)
    near = nearest_effects(words)
    hint = ("nearest effects: " + "; ".join(f"`{e.example}` ({e.summary})" for e in near)
            + ". ") if near else ""
    sink.error("E230", f"'{phrase}' is not an effect the language knows", span,
               hint + 'A rule the language cannot express yet can be kept as `manual "..."`: '
               "printed on the card, marked for players to apply by hand")


def _expected_hint(found: str, expected: list[str]) -> str:
    plain = [e.strip("'") for e in expected if e.startswith("'")]
    close = difflib.get_close_matches(found.lower(), plain, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else f"expected {_join(expected)}"


def _join(items: list[str], limit: int = 5) -> str:
    if len(items) > limit:
        items = items[:limit] + [f"{len(items) - limit} more"]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]
