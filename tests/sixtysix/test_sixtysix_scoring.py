"""Sixty-six scoring: game points per hand, closing outcomes, ties, claims, the game to the
target and the presets.

Rule sources (docs/rules-notes.md):
* §3.1 "Game points per hand" [FGS]: winner 1; 2 if the loser has fewer than 33; 3 if the
  loser took no trick. C-9: exactly 33 -> 1. C-10: a trick of two nines (0 points) is a trick.
* C-5 failed close: the opponent gets 2, or 3 if he had no trick when the stock was closed;
  flat_three: always 3. "If the non-closer goes out with 66 first: P66 gives 2, flat-3 mode
  gives 3" (P66 score table: "A player closes the talon, but the other player then wins by going
  out with 66 or more points: 2 game points").
* C-6 successful close: the opponent's points over the whole hand ("whole_hand", P66) or at
  the moment of closing ("at_close", Schnapsen).
* §4.1 / D-7 Russian Mariage: a closed game made always scores 3; a failed close gives 3.
* C-3 65-65: last-trick winner 1 (seed) | draw | draw and +1 to the next hand's winner.
* C-8 claims: a false "out" gives the opponent 2.
* C-12 / D-17 targets: Santase 11; German 66 and Russian Mariage 7. §5: German 7-0 counts double.
* C-2 next dealer: winner deals (Santase, German), alternate (Russian); after a draw the same
  dealer deals again.
"""

import pytest

from cardlab import sixtysix as ss
from helpers_66 import (by_role, deal66, finish, legal, one_point_leader, play_out, run,
                        schwarz_dealer, schwarz_leader, tie_hand, tricks_points)

SANTASE, RUSSIAN, GERMAN = ss.SANTASE, ss.RUSSIAN_MARIAGE, ss.GERMAN_66
PRESET_IDS = ["santase", "russian", "german"]


# =============================================================================================
# 1, 2 or 3 game points
# =============================================================================================

@pytest.mark.parametrize("loser_points, trick, gp", [
    (33, True, 1), (32, True, 2), (0, True, 2), (65, True, 1), (0, False, 3), (40, False, 3),
])
def test_hand_game_points_function(loser_points, trick, gp):
    assert ss.hand_game_points(loser_points, trick) == gp


@pytest.mark.parametrize("rules", [SANTASE, RUSSIAN, GERMAN], ids=PRESET_IDS)
def test_loser_with_exactly_33_gives_1(rules):
    f = one_point_leader(rules, dealer=1)
    # B: 10♥ + A♥ = 21, then 10♣ + J♣ = 12 -> 33.  A: 9♦ A♦ 11 + 40 + K♠ J♦ 6 + A♠ 9♣ 11 = 68
    assert f.result.points == (68, 33)
    assert tricks_points(f, 1) == 33 and tricks_points(f, 0) == 28
    assert f.result.winner == 0 and f.result.reason == "66"
    assert f.result.game_points == 1
    assert f.result.tricks == (3, 2)


@pytest.mark.parametrize("rules", [SANTASE, RUSSIAN, GERMAN], ids=PRESET_IDS)
def test_loser_with_32_gives_2(rules):
    s = deal66(["10♥ 9♣ A♦ K♠ Q♠ A♠", "A♥ A♣ 9♦ J♦ 9♥ J♥"], "10♠", rules=rules)
    f = finish(s, "10♥ A♥ | A♣ 9♣ | 9♦ A♦ | marriage ♠ | K♠ J♦ | A♠ 9♥")
    # B: 10♥ A♥ 21 + A♣ 9♣ 11 = 32 (< 33).  A: 11 + 40 + 6 + 11 = 68
    assert f.result.points == (68, 32)
    assert f.result.winner == 0 and f.result.game_points == 2


