"""Checks of the effects that move a picked card (language/parts/cards.py).

A move that can never change anything is refused with what to write instead (E228): a
card put into play that is in play already, put into a hand that is in a hand already,
taken by the player who holds it, given to its holder; `this card` on a card that is gone
once played.  A pick's filter must name a card kind or a tag the pack knows (E101).
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.checks.parts import check_filter
from munchkin_dsl.compiler.checks.stats import kind_words
from munchkin_dsl.language import registry
from munchkin_dsl.language.algebra import CardPart
from munchkin_dsl.language.nodes import Card, Clause, Ref, Target
from munchkin_dsl.language.parts import in_flight
from munchkin_dsl.language.parts.cards import RANKED
from munchkin_dsl.language.parts.hand_picks import HAND_KINDS
from munchkin_dsl.language.parts.replacement import AttachedItemLost
from munchkin_dsl.language.parts.waiting import base_timing

#: Kinds always in play once played, so `this card` is on the table when the line acts.
STAYS = frozenset({"class", "hireling", "item", "race", "sidekick"})
#: Kinds in play only when `persistent` (or attached).
STAYS_IF_PERSISTENT = frozenset({"door", "treasure"})
#: Selectors that name no player, so no hand and no table (the subject of a card pick).
NOT_A_PLAYER = {"monster": "the monster", "either_side": "either side",
                "player_side": "the player side", "attached_item": "an item"}
#: Targets that name nobody on a monster's own line (read as the monster enters the fight).
NOBODY_ON_ENTRY = {"you": "it has no player of its own (`you`)",
                   "any_player": "no player picks (`any player`)",
                   "helper": "nobody helps yet (`helper`)"}
#: Kinds with a victim of their own, and moments with a caught (or fleeing) player: elsewhere
#: `victim` is the card's player (engine/effects_targets.targets).
CURSE_LIKE = frozenset({"curse", "trap", "disaster"})
VICTIM_TIMINGS = frozenset({"bad_stuff", "bad_stuff_always", "on_escape", "when_caught",
                             "when_bad_stuff"})
#: (card kind, timing) -> {word: the player it names there}: a curse-like card is played
#: on its victim, and `any player` is the player it is played on (engine/effects_targets.py);
#: a monster's line, fired as it enters the fight, has the fighter as its victim.
NAMED_ALIKE: dict[tuple[str, str], dict[str, str]] = {
    **{(kind, "on_play"): {"any_player": "victim"} for kind in CURSE_LIKE},
    ("monster", "continuous"): {"victim": "fighter"},
    # a monster's own outcome events act for the fighter (engine/monster_outcomes.py)
    **{("monster", t): {"victim": "fighter", "you": "fighter"}
       for t in ("on_kill", "when_defeated")},
}

#: effect kind -> (zone a pick may not come from, why, what to write instead)
WRONG_ZONE = {
    "put_into_play": ("play", "the card is in play already",
                      "pick a card from a hand: `put a random card from you into play`"),
    "put_into_hand": ("hand", "the card is in a hand already",
                      "pick a card in play: `put an item you carry into your hand`"),
}
#: effect kind -> the field naming who receives the card (the same player as the pick's
#: holder: nothing moves)
RECEIVER = {"take_card": "target", "give_card": "target"}


def _who(value: Target | None, default: str) -> str | None:
    if value is None:
        return default
    return value.kind if value.qualifier is None else None


def _just_discarded(ctx: CheckContext, pick: CardPart, timing: str) -> None:
    """E221: `the card just discarded` names a card only at the discard (off the pile it
    goes to a hand, back on its deck, or into play in front of the line's player)."""
    if timing not in in_flight.CARDS["discarded"].at:
        ctx.sink.error("E221", "no card has just been discarded at this moment, so `the ... "
                       "just discarded` names nothing", pick.span,
                       "write it on `when another player discards a card:`, or pick a card "
                       "in play or in a hand (`an item victim carries`, `a random card from "
                       "victim`)")


#: The death events, at which the dead player's cards have been looted already (the engine
#: shares the body out, then fires them: engine/seals.kill)
_DEATHS = frozenset({"when_other_dies", "when_any_dies"})


def check_taken_from_the_dead(ctx: CheckContext, clause: Clause, timing: str) -> None:
    """E221: `when another player dies: take 1 card at random from that player` (the fifth
    held-out set's first draft) took nothing: the body is looted before the event fires,
    so the dead player holds no card then."""
    source = getattr(clause, "source", None)
    if base_timing(timing) in _DEATHS and isinstance(source, Target) and \
            source.kind == "that_player":
        ctx.sink.error("E221", "the dead player's cards are looted before `when another player "
                       "dies` fires, so `that player` holds nothing to take", source.span,
                       "take from the body as it is looted: `when another player is looted: "
                       "take 1 card of your choice from the hand of that player` (every "
                       "other player has looted one "
                       "card, the rest still lies there)")


def _kind_only_in_hand(ctx: CheckContext, pick: CardPart, what: Ref) -> bool:
    """E101: `a monster victim carries` names a kind only a hand holds (a monster), on a
    pick of the cards in play: say to pick it from a hand."""
    if what.name.casefold() not in HAND_KINDS.keys() - pick.filter_kinds.keys():
        return False
    ctx.sink.error("E101", f"a {what.name} is a card kind no player has in play, so this "
                   "pick names no card", what.span, f"pick it from a hand: `a {what.name} "
                   f"from your hand`, `every {what.name} in your hand`")
    return True


def check_card_move(ctx: CheckContext, card: Card, clause: Clause, timing: str) -> None:
    check_taken_from_the_dead(ctx, clause, timing)
    pick = getattr(clause, "card", None)
    if not isinstance(pick, CardPart):
        return
    if isinstance(pick.what, Ref) and not _kind_only_in_hand(ctx, pick, pick.what):
        check_filter(ctx, pick.what, pick.filter_kinds)
    if pick.pick in RANKED and pick.owner is None and clause.kind != "discard_card":
        ctx.sink.error("E228", "say whose cards are ranked: only a discard means the "
                       "discarder's own", pick.span, "name the player: `take the cheapest item "
                       "victim carries`, `give the item with the biggest bonus you carry to "
                       "the player to your left`")
    if isinstance(pick.owner, Target) and pick.owner.kind in NOT_A_PLAYER:
        ctx.sink.error("E228", f"{NOT_A_PLAYER[pick.owner.kind]} holds no cards, so the pick "
                       "names nothing", pick.owner.span,
                       "name a player: `you`, `victim`, `fighter`, `the player to your left`")
        return
    if card.kind == "monster" and timing == "continuous" and isinstance(
            pick.owner, Target) and pick.owner.kind in NOBODY_ON_ENTRY:
        ctx.sink.error("E228", f"a monster's own line is read as it enters the fight, when "
                       f"{NOBODY_ON_ENTRY[pick.owner.kind]}, so the pick names nothing",
                       pick.owner.span, "name a player of the fight or the table: `fighter`, "
                       "`the player to your left`, or give the line a moment (`on kill:`)")
        return
    kind = getattr(clause, "kind", "")
    persistent = any(stat.kind in ("persistent", "attaches") for stat in card.stats)
    if pick.pick == "this" and _this_names_nothing(ctx, card, pick, timing, persistent):
        return
    if pick.zone == "discards":
        _just_discarded(ctx, pick, timing)
        return
    zone = WRONG_ZONE.get(kind)
    if zone is not None and pick.zone == zone[0]:
        ctx.sink.error("E228", f"{zone[1]}, so this move changes nothing", pick.span, zone[2])
    field = RECEIVER.get(kind)
    if field is None:
        return
    default = registry.default_subject(card.kind, timing)
    receiver = _who(getattr(clause, field), default)
    holder = "you" if pick.pick in ("this", "drawn") else (  # the drawer holds the drawn card
        _who(pick.owner, default) if pick.owner else None)
    if pick.own and pick.owner is None:  # `a one-shot from your hand`: the taker's own,
        holder = receiver if kind == "take_card" else "you"  # else the giver's (yours)
    if pick.pick in in_flight.SPOIL_PICKS and card.kind == "monster":
        holder = "fighter"  # the kill's treasures: the fighter drew them (or their helper)
    alike = NAMED_ALIKE.get((card.kind, timing), {})  # a monster's `victim` is the fighter
    receiver, holder = (alike.get(w, w) if w else w for w in (receiver, holder))
    if card.kind not in CURSE_LIKE and timing not in VICTIM_TIMINGS:
        # with no curse victim and no caught player, `victim` is the card's player
        receiver, holder = (("you" if w == "victim" else w) for w in (receiver, holder))
    if receiver is not None and receiver == holder:
        ctx.sink.error("E228", "the card would go to the player who holds it already, so "
                       "nothing moves", pick.span,
                       "name another player as the holder (`an item the player to your left "
                       "carries`, `a random card from another player`) or as the receiver")


def check_redirect(ctx: CheckContext, clause: Clause) -> None:
    """E228: `the curse goes to you instead` sends the curse to the player it is played on
    (the line's owner), so it changes nothing."""
    to = getattr(clause, "to", None)
    if getattr(clause, "kind", "") == "redirect" and isinstance(to, Target) and \
            to.kind == "you" and to.qualifier is None:
        ctx.sink.error("E228", "the curse is being played on you already, so sending it to "
                       "you changes nothing", to.span,
                       "name another player: `the curse goes to the player to your left "
                       "instead`, `... to a player of your choice instead`, or `the curse hits "
                       "its player instead`")


def _this_names_nothing(ctx: CheckContext, card: Card, pick: CardPart, timing: str,
                        persistent: bool) -> bool:
    """E228: `this card` moved by a line of a card that is not in play as it acts (a
    one-shot), or of an item enhancer, whose card moves only as its item leaves play."""
    if card.kind == "item-enhancer":
        if base_timing(timing) == AttachedItemLost.timing:
            return False
        ctx.sink.error("E228", "an item enhancer stays attached to its item, and its "
                       "lines act through that item: its own card moves only as the "
                       "item leaves play, so `this card` names nothing here", pick.span,
                       "answer the item's loss: `when attached item would be lost: put "
                       "this card into your hand`")
        return True
    if card.kind in STAYS or (card.kind in STAYS_IF_PERSISTENT and persistent):
        return False
    ctx.sink.error("E228", f"{kind_words(card.kind)} is not in play when its "
                   "line acts (it is discarded once played), so `this card` names nothing",
                   pick.span, "move another card (`an item you carry`, `a random card "
                   "from victim`), put the line on a card that stays in play (an item, a "
                   "class, a `persistent` card)")
    return True
