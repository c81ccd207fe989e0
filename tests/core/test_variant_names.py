"""Shared code never decides by a variant's name (issue 21): no module of ``cardlab`` other than a
variant's own modules holds a registered variant's name as a literal (no comparison, no table
keyed by it, no default), so a variant added to the registry reaches every consumer (classroom,
widgets, render dispatch, analysis, records, players) through its declarations alone.

A variant's own modules are found from the registry, not listed here: its rules module
(``Variant.module``), renderer, the modules of its players and adapter, and the modules named
after its stem (``<stem>_game``, ``<stem>_words``, ``widgets/<stem>``)."""

import ast
from pathlib import Path

import pytest

from cardlab import variants

PACKAGE = Path(__file__).resolve().parents[2] / "cardlab"


def _own_files() -> set[Path]:
    own: set[Path] = set()
    for name in variants.names():
        v = variants.get(name)
        modules = {v.module, v.renderer, *(t.split(":")[0] for t in v.player_kinds.values())}
        if v.adapter:
            modules.add(v.adapter)
        keeper = getattr(v.new_game, "keeper", "")
        if keeper:
            modules.add(keeper.split(":")[0])
        stem = v.module.rsplit(".", 1)[-1]
        modules |= {f"cardlab.{stem}_game", f"cardlab.{stem}_words", f"cardlab.widgets.{stem}"}
        for m in modules:
            if m.startswith("cardlab."):
                own.add(PACKAGE.joinpath(*m.split(".")[1:]).with_suffix(".py"))
    return own


#: The registry is where the built-in variants' names are declared (one line each).
REGISTRY = PACKAGE / "variants.py"

SHARED = sorted(p for p in PACKAGE.rglob("*.py") if p not in _own_files() and p != REGISTRY)


def test_the_own_modules_are_found():
    assert len(SHARED) < len(list(PACKAGE.rglob("*.py"))) - 4 * len(variants.names())


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_variant_name_in_shared_code(path):
    known = set(variants.names())
    found = [f"{path.name}:{node.lineno} {node.value!r}" for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Constant) and node.value in known]
    assert not found, f"a variant's name in shared code (read it from the registry instead): {found}"
