"""Sampled worlds never contradict what the seat has seen, checked independently of the
adapters' inference code: in every sampled world, each card another seat played to a trick once
the hands were fixed (Sixty-six after the stock was closed or exhausted; the whole play of the
games without a stock) must have been a legal play from the hand that seat would then have held
(its sampled hand plus the cards it played from that trick on), under the engine's own
:func:`cardlab.tricks.legal_plays`. Dropping any of the follow-suit, trump or head inferences
makes samples fail this test. In 501 a defender also knows that the other defender holds at
most one prikup card (the one the declarer may have passed him [501.give])."""

import importlib
import random

import pytest

from cardlab import sixtysix as ss
from cardlab import variants
from cardlab.analysis import DealSampler, Knowledge, adapters
from cardlab.cards import parse_cards
from cardlab.tricks import legal_plays


def _module(name):
    try:
        return importlib.import_module(name)
    except Exception as exc:  # noqa: BLE001 - a module still missing is a skip
        pytest.skip(f"{name} is not available: {exc}")


def _pairs(leader, cards, playing):
    """(seat, card) in play order, whether the trick stores pairs or bare cards."""
    out = []
    for k, x in enumerate(cards):
        if isinstance(x, tuple):
            out.append(x)
        else:
            out.append((playing[(playing.index(leader) + k) % len(playing)], x))
    return out


def _check_world(hands, tricks, trump, trick_rules, me):
    """Every card a seat other than ``me`` played in ``tricks`` (a list of (seat, card) lists)
    was legal from its hand then: ``hands[seat]`` plus its cards of that trick and later."""
    for t, trick in enumerate(tricks):
        for k, (seat, card) in enumerate(trick):
            if seat == me or k == 0:
                continue
            later = [c for tr in tricks[t:] for s, c in tr if s == seat]
            hand = list(hands[seat]) + later
            before = [c for _s, c in trick[:k]]
            assert card in legal_plays(hand, before, trump, trick_rules), (seat, card, before, hand)


def _positions(variant, count, min_tricks, rules=None):
    v = variants.get(variant)
    out = []
    for seed in range(400):
        rng = random.Random(seed)
        s = v.deal(rules, dealer=seed % v.players, seed=seed) if rules is not None else \
            v.deal(dealer=seed % v.players, seed=seed)
        steps = 0
        while not s.is_finished and steps < 300:
            steps += 1
            if s.phase == "play" and len(s.tricks) >= min_tricks:
                out.append(s)
                break
            legal = s.legal_actions()
            passes = [a for a in legal if str(a) == "pass"]
            s = s.apply(passes[0] if passes and s.phase == "announce" else rng.choice(legal))
        if len(out) >= count:
            break
    return out


@pytest.mark.parametrize("variant,module", [("mariage-3", "cardlab.mariage3"), ("russian-501", "cardlab.russian501"),
                                            ("mariage-4", "cardlab.mariage4")])
def test_sampled_worlds_respect_the_play(variant, module):
    _module(module)
    ad = adapters.get(variant)
    positions = _positions(variant, 30, 4)
    assert len(positions) >= 20
    inferred = 0
    for s in positions:
        playing = tuple(getattr(s, "active", None) or getattr(s, "active_seats", None) or range(len(s.hands)))
        for me in playing:
            view = s.view(me)
            know = ad.knowledge([view])
            inferred += any(know.excluded)
            # never too strict: the real deal is one of the consistent deals
            for i, seat in enumerate(know.extra["others"]):
                assert not (know.excluded[i] & set(s.hands[seat])), (seat, know.notes)
            for loc, cards, most in know.limits:
                assert len(set(s.hands[know.extra["others"][loc]]) & cards) <= most
            sampler = DealSampler(know)
            rng = random.Random(me)
            tricks = [_pairs(t.leader, t.cards, playing) for t in s.tricks]
            if s.trick:
                tricks.append(_pairs(s.leader, s.trick, playing))
            for _ in range(40):
                deal = sampler.sample(rng)
                hands = {me: tuple(s.hands[me])}
                for seat, cards in zip(know.extra["others"], deal):
                    hands[seat] = tuple(view.known[seat]) + tuple(cards)
                    assert len(hands[seat]) == len(s.hands[seat])
                _check_world(hands, tricks, s.trump, s.trick_rules, me)
    # the positions do show voids (so the test exercises the inferences)
    assert inferred >= 5


