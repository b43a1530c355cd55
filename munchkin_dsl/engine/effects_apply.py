"""How each engine effect applies: a table from effect kind to a function.

A table rather than an if/elif chain so that an effect kind without an entry fails a test
(``tests/test_registry.py``) instead of silently doing nothing at runtime.  Each function
returns an :class:`~munchkin_dsl.engine.outcome.Outcome`: whether the effect *could*
apply, which is what an ``otherwise`` after it tests, and what the caller that fired the
line must do next (cancel the curse, roll again...), which :func:`run_ability` hands back.

Effects that are read rather than done (WinTies, NoEscape, Ignore, Limit...) are
recorded in the open combat's ``extras`` when played into a fight; while their card is in
play they are found by :func:`munchkin_dsl.engine.combat.passives` instead.

The table gathers the rows of four families kept in their own modules (levels, cards out
of hands and off the table, who is in a fight, answers to what is happening:
:mod:`.effects_levels`, :mod:`.effects_cards`, :mod:`.effects_fight`,
:mod:`.effects_answers`); whom an effect reaches is
:mod:`.effects_targets`.  Applying a line (``otherwise``, `A, or B`, group targets) and
firing an ability are here.
"""

from __future__ import annotations

import dataclasses
from typing import Any, cast

from munchkin_dsl.compiler import effects as fx
from munchkin_dsl.compiler.effect_base import alternatives
from munchkin_dsl.engine import (
    algebra_cards,
    algebra_fight,
    algebra_modifiers,
    algebra_moves,
    amounts,
    cancel_played,
    counters,
    durations,
    effects_answers,
    effects_cards,
    effects_fight,
    effects_levels,
    happenings,
    help_bans,
    lasting,
    monster_moves,
    phase_skips,
    replacement,
    selling,
    use_restrictions,
)
from munchkin_dsl.engine.conditions import Scope, conditions_hold
from munchkin_dsl.engine.effects_targets import keep, targets
from munchkin_dsl.engine.interface import Ctx, EngineError
from munchkin_dsl.engine.outcome import (
    APPLIED,
    NOT_APPLIED,
    Behaviour,
    Outcome,
    applied,
)
from munchkin_dsl.engine.play_windows import closed
from munchkin_dsl.engine.state import CardInst, Player, frequency_budget
from munchkin_dsl.language.parts.players import GROUP_TARGETS


def _die(eff: Any, ctx: Ctx) -> Outcome:
    """The targets die; a monster's own `die` (its Bad Stuff) names the monster, whose
    `instead of dying` answers the death after the victim's own cards."""
    hit = targets(ctx, eff.target)
    own = ctx.monster if ctx.monster is not None and ctx.card is ctx.monster.card else None
    for p in hit:
        ctx.game.kill(p, own)
    return applied(hit)


def _change_sex(eff: Any, ctx: Ctx) -> Outcome:
    hit = targets(ctx, eff.target)
    for p in hit:
        p.sex = "female" if p.sex == "male" else "male"
        ctx.game.note(f"{p.name} is now {p.sex}")
    return applied(hit)


def _steal_item(eff: Any, ctx: Ctx) -> Outcome:
    takers = targets(ctx, eff.target)
    combat = ctx.combat
    sources = [p for p in targets(ctx, eff.source)
               if not (combat and p in combat.players())]
    if not sources and eff.source == "another_player" and combat is not None:
        # the player picks one the line may take from: someone outside the fight (each
        # taker's own pick below: the first of them who is not the taker)
        sources = [p for p in ctx.game.state.players
                   if not p.dead and p not in combat.players()]
    done = False
    # each taker (`every other player ... takes`) takes one, never from themself
    for taker in takers:
        source = next((p for p in sources if p is not taker), None)
        small = [c for c in source.items if not (c.is_big() or c.data.aggregate)] if (
            source is not None) else []
        if source is None or not small:
            continue
        _hand_over(ctx.game, source, taker, ctx.game.choose_item(taker, small, "take"))
        done = True
    return applied(done)


def _hand_over(g: Any, source: Player, taker: Player, card: CardInst) -> None:
    """An item ``source`` has in play goes to ``taker``'s table, its item enhancers with
    it (a small item stolen, items taken from a player)."""
    for c in [c for c in source.others if c.attached_to is card]:
        source.others.remove(c)
        taker.others.append(c)
    source.items.remove(card)
    source.lost.append(card.id)
    card.worn = False
    taker.items.append(card)
    g.equip(taker)
    g.equip(source)
    g.note(f"{taker.name} takes {card.name} from {source.name}")


