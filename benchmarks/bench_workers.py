"""Sampled questions and tournaments on one core and on several (``workers=``), in the same run.

Times "does closing now succeed?" (:func:`cardlab.analysis.close_chance`) over ``--samples``
sampled deals of the Santase position in data/santase_close.json, and a Sixty-six tournament of
``--deals`` deals between the search player (64 sampled deals per decision, no clock) and the
rule-based player, with ``workers=1`` (this
process) and ``workers=N`` (N worker processes; default every core), alternating, ``--runs``
times each. Prints the median wall time with min–max and the speed-up; the answers must be the
same (the script fails otherwise).

    .venv/bin/python benchmarks/bench_workers.py
    .venv/bin/python benchmarks/bench_workers.py --samples 10000 --deals 8 --runs 5 --workers 2
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardlab import records  # noqa: E402
from cardlab.analysis import close_chance  # noqa: E402
from cardlab.analysis.tournament import tournament  # noqa: E402


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--samples", type=int, default=4000, help="sampled deals for the question (default 4000)")
    ap.add_argument("--deals", type=int, default=4, help="tournament deals (default 4)")
    ap.add_argument("--runs", type=int, default=3, help="timed runs of each (default 3)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes (default: every core)")
    args = ap.parse_args(argv)
    state = records.load(ROOT / "data" / "santase_close.json").states()[11]
    jobs = {
        f"close_chance, {args.samples:,} samples": lambda w: close_chance(state, samples=args.samples, seed=0,
                                                                          workers=w).successes,
        f"tournament, {args.deals} deals": lambda w: tournament(["search", "heuristic"], deals=args.deals, seed=0,
                                                                workers=w).to_json(),
    }
    print(f"{os.cpu_count()} cores; medians of {args.runs} runs (min–max), seconds")
    print(f"{'job':32} {'workers=1':>22} {f'workers={args.workers}':>22} {'speed-up':>9}")
    ok = True
    for name, job in jobs.items():
        times = {1: [], args.workers: []}
        answers = set()
        for _ in range(args.runs):
            for w in (1, args.workers):
                dt, out = timed(lambda: job(w))
                times[w].append(dt)
                answers.add(out)
        ok &= len(answers) == 1
        cells = [f"{statistics.median(ts):.2f} ({min(ts):.2f}–{max(ts):.2f})" for ts in times.values()]
        speed = statistics.median(times[1]) / statistics.median(times[args.workers])
        print(f"{name:32} {cells[0]:>22} {cells[1]:>22} {speed:8.2f}x"
              + ("" if len(answers) == 1 else "   ANSWERS DIFFER"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