@pytest.mark.parametrize("rules", [SANTASE, RUSSIAN, GERMAN], ids=PRESET_IDS)
def test_loser_without_a_trick_gives_3(rules):
    f = schwarz_leader(rules, dealer=1)
    # A: A♥ 9♥ 11 + 40 + K♠ 9♣ 4 + A♠ 9♦ 11 = 66; B took no trick
    assert f.result.points == (66, 0) and f.result.tricks == (3, 0)
    assert f.result.winner == 0 and f.result.game_points == 3


@pytest.mark.parametrize("rules", [SANTASE, RUSSIAN, GERMAN], ids=PRESET_IDS)
def test_a_trick_of_two_nines_is_a_trick(rules):
    """C-10: 'no trick', not 'no points': the loser's 9♦ 9♠ trick (0 points) saves the 3."""
    s = deal66(["9♦ A♦ K♠ Q♠ A♠ A♥", "9♠ J♦ 9♣ 9♥ J♣ Q♦"], "10♠", rules=rules)
    f = finish(s, "9♦ 9♠ | J♦ A♦ | marriage ♠ | K♠ 9♣ | A♠ 9♥")
    # B: 9♦ 9♠ = 0 (trump 9 wins).  A: J♦ A♦ 13 + 40 + K♠ 9♣ 4 + A♠ 9♥ 11 = 68
    assert f.result.points == (68, 0) and f.result.tricks == (3, 1)
    assert f.result.winner == 0
    assert f.result.game_points == 2       # 0 < 33, but a trick


def test_dealer_can_win_too():
    f = schwarz_dealer(SANTASE, dealer=0)
    assert f.result.winner == 0 and f.result.game_points == 3 and f.result.points == (66, 0)


def test_loser_marriage_counts_only_with_a_trick():
    """§3.1 [REC] / P66: a marriage counts only once its owner has taken a trick. Russian
    Mariage (first-lead marriages allowed): A announces 20 in ♥ on lead 1, loses K♥ to B's A♥
    and never takes a trick, so A's points stay 0 and B wins 3."""
    s = deal66(["K♥ Q♥ 9♣ 9♦ J♣ J♦", "A♥ A♠ 10♠ K♠ Q♠ 10♥"], "9♠", rules=RUSSIAN)
    f = run(s, "marriage ♥ | K♥ A♥ | marriage ♠ | K♠ 9♣ | A♠ 9♦")
    # B: K♥ A♥ 15, + 40 (♠ trumps) = 55, K♠ 9♣ 4 -> 59, A♠ 9♦ 11 -> 70
    assert f.marriage_points == (20, 40)
    assert f.result.winner == 1 and f.result.points == (0, 70)
    assert f.result.game_points == 3


def test_loser_marriage_counts_toward_33():
    """The loser's points include his valid marriage: B takes J♣ A♣ (13) and announces 20 in ♥
    -> 33 -> A wins only 1 game point (13 alone would give 2)."""
    s = deal66(["J♣ A♥ K♠ Q♠ A♠ 10♦", "A♣ K♥ Q♥ 9♦ 9♥ J♦"], "10♠")
    f = run(s, "J♣ A♣ | marriage ♥ | K♥ A♥ | marriage ♠ | K♠ 9♦ | A♠ 9♥")
    # A: K♥ A♥ 15 + 40 = 55, K♠ 9♦ 4 -> 59, A♠ 9♥ 11 -> 70
    assert f.result.winner == 0
    assert f.result.points == (70, 33)
    assert f.result.game_points == 1


# =============================================================================================
# Closing
# =============================================================================================

