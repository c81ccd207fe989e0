"""Random simulation of 2,000 whole Ninety-Nine deals over the rule options, checking invariants
at every step (design-notes.md, in the spirit of OpenSpiel's random-simulation tests).

At every state: the 37 (or 36) cards are accounted for exactly once (hands, bid cards, the trick,
completed tricks, the turn-up); the legal list is non-empty while the deal runs, empty when it is
over, and equal to an independent oracle (any three of twelve when bidding; the premium priority;
follow suit with the joker counted as the turn-up); seat views hide other hands and face-down bid
cards and show everything public. At the end: nine tricks, 9 tricks in all, scores equal to an
independent computation, and the record round-trips through JSON to the same actions and result.
"""

import random
from math import comb

import pytest

from cardlab import JOKER, Suit, records, render
from cardlab import ninetynine as nn
from cardlab.players.ninetynine import NinetyNinePlayer
from cardlab.players import RandomPlayer

VALUE = {Suit.DIAMONDS: 0, Suit.SPADES: 1, Suit.HEARTS: 2, Suit.CLUBS: 3}   # rules-notes §2.1
RANK_ORDER = "6 7 8 9 10 J Q K A".split()                                       # low to high

RULE_SETS = [
    nn.CLASSIC,
    nn.CLASSIC.with_options(wild_card="club-two", deal_packet=1),
    nn.CLASSIC.with_options(nine_turnup_no_trump=False, premiums=True),
    nn.REVISED,
    nn.REVISED.with_options(first_deal_trump="diamonds"),
]


def eff(s, c):
    """The card as it plays: the wild card is a copy of the turn-up (rules-notes B-3)."""
    if s.rules.wild is not None and c == s.rules.wild and s.turnup != s.rules.wild:
        return s.turnup
    return c


def oracle_legal(s):
    if s.is_finished:
        return set()
    hand = s.hands[s.to_act]
    if s.phase == "bidding":
        return {"bid"}                         # checked by count below
    if s.phase == "premium":
        calls = [k for _, k in s.premium_calls if k != "pass"]
        if "reveal" in calls:
            return {"pass"}
        if "declare" in calls:
            return {"pass", "reveal"}
        return {"pass", "declare", "reveal"}
    if not s.trick:
        return {str(c) for c in hand}
    led = eff(s, s.trick[0]).suit
    same = [c for c in hand if eff(s, c).suit == led]
    return {str(c) for c in (same or hand)}


def oracle_winner(s, t):
    assert [seat for seat, _ in t.cards] == [(t.leader + i) % 3 for i in range(3)]
    cards = [eff(s, c) for _, c in t.cards]
    trumps = [i for i, c in enumerate(cards) if s.trump is not None and c.suit == s.trump]
    pool = trumps or [i for i, c in enumerate(cards) if c.suit == cards[0].suit]
    best = max(pool, key=lambda i: RANK_ORDER.index(cards[i].rank.label))
    return t.cards[best][0]


def oracle_scores(res, rules):
    made = [res.bids[i] == res.tricks[i] for i in range(3)]
    n = sum(made)
    bonus = {0: 0, 1: 30, 2: 20, 3: 10}[n]
    out = [res.tricks[i] + (bonus if made[i] else 0) for i in range(3)]
    if res.premium:
        p, kind = res.premium
        v = 30 if kind == "declare" else 60
        if made[p]:
            out[p] += v
        else:
            for o in range(3):
                if o != p:
                    out[o] += v
    return tuple(out)


def check(s, deep):
    pack = set(s.pack)
    assert len(pack) == len(s.pack) == s.rules.pack_size
    cards = [c for h in s.hands for c in h] + [c for b in s.bid_cards for c in b] + list(s.trick)
    cards += [c for t in s.tricks for _, c in t.cards]
    if s.turnup is not None:
        cards.append(s.turnup)
    assert sorted(cards) == sorted(pack)
    legal = s.legal_actions()
    if s.is_finished:
        assert legal == () and s.to_act is None and s.phase == "over"
    else:
        assert legal and s.to_act in (0, 1, 2)
        if s.phase == "bidding":
            assert len(legal) == comb(12, 3) == len(set(legal))
            assert all(len(set(a.value)) == 3 and set(a.value) <= set(s.hands[s.to_act]) for a in legal)
        else:
            assert {str(a) for a in legal} == oracle_legal(s)
    if s.tricks and s.parent is not None and len(s.parent.tricks) < len(s.tricks):   # a trick just ended
        assert s.tricks[-1].winner == oracle_winner(s, s.tricks[-1]) == s.leader
    assert sum(s.tricks_won) == len(s.tricks)
    if s.trick:
        assert len(s.trick) < 3 and s.to_act == (s.leader + len(s.trick)) % 3
    # Independent of s.shown(): a premium offer is carried out (its cards face up) only once the
    # premium round is over; at the end the successful players show their bid cards.
    settled = s.premium if s.phase in ("play", "over") else None
    shown = [bool(settled and settled[0] == o) or bool(s.result and s.result.made[o]) for o in range(3)]
    assert tuple(shown) == s.shown()
    revealer = settled[0] if settled and settled[1] == "reveal" else None
    for seat in range(3):
        v = s.view(seat)
        assert v.hand == s.hands[seat] and v.bid_cards == s.bid_cards[seat]
        assert v.legal_actions == (legal if s.to_act == seat else ())
        hidden = set()
        for o in range(3):
            if o == seat:
                continue
            if o != revealer:
                hidden |= set(s.hands[o])
            if not shown[o]:
                hidden |= set(s.bid_cards[o])
        assert set(v.unseen) == hidden
        for o in range(3):
            assert (v.shown_bids[o] is not None) == (shown[o] and bool(s.bid_cards[o]))
        if v.result is not None:
            assert all(v.result.bids[o] is None for o in range(3) if o != seat and not shown[o])
        if deep:
            html = render.state_html(s, seat)
            import re

            seen = set(re.findall(r'data-card="([^"]+)"', html))
            assert not seen & {str(c) for c in hidden}, (seat, seen & {str(c) for c in hidden})


def run(seed, deep):
    rng = random.Random(seed)
    rules = RULE_SETS[seed % len(RULE_SETS)]
    s = nn.deal(rules, dealer=seed % 3, seed=seed, names=("Ana", "Boris", "Cleo"))
    if seed % 8 == 0:
        players = [NinetyNinePlayer(seed + i) for i in range(3)]
    else:
        players = [RandomPlayer(rng.randrange(10**6)) for _ in range(3)]
    check(s, deep)
    while not s.is_finished:
        s = s.apply(players[s.to_act].choose(s.view(s.to_act)))
        check(s, deep)
    return s


@pytest.mark.parametrize("block", range(4))
def test_random_deals(block):
    for seed in range(block * 500, block * 500 + 500):
        f = run(seed, deep=seed % 50 == 0)
        r = f.result
        assert len(f.tricks) == 9 and sum(r.tricks) == 9 and all(len(h) == 0 for h in f.hands)
        assert all(len(b) == 3 for b in f.bid_cards)
        assert r.bids == tuple(sum(VALUE[eff(f, c).suit] for c in b) for b in f.bid_cards)
        assert r.scores == oracle_scores(r, f.rules)
        assert r.successes == sum(r.made)
        if f.turnup == JOKER or (f.turnup is not None and f.turnup.rank.label == "9" and f.rules.nine_turnup_no_trump):
            assert f.trump is None
        if seed % 5 == 0:
            back = records.loads(records.Record.from_state(f).to_json()).replay()[0]
            assert back.actions() == f.actions() and back.result == r and back.pack == f.pack
