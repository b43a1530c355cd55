"""Plays of a scenario (`NAME VERB ...`) and the lines without a player.

Why apart: each `play` and `step` row of ``data/scenario.toml`` names a ``_play_`` or
``_step_`` method here, and the choices an author scripts with `NAME chooses ...` are the
:class:`ScriptPolicy` the game asks.
"""

from __future__ import annotations

import re
from typing import Any

from munchkin_dsl.engine.crowd import discard_into_combat
from munchkin_dsl.engine.game import DefaultPolicy, GameLike
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import CardInst, MonsterInst, Player
from munchkin_dsl.scenarios.parse import Line, ScenarioError
from munchkin_dsl.scenarios.state import RunnerState


class ScriptPolicy(DefaultPolicy):
    """Choices the author scripted with `NAME chooses CARD`; otherwise the defaults."""

    def __init__(self) -> None:
        self.choices: dict[str, list[str]] = {}

    def choose_item(self, game: GameLike, player: Player, items: list[CardInst],
                    why: str) -> CardInst:
        wanted = self.choices.get(player.name, [])
        for i, want in enumerate(wanted):
            for card in items:
                if want in (card.id, card.name.casefold()):
                    wanted.pop(i)
                    return card
        return super().choose_item(game, player, items, why)

    def decide_optional(self, _game: GameLike, ctx: Ctx, _eff: Any) -> bool:
        """`NAME chooses no` scripts that NAME does not use the next `may` line of theirs
        (a card in play that reacts by itself asks its holder)."""
        wanted = self.choices.get(ctx.owner.name, []) if ctx.owner is not None else []
        if "no" in wanted:
            wanted.remove("no")
            return False
        return True

    def helper_escapes_too(self, _game: GameLike, owner: Player, _helper: Player) -> bool:
        """`OWNER chooses alone` scripts that the helper rolls instead."""
        wanted = self.choices.get(owner.name, [])
        if "alone" in wanted:
            wanted.remove("alone")
            return False
        return True

    def use_line(self, _game: GameLike, player: Player, _card: CardInst, _ab: Any) -> bool:
        """`NAME chooses no` scripts that the player does not use the next line that is a
        choice (one with a cost, or `instead of drawing face up`: the door is kicked open)."""
        wanted = self.choices.get(player.name, [])
        if "no" in wanted:
            wanted.remove("no")
            return False
        return True

    def change_die(self, _game: GameLike, holder: Player, _roller: Player | None, _purpose: str,
                   _die: int, _need: int | None) -> int | None:
        """`NAME chooses die N`: NAME plays its die-changing one-shot (the Loaded Die) at
        the next die roll, anyone's, and sets it to N."""
        wanted = self.choices.get(holder.name, [])
        for i, want in enumerate(wanted):
            if want.startswith("die ") and want[4:].isdigit():
                wanted.pop(i)
                return int(want[4:])
        return None

    def choose_option(self, _game: GameLike, player: Player | None, _count: int) -> int:
        """`NAME chooses option N` picks the Nth of `A, or B` (1-based)."""
        wanted = self.choices.get(player.name, []) if player is not None else []
        for i, want in enumerate(wanted):
            if want.startswith("option ") and want[7:].isdigit():
                wanted.pop(i)
                return int(want[7:]) - 1
        return 0


