"""Golden move-path counts: for the fixed positions stored in tests/perft/<variant>.json, the
number of legal-action sequences of each length must be exactly what was stored (see
tools/perft.py, which wrote them; rewrite them only for an intended change of the rules)."""

import json
import sys
from pathlib import Path

import pytest

from cardlab import variants

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from perft import counts  # noqa: E402

FILES = sorted((ROOT / "tests" / "perft").glob("*.json"))


def test_every_variant_has_golden_counts():
    assert {f.stem for f in FILES} == set(variants.names())


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_perft(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    v = variants.get(data["variant"])
    for p in data["positions"]:
        s = v.deal(v.presets[p["preset"]], p["dealer"], seed=p["seed"]).apply_all(p["actions"])
        assert counts(s, p["depth"]) == p["counts"], (p["preset"], p["label"])
