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
            adv = advise(views, seed=5, budget=1.0)
            legal = tuple(view.legal_actions)
            if got is None:
                if ad.complete is None or adv.samples == 0:
                    assert not adv.valued, adv.reason
                    assert f"it values {ad.valued_decisions} only" in adv.reason, adv.reason
                    seen_not += 1
                continue
            values, deals = got
            assert len(values) == len(legal) and 0 < deals <= ad.before_play_samples
            assert adv.valued and adv.samples == deals, adv.reason
            assert adv.values == tuple(values)
            assert ad.before_play_as in adv.reason, adv.reason
            tried = [v for v in values if v is not None]
            if max(tried) > min(tried):
                assert adv.value_of(adv.best) == max(tried), adv.reason
                assert adv.reason.startswith("Best: ")
            if not seen_valued:   # the expert's choice (same seed, same deals) is one the valuation tried
                expert = ad.before_play(view, ad.before_play_samples, 5)
                assert expert in legal and adv.value_of(expert) is not None, (expert, adv.reason)
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
