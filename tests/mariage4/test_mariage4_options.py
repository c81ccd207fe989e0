"""Four-player Russian Mariage: the scoring thresholds, every reading that is an option, and refusals.

Seats: 0 Ana, 1 Boris, 2 Cleo, 3 Dan; pairs Ana & Cleo (pair 0) and Boris & Dan (pair 1).
With Ana dealing, Boris is eldest, Dan cuts, and announcing goes Boris, Cleo, Dan, Ana.
Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0. Every expected value is worked out in a comment.
"""

import pytest

from cardlab import parse_card, parse_cards
from cardlab import mariage4 as m4
from cardlab.errors import IllegalActionError
from cardlab.mariage4_game import EightGame
from cardlab.players.mariage4 import Mariage4Player
from cardlab.mariage4 import LITERAL, RUSSIAN_4

C = parse_card

# Each player holds one whole suit (as in test_mariage4_rules.D1).
D1 = ["A♠ 10♠ K♠ Q♠ 9♠ J♠", "A♥ 10♥ K♥ Q♥ J♥ 9♥", "A♦ 10♦ K♦ Q♦ J♦ 9♦", "A♣ 10♣ K♣ Q♣ J♣ 9♣"]
# Ana 32 card points, Boris 30, Cleo 28, Dan 30 (as test_mariage4_rules.D2).
D2 = ["A♠ 10♠ K♠ Q♠ J♠ J♦", "A♥ 10♥ K♥ Q♥ J♥ 9♠", "A♦ 10♦ K♦ Q♦ 9♦ 9♥", "A♣ 10♣ K♣ Q♣ J♣ 9♣"]
# Ana holds three nines (♠ ♥ ♦), Boris the fourth (as test_mariage4_rules.D4).
D4 = ["9♠ 9♥ 9♦ A♠ 10♠ K♠", "A♥ 10♥ K♥ Q♥ J♥ 9♣", "A♦ 10♦ K♦ Q♦ J♦ Q♠", "A♣ 10♣ K♣ Q♣ J♣ J♠"]

# The 33 / 32 boundary, trumps ♥ named by Boris. Each suit's six cards, by holder:
#   ♣: J Ana, 10 K Boris, 9 Q Cleo, A Dan     ♦: Q Ana, 9 Boris, A K Cleo, J 10 Dan
#   ♥: 9 Ana, K Q Boris, J Cleo, A 10 Dan     ♠: K Q 10 Ana, J Boris, A Cleo, 9 Dan
D33 = ["Q♦ K♠ J♣ 9♥ Q♠ 10♠", "9♦ J♠ 10♣ K♥ Q♥ K♣", "A♦ A♠ 9♣ J♥ K♦ Q♣", "J♦ 9♠ A♣ A♥ 10♥ 10♦"]
# Tricks (leader first, in seat order from the leader):
#   1 Boris 9♦, Cleo A♦, Dan J♦, Ana Q♦     : Cleo wins 0 + 11 + 2 + 3 = 16          (A 16)
#   2 Cleo A♠, Dan 9♠, Ana K♠, Boris J♠     : Cleo wins 11 + 0 + 4 + 2 = 17          (A 33)
#   3 Cleo 9♣, Dan A♣, Ana J♣, Boris 10♣    : Dan wins 0 + 11 + 2 + 10 = 23          (B 23)
#   4 Dan A♥, Ana 9♥, Boris K♥, Cleo J♥     : Dan wins 11 + 0 + 4 + 2 = 17           (B 40)
#   5 Dan 10♥, Ana Q♠, Boris Q♥, Cleo K♦    : Dan wins 10 + 3 + 3 + 4 = 20           (B 60)
#   6 Dan 10♦, Ana 10♠, Boris K♣, Cleo Q♣   : Dan wins 10 + 10 + 4 + 3 = 27          (B 87)
# 33 + 87 = 120. Playing Q♠ in trick 2 and K♠ in trick 5 instead gives Ana & Cleo 16 + 16 = 32
# and Boris & Dan 23 + 17 + 21 + 27 = 88.
PLAY_33 = ("9♦ A♦ J♦ Q♦ A♠ 9♠ K♠ J♠ 9♣ A♣ J♣ 10♣ A♥ 9♥ K♥ J♥ 10♥ Q♠ Q♥ K♦ 10♦ 10♠ K♣ Q♣").split()
PLAY_32 = ("9♦ A♦ J♦ Q♦ A♠ 9♠ Q♠ J♠ 9♣ A♣ J♣ 10♣ A♥ 9♥ K♥ J♥ 10♥ K♠ Q♥ K♦ 10♦ 10♠ K♣ Q♣").split()


