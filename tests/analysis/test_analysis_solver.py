"""The exact solver (cardlab.analysis) on Sixty-six end games: equal to brute-force minimax over
the engine's state API on hundreds of small positions of every preset (lead positions, positions
in the middle of a trick, positions right after a marriage was announced), and hand-checked
values of known positions."""

import random

import pytest

from cardlab import sixtysix as ss
from cardlab.analysis import NotSolvable, action_values, best_line, brute_force, solve, value_table
from cardlab.analysis import adapters
from cardlab.analysis.solver import Solver, bit_card, card_bit, cards_of, mask_of
from cardlab.cards import PACK_24
from cardlab.tricks import TrickRules
from helpers_66 import deal66


def end_game(seed, rules, max_cards, where="lead", close_p=0.15):
    """Play a seeded random hand until the stock is closed or exhausted and the player to act
    holds at most ``max_cards``; ``where`` picks a position at a lead, in the middle of a trick,
    or right after a marriage was announced. None if the hand ended first."""
    rng = random.Random(seed)
    s = ss.deal(rules, dealer=seed & 1, seed=seed)
    while not s.is_finished:
        if (not s.stock_open and not s.draw_pending and not s.close_exchange
                and len(s.hands[s.to_act]) <= max_cards):
            if where == "lead" and not s.trick and s.pending_marriage is None:
                return s
            if where == "trick" and s.trick:
                return s
            if where == "marriage" and s.pending_marriage is not None:
                return s
        legal = s.legal_actions()
        close = [a for a in legal if a.kind == "close"]
        marry = [a for a in legal if a.kind == "marriage"]
        if close and rng.random() < close_p:
            s = s.apply(close[0])
        elif marry and where == "marriage" and not s.stock_open:
            s = s.apply(marry[0])
        else:
            s = s.apply(rng.choice(legal))
    return None


@pytest.mark.parametrize("preset", list(ss.PRESETS))
@pytest.mark.parametrize("where", ["lead", "trick", "marriage"])
def test_solver_equals_brute_force(preset, where):
    rules = ss.PRESETS[preset]
    checked = 0
    for seed in range(400):
        s = end_game(seed, rules, 4, where)
        if s is None:
            continue
        for seat in (0, 1):
            assert solve(s, seats=seat) == brute_force(s, seats=seat), (preset, seed, seat, s.actions())
        checked += 1
        if checked >= 40:
            break
    # marriages after the stock exist in Santase only; the other positions are common
    assert checked >= (10 if where == "marriage" and preset == "santase" else 0 if where == "marriage" else 30)


def test_values_are_zero_sum():
    for seed in range(60):
        s = end_game(seed, ss.SANTASE, 5)
        if s is not None:
            assert solve(s, seats=0) == -solve(s, seats=1)


def test_card_bits_round_trip():
    tr = TrickRules()
    assert {card_bit(c, tr) for c in PACK_24} == {16 * s + k for s in range(4) for k in range(1, 7)}
    for c in PACK_24:
        assert bit_card(card_bit(c, tr), tr) == c
    assert sorted(cards_of(mask_of(PACK_24[:6], tr), tr)) == sorted(PACK_24[:6])
    # A beats 10 beats K in the same suit: higher bits
    a, t, k = (card_bit(c, tr) for c in PACK_24[:3])   # A♣ 10♣ K♣
    assert a > t > k


# -- hand-checked positions (Russian Mariage lets the leader close on the first lead) -----------


def test_close_with_five_top_trumps_makes_three():
    # A leads and closes at once, holding A♠ 10♠ K♠ Q♠ J♠ K♥ (trumps ♠, the 9♠ turned up). B has
    # A♥ 10♥ A♦ 10♦ A♣ 10♣ and no trump. A's five trumps win five tricks: 11+10+4+3+2 = 30 plus
    # five of B's cards, at least 63 - 11 = 52 (B can keep back one ace at most): 82 >= 66, so
    # the close is made, and a made close scores 3 in Russian Mariage (closed_game_points=3).
    s = deal66(["A♠ 10♠ K♠ Q♠ J♠ K♥", "A♥ 10♥ A♦ 10♦ A♣ 10♣"], "9♠", rules=ss.RUSSIAN_MARIAGE)
    closed = s.apply("close")
    assert solve(closed, seats=0) == 3 == brute_force(closed, seats=0)
    assert solve(closed, seats=1) == -3


