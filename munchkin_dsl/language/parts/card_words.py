"""The words of a card pick every pick module prints: a bound on the card's value (`worth
300 or less`) and the Polish `every KIND` (kept apart so parts/cards.py and
parts/hand_picks.py share them without importing each other)."""

from __future__ import annotations


def worth_words(high: str, low: str) -> dict[str, str]:
    """The words of a bound on a card's value, per language, ``high`` / ``low`` the
    template expressions of `worth N or less` / `worth N or more` (none: no bound)."""
    return {
        "en": f"{{% if {high} is not none %}} worth {{{{ {high} }}}} {{{{ t.plural('money', "
              f"{high}) }}}} or less{{% elif {low} is not none %}} worth {{{{ {low} }}}} "
              f"{{{{ t.plural('money', {low}) }}}} or more{{% endif %}}",
        "ru": f"{{% if {high} is not none %}} ценой до {{{{ {high} }}}} {{{{ t.plural("
              f"'money', {high}) }}}}{{% elif {low} is not none %}} ценой от {{{{ {low} }}}} "
              f"{{{{ t.plural('money', {low}) }}}}{{% endif %}}",
        "pl": f"{{% if {high} is not none %}} o wartości do {{{{ {high} }}}} {{{{ t.plural("
              f"'money', {high}) }}}}{{% elif {low} is not none %}} o wartości co najmniej "
              f"{{{{ {low} }}}} {{{{ t.plural('money', {low}) }}}}{{% endif %}}",
    }


#: `worth 300 or less` after a pick's filter, per language (no agreement needed: `ценой
#: до`, `o wartości do` stand after a noun of any gender)
WORTH: dict[str, str] = worth_words("e.card_worth_max", "e.card_worth_min")


#: Polish `every KIND`: the plural agrees in gender (`wszystkich pomocników`, masculine
#: personal; `wszystkie klątwy` otherwise)
EVERY_PL = ("{{ 'wszystkich' if e.card_what in ('sidekick', 'hireling') else 'wszystkie' }} "
            "{{ fw(e.card_what, 2, t) }}")
