"""Effect lines generated from the grammar itself (issue 19, item 3).

The registry-driven suite (``tests/conformance.py``) writes one card per kind x timing x
effect from the registry's examples; it never tries what else the grammar lets an author
write (a condition, a roll, a cost, a target, an `otherwise`, a label).  This module reads
the *compiled* Lark grammar (``grammar/munchkin.lark`` with the registry's phrases filled
in, as the parser builds it) and derives random effect lines from its rules, so every form
added to the grammar is generated without touching this file.  Each line is put on a card
of a random kind (persistent or not) under a random ruleset, the cards are checked like any
pack, and every line the checker accepts is played in a probe game in which its event
happens (``conformance.trigger``): it must change what the registry says its effect
changes, and the engine's trace must show the line's effects ran (``engine/trace.py``); the
probe table and the set-ups tried in turn are in ``tests/grammar_probe.py``.

``python tests/grammar_lines.py [N] [SEED]`` prints the counts quoted in the README;
``python tests/grammar_lines.py --line KIND RULESET 'LINE' [--persistent]`` shows one line
under every set-up; ``bench/conformance_long.py`` runs a longer sweep.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from conformance import (
    BASE_PACK,
    IN_THE_OBSERVED_FIGHT,
    OBSERVE,
    PREPARE,
    REQUIRED,
    SEALS,
    TAGS_CARD,
    Combo,
    Table,
    trigger,
)
from grammar_durations import lasting
from grammar_probe import SETUPS, Probe, names, snapshot, use_may
from lark.grammar import NonTerminal, Symbol

from munchkin_dsl import data
from munchkin_dsl.base.diagnostics import DiagnosticSink, Severity
from munchkin_dsl.base.rulesets import load_ruleset, ruleset_ids
from munchkin_dsl.compiler.api import check_pack, lower_pack
from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.engine import EngineError, trace
from munchkin_dsl.language import algebra, registry
from munchkin_dsl.language.parser import compiled_parser

KNOWN = Path(__file__).resolve().parent / "data" / "grammar_unproven.toml"
#: Where the derivation starts: one card statement that is an effect line.
START = "effect_line"
#: Clause alternatives that say *when* (before the ':'); the others say *what*.  Only
#: weights: an alternative the grammar adds later is generated on both sides all the same.
WHEN_RULES = frozenset({"timing", "frequency", "cost", "roll", "condition", "discard",
                        *(p.rule for p in algebra.duration_parts())})  # `3 uses`, `twice`
INTS = (1, 2, 3, 4, 6)
LANGUAGES = ("ru", "pl")
#: Cards the probe table adds to the registry suite's: something for `discard class`,
#: `discard race`, `discard all big items`, `discard armor` to take, a monster with a bonus
#: of its own, a trap and a disaster for `when targeted by trap/disaster`.
EXTRA = ('class prober "Prober" { in combat: +1 to you }\n'
         'race probeling "Probeling" { in combat: +1 to you }\n'
         'item anvil "Anvil" { bonus +2; big; value 600 }\n'
         'monster leech "Leech" { level 18; treasures 2; bad stuff: lose 2 levels }\n'
         'door superprober "Super Prober" { persistent; class limit +1; race limit +1; '
         'sidekick limit +1 }\n'
         'item mail "Mail" { bonus +1; armor; value 300 }\n'
         'monster bully "Bully" { level 14; treasures 2; +3; bad stuff: lose 1 level }\n'
         'trap snare "Snare" { persistent; in combat: -1 to victim }\n'
         'disaster calamity "Calamity" { persistent; in combat: -1 to victim }\n'
         'door sprinter "Sprinter" { persistent; +2 to run away }\n')
SIGNEDS = ("+1", "+2", "+3", "-1", "-2")
#: terminals filled from a fixed pool of spellings
POOLS: dict[str, tuple[str, ...]] = {
    "INT": tuple(str(i) for i in INTS), "SIGNED": SIGNEDS, "STRING": ('"Big Move"', '"Trick"'),
    "HANDS_KW": ("hands",)}


# ---------------------------------------------------------------- the grammar
@dataclass
class Grammar:
    """The compiled grammar's rules, by nonterminal, with the cheapest way to end each."""

    rules: dict[str, list[tuple[Symbol, ...]]]
    literals: dict[str, str]  # terminal name -> its fixed text (keywords, ':')
    cost: dict[str, int] = field(default_factory=dict)

    @classmethod
    @cache
    def load(cls) -> Grammar:
        lark = compiled_parser().lark
        rules: dict[str, list[tuple[Symbol, ...]]] = {}
        for rule in lark.rules:
            rules.setdefault(rule.origin.name, []).append(tuple(rule.expansion))
        literals = {t.name: t.pattern.value for t in lark.terminals if t.pattern.type == "str"}
        g = cls(rules, literals)
        g._costs()
        return g

    def _costs(self) -> None:
        """Fewest tokens each nonterminal can end in (a fixpoint), so a deep derivation
        can always finish."""
        inf = 10 ** 6
        cost = dict.fromkeys(self.rules, inf)
        changed = True
        while changed:
            changed = False
            for name, alts in self.rules.items():
                best = min(sum(cost.get(s.name, inf) if isinstance(s, NonTerminal) else 1
                               for s in alt) for alt in alts)
                if best < cost[name]:
                    cost[name], changed = best, True
        self.cost = cost