def start(hands, rules=RUSSIAN_4, trump="trump ♥"):
    """Cut, then Boris fixes trumps: the announcing is about to start (Boris first)."""
    return m4.deal_from_hands(hands, rules=rules, dealer=0).apply("cut 12").apply(trump)


def passes(s, n):
    for _ in range(n):
        s = s.apply("pass")
    return s


def snapshot(s):
    return (s.hands, s.phase, s.to_act, s.awards, s.trick, s.tricks, s.standing, s.passes, s.marriages,
            s.card_points, s.result, s.aside, s.shown)


def refused(state, action, rule):
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as exc:
        state.apply(action)
    assert exc.value.rule == rule, exc.value
    assert rule in m4.RULES
    assert snapshot(state) == before
    return str(exc.value)


# -- 3 / 2 / 1 at the boundary --------------------------------------------------------------


def play_out(rules, cards):
    s = passes(start(D33, rules), 4)
    for c in cards[:-1]:
        s = s.apply(c)
        assert not s.is_finished, (c, s.explain())
    return s.apply(cards[-1])


def test_opponents_with_exactly_33_give_one_game_point():
    s = play_out(RUSSIAN_4, PLAY_33)
    assert [t.winner for t in s.tricks] == [2, 2, 3, 3, 3, 3]
    assert s.result.pair_points == (33, 87) and s.result.reason == "66"
    assert s.result.awards[0][:3] == (1, 1, "66")          # 33 is not "under 33"


def test_opponents_with_32_give_two_game_points():
    s = play_out(RUSSIAN_4, PLAY_32)
    assert s.result.pair_points == (32, 88) and s.result.awards[0][:3] == (1, 2, "66")
    lit = play_out(RUSSIAN_4.with_options(scoring="literal"), PLAY_32)
    assert lit.result.awards[0][:3] == (1, 1, "66")       # literal: a trick taken -> 1


def test_the_pair_at_60_is_not_stopped_and_the_last_trick_takes_it_over_66():
    s = passes(start(D33), 4)
    for c in PLAY_33[:20]:
        s = s.apply(c)
    assert s.pair_points(1) == 60 and not s.is_finished        # 23 + 17 + 20


# -- options: one test per reading --------------------------------------------------------


def test_overcall_by_the_other_pair_only():
    # D4: Boris and Cleo pass, Dan (pair 1) announces five; Ana passes; Boris is Dan's partner
    s = passes(passes(start(D4), 2).apply("five"), 1)
    assert s.to_act == 1 and s.apply("six").standing == ("six", 1)          # default: anyone
    t = passes(passes(start(D4, RUSSIAN_4.with_options(overcall="other_pair")), 2).apply("five"), 1)
    assert "own pair" in refused(t, "six", "m4.contract")
    u = passes(start(D4, RUSSIAN_4.with_options(overcall="other_pair")), 2).apply("five")
    assert u.apply("six").standing == ("six", 0)                           # Ana, the other pair


def nines_settled(rules):
    s = passes(start(D4, rules), 3).apply("three nines")
    s = s.apply("place A♥ top").apply("place J♠ bottom").apply("leave 9♦")
    assert s.phase == "announce" and s.nines_done and s.to_act == 1
    return s


