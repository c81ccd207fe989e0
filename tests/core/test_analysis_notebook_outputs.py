"""notebooks/analysis.ipynb as stored (issue 24): pandas does not cut a result's text to "...",
and 501's value table is shown once (the best-line stepper draws it; no second copy above it)."""

import json
import re
from pathlib import Path

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "analysis.ipynb"


def _outputs():
    """(cell index, text of one output: its stream text, text/plain and text/html together)."""
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            parts = [out.get("text", ""), data.get("text/plain", ""), data.get("text/html", "")]
            yield i, "".join("".join(p) if isinstance(p, list) else p for p in parts)


def test_no_table_cell_is_cut_short():
    for i, text in _outputs():
        assert not re.search(r"<td>[^<]*(\.\.\.|…)</td>", text), (i, "a table cell cut by pandas")
        assert not re.search(r"\w,? (\.\.\.|…) *\\?$", text, re.M), (i, "a text column cut by pandas")


def test_the_result_texts_are_whole():
    texts = "".join(t for _, t in _outputs())
    assert "Boris reaches 87: Ana had 43 (33 or more), so 1 game point" in texts


def test_the_501_value_table_is_shown_once():
    shown = [i for i, text in _outputs() if "43 points: contract 90 failed" in text]
    assert len(shown) == 1, shown