#: 64-bit arithmetic for the stable choices below
MASK = (1 << 64) - 1
UNIT = 2.0 ** -53


def _mix(x: int) -> int:
    """SplitMix64's finalizer: a well-spread 64-bit hash of a 64-bit number."""
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def _stable_id(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def _symbol_name(sym: Symbol) -> str:
    """A symbol as the grammar spells it, the number Lark gives an anonymous rule dropped
    (`__effect_line_star_3` -> `__effect_line_star`): adding a rule renumbers them."""
    return sym.name.rstrip("0123456789").rstrip("_") if sym.name.startswith("__") else sym.name


class LineGenerator:
    """Random effect lines derived from the grammar's rules (seeded: same seed, same lines).

    Each choice is made by weighted rendezvous hashing on the place it is made in the
    line (the line's key, then the position in each rule), not by a shared random stream:
    a line that does not derive what a grammar change touched is generated unchanged, and
    an alternative added to a rule takes only the lines it wins, so a change to the
    grammar does not reshuffle the whole sweep (and the ratchet in
    tests/data/grammar_unproven.toml keeps its meaning)."""

    def __init__(self, names: list[str], seed: int, budget: int = 14,
                 grammar: Grammar | None = None) -> None:
        self.g = grammar or Grammar.load()
        #: rule -> the alternatives derived so far (what the sweep reached of the grammar)
        self.used: dict[str, set[tuple[Symbol, ...]]] = {}
        self.seed = seed
        self.names = names
        self.budget = budget
        #: rule -> a stable id for each alternative (its symbols, as written)
        self.ids = {name: [_stable_id(name + ":" + " ".join(map(_symbol_name, alt)))
                           for alt in alts] for name, alts in self.g.rules.items()}

    def line(self, n: int = 0) -> str:
        """The line of index ``n`` (the same for the same seed, index and grammar rules)."""
        words = self._derive(START, self.budget, "when", _mix(_mix(self.seed) ^ n))
        return _join(words)

    def _derive(self, name: str, budget: int, side: str, key: int) -> list[str]:
        alts = self.g.rules[name]
        if budget <= 0:  # finish as cheaply as the grammar allows
            best = min(self._alt_cost(a) for a in alts)
            weights = [1.0 if self._alt_cost(a) == best else 0.0 for a in alts]
        else:
            weights = [self._weight(name, a, side) for a in alts]
        alt = alts[self._pick(self.ids[name], weights, key)]
        self.used.setdefault(name, set()).add(alt)
        if name == START and not any(s.name == "COLON" for s in alt):
            side = "what"  # a line with no ':' is all effects
        out: list[str] = []
        for i, sym in enumerate(alt):
            here = _mix(key ^ (i + 1))  # the key of this place in the rule
            if sym.name == "COLON" and name == START:
                side = "what"
            if isinstance(sym, NonTerminal):
                out += self._derive(sym.name, budget - 1, side, here)
            else:
                out.append(self._terminal(sym.name, name, here))
        return out

    @staticmethod
    def _pick(ids: list[int], weights: list[float], key: int) -> int:
        """The alternative with the highest u ** (1 / weight), u drawn from the place and
        the alternative alone (Efraimidis-Spirakis): a weighted draw in which the other
        alternatives do not change what one draws."""
        best, pick = -1.0, 0
        for i, (aid, w) in enumerate(zip(ids, weights, strict=True)):
            if w <= 0:
                continue
            x = ((key ^ aid) * 0xD6E8FEB86659FD93) & MASK  # one multiply: cheap, spread
            u = (((x ^ (x >> 32)) & MASK) >> 11 | 1) * UNIT
            score = u if w == 1.0 else u ** (1.0 / w)
            if score > best:
                best, pick = score, i
        return pick

    def _alt_cost(self, alt: tuple[Symbol, ...]) -> int:
        return sum(self.g.cost[s.name] if isinstance(s, NonTerminal) else 1 for s in alt)

    def _weight(self, name: str, alt: tuple[Symbol, ...], side: str) -> float:
        if name == "clause" and alt[0].name == "ON":  # `on 1 to 2 ...`: a roll-and-branch
            return 0.05  # is accepted only with its `roll a die` and every face said once
        if name == "clause" and len(alt) == 1:
            when = alt[0].name in WHEN_RULES
            return 4.0 if when == (side == "when") else 0.15
        if name.startswith("__") and "star" in name and len(alt) > 1 and alt[0].name == name:
            return 0.35  # a list that goes on: mostly short lists
        return 1.0

    def _terminal(self, name: str, rule: str, key: int) -> str:
        if name in self.g.literals:
            return self.g.literals[name]
        if name == "WORD" and "label" in rule:  # `"Name", ru "Имя"`: a language
            pool: tuple[str, ...] | list[str] = LANGUAGES
        elif name == "WORD":
            pool = self.names
        elif name in POOLS:
            pool = POOLS[name]
        elif name == "LIST_COMMA":
            return ","
        else:
            raise KeyError(f"no filler for terminal {name}")
        return pool[_mix(key) % len(pool)]


def _join(words: list[str]) -> str:
    out = ""
    for w in words:
        out += w if w in (",", ":") or not out else " " + w
    return out


# ---------------------------------------------------------------- cards
RULESETS = tuple(ruleset_ids())
#: Kinds that stay in play only when `persistent` (and curses that stay on their victim).
PERSISTABLE = frozenset({"door", "treasure", "curse", "trap", "disaster"})


@dataclass(frozen=True)
class Generated:
    n: int
    line: str
    kind: str
    persistent: bool
    ruleset: str

    def card(self) -> str:
        words = data.kinds()[self.kind]["words"]
        stats = REQUIRED.get(self.kind, "") + ("persistent; " if self.persistent else "")
        return f'{words} g{self.n} "g{self.n}" {{ {stats}{self.line} }}\n'



def generate(count: int, seed: int,
             used: dict[str, set[tuple[Symbol, ...]]] | None = None) -> Iterator[Generated]:
    """``count`` lines; line ``n``'s ruleset, kind and words come from (seed, n) alone."""
    kinds = sorted(data.kinds())
    gens = {rs: LineGenerator(names(rs), seed) for rs in RULESETS}
    if used is not None:  # one record of what every generator derived
        for gen in gens.values():
            gen.used = used
    for n in range(count):
        h = _mix(_mix(seed ^ 0x5EED) ^ n)
        ruleset = RULESETS[h % len(RULESETS)]
        kind = kinds[(h >> 16) % len(kinds)]
        yield Generated(n, gens[ruleset].line(n), kind,
                        kind in PERSISTABLE and bool(h >> 63), ruleset)


# ---------------------------------------------------------------- checking
@dataclass
class Run:
    generated: int = 0
    accepted: list[tuple[Generated, CardData]] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)  # first code -> lines
    proven: int = 0
    unproven: list[tuple[Generated, str]] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    used: dict[str, set[tuple[Symbol, ...]]] = field(default_factory=dict)

    def summary(self) -> str:
        return (f"{self.generated:,} lines generated, {len(self.accepted):,} accepted, "
                f"{self.proven:,} proven in the engine, {len(self.unproven):,} accepted but "
                f"unproven, {sum(self.refused.values()):,} refused")


