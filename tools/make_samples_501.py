"""Regenerate the 501 sample records in data/r501_*.json (run: python tools/make_samples_501.py).

Every sample is a real hand (or game) played by cardlab's rule-based 501 player
(:class:`cardlab.prikup501.Rule501Player`, one per seat, each seeing only its own seat's view)
from fixed seeds: the deal of hand ``k`` is ``prikup501.deal(..., seed=k)`` and the player in
seat ``i`` is ``Rule501Player(4 * k + i)``. For each sample the first seed from ``START`` whose
hand shows the rule is kept. Re-running rewrites the same files byte for byte.
"""

from __future__ import annotations

from pathlib import Path

from cardlab import prikup501 as p501
from cardlab import records

DATA = Path(__file__).resolve().parent.parent / "data"
NAMES = ("Ana", "Boris", "Vera")
FOUR = ("Ana", "Boris", "Vera", "Gleb")
SOURCE = ("cardlab rule-based 501 player (one per seat, each seeing only its own view) from fixed seeds, "
          "tools/make_samples_501.py")
START = 100


def play(seed, dealer=0, names=NAMES, rules=p501.PAGAT_501, game=None):
    """Deal ``seed`` and let one rule-based player per seat play the hand to its end."""
    s = game.deal(seed=seed) if game is not None else p501.deal(rules, dealer, seed=seed, names=names)
    players = [p501.Rule501Player(4 * seed + i) for i in range(len(s.names))]
    while not s.is_finished:
        s = s.apply(players[s.to_act].choose(s.view(s.to_act)))
    return s


def kinds(s):
    return [a.kind for a in s.actions()]


def marriage_without_trick(s):
    return any(not s.tricks_won[m[0]] for m in s.marriages)


def find(pred, names=NAMES):
    for seed in range(START, START + 20000):
        s = play(seed, seed % len(names), names)
        if pred(s):
            return s
    raise SystemExit("no seed found")


SAMPLES = {
    "r501_marriage.json": (
        "Marriages on the lead",
        "A made contract in a trump suit, with the trump marriage (40) declared by leading its king or "
        "queen, and a side marriage (20).",
        lambda s: s.result.outcome == "made" and any(m[2] == 40 for m in s.marriages)
        and any(m[2] == 20 for m in s.marriages) and "blind" not in kinds(s),
    ),
    "r501_blind.json": (
        "A blind bid wins the auction",
        "The winning bid was made without looking at the cards: the bidder's result is doubled, both the "
        "contract made (down twice the contract) and, had it failed, the penalty.",
        lambda s: s.result.blind and s.result.outcome == "made" and "look" in kinds(s),
    ),
    "r501_concession.json": (
        "The bidder gives up",
        "After seeing the prikup the bidder concedes: no play, the bidder goes up by the bid and each "
        "opponent goes down 25 (nothing for an opponent at 100 or less).",
        lambda s: s.result.outcome == "conceded" and not s.result.blind,
    ),
    "r501_no_trump.json": (
        "No trump",
        "The bidder names no trump: the highest card of the suit led wins every trick, a player who cannot "
        "follow may play any card, and every marriage is worth 20.",
        lambda s: s.result.outcome == "made" and s.no_trump and s.marriages,
    ),
    "r501_failed.json": (
        "A contract that fails",
        "The bidder does not reach the contract and goes up by it; the opponents still go down by what "
        "they took.",
        lambda s: s.result.outcome == "failed" and not s.result.blind and s.contract == s.high_bid
        and s.trump is not None,
    ),
    "r501_marriage_lost.json": (
        "A marriage that does not count",
        "A player declares a marriage on the lead but never takes a trick, so the marriage scores nothing.",
        marriage_without_trick,
    ),
    "r501_thrown_in.json": (
        "All three pass",
        "Nobody bids: the hand is thrown in without play, nobody scores, and the deal passes to the left.",
        lambda s: s.result.outcome == "thrown_in",
    ),
}


def main() -> None:
    for fname, (title, notes, pred) in SAMPLES.items():
        s = find(pred)
        rec = records.Record.from_state(s, title=title, notes=notes, source=SOURCE)
        rec.save(DATA / fname)
        print(fname, len(s.actions()), "actions:", s.result.explanation)

    s = find(lambda s: s.result.outcome == "made", names=FOUR)
    rec = records.Record.from_state(
        s, title="Four at the table",
        notes="Four players: the dealer deals to the other three and sits the hand out; his score does not change.",
        source=SOURCE)
    rec.save(DATA / "r501_four.json")
    print("r501_four.json", s.result.explanation)

    game = p501.Game501(p501.PAGAT_501, first_dealer=0, names=NAMES)
    finals, seed = [], 2026
    while not game.is_over:
        s = play(seed, game=game)
        game.add(s)
        finals.append(s)
        seed += 1
    rec = records.Record.from_states(
        finals, title="A game from 501 to 0",
        notes="Three players from 501 down to 0; the deal passes to the left after every hand.",
        source=SOURCE)
    rec.save(DATA / "r501_game.json")
    print("r501_game.json", len(finals), "hands", game.scores, "winner", NAMES[game.winner])
    print("outcomes", [f.result.outcome for f in finals])
    print("notes", [r["note"] for r in game.rows() if r["note"]])


if __name__ == "__main__":
    main()
