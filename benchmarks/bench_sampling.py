"""Sampling benchmark (cardlab.analysis): 1,000 sampled worlds for one question, on one core.

The question: "does closing the stock now succeed?" for the player to lead in a Santase hand,
answered from that player's knowledge only: 1,000 deals of the unseen cards are drawn uniformly
among those consistent with it (cardlab.analysis.DealSampler), each is completed to a full state
and solved exactly after the close. The positions: the close of ``data/santase_close.json``
and seeded random Santase hands at the first moment closing is allowed with 4 or more cards in
the stock. The figure is the median over ``--runs`` runs of each position, and their median.

Where a variant without a stock is available (501), the same is timed for "does the declarer
make his contract?" asked from the declarer's seat before the play, if its adapter can sample.

Target: under 10 s for the 1,000 worlds.

Run from the repository root::

    .venv/bin/python benchmarks/bench_sampling.py            # ~15-30 s
    .venv/bin/python benchmarks/bench_sampling.py --samples 1000 --runs 3 --positions 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from cardlab import records
from cardlab import sixtysix as ss
from cardlab.analysis.questions import close_chance

TARGET_S = 10.0
ROOT = Path(__file__).resolve().parent.parent


def close_positions(count: int, seed: int = 0) -> list:
    out = []
    rec = ROOT / "data" / "santase_close.json"
    if rec.exists():
        states = records.load(rec).states()
        for i, s in enumerate(states[1:], 1):
            if s.last_action.kind == "close":
                out.append(states[i - 1])
                break
    k = seed
    while len(out) < count:
        rng = random.Random(k)
        s = ss.deal(ss.SANTASE, dealer=k & 1, seed=k)
        while not s.is_finished:
            if any(a.kind == "close" for a in s.legal_actions()) and len(s.tricks) >= 2:
                out.append(s)
                break
            s = s.apply(rng.choice([a for a in s.legal_actions() if a.kind != "close"]))
        k += 1
    return out[:count]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--samples", type=int, default=1000, help="sampled worlds per question (default 1000)")
    ap.add_argument("--runs", type=int, default=3, help="timed runs per position (default 3)")
    ap.add_argument("--positions", type=int, default=4, help="Santase positions (default 4)")
    args = ap.parse_args(argv)

    print(f"Close-succeeds chance from the closer's knowledge, {args.samples} sampled worlds each")
    medians = []
    for s in close_positions(args.positions):
        ts = []
        est = None
        for r in range(args.runs):
            t0 = time.perf_counter()
            est = close_chance(s, samples=args.samples, seed=r, workers=1)  # one core (bench_workers.py: several)
            ts.append(time.perf_counter() - t0)
        m = statistics.median(ts)
        medians.append(m)
        print(f"   {s!r}: median {m:.2f} s (min {min(ts):.2f}, max {max(ts):.2f}); last run: {est}")
    overall = statistics.median(medians)
    print(f"Median over the positions: {overall:.2f} s for {args.samples} worlds "
          f"({overall / args.samples * 1000:.2f} ms a world)")
    print(f"Target: under {TARGET_S:g} s: {'MET' if max(medians) < TARGET_S else 'NOT MET'} "
          f"(slowest position {max(medians):.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