# CM: the leader A closes at trick 4 after announcing 40 and makes it.
# A loses 10♥ A♥ (21) and 10♣ 9♣ (10) -> B has 31 and a trick at the close; A wins 9♦ A♦ (11),
# announces 40 (51), closes; K♠ J♦ (57); A leads J♥, B must head with K♥ (B 37); B leads Q♣,
# A must head with A♣: 57 + 14 = 71.
CM_HANDS = ["10♥ 9♣ A♦ K♠ J♥ A♣", "A♥ 10♣ 9♦ J♦ K♥ Q♣"]
CM_STOCK = "10♦ Q♠ K♦ 9♥ J♣ Q♦ K♣ Q♥ A♠ J♠ 9♠"
CM_PLAY = "10♥ A♥ | 10♣ 9♣ | 9♦ A♦ | marriage ♠ | close | K♠ J♦ | J♥ K♥ | Q♣ A♣"


def cm(rules):
    return finish(deal66(CM_HANDS, "10♠", CM_STOCK, rules=rules), CM_PLAY)


@pytest.mark.parametrize("rules", [SANTASE, GERMAN], ids=["santase", "german"])
def test_closer_makes_it_whole_hand(rules):
    f = cm(rules)
    assert f.closed_by == 0 and f.close_info == (31, True)
    assert f.result.winner == 0 and f.result.reason == "closer_made"
    assert f.result.points == (71, 37)
    assert f.result.game_points == 1          # whole hand: B has 37 >= 33


def test_closer_makes_it_at_close_counting():
    f = cm(SANTASE.with_options(close_count_rule="at_close"))
    assert f.result.points == (71, 37)
    assert f.result.game_points == 2          # at the close B had 31 < 33


def test_russian_closed_game_made_is_always_3():
    f = cm(RUSSIAN)
    assert f.result.winner == 0 and f.result.reason == "closer_made"
    assert f.result.points == (71, 37)
    assert f.result.game_points == 3          # D-7: 3 whatever the opponent has


@pytest.mark.parametrize("rules", [SANTASE, SANTASE.with_options(close_count_rule="at_close"), RUSSIAN],
                         ids=["whole", "at_close", "russian"])
def test_closer_makes_it_opponent_without_trick(rules):
    s = deal66(["A♥ K♠ Q♠ A♠ J♣ J♦", "9♥ 9♣ 9♦ Q♣ Q♦ J♥"], "10♠", rules=rules)
    f = run(s, "A♥ 9♥ | marriage ♠ | close | K♠ 9♣ | A♠ 9♦")
    # A: 11 + 40 + 4 + 11 = 66; B no trick, neither at the close nor after
    assert f.result.winner == 0 and f.result.reason == "closer_made"
    assert f.result.points == (66, 0) and f.result.game_points == 3


# F1: A closes after trick 1 (B has no trick), then B takes four tricks, A two; nobody can
# reach 66 (the 14 cards left hold 25 points): A 11 + 3 + 6 = 20, B 4 + 2 + 5 + 5 = 16.
F1_HANDS = ["A♥ 9♣ J♣ Q♣ J♦ Q♦", "9♥ 9♠ J♠ Q♠ 9♦ K♦"]
F1_STOCK = "J♥ K♣ A♣ 10♣ A♦ 10♦ 10♥ K♥ Q♥ 10♠ K♠"
F1_PLAY = "A♥ 9♥ | draw? | close | 9♣ K♣ | 9♠ J♣ | J♠ Q♣ | Q♠ J♦ | 9♦ Q♦ | J♥ K♦"


@pytest.mark.parametrize("rules, gp", [
    (SANTASE, 3), (SANTASE.with_options(failed_close="flat_three"), 3), (RUSSIAN, 3), (GERMAN, 3),
], ids=["santase", "flat_three", "russian", "german"])
def test_closer_fails_opponent_had_no_trick_at_close(rules, gp):
    play = F1_PLAY
    if rules.exchange_on_close:      # German: B holds the 9♠ and may exchange at the close
        play = play.replace("close |", "close | pass |")
    f = run(deal66(F1_HANDS, "A♠", F1_STOCK, rules=rules), play)
    assert f.is_finished and not f.hands[0] and not f.hands[1]
    assert f.close_info == (0, False)
    assert f.result.points == (20, 16) and f.result.tricks == (3, 4)
    assert f.bonus == (0, 0)
    assert f.result.winner == 1 and f.result.reason == "closer_failed"
    assert f.result.game_points == gp   # B had no trick at the close, though 4 at the end


