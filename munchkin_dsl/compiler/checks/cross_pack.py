"""Checks across the packs of one command: ids and names that two packs both claim.

Which severity a clash gets depends on what the packs are for, and that is decided here
and nowhere else:

- ``compile`` (and every command that plays or prints compiled data): the packs share one
  id space, so a card id in two packs is E110 and a card name in two packs (same
  language) is E112; two packs with one pack id are E111.
- ``check``: a list of packs is often a folder of independent packs (``munchkin check
  packs/*``), so the same clashes are warnings (W113 pack id, W114 card id, W115 card
  name) that name both places and say the packs cannot be compiled together without
  ``munchkin mix``.
- ``mix``: shared cards are what a mix settles, so only the pack id clash is reported
  (E111: a resolution file names packs by id).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from munchkin_dsl.base.diagnostics import DiagnosticSink, Span
from munchkin_dsl.language.nodes import Card, Header

#: What a list of packs is read for (see the module docstring).
Purpose = Literal["check", "compile", "mix"]

_MIX = "use `munchkin mix` to merge packs that share cards"
_APART = "these packs cannot be compiled together without `munchkin mix`"


class PackLike(Protocol):
    """What these checks read of a checked pack (:class:`munchkin_dsl.compiler.api.CheckedPack`)."""

    path: str
    header: Header | None
    cards: list[Card]


@dataclass(frozen=True)
class _Clash:
    """How one kind of clash is reported for one purpose: (code, is_error, hint)."""

    code: str
    error: bool
    hint: str


#: purpose -> what -> how; a missing entry means the purpose does not report it.
_CLASHES: dict[Purpose, dict[str, _Clash]] = {
    "compile": {
        "pack id": _Clash("E111", True, "give each pack its own id in its `pack ID { ... }` "
                                        "header"),
        "card id": _Clash("E110", True, "compiled packs share one id space; rename one card, "
                                        "or " + _MIX),
        "card name": _Clash("E112", True, "players could not tell the two cards apart; rename "
                                          "one, or " + _MIX),
    },
    "check": {
        "pack id": _Clash("W113", False, _APART + " (engine data tells packs apart by id); "
                                         "give each pack its own id"),
        "card id": _Clash("W114", False, _APART + "; rename one card if they are meant to be "
                                         "played together"),
        "card name": _Clash("W115", False, _APART + "; rename one card if they are meant to "
                                           "be played together"),
    },
    "mix": {
        "pack id": _Clash("E111", True, 'a mix names packs by id (choose = "keep:PACK-ID"); '
                                        "give each pack its own id, or leave one copy out of "
                                        "the mix"),
    },
}


def check_cross_pack(packs: Sequence[PackLike], sink: DiagnosticSink,
                     purpose: Purpose) -> None:
    """Report every id or name that two of ``packs`` both use, as ``purpose`` wants it."""
    if len(packs) < 2:
        return
    # a card whose id clashes is reported once, not again for its name (the same card)
    reported: set[tuple[int, str, int]] = set()
    for what, rule in _CLASHES[purpose].items():
        first: dict[str, tuple[int, Span, str, str]] = {}
        for index, pack in enumerate(packs):
            for key, span, label, owner in _CLAIMS[what](pack):
                if key in first and first[key][0] != index:
                    other, other_span, other_pack, other_owner = first[key]
                    if (index, owner, other) not in reported:
                        reported.add((index, owner, other))
                        message = f"{what} {label} " + _ALSO[what].format(
                            pack=other_pack, span=other_span)
                        report = sink.error if rule.error else sink.warning
                        report(rule.code, message, span, rule.hint)
                first.setdefault(key, (index, span, _pack_name(pack), owner))


def _pack_name(pack: PackLike) -> str:
    return pack.header.id if pack.header is not None else pack.path


Claim = tuple[str, Span, str, str]
"""(key compared across packs, where it is written, how a message names it, the card id
that claims it: an id clash of a card stands for its name clash, too)"""


def _pack_id(pack: PackLike) -> Iterator[Claim]:
    if pack.header is not None:
        yield pack.header.id, pack.header.id_span, f"'{pack.header.id}'", ""


def _card_ids(pack: PackLike) -> Iterator[Claim]:
    for card in pack.cards:
        yield card.id, card.id_span, f"'{card.id}'", card.id


def _card_names(pack: PackLike) -> Iterator[Claim]:
    for card in pack.cards:
        for lang, name, span in card.names():
            yield f"{lang}:{name.casefold()}", span, f"'{name}' ({lang})", card.id


#: how a message names the other place, per kind of claim
_ALSO = {"pack id": "is also the id of the pack at {span}",
         "card id": "is also used in pack '{pack}' ({span})",
         "card name": "is also used in pack '{pack}' ({span})"}

_CLAIMS = {"pack id": _pack_id, "card id": _card_ids, "card name": _card_names}
