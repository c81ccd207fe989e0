"""The ``expert`` level (issue 24: a level stronger than ``search``): the search player plus what
the variant's analysis adapter declares: its own valuation of its decisions before the card play
(``before_play``; Ninety-Nine's bid cards by rule-based play-outs, four-player Mariage's trump
choice and announcements, 501's trumps and first card passed, by sampled deals solved double
dummy), or more sampled deals per decision (``expert_samples``: Sixty-six). Its strength is
measured by benchmarks/bench_strength.py, not here."""

import dataclasses
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
    assert declared == ["mariage-4", "ninety-nine", "russian-501"]
    more = [n for n in variants.names() if adapters.get(n).expert_samples is not None]
    assert more == ["sixty-six"]
    assert [n for n in variants.names() if adapters.get(n).has_expert] == sorted(declared + more)


def test_where_the_expert_samples_more_it_plays_as_search_with_that_many_deals():
    """Sixty-six declares 256 sampled deals for the expert: at every decision of whole hands its
    choice is the search player's with 256 deals and the same seed, and the advice says 256; a
    count given to the player wins over the adapter's; the clock grows in proportion."""
    v = variants.get("sixty-six")
    assert adapters.get("sixty-six").expert_samples == 256
    for seed, preset in enumerate(sorted(v.presets)):
        s = v.deal(v.presets[preset], seed=seed)
        expert, search = ExpertPlayer(seed=seed, budget=None), SamplingPlayer(seed=seed, samples=256, budget=None)
        other = SamplingPlayer(seed=99, samples=8, budget=None)
        decisions = 0
        while s.result is None:
            view = s.view(s.to_act)
            if s.to_act == 0:
                a = expert.choose(view)
                assert a == search.choose(view), (preset, view)
                if len(view.legal_actions) > 1:
                    decisions += 1
                    assert expert.last_advice.samples == 256
            else:
                a = other.choose(view)
            s = s.apply(a)
        assert decisions >= 3, preset
    assert ExpertPlayer(samples=8).samples == 8 and ExpertPlayer().samples is None
    few = ExpertPlayer(seed=1, samples=5, budget=None)
    s = v.deal(seed=1)
    while s.to_act != 0 or len(s.legal_actions()) < 2:
        s = s.apply(s.legal_actions()[0])
    few.choose(s.view(0))
    assert few.last_advice.samples == 5


def test_the_experts_clock_grows_with_its_sampled_deals(monkeypatch):
    """Search's 0.8 s is for 64 deals: the expert with 256 has 3.2 s at most; with no clock, none."""
    from cardlab.analysis import advice

    budgets = []
    real = advice.advise
    monkeypatch.setattr(advice, "advise", lambda *a, **k: budgets.append(k["budget"]) or real(*a, **k))
    v = variants.get("sixty-six")
    s = v.deal(seed=1)
    while s.to_act != 0 or len(s.legal_actions()) < 2:
        s = s.apply(s.legal_actions()[0])
    ExpertPlayer(seed=1).choose(s.view(0))
    ExpertPlayer(seed=1, samples=32).choose(s.view(0))
    ExpertPlayer(seed=1, budget=None).choose(s.view(0))
    assert budgets == [pytest.approx(3.2), pytest.approx(0.4), None]


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
    for bad in (0, -1, 1.5, True, "8"):
        with pytest.raises(AnalysisArgumentError):
            ExpertPlayer(before_play_samples=bad)
    assert ExpertPlayer().before_play_samples is None          # the adapter's count


