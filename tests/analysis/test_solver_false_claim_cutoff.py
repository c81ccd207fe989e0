"""A false marriage claim that alone decides a zero-window test must end the search at that lead.

Four-player Mariage lets the leader declare a marriage without leading it (a claim; a false one,
short of 66, ends the hand [m4.claim]). The solver values that claim first at every lead; when its
value already meets the window (alpha >= beta), no card may be searched from there: both kernels
did, passing an empty window down, and a min seat then returned "infinity" for a lead it never
searched. In this position (a three-nines award of 3 game points already made, so the claim
is worth more than usual) every zero-window test below the value failed high with 10**9, and
``Solver.value()`` returned 10**9 instead of 6; the expert's trump valuation summed it.
"""

from __future__ import annotations

import pytest

from cardlab import mariage4 as m
from cardlab import variants
from cardlab.analysis import adapters
from cardlab.analysis.solver import INF, KERNEL, Solver

HANDS = ["10♦ 10♠ Q♥ K♠ A♥ 10♥", "J♦ J♣ K♣ K♦ Q♣ 10♣", "K♥ A♠ A♣ Q♠ 9♦ J♥", "Q♦ J♠ A♦ 9♣ 9♥ 9♠"]
ACTIONS = ["cut 12", "trump ♣", "pass", "pass", "three nines", "place Q♥ top", "place J♥ top", "leave 9♠",
           "pass", "pass", "pass", "pass"]


def position():
    st = m.deal_from_hands(HANDS, variants.get("mariage-4").default_rules, dealer=0)
    for text in ACTIONS:
        st = st.apply(m.parse_action(text))
    assert st.phase == "play" and st.awards, (st.phase, st.awards)
    return adapters.get("mariage-4").play_spec(st, (1, 3))


KERNELS = ["python"] + (["compiled"] if KERNEL == "compiled" else [])


@pytest.mark.parametrize("kernel", KERNELS)
def test_zero_window_tests_agree_with_the_full_window(kernel):
    spec = position()
    full = Solver(spec, kernel=kernel).search(-INF, INF)
    assert full == 6
    assert Solver(spec, kernel=kernel).value() == full
    for b in range(spec.bounds[0], spec.bounds[1] + 1):
        v = Solver(spec, kernel=kernel).search(b - 1, b)
        assert abs(v) < INF, (b, v)
        assert (v >= b) == (full >= b), (b, v, full)