# F2: B (the dealer) closes at trick 3 after A took a trick; nobody can reach 66:
# A 11 + at most 28 = 39, B 4 + at most 28 = 32.
F2_HANDS = ["A♥ 9♣ J♣ Q♣ J♦ Q♦", "9♥ K♣ 9♠ J♠ Q♠ 9♦"]
F2_STOCK = "J♥ K♦ Q♥ K♥ A♣ 10♣ A♦ 10♦ 10♥ 10♠ K♠"


@pytest.mark.parametrize("rules, gp", [
    (SANTASE, 2), (SANTASE.with_options(failed_close="flat_three"), 3), (RUSSIAN, 3), (GERMAN, 2),
], ids=["santase", "flat_three", "russian", "german"])
def test_closer_fails_opponent_had_a_trick_at_close(rules, gp):
    s = run(deal66(F2_HANDS, "A♠", F2_STOCK, rules=rules), "A♥ 9♥ | 9♣ K♣ | draw? | close")
    assert s.closed_by == 1 and s.close_info == (11, True)
    f = play_out(s)
    assert f.result.winner == 0 and f.result.reason == "closer_failed"
    assert f.result.points[0] < 66 and f.result.points[1] < 66
    assert f.result.game_points == gp


# NC: A closes after trick 1 (K♥ 9♣: A 4, B no trick); then B takes 10♥ A♥ 21, A♣ 10♣ 21,
# A♦ 10♦ 21 and 10♠ J♠ 12 -> 75: the non-closer goes out first.
NC_HANDS = ["K♥ 10♥ 10♣ 10♦ J♠ Q♦", "9♣ A♥ A♣ A♦ 10♠ 9♦"]
NC_PLAY = "K♥ 9♣ | close | 10♥ A♥ | A♣ 10♣ | A♦ 10♦ | 10♠ J♠"


@pytest.mark.parametrize("rules, gp", [
    (SANTASE, 2), (GERMAN, 2), (SANTASE.with_options(failed_close="flat_three"), 3), (RUSSIAN, 3),
], ids=["santase", "german", "flat_three", "russian"])
def test_non_closer_reaches_66_first(rules, gp):
    """C-5: 'If the non-closer goes out with 66 first: P66 gives 2, flat-3 mode gives 3.' (P66
    score table: 2 game points.) B had no trick at the close, so a 2-or-3 reading by tricks at
    the close would wrongly give 3."""
    f = finish(deal66(NC_HANDS, "9♠", rules=rules), NC_PLAY)
    assert f.close_info == (0, False)
    assert f.result.winner == 1 and f.result.reason == "closer_failed"
    assert f.result.points == (4, 75)
    assert f.result.game_points == gp


# =============================================================================================
# 65-65 and nobody at 66
# =============================================================================================

def test_65_65_last_trick_rule():
    f = tie_hand(SANTASE, dealer=1)
    # A: K♣Q♣ 7 + K♦Q♦ 7 + K♥Q♥ 7 + 9♦J♦ 2 + A♠10♠ 21 + K♠Q♠ 7 + J♠9♠ 2 + J♥9♥ 2 = 55, +10 = 65
    # B: 10♣A♣ 21 + A♦10♦ 21 + A♥10♥ 21 + J♣9♣ 2 = 65
    assert f.card_points == (55, 65) and f.bonus == (10, 0)
    assert f.result.points == (65, 65)
    assert f.result.winner == 0 and f.result.reason == "last_trick" and f.result.game_points == 1


@pytest.mark.parametrize("tie", ["draw", "draw_plus_next"])
def test_65_65_drawn(tie):
    f = tie_hand(SANTASE.with_options(tie_rule=tie), dealer=1)
    assert f.result.points == (65, 65)
    assert f.result.winner is None and f.result.reason == "draw" and f.result.game_points == 0
    assert f.result.returns == (0, 0) and "drawn" in f.result.explanation