@pytest.mark.parametrize("name", [n for n in variants.names() if "expert" in variants.get(n).player_kinds])
def test_the_play_table_offers_the_expert_where_a_game_declares_it_and_plays_a_hand_with_it(name, monkeypatch):
    """The game's opponent menu offers the expert (the registry line's extra level), chosen in
    words; whole hands against experts are played by clicking random legal choices, with no
    error, until the experts' own valuation has chosen at least once."""
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import PlayTable

    ad = adapters.get(name)
    chosen = []

    def counted(view, samples, seed):
        choice = ad.before_play(view, samples, seed)
        chosen.append(choice)
        return choice

    if ad.before_play is not None:
        monkeypatch.setitem(adapters._REGISTRY, name, dataclasses.replace(ad, before_play=counted))
    else:                  # more sampled deals: count the searches asked for the adapter's count
        searched = ExpertPlayer._search

        def counted_search(self, views, seed, samples=None, budget=None):
            best = searched(self, views, seed, samples, budget)
            chosen.append(best if samples == ad.expert_samples else None)
            return best

        monkeypatch.setattr(ExpertPlayer, "_search", counted_search)
    for seed in range(3, 15):
        p = PlayTable(variant=name, seed=seed)
        labels = dict((k, lbl) for lbl, k in p.opponent_menu.options)
        assert labels["expert"] == "Expert (strongest; thinks longer)"
        p.opponent_menu.value = "expert"
        assert p._players and all(isinstance(x, ExpertPlayer) for x in p._players.values())
        rng = random.Random(seed)
        while not p.state.is_finished:
            legal = p.state.legal_actions()
            # in an auction, a learner who passes leaves the computers to bid (and to be valued)
            passes = [a for a in legal if a.kind == "pass" and getattr(p.state, "phase", "") == "bidding"]
            p.act(passes[0] if passes and seed % 2 else rng.choice(legal))
        assert not p.errors and p.state.result is not None
        if any(c is not None for c in chosen):
            break
    assert any(c is not None for c in chosen), name


def test_only_the_games_that_declare_what_the_expert_adds_offer_it():
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import PlayTable

    for name in variants.names():
        offered = "expert" in dict((k, lbl) for lbl, k in PlayTable(variant=name, seed=1).opponent_menu.options)
        assert offered == adapters.get(name).has_expert, name
        assert offered == ("expert" in variants.get(name).player_kinds), name


# --- four-player Mariage: the trump choice and the announcements -------------------------------------

def _m4_decisions(rules, seeds):
    """(state, view) at every trump choice and announcement with a choice, over rule-based hands."""
    from cardlab.players.mariage4 import Mariage4Player

    v = variants.get("mariage-4")
    for seed in seeds:
        s = v.deal(rules, dealer=seed % 4, seed=seed)
        players = [Mariage4Player(seed * 4 + k) for k in range(4)]
        while s.result is None and s.phase in ("cut", "trumps", "announce", "nines", "give"):
            view = s.view(s.to_act)
            if s.phase in ("trumps", "announce") and len(view.legal_actions) > 1:
                yield s, view
            s = s.apply(players[s.to_act].choose(view))


def _as_dealt(state):
    """The four hands as the cut pack deals them (first packet, then second)."""
    p, e = state.cut_pack, state.eldest
    return [list(p[3 * ((s - e) % 4):3 * ((s - e) % 4) + 3]) + list(p[12 + 3 * ((s - e) % 4):15 + 3 * ((s - e) % 4)])
            for s in range(4)]


@pytest.mark.parametrize("preset", sorted(variants.get("mariage-4").presets))
def test_a_four_player_decision_rebuilt_from_the_true_cards_plays_on_as_the_real_one(preset):
    """Given the true hidden cards, the state rebuilt from a view has the same decision (phase,
    seat, hands, trumps, legal actions), and after each legal action the same players play both
    to the same result."""
    from cardlab.analysis import adapt_mariage4 as a4
    from cardlab.players.mariage4 import Mariage4Player

    rules = variants.get("mariage-4").presets[preset]
    seen = 0
    for state, view in _m4_decisions(rules, range(12)):
        rebuilt = a4._rebuilt(view, _as_dealt(state))
        if rebuilt is None:            # a nines game or an ask for a nine: courses the rebuild leaves out
            assert state.asked or state.nines is not None, (preset, view)
            continue
        seen += 1
        # the same view, but for the cuts (the rebuild cuts once, at 12) and what they showed
        again = dataclasses.replace(rebuilt.view(view.seat), cuts=view.cuts, bottom_cards=view.bottom_cards)
        assert again == view, preset
        for field in ("phase", "hands", "trump", "named_trump", "trump_turned", "standing", "to_act", "undealt"):
            assert getattr(rebuilt, field) == getattr(state, field), (preset, field)
        for a in view.legal_actions:
            ends = []
            for s in (state.apply(a), rebuilt.apply(a)):
                players = [Mariage4Player(k) for k in range(4)]
                while s.result is None:
                    s = s.apply(players[s.to_act].choose(s.view(s.to_act)))
                ends.append((s.result.pair_game_points(0), s.result.pair_game_points(1), s.result.reason))
            assert ends[0] == ends[1], (preset, a)
    assert seen >= 20, preset


