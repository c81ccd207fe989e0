"""Random simulation of whole Sixty-six hands under every preset, checking invariants at every
step (in the spirit of OpenSpiel's random-simulation tests, design-notes.md).

At every state: all 24 cards accounted for exactly once; the legal list is non-empty while the
hand runs, empty when it is over, equal to an independent oracle of the rules
(helpers_66.expected_legal) and every legal action applies; card points equal the points of the
cards in the completed tricks; points(seat) = card points + bonus + marriages (once the seat has
a trick); in automatic mode no running state has a player at 66; seat views hide the opponent's
unknown cards and the face-down stock. At the end: a fully played hand holds 120 card points and
the last-trick 10 exactly when the stock ran out without a close (0 in Russian Mariage); the
result is consistent with the rules; the record round-trips through JSON to equal states.

Deterministic: seeded loops, and hypothesis with derandomize=True.
"""

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab import PACK_24, Card, Rank, records
from cardlab import sixtysix as ss
from cardlab.players import RandomPlayer, make_player
from cardlab.players.sixtysix import SixtySixPlayer
from cardlab.records import Record
from cardlab.tricks import Trick
from helpers_66 import POINTS, expected_legal, game_points_for

PACK_SORTED = sorted(PACK_24)
PRESET_NAMES = list(ss.PRESETS)


# -- one hand with every check ---------------------------------------------------------------

class Tracker:
    """What the rules say about a hand, followed action by action, independently of the engine's
    own bookkeeping: the marriage announced on this lead, the cards each seat has shown, the
    marriage points, the closer's opponent's situation at the close."""

    def __init__(self, rules):
        self.rules = rules
        self.pending = None
        self.known = [set(), set()]
        self.marriage_points = [0, 0]
        self.close_info = None
        self.after = None            # "trick" / "close" / None: what the last action did

    def step(self, parent, action, child):
        seat = parent.to_act
        self.after = None
        if action.kind == "marriage":
            suit = action.value
            self.pending = suit
            self.known[seat] |= {Card.of(suit, Rank.KING), Card.of(suit, Rank.QUEEN)}
            self.marriage_points[seat] += 40 if suit == parent.trump else 20
        elif action.kind == "play":
            self.pending = None
            if parent.trick:
                self.after = "trick"
        elif action.kind == "exchange":
            self.known[seat].add(parent.turnup)
        elif action.kind == "close":
            other = 1 - seat
            self.close_info = (parent.points(other), parent.tricks_won[other] > 0)
            self.after = "close"
        if parent.turnup_in_stock and not child.turnup_in_stock:      # the last draw
            taker = 0 if parent.turnup in child.hands[0] else 1
            self.known[taker].add(parent.turnup)


def trick_cards(s):
    return [c for t in s.tricks for _, c in t.cards]


def check_state(s, tr: Tracker, apply_all=True):
    rules = s.rules
    # 1. every card exactly once
    cards = list(s.hands[0]) + list(s.hands[1]) + list(s.stock) + list(s.trick) + trick_cards(s)
    if s.turnup_in_stock:
        cards.append(s.turnup)
    assert sorted(cards) == PACK_SORTED, Counter(cards)
    assert s.stock_size == len(s.stock) + s.turnup_in_stock
    # 2. legal actions
    legal = s.legal_actions()
    if s.is_finished:
        assert legal == () and s.to_act is None
    else:
        assert legal, "no legal action in a running hand"
        assert s.to_act in (0, 1)
        assert len(set(legal)) == len(legal)
        assert {str(a) for a in legal} == expected_legal(s, tr.pending, tr.after), s.actions()
        if apply_all:
            for a in legal:
                nxt = s.apply(a)
                assert nxt.parent is s and nxt.last_action == a
                assert ss.parse_action(str(a)) == a
    # 3. points
    for seat in (0, 1):
        won = [t for t in s.tricks if t.winner == seat]
        assert s.tricks_won[seat] == len(won)
        assert s.card_points[seat] == sum(POINTS[c.rank] for t in won for _, c in t.cards)
        assert s.marriage_points[seat] == tr.marriage_points[seat]
        expect = s.card_points[seat] + s.bonus[seat] + (s.marriage_points[seat] if won else 0)
        assert s.points(seat) == expect
    assert sum(s.card_points) == sum(POINTS[c.rank] for c in trick_cards(s))
    if not s.is_finished:
        assert s.bonus == (0, 0)
        if rules.going_out == "automatic":
            assert s.points(0) < 66 and s.points(1) < 66, "a running hand with a player at 66"
    # 4. seat views
    for seat in (0, 1):
        v = s.view(seat)
        other = 1 - seat
        assert v.hand == s.hands[seat]
        assert set(v.opponent_known) == tr.known[other] & set(s.hands[other])
        visible = set(v.hand) | set(v.opponent_known) | set(v.trick)
        for t in v.tricks:
            assert isinstance(t, Trick) and t.cards[1][0] == 1 - t.leader
            visible |= set(t.played)
        if v.turnup is not None:
            visible.add(v.turnup)
            assert s.turnup_in_stock and v.turnup == s.turnup
        unseen = set(v.unseen)
        assert len(unseen) == len(v.unseen)
        hidden = (set(s.hands[other]) - tr.known[other]) | set(s.stock)
        assert unseen == hidden
        assert not (visible & hidden)
        assert visible | unseen == set(PACK_24)
        assert v.opponent_hand_size == len(s.hands[other])
        assert v.points == (s.points(0), s.points(1)) and v.stock_size == s.stock_size
        assert v.legal_actions == (legal if s.to_act == seat else ())


