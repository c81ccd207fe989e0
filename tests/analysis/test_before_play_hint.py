"""The hint and the review value the decisions before the card play that a variant's adapter
values for the expert (four-player Mariage's trump choice and announcements, 501's trumps and
first card passed, Ninety-Nine's bid cards): ``advise`` takes the adapter's
``before_play_values``, names how it valued them, and says what the analysis values where it
does not. Registry-driven: every adapter that declares a valuation before the play."""

from __future__ import annotations

import pytest

from cardlab import variants
from cardlab.analysis import adapters
from cardlab.analysis.advice import advise


def valued_variants():
    return [n for n in variants.names() if _adapter(n) is not None and _adapter(n).before_play_values is not None]


def _adapter(name):
    try:
        return adapters.get(name)
    except adapters.NotSolvable:
        return None


def decisions(name, seed):
    """``(views of the seat to act, view)`` at each decision with a choice before the card play of a
    hand the rule-based players play, in order."""
    v = variants.get(name)
    st = v.deal(seed=seed)
    players = [v.make_player("heuristic", seed * 10 + k) for k in range(v.players)]
    while st.result is None and getattr(st, "phase", "play") != "play":
        view = st.view(st.to_act)
        if len(view.legal_actions) > 1:
            yield [s.view(st.to_act) for s in st.history()], view
        st = st.apply(players[st.to_act].choose(view))


def test_every_valuation_before_the_play_is_also_the_expert_s_and_says_how():
    for name in variants.names():
        ad = _adapter(name)
        if ad is None:
            continue
        assert (ad.before_play_values is None) == (ad.before_play is None), name
        if ad.before_play_values is not None:
            assert ad.before_play_as and ad.valued_decisions != "the card play", name


@pytest.mark.parametrize("name", valued_variants())
def test_the_hint_values_what_the_expert_values_before_the_play(name):
    ad = adapters.get(name)
    seen_valued = seen_not = 0
    for seed in range(8):
        if seen_valued >= 2:
            break
        for views, view in decisions(name, seed):
            got = ad.before_play_values(view, ad.before_play_samples, 5)
            adv = advise(views, seed=5, budget=None)
            legal = tuple(view.legal_actions)
            if got is None:
                if ad.complete is None or adv.samples == 0:
                    assert not adv.valued, adv.reason
                    assert f"it values {ad.valued_decisions} only" in adv.reason, adv.reason
                    seen_not += 1
                continue
            values, deals = got.values, got.deals
            assert len(values) == len(legal) == len(got.rank) and 0 < deals <= ad.before_play_samples
            assert [v is None for v in values] == [r is None for r in got.rank]
            assert adv.valued and adv.samples == deals, adv.reason
            assert adv.values == tuple(values)
            assert ad.before_play_as in adv.reason, adv.reason
            tried = [v for v in values if v is not None]
            if max(tried) > min(tried) or (got.notes and len(set(got.notes) - {None}) > 1):
                assert adv.reason.startswith("Best: ")
                # the hint's best is the top of the expert's ranking: the expert's own choice
                top = max(r for r in got.rank if r is not None)
                assert adv.best == legal[got.rank.index(top)], adv.reason
                expert = ad.before_play(view, ad.before_play_samples, 5)
                assert adv.best == expert, (expert, adv.reason)
                if got.notes is None:
                    assert adv.value_of(adv.best) == max(tried), adv.reason
                else:
                    k = legal.index(adv.best)
                    assert f"{got.notes_heading} {got.notes[k]}" in adv.reason, adv.reason
            seen_valued += 1
            break
    assert seen_valued, f"no {name} decision before the play was valued in 8 hands"


@pytest.mark.parametrize("name", valued_variants())
def test_the_search_player_leaves_those_decisions_to_the_rule_based_player(name):
    """The ``search`` level is defined without the valuations before the play (the expert adds
    them): there its advice is not valued and its choice is the rule-based player's."""
    from cardlab.analysis.search_player import SamplingPlayer

    for views, view in decisions(name, 0):
        p = SamplingPlayer(seed=3, samples=4, budget=None)
        choice = p.choose(view)
        if p.last_advice is None:      # a single legal action
            continue
        assert not p.last_advice.valued, p.last_advice.reason
        assert choice == p.last_advice.best
        break
    else:
        pytest.fail(f"no {name} decision before the play with a choice")


