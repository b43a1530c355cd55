"""munchkin-dsl: a language and toolchain for custom Munchkin-style card packs.

The compiler is a visible pipeline, one module per stage::

    source.py     load a pack (folder with pack.munch, or one file) into SourceFiles
      |
    parser.py     Lark LALR parse of each file -> AST (nodes.py), with error recovery
      |
    resolve.py    symbol tables: cards, races, classes, tags, ruleset names
    checks/       one small function per rule, each owning its diagnostic codes
      |
    lower.py      AST -> engine effect objects (effects.py)
      |
    engine_data.py  effect objects <-> engine JSON (schemas/engine-data.schema.json)

``api.py`` exposes each stage so tests and tools can stop anywhere.
"""

__version__ = "0.1.0"
