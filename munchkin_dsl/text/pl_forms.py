"""Polish agreement for tags and game words, from the reviewed table ``pl_forms.toml``.

The Russian side uses a morphological dictionary (:mod:`.morph`); for Polish none with
a dictionary installs from the registries (morfeusz2 does not), so the few words the
templates put next to a noun are listed with their forms in a data file a translator can
review and extend.  Grammemes use pymorphy's notation so both languages' templates
pass the same strings.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources

#: A noun-phrase word has its own gender; the one the template names is the noun's.
_GENDERS = frozenset({"masc", "femn", "neut", "anim", "inan"})


def _key(grams: str) -> frozenset[str]:
    return frozenset(g.strip() for g in grams.split(",") if g.strip())


@lru_cache(maxsize=1)
def _forms() -> dict[str, tuple[str, dict[frozenset[str], str]]]:
    data = tomllib.loads(resources.files("munchkin_dsl.text").joinpath("pl_forms.toml")
                         .read_text(encoding="utf-8"))
    out: dict[str, tuple[str, dict[frozenset[str], str]]] = {}
    for word, entry in data.items():
        kind = str(entry["kind"])
        out[word] = (kind, {_key(k): str(v) for k, v in entry.items() if k != "kind"})
    return out


def pl_phrase(word: str, noun: str, grams: str) -> str | None:
    """``noun`` qualified by ``word`` in the form ``grams`` asks for, or None if unknown.

    An adjective goes before the noun («ogniste karty»); a noun-phrase game word replaces
    the noun («Dużych Rzeczy»).  A form missing from the table gives None, so the caller
    falls back to quoting the word rather than printing a wrong ending.
    """
    entry = _forms().get(word)
    if entry is None or not grams:
        return None
    kind, forms = entry
    key = _key(grams) if kind == "adjective" else _key(grams) - _GENDERS
    form = forms.get(key)
    if form is None:
        return None
    return form if kind == "noun" else f"{form} {noun}"