def test_after_three_nines_the_declarer_may_announce_unless_the_option_says_no():
    s = passes(nines_settled(RUSSIAN_4), 3)                 # Boris, Cleo, Dan pass: Ana speaks
    assert s.to_act == 0 and s.apply("six").standing == ("six", 0)
    t = passes(nines_settled(RUSSIAN_4.with_options(contract_after_nines="not_declarer")), 3)
    assert "three nines" in refused(t, "six", "m4.contract")
    assert [str(a) for a in t.legal_actions()] == ["pass"]
    # her partner Cleo still may
    c = passes(nines_settled(RUSSIAN_4.with_options(contract_after_nines="not_declarer")), 1)
    assert c.to_act == 2 and c.apply("six").standing == ("six", 2)


def test_a_marriage_counts_at_once_when_no_trick_is_needed():
    s = passes(start(D1), 4).apply("marriage ♥")            # Boris: K♥ Q♥ in trumps, 40
    assert s.pair_points(1) == 0                                # default: pending until a trick
    t = passes(start(D1, RUSSIAN_4.with_options(marriage_needs_trick=False)), 4).apply("marriage ♥")
    assert t.pair_points(1) == 40 and "counts once" not in t.explain()


def test_five_with_the_opponents_keeping_six_cards():
    rules = RUSSIAN_4.with_options(opponents_set_aside=False)
    s = passes(passes(start(D2, rules), 3).apply("five"), 3)
    assert s.phase == "give" and s.to_act == 0
    s = s.apply("aside A♠")
    assert s.phase == "play" and s.to_act == 0 and [len(h) for h in s.hands] == [5, 6, 0, 6]
    assert "keep all six" in s.parent.explain()
    # Boris must follow the first spade with his 9♠; then he and Dan cannot follow, and no trumps
    for lead, b, d in zip(("10♠", "K♠", "Q♠", "J♠", "J♦"), ("9♠", "A♥", "10♥", "K♥", "Q♥"),
                          ("A♣", "10♣", "K♣", "Q♣", "J♣")):
        s = s.apply(lead).apply(b).apply(d)
    # five tricks, all Ana's: made; Boris keeps J♥ and Dan 9♣ unplayed
    assert s.result.awards[0][:3] == (0, 5, "five") and s.hands[1] == (C("J♥"),) and s.hands[3] == (C("9♣"),)


def test_nine_cut_options():
    from cardlab import PACK_24

    # cutting 6 three times brings 9♣, 9♦, 9♥ to the bottom (test_mariage4_rules works it out)
    two = m4.deal(RUSSIAN_4.with_options(nine_cuts=2), dealer=0, pack=PACK_24).apply("cut 6").apply("cut 6")
    assert two.result.reason == "nine_cut" and two.result.awards[0][:2] == (0, 1)
    cutters = RUSSIAN_4.with_options(nine_cut_award="cutters", nine_cut_points=2)
    s = m4.deal(cutters, dealer=0, pack=PACK_24).apply("cut 6").apply("cut 6").apply("cut 6")
    assert s.result.awards[0][:2] == (1, 2)                 # Boris & Dan, the cutting pair, +2


def test_redeal_claims_switched_off_and_the_next_dealer_option():
    s = passes(start(D1), 1)                                # Cleo: no trump, nor has Ana
    assert s.apply("redeal trumps").result.redeal
    refused(passes(start(D1, RUSSIAN_4.with_options(redeal_trumps=False)), 1), "redeal trumps",
            "m4.redeal.trumps")
    hands = ["A♠ 10♠ K♠ Q♠ J♠ A♦", "9♥ 9♦ 9♣ 9♠ J♦ J♣", "10♦ K♦ Q♦ A♥ 10♥ Q♥", "A♣ 10♣ K♣ Q♣ K♥ J♥"]
    refused(start(hands, RUSSIAN_4.with_options(redeal_nines=False)), "redeal nines", "m4.redeal.nines")
    nxt = RUSSIAN_4.with_options(redeal_dealer="next")
    g = EightGame(nxt, 0)
    g.add(passes(start(D1, nxt), 1).apply("redeal trumps"))
    assert g.next_dealer == 1 and g.eights[0].pips == g.eights[1].pips == 0   # no score, deal passes on
    same = EightGame(RUSSIAN_4, 0)
    same.add(s.apply("redeal trumps"))
    assert same.next_dealer == 0


