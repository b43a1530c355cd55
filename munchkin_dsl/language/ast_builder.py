"""Grammar rules -> AST, part 2: the effect phrases (see :mod:`.ast_lines`).

:class:`AstBuilder` holds the rule methods the parser calls: the rules of
:class:`~.ast_lines.LineBuilder` plus one method per hand-written effect phrase; the
declared parts need none (``LineBuilder.default`` builds them by their class).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from lark import Token

from munchkin_dsl.language.algebra import Marker
from munchkin_dsl.language.ast_lines import LineBuilder
from munchkin_dsl.language.count_part import ORDINALS, CountPart, count_builders, per_parts


class AstBuilder(LineBuilder):
    """Every rule's method: files, cards, lines and every effect phrase; each way of
    writing a count (`items you have in play`) is built into its count part."""

    def callbacks(self) -> dict[str, Callable[[Any, list[Any]], Any]]:
        """The rule methods, and one callback per way of writing a count (its alias)."""
        out = super().callbacks()
        out.update({alias: partial(self._count, part, whose)
                    for alias, (part, whose) in count_builders().items()})
        out.update({f"per_{word}": partial(self._per, word) for word in per_parts()})
        out.update({f"beyond_{n}": partial(self._beyond, n)
                    for n in range(1, len(ORDINALS) + 1)})
        return out

    @staticmethod
    def _beyond(n: int, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        """`beyond the fourth`, `over four`: a count's threshold (CountPart.written)."""
        return ("beyond", n)

    @staticmethod
    def said_alone(_meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        """`for each footgear`: a count written with no `you carry` (CountPart.alone)."""
        return ("alone",)

    def beyond(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        """`over 4`, `beyond the first 4`: the threshold's number."""
        return ("beyond", int(c[-1]))

    @staticmethod
    def _per(word: str, _meta: Any, _c: list[Any]) -> tuple[Any, ...]:
        """`per card`, `per open seal`: the amount's ``per`` word (its count: per_parts)."""
        return ("per", word)

    def _count(self, part: type[CountPart], whose: str, meta: Any, c: list[Any]
               ) -> CountPart:
        """A count from its way's children: a name (`Undead`) becomes a Ref."""
        return part.written(self._span(meta), [
            self._ref(t) if isinstance(t, Token) and t.type in ("WORD", "STRING", "HANDS_KW")
            else t
            for t in c], whose)

    # -- effects --------------------------------------------------------------
    def per_each(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("each", c[0])

    def per_every(self, _meta: Any, c: list[Any]) -> tuple[Any, ...]:
        return ("each", replace(c[1], every=int(c[0])))

    def up_to(self, _meta: Any, c: list[Any]) -> Marker:
        """`up to +4`: the cap of a modifier's count (its part ``keeps`` the number)."""
        marker = Marker("up_to")
        marker.children = (int(c[0]),)
        return marker

    def with_treasure(self, _meta: Any, _c: list[Any]) -> str:
        return Marker("with_treasure")  # a flag of `defeat` and of the copy_monster part

