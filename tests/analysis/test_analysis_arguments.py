"""Bad arguments to every public analysis function (issue 11): a typed error (a CardlabError,
still a ValueError) that names the argument, never a TypeError, KeyError, IndexError or a
nonsense answer; Ninety-Nine's bid phase refused at once rather than searched for minutes."""

import random
import time

import pytest

from cardlab import sixtysix as ss
from cardlab import variants
from cardlab.analysis import (AnalysisArgumentError, DealSampler, Knowledge, NotSolvable, action_values,
                              best_line, bid_cards_chance_99, bid_chance_501, brute_force, chance, close_chance,
                              close_succeeds, estimate, knowledge, solve, value_table, wilson)
from cardlab.analysis.questions import makes
from cardlab.analysis.search_player import SamplingPlayer
from cardlab.analysis.tournament import tournament
from cardlab.errors import CardlabError

BAD_COUNTS = [-5, 0, 1.5, True, "3", None]


def closable():
    """A Santase hand where the player to act may close."""
    s = ss.deal(ss.SANTASE, dealer=0, seed=3)
    while not any(a.kind == "close" for a in s.legal_actions()):
        s = s.apply(s.legal_actions()[0])
    return s


def finished(s):
    rng = random.Random(1)
    while not s.is_finished:
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def endgame():
    return closable().apply("close")


def typed(exc_info, argument=None):
    e = exc_info.value
    assert isinstance(e, CardlabError) and isinstance(e, ValueError)
    if argument is not None:
        assert isinstance(e, AnalysisArgumentError) and e.argument == argument
        assert argument in str(e)
    return e


def test_not_solvable_is_a_cardlab_error():
    assert issubclass(NotSolvable, CardlabError) and issubclass(NotSolvable, ValueError)
    assert issubclass(AnalysisArgumentError, CardlabError)


# -- counts ---------------------------------------------------------------------------------

@pytest.mark.parametrize("samples", BAD_COUNTS)
def test_close_chance_counts(samples):
    with pytest.raises(ValueError) as ei:
        close_chance(closable(), samples=samples)
    typed(ei, "samples")


@pytest.mark.parametrize("samples", BAD_COUNTS)
def test_estimate_and_chance_counts(samples):
    s = closable()
    with pytest.raises(ValueError) as ei:
        estimate(s, close_succeeds, samples=samples)
    typed(ei, "samples")
    with pytest.raises(ValueError) as ei:
        chance(s, close_succeeds, samples=samples)
    typed(ei, "samples")


def test_seed_and_question():
    s = closable()
    with pytest.raises(ValueError) as ei:
        close_chance(s, samples=2, seed=1.5)
    typed(ei, "seed")
    with pytest.raises(ValueError) as ei:
        estimate(s, "yes", samples=2)
    typed(ei, "question")


@pytest.mark.parametrize("kw", [{"samples": 0}, {"samples": 1.5}, {"rollouts": -1}, {"rollouts": True},
                                {"budget": 0}, {"budget": float("nan")}, {"budget": "1"}, {"seed": 1.5},
                                {"rollout_policy": 3}])
def test_sampling_player_arguments(kw):
    with pytest.raises(ValueError) as ei:
        SamplingPlayer(**kw)
    typed(ei, next(iter(kw)))


@pytest.mark.parametrize("kw, argument", [
    ({"deals": 0}, "deals"), ({"deals": 1.5}, "deals"), ({"deals": True}, "deals"), ({"deals": -5}, "deals"),
    ({"max_actions": 0}, "max_actions"), ({"seed": 0.5}, "seed"), ({"variant": "bridge"}, "variant"),
    ({"names": ["a"]}, "names"), ({"players": ["random"]}, "players"), ({"players": [3, 4]}, "players"),
    ({"players": "rr"}, "players"),
])
def test_tournament_arguments(kw, argument):
    args = {"players": ["random", "random"], "deals": 1, **kw}
    with pytest.raises(ValueError) as ei:
        tournament(**args)
    typed(ei, argument)


@pytest.mark.parametrize("k, n", [(1.5, 3), (4, 3), (-1, 3), (0, -1), (True, 3), (1, "3")])
def test_wilson_arguments(k, n):
    with pytest.raises(ValueError) as ei:
        wilson(k, n)
    typed(ei)