def test_must_head_option():
    # trumps ♥; Boris leads 10♣ and Cleo holds A♣ and J♣: with heading only A♣ beats the 10♣
    hands = ["A♠ 10♠ K♠ Q♠ 9♠ J♠", "10♣ A♥ 10♥ K♥ Q♥ J♥", "A♣ J♣ A♦ 10♦ K♦ Q♦", "K♣ Q♣ 9♣ J♦ 9♦ 9♥"]
    s = passes(start(hands, RUSSIAN_4.with_options(must_head=True)), 4).apply("10♣")
    assert "must beat" in refused(s, "J♣", "m4.head")     # A♣ beats 10♣, J♣ does not
    assert s.apply("A♣").trick_by_seat()[-1] == (2, C("A♣"))
    free = passes(start(hands), 4).apply("10♣")
    assert free.apply("J♣").trick_by_seat()[-1] == (2, C("J♣"))      # the seed: follow suit, no duty to beat


def test_marriage_on_the_first_lead_option():
    s = passes(start(D1, RUSSIAN_4.with_options(marriage_on_first_lead=False)), 4)
    assert "first lead" in refused(s, "marriage ♥", "m4.marriage")


def test_false_claim_without_a_trick_explains_why():
    s = passes(start(D1), 4).apply("claim ♥")               # 40, but Boris & Dan have no trick
    assert s.result.reason == "false_claim" and s.result.awards[0][:3] == (0, 1, "false_claim")
    assert "no trick yet" in s.result.explanation
    pts = passes(start(D1, RUSSIAN_4.with_options(false_claim_points=2)), 4).apply("claim ♥")
    assert pts.result.awards[0][:2] == (0, 2)


def test_nines_points_option():
    s = passes(start(D4, RUSSIAN_4.with_options(nines_points=2)), 3).apply("three nines")
    s = s.apply("place A♥ top").apply("place J♠ bottom").apply("leave 9♦")   # no diamond placed
    assert s.awards[-1][:3] == (0, 2, "three_nines")


def test_literal_preset_collects_its_readings():
    assert (LITERAL.scoring, LITERAL.turned_card, LITERAL.false_claim, LITERAL.coat_rule, LITERAL.carry_over,
            LITERAL.marriage_needs_trick, LITERAL.contract_after_nines, LITERAL.overcall) == (
        "literal", "third", "play_on", "six_points", "six_only", False, "not_declarer", "other_pair")


# -- refusals out of phase, and after the end --------------------------------------------


def test_actions_out_of_phase_are_refused_with_the_state_unchanged():
    s = m4.deal_from_hands(D2, dealer=0)
    refused(s, "A♠", "m4.turn")                             # the pack is to be cut
    s = s.apply("cut 12")
    refused(s, "pass", "m4.turn")                           # eldest is to name trumps
    refused(s, "A♠", "m4.turn")
    s = s.apply("trump ♥")
    refused(s, "A♥", "m4.turn")                             # announcing, not playing
    refused(s, "leave 9♦", "m4.turn")
    refused(s, "marriage ♥", "m4.turn")
    p = passes(s, 4)
    refused(p, "six", "m4.turn")                            # the play has started
    refused(p, "A♠", "m4.hold")                             # Boris does not hold A♠
    over = passes(start(D1), 4).apply("claim ♥")
    assert over.legal_actions() == ()
    for a in ("pass", "A♥", "cut 3", "six"):
        refused(over, a, "m4.turn")


