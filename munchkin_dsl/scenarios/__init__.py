"""Scenario files (``munchkin test``): parse a ``.scn`` file, set up a game in the reference
engine, run its plays and compare its expectations.  Above the engine, below the commands.
"""
