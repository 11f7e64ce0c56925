"""The shape of the code: the import graph of game/ (imports inside functions counted, TYPE_CHECKING
blocks not) has no cycle; no screen module imports another; core and play stay pure; only the
registry imports a mode (each folder of its FOLDERS, by name, counted as an import); the session
never looks for attributes of screens."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import game
from game.modes import registry
from game.screens.base import State

GAME = Path(game.__file__).parent
MAX_INNER_IMPORTS = 5  # imports made inside functions, each with a comment saying why


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(GAME.rglob("*.py")):
        parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


class Imports(ast.NodeVisitor):
    """Every import of a module, (target candidates, inside a function, line), TYPE_CHECKING skipped
    unless `type_checking` (a reader and a type checker follow those imports too)."""

    def __init__(self, module: str, is_package: bool, type_checking: bool = False) -> None:
        self.module, self.is_package, self.type_checking = module, is_package, type_checking
        self.depth = 0
        self.found: list[tuple[list[str], bool, int]] = []

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", "")
        skip = name == "TYPE_CHECKING" and not self.type_checking
        for child in node.orelse if skip else [*node.body, *node.orelse]:
            self.visit(child)

    def _function(self, node) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.found.append(([alias.name], self.depth > 0, node.lineno))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            package = self.module.split(".") if self.is_package else self.module.split(".")[:-1]
            package = package[: len(package) - (node.level - 1)]
            base = ".".join(package + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        self.found.append(
            ([base] + [f"{base}.{alias.name}" for alias in node.names], self.depth > 0, node.lineno)
        )


def graph(
    type_checking: bool = False,
) -> tuple[dict[str, set[str]], dict[str, list[str]], list[tuple[str, int]]]:
    """(module -> game modules it imports, module -> every name it imports, inner imports (module, line));
    with `type_checking`, the imports under `if TYPE_CHECKING:` counted as well."""
    mods = modules()
    edges: dict[str, set[str]] = {}
    names: dict[str, list[str]] = {}
    inner: list[tuple[str, int]] = []
    for module, path in mods.items():
        visitor = Imports(module, path.name == "__init__.py", type_checking)
        visitor.visit(ast.parse(path.read_text()))
        edges[module] = set()
        names[module] = []
        for candidates, in_function, line in visitor.found:
            names[module].append(candidates[0])
            hit = next((c for c in sorted(candidates, key=len, reverse=True) if c in mods), None)
            if hit is not None and hit != module:
                edges[module].add(hit)
                if in_function:
                    inner.append((module, line))
    registry = "game.modes.registry"
    for folder in registered_folders(mods[registry]):  # imported by name (importlib): edges all the same
        edges[registry].add(f"game.modes.{folder}")
        names[registry].append(f"game.modes.{folder}")
    return edges, names, inner


def registered_folders(registry: Path) -> tuple[str, ...]:
    """The mode folders the registry imports by name: its FOLDERS tuple, read from its source."""
    for node in ast.parse(registry.read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "FOLDERS" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise AssertionError("the registry names its mode folders in FOLDERS")


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def screen_modules() -> set[str]:
    """Modules that define a screen (a State subclass of their own)."""
    screens = set()
    for info in pkgutil.walk_packages(game.__path__, "game."):
        if info.name.endswith("__main__"):
            continue  # importing it starts the game
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, State) and cls is not State and cls.__module__ == info.name:
                screens.add(info.name)
    return screens


def test_architecture__game_has_no_import_cycle():
    assert cycles(graph()[0]) == []


def test_architecture__no_import_cycle_even_through_type_checking_imports():
    assert cycles(graph(type_checking=True)[0]) == []


def test_architecture__screens_and_modes_never_import_the_app_or_the_session():
    """They get a typed Context (game/screens/base.py), never the App, not even for a type."""
    edges = graph(type_checking=True)[0]
    above = {"game.app", "game.session", "game.lifetime"}
    for module, targets in edges.items():
        if module.startswith(("game.screens", "game.modes")):
            assert targets.isdisjoint(above), f"{module} imports {sorted(targets & above)}"


def test_architecture__no_screen_module_imports_another():
    edges = graph()[0]
    screens = screen_modules()
    assert {"game.screens.playing", "game.screens.menu", "game.modes.daily.screens"} <= screens
    crossing = sorted((m, t) for m in screens for t in edges[m] if t in screens)
    assert crossing == []


def test_architecture__core_and_play_import_no_pygame_ui_or_screens():
    _, names, _ = graph()
    forbidden = ("pygame", "game.ui", "game.screens", "game.modes", "game.session", "game.app", "game.store")
    for module, imported in names.items():
        if module.startswith(("game.core", "game.play")):
            bad = [name for name in imported if name.startswith(forbidden)]
            assert bad == [], f"{module} imports {bad}"


def test_architecture__net_and_server_stay_beside_the_game_and_never_draw():
    """net/ sits beside play (pygame-free, below the screens); server/ uses only core and net's
    protocol, so it runs where no window can open."""
    _, names, _ = graph()
    below_screens = ("pygame", "game.ui", "game.screens", "game.modes", "game.session", "game.app")
    for module, imported in names.items():
        if module.startswith("game.net"):
            bad = [n for n in imported if n.startswith((*below_screens, "game.server", "game.store"))]
            assert bad == [], f"{module} imports {bad}"
        if module.startswith("game.server"):
            bad = [n for n in imported if n.startswith("game") and not n.startswith(GAME_FOR_SERVER)]
            bad += [n for n in imported if n.startswith(below_screens)]
            assert bad == [], f"{module} imports {bad}"
    for module in ("game.core", "game.play"):
        reaching = [
            m
            for m, imported in names.items()
            if m.startswith(module)
            and any(n.startswith(("game.net", "game.server", "websockets")) for n in imported)
        ]
        assert reaching == [], f"{reaching} reach the network"


GAME_FOR_SERVER = ("game.core", "game.net.protocol", "game.server", "game.cli")


def test_architecture__only_the_registry_imports_a_mode():
    edges = graph()[0]
    mode_folders = {m.split(".")[2] for m in modules() if m.count(".") >= 2 and m.startswith("game.modes.")}
    mode_folders -= {"base", "registry"}
    for module, targets in edges.items():
        for target in targets:
            parts = target.split(".")
            if len(parts) >= 3 and parts[:2] == ["game", "modes"] and parts[2] in mode_folders:
                inside = module.startswith(f"game.modes.{parts[2]}")
                assert inside or module == "game.modes.registry", f"{module} imports the mode {target}"


def test_architecture__few_imports_inside_functions_each_with_a_reason():
    inner = graph()[2]
    assert len(inner) <= MAX_INNER_IMPORTS, inner
    for module, line in inner:
        source = modules()[module].read_text().splitlines()
        said = source[line - 1] + (source[line - 2] if line >= 2 else "")
        assert "#" in said, f"{module}:{line} imports inside a function without saying why"


def test_architecture__session_and_lifetime_never_look_for_attributes():
    for name in ("session.py", "lifetime.py"):
        tree = ast.parse((GAME / name).read_text())
        calls = [
            node.func.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr")
        ]
        assert calls == [], f"{name} calls {calls}"


def test_architecture__speed_and_reduced_motion_are_read_only_by_the_timeline():
    allowed = {"game/play/timeline.py", "game/settings.py", "game/screens/settings.py"}
    names = {"reduced_motion", "animation_speed", "reduced", "move_factor"}
    readers = set()
    for path in modules().values():
        tree = ast.parse(path.read_text())
        if any(isinstance(node, ast.Attribute) and node.attr in names for node in ast.walk(tree)):
            readers.add(str(path.relative_to(GAME.parent)))
    assert readers <= allowed, sorted(readers - allowed)


def test_architecture__a_mode_is_its_folder_and_one_line_of_the_registry():
    """MODES is FOLDERS imported by name, in order, each folder's MODE named after it; the import graph
    counts those imports like any other, and every mode folder under game/modes is registered."""
    assert tuple(mode.id for mode in registry.MODES) == registry.FOLDERS
    edges = graph()[0]
    assert {f"game.modes.{folder}" for folder in registry.FOLDERS} <= edges["game.modes.registry"]
    folders = {path.name for path in (GAME / "modes").iterdir() if (path / "__init__.py").is_file()}
    assert folders == set(registry.FOLDERS)