@pytest.mark.parametrize("name", valued_variants())
def test_the_clock_stops_the_valuation_after_enough_deals(name):
    """A hint on a slow machine stops sampling at its clock, once ``MIN_DEALS_BEFORE_PLAY`` deals
    are done, says so (``timed_out``) and quotes the deals it used."""
    ad = adapters.get(name)
    want = min(ad.before_play_samples, adapters.MIN_DEALS_BEFORE_PLAY)
    for seed in range(8):
        for views, view in decisions(name, seed):
            got = ad.before_play_values(view, ad.before_play_samples, 5, deadline=0.0)   # long past
            if got is None:
                continue
            assert got.deals == want and got.timed_out == (want < ad.before_play_samples)
            adv = advise(views, seed=5, budget=1e-9)
            assert adv.samples == want and adv.timed_out == got.timed_out, adv.reason
            assert f"over {want} sampled deals" in adv.reason or f"of {want} sampled deals" in adv.reason, adv.reason
            return
    pytest.fail(f"no {name} decision before the play was valued in 8 hands")


def test_the_ninety_nine_counts_do_not_depend_on_the_clock_when_it_does_not_stop_them():
    from cardlab.analysis import questions

    name = "ninety-nine"
    views, view = next(decisions(name, 0))
    choices = questions._choices_99(view, __import__("cardlab.ninetynine", fromlist=["m"]), 2, None)
    table = questions.table_of_view_99(view)
    counts = [n for _c, n in questions.bid_choices_made_99(table, view, choices, 6, 3)]
    assert questions.bid_choices_made_99_until(table, view, choices, 6, 3, deadline=1e18) == (counts, 6)


@pytest.mark.parametrize("name", valued_variants())
def test_the_hint_table_lists_the_choices_in_the_analysis_s_ranking(name):
    """The play table's hint box: the best first and the others in the ranking the reason follows
    (501: by the deals in which the contract is made, shown in their own column, then by points),
    not by the mean alone. Where the valuation ranks by more than the mean, the decision checked
    is one where the two orders differ."""
    import re
    from html import escape

    from cardlab.widgets.table import PlayTable, action_label

    v = variants.get(name)
    table = PlayTable(name, seed=0)
    for seed in range(40):
        for views, view in decisions(name, seed):
            adv = advise(views, seed=5, budget=None)
            if not (adv.valued and adv.reason.startswith("Best: ")):
                continue
            valued = [k for k, x in enumerate(adv.values) if x is not None]
            by_mean = sorted(valued, key=lambda k: (adv.actions[k] != adv.best, -adv.values[k]))
            if adv.notes and list(adv.order) == by_mean:
                continue                      # look for a decision the mean alone would misorder
            st = _state_of(name, seed, len(views) - 1)
            table._show_hint(adv, st)
            html = table.hint_html.value
            cells = re.findall(r"<tr><td>(.*?)</td>", html)
            want = list(adv.order or by_mean)[:12]
            assert cells[0].endswith(" ★")
            assert [c.replace(" ★", "") for c in cells[:len(want)]] == \
                [escape(action_label(adv.actions[k], st)) for k in want]
            if adv.notes:
                assert f"<th>{adv.notes_heading}</th>" in html
                assert f"the next best: {action_label(adv.actions[adv.order[1]], st)}" in adv.reason
            return
    pytest.fail(f"no {name} decision before the play to check in 40 hands")


def _state_of(name, seed, steps):
    """The state after ``steps`` actions of the hand :func:`decisions` plays from ``seed``."""
    v = variants.get(name)
    st = v.deal(seed=seed)
    players = [v.make_player("heuristic", seed * 10 + k) for k in range(v.players)]
    for _ in range(steps):
        st = st.apply(players[st.to_act].choose(st.view(st.to_act)))
    return st


def test_the_review_says_what_a_ranked_choice_gave_up_beside_its_cost():
    """501's trumps are ranked by the deals in which the contract is made, then by points: a choice
    with more points but fewer contracts made costs 0 points, and the review says what it gave up."""
    from cardlab.analysis.advice import Advice
    from cardlab.widgets.table import PlayTable

    name = "russian-501"
    for seed in range(20):
        for views, view in decisions(name, seed):
            if view.phase != "contract" or view.seat != view.bidder:
                continue
            st = _state_of(name, seed, len(views) - 1)
            legal = tuple(view.legal_actions)
            tried = [k for k, a in enumerate(legal) if a.kind == "contract"][:2]
            if len(tried) < 2:
                continue
            best, other = tried
            values = tuple(70.0 if k == best else 75.0 if k == other else None for k in range(len(legal)))
            notes = tuple("20 of 24" if k == best else "18 of 24" if k == other else None for k in range(len(legal)))
            adv = Advice(view.seat, legal, values, 24, "points", legal[best], "Best: …", notes=notes,
                         notes_heading="contract made in", order=(best, other))
            row = PlayTable._review_row(1, st, legal[other], adv, 5)
            assert row["cost"] == 0 and not row["counted"]
            assert row["ranked by"] == "contract made in 18 of 24 against 20 of 24"
            assert "contract made in 18 of 24 against 20 of 24" in PlayTable._review_html([row], "points", 5)
            assert "ranked by" not in PlayTable._review_row(1, st, legal[best], adv, 5)
            return
    pytest.fail("no 501 contract decision in 20 hands")