def _open_seal(eff: Any, ctx: Ctx) -> Outcome:
    hit = targets(ctx, eff.target)
    return applied(ctx.game.open_seal(hit[0] if hit else ctx.owner))


def _close_seal(_eff: Any, ctx: Ctx) -> Outcome:
    return applied(ctx.game.close_seal())


def _take_from_discards(eff: Any, ctx: Ctx) -> Outcome:
    """The last discarded card of the kind, from the deck's discards, to each target's hand
    or into play (by the normal rules: a race over the limit replaces the oldest); False
    when there is none, so an `otherwise` after it applies."""
    g = ctx.game
    pile = g.state.discards.setdefault(eff.deck, [])
    took = False
    for p in targets(ctx, eff.target):
        found = next((c for c in reversed(pile)
                      if eff.card_kind is None or c.kind == eff.card_kind), None)
        if found is None:
            break
        pile.remove(found)
        p.hand.append(found)
        took = True
        g.note(f"{p.name} takes {found.name} from the {eff.deck} discards")
        if eff.into_play:
            try:
                g.put_in_play(p, found)
            except EngineError as exc:  # it cannot go into play now: it stays in the hand
                g.note(f"{found.name} stays in {p.name}'s hand: {exc}")
    return applied(took)


def _arrange_top(eff: Any, ctx: Ctx) -> Outcome:
    """The top ``count`` cards of the deck, put back as the player picks: one by one the
    card to lie on top next (Policy.choose_item, why "top"), or for each card the top or
    the bottom (Policy.choose_option: 1 top, 2 bottom)."""
    g = ctx.game
    deck = g.state.decks.get(eff.deck) or []
    hit = targets(ctx, eff.target)
    if not hit or not deck:
        return NOT_APPLIED
    p = hit[0]
    top = [deck.pop() for _ in range(min(eff.count, len(deck)))]  # the top card first
    g.note(f"{p.name} looks at the top {len(top)} {eff.deck} card(s)")
    order: list[CardInst] = []
    if eff.bottom:
        for card in top:
            if g.choose_option(p, 2) == 1:
                deck.insert(0, card)
                g.note(f"{p.name} puts {card.name} at the bottom of the {eff.deck} deck")
            else:
                order.append(card)
    else:
        rest = list(top)
        while rest:
            pick = g.choose_item(p, rest, "top")
            rest.remove(pick)
            order.append(pick)
    deck.extend(reversed(order))  # the first picked lies on top
    if order:
        g.note(f"{p.name} puts back on top: " + ", ".join(c.name for c in order))
    return APPLIED


def _end_game(eff: Any, ctx: Ctx) -> Outcome:
    ctx.game.end_game(eff.criteria)
    return APPLIED


def _static(eff: fx.Effect, ctx: Ctx) -> Outcome:
    return applied(keep(eff, ctx))


def _take(eff: Any, ctx: Ctx) -> Outcome:
    """Each taker in turn takes `count` items in play (its pick: the most valuable),
    cards at random from the source's hand, or cards of its choice from that hand (it
    looks at the hand: the policy picks); an item enhancer goes with its item."""
    g = ctx.game
    sources = targets(ctx, eff.source)
    if not sources:
        return NOT_APPLIED
    took = False
    # `take 1 card at random from every other player`: from each of a group in turn
    each = eff.source in GROUP_TARGETS or eff.source.startswith("each_")  # a superlative: one
    for taker, source in [(t, s) for t in targets(ctx, eff.target)
                          for s in (sources if each else sources[:1])]:
        if taker is source and eff.source == "another_player":  # another than the taker
            source = g.choose_other(taker)
        if taker is source or taker.dead:
            continue
        for _ in range(eff.count):
            if eff.what in ("cards", "chosen_cards"):
                if not source.hand:
                    break
                card = (source.hand.pop(g.state.rng.randrange(len(source.hand)))
                        if eff.what == "cards" else g.choose_item(taker, list(source.hand),
                                                                  "take"))
                if card in source.hand:  # `of your choice`: the taker looked and picked
                    source.hand.remove(card)
                taker.hand.append(card)
                how = "a card at random" if eff.what == "cards" else card.name
                g.note(f"{taker.name} takes {how} from {source.name}'s hand")
            else:
                if not source.items:
                    break
                _hand_over(g, source, taker, g.choose_item(taker, list(source.items), "take"))
            took = True
    return applied(took)