@cache
def base(ruleset: str) -> list[CardData]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        body = SEALS if "seal" in load_ruleset(ruleset).decks else ""
        (folder / "pack.munch").write_text(BASE_PACK.format(ruleset=ruleset) + body + EXTRA,
                                           encoding="utf-8")
        sink = DiagnosticSink()
        pack = check_pack(folder, sink)
        errors = [str(d) for d in sink.items if d.severity is Severity.ERROR]
        assert not errors, errors
        return lower_pack(pack)


def check(lines: list[Generated], out: Run) -> None:
    """Check the generated cards, one pack per ruleset; sort them into accepted/refused."""
    by_ruleset: dict[str, list[Generated]] = {}
    for gen in lines:
        by_ruleset.setdefault(gen.ruleset, []).append(gen)
    with tempfile.TemporaryDirectory() as tmp:
        for ruleset, gens in sorted(by_ruleset.items()):
            folder = Path(tmp) / ruleset
            folder.mkdir()
            header = (f'pack gen {{ title "G"; version "1"; ruleset {ruleset}; '
                      f'languages en, {", ".join(LANGUAGES)} }}\n')
            (folder / "pack.munch").write_text(header + TAGS_CARD + "".join(
                g.card() for g in gens), encoding="utf-8")
            sink = DiagnosticSink()
            pack = check_pack(folder, sink)
            by_line: dict[int, list[str]] = {}
            for d in sink.items:
                if d.severity is Severity.ERROR and d.span is not None:
                    by_line.setdefault(d.span.line, []).append(d.code)
            cards = {c.id: c for c in pack.cards if c.id != "tagged"}
            good = []
            for line_no, gen in enumerate(gens, start=3):
                codes = by_line.get(line_no)
                if codes or f"g{gen.n}" not in cards:
                    out.refused[(codes or ["E000"])[0]] += 1
                else:
                    good.append(gen)
            pack.cards = [cards[f"g{g.n}"] for g in good]
            for gen, card in zip(good, lower_pack(pack), strict=True):
                out.accepted.append((gen, card))


