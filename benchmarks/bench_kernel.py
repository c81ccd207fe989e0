"""The compiled solver against the pure-Python one, in the same run (issue 14's targets).

1. **Whole hands solved exactly from the first lead** (a fresh solver and table each time):
   501 (the declarer against both defenders, card points), three-player Mariage (the player to
   act against the other two, game points), Ninety-Nine (one player's bid), four-player Mariage
   (partnership against partnership); and **Sixty-six end games** with 5-6 cards each. Random
   deals played by random players up to the first lead (bench_solver.py's positions). Per
   position the median of ``--runs`` runs; the table gives the median and min-max over the
   positions, for each path, and the speed-up of the medians.
2. **``bid_chance_501``**: "can I make 100 with these seven cards?", milliseconds per sampled
   deal (``--samples`` deals), with the rule-based trumps and with every trump tried (the
   default, ``trumps="best"``), in seeded auctions after "look".
3. **``close_chance`` with 10,000 samples** on one core (``workers=1``), from bench_sampling.py's
   four Santase positions (the first, before the close of data/santase_close.json, has only 56
   distinct worlds; the others 1,716): each distinct world solved once (the default), and, as
   the code before did, every sampled world asked (``estimate(..., order_matters=True)``).

Each path is chosen with ``cardlab.analysis.solver.KERNEL`` (what ``CARDLAB_PURE_PYTHON=1``
sets at import). Run from the repository root::

    .venv/bin/python benchmarks/bench_kernel.py                 # about 2-3 minutes
    .venv/bin/python benchmarks/bench_kernel.py --positions 20 --runs 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_sampling import close_positions  # noqa: E402
from bench_solver import full_hand_positions, sixty_six_positions  # noqa: E402

from cardlab import russian501  # noqa: E402
from cardlab.analysis import adapters, solver  # noqa: E402
from cardlab.analysis.questions import bid_chance_501, close_chance, close_succeeds  # noqa: E402
from cardlab.analysis.sampling import estimate  # noqa: E402
from cardlab.analysis.solver import Solver  # noqa: E402

#: Issue 14's targets for the compiled path: (median, max) in ms, or per sample / per question.
TARGETS = {"russian-501": (5, 60), "mariage-3": (25, 250), "ninety-nine": (2, None), "mariage-4": (None, None),
           "sixty-six end game": (0.1, None)}


def solve_ms(state, seats, kernel: str, runs: int) -> float:
    ad = adapters.get(state.variant)
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        Solver(ad.play_spec(state, seats), kernel=kernel).value()
        ts.append((time.perf_counter() - t0) * 1000)
    return statistics.median(ts)


def spread(xs) -> str:
    return f"{statistics.median(xs):9.3f} ({min(xs):.3f}-{max(xs):.3f})"


def with_kernel(kernel: str, fn):
    old = solver.KERNEL
    solver.KERNEL = kernel
    try:
        return fn()
    finally:
        solver.KERNEL = old


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=20, help="positions per row (default 20)")
    ap.add_argument("--runs", type=int, default=3, help="timed runs per position, compiled path (default 3)")
    ap.add_argument("--samples", type=int, default=40, help="bid_chance_501 samples per question (default 40)")
    ap.add_argument("--close-samples", type=int, default=10_000, help="close_chance samples (default 10,000)")
    args = ap.parse_args(argv)
    if solver._COMPILED is None:
        print("The compiled solver is not built here (cardlab.analysis._csearch): nothing to compare.")
        return 1

    print("1. Exact solve, ms per position: median (min-max) over the positions; python runs once per position")
    print(f"   {'':22} {'compiled':>26} {'python':>28}   speed-up   target (compiled median / max)")
    rows = [("sixty-six end game", [(s, (s.to_act,)) for s in sixty_six_positions(args.positions)])]
    for variant in ("russian-501", "mariage-3", "ninety-nine", "mariage-4"):
        got, why = full_hand_positions(variant, args.positions)
        rows.append((variant, got or []))
    for label, pos in rows:
        if not pos:
            print(f"   {label}: no positions")
            continue
        c = [solve_ms(s, seats, "compiled", args.runs) for s, seats in pos]
        p = [solve_ms(s, seats, "python", 1) for s, seats in pos]
        med_t, max_t = TARGETS[label]
        verdict = []
        if med_t is not None:
            verdict.append(f"median ≤ {med_t:g}: {'met' if statistics.median(c) <= med_t else 'NOT met'}")
        if max_t is not None:
            verdict.append(f"max ≤ {max_t:g}: {'met' if max(c) <= max_t else 'NOT met'}")
        print(f"   {label + f' ({len(pos)})':22} {spread(c):>26} {spread(p):>28}   "
              f"{statistics.median(p) / statistics.median(c):6.1f}×   {'; '.join(verdict) or '-'}")
    print()

    print(f"2. bid_chance_501, ms per sampled deal, {args.samples} samples per question")
    auctions = []
    for k in range(max(3, args.positions // 4)):
        s = russian501.deal(russian501.PAGAT_501, dealer=k % 3, seed=k)
        auctions.append(s.apply("look"))
    for trumps in ("rule", "best"):
        per = {}
        for kernel in ("compiled", "python"):
            xs = []
            for i, s in enumerate(auctions):
                t0 = time.perf_counter()
                with_kernel(kernel, lambda: bid_chance_501(s, 100, samples=args.samples, seed=i, trumps=trumps))
                xs.append((time.perf_counter() - t0) * 1000 / args.samples)
            per[kernel] = xs
            print(f"   trumps={trumps!r:7} {kernel:9} {spread(xs)} ms")
        print(f"   trumps={trumps!r}: speed-up {statistics.median(per['python']) / statistics.median(per['compiled']):.1f}×; "
              f"target ≤ 5 ms per sample: {'met' if statistics.median(per['compiled']) <= 5 else 'NOT met'}")
    print()

    n = args.close_samples
    print(f"3. close_chance, {n:,} samples on one core (workers=1), seconds: median (min-max) of "
          f"{args.runs} runs per position (python: one run)")
    ways = {"compiled, distinct worlds": ("compiled", False), "compiled, every world": ("compiled", True),
            "python, distinct worlds": ("python", False)}
    worst = 0.0
    for i, state in enumerate(close_positions(4)):
        for label, (kernel, every) in ways.items():
            xs = []
            for r in range(args.runs if kernel == "compiled" else 1):
                t0 = time.perf_counter()
                if every:
                    with_kernel(kernel, lambda: estimate(state, close_succeeds, samples=n, seed=r, workers=1))
                else:
                    with_kernel(kernel, lambda: close_chance(state, samples=n, seed=r, workers=1))
                xs.append(time.perf_counter() - t0)
            print(f"   position {i}  {label:26} {spread(xs)} s")
            if label == "compiled, distinct worlds":
                worst = max(worst, statistics.median(xs))
    print(f"   target ≤ 0.5 s (the compiled default, every position's median): {'met' if worst <= 0.5 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
