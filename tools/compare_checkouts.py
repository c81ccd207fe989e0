"""Two checkouts of cardlab timed against each other, run by run: ``benchmarks/bench_random_deals.py``
and ``benchmarks/bench_kernel.py`` alternately under each (``PYTHONPATH`` set to the checkout), then per row the
median of the runs' medians with min–max, by wall time and (random deals) by CPU time, and the
after/before ratio.

Usage (a checkout of the older code beside this one, with its compiled extensions built or copied)::

    git worktree add ../before <rev> && cp cardlab/*.so ../before/cardlab/ && cp cardlab/analysis/*.so ../before/cardlab/analysis/
    python tools/compare_checkouts.py --before ../before --after . --runs 5

The benchmark scripts of *this* checkout run in both, so their rows are the same. CPU time is the
fairer figure on a machine shared with other work (a busy machine slows wall time unevenly).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent / "benchmarks"


def _run(root: Path, args: list[str]) -> str:
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, cwd=tempfile.gettempdir())
    if out.returncode not in (0, 1):       # 1: a benchmark's own target not met, still figures
        raise SystemExit(f"{args[0]} failed under {root}:\n{out.stderr[-2000:]}")
    return out.stdout


def measure(roots: dict[str, Path], runs: int, deals: int) -> dict:
    wall = {k: {} for k in roots}
    cpu = {k: {} for k in roots}
    kernel = {k: {} for k in roots}
    for i in range(runs):
        for side, root in roots.items():
            path = Path(tempfile.mkdtemp()) / "deals.json"
            _run(root, [str(HERE / "bench_random_deals.py"), "-n", str(deals), "-r", "3", "--no-schnapsen",
                        "--json", str(path)])
            data = json.loads(path.read_text())
            for name, e in data["engines"].items():
                wall[side].setdefault(name.strip(), []).append(e["deals_per_s"]["median"])
                cpu[side].setdefault(name.strip(), []).append(data["deals"] / statistics.median(e["cpu_times"]))
            out = _run(root, [str(HERE / "bench_kernel.py"), "--positions", "8", "--runs", "3", "--samples", "8",
                              "--close-samples", "1000"])
            for line in out.splitlines():
                m = re.match(r"\s+(\S[\w -]*?) \((\d+)\)\s+([\d.]+) \(", line)
                if m:
                    kernel[side].setdefault(f"exact {m.group(1)}, compiled", []).append(float(m.group(3)))
                m = re.match(r"\s+trumps='(\w+)'\s+compiled\s+([\d.]+)", line)
                if m:
                    kernel[side].setdefault(f"bid_chance_501 {m.group(1)}, compiled", []).append(float(m.group(2)))
        print(f"run {i + 1} of {runs} done", file=sys.stderr, flush=True)
    return {"random deals, deals/s (wall)": wall, "random deals, deals/s (CPU time)": cpu,
            "bench_kernel, ms (lower is better)": kernel}


def report(tables: dict) -> None:
    for title, table in tables.items():
        print(f"\n{title}: median of the runs' medians (min-max)")
        print(f"{'row':38} {'before':>26} {'after':>26} {'after/before':>13}")
        for row, b in table["before"].items():
            a = table["after"].get(row)
            if not a:
                continue
            mb, ma = statistics.median(b), statistics.median(a)
            print(f"{row:38} {mb:11.1f} ({min(b):.1f}-{max(b):.1f}) {ma:11.1f} ({min(a):.1f}-{max(a):.1f}) "
                  f"{ma / mb:12.3f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", type=Path, required=True, help="the older checkout")
    ap.add_argument("--after", type=Path, default=HERE.parent, help="the newer checkout (default: this one)")
    ap.add_argument("--runs", type=int, default=5, help="alternating runs of each (default 5)")
    ap.add_argument("--deals", type=int, default=2000, help="random deals per run and engine (default 2000)")
    args = ap.parse_args(argv)
    roots = {"before": args.before.resolve(), "after": args.after.resolve()}
    report(measure(roots, args.runs, args.deals))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