def test_the_bot_claims_a_redeal_only_with_a_weak_hand():
    # D2 with trumps ♣ named: Ana and Cleo hold no club, so Ana may claim a trump shortage; but
    # her hand holds A♠ 11 + 10♠ 10 + K♠ 4 + Q♠ 3 + J♠ 2 + J♦ 2 = 32 card points, not under 20,
    # and only five top cards (J♦ is not), so no "six": the bot passes. With weak_below=33 it claims.
    s = passes(start(D2, trump="trump ♣"), 3)
    v = s.view(0)
    assert v.seat == s.to_act == 0 and Mariage4Player(0).choose(v) == m4.PASS
    assert str(Mariage4Player(0, weak_below=33).choose(v)) == "redeal trumps"
    # a hand under 13 card points always claims: Boris Q♥ 3 + J♥ 2 + 9♥ 0 + J♦ 2 + 9♦ 0 + J♣ 2 = 9
    weak = ["A♠ 10♠ K♠ Q♠ J♠ A♦", "Q♥ J♥ 9♥ J♦ 9♦ J♣", "10♦ K♦ Q♦ 9♠ A♥ 10♥", "A♣ 10♣ K♣ Q♣ 9♣ K♥"]
    w = start(weak)
    assert str(Mariage4Player(0).choose(w.view(1))) == "redeal points"
    # four nines: three nines, not a redeal
    nines = ["A♠ 10♠ K♠ Q♠ J♠ A♦", "9♥ 9♦ 9♣ 9♠ J♦ J♣", "10♦ K♦ Q♦ A♥ 10♥ Q♥", "A♣ 10♣ K♣ Q♣ K♥ J♥"]
    assert str(Mariage4Player(0).choose(start(nines).view(1))) == "three nines"
    # without three nines: Boris's 4 card points (J♦ 2 + J♣ 2) claim first; without that claim, the nines
    no_nines = RUSSIAN_4.with_options(three_nines=False)
    assert str(Mariage4Player(0).choose(start(nines, no_nines).view(1))) == "redeal points"
    no_nines = no_nines.with_options(redeal_points_below=0)
    assert str(Mariage4Player(0).choose(start(nines, no_nines).view(1))) == "redeal nines"


def test_score_sheet_row_names_the_award():
    g = EightGame(RUSSIAN_4, 0)
    s = passes(start(D1), 4).apply("claim ♥")
    row = g.add(s)
    assert row["awards"] == "Ana & Cleo +1 (false claim)"


def test_a_suit_made_wins_the_eight_and_dresses_the_losers():
    # D1 without the beatable-card condition: Ana (all six spades) plays for a suit; Boris and Dan
    # cannot follow and there are no trumps, so she takes all six tricks.
    rules = RUSSIAN_4.with_options(beatable_rule=False)
    s = passes(passes(start(D1, rules), 3).apply("suit"), 3)
    assert s.contract == ("suit", 0) and s.sitting_out == 2
    for spade, heart, club in zip(parse_cards("A♠ 10♠ K♠ Q♠ J♠ 9♠"), parse_cards("A♥ 10♥ K♥ Q♥ J♥ 9♥"),
                                  parse_cards("A♣ 10♣ K♣ Q♣ J♣ 9♣")):
        s = s.apply(str(spade)).apply(str(heart)).apply(str(club))
    aw = s.result.awards[0]
    assert (aw.pair, aw.game_points, aw.whole_eight, aw.mark) == (0, 8, True, "suit")
    g = EightGame(rules, 0)
    row = g.add(s)
    assert row["awards"] == 'Ana & Cleo +8 ("suit", whole eight, a suit on the others)'
    winners, losers = g.last_finished
    assert winners.full and losers.coat and losers.lining and losers.pips == 0
    assert g.won == [1, 0] and g.marks == [[], ["suit"]]