def test_sampled_four_player_deals_keep_what_the_seat_sees():
    """A sampled deal gives the seat its own cards in order, the others the cards shown in their
    hands (the turned trump stays where the deal put it), and the rest of the pack once each."""
    from cardlab.analysis import adapt_mariage4 as a4
    from cardlab.cards import PACK_24

    rng = random.Random(0)
    for state, view in _m4_decisions(variants.get("mariage-4").default_rules, range(8)):
        for _ in range(5):
            hands = a4._sampled_hands(view, rng)
            if hands is None:
                continue
            assert sorted(c for h in hands for c in h) == sorted(PACK_24)
            assert hands[view.seat][:len(view.hand)] == list(view.hand)
            for s in range(4):
                assert set(view.known[s]) <= set(hands[s])
            if view.trump_turned is not None:
                k = 5 if view.rules.turned_card == "sixth" else 2
                assert hands[view.eldest][k] == view.trump_turned


def test_the_four_player_expert_announces_a_sure_five_the_rule_based_player_passes():
    """Five aces-or-kings that no unseen card beats and a nine to set aside: "five" (the declarer
    takes every trick, worth 5) is sure, and the valuation finds it; the rule-based player, who
    announces only six sure tops, passes [m4.contract]."""
    from cardlab import mariage4 as m
    from cardlab.players.mariage4 import Mariage4Player

    ad = adapters.get("mariage-4")
    hands = ["K♣ Q♣ J♣ 10♣ 9♣ J♠", "A♣ A♥ K♥ A♠ 9♠ A♦", "Q♠ J♥ 10♠ K♠ 10♥ Q♥", "9♥ K♦ Q♦ J♦ 10♦ 9♦"]
    s = m.deal_from_hands(hands, m.RUSSIAN_4, dealer=0).apply("cut 12").apply("trump ♣")
    while s.to_act != 1:
        s = s.apply("pass")
    view = s.view(1)
    assert Mariage4Player(0).choose(view) == m.PASS
    assert ad.before_play(view, 16, 3) == m.CONTRACT_ACTIONS["five"]
    assert ad.before_play(view, 16, 3) == ad.before_play(view, 16, 3)


def test_the_four_player_valuation_leaves_the_cut_and_the_play_to_search():
    ad = adapters.get("mariage-4")
    s = variants.get("mariage-4").deal(seed=5)
    assert ad.before_play(s.view(s.to_act), 8, 0) is None                    # the cut
    players = [ExpertPlayer(seed=k, samples=4, budget=None) for k in range(4)]
    valued = 0
    while s.result is None:
        view = s.view(s.to_act)
        if view.phase == "play" and len(view.legal_actions) > 1:
            assert ad.before_play(view, 8, 0) is None
        valued += view.phase in ("trumps", "announce") and len(view.legal_actions) > 1
        s = s.apply(players[s.to_act].choose(view))
    assert valued


# --- 501: the bidder's trumps and first card passed -----------------------------------------------

