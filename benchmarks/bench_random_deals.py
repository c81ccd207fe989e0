"""Random-playout throughput of cardlab's engines, compared with VU Amsterdam's schnapsen.

For each preset in ``cardlab.sixtysix.PRESETS``, and for every other registered variant whose
module imports (501, Ninety-Nine, three- and four-player Mariage, each under its default rules:
its whole hand including any auction, bid or contract choices, all chosen at random), the script
plays ``--deals`` random complete deals (hands) through the public immutable-state API::

    s = sixtysix.deal(rules, dealer, seed=k)
    while not s.is_finished:
        s = s.apply(rng.choice(s.legal_actions()))

and, when the PyPI package ``schnapsen`` is importable, the same number of random games of
schnapsen (its own ``RandBot`` against ``RandBot`` through ``SchnapsenGamePlayEngine.play_game``;
one schnapsen "game" is one hand to 66 on its 20-card pack, so it is the unit that matches one
cardlab deal).

Every measurement is repeated ``--runs`` times; the table shows the median, with the min and max
of the runs. Runs are interleaved (run 1 of every engine, then run 2 of every engine, ...) so a
slow spell of the machine affects all engines alike. Each run plays exactly the same deals (seeds
``--seed`` .. ``--seed + deals - 1``, the same move RNG seed), so runs differ only by timing
noise. One untimed warm-up run per engine first counts the actions (decisions) of that workload;
the timed loops do no counting at all.

Run from the repository root::

    .venv/bin/python benchmarks/bench_random_deals.py            # defaults: ~30-60 s
    .venv/bin/python benchmarks/bench_random_deals.py --deals 2000 --runs 5   # quick look
    .venv/bin/python benchmarks/bench_random_deals.py --json out.json         # also save figures

The target checked at the end: cardlab plays at least ``--target`` (default 5) times as many
random deals per second as schnapsen plays random games, for every preset.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import sys
import time
from importlib import metadata

from cardlab import sixtysix

TARGET_RATIO = 5.0


# ---------------------------------------------------------------------------------------------
# Workloads: each returns a zero-argument callable that plays the whole workload once.


def cardlab_workload(rules, deals: int, seed: int, count: bool = False):
    deal = sixtysix.deal

    def run() -> int:
        rng = random.Random(seed)
        choice = rng.choice
        actions = 0
        for k in range(seed, seed + deals):
            s = deal(rules, k & 1, seed=k)
            if count:
                while not s.is_finished:
                    s = s.apply(choice(s.legal_actions()))
                    actions += 1
            else:
                while not s.is_finished:
                    s = s.apply(choice(s.legal_actions()))
        return actions

    return run


def variant_workload(name: str, deals: int, seed: int, count: bool = False):
    """Random complete deals of a registered variant (default rules) through the state API."""
    from cardlab import variants

    v = variants.get(name)
    deal = v.deal
    table = v.players

    def run() -> int:
        choice = random.Random(seed).choice
        actions = 0
        for k in range(seed, seed + deals):
            s = deal(dealer=k % table, seed=k)
            if count:
                while not s.is_finished:
                    s = s.apply(choice(s.legal_actions()))
                    actions += 1
            else:
                while not s.is_finished:
                    s = s.apply(choice(s.legal_actions()))
        return actions

    return run


def variant_playout_workload(name: str, deals: int, seed: int):
    """The same deals and random choices as :func:`variant_workload` through the variant's
    ``playout(choose)`` (the same rules code run in place, only the result kept), or ``None`` when
    its states have no ``playout``."""
    from cardlab import variants

    v = variants.get(name)
    deal = v.deal
    table = v.players
    if not callable(getattr(deal(dealer=0, seed=seed), "playout", None)):
        return None

    def run() -> int:
        choice = random.Random(seed).choice
        for k in range(seed, seed + deals):
            deal(dealer=k % table, seed=k).playout(choice)
        return 0

    return run


def other_variants() -> list[str]:
    """Registered variants other than Sixty-six whose module imports, in name order."""
    from cardlab import variants

    out = []
    for name in variants.names():
        if name == "sixty-six":
            continue
        try:
            variants.get(name)
        except Exception as exc:  # noqa: BLE001 - a module still being written is reported, not fatal
            print(f"(variant {name} skipped: {type(exc).__name__}: {exc})", file=sys.stderr)
            continue
        out.append(name)
    return out


def playout_workload(rules, deals: int, seed: int):
    """The same deals and random choices through ``SixtySixState.playout``: the same rules code
    run in place on one copy, keeping no states (the path for simulations and sampling)."""
    deal = sixtysix.deal

    def run() -> int:
        choice = random.Random(seed).choice
        for k in range(seed, seed + deals):
            deal(rules, k & 1, seed=k).playout(choice)
        return 0

    return run


def load_schnapsen():
    """(SchnapsenGamePlayEngine, RandBot, version) or None when schnapsen is not importable."""
    try:
        from schnapsen.game import SchnapsenGamePlayEngine
    except Exception:  # noqa: BLE001 - any import problem means "not available"
        return None
    try:
        from schnapsen.bots import RandBot
    except Exception:  # noqa: BLE001 - schnapsen.bots pulls in every bot (sklearn, flask ...)
        import importlib.util
        import os

        import schnapsen

        path = os.path.join(os.path.dirname(schnapsen.__file__), "bots", "rand.py")
        spec = importlib.util.spec_from_file_location("_schnapsen_rand", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        RandBot = mod.RandBot
    try:
        version = metadata.version("schnapsen")
    except metadata.PackageNotFoundError:
        version = "?"
    return SchnapsenGamePlayEngine, RandBot, version


def schnapsen_workload(api, deals: int, seed: int, count: bool = False):
    Engine, RandBot, _ = api
    engine = Engine()

    if count:
        class CountingRandBot(RandBot):
            moves = 0

            def get_move(self, perspective, leader_move):
                CountingRandBot.moves += 1
                return super().get_move(perspective, leader_move)

        Bot = CountingRandBot
    else:
        Bot = RandBot

    def run() -> int:
        bot1 = Bot(random.Random(seed), "rand1")
        bot2 = Bot(random.Random(seed + 1), "rand2")
        play_game = engine.play_game
        if count:
            Bot.moves = 0
        for k in range(seed, seed + deals):
            # alternate who leads the first trick, like the alternating dealer in cardlab
            if k & 1:
                play_game(bot2, bot1, random.Random(k))
            else:
                play_game(bot1, bot2, random.Random(k))
        return Bot.moves if count else 0

    return run


# ---------------------------------------------------------------------------------------------


def fmt_int(x: float) -> str:
    return f"{x:,.0f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", "-n", type=int, default=10_000,
                    help="deals (schnapsen: games) per run and per engine (default 10000)")
    ap.add_argument("--runs", "-r", type=int, default=7, help="timed runs per engine; the median is reported (default 7)")
    ap.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    ap.add_argument("--presets", default=",".join(sixtysix.PRESETS),
                    help=f"comma-separated presets (default {','.join(sixtysix.PRESETS)})")
    ap.add_argument("--variants", default=None,
                    help="comma-separated other variants to measure (default: every registered one that imports; "
                         "'none' for none)")
    ap.add_argument("--no-schnapsen", action="store_true", help="skip the schnapsen comparison")
    ap.add_argument("--no-gc", action="store_true", help="disable the cyclic garbage collector while timing")
    ap.add_argument("--target", type=float, default=TARGET_RATIO,
                    help=f"required cardlab/schnapsen ratio (default {TARGET_RATIO:g})")
    ap.add_argument("--json", metavar="PATH", help="also write the figures as JSON to PATH")
    args = ap.parse_args(argv)
    if args.deals < 1 or args.runs < 1:
        ap.error("--deals and --runs must be at least 1")
    names = [p.strip() for p in args.presets.split(",") if p.strip()]
    unknown = [p for p in names if p not in sixtysix.PRESETS]
    if unknown:
        ap.error(f"unknown preset(s) {', '.join(unknown)}; known: {', '.join(sixtysix.PRESETS)}")

    api = None if args.no_schnapsen else load_schnapsen()
    if args.variants is None:
        others = other_variants()
    elif args.variants.strip().lower() == "none":
        others = []
    else:
        others = [x.strip() for x in args.variants.split(",") if x.strip()]

    try:
        cardlab_version = metadata.version("cardlab")
    except metadata.PackageNotFoundError:
        cardlab_version = "?"
    print(f"Python   {platform.python_implementation()} {platform.python_version()} "
          f"({sys.version.split()[0]}, {platform.python_compiler()})")
    print(f"Machine  {platform.platform()} | {platform.machine()} | {platform.processor() or '?'} | "
          f"{_cpu_model()} | {_cpu_count()} CPUs")
    import os

    import cardlab

    print(f"cardlab  {cardlab_version} ({os.path.dirname(cardlab.__file__)})   schnapsen "
          f"{api[2] if api else ('skipped' if args.no_schnapsen else 'not importable')}")
    load = _loadavg()
    print(f"Load     {load} (1/5/15-min load average before the run)")
    print(f"Workload {args.deals} deals per run, {args.runs} timed runs (+1 untimed warm-up), seeds "
          f"{args.seed}..{args.seed + args.deals - 1}, gc {'off' if args.no_gc else 'on'}")
    print()

    # engines: label -> (timed workload, action count per run)
    engines: dict[str, dict] = {}
    for name in names:
        rules = sixtysix.PRESETS[name]
        actions = cardlab_workload(rules, args.deals, args.seed, count=True)()  # warm-up + count
        engines[f"cardlab {name}"] = {"run": cardlab_workload(rules, args.deals, args.seed), "actions": actions,
                                      "times": [], "cpu_times": [], "preset": name, "rules": rules.name}
        engines[f"  playout {name}"] = {"run": playout_workload(rules, args.deals, args.seed), "actions": actions,
                                        "times": [], "cpu_times": [], "playout": name, "rules": rules.name}
    for name in others:
        try:
            actions = variant_workload(name, args.deals, args.seed, count=True)()  # warm-up + count
        except Exception as exc:  # noqa: BLE001 - report a variant that fails, measure the rest
            print(f"(variant {name} skipped: it failed during the warm-up: {type(exc).__name__}: {exc})")
            continue
        engines[f"cardlab {name}"] = {"run": variant_workload(name, args.deals, args.seed), "actions": actions,
                                      "times": [], "cpu_times": [], "variant": name}
        fast = variant_playout_workload(name, args.deals, args.seed)
        if fast is not None:
            engines[f"  playout {name}"] = {"run": fast, "actions": actions, "times": [], "cpu_times": [],
                                            "variant_playout": name}
    if api is not None:
        moves = schnapsen_workload(api, args.deals, args.seed, count=True)()  # warm-up + count
        engines["schnapsen"] = {"run": schnapsen_workload(api, args.deals, args.seed), "actions": moves,
                                "times": [], "cpu_times": []}

    t_start = time.perf_counter()
    for r in range(args.runs):
        for label, e in engines.items():
            if args.no_gc:
                gc.collect()
                gc.disable()
            try:
                c0 = time.process_time()
                t0 = time.perf_counter()
                e["run"]()
                e["times"].append(time.perf_counter() - t0)
                e["cpu_times"].append(time.process_time() - c0)
            finally:
                if args.no_gc:
                    gc.enable()
        print(f"  run {r + 1}/{args.runs} done ({time.perf_counter() - t_start:.1f} s)", file=sys.stderr, flush=True)

    for e in engines.values():
        ts = e["times"]
        dps = [args.deals / t for t in ts]
        upa = [t / e["actions"] * 1e6 for t in ts]
        e["deals_per_s"] = {"median": statistics.median(dps), "min": min(dps), "max": max(dps)}
        e["us_per_action"] = {"median": statistics.median(upa), "min": min(upa), "max": max(upa)}
        e["actions_per_deal"] = e["actions"] / args.deals

    sch = engines.get("schnapsen")
    header = (f"{'engine / preset':<23} {'deals/s median':>14} {'(min – max)':>19} {'µs/action median':>16} "
              f"{'(min – max)':>15} {'actions/deal':>12} {'× schnapsen':>11}")
    print(header)
    print("-" * len(header))
    for label, e in engines.items():
        d, u = e["deals_per_s"], e["us_per_action"]
        ratio = ""
        if sch is not None and label != "schnapsen":
            e["ratio_vs_schnapsen"] = d["median"] / sch["deals_per_s"]["median"]
            ratio = f"{e['ratio_vs_schnapsen']:.2f}×"
        print(f"{label:<23} {fmt_int(d['median']):>14} {'(' + fmt_int(d['min']) + ' – ' + fmt_int(d['max']) + ')':>19} "
              f"{u['median']:>16.2f} {'(' + format(u['min'], '.2f') + ' – ' + format(u['max'], '.2f') + ')':>15} "
              f"{e['actions_per_deal']:>12.2f} {ratio:>11}")
    print()
    print("deals/s: complete random hands per second (schnapsen: games, i.e. one hand to 66 on 20 cards);")
    print("µs/action: wall time per decision (legal_actions + choice + apply; schnapsen: per bot move).")
    print("cardlab rows: the state API, a new immutable state per action (history kept for steppers and")
    print("records); playout rows: the state's playout(), the same rules run in place, only the result kept.")
    print()

    # Wall time far above CPU time means the process was waiting for a CPU: other load on the machine.
    share = statistics.median(c / w for e in engines.values() for c, w in zip(e["cpu_times"], e["times"]))
    if share < 0.95:
        print(f"WARNING: the benchmark got only {share:.0%} of a CPU (median CPU time / wall time): the machine "
              f"was busy, so the figures are low and noisy; rerun on a quiet machine.")
        print()

    met = None
    if sch is not None:
        for key, what in (("preset", "Sixty-six, state API"), ("playout", "Sixty-six, playout"),
                          ("variant", "other variants, state API"),
                          ("variant_playout", "other variants, playout")):
            ratios = {e[key]: e["ratio_vs_schnapsen"] for e in engines.values() if key in e}
            if not ratios:
                continue
            ok = all(r >= args.target for r in ratios.values())
            met = ok if met is None else (met and ok)
            worst = min(ratios, key=ratios.get)
            print(f"Target ({what}): at least {args.target:g}x schnapsen's random games per second: "
                  f"{'MET' if ok else 'NOT MET'} (lowest: {worst} {ratios[worst]:.2f}x; "
                  + ", ".join(f"{p} {r:.2f}x" for p, r in ratios.items()) + ")")
    else:
        print(f"Target: at least {args.target:g}x schnapsen's random games per second: NOT CHECKED "
              f"(schnapsen {'skipped' if args.no_schnapsen else 'not importable'})")

    if args.json:
        out = {
            "python": platform.python_version(), "implementation": platform.python_implementation(),
            "platform": platform.platform(), "machine": platform.machine(), "cpu": _cpu_model(),
            "cardlab": cardlab_version, "schnapsen": api[2] if api else None,
            "loadavg": load, "deals": args.deals, "runs": args.runs, "seed": args.seed, "gc": not args.no_gc,
            "target": args.target, "target_met": met,
            "engines": {label: {k: v for k, v in e.items() if k != "run"} for label, e in engines.items()},
        }
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=2, ensure_ascii=False)
        print(f"figures written to {args.json}")
    return 0


def _loadavg() -> str:
    import os

    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "?"


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def _cpu_count() -> str:
    import os

    try:
        return str(len(os.sched_getaffinity(0)))
    except AttributeError:
        return str(os.cpu_count())


if __name__ == "__main__":
    sys.exit(main())
