"""Ninety-Nine's compiled play-out card loop (cardlab/_ninetynine_play.pyx) against its Python loop.

``NinetyNineState.playout`` plays the cards with the compiled loop when it is built
(``ninetynine.PLAYOUT_KERNEL == "compiled"``) and with ``_play_out_cards_python`` otherwise.
Over thousands of random deals of every rule reading, started at every phase (bidding, the
premium round, the first lead, part-way through a trick), both must offer the same legal actions
(the same objects, in the same order) at every decision and leave the same tricks, hands and
result; choices given as text or as equal Actions made afresh are accepted alike, and an illegal
one is refused alike, with the state unchanged. CARDLAB_PURE_PYTHON=1 forces the Python loop;
under CARDLAB_REQUIRE_COMPILED=1 (CI) the compiled loop must be in use.

More deals: CARDLAB_DIFF_DEALS=20000 (per rule reading; default 2000).
"""

from __future__ import annotations

import os
import random

import pytest

from cardlab import kernels
from kernel_helpers import kernel_in_subprocess
from test_ninetynine_speed_consistency import RULE_SETS

from cardlab import ninetynine as nn
from cardlab.actions import Action
from cardlab.cards import Card
from cardlab.errors import IllegalActionError

DEALS = int(os.environ.get("CARDLAB_DIFF_DEALS", "2000"))
COMPILED = kernels.built()["ninety-nine play-out"]

needs_compiled = pytest.mark.skipif(not COMPILED, reason="the compiled play-out is not built (no C compiler)")


def _start(rules, seed: int) -> nn.NinetyNineState:
    """A deal, advanced by ``seed % 40`` random actions: bidding, the premium round, a lead or a
    trick part-way; every third one also asked for its legal actions (the list playout reuses)."""
    rng = random.Random(seed)
    s = nn.deal(rules, dealer=seed % 3, seed=seed)
    for _ in range(seed % 40):
        if s.result is not None:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    if seed % 3 == 0 and s.result is None:
        s.legal_actions()
    return s


def _play(start: nn.NinetyNineState, kernel: str, seed: int, fresh: bool = False):
    """Play ``start`` out with ``kernel`` and seeded random choices; return the decisions offered
    (each legal list as a tuple) and the scratch state's end (tricks, hands, tricks won, leader,
    result). ``fresh``: hand back an equal Action made afresh, or the action's text."""
    rng = random.Random(seed)
    offered = []

    def choose(legal):
        offered.append(tuple(legal))
        a = rng.choice(legal)
        if fresh:
            return str(a) if rng.random() < 0.5 else Action(a.kind, a.card, a.value)
        return a

    s = start._child(start.last_action)     # what playout() does, keeping the scratch copy to look at
    s._legal = start._legal
    while s.result is None:
        if s.phase == "play":
            s._play_out_cards(choose, kernel=kernel)
            break
        legal = s._legal if s._legal is not None else s._legal_now()
        action = choose(legal)
        if not (legal.listed(action) if isinstance(legal, nn.BidChoices) else any(a is action for a in legal)):
            action = s._accept(action, legal)
        s._do(s._to_act, action)
        s._legal = None
    return offered, (s.tricks, s.hands, s.trick, s.tricks_won, s.leader, s.result)


def _state_key(s: nn.NinetyNineState):
    return (s.hands, s.trick, s.tricks, s.tricks_won, s.leader, s.phase, s.bids, s.premium, s.result, s._legal)


@needs_compiled
@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_both_loops_offer_the_same_choices_and_end_alike(name):
    rules = RULE_SETS[name]
    phases = set()
    for seed in range(DEALS):
        start = _start(rules, seed)
        phases.add((start.phase, len(start.trick)))
        before = _state_key(start)
        py = _play(start, "python", seed)
        c = _play(start, "compiled", seed)
        assert c[0] == py[0], f"seed {seed}: the legal actions offered differ"
        assert all(x is y for a, b in zip(c[0], py[0]) for x, y in zip(a, b))   # the very objects
        assert c[1] == py[1], f"seed {seed}: the deals end differently"
        assert _state_key(start) == before
    assert {("bidding", 0), ("play", 0), ("play", 1), ("play", 2)} <= phases


@needs_compiled
@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_text_and_fresh_actions_are_accepted_alike(name):
    rules = RULE_SETS[name]
    for seed in range(0, DEALS, 4):
        start = _start(rules, seed)
        assert _play(start, "compiled", seed, fresh=True) == _play(start, "python", seed, fresh=True)


@needs_compiled
def test_playout_uses_the_kernel_named_by_playout_kernel(monkeypatch):
    results = {}
    for kernel in ("compiled", "python"):
        monkeypatch.setattr(nn, "PLAYOUT_KERNEL", kernel)
        results[kernel] = [nn.deal(nn.CLASSIC, dealer=k % 3, seed=k).playout(random.Random(k).choice)
                           for k in range(200)]
    assert results["compiled"] == results["python"]


@needs_compiled
@pytest.mark.parametrize("kernel", ["compiled", "python"])
def test_an_illegal_card_is_refused_alike(kernel, monkeypatch):
    """A revoke, a card from another hand and a card of no hand, offered at the 5th card of the
    play: IllegalActionError with the same rule from both loops, the state unchanged."""
    monkeypatch.setattr(nn, "PLAYOUT_KERNEL", kernel)
    s = nn.deal(nn.CLASSIC, dealer=0, seed=11)
    rng = random.Random(1)
    while s.phase != "play":
        s = s.apply(rng.choice(s.legal_actions()))
    for _ in range(4):
        s = s.apply(s.legal_actions()[0])
    hand = s.hands[s.to_act]
    legal_cards = {a.card for a in s.legal_actions()}
    other = s.hands[(s.to_act + 1) % 3][0]
    nowhere = next(c for c in Card._table.values() if all(c not in h for h in s.hands) and c not in s.trick)
    wrong = [c for c in hand if c not in legal_cards][:1] + [other, nowhere]
    before = _state_key(s)
    rules_seen = []
    for card in wrong:
        with pytest.raises(IllegalActionError) as err:
            s.playout(lambda legal, card=card: f"{card}")
        rules_seen.append(err.value.rule)
        assert _state_key(s) == before
    assert rules_seen and all(r in nn.RULES for r in rules_seen)


def test_an_unknown_kernel_is_refused():
    s = nn.deal(nn.CLASSIC, dealer=0, seed=1)
    with pytest.raises(ValueError, match="kernel is 'compiled', 'python' or None"):
        s._play_out_cards(random.choice, kernel="fortran")


def test_cardlab_pure_python_forces_the_python_loop():
    assert kernel_in_subprocess("cardlab.ninetynine", "PLAYOUT_KERNEL", {"CARDLAB_PURE_PYTHON": "1"}) == "python"
    assert kernel_in_subprocess("cardlab.ninetynine", "PLAYOUT_KERNEL", {"CARDLAB_PURE_PYTHON": "0"}) == ("compiled" if COMPILED else "python")


@pytest.mark.skipif(os.environ.get("CARDLAB_REQUIRE_COMPILED") != "1", reason="CI only (CARDLAB_REQUIRE_COMPILED=1)")
def test_ci_uses_the_compiled_loop():
    assert COMPILED, "the compiled play-out was not built by the installation"
    assert nn.PLAYOUT_KERNEL == ("python" if os.environ.get("CARDLAB_PURE_PYTHON") == "1" else "compiled")
