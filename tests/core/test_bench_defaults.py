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
    assert a.census is None and mod.parser().parse_args(["--census", "1000:1012"]).census == "1000:1012"


def test_the_mariage3_census_counts_every_decision():
    c = load("trials_mariage3").census(1000, 1001)
    assert c["forced"] + c["alike"] + c["valued"] >= 3            # the hand may end early, at 66
    assert len(c["gaps"]) == c["valued"] and all(g >= 0 for g in c["gaps"]) and c["close"] <= c["valued"]


def _required_arguments(path: Path) -> list[str]:
    """The ``add_argument`` calls of a script that make an argument required: ``required=True``,
    or a positional name with neither ``nargs`` "?"/"*" nor a ``default`` (a subcommand's own
    arguments, on a parser made by ``add_parser``, are needed only when it is named)."""
    import ast

    tree = ast.parse(path.read_text())
    sub = {t.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
           and isinstance(node.value, ast.Call) and getattr(node.value.func, "attr", None) == "add_parser"
           for t in node.targets if isinstance(t, ast.Name)}
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "add_argument" and node.args):
            continue
        if isinstance(node.func.value, ast.Name) and node.func.value.id in sub:
            continue
        first = node.args[0]
        kw = {k.arg: k.value for k in node.keywords}
        name = first.value if isinstance(first, ast.Constant) else "?"
        if isinstance(kw.get("required"), ast.Constant) and kw["required"].value is True:
            out.append(name)
        elif not str(name).startswith("-") and "default" not in kw and not (
                isinstance(kw.get("nargs"), ast.Constant) and kw["nargs"].value in ("?", "*")):
            out.append(name)
    return out


def test_every_benchmark_runs_with_no_arguments():
    """What ``dev.py bench`` runs needs no argument (a tool that compares two checkouts lives in
    ``tools/``)."""
    scripts = sorted((ROOT / "benchmarks").glob("*.py"))
    assert scripts
    needing = {p.name: _required_arguments(p) for p in scripts}
    assert not {k: v for k, v in needing.items() if v}, needing
    assert _required_arguments(ROOT / "tools" / "compare_checkouts.py") == ["--before"]   # the check can fail
