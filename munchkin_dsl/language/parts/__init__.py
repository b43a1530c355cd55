"""The declared parts of the language, one class each (see :mod:`..algebra`).

Every module here is imported by the subclass scan; a new part is a class in one of
them (or in a new module), its engine behaviour in ``munchkin_dsl/engine/algebra_*.py``,
and its tests.
"""
