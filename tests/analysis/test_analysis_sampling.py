"""Sampling the unseen cards (cardlab.analysis.sampling): uniform among consistent deals
(checked against exact enumeration), never contradicting what the seat knows (voids shown by
the play, its own view), card frequencies equal to the exact ones within tolerance, and the
close-succeeds estimate with its Wilson interval."""

import itertools
import math
import random
from collections import Counter

import pytest

from cardlab import parse_cards
from cardlab import sixtysix as ss
from cardlab.analysis import DealSampler, Knowledge, knowledge, wilson
from cardlab.analysis import adapters
from cardlab.analysis.questions import close_chance, close_succeeds


def brute_deals(know):
    """Every consistent deal, by enumeration: tuples of frozensets per location."""
    cards = list(know.unseen)
    out = []

    def rec(i, rest, parts):
        if i == len(know.locations):
            if not rest:
                out.append(tuple(parts))
            return
        for combo in itertools.combinations(sorted(rest), know.counts[i]):
            if any(c in know.excluded[i] for c in combo):
                continue
            rec(i + 1, rest - set(combo), parts + [frozenset(combo)])

    rec(0, set(cards), [])
    return out


SMALL = Knowledge(
    seat=0,
    unseen=parse_cards("A♥ 10♥ K♥ Q♣ J♣ 9♠ A♠"),
    locations=("seat 1", "seat 2", "prikup"),
    counts=(3, 2, 2),
    excluded=(frozenset(parse_cards("A♥ 10♥ K♥")), frozenset(parse_cards("9♠")), frozenset()),
)


def test_count_matches_enumeration():
    # seat 1 takes 3 of the 4 non-hearts {Q♣ J♣ 9♠ A♠}; the rest (3 hearts + 1) go to seat 2 (2
    # cards, not 9♠) and the prikup (2). Worked by hand: seat 1 leaves out Q♣, J♣, 9♠ or A♠ (4
    # ways); the 4 cards left are split 2/2 with 9♠ not in seat 2: if 9♠ is left, it goes to the
    # prikup with one of the other 3 (3 ways); otherwise C(4,2) = 6 ways. Total 3*6 + 1*3 = 21.
    assert SMALL.count_deals() == 21 == len(brute_deals(SMALL))


def test_sampling_is_uniform_against_enumeration():
    deals = brute_deals(SMALL)
    sampler = DealSampler(SMALL)
    rng = random.Random(5)
    n = 21000
    seen = Counter(tuple(frozenset(p) for p in sampler.sample(rng)) for _ in range(n))
    assert set(seen) == set(deals)
    # each of the 21 deals has probability 1/21: expected 1000 each, sd ~ 31; 5 sd tolerance
    assert all(abs(c - 1000) < 160 for c in seen.values())
    # chi-square with 20 degrees of freedom: the 99.99 % point is about 52
    chi2 = sum((c - 1000) ** 2 / 1000 for c in seen.values())
    assert chi2 < 52


def test_exact_card_probabilities_match_enumeration_and_samples():
    deals = brute_deals(SMALL)
    probs = SMALL.card_probabilities()
    for c in SMALL.unseen:
        for i in range(3):
            exact = sum(c in d[i] for d in deals) / len(deals)
            assert probs[c][i] == pytest.approx(exact)
    # A♥ is excluded from seat 1, so it is there with probability 0
    assert probs[parse_cards("A♥")[0]][0] == 0.0


def test_impossible_knowledge_is_refused():
    k = Knowledge(seat=0, unseen=parse_cards("A♥ 10♥"), locations=("seat 1", "stock"), counts=(2, 0),
                  excluded=(frozenset(parse_cards("A♥")), frozenset()))
    with pytest.raises(ValueError, match="no deal"):
        DealSampler(k)
    with pytest.raises(ValueError, match="unseen"):
        Knowledge(seat=0, unseen=parse_cards("A♥"), locations=("x",), counts=(2,), excluded=(frozenset(),))


def test_wilson_interval():
    # Wilson 95 % for 0 of 10: (0, z^2/(n+z^2)) = (0, 3.8415/13.8415) = (0, 0.2775)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-3)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