def check_result(f, tr: Tracker):
    r = f.result
    rules = f.rules
    p = (f.points(0), f.points(1))
    assert r.points == p and r.tricks == f.tricks_won
    assert r.game_points in (0, 1, 2, 3)
    assert (r.winner is None) == (r.game_points == 0) == (r.reason == "draw")
    assert isinstance(r, ss.SixtySixResult) and sum(r.returns) == r.game_points
    assert r.winner is None or r.returns[r.winner] == r.game_points
    assert f.phase == "over"
    if len(f.tricks) == 12:                                   # every card played
        # all 24 cards were played, so the stock was never closed (a close leaves cards in it)
        assert not f.hands[0] and not f.hands[1] and f.stock_size == 0 and f.closed_by is None
        assert sum(f.card_points) == 120
        last = f.tricks[-1].winner
        bonus = rules.last_trick_bonus if f.closed_by is None else 0
        expect = [0, 0]
        expect[last] = bonus
        assert f.bonus == tuple(expect), ("last-trick bonus", f.bonus, expect, r)
    else:
        assert f.bonus == (0, 0)
    if r.winner is not None:
        w, lo = r.winner, 1 - r.winner
    if r.reason == "66":
        assert f.closed_by is None and p[w] >= 66
        assert r.game_points == game_points_for(p[lo], f.tricks_won[lo] > 0)
    elif r.reason == "closer_made":
        assert w == f.closed_by and p[w] >= 66
        assert f.close_info == tr.close_info
        if rules.closed_game_points is not None:
            assert r.game_points == rules.closed_game_points
        elif rules.close_count_rule == "whole_hand":
            assert r.game_points == game_points_for(p[lo], f.tricks_won[lo] > 0)
        else:
            assert r.game_points == game_points_for(*tr.close_info)
    elif r.reason == "closer_failed":
        assert w == 1 - f.closed_by
        if rules.failed_close == "flat_three":
            assert r.game_points == 3
        elif p[w] < 66:            # the cards ran out: 2, or 3 if no trick at the close (C-5)
            assert r.game_points == (2 if tr.close_info[1] else 3)
        else:                      # the non-closer went out first: see test_sixtysix_scoring
            assert r.game_points in (2, 3)
    elif r.reason == "last_trick":
        assert rules.tie_rule == "last_trick" and f.closed_by is None
        assert w == f.tricks[-1].winner and r.game_points == 1
        if rules.going_out == "automatic":
            assert p[0] < 66 and p[1] < 66
    elif r.reason == "draw":
        assert rules.tie_rule in ("draw", "draw_plus_next") and f.closed_by is None
    elif r.reason == "false_claim":
        assert rules.going_out == "claim" and f.last_action.kind == "out"
        assert p[lo] < 66 and r.game_points == rules.false_claim_points
    else:
        raise AssertionError(f"unknown reason {r.reason}")


def state_key(s):
    return (str(s.last_action), s.hands, s.stock, s.turnup, s.turnup_in_stock, s.trick, s.tricks, s.to_act,
            s.card_points, s.bonus, s.marriage_points, s.closed_by, s.result, tuple(map(str, s.legal_actions())))


def check_record(f):
    text = Record.from_state(f).to_json()
    back = records.loads(text).replay()[0]
    ha, hb = f.history(), back.history()
    assert len(ha) == len(hb)
    for x, y in zip(ha, hb):
        assert state_key(x) == state_key(y)


