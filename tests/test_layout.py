"""The shape of the package: layers that import only downwards, an engine with no
third-party dependency, no import cycle (function-level imports included), short modules
and functions. These are the promises of DESIGN.md that a refactor could quietly break."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "euchre"
ENGINE = ("cards", "rules", "actions", "scoring", "results", "hands", "game", "view", "record",
          "transcript", "words", "engine")
"""The engine's modules (``engine``: the rule-module core and its games, Euchre's int paths
among them, every module under it)."""
MAX_MODULE_LINES = 800
MAX_FUNCTION_LINES = 70
LONG_FUNCTIONS_WITH_A_REASON = {"euchre.agents.solver._searcher", "euchre.agents.solver.search",
                                "euchre.agents.family.solver._searcher"}
"""Measured hot loops (their docstrings say why they stay whole)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def runtime_nodes(tree: ast.AST):
    """Every node that can run: all but the bodies of ``if TYPE_CHECKING:`` (names for
    annotations only, never imported when the program runs)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            for other in node.orelse:
                yield other
                yield from runtime_nodes(other)
            continue
        yield node
        yield from runtime_nodes(node)


def imports_of(name: str) -> set[str]:
    """Every euchre module that ``name`` imports when it runs, at the top or inside a
    function."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in runtime_nodes(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = node.module or ""
            if node.level:
                target = f"{base}.{target}" if target else base
            for alias in node.names:  # a submodule named is that module; a name, the
                module = f"{target}.{alias.name}"  # module (or package) that defines it
                found.add(module if module in MODULES else target)
    return {m for m in found if m in MODULES and m not in (name, "euchre")}


GRAPH = {name: imports_of(name) for name in MODULES}


def test_no_import_cycle_counting_function_level_imports():
    """A package's ``__init__`` is a module like any other: a loop through it is a cycle
    (``agents.heuristic`` -> ``agents.family`` -> ``agents.family.rules_of_thumb`` ->
    ``agents.heuristic`` once passed through that hole). ``from . import core`` is an edge to
    ``core``, not to the package (Python imports the package first in any case)."""
    def edges(name: str) -> set[str]:
        return GRAPH[name]

    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        stack.append(name)
        for nxt in sorted(edges(name)):
            if state.get(nxt) == 1:
                cycle = [*stack[stack.index(nxt):], nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[name] = 2

    for name in sorted(MODULES):
        if name not in state:
            visit(name)


def test_the_engine_imports_only_the_standard_library_and_itself():
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    under = [name.removeprefix("euchre.") for name in MODULES if name.startswith("euchre.engine")]
    for short in (*ENGINE, *under):
        tree = ast.parse(MODULES[f"euchre.{short}"].read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            for imported in names:
                assert imported.split(".")[0] in stdlib, (short, imported)
        assert all(m.split(".")[1] in ENGINE for m in GRAPH[f"euchre.{short}"]), short


def test_only_game_reaches_into_a_game():
    """Outside Euchre's game class (``engine/games/euchre/game.py``) a Euchre game's state
    is reached through ``state_of`` and ``game_of_state``, never ``._s``."""
    for name, path in MODULES.items():
        if name == "euchre.engine.games.euchre.game":
            continue
        text = path.read_text(encoding="utf-8")
        assert "._s[" not in text and "._s " not in text and "._s)" not in text, name
        assert "_from_state" not in text, name


def _in_engine(name: str) -> bool:
    return name.split(".")[1] in ENGINE if "." in name else True


def _private_names_of_the_engine() -> set[str]:
    """The names an engine object keeps its insides under: every ``_``-name in a
    ``__slots__`` or assigned to ``self`` in an engine module (``_s``, ``_t``, ``_kept``...)."""
    found = set()
    for name, path in MODULES.items():
        if not _in_engine(name):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and (
                    node.value.id == "self" and isinstance(node.ctx, ast.Store)):
                found.add(node.attr)
            elif isinstance(node, ast.Assign) and any(
                    getattr(target, "id", "") == "__slots__" for target in node.targets):
                found.update(c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant))
    return {n for n in found if isinstance(n, str) and n.startswith("_")
            and not n.startswith("__")}


def test_no_face_reads_the_engines_insides():
    """Issue 47, criterion 2: outside the engine nothing takes the state under a game
    (``state_of``), reads an engine object's private attributes, or writes onto a frozen
    value (``object.__setattr__``, ``__dict__``); the faces read the public API (``results``,
    ``start_score``, ``actions()``, views). A module's own private attributes are its own."""
    private = _private_names_of_the_engine()
    assert {"_s", "_t", "_kept"} <= private
    for name, path in MODULES.items():
        if _in_engine(name):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
               and isinstance(n.ctx, ast.Store)}
        for node in ast.walk(tree):
            said = getattr(node, "id", None) or getattr(node, "name", None) or getattr(
                node, "attr", None)
            assert said not in ("state_of", "__setattr__", "__dict__"), (name, node.lineno)
            if isinstance(node, ast.Attribute) and node.attr in private - own:
                assert getattr(node.value, "id", "") in ("self", "cls"), (name, node.lineno)


def test_modules_and_functions_are_short():
    for name, path in MODULES.items():
        source = path.read_text(encoding="utf-8")
        assert source.count("\n") <= MAX_MODULE_LINES, name
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1
                where = f"{name}.{node.name}"
                if where not in LONG_FUNCTIONS_WITH_A_REASON:
                    assert length <= MAX_FUNCTION_LINES, (where, length)


def test_the_licence_is_an_spdx_string_and_the_build_knows_it():
    """Issue 38: setuptools deprecates the table form of ``project.license`` (it stops
    building after 2027-02-18) and warns on every install; an SPDX string needs
    setuptools 77 or later."""
    import tomllib

    project = tomllib.loads((PACKAGE.parent.parent / "pyproject.toml").read_text("utf-8"))
    assert project["project"]["license"] == "MIT"
    assert "setuptools>=77" in project["build-system"]["requires"]
    assert not any("License ::" in c for c in project["project"].get("classifiers", []))


def test_euchre_is_a_game_module_registered_like_the_others():
    """Issue 47, criterion 1: Euchre's int paths and its game classes live in its game's
    folder (``engine/games/euchre/``), their old import names are the same modules, and
    every game, Euchre included, is made through one registry (``game.GAMES``): ``Game`` is
    the API every game's class shares, and implements none of them itself."""
    import euchre
    import euchre.engine.games.euchre as module
    from euchre import Game, Rules
    from euchre.engine import EuchreGame, FamilyGame, TableGame
    from euchre.engine.games import MODULES
    from euchre.game import GAMES, class_of

    for name in module.MODULES:
        assert not (PACKAGE / f"{name}.py").exists(), name
        assert (PACKAGE / "engine" / "games" / "euchre" / f"{name}.py").exists(), name
        assert sys.modules[f"euchre.{name}"] is sys.modules[f"euchre.engine.games.euchre.{name}"]
    assert euchre.state is sys.modules["euchre.engine.games.euchre.state"]
    assert {"euchre", *MODULES} <= set(GAMES)
    for rules, cls in ((Rules(), EuchreGame), (Rules(game="euchre", players=4), FamilyGame),
                       (Rules(players=3), FamilyGame), (Rules(game="napoleon"), TableGame)):
        game = Game(rules, seed=1)
        assert class_of(rules) is cls and type(game) is cls and isinstance(game, Game)
        assert type(Game.from_record(game.record())) is cls
    assert not {m for m in GRAPH["euchre.game"] if m.startswith("euchre.engine.games")}, \
        "Game knows no game's implementation"
