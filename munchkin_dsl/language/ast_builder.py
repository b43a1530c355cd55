"""Grammar rules -> AST, part 2: discards and the effect phrases (see :mod:`.ast_lines`).

:class:`AstBuilder` holds the rule methods the parser calls: the rules of
:class:`~.ast_lines.LineBuilder` plus one method per hand-written effect phrase; the
declared parts need none (``LineBuilder.default`` builds them by their class).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from munchkin_dsl.language.algebra import Marker
from munchkin_dsl.language.ast_lines import LineBuilder
from munchkin_dsl.language.nodes import Clause, Counted, Ref, Target


class AstBuilder(LineBuilder):
    """Every rule's method: files, cards, lines and every effect phrase."""

    # -- discard (cost or effect) ---------------------------------------------
    def discard(self, meta: Any, c: list[Any]) -> Clause:
        target = c[0] if isinstance(c[0], Target) else None
        what = c[-1]
        return self._clause("discard", meta, target=target, **what)

    def d_cards(self, _meta: Any, c: list[Any]) -> dict[str, Any]:
        return {"what": "cards", "count": int(c[0])}

    def d_up_to(self, _meta: Any, c: list[Any]) -> dict[str, Any]:
        return {"what": "up_to", "count": int(c[0])}

    def d_hand(self, _meta: Any, c: list[Any]) -> dict[str, Any]:
        return {"what": "hand", "minimum": int(c[0]) if c else 0}

    def d_this(self, _meta: Any, _c: list[Any]) -> dict[str, Any]:
        return {"what": "this"}

    def d_worn(self, _meta: Any, c: list[Any]) -> dict[str, Any]:
        return {"what": "worn", "slot": c[0]}

    def d_all_big(self, _meta: Any, _c: list[Any]) -> dict[str, Any]:
        return {"what": "all_big"}

    def d_all_worn(self, _meta: Any, c: list[Any]) -> dict[str, Any]:
        return {"what": "all_worn", "slot": c[0]}

    def d_items_choice(self, _meta: Any, c: list[Any]) -> dict[str, Any]:
        return {"what": "items_of_choice", "count": int(c[0])}

    def d_items_chosen_by(self, _meta: Any, c: list[Any]) -> dict[str, Any]:
        """`discard 1 item chosen by the player to your left`: someone else picks."""
        return {"what": "items_of_choice", "count": int(c[0]), "chooser": c[-1]}

    def d_items_worth(self, _meta: Any, _c: list[Any]) -> dict[str, Any]:
        return {"what": "items_worth_that_value"}

    def d_items_worth_total(self, _meta: Any, c: list[Any]) -> dict[str, Any]:
        return {"what": "items_worth_total", "worth": int(c[0])}

    def d_race(self, _meta: Any, _c: list[Any]) -> dict[str, Any]:
        return {"what": "race"}

    def d_class(self, _meta: Any, _c: list[Any]) -> dict[str, Any]:
        return {"what": "class"}

    def d_items_worth_at_least(self, _meta: Any, c: list[Any]) -> dict[str, Any]:
        return {"what": "items_worth_at_least", "worth": int(c[0])}

    def d_small_items(self, _meta: Any, c: list[Any]) -> dict[str, Any]:
        return {"what": "small_items", "count": int(c[0])}

    def d_big_items(self, _meta: Any, c: list[Any]) -> dict[str, Any]:
        return {"what": "big_items", "count": int(c[0])}

    def d_biggest_bonus(self, _meta: Any, _c: list[Any]) -> dict[str, Any]:
        return {"what": "biggest_bonus"}

    # -- effects --------------------------------------------------------------
    @staticmethod
    def _target(c: list[Any]) -> Target | None:
        return c[0] if c and isinstance(c[0], Target) else None

    def modifier(self, meta: Any, c: list[Any]) -> Clause:
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

    def per_each(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("each", c[0])

    def per_every(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("each", replace(c[1], every=int(c[0])))

    def _counted(self, meta: Any, what: str, c: list[Any], **fields: Any) -> Counted:
        tag = next((self._ref(t) for t in c if isinstance(t, Token) and t.type != "OTHER"),
                   None)
        return Counted(what, self._span(meta), tag=tag, **fields)

    def n_items(self, meta: Any, c: list[Any]) -> Counted:
        return self._counted(meta, "items", c, whose="you")

    def n_fighter_items(self, meta: Any, c: list[Any]) -> Counted:
        return self._counted(meta, "items", c, whose="fighter")

    def n_cards(self, meta: Any, c: list[Any]) -> Counted:
        return self._counted(meta, "cards", c, whose="you")

    def n_fighter_cards(self, meta: Any, c: list[Any]) -> Counted:
        return self._counted(meta, "cards", c, whose="fighter")

    def n_hand(self, meta: Any, _c: list[Any]) -> Counted:
        return self._counted(meta, "hand", [])

    def n_monsters(self, meta: Any, c: list[Any]) -> Counted:
        other = any(isinstance(t, Token) and t.type == "OTHER" for t in c)
        return self._counted(meta, "monsters", c, other=other)

    def n_fighter_level(self, meta: Any, _c: list[Any]) -> Counted:
        return self._counted(meta, "fighter_level", [], whose="fighter")

    def n_your_level(self, meta: Any, _c: list[Any]) -> Counted:
        return self._counted(meta, "level", [], whose="you")

    def n_monster_over_you(self, meta: Any, _c: list[Any]) -> Counted:
        return self._counted(meta, "level_over", [], whose="monster")

    def n_you_over_monster(self, meta: Any, _c: list[Any]) -> Counted:
        return self._counted(meta, "level_over", [], whose="you")

    def n_gold(self, meta: Any, _c: list[Any]) -> Counted:
        return self._counted(meta, "gold", [], whose="you")

    def n_fighter_gold(self, meta: Any, _c: list[Any]) -> Counted:
        return self._counted(meta, "gold", [], whose="fighter")

    def n_open_seals(self, meta: Any, _c: list[Any]) -> Counted:
        return self._counted(meta, "open_seals", [])

    def n_other_players(self, meta: Any, _c: list[Any]) -> Counted:
        return self._counted(meta, "other_players", [])

    def n_discarded(self, meta: Any, _c: list[Any]) -> Counted:
        return self._counted(meta, "discarded", [])

    def n_margin(self, meta: Any, _c: list[Any]) -> Counted:
        return self._counted(meta, "margin", [])

    def n_dice(self, meta: Any, c: list[Any]) -> Counted:
        return self._counted(meta, "dice", [], dice=int(c[0]) if c else 1)

    def n_counters(self, meta: Any, _c: list[Any]) -> Counted:
        return self._counted(meta, "counters", [])

    def n_markers(self, meta: Any, _c: list[Any]) -> Counted:
        return self._counted(meta, "markers", [], whose="you")

    def up_to(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("up_to", int(c[0]))

    def per_card(self, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        return ("per", "card")

    def per_open_seal(self, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        return ("per", "open_seal")

    def to_target(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("to", c[0])

    def to_run_away(self, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        return ("to", "run_away")

    def to_die_rolls(self, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        return ("to", "die_rolls")

    def with_treasure(self, _meta: Any, _c: list[Any]) -> str:
        return Marker("with_treasure")  # a flag of `defeat` and of the copy_monster part

