"""Random complete Ninety-Nine deals per second, next to OpenSpiel's ``oh_hell`` in the same run.

Both games are three-player exact-bid trick-taking games on a 36-card pack with 9 tricks:
cardlab's Ninety-Nine (classic rules: deal, three bid cards each, the premium round, 9 tricks;
every choice at random) through the public state API and through ``playout()`` (its card play
compiled, and again on the pure-Python loop: ``PLAYOUT_KERNEL = "python"``); OpenSpiel's
``oh_hell`` (C++, driven from Python: ``players=3, num_suits=4, num_cards_per_suit=9,
num_tricks_fixed=9``; its chance events, the deal card by card and the trump card, sampled from
``chance_outcomes()``; every decision at random). Each run plays ``--deals`` deals with the same
seeds; the table gives deals per second, median (min–max) over ``--runs`` interleaved runs, and
the ratio to ``oh_hell``.

``--compare-with PATH`` also times cardlab's two loops on the code in ``PATH`` (a checkout of an
earlier commit), alternating with this code, each in its own process: a before/after figure.

Run from the repository root (``oh_hell`` needs the ``bench`` extra: ``open_spiel``)::

    .venv/bin/python benchmarks/bench_ninetynine_deals.py
    .venv/bin/python benchmarks/bench_ninetynine_deals.py --deals 2000 --runs 7 --compare-with /tmp/before
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cardlab_loops(deals: int, seed: int):
    """(name, function timing one run in seconds) for cardlab's two random-deal loops."""
    from cardlab import ninetynine as nn

    def api():
        rng = random.Random(seed)
        t0 = time.perf_counter()
        for k in range(seed, seed + deals):
            s = nn.deal(nn.CLASSIC, dealer=k % 3, seed=k)
            while s.result is None:
                s = s.apply(rng.choice(s.legal_actions()))
        return time.perf_counter() - t0

    def playout(kernel=None):
        def run():
            saved = getattr(nn, "PLAYOUT_KERNEL", None)
            if kernel is not None:
                nn.PLAYOUT_KERNEL = kernel
            try:
                rng = random.Random(seed)
                t0 = time.perf_counter()
                for k in range(seed, seed + deals):
                    nn.deal(nn.CLASSIC, dealer=k % 3, seed=k).playout(rng.choice)
                return time.perf_counter() - t0
            finally:
                if saved is not None:
                    nn.PLAYOUT_KERNEL = saved
        return run

    loops = [("Ninety-Nine, state API", api), ("Ninety-Nine, playout()", playout())]
    if getattr(nn, "PLAYOUT_KERNEL", "python") == "compiled":   # code before the compiled loop has none
        loops.append(("Ninety-Nine, playout(), Python", playout("python")))
    return loops


def oh_hell_loop(deals: int, seed: int):
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 3, "num_suits": 4, "num_cards_per_suit": 9,
                                         "num_tricks_fixed": 9})

    def run():
        rng = random.Random(seed)
        t0 = time.perf_counter()
        for _ in range(deals):
            st = game.new_initial_state()
            while not st.is_terminal():
                if st.is_chance_node():
                    outcomes = st.chance_outcomes()
                    st.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    legal = st.legal_actions()
                    st.apply_action(legal[rng.randrange(len(legal))])
        return time.perf_counter() - t0

    return ("OpenSpiel oh_hell (C++)", run)


def spread(xs) -> str:
    return f"{statistics.median(xs):9,.0f} ({min(xs):,.0f}–{max(xs):,.0f})"


def child(args) -> int:
    """Time cardlab's loops once each on the code in ``--code`` and print JSON (deals/s)."""
    sys.path.insert(0, args.code)
    out = {name: args.deals / fn() for name, fn in cardlab_loops(args.deals, args.seed)}
    print(json.dumps(out))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--compare-with", metavar="PATH", help="a checkout of earlier code to time alternately")
    ap.add_argument("--code", default=str(ROOT), help=argparse.SUPPRESS)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        return child(args)

    sys.path.insert(0, str(ROOT))
    loops = cardlab_loops(args.deals, args.seed)
    peer = oh_hell_loop(args.deals, args.seed)
    if peer is not None:
        loops.append(peer)
    for _, fn in loops:        # warm-up
        fn()
    rates = {name: [] for name, _ in loops}
    cpu = wall = 0.0
    for _ in range(args.runs):
        for name, fn in loops:
            c0, w0 = time.process_time(), time.perf_counter()
            rates[name].append(args.deals / fn())
            cpu, wall = cpu + time.process_time() - c0, wall + time.perf_counter() - w0
    print(f"Random complete deals per second, {args.deals:,} deals, {args.runs} runs: median (min–max)")
    base = statistics.median(rates[peer[0]]) if peer else None
    for name, xs in rates.items():
        ratio = f"   {statistics.median(xs) / base:.2f}× oh_hell" if base else ""
        print(f"   {name:31} {spread(xs)}{ratio}")
    if peer is None:
        print("   OpenSpiel's oh_hell: not measured (pyspiel not importable; install the bench extra)")
    if cpu < 0.95 * wall:
        print(f"   warning: the timed loops got {cpu / wall:.0%} of a CPU (a busy machine): the figures vary more")

    if args.compare_with:
        print()
        print(f"cardlab's loops on this code and on {args.compare_with}, alternating, one process per run:")
        got = {"this code": {}, "before": {}}
        for _ in range(args.runs):
            for label, code in (("before", args.compare_with), ("this code", str(ROOT))):
                env = dict(os.environ, PYTHONPATH=code)
                out = subprocess.run([sys.executable, __file__, "--child", "--code", code, "--deals", str(args.deals),
                                      "--seed", str(args.seed)], capture_output=True, text=True, env=env, check=True)
                for name, rate in json.loads(out.stdout).items():
                    got[label].setdefault(name, []).append(rate)
        for name in [n for n in got["this code"] if n in got["before"]]:
            b, a = got["before"][name], got["this code"][name]
            print(f"   {name:31} before {spread(b)}   now {spread(a)}   "
                  f"{statistics.median(a) / statistics.median(b):.2f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
