"""The reference engine: plays compiled engine data by the rules in RULES.md.

``Game`` holds the state and the actions (:mod:`.game` lists the module of each concern:
turn, play, fight, inventory, victory, seals, core); every choice is asked of a policy
(:mod:`.policy`); strength arithmetic with its breakdown is in :mod:`.combat`; each
effect kind's behaviour is a row of the table in :mod:`.effects_apply`; ruleset
differences come from :mod:`.rules`; :mod:`.bots` plays simulated turns and
:mod:`.scenario` runs the authors' scenario files.
"""

from munchkin_dsl.engine.game import DefaultPolicy, EngineError, Game

__all__ = ["DefaultPolicy", "EngineError", "Game"]
