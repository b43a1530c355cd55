"""Where the declared events (language/parts/events.py) are fired.

One function for every event a card in play reacts to: the engine calls :func:`react`
where the event happens, naming who did it.  A reaction never sets off the same event in
the same moment (two `when another player gains a level: gain 1 level` cards would
otherwise feed each other forever): while an event's reactions run, it is not fired
again for that game.
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.engine import durations, help_bans, instead, lasting
from munchkin_dsl.engine.cancel_played import answers_in_flight
from munchkin_dsl.engine.conditions import Scope, conditions_hold
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import CardInst, Player
from munchkin_dsl.language import registry
from munchkin_dsl.language.algebra import event_parts
from munchkin_dsl.language.parts import until_events
from munchkin_dsl.language.parts.event_groups import answered_from_hand
from munchkin_dsl.language.parts.events import MONSTER_REACTION
from munchkin_dsl.language.parts.fight_entry import YouFace
from munchkin_dsl.language.parts.own_events import ANY, OWN

#: (id of the game state, timing) of the events whose reactions are running now.
_RUNNING: set[tuple[int, str]] = set()


def react(game: Any, actor: Player, timing: str, others: bool = True,
          everyone: bool = False, just: CardInst | None = None, *,
          said: list[Any] | None = None, only: Player | None = None, **seen: Any) -> None:
    """Fire ``timing`` on the cards in play of the living players other than ``actor``
    (``others``), of ``actor`` alone (``others=False``), or of every player
    (``everyone``), or of ``only`` (the player it was done to: `when another player plays a
    curse on you`), in seat order; `that player` on a line reaches ``actor``, and ``just``
    is the card the event is about (the card just discarded); ``said`` collects the
    outcomes of the lines that fired; ``seen`` is what else the lines' conditions read of
    the event (``monster``: the monster a kill killed, `if monster is level 10 or
    higher`)."""
    if timing in until_events.EVENTS:  # `until victim kills a monster`: it ends now
        durations.event_came(game, timing, actor)
    key = (id(game.state), timing)
    combat = game.state.combat
    if others and not everyone and only is None and key not in _RUNNING and not (
            timing == "when_other_helps" and (combat is None or actor not in combat.players())):
        game.victim_did(actor, timing, said)  # `the next time victim gains a level` (one
        # that helps: once in the fight, engine/fight.help)
    if key in _RUNNING:
        return
    _RUNNING.add(key)
    try:
        for p in list(game.state.players):
            if p.dead:
                continue
            if p is only if only is not None else \
                    everyone or (p is not actor if others else p is actor):
                game.fire_table(p, timing, said, actor=actor, just=just, **seen)
                from_hand(game, p, timing, actor, just, said, **seen)
        if others and not everyone and only is None:
            own_and_any(game, actor, timing, said, just, **seen)
            monsters_hear(game, actor, timing, just)
    finally:
        _RUNNING.discard(key)


#: The events of another player a monster hears in its own fight: those a monster carries
#: (parts/events.MONSTER_REACTION)
ON_A_MONSTER = frozenset(p.timing for p in event_parts() if p.carriers == MONSTER_REACTION)


def monsters_hear(game: Any, actor: Player, timing: str, just: CardInst | None) -> None:
    """The monsters of the open fight answer what a player other than the fighter did in
    it (``ON_A_MONSTER``: `when another player plays a card: +2`, a card played into the
    fight by another player, a helper joining), each line for the fighter; `that player`
    reaches ``actor``."""
    combat = game.state.combat
    if timing not in ON_A_MONSTER or combat is None or actor is combat.fighter:
        return
    fighter = combat.fighter
    for m in list(combat.live_monsters()):
        for ab in [ab for ab in m.card.data.abilities if ab.timing == timing]:
            game.fire(fighter, m.card, ab, Ctx(game.game, m.card, fighter, victim=fighter,
                                               monster=m, timing=timing, actor=actor,
                                               just=just))


def own_and_any(game: Any, actor: Player, timing: str, said: list[Any] | None = None,
                just: CardInst | None = None, **seen: Any) -> None:
    """Another player's event ``timing`` was fired for the other players: the actor's own
    cards, and a one-shot in the actor's hand, hear its own form (`when you gain a level`:
    OWN), then every living player's cards and hand, the actor's too, its anyone form
    (`when a player gains a level`: ANY)."""
    own, anyone = OWN.get(timing), ANY.get(timing)
    if own is not None and not actor.dead:
        game.fire_table(actor, own, said, actor=actor, just=just, **seen)
        from_hand(game, actor, own, actor, just, said, **seen)
    if anyone is None:
        return
    for p in [q for q in game.state.players if not q.dead]:
        game.fire_table(p, anyone, said, actor=actor, just=just, **seen)
        from_hand(game, p, anyone, actor, just, said, **seen)


def from_hand(game: Any, player: Player, timing: str, actor: Player,
              just: CardInst | None = None, said: list[Any] | None = None,
              **seen: Any) -> None:
    """A one-shot ``player`` plays from the hand in reaction to the event at ``timing``
    (`when another player is caught: gain 1 level`, the rulebooks' "play when another
    player fails to run away"), after the cards they have in play reacted: the first
    whose line the player chooses to play and that can act (instead.played_from_hand).
    Only at the events whose declaration lets a one-shot carry them."""
    if "one-shot" in registry.timings()[timing].carriers:
        instead.played_from_hand(game, player, timing, lambda card: Ctx(
            game.game, card, player, timing=timing, actor=actor, just=just, **seen), said=said,
            fits=lambda ab: not answers_in_flight(ab))  # (answered as the card was played)



def reaction_words(card: CardInst) -> str | None:
    """How the first of ``card``'s lines that answers another player's event from the hand
    is written (None: it has none), for the error of playing it out of that moment."""
    for ab in card.data.abilities:
        if ab.timing in answered_from_hand():
            return registry.timings()[ab.timing].words
    return None


#: the timing of a one-shot that joins a fight as its helper when help is asked
JOINS = "joins_as_helper"


def asked_for_help(game: Any, fighter: Player, asked: Player | None = None) -> bool:
    """``fighter`` asks for help (of ``asked``): `when another player asks for help` on
    the cards the other players have in play, then a one-shot from the hand of a player
    not in the fight that joins it as the helper (`become the helper when another player
    asks for help: ...`; the first whose player chooses to and may help): its player
    helps, its line acts, and the card goes with the fight.  False: help was banned as it
    was asked (`the next time victim asks for help: nobody may help`), so nobody helps."""
    react(game, fighter, "when_other_asks_help")
    combat = game.state.combat
    if combat is not None and lasting.help_banned(combat):
        game.note(f"nobody may help {fighter.name} in this combat"
                  + (f": {asked.name} does not help" if asked is not None else ""))
        return False
    for p in list(game.state.players):
        if combat is None or combat.helper is not None or p.dead or p in combat.players() \
                or help_bans.cannot_help(game.state, p):
            continue
        for card in [c for c in p.hand if c.kind == "one-shot"]:
            abilities = [ab for ab in card.data.abilities if ab.timing == JOINS]
            if not abilities or not all(_may_join(game, p, card, ab) for ab in abilities):
                continue
            p.hand.remove(card)
            game.event("played", card=card.id, player=p.name)
            combat.helper = p
            game.note(f"{p.name} plays {card.name} and helps {fighter.name}")
            react(game, p, "when_other_helps")
            faced(game, [p], combat.live_monsters())  # the helper meets the fight's monsters
            for ab in abilities:
                game.fire(p, card, ab, Ctx(game.game, card, p, timing=JOINS, actor=fighter))
            combat.played_in(card, p)
            if asked is not None:
                game.note(f"{p.name} helps instead of {asked.name}")
            return True
    return True


def _may_join(game: Any, player: Player, card: CardInst, ab: Any) -> bool:
    """Whether ``player`` plays ``card`` to join the fight: its line's costs can be paid,
    its conditions hold (a card is not given up, nor a fight joined, for a line that
    cannot act) and the player chooses to."""
    if ab.costs and not game.can_pay(player, ab, card):
        return False
    if not conditions_hold(ab.conditions, Scope(owner=player, card=card), game.state,
                           game.state.combat):
        return False
    return bool(game.policy.use_line(game.game, player, card, ab))


def faced(game: Any, players: list[Player], monsters: list[Any]) -> None:
    """Each of ``monsters`` has come into a fight ``players`` are in (the door's as the
    fight starts, one joining it, or every monster of a fight a helper joins): `when you
    face a monster` on their cards, `monster` naming the one that came (a strength change
    goes into the fight)."""
    for m in monsters:
        for p in [q for q in players if not q.dead]:
            if game.state.combat is not None and m in game.state.combat.live_monsters():
                react(game, p, YouFace.timing, others=False, monster=m)


def discarded(game: Any, player: Player, card: CardInst) -> None:
    """``card`` left ``player`` for the discards: `when another player discards a card`."""
    react(game, player, "when_other_discards", just=card)


#: the kinds that act once at `at the end of your next turn`, then go (a curse-like card
#: kept on its victim until then, a one-shot laid ahead)
_ONCE = frozenset({"one-shot", "curse", "trap", "disaster"})
#: `at the end of your next turn`: the cards in play when their owner's turn began
_ARMED = "armed:{}"


def turn_begins(player: Player) -> None:
    """``player``'s turn begins: their cards in play now are the ones whose `at the end of
    your next turn` comes at the end of this turn."""
    for card in player.in_play():
        if any(ab.timing == "turn_end_next" for ab in card.data.abilities):
            player.used_once.add(_ARMED.format(card.uid))


def turn_ends(game: Any, player: Player) -> None:
    """``player``'s turn ends: `at the end of your turn`, then `at the end of your next
    turn` on the cards that were in play when the turn began."""
    if player.dead:
        return
    react(game, player, "turn_end", others=False)
    for card in list(player.in_play()):
        key = _ARMED.format(card.uid)
        if key in player.used_once:
            player.used_once.discard(key)
            on = player if card in player.curses else None  # a curse: on its victim
            for ab in card.data.abilities:
                if ab.timing == "turn_end_next" and card in player.in_play():
                    game.fire(player, card, ab, Ctx(game.game, card, player, victim=on,
                                                     target=on, timing="turn_end_next"))
            pile = player.curses if card in player.curses else player.others
            if card.kind in _ONCE and card in pile:  # a curse on its victim, a one-shot
                pile.remove(card)  # laid ahead: it has acted once, and goes
                game.discard(card)
                game.note(f"{card.name} ({player.name}) has acted and is discarded")
