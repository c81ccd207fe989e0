"""Every script in tools/ and benchmarks/ compiles on the Python the tests run on (the oldest
supported, 3.11, in CI): a script no test imports would otherwise break unseen (an f-string
holding its own quote, valid only from 3.12, once did)."""

import py_compile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted([*ROOT.glob("tools/*.py"), *ROOT.glob("benchmarks/*.py"), ROOT / "dev.py", ROOT / "setup.py"])


@pytest.mark.parametrize("path", SCRIPTS, ids=[str(p.relative_to(ROOT)) for p in SCRIPTS])
def test_the_script_compiles(path, tmp_path):
    py_compile.compile(str(path), cfile=str(tmp_path / "x.pyc"), doraise=True)
