"""Exact-solver timings (cardlab.analysis), next to schnapsen's AlphaBeta bot in the same run.

1. **Sixty-six end game** (target: median under 5 ms). Seeded random Santase hands are played
   until the stock is closed or exhausted with 5 or 6 cards in the hand of the player to lead;
   each such position is solved exactly (its value in game points for the player to act:
   building the play spec from the state and the search). The figure is the median over the
   positions of the per-position median over ``--runs`` runs.
   The comparison: schnapsen's ``AlphaBetaBot`` choosing the first move of phase two (5 cards
   each, the talon gone) in seeded random schnapsen games, timed the same way (when the PyPI
   package ``schnapsen`` is importable).
2. **A whole hand of a variant without a stock**, solved exactly from the first lead (target:
   median under 100 ms): each covered variant among 501 (declarer against the two defenders:
   does the declarer's best play reach his contract? the exact card-point value), three-player
   Mariage (a seat against the other two, game points) and four-player Mariage (partnership
   against partnership). Variants whose engine or adapter is missing are listed as skipped.

Run from the repository root::

    .venv/bin/python benchmarks/bench_solver.py              # ~20-40 s
    .venv/bin/python benchmarks/bench_solver.py --positions 30 --runs 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from cardlab import sixtysix as ss
from cardlab.analysis import adapters
from cardlab.analysis.solver import Solver

TARGET_ENDGAME_MS = 5.0
TARGET_FULL_MS = 100.0


def sixty_six_positions(count: int, seed: int = 0) -> list:
    out = []
    k = seed
    while len(out) < count:
        rng = random.Random(k)
        s = ss.deal(ss.SANTASE, dealer=k & 1, seed=k)
        while not s.is_finished:
            if (not s.stock_open and not s.draw_pending and not s.trick and s.pending_marriage is None
                    and len(s.hands[s.to_act]) in (5, 6)):
                out.append(s)
                break
            legal = s.legal_actions()
            close = [a for a in legal if a.kind == "close"]
            s = s.apply(close[0] if close and rng.random() < 0.35 else rng.choice(legal))
        k += 1
    return out


def time_solve(state, seats, runs: int) -> tuple[float, int, int, float]:
    """(median wall ms over runs, value, nodes, median CPU ms) of a fresh spec + solve each run
    (a fresh transposition table each time)."""
    ad = adapters.get(state.variant)
    ts = []
    cs = []
    v = nodes = 0
    for _ in range(runs):
        c0 = time.process_time()
        t0 = time.perf_counter()
        solver = Solver(ad.play_spec(state, seats))
        v = solver.value()
        ts.append((time.perf_counter() - t0) * 1000)
        cs.append((time.process_time() - c0) * 1000)
        nodes = solver.nodes
    return statistics.median(ts), v, nodes, statistics.median(cs)


def schnapsen_phase_two(count: int, runs: int, seed: int = 0):
    """Median ms of AlphaBetaBot's first phase-two move in ``count`` random schnapsen games, or
    None when schnapsen is not importable."""
    try:
        from schnapsen.bots.alphabeta import AlphaBetaBot
        from schnapsen.game import GamePhase, SchnapsenGamePlayEngine
    except Exception:  # noqa: BLE001 - not installed or its optional deps missing
        return None
    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    from bench_random_deals import load_schnapsen

    api = load_schnapsen()
    RandBot = api[1]

    class Stop(Exception):
        pass

    class Probe(RandBot):
        times: list = []

        def get_move(self, perspective, leader_move):
            if perspective.get_phase() == GamePhase.TWO and leader_move is None:
                bot = AlphaBetaBot()
                ts = []
                for _ in range(runs):
                    t0 = time.perf_counter()
                    bot.get_move(perspective, leader_move)
                    ts.append((time.perf_counter() - t0) * 1000)
                Probe.times.append(statistics.median(ts))
                raise Stop
            return super().get_move(perspective, leader_move)

    engine = SchnapsenGamePlayEngine()
    k = seed
    while len(Probe.times) < count and k < seed + 20 * count:
        try:
            engine.play_game(Probe(random.Random(k), "a"), Probe(random.Random(k + 1), "b"), random.Random(k))
        except Stop:
            pass
        k += 1
    return Probe.times


def full_hand_positions(variant: str, count: int, seed: int = 0):
    """(state, seats) at the first lead of seeded hands played by random players through any
    auction, for a variant whose adapter can solve that position."""
    from cardlab import variants

    try:
        v = variants.get(variant)
        ad = adapters.get(variant)
    except Exception as exc:  # noqa: BLE001 - a missing engine or adapter is reported, not raised
        return None, str(exc)
    out = []
    k = seed
    while len(out) < count and k < seed + 50 * count:
        rng = random.Random(k)
        s = v.deal(dealer=k % v.players, seed=k)
        while not s.is_finished:
            try:
                seats = tuple(ad.default_seats(s))
                ad.play_spec(s, seats)
                out.append((s, seats))
                break
            except adapters.NotSolvable:
                pass
            s = s.apply(rng.choice(s.legal_actions()))
        k += 1
    return out, ""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=60, help="Sixty-six end games (default 60)")
    ap.add_argument("--full", type=int, default=12, help="whole hands per variant (default 12)")
    ap.add_argument("--runs", type=int, default=5, help="timed runs per position (default 5)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    print("1. Sixty-six end game, 5-6 cards each, exact value in game points for the player to act")
    pos = sixty_six_positions(args.positions, args.seed)
    per = [time_solve(s, (s.to_act,), args.runs) for s in pos]
    ms = [p[0] for p in per]
    nodes = [p[2] for p in per]
    med = statistics.median(ms)
    cpu = statistics.median(p[3] for p in per)
    print(f"   cardlab solver: {len(pos)} positions, median {med:.2f} ms wall (min {min(ms):.2f}, max {max(ms):.2f}; "
          f"CPU median {cpu:.2f} ms; median {statistics.median(nodes):.0f} nodes)")
    sch = schnapsen_phase_two(min(args.positions, 30), max(1, args.runs // 2), args.seed)
    if sch:
        print(f"   schnapsen AlphaBetaBot (first move of phase two, 5 cards each): {len(sch)} positions, "
              f"median {statistics.median(sch):.2f} ms (min {min(sch):.2f}, max {max(sch):.2f})")
    else:
        print("   schnapsen AlphaBetaBot: not measured (schnapsen not importable)")
    print(f"   Target: median under {TARGET_ENDGAME_MS:g} ms: wall {'MET' if med < TARGET_ENDGAME_MS else 'NOT MET'}, "
          f"CPU {'MET' if cpu < TARGET_ENDGAME_MS else 'NOT MET'}")
    print()

    print("2. A whole hand without a stock, solved exactly from the first lead")
    any_met = any_met_cpu = None
    for variant in ("russian-501", "mariage-3", "mariage-4"):
        got, why = full_hand_positions(variant, args.full, args.seed)
        if not got:
            print(f"   {variant}: skipped ({why or 'no solvable position reached'})")
            continue
        per = [time_solve(s, seats, max(1, args.runs // 2)) for s, seats in got]
        ms = [p[0] for p in per]
        med = statistics.median(ms)
        unit = adapters.get(variant).value_unit
        cpu = statistics.median(p[3] for p in per)
        ok, ok_cpu = med < TARGET_FULL_MS, cpu < TARGET_FULL_MS
        if variant in ("russian-501", "mariage-3"):
            any_met = ok if any_met is None else (any_met or ok)
            any_met_cpu = ok_cpu if any_met_cpu is None else (any_met_cpu or ok_cpu)
        print(f"   {variant}: {len(got)} hands, median {med:.1f} ms wall (min {min(ms):.1f}, max {max(ms):.1f}; "
              f"CPU median {cpu:.1f} ms; median {statistics.median(p[2] for p in per):.0f} nodes; values in {unit})")
    if any_met is None:
        print(f"   Target: median under {TARGET_FULL_MS:g} ms for 501 or three-player Mariage: NOT CHECKED "
              f"(neither variant available)")
    else:
        print(f"   Target: median under {TARGET_FULL_MS:g} ms for 501 or three-player Mariage: wall "
              f"{'MET' if any_met else 'NOT MET'}, CPU {'MET' if any_met_cpu else 'NOT MET'}")
    print()
    print("wall: elapsed time; CPU: this process's CPU time (lower than wall when other programs share the")
    print("machine's cores; the figure to compare on a busy machine).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
