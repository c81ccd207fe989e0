"""501's fast legal-action path agrees with the plain rule checks at every step.

``Russian501State.legal_actions`` builds the play's legal cards from per-card tables, and keeps
the long lists of the auction (up to ~157 bids) and of the contract (up to ~776 contracts) in a
cache of the rule set, with frozensets for the membership test of ``apply``. Here the same lists
are written out from the plain rules ([P501]; rules-notes §1: bids from ``min_bid`` in steps
of ``bid_step`` above the last bid, up to ``max_bid``; contracts from the final bid up; follow
suit, else trump, via ``tricks.legal_plays``; a marriage only when leading, its king or queen
with the other in hand), and over thousands of seeded random hands of every preset (plus a rule
set with the optional duties to head and to overtrump) both must agree at every step, in the
same order. Every candidate action that is not legal must be refused with an
IllegalActionError naming a rule of ``russian501.RULES`` and leave the state as it was.
"""

from __future__ import annotations

import random

import pytest

from cardlab import russian501 as p501
from cardlab.actions import Action, play
from cardlab.cards import PACK_24, Card, Rank, Suit
from cardlab.errors import IllegalActionError
from cardlab.tricks import legal_plays

RULE_SETS = dict(p501.PRESETS)
RULE_SETS["duties"] = p501.PAGAT_501.with_options(must_head=True, must_overtrump=True, last_trick_bonus=10)
RULE_SETS["no-blind"] = p501.FIVES_501.with_options(blind_bids=False, pass_is_final=False)


def slow_legal(s: p501.Russian501State) -> list:
    """The legal actions in order, written out from the plain rules (not from the caches)."""
    r = s.rules
    seat = s.to_act
    hand = s.hands[seat]
    if s.phase == "bidding":
        if s.high_bid is None:
            first = r.min_bid
        else:
            # the lowest multiple of the step above min_bid that is at least high_bid + step
            first = r.min_bid
            while first < s.high_bid + r.bid_step:
                first += r.bid_step
        values = list(range(first, r.max_bid + 1, r.bid_step))
        if s.looked[seat]:
            return [p501.PASS] + [Action("bid", None, n) for n in values]
        return [p501.LOOK, p501.PASS] + [Action("blind", None, n) for n in values]
    if s.phase == "prikup":
        return [p501.TAKE]
    if s.phase == "contract":
        out = [p501.CONCEDE]
        for trump in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, "NT"):
            out += [Action("contract", None, (trump, n)) for n in range(s.high_bid, r.max_bid + 1, r.bid_step)]
        return out
    if s.phase == "give":
        return [Action("give", c) for c in hand]
    # play
    if s.trick:
        return [play(c) for c in legal_plays(hand, s.trick, s.trump, r.trick_rules)]
    if s.pending_marriage is not None:       # the marriage declared: lead its K or Q
        return [play(c) for c in hand if c.suit == s.pending_marriage and c.rank in (Rank.KING, Rank.QUEEN)]
    out = [play(c) for c in hand]
    for c in hand:
        if c.rank == Rank.KING and Card.of(c.suit, Rank.QUEEN) in hand:
            out.append(Action("marriage", None, c.suit))
    return out


def candidates(s: p501.Russian501State) -> list:
    """Legal and illegal actions to try: every card played, given or declared with, every word,
    and bids and contracts around the limits."""
    r = s.rules
    hb = s.high_bid if s.high_bid is not None else r.min_bid
    numbers = sorted({r.min_bid - 1, r.min_bid, hb - 1, hb, hb + 1, hb + r.bid_step, r.max_bid, r.max_bid + 1})
    out = [p501.LOOK, p501.PASS, p501.TAKE, p501.CONCEDE]
    out += [Action(kind, None, n) for kind in ("bid", "blind") for n in numbers]
    out += [Action("contract", None, (t, n)) for t in (Suit.SPADES, "NT") for n in numbers]
    out += [play(c) for c in PACK_24] + [Action("give", c) for c in PACK_24]
    out += [Action("marriage", None, suit) for suit in Suit]
    return out


