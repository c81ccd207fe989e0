"""The ready-made sampling questions of cardlab.analysis.questions for 501 (making a bid before
the prikup is seen) and Ninety-Nine (the choice of bid cards). Skipped when the variant's
engine is not importable."""

import importlib

import pytest

from cardlab.analysis import NotSolvable, wilson


def engine(mod):
    try:
        return importlib.import_module(mod)
    except Exception as exc:  # noqa: BLE001 - a module still missing is a skip
        pytest.skip(f"{mod} is not available: {exc}")


def test_501_a_sure_bid_is_always_made():
    # Seat 1 is eldest (seat 0 deals) and leads first. He holds all six spades and A♥. Whatever
    # the prikup and the other hands, with spades as trumps he wins six spade tricks (nobody
    # else has a spade): 11+10+4+3+2+0 = 30 card points of his own, and his trump marriage
    # K♠ Q♠ (40) counts once he has a trick: 70 >= 66 before counting anything he catches.
    m = engine("cardlab.russian501")
    from cardlab.analysis.questions import bid_chance_501

    hands = ("J♥ Q♥ K♥ 10♥ J♦ Q♦ K♦", "A♠ 10♠ K♠ Q♠ J♠ 9♠ A♥", "9♥ 9♦ 10♦ A♣ 10♣ K♣ Q♣")
    s = m.deal_from_hands([h.split() for h in hands], "A♦ 9♣ J♣".split(), dealer=0)
    s = s.apply("look")
    est = bid_chance_501(s, 66, seat=1, samples=6, seed=3, trumps="rule")
    assert (est.successes, est.samples) == (6, 6)
    assert (est.low, est.high) == pytest.approx(wilson(6, 6))
    with pytest.raises(ValueError):
        bid_chance_501(s, 10, seat=1, samples=1)
    with pytest.raises(ValueError, match="from"):
        bid_chance_501(s, s.rules.max_bid + 1, seat=1, samples=1)
    played = s.apply("bid 66")
    with pytest.raises(NotSolvable):
        bid_chance_501(m.deal(seed=1), 66)          # nobody has looked yet: no hand to judge
    assert played.phase == "bidding"


def test_501_bid_chance_is_reproducible_and_monotone_in_the_bid():
    m = engine("cardlab.russian501")
    from cardlab.analysis.questions import bid_chance_501

    s = m.deal(seed=7, dealer=0).apply("look")
    a = bid_chance_501(s, 66, samples=8, seed=2)
    b = bid_chance_501(s, 66, samples=8, seed=2)
    assert a == b
    # the same sampled deals: a higher bid is never made more often than a lower one
    c = bid_chance_501(s, 100, samples=8, seed=2)
    assert c.successes <= a.successes


def test_99_bid_cards_table():
    m = engine("cardlab.ninetynine")
    from cardlab.analysis.questions import bid_cards_chance_99

    s = m.deal(seed=5)
    t = bid_cards_chance_99(s, samples=6, seed=1)
    t2 = bid_cards_chance_99(s, samples=6, seed=1)
    assert t.equals(t2)
    assert ((t["made"] >= 0) & (t["made"] <= 6)).all() and (t["samples"] == 6).all()
    # each bid the hand can make appears once: the bids are distinct values from 0 to 9
    assert t["bid"].is_unique and t["bid"].between(0, 9).all()
    # asking about one choice alone gives the same count on the same sampled deals
    one = bid_cards_chance_99(s, choices=[t.index[0].split()], samples=6, seed=1)
    assert len(one) == 1 and one["made"].iloc[0] == t["made"].iloc[0]
    with pytest.raises(NotSolvable):
        bid_cards_chance_99(_play_state(m), samples=1)
    # two ways per bid: each bid at most twice, the first way of each bid as above, and the
    # same sampled deals give the same counts to the same cards
    t2 = bid_cards_chance_99(s, samples=6, seed=1, per_bid=2)
    assert t2["bid"].value_counts().max() <= 2 and len(t2) > len(t)
    for cards, row in t.iterrows():
        assert t2.loc[cards, "made"] == row["made"]


def test_99_default_choices_are_the_natural_ways():
    # The hand K♦ 8♦ K♥ J♥ Q♥ 6♦ Jo 10♣ J♠ A♥ 7♠ 10♦ (deal seed 5, no trumps): the cheapest
    # bid, 0, needs three diamonds aside, so one of the four (K♦ 10♦ 8♦ 6♦) stays. The trick
    # estimate of the nine kept is the same for all four ways (a king alone, without a guard,
    # counts 0, and so does a lone 10, 8 or 6), so the tie-break keeps the strongest nine: lay
    # aside the three lowest, 10♦ 8♦ 6♦, keeping K♦.
    m = engine("cardlab.ninetynine")
    from cardlab.analysis.questions import bid_cards_chance_99

    s = m.deal(seed=5)
    hand = set(s.view(s.to_act).hand)
    from cardlab.cards import parse_cards

    assert hand == set(parse_cards("K♦ 8♦ K♥ J♥ Q♥ 6♦ Jo 10♣ J♠ A♥ 7♠ 10♦"))
    t = bid_cards_chance_99(s, samples=2, seed=0)
    zero = t[t["bid"] == 0]
    assert len(zero) == 1 and set(parse_cards(zero.index[0])) == set(parse_cards("10♦ 8♦ 6♦"))


def _play_state(m):
    import random

    s = m.deal(seed=5)
    rng = random.Random(0)
    while s.phase != "play":
        s = s.apply(rng.choice(s.legal_actions()))
    return s
