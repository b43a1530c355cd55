"""Stage 2, the compiler: resolve names, check every rule (``checks/``), lower the AST to
effect objects and serialise them as engine data.  ``api`` runs the stages for every command.
"""
