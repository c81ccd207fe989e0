"""Regenerate the Ninety-Nine sample records in data/ (run: python tools/make_samples_ninetynine.py).

Each sample is a real, complete deal (or game) played by cardlab's rule-based Ninety-Nine player
(:class:`cardlab.players.ninetynine.NinetyNinePlayer`) in all three seats from a fixed seed; the seed of
each sample is the first one, counting up from the start given below, whose deal shows the rule
it is meant to show. Re-running rewrites the same files byte for byte (the shuffle and the
players are deterministic).
"""

from __future__ import annotations

from pathlib import Path

from cardlab import JOKER, Rank, records
from cardlab import ninetynine as nn
from cardlab.players.ninetynine import NinetyNinePlayer

DATA = Path(__file__).resolve().parent.parent / "data"
NAMES = ("Ana", "Boris", "Cleo")
SOURCE = ("cardlab's rule-based Ninety-Nine player in all three seats, from seed {seed} "
          "(tools/make_samples_ninetynine.py)")


def play(rules, dealer, seed, game=None):
    s = game.deal(seed=seed) if game else nn.deal(rules, dealer, seed=seed, names=NAMES)
    players = [NinetyNinePlayer(seed + i) for i in range(3)]
    while not s.is_finished:
        s = s.apply(players[s.to_act].choose(s.view(s.to_act)))
    return s


def joker_played(s):
    return any(JOKER in t.played for t in s.tricks)


SAMPLES = {
    "n99_joker_turnup.json": (
        "The joker turned up: no trump",
        "Classic Ninety-Nine. The 37th card, turned up to fix trumps, is the joker, so the deal is played at no trump "
        "and all 36 ordinary cards are in the hands.",
        nn.CLASSIC, lambda s: s.turnup == JOKER, 0),
    "n99_nine_turnup.json": (
        "A nine turned up: no trump",
        "Classic Ninety-Nine. The turn-up is a nine, which by Parlett's classic rule (rules-notes B-2; the seed is "
        "silent) means no trump; the joker in a hand is a second copy of that nine.",
        nn.CLASSIC, lambda s: s.turnup != JOKER and s.turnup.rank == Rank.NINE and joker_played(s), 0),
    "n99_joker_played.json": (
        "The joker counts as the turn-up",
        "Classic Ninety-Nine. Trumps are the turn-up's suit; the player holding the joker holds a second copy of the "
        "turn-up card: it follows suit, wins and is a bid card as that card.",
        nn.CLASSIC, lambda s: s.trump is not None and joker_played(s), 0),
    "n99_one_success.json": (
        "One player makes the bid",
        "Classic Ninety-Nine. Only one player takes exactly the tricks bid and scores 30 more.",
        nn.CLASSIC, lambda s: s.result.successes == 1 and s.trump is not None, 100),
    "n99_two_successes.json": (
        "Two players make their bids",
        "Classic Ninety-Nine. Two players take exactly the tricks bid: 20 more each.",
        nn.CLASSIC, lambda s: s.result.successes == 2 and s.trump is not None, 0),
    "n99_three_successes.json": (
        "All three make their bids",
        "Classic Ninety-Nine. Everybody takes exactly the tricks bid: 10 more each.",
        nn.CLASSIC, lambda s: s.result.successes == 3, 0),
    "n99_no_success.json": (
        "Nobody makes the bid",
        "Classic Ninety-Nine. Nobody takes exactly the tricks bid: each scores only the tricks taken.",
        nn.CLASSIC, lambda s: s.result.successes == 0 and s.trump is not None, 0),
    "n99_revised_premium.json": (
        "A declared bid (revised rules)",
        "Parlett's revised rules: 36 cards, the first deal of a game at no trump, and premium bids. One player "
        "declares: the bid cards go face up before the first lead, for a premium of 30 if the bid is made (and 30 "
        "to each opponent if it fails).",
        nn.REVISED, lambda s: s.premium is not None, 0),
}


def find(rules, pred, start):
    for seed in range(start, start + 20000):
        s = play(rules, seed % 3, seed)
        if pred(s):
            return seed, s
    raise SystemExit("no seed found")


def main() -> None:
    for fname, (title, notes, rules, pred, start) in SAMPLES.items():
        seed, s = find(rules, pred, start)
        rec = records.Record.from_state(s, title=title, notes=notes, source=SOURCE.format(seed=seed))
        rec.save(DATA / fname)
        print(fname, "seed", seed, "|", s.result.explanation)

    save_game(nn.CLASSIC, 2026, "n99_game.json", "A game to 99",
              "Classic Ninety-Nine: deals until someone has 99 or more after a deal (the highest total wins; ties "
              "play on); the deal passes to the left.")
    # A revised game: seed 3260 upwards gives nine deals in which every trump suit occurs (so the
    # trump rule across deals can be checked row by row) and two players pass 100 in the last deal.
    save_game(nn.REVISED, 3260, "n99_revised_game.json", "A revised game to 100",
              "Parlett's revised rules: 36 cards, no turn-up; the first deal at no trump, then trumps fixed by how "
              "many players made their bid in the previous deal (3 clubs, 2 hearts, 1 spades, 0 diamonds); game "
              "100, and the winner and any opponent who reached 100 add the game bonus of 100.")


def save_game(rules, first_seed, fname, title, notes) -> None:
    """Play a whole game from ``first_seed`` upwards (one seed per deal) and save it as ``fname``."""
    game = nn.NinetyNineGame(rules, first_dealer=0, names=NAMES)
    finals, seed = [], first_seed
    while not game.is_over:
        s = play(None, None, seed, game)
        game.add(s)
        finals.append(s)
        seed += 1
    rec = records.Record.from_states(finals, title=title, notes=notes,
                                     source=SOURCE.format(seed=f"{first_seed} upwards, one seed per deal"))
    rec.save(DATA / fname)
    print(fname, len(finals), "deals", game.totals)

if __name__ == "__main__":
    main()