def choose(rng, s, mode):
    legal = s.legal_actions()
    kinds = {a.kind for a in legal}
    if "out" in kinds:
        out = next(a for a in legal if a.kind == "out")
        if s.points(s.to_act) >= 66:
            if rng.random() < 0.8:
                return out
        elif rng.random() < 0.97:
            legal = tuple(a for a in legal if a.kind != "out")
    if mode == "plays":   # no closing: the stock runs out, so hands are often played to the end
        legal = tuple(a for a in legal if a.kind != "close") or legal
    return rng.choice(legal)


def simulate(seed, preset, dealer, mode, apply_all=True):
    rules = ss.PRESETS[preset]
    rng = random.Random(seed * 7 + 1)
    s = ss.deal(rules, dealer=dealer, seed=seed)
    tr = Tracker(rules)
    check_state(s, tr, apply_all)
    steps = 0
    while not s.is_finished:
        a = choose(rng, s, mode)
        nxt = s.apply(a)
        tr.step(s, a, nxt)
        s = nxt
        check_state(s, tr, apply_all)
        steps += 1
        assert steps < 200
    check_result(s, tr)
    return s


# -- the runs ---------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_random_hands_seeded(preset):
    """1,000 hands per preset (3,000 in all), half with closing allowed, half without. A failing
    hand does not stop the run: every hand is checked and the failures are reported together."""
    counts, kinds = Counter(), Counter()
    failures = []
    for i in range(1000):
        seed = 10_000 * (PRESET_NAMES.index(preset) + 1) + i
        mode = "any" if i % 2 else "plays"
        try:
            f = simulate(seed=seed, preset=preset, dealer=i % 2, mode=mode)
            if i % 5 == 0:
                check_record(f)
        except AssertionError as exc:
            failures.append(f"seed={seed} dealer={i % 2} mode={mode}: {str(exc).splitlines()[0][:300]}")
            continue
        counts[f.result.reason] += 1
        kinds.update(a.kind for a in f.actions())
        if len(f.tricks) == 12:
            counts["all cards played"] += 1
        if f.view(0).opponent_known or f.view(1).opponent_known:
            counts["shown cards"] += 1
    assert not failures, f"{len(failures)} of 1000 hands failed; first ones:\n" + "\n".join(failures[:5])
    # the runs reach the interesting situations of each preset
    assert counts["66"] > 0 and counts["all cards played"] > 0 and counts["shown cards"] > 0
    assert counts["closer_made"] > 0 and counts["closer_failed"] > 0
    assert kinds["marriage"] > 0 and kinds["close"] > 0
    rules = ss.PRESETS[preset]
    assert (kinds["exchange"] > 0) == rules.nine_exchange
    assert (kinds["draw"] > 0) == rules.close_before_draw
    assert (kinds["pass"] > 0) == rules.exchange_on_close
    assert (kinds["out"] > 0) == (rules.going_out == "claim")
    if rules.tie_rule == "last_trick":
        assert counts["last_trick"] > 0
    if rules.going_out == "claim":
        assert counts["false_claim"] > 0


@settings(max_examples=500, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), preset=st.sampled_from(PRESET_NAMES), dealer=st.sampled_from([0, 1]),
       mode=st.sampled_from(["any", "plays"]))
def test_random_hands_hypothesis(seed, preset, dealer, mode):
    f = simulate(seed, preset, dealer, mode)
    check_record(f)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_heuristic_against_random(preset):
    """A few hundred hands of the heuristic player against the random one: players see only a
    SixtySixView, every choice is legal, and each hand ends with a valid result."""
    rules = ss.PRESETS[preset]
    heur, rand = SixtySixPlayer(), RandomPlayer(seed=3)
    wins = Counter()
    failures = []
    for i in range(200):
        players = (heur, rand) if i % 2 == 0 else (rand, heur)
        s = ss.deal(rules, dealer=i % 2, seed=50_000 + i)
        tr = Tracker(rules)
        while not s.is_finished:
            seat = s.to_act
            view = s.view(seat)
            a = players[seat].choose(view)
            assert a in s.legal_actions()
            nxt = s.apply(a)
            tr.step(s, a, nxt)
            s = nxt
        try:
            check_state(s, tr, apply_all=False)
            check_result(s, tr)
        except AssertionError as exc:
            failures.append(f"seed={50_000 + i}: {str(exc).splitlines()[0][:300]}")
        if s.result.winner is not None:
            wins[players[s.result.winner].name] += s.result.game_points
    assert not failures, f"{len(failures)} of 200 hands failed; first ones:\n" + "\n".join(failures[:5])
    assert wins["heuristic"] > wins["random"], wins


def test_make_player():
    assert isinstance(make_player("random", 1), RandomPlayer)
    assert isinstance(make_player("heuristic"), SixtySixPlayer)
    with pytest.raises(ValueError, match="random"):
        make_player("minimax")
