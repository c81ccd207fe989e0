"""``python3 dev.py bench`` runs every script in ``benchmarks/`` with no arguments: those that take
a command or a match fall back on something short (the strength table; a four-deal trial)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"_bench_{name}", ROOT / "benchmarks" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_the_strength_script_prints_the_table_with_no_command(capsys):
    load("bench_strength").main([])
    out = capsys.readouterr().out
    assert out.startswith("| game (unit) |") and "expert − search" in out


def test_the_mariage3_trials_default_to_a_short_trial():
    mod = load("trials_mariage3")
    a = mod.parser().parse_args([])
    assert a.candidate in mod.CANDIDATE_PLAYERS and a.deals == "1000:1004"
    assert mod.parser().parse_args(["inference", "1000:1060"]).candidate == "inference"