def test_result_has_the_shared_fields():
    """HandResult's returns, winner, reason and explanation: returns gives the winner's game
    points and 0 to the other seat."""
    from cardlab.state import HandResult

    f = tie_hand(SANTASE, dealer=1)
    r = f.result
    assert isinstance(r, HandResult) and r.unit == "game points"
    assert (r.winner, r.returns, r.reason) == (0, (1, 0), "last_trick")
    assert "last trick" in r.explanation


def test_65_65_german_is_a_draw():
    f = tie_hand(GERMAN, dealer=1)
    assert f.result.points == (65, 65) and f.result.winner is None and f.result.game_points == 0


def test_russian_nobody_at_66_last_trick_wins():
    """D-5: with no last-trick 10, 55-65 is possible; the last-trick winner (A) scores 1."""
    f = tie_hand(RUSSIAN, dealer=1)
    assert f.result.points == (55, 65)
    assert f.result.winner == 0 and f.result.reason == "last_trick" and f.result.game_points == 1


# Equal totals at 66 or more (issue 15). A real German 66 hand (found by random play that never
# claims or closes: seed 306, dealer A): B announces the ♠ marriage and reaches 75 after trick 9
# but never says "out"; A's last tricks and the last-trick 10 bring A to 75 as well. pagat's
# Sechsundsechzig: equal totals are a draw "at higher totals such as 75 each" too [66.tie].
PACK_7575 = "10♣ 9♥ K♠ Q♣ K♣ Q♦ 10♦ 10♠ 9♣ K♦ Q♥ 9♠ K♥ A♠ A♣ J♠ 9♦ A♦ 10♥ Q♠ J♥ J♣ A♥ J♦"
PLAY_7575 = ("10♦ Q♥ | draw | Q♦ 9♣ | draw | K♦ 9♦ | draw | J♠ 10♥ | draw | marriage ♠ | K♠ Q♣ | draw | "
             "10♠ A♦ | 9♥ A♥ | K♣ A♣ | 10♣ K♥ | A♠ Q♠ | J♥ J♦ | 9♠ J♣")


def hand_7575(rules):
    from cardlab import parse_cards
    return run(ss.deal(rules, dealer=0, pack=parse_cards(PACK_7575)), PLAY_7575)


def test_german_75_75_is_a_draw():
    f = hand_7575(GERMAN)
    assert len(f.tricks) == 12 and f.closed_by is None and f.bonus == (10, 0)
    assert f.marriage_points == (0, 20) and f.result.points == (75, 75)
    assert f.tricks[-1].winner == 0                  # A took the last trick (and its 10)
    assert all(a.kind != "out" for a in f.actions())
    # B could have claimed: "out" was offered to B at 75 before trick 10 was led
    at_75 = next(s for s in f.history() if s.to_act == 1 and s.points(1) == 75 and not s.trick)
    assert "out" in legal(at_75)
    r = f.result
    assert r.winner is None and r.reason == "draw" and r.game_points == 0 and r.returns == (0, 0)
    assert "equal totals (75–75)" in r.explanation and "66.tie" in ss.RULES
    assert "Sechsundsechzig" in ss.RULES["66.tie"][1]


def test_75_75_under_the_other_tie_rules():
    f = hand_7575(GERMAN.with_options(tie_rule="last_trick"))
    assert f.result.winner == 0 and f.result.reason == "last_trick" and f.result.game_points == 1
    assert f.result.returns == (1, 0)
    g = ss.SixtySixGame(GERMAN.with_options(tie_rule="draw_plus_next"), first_dealer=0)
    f = hand_7575(g.rules)
    row = g.add(f)
    assert row["winner"] == "—" and "carried" in row["note"] and g.totals == [0, 0]


