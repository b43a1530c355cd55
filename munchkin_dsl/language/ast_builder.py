"""Grammar rules -> AST, part 2: the effect phrases (see :mod:`.ast_lines`).

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
from munchkin_dsl.language.nodes import Counted, Ref


class AstBuilder(LineBuilder):
    """Every rule's method: files, cards, lines and every effect phrase."""

    # -- effects --------------------------------------------------------------
    def per_each(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("each", c[0])

    def per_every(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("each", replace(c[1], every=int(c[0])))

    def _counted(self, meta: Any, what: str, c: list[Any], **fields: Any) -> Counted:
        tag = next((self._ref(t) if isinstance(t, Token) else t for t in c
                    if (isinstance(t, Token) and t.type != "OTHER") or isinstance(t, Ref)),
                   None)  # a Ref: `Big items` (big_items)
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

    def up_to(self, _meta: Any, c: list[Any]) -> Marker:
        """`up to +4`: the cap of a modifier's count (its part ``keeps`` the number)."""
        marker = Marker("up_to")
        marker.children = (int(c[0]),)
        return marker

    def per_card(self, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        return ("per", "card")

    def per_open_seal(self, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        return ("per", "open_seal")

    def with_treasure(self, _meta: Any, _c: list[Any]) -> str:
        return Marker("with_treasure")  # a flag of `defeat` and of the copy_monster part

