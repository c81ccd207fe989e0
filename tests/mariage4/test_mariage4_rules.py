"""Four-player Russian Mariage: one test (or a few) per rule, on hands built by hand.

Seats: 0 Ana, 1 Boris, 2 Cleo, 3 Dan; pairs Ana & Cleo (pair 0) and Boris & Dan (pair 1).
With Ana dealing, Boris is eldest, Dan (the dealer's right) cuts, and announcing goes Boris,
Cleo, Dan, Ana. Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0.
"""

import pytest

from cardlab import parse_card, parse_cards
from cardlab import mariage4 as m4
from cardlab.errors import IllegalActionError, NotationError, RulesError
from cardlab.mariage4_game import EightGame
from cardlab.mariage4 import RUSSIAN_4, Award
from cardlab.render.mariage4 import state_html

C = parse_card

# D1: each player holds one whole suit.
D1 = ["A♠ 10♠ K♠ Q♠ 9♠ J♠", "A♥ 10♥ K♥ Q♥ J♥ 9♥", "A♦ 10♦ K♦ Q♦ J♦ 9♦", "A♣ 10♣ K♣ Q♣ J♣ 9♣"]
# D2: Ana 32 card points, Boris 30, Cleo 28, Dan 30 (= 120).
D2 = ["A♠ 10♠ K♠ Q♠ J♠ J♦", "A♥ 10♥ K♥ Q♥ J♥ 9♠", "A♦ 10♦ K♦ Q♦ 9♦ 9♥", "A♣ 10♣ K♣ Q♣ J♣ 9♣"]
# D4: Ana holds three nines (♠ ♥ ♦), Boris the fourth.
D4 = ["9♠ 9♥ 9♦ A♠ 10♠ K♠", "A♥ 10♥ K♥ Q♥ J♥ 9♣", "A♦ 10♦ K♦ Q♦ J♦ Q♠", "A♣ 10♣ K♣ Q♣ J♣ J♠"]


def start(hands, rules=RUSSIAN_4, trump="trump ♥"):
    """Cut, then Boris fixes trumps: the announcing is about to start (Boris first)."""
    s = m4.deal_from_hands(hands, rules=rules, dealer=0).apply("cut 12")
    return s.apply(trump)


def refused(state, action, rule):
    before = (state.hands, state.phase, state.to_act, state.awards, state.trick)
    with pytest.raises(IllegalActionError) as exc:
        state.apply(action)
    assert exc.value.rule == rule, exc.value
    assert exc.value.rule in m4.RULES
    assert (state.hands, state.phase, state.to_act, state.awards, state.trick) == before
    return str(exc.value)


def passes(s, n):
    for _ in range(n):
        s = s.apply("pass")
    return s


# -- cut and the nine at the bottom -------------------------------------------------------


def test_cut_is_made_by_the_dealers_right_hand_opponent_and_deals_three_each():
    s = m4.deal_from_hands(D1, dealer=0)
    assert s.phase == "cut" and s.to_act == 3           # dealer 0's right is seat 3
    assert m4.deal_from_hands(D1, dealer=0, rules=RUSSIAN_4.with_options(cutter="left")).to_act == 1
    s = s.apply("cut 12")
    assert s.phase == "trumps" and s.to_act == 1
    # first packet: the first three cards of each hand as given
    assert s.hands == tuple(parse_cards(h)[:3] for h in D1)
    assert len(s.undealt) == 12


def test_three_nines_at_the_bottom_give_the_dealing_pair_a_point():
    from cardlab import PACK_24

    # PACK_24 is A 10 K Q J 9 of ♣, ♦, ♥, ♠: the nines at 5, 11, 17, 23. Cutting 6 puts card 5
    # (9♣) at the bottom; the new pack starts at old card 6, so 9♦ is again 6th: cut 6, then 9♥.
    s = m4.deal(dealer=0, pack=PACK_24)
    s = s.apply("cut 6")
    assert s.phase == "cut" and s.cut_pack[-1] == C("9♣")
    s = s.apply("cut 6")
    assert s.cut_pack[-1] == C("9♦") and s.phase == "cut"
    s = s.apply("cut 6")
    assert s.is_finished and s.result.reason == "nine_cut"
    assert s.result.awards == (Award(0, 1, "nine_cut", s.result.awards[0].text),)  # dealer Ana's pair
    assert s.bottom_cards == (C("9♣"), C("9♦"), C("9♥"))
    g = EightGame(RUSSIAN_4, 0)
    g.add(s)
    assert g.next_dealer == 1 and g.eights[0].pips == 1
    # without the rule one cut deals, nine or not
    s2 = m4.deal(RUSSIAN_4.with_options(nine_cut_rule=False), dealer=0, pack=PACK_24).apply("cut 6")
    assert s2.phase == "trumps"