def test_75_75_solver_agrees_with_the_engine():
    """The analysis adapter scores equal totals by the tie rule too (its payoff is what the
    engine gives, checked by brute force over the engine): from the last two tricks on, the
    value is the drawn hand's 0 (no claim is possible after the last trick)."""
    from cardlab.analysis import adapters, brute_force, solve
    f = hand_7575(GERMAN)
    assert adapters.get("sixty-six").result_value(f, (0,)) == 0
    before_last = f.history()[-3]                    # A to lead the 12th trick (9♠)
    assert before_last.to_act == 0 and not before_last.trick and len(before_last.tricks) == 11
    two_left = f.history()[-5]                       # A to lead the 11th trick (J♥)
    for s in (before_last, two_left):
        assert solve(s, seats=0) == brute_force(s, seats=0) == 0


# =============================================================================================
# German claims
# =============================================================================================

def test_german_true_claim_scores_by_the_loser():
    f = one_point_leader(GERMAN, dealer=1)      # ends with A's "out" at 68; B 33
    assert f.last_action.kind == "out"
    assert f.result.winner == 0 and f.result.reason == "66" and f.result.game_points == 1


def test_german_false_claim_gives_2():
    s = run(deal66(by_role("10♥ J♣ A♦ K♠ Q♠ A♠", "A♥ 10♣ 9♦ J♦ 9♣ 9♥", 1), "10♠", rules=GERMAN),
            "10♥ A♥ | 10♣ J♣ | 9♦ A♦ | marriage ♠ | K♠ J♦")
    # A: 11 + 40 + 6 = 57 < 66
    assert s.points(0) == 57 and "out" in legal(s)
    f = s.apply("out")
    assert f.result.winner == 1 and f.result.reason == "false_claim" and f.result.game_points == 2


def test_german_no_automatic_end():
    s = run(deal66(by_role("A♥ K♠ Q♠ A♠ J♣ J♦", "9♥ 9♣ 9♦ Q♣ Q♦ J♥", 1), "10♠", rules=GERMAN),
            "A♥ 9♥ | marriage ♠ | K♠ 9♣ | A♠ 9♦")
    assert s.points(0) == 66 and not s.is_finished and "out" in legal(s)


# =============================================================================================
# The game
# =============================================================================================

def test_santase_game_to_11():
    g = ss.SixtySixGame(SANTASE, first_dealer=0)
    assert g.next_dealer == 0 and not g.is_over and g.winner is None and g.game_value == 0
    plan = [  # (builder, expected winner seat, game points, totals after, next dealer)
        (schwarz_leader, 1, 3, [0, 3], 1),     # dealer 0: seat 1 leads and wins
        (schwarz_dealer, 1, 3, [0, 6], 1),     # dealer 1 (winner deals) wins again
        (schwarz_leader, 0, 3, [3, 6], 0),
        (one_point_leader, 1, 1, [3, 7], 1),   # dealer 0: seat 1 wins 1
        (schwarz_dealer, 1, 3, [3, 10], 1),
        (one_point_leader, 0, 1, [4, 10], 0),
        (schwarz_leader, 1, 3, [4, 13], 1),    # 13 >= 11: seat 1 wins the game
    ]
    for i, (build, winner, gp, totals, nxt) in enumerate(plan):
        assert not g.is_over
        final = build(SANTASE, g.next_dealer)
        assert final.result.winner == winner and final.result.game_points == gp
        row = g.add(final)
        assert row["hand"] == i + 1 and row["game points"] == gp
        assert g.totals == totals
        assert row["A"] == totals[0] and row["B"] == totals[1]
        if i < len(plan) - 1:
            assert g.next_dealer == nxt and not g.is_over
    assert g.is_over and g.winner == 1 and g.game_value == 1
    assert len(g.rows()) == 7
    with pytest.raises(ss.DealError, match="over"):
        g.deal(seed=1)
    with pytest.raises(ss.DealError, match="over"):
        g.add(schwarz_leader(SANTASE, 1))