def random_choice(rng, legal):
    """Uniform most of the time (as the benchmark plays); every third call in the auction a
    pass or one of the next few bids, so that auctions also end low and contracts vary."""
    if legal[0] in (p501.LOOK, p501.PASS) and rng.random() < 0.35:
        return rng.choice(legal[:6])
    if legal[0] == p501.CONCEDE and rng.random() < 0.5:
        return rng.choice(legal[:40])
    return rng.choice(legal)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_fast_and_plain_legal_lists_agree_at_every_step(name):
    """500 random hands per rule set (2,500 in all), every step; refusals checked on one hand in
    twenty."""
    rules = RULE_SETS[name]
    rng = random.Random(name)
    steps = refusals = 0
    phases = set()
    for seed in range(500):
        names = ("A", "B", "C", "D")[: 3 + (seed % 4 == 0)]
        s = p501.deal(rules, dealer=seed % len(names), seed=seed, names=names)
        while not s.is_finished:
            legal = s.legal_actions()
            assert len(set(legal)) == len(legal), "an action is listed twice"
            assert list(legal) == slow_legal(s), f"{name}, seed {seed}, phase {s.phase}"
            phases.add(s.phase)
            if seed % 20 == 0:
                before = (s.hands, s.phase, s.to_act, s.trick, s.high_bid, s.looked, s.passed)
                for a in candidates(s):
                    if a in legal:
                        assert s.apply(a).last_action == a
                        continue
                    with pytest.raises(IllegalActionError) as err:
                        s.apply(a)
                    assert err.value.rule in p501.RULES, f"{a}: unknown rule id {err.value.rule!r}"
                    refusals += 1
                assert (s.hands, s.phase, s.to_act, s.trick, s.high_bid, s.looked, s.passed) == before
            steps += 1
            s = s.apply(random_choice(rng, legal))
        assert s.legal_actions() == ()
    assert phases == {"bidding", "prikup", "contract", "give", "play"}
    assert steps > 10000 and refusals > 2000


def test_the_long_lists_are_built_once_per_rule_set_and_ignored_by_equality():
    """Two states with the same high bid and the same looked flag share one auction list; the
    cache is not an option: equal rule sets stay equal, hash alike, and to_dict leaves it out."""
    s = p501.deal(p501.PAGAT_501, 0, seed=3)
    t = p501.deal(p501.PAGAT_501, 1, seed=4)
    assert s.legal_actions() is t.legal_actions()
    # opening, not looked: look, pass and blind 66 … 220, i.e. 2 + (220 - 66 + 1) = 157 calls
    assert len(s.legal_actions()) == 157
    fresh = p501.Russian501Rules()
    assert fresh == p501.PAGAT_501 and hash(fresh) == hash(p501.PAGAT_501)
    assert fresh.to_dict() == p501.PAGAT_501.to_dict() and "_legal_cache" not in fresh.to_dict()
    # a contract after a final bid of 200: concede + 5 trump choices × (220 - 200 + 1) = 1 + 105
    st = s.apply("blind 200").apply("pass").apply("pass").apply("take")
    assert st.phase == "contract" and len(st.legal_actions()) == 1 + 5 * 21


def test_a_contract_with_an_unhashable_value_is_refused_not_crashed():
    """The contract list's membership test uses a frozenset; an Action whose value is a list
    (unhashable) must still be refused with the rule's reason, as before."""
    s = p501.deal(p501.PAGAT_501, 0, seed=3).apply("blind 80").apply("pass").apply("pass").apply("take")
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("contract", None, ["NT", 80]))
    assert err.value.rule in p501.RULES
    with pytest.raises(IllegalActionError):
        p501.deal(p501.PAGAT_501, 0, seed=3).apply(Action("bid", None, [70]))


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_playout_refuses_an_illegal_contract(name):
    """playout() checks its choices against the same cached sets as apply(): an illegal choice in
    the contract phase (a long list) is refused there too (that playout ends as apply() does is
    tests/core/test_fast_path.py, over every variant)."""
    rules = RULE_SETS[name]
    start = p501.deal(rules, dealer=0, seed=1)

    def choose(legal):
        if legal[0] == p501.CONCEDE:  # the contract (a long list): one below the final bid
            return Action("contract", None, ("NT", rules.min_bid - 1))
        bids = [a for a in legal if a.kind in ("bid", "blind")]
        if bids and bids[0].value == rules.min_bid:  # eldest opens at the lowest bid
            return bids[0]
        return p501.PASS if p501.PASS in legal else legal[0]  # the others pass; the bidder takes

    with pytest.raises(IllegalActionError) as err:
        start.playout(choose)
    assert err.value.rule == "501.contract"