def test_a_cut_must_move_1_to_23_cards():
    s = m4.deal_from_hands(D1, dealer=0)
    with pytest.raises(NotationError):
        s.apply("cut 24")
    refused(s, "pass", "m4.turn")


# -- trumps -----------------------------------------------------------------------------------


def test_eldest_names_any_suit_or_turns_his_last_card():
    s = m4.deal_from_hands(D2, dealer=0).apply("cut 12")
    named = s.apply("trump ♣")                      # Boris holds no club: naming is free
    assert named.trump == named.named_trump == parse_card("A♣").suit and named.trump_turned is None
    assert all(len(h) == 6 for h in named.hands) and named.phase == "announce" and named.to_act == 1
    turned = s.apply("turn")                        # Boris's 6th card is 9♠
    assert turned.trump_turned == C("9♠") and turned.named_trump == C("9♠").suit
    assert C("9♠") in turned.view(3).known[1]      # shown to everyone
    third = m4.deal_from_hands(D2, dealer=0, rules=RUSSIAN_4.with_options(turned_card="third"))
    assert third.apply("cut 12").apply("turn").trump_turned == C("K♥")   # his 3rd card


# -- redeal claims ----------------------------------------------------------------------------


def test_redeal_for_a_pair_without_trumps_holds_and_the_same_dealer_deals_again():
    s = start(D1)                                   # trumps ♥: Ana and Cleo hold none
    refused(s, "redeal trumps", "m4.redeal.trumps")   # Boris holds 6 trumps
    s = s.apply("pass")                             # Cleo's turn
    s2 = s.apply("redeal trumps")
    assert s2.is_finished and s2.result.redeal and s2.result.awards == ()
    g = EightGame(RUSSIAN_4, 0)
    g.add(s2)
    assert g.next_dealer == 0                       # redeal_dealer="next": test_mariage4_options


def test_redeal_trumps_refused_when_the_partner_has_trumps():
    s = passes(start(D1), 2)                       # Dan: no trump, but partner Boris has six
    msg = refused(s, "redeal trumps", "m4.redeal.trumps")
    assert "the pair has 6" in msg


def test_redeal_trumps_for_nine_and_jack_in_different_hands():
    # trumps ♦: Ana holds J♦ only, Cleo 9♦ only -> the nine-and-jack shortage
    hands = ["A♠ 10♠ K♠ Q♠ J♠ J♦", "A♥ 10♥ K♥ Q♥ J♥ 9♠", "A♣ 10♣ K♣ Q♣ 9♦ 9♥", "A♦ 10♦ K♦ Q♦ J♣ 9♣"]
    s = passes(start(hands, trump="trump ♦"), 3)    # Ana's turn
    assert s.to_act == 0
    assert s.apply("redeal trumps").result.redeal


def test_redeal_for_a_weak_hand_needs_fewer_than_13_card_points():
    hands = ["A♠ 10♠ K♠ Q♠ J♠ A♦", "Q♥ J♥ 9♥ J♦ 9♦ J♣", "10♦ K♦ Q♦ 9♠ A♥ 10♥", "A♣ 10♣ K♣ Q♣ 9♣ K♥"]
    s = start(hands)
    # Boris: Q♥ 3 + J♥ 2 + 9♥ 0 + J♦ 2 + 9♦ 0 + J♣ 2 = 9 < 13
    assert s.apply("redeal points").result.redeal
    s = s.apply("pass")
    # Cleo: 10 + 4 + 3 + 0 + 11 + 10 = 38
    assert "38 card points" in refused(s, "redeal points", "m4.redeal.points")
    off = start(hands, RUSSIAN_4.with_options(redeal_points_below=0))
    refused(off, "redeal points", "m4.redeal.points")


