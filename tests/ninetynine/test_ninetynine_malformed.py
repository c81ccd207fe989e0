"""Ninety-Nine refuses every action that is not one of ``legal_actions()`` (issue 11).

Hand-built actions with a wrong payload (None, a float, a tuple of None, a list, an int that
equals a card, a card where none belongs) and other variants' actions raise IllegalActionError
with rule ``99.action`` (or the rule they break), never TypeError/KeyError/AttributeError/
IndexError; they are never applied, the state is unchanged, and the refusal prints the action as
text (no ``Card(...)``/``Action(...)`` reprs, no raw tuples). The fast path is kept: an action
taken from ``legal_actions()`` is applied without checks; an equal one typed or built by hand
is replaced by that very listed object.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab import Action, IllegalActionError, NotationError, Suit, parse_cards
from cardlab import ninetynine as nn
from cardlab.actions import play
from cardlab.variants import ACTION_GROUPS

NAMES = ("Ana", "Boris", "Cleo")
PRESETS = [nn.CLASSIC, nn.REVISED, nn.CLASSIC.with_options(wild_card="club-two", premiums=True)]


def fingerprint(s) -> tuple:
    return (s.hands, s.bid_cards, s.bids, s.trick, s.tricks, s.tricks_won, s.premium, s.premium_calls, s.phase,
            s.to_act, s.leader, s.result, s.legal_actions())


def junk(s, rng) -> list:
    """Malformed actions and legal actions' mistyped twins for state ``s``."""
    cards = list(s.pack)
    c = rng.choice(cards)
    out = [Action("bid", None, (None, None, None)), Action("bid", None, (1.5, 2.5, 3.5)), Action("bid", None, None),
           Action("bid", c, None), Action("bid", None, 3), Action("bid", None, [c, c, c]),
           Action("bid", None, ("A♠", "K♠", "Q♠")), Action("pass", None, 1), Action("pass", c),
           Action("pass", None, Suit.HEARTS), Action("declare", None, 30), Action("reveal", c),
           Action("play", None), Action("play", None, 3), Action("play", 1.5), Action("play", (c,)),
           Action("play", [c]), Action("play", c, 1), Action("play", "A♠"), Action("marriage", None, Suit.HEARTS),
           Action("marriage", c), Action("close"), Action("exchange", None, 7), Action("nonsense"),
           Action(None), Action(3, c), Action("bid", None, (c, c, None))]
    for a in s.legal_actions()[:40]:
        if a.kind == "play":
            out.append(Action("play", int(a.card)))                       # equal to the legal play
            out.append(Action("play", float(int(a.card))))
        elif a.kind == "bid":
            out.append(Action("bid", None, tuple(int(x) for x in a.value)))   # equal to the legal bid
            out.append(Action("bid", None, list(a.value)))
            out.append(Action("bid", a.value[0], a.value))
        else:
            out.append(Action(a.kind, None, 0))
            out.append(Action(a.kind, c))
    return out


def random_state(rules, seed, steps, rng):
    s = nn.deal(rules, dealer=seed % 3, seed=seed, names=NAMES)
    for _ in range(steps):
        if s.is_finished:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def check_refused(s, bad):
    before = fingerprint(s)
    with pytest.raises((IllegalActionError, NotationError)) as info:
        s.apply(bad)
    text = str(info.value)
    assert "Card(" not in text and "Action(" not in text, text
    if isinstance(info.value, IllegalActionError):
        assert info.value.rule in nn.RULES
    assert fingerprint(s) == before


def test_the_reported_cases():
    s = nn.deal(nn.CLASSIC, 0, seed=1, names=NAMES)
    with pytest.raises(IllegalActionError) as info:
        s.apply(Action("bid", None, (None, None, None)))
    assert info.value.rule == "99.action" and "bid None None None" in str(info.value)
    s = nn.deal(nn.REVISED, 0, seed=1, names=NAMES)
    while s.phase == "bidding":
        s = s.apply(s.legal_actions()[0])
    assert s.phase == "premium"
    with pytest.raises(IllegalActionError) as info:
        s.apply(Action("pass", None, 1))
    assert info.value.rule == "99.action" and "'pass 1'" in str(info.value)
    s = s.apply(Action("declare"))                          # a declaration stands: only pass or reveal
    for bad in (Action("pass", None, 1), Action("declare", None, 1), Action("declare")):
        check_refused(s, bad)