@pytest.mark.parametrize("preset", list(ss.PRESETS))
def test_sixty_six_worlds_respect_the_play_after_the_close(preset):
    ad = adapters.get("sixty-six")
    rules = ss.PRESETS[preset]
    tr = rules.trick_rules_after_stock
    checked = inferred = 0
    for seed in range(300):
        rng = random.Random(seed)
        s = ss.deal(rules, dealer=seed & 1, seed=seed)
        while not s.is_finished:
            if (not s.stock_open and not s.draw_pending and not s.close_exchange and not s.trick
                    and len(s.hands[s.to_act]) <= 3):
                break
            legal = s.legal_actions()
            close = [a for a in legal if a.kind == "close"]
            s = s.apply(close[0] if close and rng.random() < 0.3 else rng.choice(legal))
        if s.is_finished:
            continue
        me = s.to_act
        views = [x.view(me) for x in s.history()]
        know = ad.knowledge(views)
        inferred += bool(know.excluded[0])
        # the tricks played since the hands were fixed (stock closed or exhausted)
        fixed_from = next(i for i, x in enumerate(views) if not x.stock_open and not x.draw_pending)
        first = len(views[fixed_from].tricks)
        tricks = [list(t.cards) for t in s.tricks[first:]]
        sampler = DealSampler(know)
        for _ in range(30):
            opp_hidden, _stock = sampler.sample(rng)
            hands = {me: s.hands[me], 1 - me: tuple(views[-1].opponent_known) + tuple(opp_hidden)}
            _check_world(hands, tricks, s.trump, tr, me)
        checked += 1
        if checked >= 25:
            break
    assert checked >= 20 and inferred >= 3


def _defender_position_501(m):
    """501: seat 0 deals, seat 1 (eldest) bids 60 and wins; he takes the prikup A♦ 9♣ J♣ and
    passes J♣ to seat 2 and 9♣ to seat 0 (the engine's order of opponents), then one trick is
    played. Returns the state at the second trick's lead."""
    hands = ("J♥ Q♥ K♥ 10♥ J♦ Q♦ K♦", "A♠ 10♠ K♠ Q♠ J♠ 9♠ A♥", "9♥ 9♦ 10♦ A♣ 10♣ K♣ Q♣")
    s = m.deal_from_hands([h.split() for h in hands], "A♦ 9♣ J♣".split(), dealer=0)
    s = s.apply("look").apply(f"bid {s.rules.min_bid}")
    while s.phase == "bidding":
        legal = [str(x) for x in s.legal_actions()]
        s = s.apply("look" if "look" in legal and not s.looked[s.to_act] else "pass")
    s = s.apply("take").apply(f"contract ♠ {s.rules.min_bid}")
    s = s.apply("give J♣").apply("give 9♣")
    for _ in range(3):
        s = s.apply(s.legal_actions()[0])
    return s


def test_501_defender_knows_the_other_holds_at_most_one_prikup_card():
    m = _module("cardlab.russian501")
    s = _defender_position_501(m)
    assert s.phase == "play" and s.bidder == 1
    ad = adapters.get("russian-501")
    for me in (0, 2):
        view = s.view(me)
        know = ad.knowledge([view])
        mate = 2 if me == 0 else 0
        loc = know.extra["others"].index(mate)
        prikup = set(parse_cards("A♦ 9♣ J♣"))
        hidden = prikup & set(know.unseen)
        # this defender holds the prikup card passed to him; the other two are unseen
        assert len(hidden) == 2 and len(know.limits) == 1
        sampler = DealSampler(know)
        rng = random.Random(7)
        counts = {0: 0, 1: 0}
        for _ in range(600):
            deal = sampler.sample(rng)
            n = len(set(deal[loc]) & prikup)
            assert n <= 1, "the other defender got two prikup cards"
            counts[n] += 1
        # both cases occur (one of them is the truth)
        assert counts[0] and counts[1]
        # the real deal is consistent with the knowledge
        assert len(set(s.hands[mate]) & prikup) <= 1