def test_redeal_for_four_nines_or_three_nines_instead():
    hands = ["A♠ 10♠ K♠ Q♠ J♠ A♦", "9♥ 9♦ 9♣ 9♠ J♦ J♣", "10♦ K♦ Q♦ A♥ 10♥ Q♥", "A♣ 10♣ K♣ Q♣ K♥ J♥"]
    s = start(hands)
    assert s.apply("redeal nines").result.redeal
    assert s.apply("three nines").phase == "nines"
    refused(s.apply("pass"), "redeal nines", "m4.redeal.nines")   # Cleo has no nine


def test_no_redeal_after_a_contract_or_three_nines():
    s = passes(start(D1), 1).apply("pass")           # Boris, Cleo pass; Dan to speak
    s = s.apply("six")                              # Dan holds every club: six needs no beatable card
    refused(s, "redeal trumps", "m4.redeal.when")  # Ana (no trump) is too late


# -- three nines --------------------------------------------------------------------------


def nines_start():
    s = passes(start(D4), 3)                        # Boris, Cleo, Dan pass; Ana speaks
    return s.apply("three nines")


def test_three_nines_procedure_and_the_opponents_win_on_a_match():
    s = nines_start()
    assert s.phase == "nines" and s.nines["nines"] == parse_cards("9♠ 9♥ 9♦") and s.to_act == 1
    refused(s, "place 9♣ top", "m4.nines.place")   # 9♣ matches none of ♠ ♥ ♦
    refused(s, "place A♦ top", "m4.hold")
    s = s.apply("place A♥ top")
    assert s.to_act == 3                            # then the declarer's right-hand opponent
    assert s.view(0).nines["placed"] == {1: (None, "top")}       # face down for Ana
    assert s.view(1).nines["placed"] == {1: (C("A♥"), "top")}    # Boris knows his own card
    refused(s, "place", "m4.nines.place")          # Dan holds J♠, a spade: he must place it
    s = s.apply("place J♠ bottom")
    assert s.to_act == 0
    refused(s, "leave 9♣", "m4.nines.leave")
    won = s.apply("leave 9♥")                       # Boris's A♥ matches: Boris & Dan +3
    assert won.awards[-1][:3] == (1, 3, "three_nines")
    assert won.phase == "announce" and won.to_act == 1 and won.passes == 0
    assert won.view(0).nines["placed"][1] == (C("A♥"), "top")    # shown now
    lost = s.apply("leave 9♦")                      # nobody placed a diamond: Ana & Cleo +3
    assert lost.awards[-1][:3] == (0, 3, "three_nines")
    refused(lost, "redeal trumps", "m4.redeal.when")
    refused(lost.apply("pass"), "three nines", "m4.nines")        # only once (and Cleo has none)
    final = passes(lost, 4)
    assert final.phase == "play" and final.leader == 1 and len(final.hands[0]) == 6


def test_an_opponent_without_a_matching_suit_places_nothing():
    hands = ["9♠ 9♥ 9♦ A♠ 10♠ K♠", "A♣ 10♣ K♣ Q♣ J♣ 9♣", "A♦ 10♦ K♦ Q♦ J♦ Q♠", "A♥ 10♥ K♥ Q♥ J♥ J♠"]
    s = passes(start(hands), 3).apply("three nines")
    refused(s, "place A♣ top", "m4.nines.place")
    s = s.apply("place")                            # Boris: clubs only
    assert s.nines["placed"][1] == (None, None)


def test_asking_the_partner_for_the_third_nine_is_an_option():
    hands = ["9♠ 9♥ A♦ A♠ 10♠ K♠", "A♥ 10♥ K♥ Q♥ J♥ 9♣", "10♦ K♦ Q♦ J♦ 9♦ Q♠", "A♣ 10♣ K♣ Q♣ J♣ J♠"]
    s = passes(start(hands), 3)
    refused(s, "ask nine", "m4.nines")
    refused(s, "three nines", "m4.nines")          # only two nines
    s = passes(start(hands, RUSSIAN_4.with_options(nines_from_partner=True)), 3)
    t = s.apply("ask nine")
    assert t.phase == "nines" and t.nines["nines"] == parse_cards("9♠ 9♥ 9♦") and t.nines["owners"] == (0, 0, 2)


