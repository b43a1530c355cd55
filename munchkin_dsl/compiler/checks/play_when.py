"""A card's `play TIMING` line: a window the engine keeps, and no line it shuts out.

Codes: E220 `play` naming a moment rather than a window (`play on kill`: the engine holds
a card to in or out of combat, your turn, or any time, not to an event), and a line of a
card that leaves play once played whose timing the `play` window never opens (`play
outside combat` with `in combat: +4 to you`: the line could never run).
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.checks.lines import line_timing
from munchkin_dsl.compiler.checks.stats import kind_words
from munchkin_dsl.language import registry
from munchkin_dsl.language.nodes import Card, Stat
from munchkin_dsl.language.phrases import split

#: Kinds whose card leaves play once played, unless `persistent`: their lines fire only as
#: they are played, so only inside their `play` window.
LEAVE_PLAY = frozenset({"one-shot", "monster-enhancer", "door", "treasure"})
#: The phases of events inside a fight (data/timings.toml `phase`): a card played only
#: outside combat is never played from the hand as one of them happens.
IN_A_FIGHT = frozenset({"fight", "flight", "caught", "failed", "instead"})
#: Events of another player's fight: its holder is outside that fight, so a card played
#: only outside combat answers them from the hand (tests/data/hand-reactions)
OTHERS_EVENTS = ("when_other", "when_any", "after_other")
#: Window -> the window its card can never be played in.
SHUTS = {"no_combat": "combat", "combat": "no_combat", "own_combat": "no_combat"}


def window_timings() -> list[str]:
    """One timing per window, for a hint (`play in combat`, not also `play this combat`)."""
    first: dict[str, str] = {}
    for t in registry.timings().values():
        if t.window is not None and t.phase != "instead":
            first.setdefault(t.window, t.words)
    return list(first.values())


def check_play_when(ctx: CheckContext) -> None:
    for card in ctx.cards:
        for stat in card.stats:
            if stat.kind == "play_when":
                _check_window(ctx, stat)
                _check_shut_lines(ctx, card, stat)


def _check_window(ctx: CheckContext, stat: Stat) -> None:
    timing = registry.timings().get(stat.args[0].timing)
    if timing is not None and timing.window is not None and timing.phase != "instead":
        return
    words = timing.words if timing is not None else stat.args[0].timing
    ctx.sink.error("E220", f"`play {words}` is not a moment the engine can hold a card "
                   "to: a `play` line says only when the card may be played at all",
                   stat.span, "write `play " + "`, `play ".join(window_timings())
                   + f"`, or give the card's line the timing (`{words}: ...`); or keep "
                   "the rule as `manual`")


def _check_shut_lines(ctx: CheckContext, card: Card, stat: Stat) -> None:
    """A line of a card played once whose timing is never inside its `play` window."""
    if card.kind not in LEAVE_PLAY or any(s.kind in ("persistent", "attaches")
                                          for s in card.stats):
        return
    timings = registry.timings()
    play = timings.get(stat.args[0].timing)
    shut = SHUTS.get(play.window or "") if play is not None else None
    if shut is None or play is None:
        return
    for line in card.lines:
        when, _effects, _misplaced = split(line)
        spec = timings.get(line_timing(card, when))
        if spec is not None and shut == "combat" and spec.window is None and ":" not in spec.id \
                and spec.phase in IN_A_FIGHT and not spec.id.startswith(OTHERS_EVENTS):
            waits = timings.get(f"next:{spec.id}")
            ctx.sink.error("E220", f"{kind_words(card.kind)} with `play {play.words}` is "
                           f"never in the hand to play `{spec.words}` (it comes in a fight), "
                           "so this line never runs", line.span,
                           (f"to lay it ahead and wait, write `{waits.words}: ...`; "
                            if waits is not None else "")
                           + "or drop the `play` line to play it from the hand then; or "
                           "keep the rule as `manual`")
        elif spec is not None and spec.window == shut:
            ctx.sink.error("E220", f"{kind_words(card.kind)} with `play {play.words}` is "
                           f"never played {spec.words.replace('this ', 'in ')}, so this "
                           f"line never runs", line.span,
                           f"drop `{spec.words}` from the line, or change the card's "
                           "`play` line; or keep the rule as `manual`")