@pytest.mark.parametrize("which", range(len(PRESETS)))
def test_malformed_actions_over_random_hands(which):
    rng = random.Random(which)
    tried = 0
    for hand in range(12):
        s = nn.deal(PRESETS[which], dealer=hand % 3, seed=500 + hand, names=NAMES)
        while True:
            legal = s.legal_actions()
            for bad in junk(s, rng):
                if any(bad is a for a in legal):
                    continue
                check_refused(s, bad)
                tried += 1
            if s.is_finished:
                break
            s = s.apply(rng.choice(legal))
    assert tried > 10_000


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 40), st.sampled_from(range(len(PRESETS))),
       st.sampled_from(["play", "bid", "pass", "declare", "reveal", "marriage", "close"]),
       st.one_of(st.none(), st.integers(-5, 100), st.floats(allow_nan=True), st.text(max_size=3)),
       st.one_of(st.none(), st.integers(-5, 100), st.floats(allow_nan=False), st.text(max_size=3),
                 st.tuples(st.none(), st.none(), st.none()), st.lists(st.integers(0, 80), max_size=4).map(tuple)),
       st.randoms(use_true_random=False))
def test_hypothesis_hand_built_actions(seed, steps, which, kind, card, value, rnd):
    s = random_state(PRESETS[which], seed, steps, rnd)
    a = Action(kind, card, value)
    if a in s.legal_actions():   # a built action equal to a listed one is that action (legal), not malformed
        return
    check_refused(s, a)


def test_equal_actions_are_replaced_by_the_listed_object():
    s = nn.deal(nn.CLASSIC, 0, seed=7, names=NAMES)
    a = s.legal_actions()[5]
    typed = s.apply("bid " + " ".join(str(c) for c in reversed(a.value)))      # any order
    assert typed.last_action is a
    built = s.apply(Action("bid", None, tuple(reversed(a.value))))
    assert built.last_action is a
    while s.phase != "play":
        s = s.apply(s.legal_actions()[0])
    p = s.legal_actions()[0]
    assert s.apply(Action("play", p.card)).last_action is p
    assert s.apply(str(p)).last_action is p


def test_playout_refuses_a_malformed_choice_and_keeps_the_state():
    s = nn.deal(nn.REVISED, 1, seed=3, names=NAMES)
    before = fingerprint(s)
    with pytest.raises(IllegalActionError) as info:
        s.playout(lambda legal: Action("bid", None, (None, None, None)))
    assert info.value.rule == "99.action"
    assert fingerprint(s) == before
    res = s.playout(lambda legal: Action(legal[0].kind, legal[0].card, legal[0].value))   # equal copies
    assert res.returns == res.scores and res.winner is None and res.unit == "score points"


@pytest.mark.parametrize("rules", PRESETS, ids=["classic", "revised", "club-two-premiums"])
def test_describe_action_for_every_legal_action(rules):
    rng = random.Random(1)
    s = nn.deal(rules, 0, seed=11, names=NAMES)
    seen = set()
    while not s.is_finished:
        for a in s.legal_actions():
            d = nn.describe_action(a, s)
            assert d.group in ACTION_GROUPS and d.label and "[rule 99." in d.help
            seen.add(d.group)
        s = s.apply(rng.choice(s.legal_actions()))
    assert {"bid", "card"} <= seen and (not rules.premiums or {"claim", "pass"} <= seen)
    d = nn.describe_action(Action("bid", None, tuple(parse_cards("8♦ 6♦ 10♣"))))
    assert d.label == "Bid 3: 8♦ 6♦ 10♣" and d.group == "bid"
    assert nn.describe_action(nn.DECLARE, None).label == "Declare (+30)"
    assert nn.describe_action(nn.PASS).group == "pass"
    assert nn.describe_action(Action("bid", None, (None, None, None))).group == "other"
    assert nn.describe_action(play(nn.CLUB_TWO)).label == "2♣"


@pytest.mark.parametrize("bad", [0.0, 1.0, True, "0", None, 3])
def test_a_seat_that_is_not_the_int_0_1_or_2_is_refused(bad):
    from cardlab.errors import DealError
    from cardlab.render import state_html

    with pytest.raises(DealError):
        nn.deal(nn.CLASSIC, bad, seed=1)
    with pytest.raises(DealError):
        nn.NinetyNineGame(nn.CLASSIC, bad)
    s = nn.deal(nn.CLASSIC, 0, seed=1)
    with pytest.raises(ValueError):
        s.view(bad)
    if bad is not None:
        with pytest.raises(ValueError):
            state_html(s, bad)
    with pytest.raises(DealError):
        nn.deal(nn.REVISED, 0, seed=1, previous_successes=1.0)
