"""The rules modules stay readable (issue 9): no import cycles among them, no underscore
name used outside its module, no rules module importing a variant's cards (they are
reached through hooks.card_rules), no module over 700 lines."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "pbem" / "rulesets"
MAX_LINES = 700
# the modules that wire the cards to the rules: the moments, which the Soldier ruleset
# registers for each variant (hooks.register); no other rules module imports card_play
CARD_WIRING = {"pbem.rulesets.soldier.card_moments"}


def _modules() -> dict[str, Path]:
    out = {}
    for f in RULESETS.rglob("*.py"):
        name = ".".join(f.relative_to(ROOT).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = f
    return out


MODS = _modules()


def _target(cur: str, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    parts = cur.split(".")
    keep = len(parts) - node.level + (MODS[cur].name == "__init__.py")
    return ".".join(parts[:keep] + ([node.module] if node.module else []))


def _graph() -> tuple[dict[str, set[str]], list[str]]:
    """Module -> the rules modules it imports; and every private name used across modules."""
    edges: dict[str, set[str]] = {}
    private: list[str] = []
    for name, f in MODS.items():
        deps: set[str] = set()
        aliases: dict[str, str] = {}
        tree = ast.parse(f.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = _target(name, node)
                for a in node.names:
                    full = f"{target}.{a.name}"
                    if full in MODS:
                        deps.add(full)
                        aliases[a.asname or a.name] = full
                    elif target in MODS:
                        deps.add(target)
                        if a.name.startswith("_") and not a.name.startswith("__"):
                            private.append(f"{name} imports {target}.{a.name}")
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name in MODS:
                        deps.add(a.name)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in aliases
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                private.append(f"{name} uses {aliases[node.value.id]}.{node.attr}")
        deps.discard(name)
        edges[name] = {d for d in deps if MODS[d].name != "__init__.py"}
    return edges, private


EDGES, PRIVATE = _graph()


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_graph_is_read():
    assert len(MODS) > 40 and "pbem.rulesets.soldier.combat" in EDGES
    assert "pbem.rulesets.soldier.combat_results" in EDGES["pbem.rulesets.soldier.combat"]


def test_no_import_cycles():
    assert _cycles(EDGES) == []


def test_the_cycle_finder_finds_one():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_private_names_across_modules():
    assert PRIVATE == []


def test_only_the_card_wiring_imports_the_card_plays():
    cards = "pbem.rulesets.soldier.card_play"
    assert sorted(m for m, d in EDGES.items() if cards in d) == sorted(CARD_WIRING)


@pytest.mark.parametrize("name", sorted(MODS))
def test_no_module_over_700_lines(name):
    n = MODS[name].read_text().count("\n")
    assert n <= MAX_LINES, f"{MODS[name].relative_to(ROOT)} has {n} lines: split it by idea"