def _r501_decisions(rules, seeds, table=3):
    """(state, view) at every bidder's contract and first card passed, over rule-based hands."""
    v = variants.get("russian-501")
    for seed in seeds:
        s = v.deal(rules, dealer=seed % table, seed=seed, names=("A", "B", "C", "D")[:table])
        players = [v.make_player("heuristic", seed * 4 + k) for k in range(table)]
        while s.result is None and s.phase != "play":
            view = s.view(s.to_act)
            if s.phase in ("contract", "give") and not view.given_to:
                yield s, view
            s = s.apply(players[s.to_act].choose(view))


def _r501_as_dealt(state):
    return [list(state.hands[x][:7]) if x == state.bidder else list(state.hands[x]) for x in range(len(state.names))]


@pytest.mark.parametrize("preset,table", [(p, 3) for p in sorted(variants.get("russian-501").presets)] + [("pagat", 4)])
def test_a_501_decision_rebuilt_from_the_true_cards_is_the_real_one(preset, table):
    """Given the true hidden cards, the state rebuilt from the bidder's view gives the same view
    (auction, hands, prikup, legal actions), and after each candidate the same players play both
    to the same result."""
    from cardlab.analysis import adapt_russian501 as a5

    v = variants.get("russian-501")
    rules = v.presets[preset]
    seen = 0
    for state, view in _r501_decisions(rules, range(10), table):
        rebuilt = a5._rebuilt(view, _r501_as_dealt(state))
        assert rebuilt is not None, (preset, view.auction)
        assert rebuilt.view(view.seat) == view
        seen += 1
        for a in view.legal_actions[:3] + view.legal_actions[-2:]:
            ends = []
            for s in (state.apply(a), rebuilt.apply(a)):
                players = [v.make_player("heuristic", k) for k in range(table)]
                while s.result is None:
                    s = s.apply(players[s.to_act].choose(s.view(s.to_act)))
                ends.append(s.result.returns)
            assert ends[0] == ends[1], (preset, a)
    assert seen >= 8, preset


def test_the_501_choice_is_the_rule_based_level_in_the_suit_made_most_often():
    """At the contract, the expert keeps the rule-based player's level (and its concession) and
    names the trumps whose contract was made in the most sampled deals (then the most points);
    its first card passed is likewise the best valued; the same seed gives the same choice."""
    from cardlab.analysis import adapt_russian501 as a5
    from cardlab.players.russian501 import Russian501Player

    ad = adapters.get("russian-501")
    kinds = set()
    for state, view in _r501_decisions(variants.get("russian-501").default_rules, range(6)):
        usual = Russian501Player(7).choose(view)
        choice = ad.before_play(view, 6, 7)
        if view.phase == "contract" and usual.kind != "contract":
            assert choice is None
            continue
        assert choice in view.legal_actions and choice == ad.before_play(view, 6, 7)
        kinds.add(view.phase)
        if view.phase == "contract":
            assert choice.value[1] == usual.value[1]
            candidates = tuple(a for a in view.legal_actions if a.kind == "contract" and a.value[1] == usual.value[1])
        else:
            candidates = tuple(view.legal_actions)
        values, _deals = a5._values(view, candidates, 6, 7)
        assert tuple(values[candidates.index(choice)]) == max(tuple(x) for x in values)
    assert kinds == {"contract", "give"}


def test_the_501_valuation_leaves_the_auction_the_opponents_and_the_play_to_search():
    v = variants.get("russian-501")
    ad = adapters.get("russian-501")
    s = v.deal(seed=4)
    players = [ExpertPlayer(seed=k, samples=4, budget=None, before_play_samples=4) for k in range(3)]
    valued = 0
    while s.result is None:
        view = s.view(s.to_act)
        if len(view.legal_actions) > 1 and (view.phase in ("bidding", "play") or view.seat != view.bidder
                                             or view.given_to):
            assert ad.before_play(view, 4, 0) is None
        valued += view.phase in ("contract", "give") and not view.given_to
        s = s.apply(players[s.to_act].choose(view))
    assert valued
