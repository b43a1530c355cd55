"""Effects between players: a sex that changes, an item taken or borrowed, a player made
to help or a helper made to leave, a monster swapped for one from hand or added from it,
an item sold for double, a death.

`victim changes sex`, `take a small item from another player`, `borrow an item from
another player`, `another player must help`, `replace the monster with a monster from
hand`, `add a monster from hand`, `sell 1 item for double value`, `victim dies`.  The
engine behaviour of each is a handler keyed by the same kind
(:mod:`munchkin_dsl.engine.effects_apply`, :mod:`.effects_fight`); selling reads
`sell_double` from the table (:mod:`munchkin_dsl.engine.inventory`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import AmountPart, EffectPart, described
from munchkin_dsl.language.count_part import CountPart
from munchkin_dsl.language.nodes import Target


@dataclass(frozen=True, slots=True)
class ChangeSex(EffectPart):
    """`change sex`: the target's sex changes (a curse's classic)."""

    kind: ClassVar[str] = "change_sex"
    rule: ClassVar[str] = "change_sex"
    syntax: ClassVar[str] = 'target? ("change" | "changes") "sex"'
    summary: ClassVar[str] = "a player's sex changes"
    example: ClassVar[str] = 'change sex'
    means: ClassVar[str] = 'sex gender change swap'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`change(s) sex`',
         "the target's sex changes",
         'victim changes sex'),
    )
    player_target: ClassVar[bool] = True
    observe: ClassVar[str] = "sex"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ w.verb(e, a, t, "change sex", "changes sex") }}',
        "ru": '{{ w.verb(e, a, t, "меняешь пол", "меняет пол", "сменить пол") }}',
        "pl": '{{ w.verb(e, a, t, "zmieniasz płeć", "zmienia płeć", "zmienić płeć") }}',
    }
    target: Target | None = described("whose sex changes", record=...)


@dataclass(frozen=True, slots=True)
class StealItem(EffectPart):
    """`take a small item from another player`: one small item moves to the taker."""

    kind: ClassVar[str] = "steal_item"
    rule: ClassVar[str] = "steal_item"
    syntax: ClassVar[str] = 'target? ("take" | "takes") "a"? "small" "item" "from" target'
    from_end: ClassVar[tuple[str, ...]] = ("source",)
    summary: ClassVar[str] = 'a small item moves from one player to another'
    example: ClassVar[str] = 'take a small item from another player'
    means: ClassVar[str] = 'steal take item rob grab'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`take(s) a small item from TARGET`',
         'a small item moves to the owner',
         'you take a small item from another player'),
    )
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        'bad_stuff/monster': 'Bad Stuff takes, it does not give: write `victim loses ...`',
        'bad_stuff_always/monster': 'Bad Stuff takes, it does not give: write `victim loses ...`',
        'on_escape/monster': 'a monster fled from gives nothing',
        'when_any_dies/monster': ('a monster takes nothing for a death: the body is looted by '
                                  'the players'),
    }
    observe: ClassVar[str] = "items"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ w.verb(e, a, t, "take", "takes") }} a small item from {{ w.WHO[e.source] }}',
        "ru": '{{ w.verb(e, a, t, "забираешь", "забирает", "забрать") }} маленькую шмотку у {{ '
              'w.GEN[e.source] }}',
        "pl": '{{ w.verb(e, a, t, "zabierasz", "zabiera", "zabrać") }} mały przedmiot {{ '
              'w.TO[e.source] }}',
    }
    target: Target | None = described("who takes it")
    source: Target | None = described("whose item; never a player in combat",
                                      record="another_player")


@dataclass(frozen=True, slots=True)
class BorrowItem(EffectPart):
    """`borrow an item from another player` (Borrowed Blade): back to its owner after the fight."""

    kind: ClassVar[str] = "borrow_item"
    rule: ClassVar[str] = "borrow_item"
    syntax: ClassVar[str] = 'target? ("borrow" | "borrows") "an"? "item" "from" target'
    from_end: ClassVar[tuple[str, ...]] = ("source",)
    summary: ClassVar[str] = ('an item another player has in play is used by the borrower in '
                              'this fight, then goes back')
    example: ClassVar[str] = 'borrow an item from another player'
    means: ClassVar[str] = 'borrow lend loan use item weapon fight'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`[TARGET] borrow(s) an item from TARGET`',
         "the borrower uses the lender's item in this fight; it goes back when the combat closes",
         'in combat: borrow an item from another player'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = ('door', 'one-shot', 'treasure')
    needs: ClassVar[str | None] = "fight"
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        'next_combat': 'a curse lends nothing: play a card into the fight',
    }
    observe: ClassVar[str] = "strength"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ w.verb(e, a, t, "borrow", "borrows") }} an item {{ w.WHO[e.source] }} has in '
              'play for this fight (it goes back when the fight ends)',
        "ru": '{{ w.verb(e, a, t, "берёшь", "берёт", "взять") }} на этот бой шмотку, которая в '
              'игре у {{ w.GEN[e.source] }} (после боя она возвращается владельцу)',
        "pl": '{{ w.verb(e, a, t, "pożyczasz", "pożycza", "pożyczyć") }} na tę walkę przedmiot, '
              'który ma w grze {{ w.WHO[e.source] }} (po walce wraca do właściciela)',
    }
    target: Target | None = described("who borrows the item and uses it in this fight")
    source: Target | None = described("whose item in play (another_player: any other "
                                      "player's, the borrower's pick); never a player in the "
                                      "fight", record="another_player")


@dataclass(frozen=True, slots=True)
class ForceHelp(EffectPart):
    """`another player must help`: a player not in the fight joins it as the helper."""

    kind: ClassVar[str] = "force_help"
    rule: ClassVar[str] = "force_help"
    syntax: ClassVar[str] = 'target "must" "help"'
    summary: ClassVar[str] = 'another player must help in this combat'
    example: ClassVar[str] = 'another player must help'
    means: ClassVar[str] = 'help must assist force join'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`TARGET must help`',
         'the target must help in this fight',
         'in combat, if you are not fighting for the winning level: another player must help'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = 'players'
    needs: ClassVar[str | None] = "fight"
    player_target: ClassVar[bool] = True
    observe: ClassVar[str] = "helper"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ w.who(e, t) }} must help',
        "ru": '{% if t.you(e.target, a) %}ты обязан помочь{% else %}{{ w.who(e, t) }} обязан '
              'помочь{% endif %}',
        "pl": '{% if t.you(e.target, a) %}musisz pomóc{% else %}{{ w.who(e, t) }} musi pomóc{% '
              'endif %}',
    }
    target: Target | None = described("who must help; a player not in combat", record=...)


@dataclass(frozen=True, slots=True)
class LeaveFight(EffectPart):
    """`the helper leaves the combat` (Abandon Ship): the helper is out of the fight, their
    strength and their share of the treasure with them; the fighter fights on alone."""

    kind: ClassVar[str] = "leave_fight"
    rule: ClassVar[str] = "leave_fight"
    syntax: ClassVar[str] = '"the"? "helper" ("leave" | "leaves") "the"? ("combat" | "fight")'
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:the )?(?:fighter|you|victim) (?:leave|leaves) the (?:combat|fight)": (
            "escape every monster"),
        r"\b(?:the )?helper (?:is removed from|quits|drops out of|abandons) the "
        r"(?:combat|fight)": "the helper leaves the combat",
    }
    summary: ClassVar[str] = ("the helper leaves the fight: their strength and promised "
                              "treasure go with them")
    example: ClassVar[str] = 'the helper leaves the combat'
    means: ClassVar[str] = 'helper leave leaves abandon quit remove fight combat alone'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`the helper leaves the combat`',
         ("the helper is out of the fight (their strength no longer counts, no treasure "
          "promised to them); the fighter fights on alone"),
         'in combat: the helper leaves the combat'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = (
        'curse', 'disaster', 'door', 'one-shot', 'trap', 'treasure')
    needs: ClassVar[str | None] = "fight"
    refuse_at: ClassVar[dict[str, str]] = {
        'next_combat': 'a curse waits for a fight of its victim; write it on a card played '
                       'into the fight',
        'next_door_monster': 'nobody helps yet when the monster from the door comes; play '
                             'the card into the fight',
    }
    observe: ClassVar[str] = "helper"
    text: ClassVar[dict[str, str]] = {
        "en": 'the helper leaves the combat',
        "ru": 'помощник выходит из боя',
        "pl": 'pomocnik opuszcza walkę',
    }


@dataclass(frozen=True, slots=True)
class ReplaceMonster(EffectPart):
    """`replace the monster with a monster from hand` (Illusion): one out, one in its place."""

    kind: ClassVar[str] = "replace_monster"
    rule: ClassVar[str] = "replace_monster"
    syntax: ClassVar[str] = '"replace" "the"? "monster" "with" "a"? "monster" "from" "hand"'
    summary: ClassVar[str] = ('one monster leaves the fight (no treasure) and a monster from the '
                              "player's hand takes its place")
    example: ClassVar[str] = 'replace the monster with a monster from hand'
    means: ClassVar[str] = 'replace swap exchange substitute monster illusion hand'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`replace the monster with a monster from hand`',
         "one monster out (no treasure), one from the player's hand in its place",
         'in combat: replace the monster with a monster from hand'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = (
        'curse', 'disaster', 'door', 'one-shot', 'trap', 'treasure')
    needs: ClassVar[str | None] = "fight"
    refuse_at: ClassVar[dict[str, str]] = {
        'next_combat': 'a curse cannot bring a monster from a hand; play a card that replaces one',
    }
    observe: ClassVar[str] = "monsters"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ "you may " if e.optional }}discard a monster from the fight and put a monster '
              'from your hand in its place',
        "ru": '{{ "можешь сбросить" if e.optional else "сбрасываешь" }} монстра из боя и ставишь '
              'на его место монстра с руки',
        "pl": '{{ "możesz odrzucić" if e.optional else "odrzucasz" }} potwora z walki i '
              'wstawiasz na jego miejsce potwora z ręki',
    }


@dataclass(frozen=True, slots=True)
class SellDouble(EffectPart):
    """`sell 1 item for double value`: the item sells for twice its gold."""

    kind: ClassVar[str] = "sell_double"
    rule: ClassVar[str] = "sell_double"
    syntax: ClassVar[str] = '"sell" INT _items "for" "double" "value"'
    summary: ClassVar[str] = 'items sold count double their value'
    example: ClassVar[str] = 'sell 1 item for double value'
    means: ClassVar[str] = 'sell double value gold money'
    misphrasings: ClassVar[dict[str, str]] = {  # the number of items is written (at most 5)
        r"\bsells? (?:any number of|all|every|your) (?:items?|cards?) (?:for|at) (?:double|twice)"
        r"(?: (?:the|their|its))? (?:value|price)\b": "sell 5 items for double value",
        r"\b(?:your )?items? (?:count|sell) (?:as|for) (?:double|twice)(?: (?:the|their))? "
        r"(?:value|price)\b": "sell 5 items for double value",
    }
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`sell N item(s) for double value`',
         'sold items count double',
         'once per turn: sell 1 item for double value'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = 'table'
    needs: ClassVar[str | None] = "table"
    passive: ClassVar[bool] = True
    numbers: ClassVar[dict[str, str]] = {'count': 'sell'}
    observe: ClassVar[str] = "sale"
    text: ClassVar[dict[str, str]] = {
        "en": 'sell {{ e.count }} {{ t.forms(e.count, "item", "items") }} for double value',
        "ru": 'продаёшь {{ e.count }} {{ t.forms(e.count, "шмотку", "шмотки", "шмоток") }} за '
              'двойную цену',
        "pl": 'sprzedajesz {{ e.count }} {{ t.forms(e.count, "przedmiot", "przedmioty", '
              '"przedmiotów") }} za podwójną cenę',
    }
    count: int = described("how many items each time the ability is used", 0, record=...)


@dataclass(frozen=True, slots=True)
class Die(EffectPart):
    """`die`, `victim dies`: the player dies (loses hand and cards in play; the others loot)."""

    kind: ClassVar[str] = "die"
    rule: ClassVar[str] = "die"
    syntax: ClassVar[str] = 'target? ("die" | "dies")'
    summary: ClassVar[str] = 'a player dies'
    example: ClassVar[str] = 'die'
    means: ClassVar[str] = 'die dies death dead kill killed'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`die(s)`',
         'the target dies',
         'bad stuff: die'),
    )
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        'on_death': 'its owner is dying already',
    }
    observe: ClassVar[str] = "dead"
    text: ClassVar[dict[str, str]] = {
        "en": '{% if t.you(e.target, a) %}you die{% else %}{{ w.who(e, t) }} dies{% endif %}',
        "ru": '{% if t.you(e.target, a) %}ты погибаешь{% else %}{{ w.who(e, t) }} погибает{% '
              'endif %}',
        "pl": '{% if t.you(e.target, a) %}giniesz{% else %}{{ w.who(e, t) }} ginie{% endif %}',
    }
    target: Target | None = described("who dies; see TARGETS", record=...)


@dataclass(frozen=True, slots=True)
class JoinFromHand(EffectPart):
    """`add a monster from hand` (Wandering Monster): a monster from the hand joins the fight."""

    kind: ClassVar[str] = "join_from_hand"
    rule: ClassVar[str] = "join_from_hand"
    syntax: ClassVar[str] = '"add" "a"? "monster" "from" "hand"'
    summary: ClassVar[str] = "a monster from the player's hand joins the combat"
    example: ClassVar[str] = 'add a monster from hand'
    means: ClassVar[str] = 'add monster join wandering hand bring'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`add a monster from hand`',
         'a monster from hand joins the combat',
         'in combat: add a monster from hand'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = (
        'curse', 'disaster', 'door', 'one-shot', 'trap', 'treasure')
    needs: ClassVar[str | None] = "fight"
    refuse_at: ClassVar[dict[str, str]] = {
        'next_combat': 'a curse cannot bring a monster from a hand; play a card that adds one',
    }
    observe: ClassVar[str] = "monsters"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ "you may " if e.optional }}add a monster from your hand to the combat',
        "ru": '{{ "можешь добавить" if e.optional else "добавляешь" }} в бой монстра с руки',
        "pl": '{{ "możesz dodać" if e.optional else "dodajesz" }} do walki potwora z ręki',
    }


#: The targets that name several players (`every other player`): a source (`take ... from
#: X`) is one player, but for the effects of ``FROM_EACH`` (checker: compiler/checks/
#: inert.py; engine: engine/effects_apply.py `_take`, which also reads `each player with
#: ...` selectors as groups).
GROUP_TARGETS = frozenset({"each_player", "every_other_player", "others_by_level",
                           "player_side"})


@dataclass(frozen=True, slots=True)
class Take(EffectPart):
    """`every other player highest level first takes 1 item from victim`, `the player to your
    left takes 1 card at random from victim`: other players act on the victim, in order."""

    kind: ClassVar[str] = "take"
    rule: ClassVar[str] = "take"
    syntax: ClassVar[str] = ('target? ("take" | "takes") INT (_items | at_random | chosen) '
                             '"from" ("the" "hand" "of")? target per? amount_post*')
    subrules: ClassVar[str] = ('at_random: _cards "at" "random"  -> what_cards\n'
                               'chosen: _cards "of" ("your" | "their") "choice"  '
                               '-> what_chosen_cards')
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:steal|steals|take|takes|draw|draws) (?:a|1|one) (?:random card|card at random) "
        r"from (?:the hand of )?": "take 1 card at random from TARGET",
        r"\blooks? at (?:the hand of |\w+(?: \w+)*'s? hand)": (
            "take 1 card of your choice from the hand of TARGET"),
        r"\b(?:steal|steals|take|takes) (?:a|one) card of (?:your|their) choice": (
            "take 1 card of your choice from the hand of TARGET"),
        # an item in play taken from a player: the number is written (`an item ...` is a
        # card selector, which names whose it is with `TARGET carries`)
        r"\b(?:steal|steals|take|takes) (?:an|one) item from (?P<src>[^,;}]+?)\s*(?=[,;}]|$)": (
            "take 1 item from {src}"),
        r"\b(?:steal|steals) (?P<n>\d+) (?P<noun>items?) from (?P<src>[^,;}]+?)\s*(?=[,;}]|$)"
        : "take {n} {noun} from {src}",
    }
    from_end: ClassVar[tuple[str, ...]] = ("source",)
    summary: ClassVar[str] = ('players take items in play or random cards from the hand of '
                              'another, one after the other')
    example: ClassVar[str] = 'take 1 item from the highest level player'
    means: ClassVar[str] = 'take grab pick rob pocket item card hand random'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        (('`[TARGET] take(s) N items from TARGET` / `take(s) N cards at random '
          'from TARGET` / `take(s) N cards of your choice from the hand of TARGET`'),
         ('each taker in turn takes items in play (its pick), random cards from '
          'the hand, or cards of the hand it looks at and picks'),
         'the player to your left takes 1 card at random from victim'),
    )
    player_target: ClassVar[bool] = True
    observe: ClassVar[str] = 'items'
    #: `take N cards at random`: what the conformance suite watches and the example differ
    variant_field: ClassVar[str | None] = "what"
    variants: ClassVar[dict[str, dict[str, str]]] = {
        "cards": {"example": "take 1 card at random from the highest level player",
                  "observe": "hand"},
        "chosen_cards": {"example": "take 1 card of your choice from the hand of the "
                                    "highest level player", "observe": "hand"}}
    text: ClassVar[dict[str, str]] = {
        'en': ('{{ w.verb(e, a, t, "take", "takes") }} {{ e.count }} {% if e.what != '
               '"items" %}{{ t.forms(e.count, "card", "cards") }} {{ "at random" if e.what '
               '== "cards" else "of " ~ ("your" if t.you(e.target, a) else "their") ~ '
               '" choice" }} from {{ '
               '"your hand" if t.you(e.source, a) else "the hand of " ~ w.WHO[e.source] '
               '}}{% else %}{{ t.forms(e.count, "item", "items") }} in play from {{ '
               '"you" if t.you(e.source, a) else w.WHO[e.source] }}{% endif %}'
               '{{ w.amount_post(e, t) }}'),
        'ru': ('{{ w.verb(e, a, t, "забираешь", "забирает", "забрать") }} {% if e.what '
               '!= "items" %}{{ "наугад" if e.what == "cards" else "на выбор" }} {{ e.count '
               '}} {{ t.forms(e.count, "карту", "карты", '
               '"карт") }} {{ "с твоей руки" if t.you(e.source, a) else "с руки " ~ '
               'w.GEN[e.source] }}{% else %}{{ e.count }} {{ t.forms(e.count, "шмотку", '
               '"шмотки", "шмоток") }} в игре у {{ w.GEN["you" if t.you(e.source, a) '
               'else e.source] }}{% endif %}{{ w.amount_post(e, t) }}'),
        'pl': ('{{ w.verb(e, a, t, "zabierasz", "zabiera", "zabrać") }} {% if e.what != '
               '"items" %}{{ "losowo " if e.what == "cards" }}{{ e.count }} '
               '{{ t.forms(e.count, "kartę", "karty", '
               '"kart") }} {{ "według własnego wyboru " if e.what != "cards" }}'
               '{{ "z twojej ręki" if t.you(e.source, a) else "z ręki " ~ '
               'w.GEN[e.source] }}{% else %}{{ e.count }} {{ t.forms(e.count, '
               '"przedmiot", "przedmioty", "przedmiotów") }} {{ "spośród twoich '
               'przedmiotów w grze" if t.you(e.source, a) else "spośród przedmiotów w '
               'grze " ~ w.GEN[e.source] }}{% endif %}{{ w.amount_post(e, t) }}'),
    }
    what: str = described("items (items in play, each taker picks), cards (cards from the "
                          "hand, at random) or chosen_cards (cards from the hand, each taker "
                          "looks and picks)", "items",
                          choices=("items", "cards", "chosen_cards"), record=...)
    count: int = described("how many each taker takes", 1)
    target: Target | None = described("who takes, one after the other in the target's order")
    source: Target | None = described("whose cards or items", record="victim")
    per: str | None = None
    counted: CountPart | None = None
    amounts: tuple[AmountPart, ...] = ()


#: Effects that take from each player of a group in turn (`take 1 card at random from every
#: other player`); from a group any other effect takes from one player (E228).
FROM_EACH = frozenset({Take.kind})

