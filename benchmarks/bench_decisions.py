"""How long the computer takes to decide, per variant and player kind.

For each registered variant (default rules) and each player kind it offers, the script plays
``--hands`` seeded hands with that kind at every seat and times every ``choose(view)`` call
that had more than one legal action. The search player is measured twice in the same run: with
its time budget (the default, what a play table uses) and, with ``--unbudgeted``, as it was
before the budget (a fixed number of sampled deals, no time limit) for comparison. The table
gives the median decision time with min–max, in seconds.

    .venv/bin/python benchmarks/bench_decisions.py                  # ~2-4 min
    .venv/bin/python benchmarks/bench_decisions.py --hands 1 --variants mariage-3 --unbudgeted

The play table's requirement: every computer move within 1 s median and 2 s at worst.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlab import variants  # noqa: E402


def time_decisions(v, make, hands: int, max_decisions: int) -> list[float]:
    out: list[float] = []
    for h in range(hands):
        players = [make(h * 10 + seat) for seat in range(v.players)]
        s = v.deal(v.default_rules, h % v.players, seed=100 + h)
        while not s.is_finished and len(out) < max_decisions * (h + 1):
            seat = s.to_act
            view = s.view(seat)
            t = time.perf_counter()
            a = players[seat].choose(view)
            dt = time.perf_counter() - t
            if len(view.legal_actions) > 1:
                out.append(dt)
            s = s.apply(a)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2, help="hands per variant and kind (default 2)")
    ap.add_argument("--max-decisions", type=int, default=40, help="timed decisions per hand at most (default 40)")
    ap.add_argument("--variants", default=None, help="comma-separated variant names (default: all)")
    ap.add_argument("--unbudgeted", action="store_true",
                    help="also time the search player without its time budget (the previous behaviour; slow)")
    args = ap.parse_args(argv)
    from cardlab.analysis.search_player import SamplingPlayer

    names = args.variants.split(",") if args.variants else variants.names()
    print(f"{'variant':12} {'player':28} {'decisions':>9} {'median s':>9} {'min s':>7} {'max s':>7}")
    for name in names:
        v = variants.get(name)
        kinds = [(k, (lambda seed, k=k: v.make_player(k, seed))) for k in v.player_kinds]
        if args.unbudgeted:
            kinds.append(("search, no time budget", lambda seed: SamplingPlayer(seed, budget=None)))
        for label, make in kinds:
            ts = time_decisions(v, make, args.hands, args.max_decisions)
            if not ts:
                continue
            print(f"{name:12} {label:28} {len(ts):9d} {statistics.median(ts):9.3f} {min(ts):7.3f} {max(ts):7.3f}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
