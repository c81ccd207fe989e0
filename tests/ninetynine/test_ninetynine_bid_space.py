"""Ninety-Nine's bid decision as a lazy sequence (issue 14): at every bidding decision of random
deals of both presets, BidChoices answers len, indexing (negative, slices), iteration, ``in``,
``index``, ``count``, equality and pickling exactly as the tuple of the plain rule statement
``Action("bid", None, c) for c in combinations(sorted(hand, key=bid order), 3)`` would."""

import pickle
import random
from itertools import combinations

import pytest

from cardlab import ninetynine as nn
from cardlab.actions import Action
from cardlab.errors import IllegalActionError


def _plain(state):
    hand = state.hands[state.to_act]
    ordered = sorted(hand, key=state._tab.bid_rank.__getitem__)
    return tuple(Action("bid", None, c) for c in combinations(ordered, 3))


def _bidding_states(rules, deals, seed=0):
    for k in range(deals):
        rng = random.Random(seed + k)
        s = nn.deal(rules, dealer=k % 3, seed=seed + k)
        while s.phase == "bidding":
            yield s, rng
            s = s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("rules", [nn.CLASSIC, nn.REVISED], ids=["classic", "revised"])
def test_the_lazy_bid_choices_are_the_plain_tuple(rules):
    checked = 0
    for s, rng in _bidding_states(rules, 60):
        lazy, plain = s.legal_actions(), _plain(s)
        assert isinstance(lazy, nn.BidChoices)
        assert len(lazy) == len(plain) == 220
        assert lazy == plain and plain == lazy and tuple(lazy) == plain and list(lazy) == list(plain)
        assert hash(lazy) == hash(plain)
        for i in [0, 1, 219, -1, -220, rng.randrange(220), -rng.randrange(1, 221)]:
            assert lazy[i] is plain[i] or lazy[i] == plain[i]
        for sl in [slice(None), slice(3, 40, 7), slice(-5, None), slice(None, None, -3)]:
            assert lazy[sl] == plain[sl]
        with pytest.raises(IndexError):
            lazy[220]
        a = plain[rng.randrange(220)]
        assert a in lazy and lazy.index(a) == plain.index(a) and lazy.count(a) == 1
        other_hand = [c for c in nn.PACK_36 if c not in s.hands[s.to_act]][:3]
        stranger = Action("bid", None, tuple(other_hand))
        assert stranger not in lazy and lazy.count(stranger) == 0
        with pytest.raises(ValueError):
            lazy.index(stranger)
        reordered = Action("bid", None, tuple(reversed(a.value)))
        assert (reordered in lazy) == (reordered in plain)
        assert nn.PASS not in lazy and "bid" not in lazy and None not in lazy
        assert pickle.loads(pickle.dumps(lazy)) == plain
        assert lazy + (nn.PASS,) == plain + (nn.PASS,)
        checked += 1
    assert checked >= 150


def test_apply_takes_the_listed_object_an_equal_action_and_text_alike():
    s = nn.deal(nn.CLASSIC, dealer=0, seed=5)
    legal = s.legal_actions()
    listed = legal[17]
    by_object = s.apply(listed)
    equal = Action("bid", None, tuple(listed.value))
    by_equal = s.apply(equal)
    by_text = s.apply("bid " + " ".join(str(c) for c in reversed(listed.value)))
    assert by_object.actions() == by_equal.actions() == by_text.actions()
    with pytest.raises(IllegalActionError):
        s.apply(Action("bid", None, tuple(c for c in nn.PACK_36 if c not in s.hands[s.to_act])[:3]))
    assert s.legal_actions() is legal   # unchanged by the refusals