def _replace_monster(_eff: Any, ctx: Ctx) -> Outcome:
    """Illusion: the monster the card is played on (else the first) leaves the fight with
    its enhancers and no treasure; a monster from the player's hand (the one named with
    the play, else the first) comes in its place."""
    combat = ctx.combat
    if combat is None or ctx.owner is None:
        return NOT_APPLIED
    live = combat.live_monsters()
    old = ctx.monster if ctx.monster in live else (live[0] if live else None)
    named = ctx.extra_card if ctx.extra_card is not None and ctx.extra_card.kind == "monster" \
        else None
    new = named or next((c for c in ctx.owner.hand if c.kind == "monster"), None)
    if old is None or new is None:
        return NOT_APPLIED
    old.removed = True
    old.removed_with_treasure = False
    if new in ctx.owner.hand:
        ctx.owner.hand.remove(new)
    ctx.game.note(f"{old.name} leaves the fight; {new.name} takes its place")
    ctx.game.add_monster(new)
    return APPLIED


def _borrow_item(eff: Any, ctx: Ctx) -> Outcome:
    """Borrowed Blade: the borrower wears an item another player has in play (played on a
    player: one of theirs; the borrower picks) for the rest of the fight; when the combat
    closes it goes back to its owner, who wears it again if it fits."""
    combat = ctx.combat
    borrowers = targets(ctx, eff.target)
    if combat is None or not borrowers:
        return NOT_APPLIED
    borrower = borrowers[0]
    anyone = eff.source == "another_player" and ctx.target is None  # the borrower's pick
    lenders = [p for p in (ctx.game.state.players if anyone else targets(ctx, eff.source))
               if p is not borrower and p not in combat.players() and not p.dead]
    items = [c for p in lenders for c in p.worn_items()]
    if not items:
        return NOT_APPLIED
    item = ctx.game.choose_item(borrower, items, "take")
    lender = next(p for p in lenders if item in p.items)
    lender.items.remove(item)
    borrower.items.append(item)
    ctx.game.equip(borrower, first=item)
    ctx.game.note(f"{borrower.name} borrows {item.name} from {lender.name} for this fight")

    def give_back() -> None:
        if item in borrower.items:
            borrower.items.remove(item)
            item.worn = False
            lender.items.append(item)
            ctx.game.equip(lender)
            ctx.game.equip(borrower)
            ctx.game.note(f"{item.name} goes back to {lender.name}")
    ctx.game.defer(give_back)
    return APPLIED


APPLY: dict[str, Behaviour] = {
    "treasure_count": _static,
    "kill_levels": _static,  # read when the fight is won (engine/rewards.py)
    "replace_monster": _replace_monster,
    "borrow_item": _borrow_item,
    "take": _take,
    "die": _die,
    "change_sex": _change_sex,
    "steal_item": _steal_item,
    "open_seal": _open_seal,
    "close_seal": _close_seal,
    "no_escape": _static,
    "no_sacrifice": _static,
    "win_ties": _static,
    "will_not_pursue": _static,
    "horde": _static,
    "limit": _static,
    "sell_double": _static,
    "ignore": _static,
    "item_trait": _static,  # read standing where items are arranged (engine/item_traits.py)
    "two_handed_bonus": _static,
    "end_game": _end_game,
    "take_from_discards": _take_from_discards,
    "arrange_top": _arrange_top,
    "weaken": _static,
    **effects_levels.HANDLERS,
    **effects_cards.HANDLERS,
    **effects_fight.HANDLERS,
    **effects_answers.HANDLERS,
    **cancel_played.HANDLERS,
}
APPLY.update(algebra_fight.table(targets, algebra_modifiers.BEHAVIOURS,
                                 algebra_moves.BEHAVIOURS, lasting.BEHAVIOURS,
                                 monster_moves.BEHAVIOURS, replacement.BEHAVIOURS,
                                 algebra_cards.BEHAVIOURS, phase_skips.BEHAVIOURS,
                                 counters.BEHAVIOURS, help_bans.BEHAVIOURS,
                                 selling.BEHAVIOURS))
APPLY.update(amounts.wrap(APPLY))  # `for each ...`, `up to 3`: the number worked out first

_GROUP = ("each_player", "every_other_player", "highest_level", "lowest_level", "player_side")