# ---------------------------------------------------------------- proving
def _combos(gen: Generated, card: CardData) -> list[Combo]:
    out = []
    for ab in card.abilities:
        for eff in ab.effects:
            spec = registry.effects().get(eff.kind)
            if spec is None:
                continue
            field_name = spec.variant_field
            variant = getattr(eff, field_name, None) if field_name else None
            out.append(Combo(gen.kind, ab.timing, eff.kind,
                             variant if variant in spec.variants else None))
    return list(dict.fromkeys(out))


def _play(base_cards: list[CardData], gen: Generated, combo: Combo, card: CardData,
          setup: Callable[[Table, Generated], None]) -> tuple[Any, set[tuple[str, str]]]:
    t = Probe(base_cards, card, gen.ruleset)
    prepare = PREPARE.get(combo.variant or combo.effect)
    with trace.recording() as ran:
        try:
            if prepare:  # before the set-up: an item put in play before any fight opens
                prepare(t)
            setup(t, gen)
            trigger(t, combo, combo.spec.needs in IN_THE_OBSERVED_FIGHT)
            use_may(t, card)
            seen = snapshot(t, card.id)
            value = (OBSERVE[combo.spec.observe](t), seen)
        except EngineError as exc:
            value = ("engine refused", str(exc))
    return value, set(ran)


#: How telling a failed set-up's reason is (lowest first): the reason kept for a line is the
#: one of the set-up that got furthest, so `the engine refused` from one set-up does not hide
#: `its effect ran but changed nothing` from another (the checklist in the README reads it).
REASON_RANK = ("ran, changed nothing", "changed", "never ran", "engine refused", "no probe")


def prove(gen: Generated, card: CardData) -> str | None:
    """None when some effect of the line ran and changed what it names; else why not (the
    most telling reason over the set-ups, see REASON_RANK)."""
    base_cards = base(gen.ruleset)
    bare = dataclasses.replace(card, id=card.id + "-bare", abilities=())
    whys: list[tuple[int, str]] = [(len(REASON_RANK), "no effect")]
    for combo in _combos(gen, card):
        for setup in SETUPS:
            try:
                with_line, ran = _play(base_cards, gen, combo, card, setup)
                without, _ = _play(base_cards, gen, combo, bare, setup)
            # no probe drives this timing yet, or not under this set-up (`_bare_alone`
            # leaves B no card to sell for `when another player sells`)
            except (AssertionError, KeyError, IndexError) as exc:
                whys.append((4, f"no probe for {combo.id}: {exc}"))
                continue
            if isinstance(with_line, tuple) and with_line[:1] == ("engine refused",):
                whys.append((3, f"{combo.id}: the engine refused: {with_line[1]}"))
                continue
            own = any(cid == card.id for cid, _kind in ran)
            if with_line == without:
                whys.append((0 if own else 2, f"{combo.id}: no change in {combo.spec.observe}, "
                             f"its effect {'ran' if own else 'never ran'} ({setup.__name__}; "
                             f"{with_line!r})"))
                continue
            # a passive or held rule (a ban on a card in play) is read, never run
            if not own and not (combo.spec.passive or combo.spec.held):
                whys.append((1, f"{combo.id}: changed {combo.spec.observe} but no effect of it "
                             f"ran ({setup.__name__})"))
                continue
            late = lasting(base_cards, gen.ruleset, combo, card, setup, gen)
            if late is not None:  # a duration must be seen to last, and to end
                whys.append((0, f"{combo.id}: {late} ({setup.__name__})"))
                continue
            return None
    return min(whys, key=lambda w: w[0])[1]