def test_limit_counting_by_hand():
    # 4 unseen cards A♥ 10♥ K♣ Q♣ go 2 to "west" and 2 to "declarer"; west holds at most one of
    # A♥ 10♥. Without the limit C(4,2) = 6 deals; the limit removes the one where west holds
    # both hearts: 5. West holds A♥ in the deals {A♥ K♣}, {A♥ Q♣} of those 5: P = 2/5.
    base = dict(seat=0, unseen=parse_cards("A♥ 10♥ K♣ Q♣"), locations=("west", "declarer"), counts=(2, 2),
                excluded=(frozenset(), frozenset()))
    assert Knowledge(**base).count_deals() == 6
    k = Knowledge(**base, limits=((0, frozenset(parse_cards("A♥ 10♥")), 1),))
    assert k.count_deals() == 5
    probs = k.card_probabilities()
    assert probs[parse_cards("A♥")[0]] == pytest.approx((2 / 5, 3 / 5))
    # K♣ is with west in {A♥ K♣} {10♥ K♣} {K♣ Q♣}: 3 of 5
    assert probs[parse_cards("K♣")[0]] == pytest.approx((3 / 5, 2 / 5))
    seen = set()
    rng = random.Random(1)
    sampler = DealSampler(k)
    for _ in range(500):
        seen.add(frozenset(sampler.sample(rng)[0]))
    assert len(seen) == 5 and frozenset(parse_cards("A♥ 10♥")) not in seen


# -- property: exact counting (with voids and limits) equals enumeration ----------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from cardlab.cards import PACK_24  # noqa: E402


def _enumerate(know):
    """Every consistent deal by brute force: tuples of frozensets, one per location."""
    import itertools

    out = []

    def rec(i, rest, parts):
        if i == len(know.locations):
            if not rest:
                deal = tuple(parts)
                if all(len(deal[loc] & cards) <= most for loc, cards, most in know.limits):
                    out.append(deal)
            return
        for combo in itertools.combinations(sorted(rest), know.counts[i]):
            if not (set(combo) & know.excluded[i]):
                rec(i + 1, rest - set(combo), parts + [frozenset(combo)])

    rec(0, set(know.unseen), [])
    return out


@st.composite
def small_knowledge(draw):
    n = draw(st.integers(2, 8))
    unseen = tuple(PACK_24[:n])
    L = draw(st.integers(1, 3))
    cuts = sorted(draw(st.lists(st.integers(0, n), min_size=L - 1, max_size=L - 1)))
    counts = tuple(b - a for a, b in zip([0] + cuts, cuts + [n]))
    excluded = tuple(frozenset(draw(st.sets(st.sampled_from(unseen), max_size=n // 2))) for _ in range(L))
    limits = ()
    if draw(st.booleans()):
        loc = draw(st.integers(0, L - 1))
        cards = frozenset(draw(st.sets(st.sampled_from(unseen), min_size=1, max_size=n)))
        limits = ((loc, cards, draw(st.integers(0, 2))),)
    return Knowledge(seat=0, unseen=unseen, locations=tuple(f"loc {i}" for i in range(L)), counts=counts,
                     excluded=excluded, limits=limits)


@settings(max_examples=150, deadline=None)
@given(small_knowledge())
def test_counting_and_probabilities_equal_enumeration(know):
    deals = _enumerate(know)
    assert know.count_deals() == len(deals)
    if not deals:
        with pytest.raises(ValueError):
            DealSampler(know)
        return
    probs = know.card_probabilities()
    for c in know.unseen:
        for i in range(len(know.locations)):
            assert probs[c][i] == pytest.approx(sum(c in d[i] for d in deals) / len(deals))
    # every sample is one of the consistent deals
    sampler = DealSampler(know)
    rng = random.Random(0)
    for _ in range(20):
        assert tuple(frozenset(p) for p in sampler.sample(rng)) in set(deals)
