"""The classroom never decides by a variant's name (issue 21): no module of ``cardlab/classroom``
holds a registered variant's name as a literal (no comparison, no table keyed by it, no
default), so a variant added to the registry reaches the classroom through its declarations
(``Variant.code``, ``exercise_kinds``, ``score_reasons``, ``places``, ``deal_from_places``,
``deal_start``, ``standing``) alone."""

import ast
from pathlib import Path

import pytest

from cardlab import variants

CLASSROOM = Path(__file__).resolve().parent.parent / "cardlab" / "classroom"


@pytest.mark.parametrize("path", sorted(CLASSROOM.glob("*.py")), ids=lambda p: p.name)
def test_no_variant_name_in_classroom_code(path):
    known = set(variants.names())
    found = [f"{path.name}:{node.lineno} {node.value!r}" for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Constant) and node.value in known]
    assert not found, f"a variant's name in classroom code (read it from the registry instead): {found}"