# -- contracts --------------------------------------------------------------------------------


def test_six_without_trumps_is_made_by_taking_every_trick():
    s = passes(start(D1), 3).apply("six")           # Ana holds every spade
    assert s.phase == "announce" and s.standing == ("six", 0)
    s = passes(s, 3)
    assert s.contract == ("six", 0) and s.sitting_out == 2 and s.trump is None and s.hands[2] == ()
    assert s.to_act == 0 and s.active_seats == (0, 1, 3)
    for spade, heart, club in zip(parse_cards("A♠ 10♠ K♠ Q♠ J♠ 9♠"), parse_cards("A♥ 10♥ K♥ Q♥ J♥ 9♥"),
                                  parse_cards("A♣ 10♣ K♣ Q♣ J♣ 9♣")):
        s = s.apply(str(spade)).apply(str(heart)).apply(str(club))   # hearts have no trump power
    assert s.result.reason == "six" and s.result.awards[0][:3] == (0, 6, "six")


def test_in_a_contract_with_trumps_kept_the_trump_wins():
    rules = RUSSIAN_4.with_options(contract_trumps=True)
    s = passes(passes(start(D1, rules), 3).apply("six"), 3)
    s = s.apply("A♠")
    refused(s, "A♣", "m4.hold")
    s = s.apply("9♥").apply("9♣")                   # Boris must trump (void in ♠): 9♥ wins
    assert s.result.reason == "six" and s.result.awards[0][:3] == (1, 6, "six")


def test_five_needs_a_beatable_card_and_sets_cards_aside():
    # D1: every card of Ana's is the top of its suit outside her hand
    s = passes(start(D1), 3)
    for c in ("five", "coat", "suit"):
        refused(s, c, "m4.contract.beatable")
    # D2: Ana's J♦ can be beaten by A♦, 10♦, K♦, Q♦
    s = passes(passes(start(D2), 3).apply("five"), 3)
    assert s.phase == "give" and s.to_act == 0
    refused(s, "aside J♦", "m4.contract.beatable")  # the spades left would all be unbeatable
    s = s.apply("aside A♠")
    assert s.to_act == 1
    s = s.apply("aside 9♠").apply("aside 9♣")
    assert s.phase == "play" and s.to_act == 0 and [len(h) for h in s.hands] == [5, 5, 0, 5]
    for lead, b, d in zip(("10♠", "K♠", "Q♠", "J♠", "J♦"), ("A♥", "10♥", "K♥", "Q♥", "J♥"),
                          ("A♣", "10♣", "K♣", "Q♣", "J♣")):
        s = s.apply(lead).apply(b).apply(d)
    assert s.result.awards[0][:3] == (0, 5, "five")


def test_five_fails_at_the_first_trick_lost_and_the_opponents_score_five():
    s = passes(start(D4), 2).apply("five")         # Dan: J♠ can be beaten
    s = passes(s, 3)
    assert s.contract == ("five", 3) and s.sitting_out == 1
    s = s.apply("aside J♣").apply("aside 9♥").apply("aside Q♠")   # Dan, then Ana, then Cleo
    s = s.apply("J♠")
    refused(s, "9♦", "m4.follow")                  # Ana must follow spades
    s = s.apply("A♠").apply("J♦")
    assert s.result.reason == "five" and s.result.awards[0][:3] == (0, 5, "five")
    # When the 6th card must go (five_aside="last"), Dan would keep A♣ 10♣ K♣ Q♣ J♣: every card
    # the top of its suit outside his hand, so he may not declare "five".
    last_aside = RUSSIAN_4.with_options(five_aside="last")
    refused(passes(start(D4, last_aside), 2), "five", "m4.contract.beatable")
    # Ana's 6th card in D2 is J♦; she keeps five spades, none beatable: refused as well, while
    # Cleo (A♦ 10♦ K♦ Q♦ 9♦ | 9♥: her 6th card 9♥ goes, 9♦ can be beaten) may declare
    t = passes(start(D2, last_aside), 1)
    t = passes(t.apply("five"), 3)
    refused(t, "aside A♦", "m4.aside")
    assert t.apply("aside 9♥").to_act == 3


