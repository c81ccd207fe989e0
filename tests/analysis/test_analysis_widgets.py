"""The analysis widgets (cardlab.widgets.analysis): the best-line stepper, the value chart and
the estimate sentence, on the hand-checked Sixty-six position of test_analysis_solver."""

import pytest

pytest.importorskip("ipywidgets")

from cardlab import sixtysix as ss  # noqa: E402
from cardlab.analysis import Estimate, NotSolvable  # noqa: E402
from cardlab.widgets.analysis import BestLineStepper, estimate_html, value_chart  # noqa: E402

ACTIONS_67 = "J♦ J♣ J♥ 9♣ K♣ K♥ 10♠ K♠ close 10♥ Q♥ J♠ 9♠ Q♣ A♣".split()


def position():
    return ss.deal(ss.SANTASE, dealer=1, seed=67).apply_all(ACTIONS_67)


def test_best_line_stepper():
    s = position()
    w = BestLineStepper(s)
    # worked out in test_analysis_solver: B (to act) wins 3 by keeping his marriage quiet
    assert w.value == 3 and w.seats == (1,)
    assert "B wins 3 game points" in w.summary.value and "A loses 3 game points" in w.summary.value
    assert w.line[0] is s and w.line[-1].is_finished
    assert w.stepper.states == w.line and w.stepper.index == 0
    w.stepper.go(-1)
    assert "closed but failed" in w.stepper.explanation.value
    assert "marriage ♦" in w.values.value and "cardlab-analysis-table" in w.values.value
    assert repr(w) == f"BestLineStepper({len(w.line)} states, value 3)"


def test_open_stock_has_no_best_line():
    s = ss.deal(ss.SANTASE, dealer=1, seed=67)
    with pytest.raises(NotSolvable):
        BestLineStepper(s)


def test_value_chart():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    ax = value_chart(position())
    bars = ax.patches
    assert [b.get_height() for b in bars] == [2.0, 3.0, 3.0, 3.0]   # marriage ♦, 10♦, Q♦, K♦
    assert ax.get_ylabel() == "game points"


def test_estimate_html():
    e = Estimate(3, 10, 0.3, 0.108, 0.603, "closing succeeds")
    assert estimate_html(e) == ('<div class="cardlab-estimate"><b>closing succeeds:</b> 30.0% (3 of 10 sampled '
                                'deals; 95% Wilson interval 10.8% to 60.3%)</div>')
