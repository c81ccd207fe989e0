"""Hints and reviews read only what the human's seat knows (issue: play table).

For every variant and preset, a hand is played to a decision of seat 0 in the card play; a second
hand is dealt from the same pack with two cards seat 0 has not seen swapped, and the same actions
replayed. Seat 0's views are then the same in both hands while the hidden cards differ, so the
advice (with the same seed, ended by the sample count rather than the clock) must be the same.
The play table's hint and review are checked to pass the advice nothing but seat 0's views.
"""

from __future__ import annotations

import itertools
import random

import pytest

from cardlab import variants
from cardlab.analysis.advice import advise
from cardlab.errors import CardlabError

CASES = [(name, preset) for name in variants.names() for preset in variants.get(name).presets]


def _to_decision(v, rules, seed):
    """A state where seat 0 chooses a card in the play with at least two choices, after some
    tricks (so the exact solves are quick), reached by seeded random play; or None."""
    rng = random.Random(seed)
    s = v.deal(rules, 1 % v.players, seed=seed)
    while not s.is_finished:
        if (s.to_act == 0 and s.phase == "play" and len(s.tricks) >= 3
                and sum(a.kind == "play" for a in s.legal_actions()) >= 2):
            return s
        s = s.apply(rng.choice(s.legal_actions()))
    return None


def _twin(v, s):
    """The same actions on a pack with two of seat 0's unseen cards swapped, if they replay to
    the same views of seat 0 with other hidden cards; else None."""
    views = [x.view(0) for x in s.history()]
    unseen = sorted(views[-1].unseen)
    pack = list(s.pack)
    for a, b in itertools.combinations(unseen, 2):
        other = list(pack)
        i, j = other.index(a), other.index(b)
        other[i], other[j] = other[j], other[i]
        try:
            t = v.deal(s.rules, s.dealer, pack=other, names=s.names).apply_all(s.actions())
        except CardlabError:
            continue  # an opponent's play would be illegal with the swapped card
        if [x.view(0) for x in t.history()] == views and t.card_locations() != s.card_locations():
            return t
    return None


@pytest.mark.parametrize("name,preset", CASES)
def test_same_views_other_hidden_cards_same_advice(name, preset):
    v = variants.get(name)
    rules = v.presets[preset]
    checked = 0
    for seed in range(300):
        s = _to_decision(v, rules, seed)
        if s is None:
            continue
        t = _twin(v, s)
        if t is None:
            continue
        va = [x.view(0) for x in s.history()]
        vb = [x.view(0) for x in t.history()]
        a = advise(va, seed=7, budget=None, max_samples=6)
        b = advise(vb, seed=7, budget=None, max_samples=6)
        assert a == b, (name, preset, seed)
        checked += 1
        if checked == 2:
            break
    assert checked == 2, f"no two positions with a hidden-card twin found for {name}/{preset}"


@pytest.mark.parametrize("name", variants.names())
def test_table_hint_and_review_pass_only_the_humans_views(name, monkeypatch):
    from cardlab.analysis import advice
    from cardlab.widgets import PlayTable

    seen = []
    real = advice.advise

    def spy(views, *args, **kwargs):
        seen.append(list(views))
        kwargs["budget"], kwargs["max_samples"] = None, 2
        return real(views, *args, **kwargs)

    monkeypatch.setattr(advice, "advise", spy)
    table = PlayTable(variant=name, seed=3, opponent="random", setup=False)
    rng = random.Random(name)
    hinted = False
    while not table.state.is_finished:
        s = table.state
        assert s.to_act == table.human
        if not hinted and s.phase == "play" and len(s.legal_actions()) > 1:
            table.hint()
            hinted = True
        assert table.act(rng.choice(s.legal_actions()))
    table.review()
    assert seen, "the hint and the review asked for advice"
    for views in seen:
        assert views and all(vw.seat == table.human for vw in views)
        assert all(not hasattr(vw, "hands") for vw in views), "a view, never a state"
    assert not table.errors
