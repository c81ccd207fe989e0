"""Regenerate the analysis sample records data/a_*.json (run: python tools/make_analysis_samples.py).

* ``a_santase_marriage_choice.json``: a Santase deal (seed 67, Boris deals) played by seeded
  random play (``random.Random(67)``, closing with probability 0.15 when allowed) until Ana has
  closed and each player holds 3 cards, then to the end along the exact solver's best line. In
  the position after Boris wins the 14th card, announcing his trump marriage is worse for him
  than keeping quiet: the notebook works it out by hand.

Re-running rewrites the same file byte for byte (the shuffle, the random play and the solver are
deterministic).
"""

from __future__ import annotations

import random
from pathlib import Path

from cardlab import records, sixtysix
from cardlab.analysis import best_line

DATA = Path(__file__).resolve().parent.parent / "data"
NAMES = ("Ana", "Boris")


def marriage_choice() -> records.Record:
    seed = 67
    rng = random.Random(seed)
    s = sixtysix.deal(sixtysix.SANTASE, dealer=1, seed=seed, names=NAMES)
    # random play until the stock is closed and the player to lead holds 3 cards
    while not (not s.stock_open and not s.trick and len(s.hands[s.to_act]) <= 4):
        legal = s.legal_actions()
        close = [a for a in legal if a.kind == "close"]
        s = s.apply(close[0] if close and rng.random() < 0.15 else rng.choice(legal))
    # two more cards (Ana leads Q♣, Boris must head with A♣), then the best line to the end
    s = s.apply("Q♣").apply("A♣")
    final = best_line(s, seats=(s.to_act,))[-1]
    return records.Record.from_state(
        final, title="Not announcing a marriage",
        notes=("Santase. Ana closed the stock when Boris had no trick; Boris then won a trick. Boris could announce "
               "his trump marriage (40) and reach 66, but a closer who is gone out on pays only 2; without the "
               "marriage Boris stays under 66, Ana fails to reach 66 and pays 3."),
        source=("seeded random play (random.Random(67)) up to Boris's lead with three cards each, then the exact "
                "solver's best line; tools/make_analysis_samples.py"))


def main() -> None:
    rec = marriage_choice()
    rec.save(DATA / "a_santase_marriage_choice.json")
    print("wrote", DATA / "a_santase_marriage_choice.json", "-", rec.title)


if __name__ == "__main__":
    main()