def test_knowledge_and_sampler_arguments():
    with pytest.raises(ValueError) as ei:
        Knowledge(seat=0, unseen=(), locations=("x",), counts=(1.5,), excluded=(frozenset(),))
    typed(ei, "counts")
    with pytest.raises(ValueError) as ei:
        Knowledge(seat=0, unseen=(), locations=("x",), counts=(1,), excluded=(frozenset(),))
    typed(ei, "counts")
    with pytest.raises(ValueError) as ei:
        DealSampler("knowledge")
    typed(ei, "knowledge")


# -- seats ----------------------------------------------------------------------------------

@pytest.mark.parametrize("seats", [(7,), 7, -1, "x", "0", True, (0, 0), (), [], 1.5, (0, None), {"a": 1}])
@pytest.mark.parametrize("fn", [solve, action_values, best_line, value_table, brute_force],
                         ids=lambda f: f.__name__)
def test_seats_must_be_distinct_seats_of_the_state(fn, seats):
    s = endgame()
    with pytest.raises(ValueError) as ei:
        fn(s, seats=seats)
    typed(ei, "seats")


def test_seats_in_four_player_mariage():
    v = variants.get("mariage-4")
    s = v.deal(seed=1)
    for seats in ((7,), (4,), "x"):
        with pytest.raises(ValueError) as ei:
            solve(s, seats=seats)
        typed(ei, "seats")


def test_valid_seats_still_work():
    s = endgame()
    assert solve(s, seats=0) == solve(s, seats=(0,)) == solve(s, seats=[0])
    assert solve(s, seats=range(1)) == solve(s, seats=0)


def test_a_view_or_junk_instead_of_a_state():
    s = endgame()
    for fn in (solve, action_values, best_line, value_table, brute_force, close_succeeds):
        with pytest.raises(ValueError) as ei:
            fn(s.view(0))
        typed(ei, "state")
    with pytest.raises(ValueError) as ei:
        solve(s, tables=[])
    typed(ei, "tables")
    with pytest.raises(ValueError) as ei:
        makes(s, 0, "3")
    typed(ei, "threshold")


# -- views ----------------------------------------------------------------------------------

def test_no_views():
    with pytest.raises(ValueError) as ei:
        knowledge([])
    typed(ei, "views")
    with pytest.raises(ValueError) as ei:
        estimate([], close_succeeds, samples=2)
    typed(ei, "views")
    for junk in (None, "views", [3], [closable()]):
        with pytest.raises(ValueError) as ei:
            knowledge(junk)
        typed(ei, "views")


def test_views_of_two_deals_are_refused():
    s = closable()
    seat = s.to_act
    views = [x.view(seat) for x in s.history()]
    other = ss.deal(ss.SANTASE, dealer=0, seed=4)
    for mixed in (views + [other.view(seat)], [other.view(seat)] + views[1:], views[:2] + [other.view(seat)]):
        with pytest.raises(ValueError) as ei:
            knowledge(mixed)
        typed(ei, "views")
    # another seat, another dealer, out of order
    with pytest.raises(ValueError) as ei:
        knowledge(views[:-1] + [s.view(1 - seat)])
    typed(ei, "views")
    d1 = ss.deal(ss.SANTASE, dealer=1, seed=3)
    with pytest.raises(ValueError) as ei:
        knowledge([ss.deal(ss.SANTASE, dealer=0, seed=3).view(0), d1.view(0)])
    typed(ei, "views")
    with pytest.raises(ValueError) as ei:
        knowledge(list(reversed(views)))
    typed(ei, "views")
    knowledge(views)            # the real views are accepted
    knowledge(views[-1])        # and the last one alone


def test_views_of_two_deals_in_every_variant():
    for name in variants.names():
        v = variants.get(name)
        a, b = v.deal(seed=1), v.deal(seed=2)
        rng = random.Random(0)
        for _ in range(40):
            if a.is_finished or b.is_finished:
                break
            a = a.apply(rng.choice(a.legal_actions()))
            b = b.apply(rng.choice(b.legal_actions()))
        seat = 0
        va = [x.view(seat) for x in a.history()]
        vb = [x.view(seat) for x in b.history()]
        with pytest.raises(ValueError) as ei:
            knowledge(va[:-1] + vb[-1:])
        assert isinstance(ei.value, CardlabError), name


