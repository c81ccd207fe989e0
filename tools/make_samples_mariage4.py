"""Regenerate the four-player Mariage sample records in data/m4_*.json
(run: python tools/make_samples_mariage4.py).

Every record is a real hand from a fixed seed, played by cardlab's rule-based player
(:class:`cardlab.players.mariage4.Mariage4Player`) at all four seats. Where a sample shows a decision
that player would not take by itself (a contract, a false claim, a cut that shows a nine), the
script takes that one decision and says so in the record's "source"; everything else is the
player's. Each seed was found by searching seeds in order for the first deal that shows the rule.
Re-running rewrites the same files byte for byte.
"""

from __future__ import annotations

from pathlib import Path

from cardlab import records
from cardlab import mariage4 as m4
from cardlab.cards import Rank
from cardlab.mariage4_game import EightGame
from cardlab.players.mariage4 import Mariage4Player

DATA = Path(__file__).resolve().parent.parent / "data"
NAMES = ("Ana", "Boris", "Cleo", "Dan")
PLAYER = "cardlab's rule-based player (cardlab.players.mariage4.Mariage4Player) at every seat"


def play(seed, dealer=0, rules=m4.RUSSIAN_4, override=None, game=None):
    """Play one hand from ``seed``; ``override(state)`` may return an action to take instead of
    the player's (or None)."""
    s = game.deal(seed=seed) if game else m4.deal(rules, dealer, seed=seed, names=NAMES)
    players = [Mariage4Player(seed * 4 + i) for i in range(4)]
    while not s.is_finished:
        a = override(s) if override else None
        if a is None:
            a = players[s.to_act].choose(s.view(s.to_act))
        s = s.apply(a)
    return s


def search(pred, override=None, start=0, rules=m4.RUSSIAN_4):
    for seed in range(start, start + 20000):
        s = play(seed, seed % 4, rules, override)
        if pred(s):
            return seed, s
    raise SystemExit("no seed found")


def kinds(s):
    return [a.kind for a in s.actions()]


def contract_override(name):
    """Announce ``name`` for the first player who may (in his first turn to speak)."""
    def override(s):
        if s.phase == "announce" and s.standing is None and not s.nines_done:
            for a in s.legal_actions():
                if a.kind == name:
                    return a
        if s.phase == "announce" and s.standing is not None:
            return m4.PASS
        return None
    return override


def good_for(name):
    def pred(s):
        return s.contract is not None and s.contract[0] == name and s.result.reason == name
    return pred


def made(s):
    return s.result.awards[-1].pair == s.contract[1] % 2


def nine_cut_override(s):
    """Cut so that a nine comes to the bottom (the first cut only)."""
    if s.phase == "cut" and not s.cuts:
        for a in s.legal_actions():
            if s.cut_pack[a.value - 1].rank == Rank.NINE:
                return a
    return None


def false_claim_override(s):
    if s.phase == "play" and s.tricks and not s.trick:
        claims = [a for a in s.legal_actions() if a.kind == "claim"]
        if claims:
            return claims[0]
    return None


