"""Sixty-six refuses every action that is not legal now with a typed error, and never applies it
(issue 11, "Actions"): another variant's action, or a hand-built one with a wrong payload (None,
a number or a float equal to a card's code or a suit's, a card where a suit belongs, a tuple).

Each refusal is an ``IllegalActionError`` whose rule is in ``sixtysix.RULES`` (``66.action`` for a
malformed action) or a ``NotationError``; its text shows actions and cards as text, never a raw
tuple or a repr; the state is unchanged.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab import PACK_24, Action, IllegalActionError, NotationError, parse_card
from cardlab import sixtysix as ss
from cardlab.cards import Suit
from helpers_66 import snapshot

PRESETS = list(ss.PRESETS.values())


def refused(state, action):
    """Apply ``action``, expect a typed refusal, check the state is unchanged; return the error."""
    before = snapshot(state)
    with pytest.raises((IllegalActionError, NotationError)) as info:
        state.apply(action)
    exc = info.value
    if isinstance(exc, IllegalActionError):
        assert exc.rule in ss.RULES, exc.rule
    text = str(exc)
    assert "Card(" not in text and "Action(" not in text and "(None" not in text, text
    assert snapshot(state) == before
    return exc


def test_issue_example_marriage_with_a_card():
    s = ss.deal(ss.RUSSIAN_MARIAGE, seed=1)
    exc = refused(s, Action("marriage", parse_card("Q♥")))
    assert exc.rule == "66.action" and "marriage Q♥" in exc.reason and "suit" in exc.reason


def test_numbers_equal_to_a_card_or_a_suit_are_not_applied():
    """A Card is an int and a Suit an IntEnum, so 57 == a card and 1.0 == ♦: such imposters
    compare equal to legal actions but are refused."""
    s = ss.deal(ss.RUSSIAN_MARIAGE, seed=1)
    card = next(a.card for a in s.legal_actions() if a.kind == "play")
    for fake in (int(card), float(card), card + 0.0):
        assert Action("play", fake) in s.legal_actions()      # equal, yet not a card
        assert refused(s, Action("play", fake)).rule == "66.action"
    # a state where a marriage is legal (Russian: allowed on the first lead)
    for seed in range(200):
        s = ss.deal(ss.RUSSIAN_MARIAGE, seed=seed)
        m = next((a for a in s.legal_actions() if a.kind == "marriage"), None)
        if m is not None:
            break
    suit = m.value
    for fake in (int(suit), float(suit), bool(suit) if int(suit) in (0, 1) else int(suit)):
        assert refused(s, Action("marriage", None, fake)).rule == "66.action"
    assert s.apply(m).last_action == m


def junk(state, rng):
    cards = [c for cs in state.card_locations().values() for c in cs]
    c = rng.choice(cards)
    return [
        Action("play", None), Action("play", None, 3), Action("play", c, 1), Action("play", c, Suit.HEARTS),
        Action("play", int(c)), Action("play", float(c)), Action("play", str(c)), Action("play", (c,)),
        Action("play", parse_card("7♣")), Action("marriage", None, None), Action("marriage", c),
        Action("marriage", None, "x"), Action("marriage", None, 2), Action("marriage", None, 2.0),
        Action("marriage", c, Suit.SPADES), Action("marriage", None, (Suit.SPADES,)),
        Action("bid", None, -1), Action("bid", None, (None, None, None)), Action("bid", c, 1.5),
        Action("pass", None, 1), Action("pass", c), Action("close", None, 2), Action("exchange", None, 7),
        Action("out", c), Action("draw", None, 0.0), Action("nonsense"), Action(None), Action(""),
        Action("look"), Action("take"), Action("contract", None, "suit"), Action("give", c, 1),
    ]


@pytest.mark.parametrize("rules", PRESETS, ids=list(ss.PRESETS))
def test_junk_actions_over_random_hands(rules):
    rng = random.Random(rules.name)
    tried = 0
    for seed in range(40):
        s = ss.deal(rules, dealer=seed % 2, seed=seed)
        while True:
            legal = s.legal_actions()
            for bad in junk(s, rng):          # none is a legal action, even where one compares equal
                refused(s, bad)
                tried += 1
            if s.is_finished:
                break
            s = s.apply(rng.choice(legal))
    assert tried > 5_000


payloads = st.one_of(st.none(), st.integers(-5, 100), st.floats(allow_nan=False), st.booleans(),
                     st.text(max_size=3), st.sampled_from(list(Suit)), st.sampled_from(PACK_24),
                     st.tuples(st.none(), st.none()))


@settings(max_examples=400, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30), preset=st.sampled_from(list(ss.PRESETS)),
       kind=st.sampled_from(["play", "marriage", "exchange", "close", "out", "draw", "pass", "bid", "x"]),
       card=payloads, value=payloads)
def test_hypothesis_hand_built_actions(seed, steps, preset, kind, card, value):
    rng = random.Random(seed)
    s = ss.deal(ss.PRESETS[preset], dealer=seed % 2, seed=seed)
    for _ in range(steps):
        if s.is_finished:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    action = Action(kind, card, value)
    legal = s.legal_actions()
    real = next((a for a in legal if a == action), None)
    if real is not None and type(real.card) is type(card) and type(real.value) is type(value):
        assert s.apply(action).last_action == real
        return
    refused(s, action)