class Plays(RunnerState):
    """The plays and the lines without a player."""

    # -------------------------------------------------------- lines without a player
    def _step_resolve(self) -> None:
        g = self.game
        assert g is not None
        self.last_breakdown = g.breakdown()
        self.trace.append(f"     {self.last_breakdown.text()}")
        combat = g.combat
        g.resolve()
        self.last_outcome = combat.outcome if combat else None

    def _step_next_turn(self) -> None:
        g = self.game
        assert g is not None
        for p in g.state.players:
            p.levels_this_turn = 0
        g.start_turn(g.state.players[(g.state.current + 1) % len(g.state.players)])
        self.trace.append(f"     it is {g.state.players[g.state.current].name}'s turn")

    # -------------------------------------------------------- plays (NAME VERB ...)
    def _play_fights(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the monster to fight", ln)
        assert self.game is not None
        combat = self.game.start_combat(p, self._card_from(p, args[0], ln))
        self.last_outcome = combat.outcome

    def _play_kicks(self, p: Player, _args: list[str], _ln: Line) -> None:
        assert self.game is not None
        self.game.replaced_draw = False
        skips = bool(p.markers.get("skip_kick"))  # `skip your next kick open the door`
        card = self.game.kick_open_door(p)
        if card is None and self.game.replaced_draw:
            self.trace.append(f"     {p.name} draws nothing face up: replaced")
            return
        if card is None and skips:
            self.trace.append(f"     {p.name} skips kicking open the door")
            return
        if card is None:
            raise ScenarioError("the door deck is empty")
        self.trace.append(f"     {p.name} kicks open the door: {card.name}")

    def _play_loots(self, p: Player, _args: list[str], _ln: Line) -> None:
        assert self.game is not None
        got, face_up = self.game.loot_room(p)
        for card in got if face_up else []:
            self.trace.append(f"     face up: {card.name}")  # revealed by the engine

    def _play_helps(self, p: Player, args: list[str], _ln: Line) -> None:
        assert self.game is not None
        m = re.search(r"for (\d+)", " ".join(args))
        self.game.help(p, int(m.group(1)) if m else 0)

    def _play_runs(self, _p: Player, args: list[str], _ln: Line) -> None:
        g = self.game
        assert g is not None
        rolls = [int(x) for x in re.findall(r"\d+", " ".join(args))]
        combat = g.combat
        result = g.run_away(rolls or None)
        self.last_outcome = combat.outcome if combat else None
        self.trace.append("     " + ", ".join(f"{k}: {v}" for k, v in result.items()))

    def _play_chooses(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the card to choose", ln)
        assert self.game is not None and isinstance(self.game.policy, ScriptPolicy)
        word = args[0].casefold()
        self.game.policy.choices.setdefault(p.name, []).append(
            word if word in ("alone", "no") else f"{word} {args[1]}" if word in (
                "option", "die") and len(args) > 1 else self.card_id(args[0], ln))

    def _play_discards(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the race or class to discard", ln)
        assert self.game is not None
        if [a.casefold() for a in args[1:]] == ["into", "the", "combat"]:
            discard_into_combat(self.game, p, self._card_from(p, args[0], ln))
            return
        self.game.discard_trait(p, self._card_from(p, args[0], ln))

    def _play_leaves(self, p: Player, _args: list[str], _ln: Line) -> None:
        assert self.game is not None
        self.game.leave_help(p)

    def _play_sells(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the items to sell", ln)
        assert self.game is not None
        cards = [self._card_from(p, w, ln) for w in re.split(r"[,\s]+", " ".join(args)) if w]
        self.game.sell(p, cards)

    def _play_ends(self, p: Player, _args: list[str], _ln: Line) -> None:
        assert self.game is not None
        self.game.end_turn(p)

    def _play_equips(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the item to equip", ln)
        assert self.game is not None
        self.game.equip_item(p, self._item_of(p, args[0], ln))

    def _play_unequips(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the item to unequip", ln)
        assert self.game is not None
        self.game.unequip_item(p, self._item_of(p, args[0], ln))

    def _play_opens(self, p: Player, _args: list[str], _ln: Line) -> None:
        assert self.game is not None
        if not self.game.open_seal(p):
            raise ScenarioError("no Seal opened: the seal deck is empty")

    def _play_dies(self, p: Player, _args: list[str], _ln: Line) -> None:
        assert self.game is not None
        self.game.kill(p)

    def _item_of(self, p: Player, word: str, ln: Line) -> CardInst:
        """The player's copy of a card, items in play first (a trade or equip names one)."""
        cid = self.card_id(word.strip(","), ln)
        for pile in (p.items, p.hand):
            for card in pile:
                if card.id == cid:
                    return card
        assert self.game is not None
        return self.game.new_card(cid)  # not the player's: the engine refuses it

    def _play_trades(self, p: Player, args: list[str], ln: Line) -> None:
        """`A trades X[, Y] to B [for Z[, W]]` or `A gives X to B`."""
        g = self.game
        assert g is not None
        low = [a.casefold() for a in args]
        if "to" not in low:
            raise ScenarioError("a trade reads `NAME trades CARD to NAME [for CARD]`")
        cut = low.index("to")
        if cut + 1 >= len(args):
            raise ScenarioError("a trade needs the other player after `to`")
        other = self.player(args[cut + 1])
        gives = [w for w in re.split(r"[,\s]+", " ".join(args[:cut])) if w]
        rest = args[cut + 2:]
        takes: list[str] = []
        if rest:
            if rest[0].casefold() != "for":
                raise ScenarioError(f"expected `for CARD` after {other.name}, not '{rest[0]}'")
            takes = [w for w in re.split(r"[,\s]+", " ".join(rest[1:])) if w]
        g.trade(p, [self._item_of(p, w, ln) for w in gives], other,
                [self._item_of(other, w, ln) for w in takes])

    def _target(self, args: list[str]) -> tuple[Player | None, MonsterInst | None, str | None,
                                                   str | None]:
        on_player = on_monster = side = extra = None
        i = 0
        while i < len(args):
            w = args[i].casefold()
            nxt = args[i + 1] if i + 1 < len(args) else ""
            if w == "on" and nxt:
                try:
                    on_player = self.player(nxt)
                except ScenarioError:
                    if nxt.casefold() in ("monster", "the"):
                        side = "monster"
                    else:
                        on_monster = self.monster(nxt)
                i += 2
            elif w == "for" and nxt:
                side = "monster" if nxt.casefold().startswith("monster") else "player"
                i += 2
            elif w == "with" and nxt:
                extra = nxt
                i += 2
            else:
                i += 1
        return on_player, on_monster, side, extra

    def _play_plays(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the card to play", ln)
        g = self.game
        assert g is not None
        card = self._card_from(p, args[0], ln)
        if card not in p.hand and card not in p.in_play():  # a fresh card from the pack
            p.hand.append(card)
        on_player, on_monster, side, extra = self._target(args[1:])
        extra_card = self._card_from(p, extra, ln) if extra else None
        if extra_card is not None and extra_card not in p.hand and extra_card not in p.in_play():
            p.hand.append(extra_card)
        g.play(p, card, on_player=on_player, on_monster=on_monster, side=side,
               extra=extra_card)

    def _play_uses(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the ability (its label) or the card to use", ln)
        g = self.game
        assert g is not None
        split = [a.casefold() for a in args]
        cut = len(args)
        for stop in ("discarding", "on", "for"):
            if stop in split:
                cut = min(cut, split.index(stop))
        pool = list(p.in_play())
        if g.combat is not None:
            pool += [m.card for m in g.combat.live_monsters()]
        labels = {(ab.label or "").casefold() for card in pool for ab in card.data.abilities}
        plain = [a.strip('"').casefold() for a in args]  # a label of several words, quoted
        cut = next((k for k in range(len(args), cut, -1)  # or not (`uses Wish for Riches`)
                    if " ".join(plain[:k]) in labels), cut)
        name = " ".join(plain[:cut])
        split = [""] * cut + split[cut:]  # `discarding`, `on` inside the label are its own
        discards: list[CardInst] | None = None
        if "discarding" in split:
            k = split.index("discarding")
            words = [w for w in re.split(r"[,\s]+", " ".join(args[k + 1:])) if w]
            end = next((i for i, w in enumerate(words) if w.casefold() in ("on", "for")),
                       len(words))
            discards = [self._card_from(p, w, ln) for w in words[:end]]
        on_player, on_monster, side, _ = self._target(args[cut:])
        for card in pool:
            ab = next((a for a in card.data.abilities if (a.label or "").casefold() == name),
                      None) or (_used_line(card) if card.id == name else None)
            if ab is not None:
                if card.kind == "monster" and on_monster is None and g.combat:
                    on_monster = next(m for m in g.combat.live_monsters() if m.card is card)
                g.use(p, card, ab, discards=discards, on_player=on_player,
                      on_monster=on_monster, side=side)
                return
        known = ", ".join(sorted(f"'{label}'" for label in labels if label)) or "none"
        raise ScenarioError(f"{p.name} has no ability '{name}' in play (labels in play: "
                            f"{known})")


def _used_line(card: CardInst) -> Any:
    """The line `uses CARD` means (docs/scenarios.md): one with a cost first, else one with
    an optional effect, else one with a timing of its own (not a continuous bonus, not Bad
    Stuff); None: none.  A Paladin's `in combat ...: +2` bonus is not its `discard 1 card:`
    ability, though both have a timing of their own."""
    ranked = [(0 if ab.costs else 1 if any(e.optional for e in ab.effects) else 2, i, ab)
              for i, ab in enumerate(card.data.abilities)
              if ab.costs or any(e.optional for e in ab.effects)
              or ab.timing not in ("continuous", "bad_stuff")]
    return min(ranked, key=lambda r: r[:2])[2] if ranked else None
