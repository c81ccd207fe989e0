"""The ``expert`` level (issue 24: a level stronger than ``search``): the search player plus the
variant's own valuation of its decisions before the card play, declared by the analysis adapter
(``before_play``; Ninety-Nine's bid cards by rule-based play-outs). Its strength is measured by
benchmarks/bench_strength.py, not here."""

import random

import pytest

from cardlab import variants
from cardlab.analysis import adapters, questions
from cardlab.analysis.search_player import ExpertPlayer, SamplingPlayer
from cardlab.errors import AnalysisArgumentError


def _bidding_views(rules=None, seeds=range(4)):
    v = variants.get("ninety-nine")
    for seed in seeds:
        s = v.deal(rules or v.default_rules, seed=seed)
        yield s, s.view(s.to_act)


def test_only_the_variants_that_declare_a_valuation_have_one():
    declared = [n for n in variants.names() if adapters.get(n).before_play is not None]
    assert declared == ["ninety-nine"]


@pytest.mark.parametrize("preset", sorted(variants.get("ninety-nine").presets))
def test_ninety_nines_bid_cards_are_the_choice_made_most_often(preset):
    """The chosen bid cards are legal, and no other choice considered was made exactly more often
    on the same sampled deals (ties: the lower bid)."""
    from cardlab import ninetynine as m

    ad = adapters.get("ninety-nine")
    for state, view in _bidding_views(variants.get("ninety-nine").presets[preset], seeds=range(2)):
        action = ad.before_play(view, 8, 5)
        assert action in view.legal_actions and action.kind == "bid"
        choices = questions._choices_99(view, m, 2, None)
        made = dict(questions.bid_choices_made_99(questions.table_of_view_99(view), view, choices, 8, 5))
        mine = next(c for c in made if set(c) == set(action.value))
        assert made[mine] == max(made.values()), (made, action)
        assert ad.before_play(view, 8, 5) == action                # the same seed, the same choice


def test_the_table_read_from_a_view_redeals_the_same_trumps():
    """A revised deal after the first: trumps come from the previous deal's successes, which a
    view does not hold; the count read back from the trump suit re-deals the same trumps."""
    v = variants.get("ninety-nine")
    revised = next(r for r in v.presets.values() if r.mode == "revised")
    for previous in (0, 1, 2, 3):
        s = v.deal(revised, seed=previous, previous_successes=previous)
        table = questions.table_of_view_99(s.view(0))
        again = questions._deal_99(__import__("cardlab").ninetynine, table, 0, s.hands[0], [1, 2],
                                   (s.hands[1], s.hands[2]))
        assert again.trump == s.trump


def test_outside_its_valuation_the_expert_plays_as_search():
    """In the card play (and in every variant without a valuation) the expert's choice is the
    search player's with the same seed."""
    for name in variants.names():
        v = variants.get(name)
        rng = random.Random(3)
        s = v.deal(seed=11)
        while s.result is None and (getattr(s, "phase", "play") != "play" or len(s.legal_actions()) < 2):
            s = s.apply(rng.choice(s.legal_actions()))
        if s.result is not None:
            continue
        view = s.view(s.to_act)
        expert = ExpertPlayer(seed=4, samples=6, budget=None).choose(view)
        search = SamplingPlayer(seed=4, samples=6, budget=None).choose(view)
        assert expert == search, name


def test_the_expert_bids_in_a_whole_hand_and_refuses_bad_settings():
    v = variants.get("ninety-nine")
    s = v.deal(seed=2)
    players = [ExpertPlayer(seed=k, samples=4, budget=None, before_play_samples=4) for k in range(3)]
    while s.result is None:
        s = s.apply(players[s.to_act].choose(s.view(s.to_act)))
    assert all(b is not None for b in s.bids)
    assert "before_play_samples=4" in repr(players[0]) and repr(players[0]).startswith("ExpertPlayer(")
    for bad in (0, -1, 1.5, True, None):
        with pytest.raises(AnalysisArgumentError):
            ExpertPlayer(before_play_samples=bad)


def test_the_play_table_offers_the_expert_where_a_game_declares_it_and_plays_a_hand_with_it():
    """Ninety-Nine's opponent menu offers the expert (the registry line's extra level), chosen
    in words; a whole hand against two experts is played by clicking, with no error."""
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import PlayTable

    p = PlayTable(variant="ninety-nine", seed=3)
    labels = dict((k, lbl) for lbl, k in p.opponent_menu.options)
    assert labels["expert"] == "Expert (strongest; slower to bid)"
    p.opponent_menu.value = "expert"
    assert all(isinstance(x, ExpertPlayer) for x in p._players.values())
    rng = random.Random(1)
    while not p.state.is_finished:
        p.act(rng.choice(p.state.legal_actions()))
    assert not p.errors and all(b is not None for b in p.state.bids)
    for name in variants.names():
        if adapters.get(name).before_play is None:
            assert "expert" not in variants.get(name).player_kinds, name