# -- real Sixty-six hands -----------------------------------------------------------------------


def hands_with_voids(count=30):
    """States (seeded random Santase hands) where seat 0 is to act after seat 1 failed to follow
    suit once the stock was closed or exhausted."""
    out = []
    for seed in range(400):
        rng = random.Random(seed)
        s = ss.deal(ss.SANTASE, dealer=seed & 1, seed=seed)
        while not s.is_finished:
            if s.to_act == 0 and not s.stock_open and len(s.hands[0]) >= 2:
                k = knowledge(s)
                if k.excluded[0]:
                    out.append(s)
                    break
            legal = s.legal_actions()
            close = [a for a in legal if a.kind == "close"]
            s = s.apply(close[0] if close and rng.random() < 0.3 else rng.choice(legal))
        if len(out) >= count:
            break
    return out


def test_voids_are_never_contradicted_and_views_are_kept():
    states = hands_with_voids()
    assert len(states) >= 20
    ad = adapters.get("sixty-six")
    for s in states:
        views = [x.view(0) for x in s.history()]
        know = ad.knowledge(views)
        real = s.view(0)
        # the inference is true of the real hand
        assert not (know.excluded[0] & set(s.hands[1]))
        sampler = DealSampler(know)
        rng = random.Random(1)
        for _ in range(50):
            deal = sampler.sample(rng)
            assert not (set(deal[0]) & know.excluded[0])
            world = ad.complete(real, know, deal)
            w = world.view(0)
            # everything seat 0 sees is as in the real hand
            for f in ("hand", "opponent_hand_size", "opponent_known", "trump", "turnup", "stock_size", "closed_by",
                      "trick", "leader", "tricks", "points", "tricks_won", "marriages", "to_act", "legal_actions"):
                assert getattr(w, f) == getattr(real, f), f
            assert set(w.unseen) == set(real.unseen)
            # and the world is a legal position: the solver and the engine accept it
            assert world.legal_actions()


def test_void_shown_in_the_play():
    # Santase, trumps ♥ (A closes on the first lead is not allowed there, so use Russian rules):
    # A closes at once and leads A♣; B has no club and no trump, so he discards 10♦: from then on
    # B is known to hold no club and no heart (trump).
    s = ss.deal_from_hands(["A♣ K♣ 9♣ J♠ Q♠ K♠", "10♦ A♦ 9♦ J♦ A♠ 10♠"], "9♥",
                           parse_cards("10♣ Q♣ J♣ A♥ 10♥ K♥ Q♥ J♥ K♦ Q♦ 9♠"), rules=ss.RUSSIAN_MARIAGE,
                           dealer=1)
    s = s.apply_all(["close", "A♣", "10♦"])
    k = knowledge(s)
    assert set(k.excluded[0]) == set(parse_cards("10♣ Q♣ J♣ A♥ 10♥ K♥ Q♥ J♥"))
    assert any("did not follow ♣" in n for n in k.notes) and any("did not trump" in n for n in k.notes)
    # A sees his 5 cards, A♣ and 10♦ on the table and the turn-up 9♥: 24 - 5 - 2 - 1 = 16 unseen
    # cards, 5 in B's hand and 11 in the stock. B cannot hold the 3 unseen clubs (10♣ Q♣ J♣) nor
    # the 5 unseen hearts, so his 5 cards come from the other 8: C(8, 5) = 56 deals.
    assert k.count_deals() == math.comb(8, 5)


def test_frequencies_match_exact_probabilities():
    s = hands_with_voids(1)[0]
    know = knowledge(s)
    probs = know.card_probabilities()
    sampler = DealSampler(know)
    rng = random.Random(3)
    n = 4000
    freq = Counter()
    for _ in range(n):
        freq.update(sampler.sample(rng)[0])
    for c in know.unseen:
        p = probs[c][0]
        sd = math.sqrt(p * (1 - p) / n) if 0 < p < 1 else 0
        assert abs(freq[c] / n - p) <= 5 * sd + 1e-9, (c, freq[c] / n, p)


