"""The fast path is the plain rules, for every registered variant: ``state.playout(choose)`` (a
variant's own loop, running the rules in place on a private copy, without keeping the states)
ends exactly as the same choices applied one by one through ``apply`` end, leaves the state it
started from unchanged, and refuses an illegal choice with the variant's rule.

One parametrised test over ``variants.names()`` and every preset, for what the variants' own
tests checked one by one (Sixty-six's, 501's, Ninety-Nine's and three-player Mariage's
playout-against-apply tests). A variant whose states have no ``playout`` (no fast path: every
hand is played through ``apply``) is skipped, saying so.
"""

from __future__ import annotations

import importlib
import random

import pytest

from cardlab import variants
from cardlab.actions import Action
from cardlab.errors import IllegalActionError

#: Hands per variant and preset; a hand starts at the deal or up to six random actions into it
#: (so a fast path also begins in an auction, a premium round or the play).
HANDS = 200


def cases():
    return [pytest.param(name, preset, id=f"{name}-{preset}") for name in variants.names()
            for preset in variants.get(name).presets]


def _fast(state):
    if not callable(getattr(state, "playout", None)):
        pytest.skip(f"{state.variant} has no fast path (its states have no playout): every hand goes through apply")


def _fingerprint(s) -> tuple:
    return (s.to_act, s.legal_actions(), s.phase, repr(s.card_locations()), s.result, s.parent, s.last_action,
            tuple(s.points(x) for x in range(len(s.names))))


def _start(v, rules, seed):
    """The seeded deal, then ``seed % 7`` random actions (fewer if the hand ends)."""
    s = v.deal(rules, seed % v.players, seed=seed)
    rng = random.Random(-seed)
    for _ in range(seed % 7):
        if s.is_finished:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("name,preset", cases())
def test_playout_ends_like_apply(name, preset):
    """With the same uniform random choices, ``playout`` gives the result ``apply`` gives, and the
    state it started from is unchanged; a finished hand's playout is its result, nothing asked."""
    v = variants.get(name)
    rules = v.presets[preset]
    _fast(v.deal(rules, 0, seed=0))
    for seed in range(HANDS):
        start = _start(v, rules, seed)
        before = _fingerprint(start)
        result = start.playout(random.Random(seed).choice)
        assert _fingerprint(start) == before, (name, preset, seed)
        choice = random.Random(seed).choice
        s = start
        while not s.is_finished:
            s = s.apply(choice(s.legal_actions()))
        assert result == s.result, (name, preset, seed)
    assert s.playout(lambda legal: pytest.fail("no choice is asked for once the hand is over")) == s.result


@pytest.mark.parametrize("name", variants.names())
def test_playout_refuses_an_illegal_choice(name):
    """An action that is not legal (here: not an action of any variant) is refused by ``playout``
    as by ``apply``: an IllegalActionError naming one of the variant's rules; the state is unchanged."""
    v = variants.get(name)
    rules = importlib.import_module(v.module).RULES
    start = v.deal(v.default_rules, 0, seed=9)
    _fast(start)
    before = _fingerprint(start)
    with pytest.raises(IllegalActionError) as err:
        start.playout(lambda legal: Action("nonsense"))
    assert err.value.rule in rules
    with pytest.raises(IllegalActionError) as by_apply:
        start.apply(Action("nonsense"))
    assert by_apply.value.rule == err.value.rule
    assert _fingerprint(start) == before
