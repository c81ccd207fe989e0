"""Words of markdown a beginner reads in each lesson (its path: everything before the closing
section "Other ways people play this"), and in the whole lesson; with ``--before REV`` the same
for the lessons at git revision REV.

    .venv/bin/python tools/lesson_words.py [--before REV]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "lessons"))

from lesson_text import CLOSING_HEADING, LESSONS, words  # noqa: E402


def counts(nb: dict) -> tuple[int, int]:
    """(path words, whole-lesson words) of markdown in notebook ``nb`` (parsed JSON)."""
    path = whole = 0
    on_path = True
    for c in nb["cells"]:
        if c["cell_type"] != "markdown":
            continue
        text = "".join(c["source"])
        if text.lstrip().startswith(CLOSING_HEADING):
            on_path = False
        n = words(text)
        whole += n
        path += n if on_path else 0
    return path, whole


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", help="a git revision to compare with")
    a = ap.parse_args()
    print(f"{'lesson':22} {'path now':>9} {'whole now':>10}" + (f" {'before':>8}" if a.before else ""))
    for name in LESSONS:
        path, whole = counts(json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8")))
        line = f"{name:22} {path:9} {whole:10}"
        if a.before:
            old = subprocess.run(["git", "show", f"{a.before}:notebooks/{name}"], cwd=ROOT, capture_output=True,
                                 text=True, check=True).stdout
            line += f" {counts(json.loads(old))[0]:8}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