def test_close_chance_is_reproducible_and_bounded():
    rec_state = ss.deal(ss.SANTASE, dealer=1, seed=67).apply_all("J♦ J♣ J♥ 9♣ K♣ K♥ 10♠ K♠".split())
    assert any(a.kind == "close" for a in rec_state.legal_actions())
    e1 = close_chance(rec_state, samples=200, seed=4)
    e2 = close_chance(rec_state, samples=200, seed=4)
    assert e1 == e2 and e1.samples == 200 and 0 <= e1.successes <= 200
    assert e1.low <= e1.p <= e1.high
    assert (e1.low, e1.high) == pytest.approx(wilson(e1.successes, 200))
    # the real deal is one of the possible worlds: its answer is a possible sample answer
    assert close_succeeds(rec_state) in (True, False)
    assert "sampled deals" in str(e1)


def test_three_player_sampling_matches_exact_frequencies():
    """Three-player Mariage during the play: two hidden hands with voids shown by the play. The
    exact probabilities (by counting) are those of the real deal's possibilities, each card's
    sampled frequency is within 5 standard deviations of them, and no void is contradicted."""
    import importlib

    try:
        importlib.import_module("cardlab.mariage3")
        ad = adapters.get("mariage-3")
    except Exception as exc:  # noqa: BLE001 - the variant still missing is a skip
        pytest.skip(str(exc))
    from cardlab import variants

    v = variants.get("mariage-3")
    found = None
    for seed in range(300):
        rng = random.Random(seed)
        s = v.deal(dealer=seed % 3, seed=seed)
        while not s.is_finished:
            if s.phase == "play" and len(s.tricks) >= 3 and not s.trick:
                know = ad.knowledge([s.view(s.to_act)])
                if any(know.excluded[:2]) and know.count_deals() > 20:
                    found = (s, know)
                    break
            s = s.apply(rng.choice(s.legal_actions()))
        if found:
            break
    assert found is not None
    s, know = found
    others = know.extra["others"]
    for i, seat in enumerate(others):
        assert not (know.excluded[i] & set(s.hands[seat]))        # the inference holds for the real deal
    probs = know.card_probabilities()
    sampler = DealSampler(know)
    rng = random.Random(9)
    n = 3000
    freq = Counter()
    for _ in range(n):
        deal = sampler.sample(rng)
        for i, cards in enumerate(deal):
            assert not (set(cards) & know.excluded[i])
            freq.update((c, i) for c in cards)
    for c in know.unseen:
        for i in range(len(know.locations)):
            p = probs[c][i]
            sd = math.sqrt(p * (1 - p) / n)
            assert abs(freq[(c, i)] / n - p) <= 5 * sd + 1e-9, (c, i)


def _close_positions(rules, count):
    """Positions of random hands under ``rules`` where the player to act may close the stock."""
    out = []
    for seed in range(400):
        rng = random.Random(seed)
        s = ss.deal(rules, dealer=seed % 2, seed=seed)
        steps = rng.randrange(2, 12)
        while not s.is_finished and steps:
            if any(a.kind == "close" for a in s.legal_actions()) and steps == 1:
                out.append(s)
                break
            s = s.apply(rng.choice([a for a in s.legal_actions() if a.kind != "close"] or s.legal_actions()))
            steps -= 1
        if len(out) == count:
            return out
    return out


@pytest.mark.parametrize("preset", ["santase", "russian", "german"])
def test_close_chance_asks_each_distinct_world_once_with_the_same_answer(preset):
    """close_chance solves each distinct world once (the same cards in the opponent's hand: after
    a close nobody draws, so the stock's order does not matter [66.close]) and counts it as often
    as it was drawn: the same estimate as asking every sampled world, order and all."""
    from cardlab.analysis.sampling import estimate

    positions = _close_positions(ss.PRESETS[preset], 6)
    assert len(positions) == 6
    for i, s in enumerate(positions):
        for seed in (i, 100 + i):
            every = estimate(s, close_succeeds, samples=150, seed=seed, text="closing succeeds", workers=1)
            assert close_chance(s, samples=150, seed=seed, workers=1) == every
