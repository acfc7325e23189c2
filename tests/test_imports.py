"""Imports point one way: cards and errors → protocol → rankings → kernel → games →
histories, rulings, bots, analysis → tables, games → terminal, room → cli. Every import
counts, at the top of a module, inside a function, under ``if TYPE_CHECKING:`` or made by
``importlib.import_module`` with the module's name written out, so no import can hide a
cycle."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "pokerroom"

LAYERS: dict[str, int] = {
    # cards, errors and the names and figures everything shares
    "cards": 0, "deck": 0, "errors": 0, "rule_names": 0, "game_names": 0, "tablecache": 0,
    "figures": 0, "compiled": 0,
    # the protocol: actions, options, events, hand states, the table type,
    # games, the table view every face and bot reads, and the bot protocol; the one way
    # from a seat's options to its actions
    "moves": 1, "core": 1, "session": 1, "catalog": 1, "tableview": 1, "options": 1,
    # rankings and the fast evaluators
    "hands": 2, "fast": 2,
    # the hand machine
    "engine": 3,
    # games, and the tournament's structures, payouts and ICM
    "homegames": 4, "casino": 4, "tournament": 4,
    # histories, rulings, bots, analysis; the home-game analyses play with the bots,
    # whose equity comes from the odds of the analysis package, so they are a unit of
    # their own (neither the bots nor the rest of the analysis imports them)
    "history": 5, "rulings": 5, "bots": 5, "analysis": 5, "analysis.home": 5,
    # the strategy lab solves games from the exact odds of the analysis package (which
    # does not import it), at that level so that bots may play what it solves
    "strategy": 5,
    # tables of many hands of each game, with their bots and histories; announcements;
    # the game (everything about one game, its tables included) and the list of games
    "sessions": 6, "announcements": 6, "game": 6, "games": 6,
    # the faces
    "terminal": 7, "server": 7, "env": 7,
    "cli": 8,
}
"""The layer of each top-level module or package of :mod:`pokerroom` (and of the
sub-packages that are units of their own: a module belongs to the longest name here
that contains it)."""

DEBT: dict[str, str] = {}
"""Modules that still import a higher layer, and why: none. Each one listed must still
need its exception (so the list only shrinks), and no other module may have one."""


CYCLE_DEBT: dict[frozenset[str], str] = {}
"""The import cycles that remain, and why: none. Each one listed must still be a cycle (so
the list only shrinks), and no other cycle may appear."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in SOURCE.rglob("*.py"):
        parts = path.relative_to(SOURCE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


class _Imports(ast.NodeVisitor):
    """Every module an import statement names (``if TYPE_CHECKING:`` blocks included),
    and every module ``importlib.import_module`` is called with by its written name."""

    def __init__(self, module: str, path: Path, known: dict[str, Path]) -> None:
        self.module, self.path, self.known = module, path, known
        self.names: list[tuple[str, int]] = []

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in ("import_module", "__import__") and node.args and isinstance(
                node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            self.names.append((node.args[0].value, node.lineno))
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        self.names += [(alias.name, node.lineno) for alias in node.names]

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.module.split(".")
            if self.path.name != "__init__.py":
                base = base[:-1]
            base = base[:len(base) - node.level + 1]
            name = ".".join([*base, *([node.module] if node.module else [])])
        else:
            name = node.module or ""
        self.names.append((name, node.lineno))
        self.names += [(f"{name}.{alias.name}", node.lineno) for alias in node.names
                       if f"{name}.{alias.name}" in self.known]


def _graph() -> dict[str, dict[str, int]]:
    known = _modules()
    graph: dict[str, dict[str, int]] = defaultdict(dict)
    for module, path in known.items():
        visitor = _Imports(module, path, known)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        for name, line in visitor.names:
            if name in known and name != module and not module.startswith(name + "."):
                graph[module].setdefault(name, line)
    return graph


def _part(module: str) -> str:
    """The unit of ``module`` in :data:`LAYERS` (its top-level name if none)."""
    parts = module.split(".")[1:]
    for size in range(len(parts), 1, -1):
        if ".".join(parts[:size]) in LAYERS:
            return ".".join(parts[:size])
    return parts[0] if parts else ""


def _cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, {}):
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

    for node in list(graph):
        if node not in index:
            visit(node)
    return found


def test_every_module_has_a_layer() -> None:
    parts = {_part(module) for module in _modules()} - {""}
    assert parts <= set(LAYERS), sorted(parts - set(LAYERS))


def _upward(graph: dict[str, dict[str, int]]) -> list[tuple[str, str, int]]:
    return [(module, name, line) for module, names in graph.items()
            for name, line in names.items()
            if _part(module) and _part(name) and LAYERS[_part(module)] < LAYERS[_part(name)]]


def test_no_module_imports_a_higher_layer() -> None:
    upward = _upward(_graph())
    unlisted = [f"{module}:{line} imports {name}" for module, name, line in upward
                if module not in DEBT]
    assert not unlisted, "\n".join(unlisted)
    assert {module for module, _, _ in upward} == set(DEBT), "a listed module no longer " \
        "imports a higher layer: take it off DEBT"


@pytest.mark.parametrize("level", ["module", "package"])
def test_no_import_cycle(level: str) -> None:
    graph = {module: names for module, names in _graph().items() if module not in DEBT}
    if level == "package":
        packages: dict[str, dict[str, int]] = defaultdict(dict)
        for module, names in graph.items():
            for name, line in names.items():
                if _part(module) != _part(name) and _part(module) and _part(name):
                    packages[_part(module)].setdefault(_part(name), line)
        graph = packages
        known = {frozenset(_part(m) for m in cycle) for cycle in CYCLE_DEBT}
        known = {cycle for cycle in known if len(cycle) > 1}
    else:
        known = set(CYCLE_DEBT)
    assert {frozenset(cycle) for cycle in _cycles(graph)} == known


def test_the_checker_sees_a_cycle_through_a_function_local_import(tmp_path: Path) -> None:
    graph = {"a": {"b": 1}, "b": {"c": 3}, "c": {"a": 9}, "d": {"a": 2}}
    assert _cycles(graph) == [["a", "b", "c"]]
    source = "def late() -> None:\n    from pokerroom.x import y\n"
    visitor = _Imports("pokerroom.z", tmp_path / "z.py", {"pokerroom.x": tmp_path})
    visitor.visit(ast.parse(source))
    assert visitor.names == [("pokerroom.x", 2)]


def test_the_checker_sees_type_checking_and_importlib_imports(tmp_path: Path) -> None:
    source = ("from typing import TYPE_CHECKING\nimport importlib\n"
              "if TYPE_CHECKING:\n    from pokerroom.x import y\n"
              "def late() -> None:\n    importlib.import_module('pokerroom.w')\n")
    known = {"pokerroom.x": tmp_path, "pokerroom.w": tmp_path}
    visitor = _Imports("pokerroom.z", tmp_path / "z.py", known)
    visitor.visit(ast.parse(source))
    assert [name for name, _ in visitor.names if name.startswith("pokerroom")] == [
        "pokerroom.x", "pokerroom.w"]


def test_a_module_belongs_to_its_longest_unit() -> None:
    assert _part("pokerroom.analysis.home.field") == "analysis.home"
    assert _part("pokerroom.analysis.odds") == "analysis"
    assert _part("pokerroom.analysishome") == "analysishome"
    assert _part("pokerroom") == ""
    assert all((SOURCE / unit.replace(".", "/")).is_dir() for unit in LAYERS if "." in unit)


def test_an_empty_debt_still_refuses_an_upward_import() -> None:
    graph = {"pokerroom.cards": {"pokerroom.cli.play": 3}}
    assert _upward(graph) == [("pokerroom.cards", "pokerroom.cli.play", 3)]