def test_seat_argument():
    s = closable()
    with pytest.raises(ValueError) as ei:
        chance(s, close_succeeds, samples=2, seat=5)
    typed(ei, "seat")
    with pytest.raises(ValueError) as ei:
        chance([s.view(0)], close_succeeds, samples=2, seat=0)
    typed(ei, "seat")


# -- finished hands and phases --------------------------------------------------------------

def test_close_chance_on_a_finished_hand():
    f = finished(closable())
    with pytest.raises(NotSolvable, match="over"):
        close_chance(f, samples=5)
    with pytest.raises(NotSolvable, match="over"):
        close_chance([x.view(0) for x in f.history()], samples=5)
    with pytest.raises(NotSolvable, match="over"):
        close_succeeds(f)
    with pytest.raises(AnalysisArgumentError, match="over"):
        chance(f, close_succeeds, samples=5)
    with pytest.raises(NotSolvable, match="over"):
        action_values(f)


def test_close_chance_where_closing_is_not_legal():
    s = ss.deal(ss.SANTASE, dealer=0, seed=3)          # before the first trick
    with pytest.raises(NotSolvable, match="66.close"):
        close_chance(s, samples=5)


@pytest.mark.parametrize("fn", [value_table, action_values, best_line, solve], ids=lambda f: f.__name__)
def test_ninety_nine_bid_phase_is_refused_at_once(fn):
    s = variants.get("ninety-nine").deal(seed=1)
    assert s.phase != "play" and len(s.legal_actions()) > 100
    t0 = time.perf_counter()
    with pytest.raises(NotSolvable, match="phase"):
        fn(s)
    assert time.perf_counter() - t0 < 5


def test_other_auctions_are_refused_at_once():
    for name in ("russian-501", "mariage-4", "mariage-3"):
        s = variants.get(name).deal(seed=1)
        if s.phase == "play":
            continue
        t0 = time.perf_counter()
        with pytest.raises(NotSolvable):
            value_table(s)
        assert time.perf_counter() - t0 < 5, name


# -- the variants' own questions ------------------------------------------------------------

def looked_501():
    m = variants.get("russian-501")
    s = m.deal(seed=1)
    while "look" not in [str(a) for a in s.legal_actions()]:
        s = s.apply(s.legal_actions()[0])
    return s.apply("look")


@pytest.mark.parametrize("kw, argument", [
    ({"samples": 0}, "samples"), ({"samples": 1.5}, "samples"), ({"seed": "x"}, "seed"), ({"seat": 9}, "seat"),
    ({"bid": 66.0}, "bid"), ({"bid": 5}, "bid"), ({"bid": True}, "bid"), ({"trumps": "no"}, "trumps"),
])
def test_bid_chance_501_arguments(kw, argument):
    s = looked_501()
    args = {"bid": 66, "samples": 1, **kw}
    with pytest.raises(ValueError) as ei:
        bid_chance_501(s, **args)
    typed(ei, argument)


@pytest.mark.parametrize("kw, argument", [
    ({"samples": -5}, "samples"), ({"per_bid": 0}, "per_bid"), ({"seat": 3}, "seat"), ({"seed": None}, "seed"),
    ({"choices": []}, "choices"), ({"choices": "A♠ K♠ Q♠"}, "choices"),
])
def test_bid_cards_chance_99_arguments(kw, argument):
    s = variants.get("ninety-nine").deal(seed=1)
    args = {"samples": 1, **kw}
    with pytest.raises(ValueError) as ei:
        bid_cards_chance_99(s, **args)
    typed(ei, argument)


def test_bid_cards_chance_99_choice_not_in_hand():
    s = variants.get("ninety-nine").deal(seed=1)
    hand = s.view(s.to_act).hand
    others = [c for c in s.pack if c not in hand][:3]
    with pytest.raises(ValueError) as ei:
        bid_cards_chance_99(s, choices=[tuple(others)], samples=1)
    typed(ei, "choices")
    with pytest.raises(ValueError) as ei:
        bid_cards_chance_99(s, choices=[(hand[0], hand[0], hand[1])], samples=1)
    typed(ei, "choices")
