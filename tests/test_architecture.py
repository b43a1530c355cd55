"""The layout is the pipeline: each folder is a stage, and imports only go down the stages.

Why a test: a docstring that says "parse -> resolve -> lower -> engine" stays true only while
nothing imports against it.  This reads every module's imports (at module level, inside
functions and under ``TYPE_CHECKING`` alike: a lazy import is still a dependency) and fails
for an import that goes up the pipeline, for an import cycle, and for a name with a leading
underscore taken from another module.  The layer table below is the one the README's
architecture section draws (``test_readme_draws_the_layers`` ties the two).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest
from conftest import REPO

PACKAGE = REPO / "munchkin_dsl"

#: The stages, lowest first.  A module may import its own layer and the layers before it.
LAYERS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("base", ("munchkin_dsl", "munchkin_dsl.base", "munchkin_dsl.data"),
     "diagnostics, files (confined reads, atomic writes), rulesets and data tables"),
    ("language", ("munchkin_dsl.language",),
     "source loading, grammar and parser, AST nodes, effect vocabulary, formatter"),
    ("compiler", ("munchkin_dsl.compiler",),
     "resolve names, checks, lower to effect objects, engine data"),
    ("text", ("munchkin_dsl.text",), "card text in en/ru/pl from compiled effects"),
    ("interchange", ("munchkin_dsl.interchange",),
     "spreadsheets (CSV, Excel) and translation files (PO, XLIFF) in and out"),
    ("mix", ("munchkin_dsl.mix",), "combining packs of several game lines"),
    ("engine", ("munchkin_dsl.engine",), "the reference engine, bots, simulation"),
    ("scenarios", ("munchkin_dsl.scenarios",), "scenario files run in the engine"),
    ("render", ("munchkin_dsl.render",), "card faces, PDF sheets, PNG and TTS export"),
    ("site", ("munchkin_dsl.site",), "the static pack book for the web"),
    ("lsp", ("munchkin_dsl.lsp",), "the language server"),
    ("commands", ("munchkin_dsl.commands",), "one module per CLI command"),
    ("cli", ("munchkin_dsl.cli", "munchkin_dsl.__main__"), "the entry point"),
    ("tools", ("munchkin_dsl.tools",), "developer scripts; nothing imports them"),
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> int:
    """The index of the most specific layer prefix that names ``module``."""
    best, best_len = -1, -1
    for index, (_, prefixes, _) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = index, len(prefix)
    return best


def _resolve(module: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if path.name != "__init__.py":
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports_of(module: str) -> list[tuple[str, int, tuple[str, ...]]]:
    """(imported module, line, names taken from it) for every project import in ``module``."""
    path = MODULES[module]
    found: list[tuple[str, int, tuple[str, ...]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            target = _resolve(module, path, node)
            if not target.startswith("munchkin_dsl"):
                continue
            names: list[str] = []
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in MODULES:
                    found.append((sub, node.lineno, ()))
                else:
                    names.append(alias.name)
            if target in MODULES:
                found.append((target, node.lineno, tuple(names)))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    found.append((alias.name, node.lineno, ()))
    return found


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for module in MODULES:
        for target, _, _ in imports_of(module):
            if target != module and not module.startswith(target + "."):
                edges[module].add(target)
    return edges


def test_every_module_has_a_layer() -> None:
    assert [m for m in MODULES if layer_of(m) < 0] == []


def test_imports_go_down_the_pipeline() -> None:
    wrong = []
    for module in MODULES:
        for target, line, _ in imports_of(module):
            if layer_of(target) > layer_of(module):
                wrong.append(f"{MODULES[module].relative_to(REPO)}:{line}: "
                             f"{LAYERS[layer_of(module)][0]} imports {target} "
                             f"({LAYERS[layer_of(target)][0]})")
    assert wrong == []


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(MODULES):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles() -> None:
    assert _cycles(graph()) == []


def test_no_private_names_across_modules() -> None:
    wrong = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module_aliases: dict[str, str] = {}
        for target, line, names in imports_of(module):
            if target == module:
                continue
            for name in names:
                if name.startswith("_") and not name.startswith("__"):
                    wrong.append(f"{path.relative_to(REPO)}:{line}: {target}.{name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = _resolve(module, path, node)
                for alias in node.names:
                    if f"{target}.{alias.name}" in MODULES:
                        module_aliases[alias.asname or alias.name] = f"{target}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in MODULES and alias.asname:
                        module_aliases[alias.asname] = alias.name
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in module_aliases and node.attr.startswith("_")
                    and not node.attr.startswith("__")
                    and module_aliases[node.value.id] != module):
                wrong.append(f"{path.relative_to(REPO)}:{node.lineno}: "
                             f"{module_aliases[node.value.id]}.{node.attr}")
    assert wrong == []


def test_nothing_imports_tools() -> None:
    tools = layer_of("munchkin_dsl.tools")
    users = [m for m, targets in graph().items() for t in targets
             if layer_of(t) == tools and layer_of(m) != tools]
    assert users == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_module_size(module: str) -> None:
    """A module over ~600 lines wants a table of contents: split it along its seams."""
    lines = MODULES[module].read_text(encoding="utf-8").count("\n")
    assert lines <= OVERSIZED.get(module, 620), f"{module}: {lines} lines"


#: Modules still over the limit, with the size they may not grow past (shrink, never raise).
#: Empty: every module is within the limit; an entry needs a reason in its commit.
OVERSIZED: dict[str, int] = {}


def architecture_table() -> str:
    """The README's architecture table, generated from ``LAYERS``."""
    rows = ["| layer | folders | what it holds |", "|---|---|---|"]
    for number, (name, prefixes, what) in enumerate(LAYERS):
        folders = ", ".join(f"`{p.removeprefix('munchkin_dsl').lstrip('.') or '(root)'}`"
                            for p in prefixes)
        rows.append(f"| {number} {name} | {folders} | {what} |")
    return "\n".join(rows) + "\n"


def test_readme_draws_the_layers() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start, end = "<!-- layers:start -->\n", "<!-- layers:end -->"
    assert start in readme and end in readme, "README lacks the architecture markers"
    drawn = readme[readme.index(start) + len(start): readme.index(end)]
    assert drawn == architecture_table(), (
        "README's layer table is stale; paste tests/test_architecture.architecture_table()")