def test_contract_precedence():
    s = passes(start(D4), 2).apply("five")
    refused(s, "five", "m4.contract")
    s = s.apply("six")                              # Ana overcalls
    assert s.standing == ("six", 0)
    refused(s, "five", "m4.contract")
    s = s.apply("coat")                             # Boris: A♥... K♥ Q♥ J♥ 9♣: 9♣ beatable
    assert s.standing == ("coat", 1)
    s = passes(s, 3)
    assert s.contract == ("coat", 1) and s.phase == "play"
    off = start(D4, RUSSIAN_4.with_options(contracts=("six",)))
    refused(off, "five", "m4.contract")


def test_a_failed_fur_coat_wins_the_eight_and_coats_the_losers():
    s = passes(passes(start(D4), 2).apply("coat"), 3)
    s = s.apply("J♠").apply("A♠").apply("Q♠")      # Ana beats Dan's J♠
    aw = s.result.awards[0]
    assert (aw.pair, aw.points, aw.whole_eight, aw.mark) == (0, 8, True, "coat")
    g = EightGame(RUSSIAN_4, 0)
    g.add(s)
    assert g.won == [1, 0] and g.marks == [[], ["coat"]]
    finished, won = g.history[-1]
    assert finished[0].full and finished[1].coat and not finished[1].lining and won == (1, 0)
    six = RUSSIAN_4.with_options(coat_rule="six_points")
    t = passes(passes(start(D4, six), 2).apply("suit"), 3).apply("J♠").apply("A♠").apply("Q♠")
    aw = t.result.awards[0]
    assert (aw.points, aw.whole_eight, aw.mark) == (6, False, "suit")


# -- normal play ------------------------------------------------------------------------------


def test_follow_suit_else_trump_and_a_pair_stops_at_66():
    s = passes(start(D2), 4)
    assert s.phase == "play" and s.to_act == 1
    s = s.apply("9♠")
    refused(s, "9♦", "m4.trump-duty")              # Cleo is void in ♠ and holds 9♥
    s = s.apply("9♥").apply("9♣")
    refused(s, "J♦", "m4.follow")                  # Ana holds spades
    s = s.apply("J♠")                               # Cleo's 9♥ wins: 0+0+0+2 = 2
    assert s.tricks[-1].winner == 2 and s.pair_points(0) == 2 and s.leader == 2
    for card in ("A♦", "J♣", "J♦", "J♥"):          # Boris trumps: 11+2+2+2 = 17
        s = s.apply(card)
    assert s.pair_points(1) == 17
    for card in ("A♥", "9♦", "Q♣", "Q♠"):          # 11+0+3+3 = 17 -> 34
        s = s.apply(card)
    for card in ("10♥", "K♦", "K♣", "K♠"):         # 10+4+4+4 = 22 -> 56
        s = s.apply(card)
    assert s.pair_points(1) == 56 and not s.is_finished
    for card in ("K♥", "Q♦", "10♣", "10♠"):        # 4+3+10+10 = 27 -> 83
        s = s.apply(card)
    # Boris & Dan reach 83; Ana & Cleo took a trick but have only 2 (< 33): 2 game points
    assert s.result.reason == "66" and s.result.awards[0][:3] == (1, 2, "66")
    assert s.result.pair_points == (2, 83)


def test_no_trick_scores_three_and_literal_scoring():
    s = passes(start(D1), 4)
    for card in ("A♥", "A♦", "A♣", "A♠", "10♥", "10♦", "10♣", "10♠"):
        s = s.apply(card)
    # 44 + 40 = 84 >= 66 and Ana & Cleo took no trick: 3
    assert s.result.awards[0][:3] == (1, 3, "66")
    lit = passes(start(D2, m4.LITERAL), 4)
    for card in ("9♠ 9♥ 9♣ J♠ A♦ J♣ J♦ J♥ A♥ 9♦ Q♣ Q♠ 10♥ K♦ K♣ K♠ K♥ Q♦ 10♣ 10♠").split():
        lit = lit.apply(card)
    assert lit.result.awards[0][:3] == (1, 1, "66")  # literal: a trick taken -> 1