def test_close_without_a_trick_fails_three():
    # A closes holding 9♥ J♥ 9♦ J♦ 9♣ J♣, B holds A♥ 10♥ A♦ 10♦ A♣ 10♣ (trumps ♠, turn-up 9♠):
    # every A card is lower than B's cards of its suit and nobody holds a trump, so B wins every
    # trick; A ends with 0 < 66 and a failed close gives B a flat 3 (Russian Mariage).
    s = deal66(["9♥ J♥ 9♦ J♦ 9♣ J♣", "A♥ 10♥ A♦ 10♦ A♣ 10♣"], "9♠", rules=ss.RUSSIAN_MARIAGE)
    closed = s.apply("close")
    assert solve(closed, seats=0) == -3
    assert [v for _a, v in action_values(closed, seats=0)] == [-3] * 6


# seed 67, dealer B: A closes after trick 4 with B on 0 points and no trick; two tricks later
ACTIONS_67 = "J♦ J♣ J♥ 9♣ K♣ K♥ 10♠ K♠ close 10♥ Q♥ J♠ 9♠ Q♣ A♣".split()


def test_not_announcing_a_marriage_can_be_best():
    # Santase, trumps ♦. A closed (43 card points now); B had no trick at the close and has 14
    # now. A holds A♥ 9♦ A♠, B holds 10♦ Q♦ K♦ and leads.
    # - Announcing the trump marriage (40): 14 + 40 = 54, and B must then win every trick (all
    #   his cards are trumps): 54 + (10+3+4) + (0+11+11) = 93, so B goes out on the closer, who
    #   pays 2 for being gone out on.
    # - Not announcing: 14 + 17 + 22 = 53 < 66 and A stays on 43: the cards run out, the close
    #   failed, and B had no trick when A closed, so A pays 3.
    s = ss.deal(ss.SANTASE, dealer=1, seed=67).apply_all(ACTIONS_67)
    assert s.to_act == 1 and s.points(0) == 43 and s.points(1) == 14
    values = dict((str(a), v) for a, v in action_values(s, seats=1))
    assert values["marriage ♦"] == 2
    assert max(values.values()) == 3 == solve(s, seats=1) == brute_force(s, seats=1)
    line = best_line(s, seats=1)
    assert line[0] is s and line[-1].is_finished
    assert line[-1].result.reason == "closer_failed" and line[-1].result.game_points == 3
    assert all(a.kind != "marriage" for a in line[-1].actions()[len(ACTIONS_67):])


def test_value_table():
    s = ss.deal(ss.SANTASE, dealer=1, seed=67).apply_all(ACTIONS_67)
    t = value_table(s, seats=1)
    assert list(t.index) == [str(a) for a in s.legal_actions()]
    assert t.loc["marriage ♦", "value (game points)"] == 2
    assert t.loc["marriage ♦", "meaning"] == "B wins 2 game points"
    assert (t["best"] == "★").sum() >= 1 and t.loc["marriage ♦", "best"] == ""
    assert set(t["best"]) <= {"★", ""}
    html = t.to_html()
    assert "True" not in html and "False" not in html
    assert html.count("<tr") == len(t) + 1, "one header row, then one row per action"


def test_open_stock_is_not_solvable_but_close_is_valued():
    s = ss.deal(ss.SANTASE, dealer=1, seed=67).apply_all(ACTIONS_67[:8])
    assert s.stock_open
    with pytest.raises(NotSolvable, match="stock is still open"):
        solve(s)
    vals = dict((a.kind if a.kind != "play" else str(a), v) for a, v in action_values(s))
    assert vals["close"] is not None and all(v is None for k, v in vals.items() if k != "close")


def test_unknown_variant():
    with pytest.raises(NotSolvable, match="no adapter"):
        adapters.get("no-such-game")


def test_zero_window_and_mtd_agree_with_full_window():
    # a wide payoff (the closer's card points at the end) exercises the MTD(f) path
    for seed in range(40):
        s = end_game(seed, ss.SANTASE, 5)
        if s is None:
            continue
        spec = adapters.get("sixty-six").play_spec(s, (0,))
        spec.payoff = lambda P, T, last, stop: P[0]
        spec.bounds = (0, 250)
        spec.target = None
        full = Solver(spec).search(-1, 251)
        assert Solver(spec).value() == full
        assert Solver(spec).at_least(full) and not Solver(spec).at_least(full + 1)
