"""The play table's review tells the truth (issue 24).

Hands of every variant and preset in the registry (the test variant included) are played to
the end against the rule-based player, the human's seat choosing now as the rule-based player
would, now at random (so that some choices cost something), and the review is asked with a small
budget. Then:

* no row calls a choice "best" (nor gives it a cost) where the analysis did not value the
  decision: such a row says "not valued by the analysis" and names the rule-based player's
  choice as such; a decision that is not card play in a variant whose analysis solves only the
  card play (its adapter has no ``complete`` and values no decision before the play) is never
  valued, and the headline says what the analysis values in the variant;
* the headline counts exactly the rows whose cost is at or over the threshold the variant's
  adapter declares beside its unit, and states that threshold in that unit.
"""

from __future__ import annotations

import random
import re
from html import escape

import pytest

pytest.importorskip("ipywidgets")

from cardlab import variants  # noqa: E402
from cardlab.analysis import adapters  # noqa: E402
from cardlab.widgets import PlayTable  # noqa: E402

SEEDS = range(2)


def cases():
    return [pytest.param(n, p, id=f"{n}-{p}") for n in variants.names() for p in variants.get(n).presets]


def fmt(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if abs(x - round(x)) > 1e-9 else str(int(round(x)))


def play_hand(name: str, preset: str, seed: int) -> PlayTable:
    v = variants.get(name)
    p = PlayTable(name, rules=preset, seed=seed, opponent="heuristic", setup=False, review_budget=0.05)
    me = v.make_player("heuristic", seed + 99)
    rng = random.Random(seed)
    while not p.state.is_finished:
        s = p.state
        legal = s.legal_actions()
        choice = rng.choice(legal) if rng.random() < 0.4 else me.choose(s.view(p.human))
        assert p.act(choice), p.message.value
    return p


@pytest.mark.parametrize("name,preset", cases())
def test_review_calls_best_only_what_the_analysis_valued(name, preset):
    ad = adapters.get(name)
    for seed in SEEDS:
        p = play_hand(name, preset, seed)
        rows = p.review()
        html = p.review_html.value
        assert not p.errors, p.errors
        decisions = [s for s in p.state.history()[:-1] if s.to_act == p.human and len(s.legal_actions()) > 1]
        assert len(rows) == len(decisions)
        body = re.findall(r"<tr><td>(\d+)</td>(.*?)</tr>", html)
        assert len(body) == len(rows)
        for r, s, (number, cells) in zip(rows, decisions, body):
            assert int(number) == r["decision"]
            if (ad.complete is None and ad.before_play_values is None
                    and getattr(s.view(p.human), "phase", "play") != "play"):
                assert not r["valued"], (r, s.phase)
            if r["valued"]:
                assert r["samples"] > 0 and r["best by the analysis"] and r["rule-based choice"] is None
                assert "not valued" not in cells
            else:
                assert r["best by the analysis"] is None and r["cost"] is None and not r["counted"], r
                assert r["rule-based choice"] and "not valued by the analysis" in cells
                assert "the rule-based player would choose" in cells
        # the headline counts what the table shows, with the unit's threshold stated
        valued = [r for r in rows if r["valued"]]
        over = [r for r in valued if r["cost"] is not None and r["cost"] >= 0.005
                and r["cost"] >= ad.cost_threshold - 1e-9]
        assert [r["decision"] for r in over] == [r["decision"] for r in rows if r["counted"]]
        assert html.count("(counted)") == len(over)
        if valued:
            head = html[:html.index("</div>")]
            assert f"{len(over)} of your {len(valued)} valued decision{'s' if len(valued) != 1 else ''} cost " in head
            assert f" {fmt(ad.cost_threshold)} " in head and ad.value_unit in head, head
            assert "costs below that are shown but not counted" in html
        rest = len(rows) - len(valued)
        if rest:
            assert f"{rest} decision" in html and "not valued by the analysis" in html
            assert f"(it values {escape(ad.valued_decisions)})" in html


def test_every_analysed_variant_declares_its_threshold():
    """Each adapter states, beside its unit, the cost from which the review counts a decision."""
    for name in adapters.names():
        ad = adapters.get(name)
        assert isinstance(ad.cost_threshold, (int, float)) and ad.cost_threshold > 0, name