def test_marriage_must_lead_king_or_queen_and_counts_after_a_trick():
    s = passes(start(D1), 4).apply("marriage ♥")     # 40 in trumps, no trick yet
    assert s.pair_points(1) == 0 and s.pending_marriage is not None
    refused(s, "A♥", "m4.marriage")
    s = s.apply("K♥").apply("A♦").apply("A♣").apply("A♠")
    # K♥ 4 + three aces 33 = 37, plus the marriage 40 = 77: the hand ends
    assert s.result.reason == "66" and s.result.pair_points == (0, 77) and s.result.awards[0].points == 3


def test_marriage_claim_without_leading_true_and_false():
    s = passes(start(D2), 4)
    for card in ("9♠ 9♥ 9♣ J♠ A♦ J♣ J♦ J♥").split():
        s = s.apply(card)
    assert s.to_act == 1 and s.pair_points(1) == 17
    false = s.apply("claim ♥")                       # 17 + 40 = 57 < 66
    assert false.result.reason == "false_claim" and false.result.awards[0][:3] == (0, 1, "false_claim")
    for card in ("A♥", "9♦", "Q♣", "Q♠"):
        s = s.apply(card)
    true = s.apply("claim ♥")                        # 34 + 40 = 74: Ana & Cleo have 2 -> 2
    assert true.result.reason == "66" and true.result.awards[0][:3] == (1, 2, "66") and not true.trick
    refused(s.apply("K♥"), "claim ♥", "m4.marriage")  # only when about to lead
    on = passes(start(D2, RUSSIAN_4.with_options(false_claim="play_on")), 4)
    for card in ("9♠ 9♥ 9♣ J♠ A♦ J♣ J♦ J♥").split():
        on = on.apply(card)
    on = on.apply("claim ♥")
    assert not on.is_finished and on.awards[0][:3] == (0, 1, "false_claim") and on.pair_points(1) == 57
    refused(on, "A♥", "m4.marriage")


def test_nobody_at_66_gives_the_last_trick_pair_one():
    hands = ["K♣ 10♣ A♦ J♠ K♥ 10♥", "Q♥ A♣ J♦ J♣ A♥ 9♦", "10♠ Q♣ K♦ 10♦ 9♥ Q♦", "Q♠ 9♠ K♠ J♥ A♠ 9♣"]
    s = passes(start(hands), 4)                     # trumps ♥; Boris leads
    seq = ["J♣", "Q♣", "9♣", "K♣",      # Ana's K♣ wins: 2+3+0+4 = 9          (Ana & Cleo 9)
           "10♣", "A♣", "9♥", "J♥",     # Cleo trumps, Dan overtrumps: 10+11+0+2 = 23   (Boris & Dan 23)
           "A♠", "J♠", "A♥", "10♠",     # Boris trumps: 11+2+11+10 = 34        (Boris & Dan 57)
           "J♦", "10♦", "9♠", "A♦",     # Ana's A♦: 2+10+0+11 = 23             (Ana & Cleo 32)
           "10♥", "Q♥", "Q♦", "Q♠",     # Ana's 10♥: 10+3+3+3 = 19             (Ana & Cleo 51)
           "K♥", "9♦", "K♦", "K♠"]      # Ana's K♥: 4+0+4+4 = 12               (Ana & Cleo 63)
    for c in seq[:-1]:
        s = s.apply(c)
        assert not s.is_finished
    s = s.apply(seq[-1])
    # 63 + 57 = 120, nobody at 66: the last trick's pair (Ana & Cleo) uncovers 1
    assert s.result.pair_points == (63, 57) and s.result.reason == "last_trick"
    assert s.result.awards[0][:3] == (0, 1, "last_trick")
    none = passes(start(hands, RUSSIAN_4.with_options(no_66="nobody")), 4).apply_all(seq)
    assert none.result.reason == "nobody" and none.result.awards == ()


def test_seat_view_hides_the_partners_hand():
    s = passes(start(D2), 4)
    v = s.view(0)
    assert v.hand == parse_cards(D2[0]) and v.known[2] == () and v.hand_sizes == (6, 6, 6, 6)
    assert set(parse_cards(D2[2])) <= set(v.unseen) and not set(v.hand) & set(v.unseen)
    assert v.legal_actions == () and s.view(1).legal_actions
    html = state_html(s, 0)
    assert 'data-card="A♦"' not in html and 'data-card="A♠"' in html
    # the bottom card after the cut (J♦, the dealer Ana's last card) is seen by the dealer only
    assert s.bottom_cards == (parse_card("J♦"),)
    assert s.view(0).bottom_cards == (parse_card("J♦"),) and s.view(1).bottom_cards == ()
    assert "J♦" not in s.history()[1].explain() and "J♦" not in state_html(s, 1).split("</style>")[1]


