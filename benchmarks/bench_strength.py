"""How strong each computer level is: duplicate tournaments between two levels, per variant.

A match "A-vs-B" in a variant plays the seeded deals ``start .. stop - 1`` with
:func:`cardlab.analysis.tournament.tournament`: A in one seat and B in every other (four players:
A and his partner against two B), every deal once per seating, so both levels hold the same
cards in turn (duplicate: the luck of the deal cancels out). Each level plays by its sample count
alone (no clock), so the result is the same on any machine.

The measure of a match is, per deal, the mean over its seatings of A's value for the hand minus
the mean value of the B seats, in the game's own unit (``adapters.get(variant).hand_score``:
Sixty-six and Mariage game points, 501 how far the score moved towards 0, Ninety-Nine the score
points), then its mean over the deals with a 95 % interval (mean ± 1.96 standard errors of the
per-deal differences: the deals are independent; normal approximation, n ≥ 100).

``--common-seeds`` seeds each player from the deal and its seat only, not the seating
(``tournament(common_seeds=True)``, common random numbers): a level and the level it is built
on (expert and search) then play a deal's seatings alike wherever they decide alike, so the
difference comes only from the decisions where they differ: the same mean, measured with less
noise. The expert matches of four-player Mariage are played so.

Long matches are played in parts; each part is stored as a CSV (one row per hand, the
tournament's table) under ``benchmarks/results/strength/`` with the command that made it in
its first line, and ``table`` reads every stored part:

    .venv/bin/python benchmarks/bench_strength.py run sixty-six search-vs-heuristic 0:400
    .venv/bin/python benchmarks/bench_strength.py run mariage-3 search-vs-heuristic 0:100 --workers 2
    .venv/bin/python benchmarks/bench_strength.py table          # the strength table, markdown (also with no command)
    .venv/bin/python benchmarks/bench_strength.py table --write  # ... also into benchmarks/results/strength.md

``run`` skips a part already stored (same variant, match and deals), so an interrupted run goes
on where it stopped.
"""

from __future__ import annotations

import argparse
import io
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RESULTS = ROOT / "benchmarks" / "results" / "strength"


def _levels() -> dict:
    """Levels a match may name besides the registry's player kinds: settings being tried before
    they become a kind (``search256``: the search player with four times the sampled deals;
    ``expert``: search plus what the variant's adapter declares for it, its own valuation of the
    decisions before the play or more sampled deals;
    ``playouts``: the hint's play-out model as a player).
    Each is a factory taking the seed, as :func:`tournament` takes them."""
    from functools import partial

    from cardlab.analysis.search_player import ExpertPlayer, SamplingPlayer

    return {"search256": partial(SamplingPlayer, samples=256, budget=None),
            # search plus the variant's valuation of its decisions before the play, or more deals
            "expert": partial(ExpertPlayer, budget=None),
            # the hint's model in the games where each plays for himself, as a player
            "playouts": partial(SamplingPlayer, samples=64, budget=None, model="play-outs")}
TABLE = ROOT / "benchmarks" / "results" / "strength.md"


def lineup(match: str, players: int) -> tuple[list[str], list[str]]:
    """The kinds per seat and their labels for ``"A-vs-B"`` at a table of ``players``: A at
    seat 0, B elsewhere; with four players A's partner (seat 2) is A too."""
    a, sep, b = match.partition("-vs-")
    if not sep or not a or not b or a == b:
        raise SystemExit(f"a match is written 'A-vs-B' with two different levels, not {match!r}")
    kinds = [a if (s == 0 or (players == 4 and s == 2)) else b for s in range(players)]
    return kinds, kinds[:]


def part_path(variant: str, match: str, start: int, stop: int) -> Path:
    return RESULTS / variant / match / f"{start:05d}-{stop:05d}.csv"


