"""The reference engine: plays compiled engine data by the rules in RULES.md.

``Game`` is a core (the state) and its parts, the actions (:mod:`.game` lists the module of
each part: turn, play, fight, inventory, victory, seals, core); the helpers see a game
through the protocol in :mod:`.interface`; every choice is asked of a policy
(:mod:`.policy`); strength arithmetic with its breakdown is in :mod:`.combat`; each
effect kind's behaviour is a row of the table in :mod:`.effects_apply`; ruleset
differences come from :mod:`.rules`; :mod:`.bots` plays simulated turns (the scenario
files run in :mod:`munchkin_dsl.scenarios`).
"""

from munchkin_dsl.engine.game import DefaultPolicy, EngineError, Game

__all__ = ["DefaultPolicy", "EngineError", "Game"]