def test_rules_are_data():
    with pytest.raises(RulesError) as exc:
        RUSSIAN_4.with_options(scoring="two")
    assert exc.value.option == "scoring"
    with pytest.raises(RulesError):
        RUSSIAN_4.with_options(nonsense=1)
    r = RUSSIAN_4.with_options(contracts=["six", "five"])
    assert r.contracts == ("five", "six")
    assert m4.Mariage4Rules.from_dict(r.to_dict()) == r
    assert m4.Mariage4Rules.from_dict({"preset": "literal"}) == m4.LITERAL


def test_an_old_record_s_rules_load_under_the_option_s_new_name(tmp_path):
    """marriage_on_first_lead was called marriage_first_lead: a record that says so still loads."""
    from pathlib import Path

    from cardlab import records

    old = RUSSIAN_4.to_dict()
    old["marriage_first_lead"] = old.pop("marriage_on_first_lead")
    assert m4.Mariage4Rules.from_dict(old) == RUSSIAN_4
    old["marriage_first_lead"] = False
    assert m4.Mariage4Rules.from_dict(old).marriage_on_first_lead is False
    assert m4.Mariage4Rules.from_dict({"preset": "literal", "marriage_first_lead": False}) == \
        m4.LITERAL.with_options(marriage_on_first_lead=False)
    with pytest.raises(RulesError) as exc:
        m4.Mariage4Rules.from_dict({"marriage_first_lead": False, "marriage_on_first_lead": True})
    assert exc.value.option == "marriage_on_first_lead"
    with pytest.raises(RulesError):
        RUSSIAN_4.with_options(marriage_first_lead=False)      # only records are read under the old name
    stored = (Path(__file__).resolve().parents[2] / "data" / "m4_normal.json").read_text(encoding="utf-8")
    data = tmp_path / "m4_normal_before_the_rename.json"     # the sample as it was written before the rename
    data.write_text(stored.replace('"marriage_on_first_lead"', '"marriage_first_lead"'), encoding="utf-8")
    assert '"marriage_first_lead"' in data.read_text(encoding="utf-8")
    assert records.load(data).rules == RUSSIAN_4


def test_the_shared_shapes():
    """The view extends SeatView, the result has returns, winner, reason and explanation, the
    trick in progress is trick_by_seat() (seat, card) in play order, SEAT_NAMES are the defaults,
    and apply is the template's (seat= refused with m4.turn out of turn)."""
    import inspect

    from cardlab.state import GameState, HandResult, SeatView

    assert m4.deal(seed=1).names == m4.SEAT_NAMES == EightGame().names == ("Ana", "Boris", "Cleo", "Dan")
    assert m4.deal_from_hands(D1).names == m4.SEAT_NAMES
    assert "apply" not in vars(m4.Mariage4State) and m4.Mariage4State.apply is GameState.apply
    assert inspect.signature(m4.deal).parameters["names"].default is m4.SEAT_NAMES
    s = passes(start(D2), 4)
    v = s.view(1)
    assert isinstance(v, SeatView) and v.variant == m4.VARIANT == "mariage-4"
    s = s.apply("A♥", seat=1)
    assert refused(s, "A♦", "m4.follow")
    with pytest.raises(IllegalActionError) as exc:
        s.apply("10♥", seat=1)
    assert exc.value.rule == "m4.turn" and "Cleo's turn" in str(exc.value)
    s = s.apply("9♥")
    assert s.trick_by_seat() == ((1, C("A♥")), (2, C("9♥")))
    assert passes(start(D2), 4).trick_by_seat() == ()
    final = passes(start(D1), 3).apply("six")
    final = passes(final, 3)
    for spade, heart, club in zip(parse_cards("A♠ 10♠ K♠ Q♠ J♠ 9♠"), parse_cards("A♥ 10♥ K♥ Q♥ J♥ 9♥"),
                                  parse_cards("A♣ 10♣ K♣ Q♣ J♣ 9♣")):
        final = final.apply(str(spade)).apply(str(heart)).apply(str(club))
    res = final.result
    assert isinstance(res, HandResult)
    assert (res.returns, res.winner, res.reason) == ((6, 0, 6, 0), None, "six") and "uncover 6" in res.explanation