def run(variant: str, match: str, deals: str, part: int, workers: int | None, common_seeds: bool = False) -> None:
    from cardlab import variants
    from cardlab.analysis.tournament import tournament

    v = variants.get(variant)
    kinds, _ = lineup(match, v.players)
    extra = _levels()
    for k in set(kinds):
        if k not in v.player_kinds and k not in extra:
            raise SystemExit(f"{v.title} has no level {k!r}; it has {', '.join([*v.player_kinds, *extra])}")
    players = [extra.get(k, k) if k not in v.player_kinds else k for k in kinds]
    lo, _, hi = deals.partition(":")
    start, stop = int(lo), int(hi)
    for s0 in range(start, stop, part):
        s1 = min(stop, s0 + part)
        path = part_path(variant, match, s0, s1)
        if path.exists():
            print(f"{path.relative_to(ROOT)}: stored already", flush=True)
            continue
        t = time.perf_counter()
        table = tournament(players, deals=s1 - s0, variant=variant, seed=s0, workers=workers, names=kinds,
                           common_seeds=common_seeds)
        took = time.perf_counter() - t
        path.parent.mkdir(parents=True, exist_ok=True)
        buf = io.StringIO()
        table.to_csv(buf, index=False)
        command = ("# .venv/bin/python benchmarks/bench_strength.py run "
                   + shlex.join([variant, match, f"{s0}:{s1}", *(["--common-seeds"] if common_seeds else [])])
                   + f"  ({len(table)} hands, {took:.0f} s)\n")
        tmp = path.with_suffix(".tmp")
        tmp.write_text(command + buf.getvalue(), encoding="utf-8")
        tmp.replace(path)
        print(f"{path.relative_to(ROOT)}: {len(table)} hands in {took:.0f} s", flush=True)


def table_text() -> str:
    """The strength table in markdown: a row per variant measured, a column per match."""
    from cardlab import variants
    from cardlab.analysis.tournament import strength_table

    t = strength_table(RESULTS)
    if t.empty:
        return "(no match stored yet)\n"
    titles = [variants.get(n).title for n in variants.names(declared=True)]
    rows = [x for x in titles if x in set(t["variant"])]
    order = ["expert-vs-search", "search256-vs-search", "search-vs-heuristic", "heuristic-vs-random"]
    matches = sorted({(a, b) for a, b in zip(t["A"], t["B"])},
                     key=lambda m: (order.index(f"{m[0]}-vs-{m[1]}") if f"{m[0]}-vs-{m[1]}" in order else 99, m))
    lines = ["| game (unit) | " + " | ".join(f"{a} − {b}" for a, b in matches) + " |",
             "|---|" + "---|" * len(matches)]
    for title in rows:
        mine = t[t["variant"] == title]
        cells = []
        for a, b in matches:
            r = mine[(mine["A"] == a) & (mine["B"] == b)]
            if r.empty:
                cells.append("not measured")
                continue
            r = r.iloc[0]
            cells.append(f"{r['mean']:+.2f} [{r['low']:+.2f}, {r['high']:+.2f}], {r['deals']} deals")
        lines.append(f"| {title} ({mine['unit'].iloc[0]}) | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command")   # none: the table (what ``dev.py bench`` prints)
    r = sub.add_parser("run", help="play a match's deals, stored in parts")
    r.add_argument("variant")
    r.add_argument("match", help="'A-vs-B', e.g. search-vs-heuristic")
    r.add_argument("deals", help="START:STOP, e.g. 0:400")
    r.add_argument("--part", type=int, default=50, help="deals per stored part (default 50)")
    r.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    r.add_argument("--common-seeds", action="store_true",
                   help="seed players by deal and seat only (common random numbers; see the module docstring)")
    t = sub.add_parser("table", help="the strength table of every stored match")
    t.add_argument("--write", action="store_true", help=f"also write it to {TABLE.relative_to(ROOT)}")
    args = ap.parse_args(argv)
    if args.command == "run":
        run(args.variant, args.match, args.deals, args.part, args.workers, args.common_seeds)
        return 0
    text = table_text()
    print(text)
    if getattr(args, "write", False):
        TABLE.parent.mkdir(parents=True, exist_ok=True)
        TABLE.write_text("# Strength of the computer levels\n\nMade by `.venv/bin/python benchmarks/bench_strength.py "
                         "table --write` from the stored parts under `benchmarks/results/strength/` (each "
                         "part's first line is its command). Per hand: the mean of A's value minus the "
                         "B seats' mean, over duplicate deals, with its 95 % interval.\n\n" + text,
                         encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