@pytest.mark.parametrize("rule", ["winner", "loser", "alternate"])
def test_next_dealer_rules(rule):
    rules = SANTASE.with_options(next_dealer=rule)
    g = ss.SixtySixGame(rules, first_dealer=1)
    builders = [schwarz_leader, schwarz_dealer, one_point_leader, schwarz_dealer]
    for build in builders:
        dealer = g.next_dealer
        final = build(rules, dealer)
        g.add(final)
        w = final.result.winner
        expected = {"winner": w, "loser": 1 - w, "alternate": 1 - dealer}[rule]
        assert g.next_dealer == expected
    assert g.totals == [sum(h.result.game_points for h in g.hands if h.result.winner == s) for s in (0, 1)]


def test_russian_deal_alternates():
    g = ss.SixtySixGame(RUSSIAN, first_dealer=0)
    g.add(schwarz_dealer(RUSSIAN, 0))      # dealer 0 wins; still the deal passes
    assert g.next_dealer == 1
    g.add(schwarz_dealer(RUSSIAN, 1))
    assert g.next_dealer == 0 and g.totals == [3, 3]


def test_after_a_draw_the_same_dealer_deals_and_nothing_is_scored():
    rules = SANTASE.with_options(tie_rule="draw")
    g = ss.SixtySixGame(rules, first_dealer=0)
    g.add(tie_hand(rules, 0))
    assert g.totals == [0, 0] and g.next_dealer == 0
    g.add(schwarz_leader(rules, 0))        # seat 1 wins 3, no carry under "draw"
    assert g.totals == [0, 3] and g.next_dealer == 1


def test_draw_plus_next_carries_one_point():
    rules = SANTASE.with_options(tie_rule="draw_plus_next")
    g = ss.SixtySixGame(rules, first_dealer=0)
    row = g.add(tie_hand(rules, 0))
    assert row["game points"] == 0 and g.totals == [0, 0] and g.next_dealer == 0
    row = g.add(schwarz_leader(rules, 0))  # 3 + 1 carried
    assert row["game points"] == 4 and g.totals == [0, 4]
    row = g.add(schwarz_dealer(rules, 1))  # nothing carried any more
    assert row["game points"] == 3 and g.totals == [0, 7]


def test_german_game_to_7_and_shutout_doubles():
    g = ss.SixtySixGame(GERMAN, first_dealer=0)
    g.add(schwarz_leader(GERMAN, 0))       # seat 1: 3
    g.add(schwarz_dealer(GERMAN, 1))       # seat 1 (winner deals): 6
    assert not g.is_over and g.totals == [0, 6]
    g.add(schwarz_dealer(GERMAN, 1))       # 9 >= 7, seat 0 still at 0
    assert g.is_over and g.winner == 1 and g.game_value == 2
    # not a shutout: 1 point for the loser first
    g2 = ss.SixtySixGame(GERMAN, first_dealer=0)
    g2.add(one_point_leader(GERMAN, 0))    # seat 1: 1
    g2.add(schwarz_leader(GERMAN, 1))      # seat 0: 3
    g2.add(schwarz_dealer(GERMAN, 0))      # seat 0: 6
    g2.add(schwarz_dealer(GERMAN, 0))      # seat 0: 9
    assert g2.totals == [9, 1] and g2.winner == 0 and g2.game_value == 1
    # the same shutout under Santase rules (no doubling) counts once
    rules = SANTASE.with_options(target=7)
    g3 = ss.SixtySixGame(rules, first_dealer=0)
    for build in (schwarz_leader, schwarz_dealer, schwarz_dealer):
        g3.add(build(rules, g3.next_dealer))
    assert g3.totals == [0, 9] and g3.game_value == 1


