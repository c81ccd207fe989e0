"""Re-run every notebook in notebooks/ in place, storing fresh outputs for nbval to check.

Run after changing cardlab or a notebook:  .venv/bin/python tools/run_notebooks.py [NAME.ipynb ...]

Outputs are stored without widget state and without per-cell timing metadata, so a re-run of
unchanged code changes nothing but the widgets' random model ids, which nbval ignores.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def main(names: list[str]) -> int:
    paths = [NOTEBOOKS / n for n in names] if names else sorted(NOTEBOOKS.glob("*.ipynb"))
    cmd = [sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
           "--ExecutePreprocessor.store_widget_state=False", "--ExecutePreprocessor.record_timing=False",
           *map(str, paths)]
    return subprocess.call(cmd, cwd=NOTEBOOKS)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