def _run(eff: fx.Effect, ctx: Ctx) -> Outcome:
    """The one dispatch of an effect: its behaviour's outcome, its note in the notes.
    An effect written `after this combat ...` waits for the end of the combat it is done
    in (the game's deferred work, as a reward earned in a fight is given) and counts as
    done: it will be."""
    if eff.later:
        if ctx.game.state.combat is not None:
            ctx.game.note(f"{ctx.card.name if ctx.card else 'the line'}: {eff.kind} waits for "
                          "the end of this combat")
        ctx.game.defer(lambda: _run(dataclasses.replace(eff, later=""), ctx))
        return Outcome(True)
    outcome = APPLY[eff.kind](eff, ctx)
    if outcome.note:
        ctx.notes.append(outcome.note)
    return outcome

def _offered(group: tuple[fx.Effect, ...], ctx: Ctx) -> bool:
    """The alternative's leading timing (`or outside combat, ...`) holds now."""
    window = group[0].offered
    return not window or ctx.owner is None or closed(ctx.game.state, ctx.owner, window) is None


def _pick(groups: list[tuple[fx.Effect, ...]], ctx: Ctx, chooser: Player | None
          ) -> tuple[int, list[int]] | None:
    """The alternative ``chooser`` picks among those offered now (one outside its window
    is never picked: the first offered stands in), and every one offered; None: none is.
    One choice for a played line and for one kept for a duration."""
    open_now = [i for i, g in enumerate(groups) if _offered(g, ctx)]
    if not open_now:
        ctx.game.note("no alternative is offered now")
        return None
    first = ctx.game.choose_option(chooser, len(groups))
    if first not in open_now:
        first = open_now[0]
    ctx.game.note(f"{chooser.name if chooser else 'the player'} chooses option {first + 1} "
                  f"of {len(groups)}")
    return first, open_now


def _choose_alternative(groups: list[tuple[fx.Effect, ...]], ctx: Ctx,
                        owner_picks: bool = False) -> Outcome:
    """`A, or B and C, or D`: the player the first reaches picks one (`choose one`: the
    card's owner) among those offered now; if it cannot apply (nothing to discard) the
    next ones are tried in order, as a player may not pick an option that does nothing
    while another would do something.  Alternatives that all reach a group (`every other
    player discards 1 card, or loses 1 level`) are picked by each player of the group for
    themselves."""
    first_eff = groups[0][0]
    subject = getattr(first_eff, "target", None)
    if not owner_picks and subject in _GROUP and all(
            getattr(e, "target", None) == subject for g in groups for e in g):
        applied = False
        for p in targets(ctx, subject, getattr(first_eff, "target_is", None)):
            sub = dataclasses.replace(ctx, victim=p, target=p, notes=ctx.notes)
            own = [tuple(dataclasses.replace(cast(Any, e), target="victim") for e in g)
                   for g in groups]
            applied = _choose_alternative(own, sub).applied or applied  # asks: p's own
        return NOT_APPLIED.as_applied(applied)
    hit = [] if owner_picks else targets(ctx, getattr(first_eff, "target", "you") or "you")
    picked = _pick(groups, ctx, hit[0] if hit else ctx.owner)
    if picked is None:
        return NOT_APPLIED
    first, open_now = picked
    said = NOT_APPLIED
    for i in [first, *[j for j in open_now if j != first]]:
        said = said.then(apply_effects(groups[i], ctx))
        if said.applied:
            return said
    return said