def test_game_add_refuses_bad_hands():
    g = ss.SixtySixGame(SANTASE, first_dealer=0)
    unfinished = deal66(by_role("A♥ K♠ Q♠ A♠ J♣ J♦", "9♥ 9♣ 9♦ Q♣ Q♦ J♥", 0), "10♠", dealer=0)
    with pytest.raises(ss.DealError, match="finished"):
        g.add(unfinished)
    with pytest.raises(ss.DealError, match="dealt by"):
        g.add(schwarz_leader(SANTASE, 1))    # dealer 1, but seat 0 deals first
    with pytest.raises(ss.DealError, match="rules"):
        g.add(schwarz_leader(SANTASE.with_options(target=7), 0))
    assert g.totals == [0, 0] and g.hands == []
    with pytest.raises(ss.DealError):
        ss.SixtySixGame(SANTASE, first_dealer=2)


def test_game_deal_uses_the_rotation():
    g = ss.SixtySixGame(SANTASE, first_dealer=1)
    s = g.deal(seed=5)
    assert s.dealer == 1 and s.to_act == 0 and s.rules == SANTASE
    g.add(schwarz_leader(SANTASE, 1))         # seat 0 wins and deals next
    assert g.deal(seed=5).dealer == 0


# =============================================================================================
# Presets differ exactly where rules-notes says
# =============================================================================================

def test_preset_table():
    assert set(ss.PRESETS) == {"santase", "russian", "german"}
    assert ss.PRESETS["santase"] is SANTASE and ss.PRESETS["russian"] is RUSSIAN and ss.PRESETS["german"] is GERMAN
    # Santase, rules-notes §3.1/§3.2 recommendations
    expect_santase = dict(
        deal_order="3-turn-3",          # C-1
        next_dealer="winner",           # C-2
        must_head=True, must_trump=True,  # §3.1 phase 2
        marriage_on_first_lead=False,   # §3.1 (BEL, NIK)
        marriages_after_stock=True,     # C-4
        nine_exchange=True, exchange_needs_trick=True, exchange_min_stock=4,   # C-7
        close_min_stock=4, close_on_first_lead=False,                          # C-7
        last_trick_bonus=10,            # §3.1
        tie_rule="last_trick",          # C-3 (seed)
        failed_close="two_or_three",    # C-5
        closed_game_points=None,
        close_count_rule="whole_hand",  # C-6
        going_out="automatic",          # §3.1 [REC], C-8
        target=11,                      # C-12
        shutout_doubles_game=False,
    )
    for k, v in expect_santase.items():
        assert getattr(SANTASE, k) == v, k
    # Russian Mariage, §4.1 and D-1..D-7, D-17: differences from Santase
    expect_russian = dict(
        deal_order="3-3-turn", next_dealer="alternate", must_head=False, marriage_on_first_lead=True,
        marriages_after_stock=False, nine_exchange=False, last_trick_bonus=0, tie_rule="last_trick",
        failed_close="flat_three", closed_game_points=3, target=7, going_out="automatic",
        must_trump=True, close_min_stock=4,
    )
    for k, v in expect_russian.items():
        assert getattr(RUSSIAN, k) == v, k
    # German 66, §5: winner deals, 7, no marriages after the stock, close before or after
    # drawing, the opponent's exchange at a close, 65-65 a draw, 7-0 doubles, claims (C-8)
    expect_german = dict(
        deal_order="3-3-turn", next_dealer="winner", must_head=True, marriages_after_stock=False,
        close_before_draw=True, exchange_on_close=True, tie_rule="draw", shutout_doubles_game=True,
        going_out="claim", target=7, false_claim_points=2, last_trick_bonus=10, nine_exchange=True,
    )
    for k, v in expect_german.items():
        assert getattr(GERMAN, k) == v, k
    assert SANTASE.close_before_draw is False and SANTASE.exchange_on_close is False
    assert RUSSIAN.close_before_draw is False and RUSSIAN.exchange_on_close is False
