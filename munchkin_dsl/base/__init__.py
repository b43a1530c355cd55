"""Layer 0, the foundation every stage stands on: diagnostics and their explanations, the
one way to read and write files (confinement, atomic writes), and the rulesets as data.

Nothing here imports a later stage; ``tests/test_architecture.py`` holds that.
"""
