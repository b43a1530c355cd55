"""Stage 1, the language: load a pack's files, parse them (Lark, LALR) into the AST with
positions, the vocabulary the grammar is filled from (the effect registry, phrases), and the
formatter that prints the AST back in the one canonical layout.
"""