def apply_effects(effects: tuple[fx.Effect, ...], ctx: Ctx, owner_picks: bool = False
                  ) -> Outcome:
    """Apply effects in order, honouring ``otherwise``, alternatives (``owner_picks``: the
    line says `choose one`) and per-player group targets.

    When an effect reaches a group ("every other player discards ... otherwise loses a
    level"), the ``otherwise`` effect right after it is judged per player of the group,
    with that player as the victim.  The outcome: whether any applied, and what every
    effect run in ``ctx`` asks of the caller.
    """
    if any(e.either for e in effects):  # a line of alternatives: one group is chosen
        return _choose_alternative(alternatives(effects), ctx, owner_picks)
    said = NOT_APPLIED  # what the effects run in ctx ask (a player of a group: its own)
    applied_any = False
    last = True
    i = 0
    while i < len(effects):
        eff = effects[i]
        nxt = effects[i + 1] if i + 1 < len(effects) else None
        if eff.otherwise and last:
            i += 1
            continue
        if eff.optional and not ctx.game.decide_optional(ctx, eff):
            last = False
            i += 1
            continue
        subject = getattr(eff, "target", None)  # fx.Effect declares no target
        group = subject in _GROUP and nxt is not None and nxt.otherwise
        if group and subject is not None:
            ok_all = False
            # the otherwise effect keeps its subject ("... otherwise loses 1 level"): for the
            # group's target it means the one player of the group being judged
            # (another target, `otherwise lose 1 level`, is the line's own: read in ctx)
            same = getattr(nxt, "target", None) == subject
            alt: Any = dataclasses.replace(cast(Any, nxt), target="victim") if same else nxt
            for p in targets(ctx, subject, getattr(eff, "target_is", None)):
                sub = dataclasses.replace(ctx, victim=p, target=p, notes=ctx.notes)
                one = dataclasses.replace(cast(Any, eff), target="victim")
                ok = _run(one, sub).applied  # what it asks is the group member's, not ctx's
                if not ok:
                    _run(alt, sub if same else ctx)
                ok_all = ok_all or ok
            applied_any = applied_any or ok_all
            last = True
            i += 2
            continue
        done = _run(eff, ctx)
        said, last = said.then(done), done.applied
        applied_any = applied_any or last
        i += 1
    return said.as_applied(applied_any)


def line_holds(ctx: Ctx, ability: fx.Ability) -> bool:
    """The line's conditions hold now, read in its context (at the events that come once
    a fight is closed, the fight just closed: `when another player wins a fight, if you are
    helper`, `when another player kills a monster, if fighter is alone` (a ninth author's
    Bard: the fight was gone and `fighter` named nobody, so the line never fired)."""
    return conditions_hold(ability.conditions, Scope(
        owner=ctx.owner, victim=ctx.victim, target=ctx.target, monster=ctx.monster,
        card=ctx.card, drawn=ctx.drawn, just=ctx.just, spoils=algebra_cards.spoils(ctx.game)),
        ctx.game.state, ctx.combat or ctx.counted_fight)


def holding_at_event(lines: list[tuple[Ctx, fx.Ability]]) -> list[bool]:
    """Whether each line of one event holds, all read at the moment of the event, before
    any of them acts (docs/language.md §6.3): an author reads `bad stuff, if victim has a
    Sidekick: discard it, lose 1 level` and `bad stuff, if victim does not have a
    Sidekick: lose 2 levels` as one of the two, not as the second read after the first
    took the Sidekick.  The caller then runs each line that held with ``check=False``."""
    return [line_holds(ctx, ab) for ctx, ab in lines]


def run_ability(ctx: Ctx, ability: fx.Ability, check: bool = True) -> Outcome:
    """Fire one ability: conditions, frequency, roll, then its effects (costs paid already).
    The outcome says whether they applied and what the caller must do next.  What the
    effects set off carries the line's cause (`if the loss comes from bad stuff`).
    A card in play its owner may not use (`usable by X only`) runs none of its lines: every
    line of the engine, triggered, used or passive-with-effects, passes here."""
    owner, card = ctx.owner, ctx.card
    if owner is not None and card is not None and card in owner.in_play() and \
            not use_restrictions.usable(ctx.game.rules, owner, card):
        return NOT_APPLIED
    causes = ctx.game.state.causes
    causes.append(happenings.cause_of(ctx.timing, ctx.card))
    try:
        return _run_ability(ctx, ability, check)
    finally:
        causes.pop()


