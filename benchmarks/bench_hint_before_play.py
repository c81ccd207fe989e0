"""How long the play table's hint takes at the decisions before the card play that the analysis
values (four-player Mariage's trump choice and announcements, 501's trumps and first card passed,
Ninety-Nine's bid cards), against two peers in the same run: the same valuation with no clock
(every one of the adapter's declared sampled deals: what the hint took before its clock applied
to these decisions), and the hint at the first card of the same hands.

For each variant whose analysis adapter declares ``before_play_values``, ``--hands`` seeded hands
are played by the rule-based players; at each decision of the seat to act before the play, and at
its first card, ``advise`` is timed as the play table's hint calls it (its budget, 1.5 s: a
valuation before the play stops there once 8 deals are done). Printed per variant: the median
time of the valued hints with min–max, in seconds, and how many of the hints asked were valued;
for the clocked hint before the play, also the median of the sampled deals it used.

    .venv/bin/python benchmarks/bench_hint_before_play.py              # about 3 min
    .venv/bin/python benchmarks/bench_hint_before_play.py --hands 3 --variants ninety-nine
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardlab import variants  # noqa: E402
from cardlab.analysis import adapters  # noqa: E402
from cardlab.analysis.advice import advise  # noqa: E402


#: The play table's hint budget (:class:`cardlab.widgets.table.PlayTable`'s ``hint_budget``).
HINT_BUDGET = 1.5


def timed(views, budget=HINT_BUDGET) -> tuple[float, bool, int]:
    t = time.perf_counter()
    adv = advise(views, seed=1, budget=budget)
    return time.perf_counter() - t, adv.valued, adv.samples


def measure(name: str, hands: int) -> tuple[list, list, list]:
    """``(before the play, the same with no clock, first card)``: (seconds, valued, deals) per
    hint asked."""
    v = variants.get(name)
    before, unclocked, first = [], [], []
    for h in range(hands):
        players = [v.make_player("heuristic", h * 10 + k) for k in range(v.players)]
        s = v.deal(seed=200 + h)
        asked_first = set()
        while not s.is_finished:
            seat = s.to_act
            view = s.view(seat)
            if len(view.legal_actions) > 1:
                views = [x.view(seat) for x in s.history()]
                if getattr(view, "phase", "play") != "play":
                    before.append(timed(views))
                    unclocked.append(timed(views, None))
                elif seat not in asked_first:
                    asked_first.add(seat)
                    first.append(timed(views))
            s = s.apply(players[seat].choose(view))
    return before, unclocked, first


def fmt(rows, deals=False) -> str:
    """The median (min–max) of the valued hints' times, and how many of the hints were valued
    (the others, e.g. a cut or an auction, are answered at once with the rule-based choice);
    with ``deals``, the median of the sampled deals the valued hints used."""
    xs = [t for t, valued, _n in rows if valued]
    if not xs:
        return f"none of {len(rows)} valued"
    out = f"{statistics.median(xs):.2f} s ({min(xs):.2f}–{max(xs):.2f}), {len(xs)} of {len(rows)} valued"
    if deals:
        out += f", {statistics.median(n for _t, valued, n in rows if valued):g} deals"
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=4)
    ap.add_argument("--variants", nargs="*", default=None)
    a = ap.parse_args(argv)
    names = a.variants or [n for n in variants.names() if n in adapters.names()
                           and adapters.get(n).before_play_values is not None]
    print(f"| game | hint before the play ({HINT_BUDGET} s clock) | the same with no clock | hint at the first card |")
    print("|---|---|---|---|")
    for name in names:
        before, unclocked, first = measure(name, a.hands)
        print(f"| {variants.get(name).title} | {fmt(before, True)} | {fmt(unclocked, True)} | {fmt(first)} |",
              flush=True)


if __name__ == "__main__":
    main()