def test_a_no_trump_contract_shows_no_trump_suit():
    """In a contract played without trumps the table says "no trumps", never the suit fixed in
    the deal (♥ here), which has no power then [m4.contract.play]."""
    from cardlab.render.mariage4 import state_text

    s = passes(passes(start(D1), 3).apply("six"), 3)
    assert s.named_trump == C("A♥").suit and s.trump is None
    for view in (None, 0, 1):
        html = state_html(s, view)
        assert "no trumps" in html and "trumps ♥" not in html and 'contract "six" by Ana' in html
        text = state_text(s, view)
        assert " · no trumps · " in text and "trumps ♥" not in text
    kept = passes(passes(start(D1, RUSSIAN_4.with_options(contract_trumps=True)), 3).apply("six"), 3)
    assert "trumps ♥" in state_html(kept) and "no trumps" not in state_html(kept)
    assert "trumps ♥" in state_html(passes(start(D1), 1))


def test_every_rule_id_named_in_the_module_is_listed():
    import re
    from pathlib import Path

    text = Path(m4.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r'"(m4\.[a-z0-9.-]+)"', text))
    assert used and used <= set(m4.RULES), used - set(m4.RULES)


def test_actions_round_trip_as_text():
    for text in ("cut 7", "trump ♥", "turn", "pass", "redeal points", "redeal trumps", "three nines", "ask nine",
                 "five", "six", "coat", "suit", "place 10♥ top", "place J♠ bottom", "place", "leave 9♣",
                 "aside J♣", "marriage ♥", "claim ♠", "A♠"):
        assert str(m4.parse_action(text)) == text
    with pytest.raises(NotationError):
        m4.parse_action("place 10♥ middle")


def test_partner_marriage_is_an_option():
    # D1, trumps ♠ named by Boris: Boris's partner Dan holds K♣ Q♣ (20); Boris holds K♥ Q♥ (20)
    s = passes(start(D1, trump="trump ♠"), 4)
    refused(s, "marriage ♣", "m4.marriage")          # not his own, and the option is off
    on = passes(start(D1, RUSSIAN_4.with_options(partner_can_meld=True), trump="trump ♠"), 4)
    t = on.apply("marriage ♣")
    assert t.marriages == ((3, parse_card("K♣").suit, 20),) and t.pending_marriage is None
    assert parse_card("K♣") in t.view(0).known[3]     # Dan's king and queen are shown
    refused(t, "marriage ♥", "m4.marriage")          # one marriage per lead
    t = t.apply("9♥")                                 # any card may be led after a partner's marriage
    assert t.trick == (parse_card("9♥"),) and t.trick_by_seat() == ((1, parse_card("9♥")),)


def test_records_refuse_a_hand_after_the_game_and_a_dealer_out_of_turn():
    from pathlib import Path

    from cardlab import records
    from cardlab.errors import RecordError

    rec = records.load(Path(__file__).resolve().parents[2] / "data" / "m4_game.json")
    data = rec.to_dict()
    extra = dict(data["hands"][-1], dealer=rec.game().next_dealer)
    with pytest.raises(RecordError) as exc:
        records.from_dict(dict(data, hands=data["hands"] + [extra]))
    assert "already over" in str(exc.value) and "2 eights" in str(exc.value)
    # a hand of the sample thrown in by a redeal claim: its dealer deals the next hand again
    finals = rec.replay()
    k = next(i for i, s in enumerate(finals) if s.result.redeal)
    d = data["hands"][k]["dealer"]
    assert data["hands"][k + 1]["dealer"] == d
    wrong = data["hands"][:k + 1] + [dict(data["hands"][k + 1], dealer=(d + 1) % 4)] + data["hands"][k + 2:]
    with pytest.raises(RecordError) as exc:
        records.from_dict(dict(data, hands=wrong))
    assert exc.value.location == f"hands[{k + 1}].dealer" and "redeal" in str(exc.value)