def _run_ability(ctx: Ctx, ability: fx.Ability, check: bool) -> Outcome:
    g = ctx.game
    ctx.label = ability.label
    if check and not line_holds(ctx, ability):
        return NOT_APPLIED
    acting = ability  # what applies; budgets and uses are keyed by the line itself
    if ability.effects and all(e.optional for e in ability.effects if not e.otherwise):
        if not g.decide_optional(ctx, ability.effects[0]):  # `may`: asked once, nothing spent
            g.note(f"{ctx.owner.name if ctx.owner else 'nobody'} does not use "
                   f"{ability.label or (ctx.card.name if ctx.card else 'the line')}")
            return NOT_APPLIED
        acting = dataclasses.replace(ability, effects=tuple(
            dataclasses.replace(e, optional=False) for e in ability.effects))
    spent = (frequency_budget(g.state, ctx.owner, ctx.card, ability, ctx.target)
             if ctx.card is not None else None)
    if spent is not None:
        budget, key = spent
        if key in budget:
            return NOT_APPLIED
        budget.add(key)
    if ability.until is not None:
        settled = _settled(ctx, acting)
        if settled is None:
            return NOT_APPLIED
        acting = settled
    if durations.lasts(g, ctx.card, ctx.owner, ctx.victim, acting,
                       shielded(ctx, acting)):  # `until ...`: kept
        durations.spend(g, ctx.owner, ctx.card, ability, kept=True)
        return APPLIED
    said, done, acted = NOT_APPLIED, False, False
    ctx.until = ability.until  # `until end of combat, put a marker on ...`: marks.taken_back
    times = ability.repeat or 1  # `twice`, `3 times`: the roll and effects, cost paid once
    for time in range(times):
        if times > 1:
            g.note(f"{ctx.card.name if ctx.card else 'the line'}: time {time + 1} of {times}")
        result, rolled = _roll_and_apply(ctx, acting)
        acted = acted or rolled
        done = (rolled and result.applied) or done
        said = said.then(result)
    if acted:
        # `3 uses`: the last discards (with `until ...`, once that use's duration ends)
        durations.spend(g, ctx.owner, ctx.card, ability, kept=ability.until is not None)
    return said.as_applied(done)


def shielded(ctx: Ctx, ability: fx.Ability) -> Player | None:
    """The one player a kept shield names (`until the end of the turn, a player of your
    choice ignores curses`): it is kept on them, not on the card's player (None: a line
    kept as usual; the shield reads no target once kept, engine/immunities.py)."""
    if not ability.effects or not all(e.kind == "ignore" and getattr(e, "what", "") == "curses"
                                      for e in ability.effects):
        return None
    named = {getattr(e, "target", None) for e in ability.effects}
    if len(named) != 1 or named <= {None, "you", "victim"}:
        return None
    hit = targets(ctx, str(next(iter(named))))
    return hit[0] if len(hit) == 1 else None


def _settled(ctx: Ctx, ability: fx.Ability) -> fx.Ability | None:
    """A line kept for a duration, settled as it is played: its die rolled (the branch
    rolled, or on a failed `roll N+` its `otherwise`, is kept) and its choice picked (`in
    combat, until end of combat, choose one: double the strength of monster, or ...`).
    The kept line is read all its duration, and reading every branch or alternative
    would apply all of them; before this a rolled line kept nothing (a ninth author's
    Coin-Flip Elixir: `until end of combat, roll a die: on 1 to 3 halve ..., on 4 to 6
    double ...`).  None: nothing is kept (a failed roll with no `otherwise`)."""
    g, effects = ctx.game, ability.effects
    if ability.roll is not None:
        roll = g.roll_die(ctx.victim or ctx.owner, f"roll {ability.roll}+", ability.roll)
        ctx.rolled = roll
        if roll < ability.roll:
            g.note(f"rolled {roll}, needed {ability.roll}+")
        effects = tuple(dataclasses.replace(e, otherwise=False, on_roll=()) for e in effects
                        if (e.otherwise if roll < ability.roll else not e.otherwise and (
                            not e.on_roll or e.on_roll[0] <= roll <= e.on_roll[-1])))
        if not effects:
            return None
    if any(e.either for e in effects):
        groups = alternatives(effects)
        picked = _pick(groups, ctx, ctx.owner)
        if picked is None:
            return None
        effects = groups[picked[0]]
    return dataclasses.replace(ability, effects=effects, roll=None)


def _roll_and_apply(ctx: Ctx, ability: fx.Ability) -> tuple[Outcome, bool]:
    """The line's roll, then its effects: their outcome, and False when the roll failed
    (then the effects after `otherwise` apply instead, and the line counts as not
    applied whatever they did)."""
    g = ctx.game
    picks = bool(ability.choose_one)
    if ability.roll is not None:
        roll = g.roll_die(ctx.victim or ctx.owner, f"roll {ability.roll}+", ability.roll)
        ctx.rolled = roll
        if roll < ability.roll:
            g.note(f"rolled {roll}, needed {ability.roll}+")
            otherwise = tuple(e for e in ability.effects if e.otherwise)
            return apply_effects(tuple(dataclasses.replace(e, otherwise=False)
                                       for e in otherwise), ctx, picks), False
        ability = dataclasses.replace(ability, effects=tuple(  # `on 1 to 2`: the die's branch
            e for e in ability.effects if not e.otherwise and (
                not e.on_roll or e.on_roll[0] <= roll <= e.on_roll[-1])))
    return apply_effects(ability.effects, ctx, picks), True