def sweep(count: int, seed: int) -> Run:
    out = Run()
    start = time.perf_counter()
    lines = list(generate(count, seed, out.used))
    out.generated = len(lines)
    out.seconds["generate"] = time.perf_counter() - start
    start = time.perf_counter()
    check(lines, out)
    out.seconds["check"] = time.perf_counter() - start
    start = time.perf_counter()
    for gen, card in out.accepted:
        why = prove(gen, card)
        if why is None:
            out.proven += 1
        else:
            out.unproven.append((gen, why))
    out.seconds["prove"] = time.perf_counter() - start
    return out


def known_text(run: Run) -> str:
    """tests/data/grammar_unproven.toml for a sweep: each kind.timing.effect still accepted
    but unproven, with why and one line that shows it (``--write-known`` rewrites it)."""
    out = ["# Accepted but unproven in the CI sweep (tests/test_grammar_conformance.py): each",
           "# kind.timing.effect here is still open, with the first line that shows it and why.",
           "# The list only shrinks: fix the engine or refuse the line in the checker, then",
           "# rerun `python tests/grammar_lines.py 20000 19 --write-known`.", "", "[open]"]
    seen: dict[str, str] = {}
    for gen, why in run.unproven:
        key, _sep, rest = why.partition(": ")
        rest = rest.split(" (")[0].split("\n")[0][:90]
        seen.setdefault(key, f"{rest}; e.g. {gen.kind} [{gen.ruleset}]: {gen.line}"[:230])
    for key, text in sorted(seen.items()):
        out.append(f"{json.dumps(key)} = {json.dumps(text, ensure_ascii=False)}")
    return "\n".join(out) + "\n"


def prove_line(kind: str, ruleset: str, line: str, persistent: bool = False) -> str | None:
    """One line as the sweep proves it (the line must be accepted): None when proven,
    else why not (the named tests of the families the sweeps found read it)."""
    gen = Generated(0, line, kind, persistent, ruleset)
    run = Run()
    check([gen], run)
    assert not run.refused, run.refused
    ((_gen, card),) = run.accepted
    return prove(gen, card)


def explain(kind: str, ruleset: str, line: str, persistent: bool = False) -> list[str]:
    """One line as the sweep sees it: refused (with the codes), or for each effect and
    set-up whether the line's effects ran and whether the game changed (the lead's first
    step with a new unproven family)."""
    gen = Generated(0, line, kind, persistent, ruleset)
    run = Run()
    check([gen], run)
    if run.refused:
        return [f"refused: {dict(run.refused)}"]
    ((_gen, card),) = run.accepted
    bare = dataclasses.replace(card, id=card.id + "-bare", abilities=())
    out = [f"compiled: {ab}" for ab in card.abilities]
    for combo in _combos(gen, card):
        for setup in SETUPS:
            try:
                with_line, ran = _play(base(ruleset), gen, combo, card, setup)
                without, _ = _play(base(ruleset), gen, combo, bare, setup)
            except (AssertionError, KeyError, IndexError) as exc:
                out.append(f"{combo.id} {setup.__name__}: no probe ({exc})")
                continue
            own = sorted(k for cid, k in ran if cid == card.id)
            out.append(f"{combo.id} {setup.__name__}: ran {own or 'nothing'}, "
                       f"{'changed' if with_line != without else 'no change'}"
                       + (f" ({with_line[1]})" if with_line[:1] == ("engine refused",) else ""))
    out.append(f"proof: {prove(gen, card) or 'proven'}")
    return out


if __name__ == "__main__" and sys.argv[1:2] == ["--line"]:
    # python tests/grammar_lines.py --line KIND RULESET 'LINE' [--persistent]
    print("\n".join(explain(sys.argv[2], sys.argv[3], sys.argv[4], "--persistent" in sys.argv)))
elif __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    s = int(sys.argv[2]) if len(sys.argv) > 2 else 19
    result = sweep(n, s)
    if "--write-known" in sys.argv:
        KNOWN.write_text(known_text(result), encoding="utf-8")
    print(result.summary())
    print("seconds:", {k: round(v, 1) for k, v in result.seconds.items()})
    print("refused by first code:", dict(result.refused.most_common(12)))
    reasons = Counter(why.split(":")[0] for _g, why in result.unproven)
    for gen, why in result.unproven[:40]:
        print(f"  UNPROVEN {gen.kind}{' persistent' if gen.persistent else ''} "
              f"[{gen.ruleset}] {gen.line!r}\n      {why.splitlines()[0][:200]}")
    print(reasons.most_common(20))
