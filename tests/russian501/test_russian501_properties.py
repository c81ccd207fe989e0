"""Property tests (hypothesis) for 501: what a seat sees does not depend on what it may not see,
and the game's scoring follows the seed's arithmetic for any scores at the start of a hand.

Sources: [P501] ("passes one card face down to each opponent", the blind
bidder's cards "remain face down", "100 or less"), docs/rules-notes.md §1.1, A-5, A-7, A-8.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab import PACK_24
from cardlab import russian501 as p501
from cardlab.players.russian501 import Russian501Player

SEEDS = st.integers(min_value=0, max_value=10**6)


def to_phase(seed, phase, rules=p501.PAGAT_501):
    """Play a seeded deal with rule-based players until ``phase`` (or the end); the state or None."""
    s = p501.deal(rules, seed % 3, seed=seed, names=("A", "B", "C"))
    players = [Russian501Player(seed * 3 + i) for i in range(3)]
    while not s.is_finished and s.phase != phase:
        s = s.apply(players[s.to_act].choose(s.view(s.to_act)))
    return s if s.phase == phase else None


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, data=st.data())
def test_an_opponent_cannot_tell_which_card_went_to_the_other(seed, data):
    # The bidder passes his first card face down to the opponent on his left. Whatever card that
    # is (a prikup card everybody saw, or one of his own), the other opponent's view is the same.
    s = to_phase(seed, "give")
    if s is None:                                  # thrown in or conceded: nothing is passed
        return
    first, second = s.opponents()
    gifts = [a for a in s.legal_actions()]
    a, b = data.draw(st.sampled_from(gifts)), data.draw(st.sampled_from(gifts))
    va, vb = s.apply(a).view(second), s.apply(b).view(second)
    assert va == vb
    # and the receiver's view differs exactly by the card in his own hand
    ra, rb = s.apply(a).view(first), s.apply(b).view(first)
    assert a.card in ra.hand and (a == b or a.card not in rb.hand)


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, other=SEEDS)
def test_a_seat_that_has_not_looked_sees_nothing_of_the_deal(seed, other):
    # Before looking (and so while bidding blind) a seat's view is the same whatever was dealt.
    s = p501.deal(p501.PAGAT_501, 0, seed=seed, names=("A", "B", "C"))
    t = p501.deal(p501.PAGAT_501, 0, seed=other, names=("A", "B", "C"))
    for seat in range(3):
        assert s.view(seat) == t.view(seat)
        assert set(s.view(seat).unseen) == set(PACK_24)
    # after a blind bid by the eldest, still nothing (the others have not looked either)
    s2, t2 = s.apply("blind 66"), t.apply("blind 66")
    assert s2.view(1) == t2.view(1) and s2.view(1).hand == ()


def oracle_changes(result, scores, rules):
    """The seed's scoring, written independently: the bidder ∓contract (×2 blind) or +bid (×2)
    after a concession; each opponent −points (or −25 after a concession) unless at 100 or less at
    the start of the hand; with the floor option an opponent stops at 1."""
    n = len(scores)
    out = [0] * n
    b = result.bidder
    if b is None:
        return tuple(out)
    mult = 2 if result.blind else 1
    if result.outcome == "conceded":
        out[b] = result.bid * mult
    else:
        out[b] = (-result.contract if result.points[b] >= result.contract else result.contract) * mult
    for o in range(n):                             # three at the table: everyone else is an opponent
        if o == b:
            continue
        took = rules.concession_credit if result.outcome == "conceded" else (
            result.points[o] if rules.opponent_marriages_count else result.card_points[o])
        if rules.protect_threshold is not None and scores[o] <= rules.protect_threshold:
            took = 0
        elif not rules.opponent_can_win_by_tricks and scores[o] - took < 1:
            took = scores[o] - 1
        out[o] = -took
    return tuple(out)


RULES = [p501.PAGAT_501, p501.LITERAL_501, p501.PAGAT_501.with_options(opponent_can_win_by_tricks=False),
         p501.PAGAT_501.with_options(protect_threshold=None)]


@settings(max_examples=200, deadline=None)
@given(seed=SEEDS, rules=st.sampled_from(RULES),
       scores=st.lists(st.integers(min_value=-30, max_value=600), min_size=3, max_size=3))
def test_score_changes_follow_the_seed_for_any_scores(seed, rules, scores):
    s = p501.deal(rules, seed % 3, seed=seed, names=("A", "B", "C"))
    rng = random.Random(seed)
    while not s.is_finished:
        legal = s.legal_actions()
        # concede now and then, so every outcome is drawn
        s = s.apply(legal[0] if legal[0] == p501.CONCEDE and rng.random() < 0.3 else rng.choice(legal))
    changes, notes = p501.score_changes(s.result, scores, rules, ("A", "B", "C"))
    assert changes == oracle_changes(s.result, scores, rules)
    if s.result.bidder is not None:
        assert changes[s.result.bidder] == s.result.changes[s.result.bidder]   # the bidder is never protected
    assert all("501.protect" in n or "stops at 1" in n for n in notes)


@settings(max_examples=200, deadline=None)
@given(scores=st.lists(st.integers(min_value=-120, max_value=200), min_size=3, max_size=3),
       bidder=st.integers(min_value=0, max_value=2), made=st.booleans())
def test_the_winner_is_at_zero_or_below_and_a_successful_bidder_first(scores, bidder, made):
    # rules-notes A-8: of the players at 0 or below, a successful bidder wins; otherwise the lowest
    # score, unless tied (play on).
    g = p501.Russian501Game(p501.PAGAT_501, 0, ("A", "B", "C"))
    g.scores = list(scores)
    res = p501.Russian501Result("made" if made else "failed", bidder, 66, 66, None, False, (0,) * 3, (0,) * 3,
                             (0,) * 3, (0,) * 3, (0,) * 3, "")
    g._decide(res)
    down = [i for i, sc in enumerate(scores) if sc <= 0]
    if not down:
        assert g.winner is None
    elif made and bidder in down:
        assert g.winner == bidder
    else:
        low = min(scores[i] for i in down)
        best = [i for i in down if scores[i] == low]
        assert g.winner == (best[0] if len(best) == 1 else None)


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, steps=st.integers(min_value=0, max_value=60))
def test_every_legal_action_reads_back_from_its_text(seed, steps):
    # Records store actions as text: the text of each legal action must parse back to it.
    s = p501.deal(p501.FIVES_501 if seed % 2 else p501.PAGAT_501, seed % 3, seed=seed, names=("A", "B", "C"))
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_finished:
            break
        for a in s.legal_actions():
            assert p501.parse_action(str(a)) == a
        s = s.apply(rng.choice(s.legal_actions()))
