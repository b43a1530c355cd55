"""A fight as it happens: a monster met, monsters joining, help, the win and its rewards,
running away and Bad Stuff.

The flow of a combat; the arithmetic of strength and the table's passive effects are in
:mod:`.combat`, which this module asks.  Built with the levels (:mod:`.victory`), because
a won fight gives levels.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from munchkin_dsl.compiler import effects as fx
from munchkin_dsl.compiler.effects import Ability
from munchkin_dsl.engine import (
    amounts,
    bad_stuff_answers,
    combat_riders,
    counters,
    dice,
    durations,
    help_bans,
    instead,
    lasting,
    monster_moves,
    monster_outcomes,
    roll_curses,
    turn_facts,
    waiting,
)
from munchkin_dsl.engine import combat as cb
from munchkin_dsl.engine.bad_stuff_answers import WOULD_HIT, on_escape_too
from munchkin_dsl.engine.core import READ_ON_MONSTERS, GameCore, Part, action
from munchkin_dsl.engine.effects_apply import holding_at_event, run_ability
from munchkin_dsl.engine.events import asked_for_help, faced, react
from munchkin_dsl.engine.interface import Ctx, EngineError
from munchkin_dsl.engine.outcome import NOT_APPLIED, Outcome
from munchkin_dsl.engine.rewards import kill_level_change
from munchkin_dsl.engine.state import CardInst, Combat, MonsterInst, Player, frequency_budget
from munchkin_dsl.engine.victory import Victory
from munchkin_dsl.language.count_part import count_of
from munchkin_dsl.language.parts import monster_events, until_events
from munchkin_dsl.language.parts.instead import WIN_TREASURES


class CombatFlow(Part):
    """Combat: meeting monsters, helping, winning, running away and Bad Stuff."""

    def __init__(self, core: GameCore, victory: Victory) -> None:
        super().__init__(core)
        self.gain_levels = victory.gain_levels
        self.check_win = victory.check_win

    @action
    def start_combat(self, fighter: Player, monster: CardInst) -> Combat:
        """The fighter meets a monster (kicked open, or looked for from hand)."""
        if self.state.combat is not None:
            raise EngineError("a combat is already open")
        combat = Combat(fighter=fighter)
        self.state.combat = combat
        self.state.met_monster.add(fighter.name)
        turn_facts.noted(self.state, "when_other_fights", fighter)  # `if you fought ...`
        self._take(fighter, monster)
        self.add_monster(monster)
        levels = (monster.data.levels_given or 1)
        combat.winning_fight = fighter.level + levels >= self.rules.win_level
        self.note(f"{fighter.name} (level {fighter.level}) fights {monster.name} "
                  f"(level {monster.data.level})")
        for card in [*fighter.in_play(), *self.state.open_seals]:  # they take part in the fight
            self._took_part(card.id)
        if cb.has_effect(self.state, combat, fx.EFFECTS_BY_KIND["will_not_pursue"]):
            self.note(f"{monster.name} will not pursue {fighter.name}")
            combat.outcome = "not_pursued"
            self._close_combat()
            return combat
        self._monster_entry(combat.monsters[-1])
        monster_moves.join_followers(self, fighter)  # `the monster follows you`
        for curse in list(fighter.curses):  # a curse waiting for this combat strikes now
            for ab in curse.data.abilities:
                # (a strength operator is read all fight, like a bonus: monster_operators.py)
                acts = tuple(e for e in ab.effects if e.kind not in READ_ON_MONSTERS)
                if ab.timing == "next_combat" and acts:
                    run_ability(Ctx(self.game, curse, None, victim=fighter, target=fighter,
                                    timing="next_combat"), dataclasses.replace(ab, effects=acts))
        react(self, fighter, "when_other_fights")
        react(self, fighter, "when_you_fight", others=False)  # the fighter's own cards
        faced(self, [fighter], combat.monsters)  # `when you face a monster`
        self._maybe_finish()
        return combat

    def add_monster(self, card: CardInst) -> MonsterInst:
        combat = self.state.combat
        if combat is None:
            raise EngineError("no combat to join")
        m = MonsterInst(card=card)
        combat.monsters.append(m)
        self._took_part(card.id)  # a monster takes part from the moment it enters the fight
        if len(combat.monsters) > 1:
            self.note(f"{card.name} joins the fight")
            self._monster_entry(m)
            self._is_winning_fight(combat)
            faced(self, combat.players(), [m])
        return m

    def _is_winning_fight(self, combat: Combat) -> None:
        """Whether a win would reach the winning level, decided again whenever a monster
        joins: a fight can become one for the winning level, and a helper forced to help
        may then leave (seed 002 «ВМЕШАТЕЛЬСТВО В БОЙ»)."""
        levels = sum(m.card.data.levels_given or 1 for m in combat.live_monsters()
                     if m.copy_of is None)
        now = combat.fighter.level + levels >= self.rules.win_level
        if now and not combat.winning_fight and combat.forced_helper:
            who = combat.helper.name if combat.helper else "the helper"
            self.note(f"the fight is now for the winning level: {who} may leave")
        combat.winning_fight = now

    @action
    def leave_help(self, helper: Player) -> None:
        """A helper forced to help leaves once the fight is for the winning level (forced
        help does not work in such a fight, seed 002 «ВМЕШАТЕЛЬСТВО В БОЙ»)."""
        combat = self.state.combat
        if combat is None or combat.helper is not helper:
            raise EngineError(f"{helper.name} is not helping")
        if not (combat.forced_helper and combat.winning_fight):
            raise EngineError(f"{helper.name} may leave only when forced to help and the "
                              "fight has become one for the winning level")
        combat.helper = None
        combat.forced_helper = False
        self.note(f"{helper.name} leaves the fight")

    def _monster_entry(self, m: MonsterInst) -> None:
        """A monster's mandatory non-passive abilities (Amazon: no fight with a woman)."""
        for ab in m.card.data.abilities:
            if ab.timing == monster_events.CombatStarts.timing and (c := self.state.combat):
                self.fire(c.fighter, m.card, ab, Ctx(  # however it came in, for the fighter
                    self.game, m.card, c.fighter, victim=c.fighter, monster=m,
                    timing=ab.timing))  # a cost (`discard 2 cards:`): the fighter's choice
            if ab.timing != "continuous":
                continue
            acts = [e for e in ab.effects if e.kind not in READ_ON_MONSTERS]
            if acts and any(e.optional for e in acts):  # the fighter's choice, never automatic
                self.note(f"{m.name}'s `may` line acts only when a player uses it (in a "
                          f"scenario: `NAME uses {ab.label or m.card.id}`)")
            if not acts or any(e.optional for e in acts):
                continue
            run_ability(Ctx(self.game, m.card, None, monster=m, timing="continuous",
                            victim=self.state.combat.fighter if self.state.combat else None), ab)

    def horde_tag(self, combat: Combat, card: CardInst,
                  paired: CardInst | None = None) -> str | None:
        """The tag by which a monster may join the fight from a hand, or None.

        A horde tag (the ruleset's Undead, Shark) lets a monster with it join a fight that
        has one; a monster's own Horde effect ("other Shark monsters may join") does the
        same for its tag.  A monster played paired with an enhancer that gives a tag
        (Undead) counts as having it («АНДЕДЫ», «Undead Monsters»).
        """
        tags = set(card.data.tags)
        if paired is not None and paired.kind == "monster-enhancer":
            tags |= {getattr(e, "tag", "") for ab in paired.data.abilities for e in ab.effects
                     if e.kind == "add_tag"}
        info = self.rules.ruleset.tag_info
        for m in combat.live_monsters():
            for tag in tags & m.tags():
                if tag in info and info[tag].horde:
                    return tag
            for pa in cb.passives(self.state, combat):
                joins = getattr(pa.effect, "tag", None)
                if pa.monster is m and pa.effect.kind == "horde" and joins in tags:
                    return str(joins)
        return None

    def end_combat_without_outcome(self) -> None:
        """The fight ends with nobody winning or fleeing (its last monster was given to
        another player): what was played into it goes, deferred effects happen."""
        if self.state.combat is not None:
            self._close_combat()

    def _maybe_finish(self) -> None:
        """Every monster defeated without a kill: the combat is won without one."""
        combat = self.state.combat
        if combat is not None and combat.monsters and not combat.live_monsters():
            self._win(combat)

    def breakdown(self) -> cb.Breakdown:
        combat = self.state.combat
        if combat is None:
            raise EngineError("no combat is open")
        return cb.strength(self.state, self.rules, combat)

    @action
    def help(self, helper: Player, share: int = 0) -> None:
        combat = self.state.combat
        if combat is None:
            raise EngineError("no combat to help in")
        if combat.helper is not None:
            raise EngineError(f"{combat.helper.name} is already helping")
        if helper is combat.fighter or helper.dead:
            raise EngineError(f"{helper.name} cannot help")
        ban = help_bans.banned_by(self.state, helper, help_bans.CANNOT_HELP)
        if ban is not None:  # `you cannot help` on a curse on the helper, or a card of theirs
            raise EngineError(f"{helper.name} cannot help anyone ({ban.name})")
        if lasting.help_banned(combat):
            raise EngineError(f"{combat.fighter.name} cannot ask for help in this combat")
        if not asked_for_help(self, combat.fighter, helper) or combat.helper is not None:
            return  # help banned as it was asked, or a one-shot's player helps instead
        react(self, helper, "when_other_helps")
        combat.helper = helper
        combat.helper_share = share
        self.note(f"{helper.name} helps {combat.fighter.name}")
        self.victim_did(helper, "when_other_helps")  # a curse on them waited: they are in
        faced(self, [helper], combat.live_monsters())  # the helper meets the fight's monsters

    @action
    def resolve(self, outright: bool = False) -> cb.Breakdown:
        """End the fight if the player side wins (or ``outright``: a kill, no comparison)."""
        combat = self.state.combat
        if combat is None:
            raise EngineError("no combat is open")
        bd = self.breakdown()
        if not bd.won and not outright:
            raise EngineError(bd.refusal())
        self.state.last_margin = bd.player - bd.monster
        self._win(combat)
        return bd

    def _win(self, combat: Combat) -> None:
        fighter, helper = combat.fighter, combat.helper
        killed = combat.live_monsters()
        treasure = 0
        for m in combat.monsters:
            if m in killed or m.removed_with_treasure:
                if m.copy_of is not None and not m.copy_with_treasure:
                    continue
                treasure += self._treasure_of(m, combat)
        levels = max(0, sum((m.card.data.levels_given or 1) for m in killed)
                     + kill_level_change(self.game, combat, killed))
        combat.outcome = "win" if killed else "defeated_without_kill"
        for m in combat.monsters:
            self.event("fight", monster=m.card.id, won=True, killed=m in killed,
                       helped=helper is not None, level=fighter.level)
        for p in combat.players():
            for item in p.worn_items():
                self.event("item_won", card=item.id)
        self.note(f"{fighter.name} wins" + (" by killing " + ", ".join(m.name for m in killed)
                                            if killed else " without a kill"))
        self._close_combat()  # fixed rule 3: rewards only once the combat is over
        self.last_kills = len(killed)
        helper_got = False
        winners = [p for p in (fighter, helper) if p is not None]
        waiting.victim_won(self, winners)  # `the next time victim wins a fight: ...`
        no_level = [p for p in winners if lasting.no_level(self, p)]  # `... for it`
        if killed:
            # every level of the fight is given before the game looks for a winner: players
            # who reach the winning level together win together (seed 001 «Начало и
            # Завершение Игры», seed 003 «Начало и завершение игры», seed 004 «6.
            # ROZPOCZĘCIE I ZAKOŃCZENIE GRY»)
            self._win_held = True
            try:
                helper_got = self._kill_levels(fighter, helper, levels, len(killed),
                                               no_level)
                for who in (fighter, helper):
                    if who is not None:
                        self._on_kill(who, who is helper, helper_got, combat)
            finally:
                self._win_held = False
            self.check_win()
            if (helper is not None and fighter.name in self.state.winners
                    and self.rules.change("shared_win") == "both"
                    and helper.name not in self.state.winners):
                # the optional shared victory (seed 000 «Faster Play Rules»): the helper
                # also wins "no matter what Level he is"
                self.state.winners.append(helper.name)
                self.note(f"{helper.name} shares the victory")
        share = min(combat.helper_share, treasure) if helper else 0
        none_for = [p for p in winners if lasting.no_treasures(self, p)]
        if treasure:
            self._draw_spoils(combat, fighter, treasure - share, none_for)
            if share and helper is not None:
                self._draw_spoils(combat, helper, share, none_for)
        # the monsters' outcome events and the kill's, its treasures drawn (monster_outcomes)
        monster_outcomes.after_the_draw(self, combat, killed)
        self.last_kills = 0
        waiting.fight_won(self, winners)
        for p in winners:  # `until you win a fight`: it ends now
            durations.event_came(self, until_events.WON, p)
        combat_riders.won(self, combat)  # `if you win this combat`

    def _draw_spoils(self, combat: Combat, winner: Player, count: int,
                     none_for: list[Player]) -> None:
        """``winner`` draws their ``count`` treasures of the fight won, unless a curse took
        them (``none_for``: `draws no treasures for it`) or a line replaces the draw
        (`instead of drawing treasures: ...`, engine/instead.py), whose counts read the
        monster just killed (`for each level you have over the monster`), as on kill."""
        killed = combat.live_monsters()[:1]
        if winner in none_for or instead.replaced(self.game, winner, WIN_TREASURES,
                                                  "the draw of the fight's treasures",
                                                  monster=killed[0] if killed else None):
            return
        combat.spoils[winner.name] = self.draw(winner, "treasure", count)

    def _kill_levels(self, fighter: Player, helper: Player | None, levels: int, kills: int,
                     none_for: list[Player]) -> bool:
        """The levels of a kill: the fighter's, and the helper's where the ruleset gives
        one (never the winning level unless victory is shared); a winner in ``none_for``
        (`gains no level for it`) gains none.  Whether the helper gained."""
        if fighter not in none_for:
            self.gain_levels(fighter, levels, "kill")
        if helper is None or helper in none_for or not self.rules.helper_gains_level(helper):
            return False
        cap = None if self.rules.shared_win != "none" else self.rules.win_level - 1
        self.gain_levels(helper, kills, "kill", cap)
        return True

    def _on_kill(self, p: Player, is_helper: bool, helper_got: bool,
                 combat: Combat | None = None) -> None:
        """A won fight's on_kill abilities of the fighter's and helper's cards; their
        conditions read the fight just won (`on kill, if you are alone`), their counts the
        monster just killed (`for every 2 levels the monster has over you`: the fight is
        closed by now, so the count read no monster and was always 0)."""
        killed = combat.live_monsters()[:1] if combat is not None else []
        for card in p.in_play():
            for ab in card.data.abilities:
                if ab.timing != "on_kill":
                    continue
                helper_only = _helper_only(ab)
                if helper_only and not is_helper:
                    continue
                if helper_only and helper_got and all(e.kind == "gain_levels"
                                                      for e in ab.effects):
                    self.note(f"{card.name}: {p.name}'s level for helping is already given "
                              "by the ruleset")
                    continue
                rest = tuple(c for c in ab.conditions if c.predicate != "helper")
                ok = cb.conditions_hold(rest, cb.Scope(owner=p, card=card), self.state,
                                        combat)
                if ok:
                    run_ability(Ctx(self.game, card, p, timing="on_kill",  # a curse: on p
                                    victim=p if card in p.curses else None,
                                    monster=killed[0] if killed else None), ab, check=False)

    def _treasure_of(self, m: MonsterInst, combat: Combat) -> int:
        n = m.card.data.treasures or 0
        for enh in [m.card, *m.all_enhancers()]:  # the monster's own lines count too
            for ab in enh.data.abilities:
                if ab.conditions and not cb.conditions_hold(ab.conditions, cb.Scope(monster=m),
                                                            self.state, combat):
                    continue  # `if fighter is alone: +1 treasure` counts only when it holds
                n += sum(amounts.treasure(e, Ctx(self.game, enh, None, monster=m))
                         for e in ab.effects if e.kind == "treasure_count")
        for eff, card, owner in combat.extras:
            if eff.kind == "treasure_count":  # `for every 4 points you won by`: read now
                n += amounts.treasure(eff, Ctx(self.game, card, owner, monster=m))
        return max(0, n)

    def treasure_total(self) -> int:
        """The treasures the fight gives if the player side wins now: a count of the margin
        (`+1 treasure for every 4 points you won by`, `if fighter wins by 10 or more`) reads
        the margin as the strengths stand, as :meth:`resolve` will."""
        combat = self.state.combat
        if combat is None:
            return 0
        before = self.state.last_margin
        if _reads_margin(combat):
            bd = self.breakdown()
            self.state.last_margin = bd.player - bd.monster if bd.won else before
        try:
            return sum(self._treasure_of(m, combat) for m in combat.live_monsters()
                       if m.copy_of is None or m.copy_with_treasure)
        finally:
            self.state.last_margin = before

    def _close_combat(self) -> None:
        st = self.state
        combat = st.combat
        if combat is None:
            return
        for m in combat.monsters:
            if m.copy_of is None:
                self.discard(m.card)
            for e in m.enhancers:
                self.discard(e)
        for c in combat.played:
            self.discard(c)
        for p in combat.players():
            for curse in [c for c in p.curses if any(
                    a.timing == "next_combat" or a.until in ("end_of_combat", "end_of_next_combat")
                    or durations.curse_fight_counted(self, p, c, a) for a in c.data.abilities)]:
                p.curses.remove(curse)
                self.discard(curse)
        st.combat = None
        durations.ends(self, "combat_end", None, tuple(combat.players()),  # `until ...`
                       combat)
        durations.lapse(self)  # a curse `while ...` whose condition no longer holds leaves
        self.last_outcome, self.last_combat = combat.outcome, combat
        deferred, self._deferred = self._deferred, []
        for fn in deferred:
            fn()
        for p in combat.players():  # `after each combat you fight`: won, fled or lost
            if not p.dead:
                self.fire_table(p, "after_combat")
        waiting.victim_combat_ended(self, [p for p in combat.players() if not p.dead])

    @action
    def run_away(self, rolls: Sequence[int] | None = None) -> dict[str, str]:
        """Everyone on the player side flees each monster: d6, 5+ escapes, then Bad Stuff."""
        combat = self.state.combat
        if combat is None:
            raise EngineError("no combat to run from")
        bd = self.breakdown()
        self.state.last_loss = bd.monster - bd.player  # `for every 5 points you lost by`
        if not bd.won:  # lost: `if you lose this combat` lines, before running
            combat_riders.lost(self, combat)
        given = list(rolls or [])
        result: dict[str, str] = {}
        fled: list[tuple[Player, bool]] = []  # (who ran, escaped) per monster
        suffered: list[Player] = []  # hit by a Bad Stuff, once per monster
        monsters = combat.live_monsters()
        for p in combat.players():
            auto = any(e.kind == "auto_escape" and o is p for e, _c, o in combat.extras)
            if not auto and p is combat.helper:  # the owner decides for the helper
                owners = [o for e, _c, o in combat.extras
                          if e.kind == "auto_escape" and o is combat.fighter]
                if owners and self.policy.helper_escapes_too(self.game, owners[0], p):
                    self.note(f"{owners[0].name} takes {p.name} along: {p.name} escapes too")
                    auto = True
            for m in monsters:
                if p.dead:
                    break
                escaped = auto or p.name in m.let_go or self._flee_roll(p, m, combat, given)
                self.event("run", monster=m.card.id, escaped=escaped)
                result[f"{p.name}:{m.card.id}"] = "escaped" if escaped else "caught"
                hit = False
                if escaped:
                    self._on_escape(p, m)
                else:
                    hit = self._bad_stuff(p, m, combat, True, ("when_caught", WOULD_HIT))
                hit = self._bad_stuff(p, m, combat, False, on_escape_too(m, escaped)) or hit
                fled.append((p, escaped))
                suffered += [p] if hit else []
        for m in monsters:
            self.event("fight", monster=m.card.id, won=False, killed=False,
                       helped=combat.helper is not None, level=combat.fighter.level)
        combat.outcome = "caught" if "caught" in result.values() else "escaped"
        self._close_combat()
        for p, escaped in fled:  # `when another player runs away`, once the fight is over
            react(self, p, "when_other_escapes" if escaped else "when_other_caught")
            react(self, p, "when_other_runs_away")
        for p in suffered:  # `when another player suffers bad stuff`
            react(self, p, "when_other_bad_stuff")
        return result

    def _on_escape(self, p: Player, m: MonsterInst) -> None:
        """A successful escape: the escaper's `on escape` lines, then the monster's."""
        self.fire_table(p, "on_escape", victim=p, monster=m)
        for ab in m.card.data.abilities:
            if ab.timing == "on_escape":
                run_ability(Ctx(self.game, m.card, p, victim=p, target=p, monster=m,
                                timing="on_escape"), ab)  # `you`: the player who escaped

    def _flee_roll(self, p: Player, m: MonsterInst, combat: Combat, given: list[int]) -> bool:
        if cb.no_escape(self.state, combat, m):
            self.note(f"{p.name} cannot run from {m.name}")
            return False
        ban = help_bans.banned_by(self.state, p, help_bans.CANNOT_RUN_AWAY)
        if ban is not None:  # `you cannot run away` on a curse on them, or a card of theirs
            self.note(f"{p.name} may not run away while {ban.name} says so: caught")
            return False
        for attempt in range(2):
            bonus = cb.run_away_bonus(self.state, combat, p, m)
            need = 5 - sum(line.amount for line in bonus)
            die = dice.offer(self.game, p, "run away", given.pop(0), need) if given \
                else self.roll_die(p, "run away", need)
            total = die + sum(line.amount for line in bonus)
            spoiled = roll_curses.at_next_roll(self.game, p, total)  # `the roll fails`
            ctx = Ctx(self.game, None, p, roll=total, timing="after_run_away_roll", die=die)
            if not spoiled:  # a line with no cost counts after every roll, a penalty too
                self._roll_abilities(p, "after_run_away_roll", ctx, need=0, paid=False)
                total = ctx.roll if ctx.roll is not None else total
                total, spoiled = roll_curses.roll_answered(self, p, total, die)  # and others
                ctx.roll = total
            if total < 5 and not spoiled:  # what is paid for helps only a roll that failed
                self._roll_abilities(p, "after_run_away_roll", ctx, need=5 - total, free=False)
                total = ctx.roll if ctx.roll is not None else total
                if any(e.kind == "auto_escape" and o is p for e, _c, o in combat.extras):
                    self.note(f"{p.name} escapes {m.name} after the roll")
                    return True
            text = " ".join(f"{x.amount:+d} {x.what}" for x in bonus)
            self.note(f"{p.name} rolls {die}{' ' + text if text else ''} = {total} against "
                      f"{m.name}: " + ("escapes" if total >= 5 and not spoiled else "caught")
                      + (" (the roll fails whatever it shows)" if spoiled else ""))
            if total >= 5 and not spoiled:
                return True
            if attempt == 0:
                again = Ctx(self.game, None, p, timing="after_failed_run_away")
                said = self._roll_abilities(p, "after_failed_run_away", again, need=1)
                # `after failed run away roll, ...: you escape every monster`
                escaped = any(e.kind == "auto_escape" and o is p for e, _c, o in combat.extras)
                if escaped:
                    self.note(f"{p.name} escapes {m.name} after the failed roll")
                if escaped or not said.reroll:
                    return escaped
                self.note(f"{p.name} rolls again")
        return False

    def _roll_abilities(self, p: Player, timing: str, ctx: Ctx, need: int, free: bool = True,
                        paid: bool = True) -> Outcome:
        """The owner's lines at a roll: ``free`` the lines with no cost of cards in play
        (rules that always apply), ``paid`` those with a cost and one-shots from the hand
        (the player's choice, made only when it helps).  The outcome: what they ask (roll
        again)."""
        said = NOT_APPLIED
        for card in list(p.in_play()):
            for ab in card.data.abilities:
                if ab.timing != timing or not (paid if ab.costs else free):
                    continue
                cost = ab.costs[0] if ab.costs else None
                chosen = None
                if cost is not None and cost.kind == "discard_up_to":
                    chosen = self.policy.choose_discards(self.game, p, list(p.hand),
                                                         min(need, cost.count), "roll")
                    if not chosen:
                        continue
                elif cost is not None and (len(p.hand) < counters.cards_needed(cost)
                                           or not self.can_pay(p, ab, card)):
                    continue
                spent = frequency_budget(self.state, p, card, ab)
                if spent is not None and spent[1] in spent[0]:
                    continue
                if ab.costs and not self.policy.use_line(self.game, p, card, ab):
                    continue
                spent_cards = self._pay_costs(p, ab, card, chosen) if ab.costs else 1
                if spent_cards is None:
                    continue
                ctx.card, ctx.count = card, spent_cards
                said = said.then(run_ability(ctx, ab))
        for card in [c for c in p.hand if c.kind == "one-shot" and paid  # Loaded Die
                     and help_bans.play_ban(self.state, p, c) is None]:
            for ab in card.data.abilities:
                if ab.timing == timing and not ab.costs and ctx.roll is not None \
                        and (ctx.roll < 5 or timing != "after_run_away_roll"):
                    self._take(p, card)
                    self.discard(card)
                    self.note(f"{p.name} plays {card.name}")
                    ctx.card = card
                    said = said.then(run_ability(ctx, ab))
                    break
        return said

    def _bad_stuff(self, p: Player, m: MonsterInst, combat: Combat, caught: bool,
                   answers: tuple[str, ...] = ()) -> bool:
        """``m``'s Bad Stuff (caught: the ordinary one, else `even on escape`) on ``p``,
        after the answers at ``answers``; whether it hit (not ignored nor replaced)."""
        timing = "bad_stuff" if caught else "bad_stuff_always"
        abilities = [ab for ab in m.card.data.abilities if ab.timing == timing]
        if not abilities:
            return False
        if answers:
            takes_levels = any(e.kind == "lose_levels" for ab in abilities
                               for e in ab.effects)
            said = bad_stuff_answers.answer(self.game, p, m, combat, answers, takes_levels)
            turned_on = next((o.turn_on for o in said if o.turn_on is not None), None)
            if turned_on is not None:  # Kid, Scapegoat: someone else suffers it
                self.note(f"{m.name} turns on {turned_on.name}")
                p = turned_on
        ignores = {getattr(pa.effect, "what", "") for pa in cb.passives(self.state, combat)
                   if pa.effect.kind == "ignore" and pa.monster is None
                   and self._ignores_for(pa, combat, p)}
        if "bad_stuff" in ignores:
            self.note(f"{p.name} ignores the Bad Stuff")
            return False
        if instead.replaced(self.game, p, "bad_stuff", f"the Bad Stuff of {m.name}", monster=m):
            return False  # `instead of its Bad Stuff: ...`
        self.event("bad_stuff", monster=m.card.id, player=p.name)
        self.note(f"Bad Stuff of {m.name} hits {p.name}")
        lines = [(Ctx(self.game, m.card, p, victim=p, target=p, monster=m, timing=timing),
                  dataclasses.replace(ab, effects=tuple(e for e in ab.effects if not (
                      "bad_stuff_levels" in ignores and e.kind == "lose_levels"))))
                 for ab in abilities]  # `you` on a Bad Stuff line is the player it hits
        for (ctx, ab), holds in zip(lines, holding_at_event(lines), strict=True):
            if holds:  # every line's conditions read as the Bad Stuff hits
                run_ability(ctx, ab, check=False)
        return True

    def _ignores_for(self, pa: cb.Passive, combat: Combat, p: Player) -> bool:
        """Whether a passive `ignore` reaches ``p``: a seat or level word (`the lowest level
        player ignores bad stuff`) whom it names, any other its holder."""
        target = getattr(pa.effect, "target", "") if pa.effect.kind == "ignore" else ""
        hit = cb.reached(target or "you", pa, self.state, combat)
        return p in hit if hit is not None else pa.owner in (p, None)


def _helper_only(ab: Ability) -> bool:
    return any(c.predicate == "helper" and not c.negated for c in ab.conditions)


def _reads_margin(combat: Combat) -> bool:
    """A treasure line of the fight reads the margin of the win (a `won_by` condition or a
    count of the margin), so a preview of its treasures must work the margin out."""
    effects = [eff for eff, _card, _owner in combat.extras]
    for m in combat.live_monsters():
        for card in (m.card, *m.all_enhancers()):
            for ab in card.data.abilities:
                if any(c.predicate == "won_by" for c in ab.conditions):
                    return True
                effects.extend(ab.effects)
    return any(e.kind == "treasure_count" and (count := count_of(e)) is not None
               and count.reads_win for e in effects)