SAMPLES = {
    "m4_normal.json": (
        "Normal play to 66",
        "Nobody announces a contract: eldest leads, everyone follows suit or trumps, and the first pair to 66 "
        "card points stops the play.",
        None,
        lambda s: s.result.reason == "66" and s.marriages and s.result.awards[0].points >= 2
        and s.trump_turned is None,
        "",
    ),
    "m4_last_trick.json": (
        "Nobody reaches 66",
        "All six tricks are played and neither pair has 66: the pair that took the last trick uncovers 1.",
        None,
        lambda s: s.result.reason == "last_trick" and "three nines" not in kinds(s),
        "",
    ),
    "m4_turn.json": (
        "Eldest turns his last card",
        "Eldest will not name trumps after his first three cards: his last card is turned face up and its suit is "
        "trumps.",
        None,
        lambda s: s.trump_turned is not None and s.result.reason in ("66", "last_trick"),
        "",
    ),
    "m4_three_nines.json": (
        "Three nines",
        "A player with three nines lays them out; each opponent places a card of one of their suits on top or at "
        "the bottom of his pile; the declarer leaves one nine, and the placed cards decide who uncovers 3.",
        None,
        lambda s: "three nines" in kinds(s) and all(c is not None for c, _ in s.nines["placed"].values())
        and s.result.reason in ("66", "last_trick"),
        "",
    ),
    "m4_redeal.json": (
        "A redeal claim",
        "A player with fewer than 13 card points in his hand claims a redeal; the cards are thrown in.",
        None,
        lambda s: s.last_action is not None and str(s.last_action) == "redeal points",
        "",
    ),
    "m4_claim.json": (
        "Claiming 66 with a marriage, without leading",
        "The player on lead sees that his marriage brings his pair to 66 and announces it without leading a card.",
        None,
        lambda s: s.last_action.kind == "claim" and s.result.reason == "66",
        "",
    ),
    "m4_false_claim.json": (
        "A false claim",
        "A player claims 66 with a marriage, but his pair is short of 66: the opponents uncover 1.",
        false_claim_override,
        lambda s: s.result.reason == "false_claim",
        "The claim was made by the script (the rule-based player claims only when it holds).",
    ),
    "m4_nine_cut.json": (
        "A nine at the bottom",
        "The cut shows a nine at the bottom: it is shown to all and the pack is cut again.",
        nine_cut_override,
        lambda s: len(s.cuts) >= 2 and s.result.reason in ("66", "last_trick"),
        "The first cut was chosen by the script to bring a nine to the bottom.",
    ),
    "m4_five.json": (
        "\"Five\"",
        "A player goes to five: he, then each opponent, sets a card aside; his partner throws in; no trumps; he "
        "must take all five tricks.",
        contract_override("five"),
        lambda s: good_for("five")(s) and made(s),
        "The announcement \"five\" was made by the script for the first player allowed to make it.",
    ),
    "m4_six.json": (
        "\"Six\" fails",
        "A player goes to six without trumps; an opponent takes a trick, so the opponents uncover 6.",
        contract_override("six"),
        lambda s: good_for("six")(s) and not made(s) and len(s.tricks) >= 3,
        "The announcement \"six\" was made by the script for the first player to speak.",
    ),
    "m4_coat.json": (
        "The fur coat",
        "A player plays for a fur coat: he must take every trick; the losers get a fur coat on their eight.",
        contract_override("coat"),
        lambda s: good_for("coat")(s) and made(s),
        "The announcement \"fur coat\" was made by the script for the first player allowed to make it.",
    ),
    "m4_suit.json": (
        "The suit fails",
        "A player plays for a suit (fur coat and lining); an opponent takes a trick, so the suit goes on the "
        "declarer's own pair.",
        contract_override("suit"),
        lambda s: good_for("suit")(s) and not made(s) and len(s.tricks) >= 2,
        "The announcement \"suit\" was made by the script for the first player allowed to make it.",
    ),
}


def main() -> None:
    DATA.mkdir(exist_ok=True)
    for fname, (title, notes, override, pred, extra) in SAMPLES.items():
        seed, s = search(pred, override)
        src = (f"Generated by tools/make_samples_mariage4.py: the pack shuffled from seed {seed} "
               f"(cardlab.pack24.shuffled_pack with order='python'), dealer seat {s.dealer}, played by {PLAYER}. {extra}").strip()
        rec = records.Record.from_state(s, title=title, notes=notes, source=src)
        rec.save(DATA / fname)
        print(fname, seed, s.result.reason)
    # a whole game to two eights
    g = EightGame(m4.RUSSIAN_4, 0, NAMES)
    finals = []
    k = 0
    while not g.is_over:
        s = play(500 + k, game=g)
        g.add(s)
        finals.append(s)
        k += 1
    rec = records.Record.from_states(
        finals, title="A game to two eights",
        notes="Whole hands in order, scored on the eights: pips uncovered per game point, surplus carried.",
        source=f"Generated by tools/make_samples_mariage4.py: hand k (from 0) shuffled from seed 500 + k, "
               f"first dealer seat 0, played by {PLAYER}.")
    rec.save(DATA / "m4_game.json")
    print("m4_game.json", len(finals), "hands", g.won)


if __name__ == "__main__":
    main()
