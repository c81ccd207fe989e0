"""Rules of Ninety-Nine (cardlab.ninetynine): pack, deal, trumps, the joker, bidding, premiums,
play, seat views and the typed errors. Expected values are worked out by hand from
[E2] and docs/rules-notes.md §2 (the arithmetic is in the comments)."""

import random

import pytest

from cardlab import JOKER, Action, IllegalActionError, NotationError, RulesError, Suit, parse_card, parse_cards
from cardlab import ninetynine as nn

C = parse_card
NAMES = ("Ana", "Boris", "Cleo")

# Three hands that make the play forced (see test_ninetynine_scoring.py for the scoring):
# Ana holds nine spades and ♣A K Q, Boris nine hearts and ♦A K Q, Cleo ♣J–6 and ♦J–6.
ANA = "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ A♣ K♣ Q♣"
BORIS = "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ A♦ K♦ Q♦"
CLEO = "J♣ 10♣ 9♣ 8♣ 7♣ 6♣ J♦ 10♦ 9♦ 8♦ 7♦ 6♦"

# A joker deal: turn-up Q♥ (hearts trumps); Ana holds the joker, which counts as a second Q♥.
J_ANA = "Jo A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ A♦ K♦"
J_BORIS = "A♥ K♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ Q♦ J♦ 10♦ 9♦"
J_CLEO = "A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 8♦ 7♦ 6♦"


def forced(turnup="Jo", rules=nn.CLASSIC, dealer=2, hands=(ANA, BORIS, CLEO)):
    """dealer=2, so Ana (seat 0) is eldest: she bids and leads first."""
    return nn.deal_from_hands(hands, turnup if rules.mode == "classic" else None, rules=rules, dealer=dealer,
                              names=NAMES)


def joker_deal():
    return nn.deal_from_hands((J_ANA, J_BORIS, J_CLEO), "Q♥", dealer=2, names=NAMES)


def raises(state, action, rule):
    with pytest.raises(IllegalActionError) as e:
        state.apply(action)
    assert e.value.rule == rule and rule in nn.RULES
    return e.value


# -- pack and deal --------------------------------------------------------------------------------

def test_pack_is_36_cards_a_to_6_plus_the_wild_card():
    assert len(nn.PACK_36) == 36 == len(set(nn.PACK_36))
    ranks = {c.rank.label for c in nn.PACK_36}
    assert ranks == {"A", "K", "Q", "J", "10", "9", "8", "7", "6"}
    assert nn.CLASSIC.pack_size == 37 and nn.CLASSIC.wild == JOKER
    assert nn.CLASSIC.with_options(wild_card="club-two").wild == C("2♣")
    assert nn.REVISED.pack_size == 36 and nn.REVISED.wild is None


def test_rank_order_ace_high_six_low():
    assert [r.label for r in nn.RANKS_99] == ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]


def test_deal_in_batches_of_three_from_eldest():
    pack = list(nn.PACK_36) + [JOKER]            # ♣A K Q J 10 9 8 7 6, ♦…, ♥…, ♠…, joker
    s = nn.deal(nn.CLASSIC, dealer=0, pack=pack, names=NAMES)
    # eldest = seat 1 gets d0-2, d9-11, d18-20, d27-29; seat 2 d3-5 …; the dealer d6-8 …
    assert s.hands[1] == tuple(pack[i] for i in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 28, 29))
    assert s.hands[2] == tuple(pack[i] for i in (3, 4, 5, 12, 13, 14, 21, 22, 23, 30, 31, 32))
    assert s.hands[0] == tuple(pack[i] for i in (6, 7, 8, 15, 16, 17, 24, 25, 26, 33, 34, 35))
    assert s.turnup == JOKER and s.trump is None          # the 37th card, the joker: no trump
    assert s.to_act == 1 and s.phase == "bidding"


def test_deal_one_at_a_time_option():
    pack = list(nn.PACK_36) + [JOKER]
    s = nn.deal(nn.CLASSIC.with_options(deal_packet=1), dealer=0, pack=pack, names=NAMES)
    assert s.hands[1] == tuple(pack[i] for i in range(0, 36, 3))
    assert s.hands[2] == tuple(pack[i] for i in range(1, 36, 3))
    assert s.hands[0] == tuple(pack[i] for i in range(2, 36, 3))


def test_seeded_deal_is_reproducible_and_complete():
    a = nn.deal(seed=11)
    b = nn.deal(seed=11)
    assert a.pack == b.pack and len(a.pack) == 37
    cards = [c for h in a.hands for c in h] + [a.turnup]
    assert sorted(cards) == sorted(nn.PACK_36 + (JOKER,))
    assert all(len(h) == 12 for h in a.hands)


@pytest.mark.parametrize("pack, words", [
    (list(nn.PACK_36), "37 cards with the joker"),                     # 36 cards under classic rules
    (list(nn.PACK_36)[:35] + [JOKER, JOKER], "appears twice"),
    (list(nn.PACK_36) + ["5♠"], "not in the Ninety-Nine pack"),
    (list(nn.PACK_36) + ["2♣"], "37 cards with the joker"),          # the ♣2 pack under joker rules
])
def test_bad_packs(pack, words):
    with pytest.raises(nn.DealError, match=words):
        nn.deal(nn.CLASSIC, 0, pack=pack)


def test_revised_pack_has_no_joker():
    with pytest.raises(nn.DealError, match="36 cards without a joker"):
        nn.deal(nn.REVISED, 0, pack=list(nn.PACK_36) + [JOKER])
    assert nn.deal(nn.REVISED, 0, pack=list(nn.PACK_36)).turnup is None


# -- trumps -----------------------------------------------------------------------------------

def test_turnup_fixes_trumps_and_joker_counts_as_it():
    s = joker_deal()
    assert s.turnup == C("Q♥") and s.trump == Suit.HEARTS and s.joker_as == C("Q♥")
    assert s.effective(JOKER) == C("Q♥")


def test_joker_turnup_means_no_trump():
    s = forced("Jo")
    assert s.trump is None and s.joker_as is None
    assert "joker" in s.explain() and "no trump" in s.explain()


def test_nine_turnup_means_no_trump_by_default_and_joker_is_that_nine():
    hands = (ANA.replace("9♠", "Jo"), BORIS, CLEO)           # Ana holds the joker; the 9♠ is turned up
    s = forced("9♠", hands=hands)
    assert s.trump is None and s.joker_as == C("9♠")
    # the joker is a spade nine: as a bid card it is worth 1 (♠)
    assert s.bid_of([JOKER, C("A♣"), C("K♣")]) == 1 + 3 + 3
    s2 = forced("9♠", rules=nn.CLASSIC.with_options(nine_turnup_no_trump=False), hands=hands)
    assert s2.trump == Suit.SPADES


def test_club_two_stands_in_for_the_joker():
    rules = nn.CLASSIC.with_options(wild_card="club-two")
    hands = (J_ANA.replace("Jo", "2♣"), J_BORIS, J_CLEO)
    s = nn.deal_from_hands(hands, "Q♥", rules=rules, dealer=2, names=NAMES)
    assert s.joker_as == C("Q♥") and s.effective(C("2♣")) == C("Q♥")
    assert s.bid_of(parse_cards("2♣ 6♠ 7♠")) == 2 + 1 + 1
    turned = nn.deal_from_hands((J_ANA.replace("Jo", "Q♥"), J_BORIS, J_CLEO), "2♣", rules=rules, dealer=2)
    assert turned.trump is None and turned.joker_as is None


def test_revised_trumps_from_previous_successes():
    # rules-notes §2.1: 3 → ♣, 2 → ♥, 1 → ♠, 0 → ♦; a game's first deal at no trump
    expected = {3: Suit.CLUBS, 2: Suit.HEARTS, 1: Suit.SPADES, 0: Suit.DIAMONDS}
    for n, suit in expected.items():
        s = nn.deal(nn.REVISED, 0, seed=1, previous_successes=n)
        assert s.trump == suit and s.turnup is None
    assert nn.deal(nn.REVISED, 0, seed=1).trump is None
    assert nn.deal(nn.REVISED.with_options(first_deal_trump="diamonds"), 0, seed=1).trump == Suit.DIAMONDS
    with pytest.raises(nn.DealError):
        nn.deal(nn.CLASSIC, 0, seed=1, previous_successes=2)


# -- bidding ------------------------------------------------------------------------------------

def test_bid_values_diamond_0_spade_1_heart_2_club_3():
    assert nn.BID_VALUE == {Suit.DIAMONDS: 0, Suit.SPADES: 1, Suit.HEARTS: 2, Suit.CLUBS: 3}
    assert nn.bid_value(parse_cards("A♣ K♠ 6♦")) == 3 + 1 + 0
    assert nn.bid_value(parse_cards("7♥ 6♥ Q♦")) == 2 + 2 + 0
    assert nn.bid_value(parse_cards("A♣ K♣ Q♣")) == 9
    assert nn.bid_value(["Jo", "6♦", "7♦"], joker_as="A♣") == 3


def test_every_three_card_choice_is_a_legal_bid():
    s = forced()
    legal = s.legal_actions()
    assert len(legal) == 220                                  # C(12, 3) = 12·11·10 / 6
    assert all(a.kind == "bid" and len(a.value) == 3 for a in legal)


def test_ways_to_bid_counts():
    ways = nn.ways_to_bid(ANA)                                 # 9 spades, 3 clubs
    # bid 3: three spades, C(9,3) = 84; bid 5: two spades + one club, C(9,2)·3 = 108;
    # bid 7: one spade + two clubs, 9·C(3,2) = 27; bid 9: three clubs, 1
    assert {b: len(v) for b, v in ways.items() if v} == {3: 84, 5: 108, 7: 27, 9: 1}


def test_bid_is_secret_and_any_card_order_is_accepted():
    s = forced().apply("bid K♣ A♣ Q♣")
    assert s.bids[0] == 9 and set(s.bid_cards[0]) == set(parse_cards("A♣ K♣ Q♣"))
    assert len(s.hands[0]) == 9 and s.to_act == 1
    assert "A♣" not in s.explain() and "9" not in s.explain()
    v = s.view(1)
    assert v.bids_laid == (True, False, False) and v.shown_bids == (None, None, None)
    assert not set(s.bid_cards[0]) & (set(v.hand) | set(v.bid_cards))
    assert set(s.bid_cards[0]) <= set(v.unseen)
    # the record text round-trips
    a = s.last_action
    assert str(a) == "bid A♣ K♣ Q♣"                           # one fixed order: by bid value, then rank
    assert forced().apply(str(a)).bid_cards == s.bid_cards


@pytest.mark.parametrize("text, words", [
    ("bid A♣ K♣", "exactly three cards as bid cards, not 2"),
    ("bid A♣ K♣ Q♣ J♠", "exactly three cards as bid cards, not 4"),
    ("bid A♣ A♣ K♣", "named twice"),
    ("bid A♥ K♣ Q♣", "does not hold A♥"),
    ("A♠", "lays aside three bid cards"),
    ("declare", "lays aside three bid cards"),
])
def test_illegal_bids_leave_the_state_unchanged(text, words):
    s = forced()
    before = (s.hands, s.bid_cards, s.bids, s.to_act, s.phase)
    e = raises(s, text, "99.bid")
    assert words in e.reason
    assert (s.hands, s.bid_cards, s.bids, s.to_act, s.phase) == before


def test_notation_errors():
    with pytest.raises(NotationError):
        nn.parse_action("bid A♣ X♣ Q♣")
    with pytest.raises(NotationError):
        nn.parse_action("trumps")


def test_joker_as_bid_card_counts_as_the_turnup_suit():
    s = joker_deal().apply("bid Jo 6♠ 7♠")
    assert s.bids[0] == 2 + 1 + 1                             # the joker is a Q♥: a ♥ bid card, 2


# -- play -----------------------------------------------------------------------------------

def bid_all(s, *bids):
    for b in bids:
        s = s.apply(b)
    return s


def test_eldest_leads_after_the_bidding_and_must_follow_suit():
    s = bid_all(forced(), "bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♦ 10♦ 9♦")
    assert s.phase == "play" and s.to_act == 0 and s.leader == 0
    assert "Ana leads" in s.explain()
    s = s.apply("6♠")
    # Boris and Cleo hold no spade: any card
    assert {str(a) for a in s.legal_actions()} == set(BORIS.split()[:9])
    s = s.apply("A♥").apply("6♣")
    assert s.tricks[-1].winner == 0 and s.tricks_won == (1, 0, 0)   # no trump: the ♠6 led wins


def test_revoke_is_refused_with_the_rule():
    s = bid_all(joker_deal(), "bid A♦ K♦ 6♠", "bid Q♦ J♦ 10♦", "bid 8♦ 7♦ 6♦")
    s = s.apply("A♠").apply("6♥").apply("6♣")                 # Boris trumps the ♠A with ♥6
    assert s.tricks[-1].winner == 1
    s = s.apply("J♥").apply("7♣")                             # Boris leads ♥J, Cleo discards
    # Ana's only heart is the joker (it is the Q♥): she must play it
    assert [str(a) for a in s.legal_actions()] == ["Jo"]
    before = s.hands
    e = raises(s, "K♠", "99.follow")
    assert "you must follow suit (♥)" in e.reason and "Jo" in e.reason
    assert s.hands == before
    raises(s, "A♦", "99.hold")                                  # a bid card is out of play
    s = s.apply("Jo")
    assert "counting as Q♥" in s.explain()
    assert s.tricks[-1].winner == 0                             # the joker (Q♥) beats the J♥


def test_highest_trump_wins():
    s = bid_all(joker_deal(), "bid A♦ K♦ 6♠", "bid Q♦ J♦ 10♦", "bid 8♦ 7♦ 6♦")
    s = s.apply("A♠").apply("9♦").apply("A♣")                 # nobody trumps: the ♠A wins
    assert s.tricks[-1].winner == 0
    s = s.apply("K♠").apply("6♥").apply("K♣")                 # Boris trumps
    assert s.tricks[-1].winner == 1 and "highest trump" in s.explain()


def test_out_of_turn_and_after_the_end():
    s = bid_all(forced(), "bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♦ 10♦ 9♦")
    raises(s, "A♥", "99.hold")                                  # Ana is to play; she holds no ♥A
    raises(s, "bid 6♠ 7♠ 8♠", "99.bid")
    raises(s, "declare", "99.premium")                          # the classic rules have no premiums
    while not s.is_finished:
        s = s.apply(s.legal_actions()[0])
    raises(s, "6♠", "99.turn")
    assert s.legal_actions() == () and s.to_act is None and len(s.tricks) == 9


# -- premiums -----------------------------------------------------------------------------------

PREMIUM = nn.REVISED


def test_premium_round_priority():
    s = bid_all(forced(rules=PREMIUM), "bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♦ 10♦ 9♦")
    assert s.phase == "premium" and s.to_act == 0
    assert {str(a) for a in s.legal_actions()} == {"pass", "declare", "reveal"}
    s = s.apply("declare")
    assert s.premium == (0, "declare")
    # Boris may still reveal (a reveal beats a declaration) but not declare too
    assert {str(a) for a in s.legal_actions()} == {"pass", "reveal"}
    e = raises(s, "declare", "99.premium")
    assert "priority" in e.reason
    s2 = s.apply("reveal")
    assert s2.premium == (1, "reveal") and "beats Ana's declaration" in s2.explain()
    assert {str(a) for a in s2.legal_actions()} == {"pass"}     # Cleo: one premium per deal
    e = raises(s2, "declare", "99.premium")
    assert "reveal" in e.reason
    raises(s2, "A♠", "99.premium")                              # the premium round comes first
    s3 = s2.apply("pass")
    assert s3.phase == "play" and s3.to_act == 0


def test_declared_bid_cards_and_revealed_hand_are_public():
    s = bid_all(forced(rules=PREMIUM), "bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♦ 10♦ 9♦")
    s = s.apply("reveal")
    # an offer only: nothing is face up yet, and the words name no hidden card
    assert "offers to reveal" in s.explain() and "A♣" not in s.explain()
    assert s.view(2).shown_bids == (None, None, None) and s.view(2).revealed_hand == (None, None, None)
    assert set(s.bid_cards[0]) <= set(s.view(2).unseen)
    s = s.apply("pass").apply("pass")
    # the round is over: the revelation is carried out before the first lead
    assert s.phase == "play" and "(A♣ K♣ Q♣, a bid of 9)" in s.explain()
    assert "whole hand face up" in s.explain()
    v = s.view(2)
    assert set(v.shown_bids[0]) == set(parse_cards("A♣ K♣ Q♣"))
    assert v.revealed_hand[0] == s.hands[0]
    assert v.shown_bids[1] is None and v.revealed_hand[1] is None
    assert not set(s.hands[0]) & set(v.unseen)
    assert set(s.hands[1]) <= set(v.unseen) and set(s.bid_cards[1]) <= set(v.unseen)


def test_a_declaration_beaten_by_a_reveal_stays_face_down():
    # Ana (eldest) offers to declare, Boris offers to reveal: Boris's reveal stands (PBCG: a reveal
    # beats a declaration whatever the seat). Ana's bid cards were never turned up and stay hidden.
    s = bid_all(forced(rules=PREMIUM), "bid 8♠ 7♠ 6♠", "bid A♦ K♦ Q♦", "bid J♣ 10♣ J♦")
    s = s.apply("declare")
    v = s.view(1)
    assert v.premium == (0, "declare") and v.shown_bids[0] is None    # the offer is public, the cards not
    s = s.apply("reveal")
    assert "stay face down" in s.explain()
    s = s.apply("pass")
    assert s.premium == (1, "reveal") and s.premium_settled == (1, "reveal") and s.revealer == 1
    v = s.view(2)
    assert v.shown_bids[0] is None and set(v.shown_bids[1]) == set(parse_cards("A♦ K♦ Q♦"))
    assert set(s.bid_cards[0]) <= set(v.unseen)
    while not s.is_finished:
        s = s.apply(s.legal_actions()[0])
    # tricks 9-0-0: Ana bid 1 + 1 + 1 = 3 and failed; her cards stay face down at the end too
    assert s.result.made == (False, True, False) and s.view(1).result.bids == (None, 0, None)


def test_the_dealer_may_reveal_last_and_it_is_carried_out_at_once():
    s = bid_all(forced(rules=PREMIUM), "bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♦ 10♦ 9♦")
    s = s.apply("declare").apply("pass")
    before = (s.premium, s.premium_calls, s.phase)
    raises(s, "declare", "99.premium")                          # Ana, nearer eldest, has priority
    assert (s.premium, s.premium_calls, s.phase) == before
    s = s.apply("reveal")                                       # Cleo, the dealer, reveals
    assert s.phase == "play" and s.premium == (2, "reveal") and s.to_act == 0
    assert "Cleo's revelation stands" in s.explain() and "J♦ 10♦ 9♦" in s.explain()
    assert s.view(0).revealed_hand[2] == s.hands[2] and s.view(0).shown_bids[0] is None
    raises(s, "pass", "99.premium")                             # the premium round is over


# -- rule sets ----------------------------------------------------------------------------------

def test_rules_round_trip_and_errors():
    for rules in nn.PRESETS.values():
        assert nn.NinetyNineRules.from_dict(rules.to_dict()) == rules
    assert nn.NinetyNineRules.from_dict({"preset": "revised"}) == nn.REVISED
    with pytest.raises(RulesError) as e:
        nn.CLASSIC.with_options(colour="red")
    assert e.value.option == "colour"
    with pytest.raises(RulesError) as e:
        nn.CLASSIC.with_options(deal_packet=2)
    assert e.value.option == "deal_packet"
    with pytest.raises(RulesError) as e:
        nn.CLASSIC.with_options(success_bonus=(30, 20))
    assert e.value.option == "success_bonus"
    with pytest.raises(RulesError) as e:
        nn.NinetyNineRules.from_dict({"preset": "nope"})
    assert e.value.option == "preset"


def test_every_rule_id_is_documented():
    for rid, (text, source) in nn.RULES.items():
        assert rid.startswith("99.") and text and source


def test_action_text_forms():
    assert str(Action("bid", None, parse_cards("6♦ K♠ A♣"))) == "bid 6♦ K♠ A♣"
    assert nn.parse_action("bid 6d ks ac").value == parse_cards("6♦ K♠ A♣")
    assert nn.parse_action("Jo").card == JOKER
    assert nn.parse_action(" Declare ") == nn.DECLARE


# -- the joker in play, case by case (rules-notes B-3: it *is* a copy of the turn-up) -------------

def test_joker_led_is_a_lead_of_the_turnup_suit_and_ranks_as_the_turnup():
    # Turn-up Q♥ (hearts trumps). Ana leads the joker: that is a lead of the Q♥, a trump.
    s = bid_all(joker_deal(), "bid A♦ K♦ 6♠", "bid Q♦ J♦ 10♦", "bid 8♦ 7♦ 6♦")
    s = s.apply("Jo")
    assert "leads Jo (counting as Q♥)" in s.explain()
    # Boris must follow hearts: all eight of his hearts, and not his ♦9
    assert {str(a) for a in s.legal_actions()} == {"A♥", "K♥", "J♥", "10♥", "9♥", "8♥", "7♥", "6♥"}
    raises(s, "9♦", "99.follow")
    # a lower heart loses to it: J♥ is below Q♥, so Ana wins ...
    low = s.apply("J♥").apply("A♣")
    assert low.tricks[-1].winner == 0
    # ... and a higher one beats it: K♥ is above Q♥
    high = s.apply("K♥").apply("A♣")
    assert high.tricks[-1].winner == 1


def test_club_two_stand_in_is_not_a_club_when_it_stands_for_the_turnup():
    # The ♣2 in place of the joker, turn-up Q♥: Ana's ♣2 is a heart (Q♥), so with no other club
    # she is void in clubs; played to a club lead it is a trump and wins unless over-trumped.
    rules = nn.CLASSIC.with_options(wild_card="club-two")
    hands = (J_ANA.replace("Jo", "2♣"), J_BORIS, J_CLEO)
    s = nn.deal_from_hands(hands, "Q♥", rules=rules, dealer=1, names=NAMES)   # Cleo is eldest
    s = bid_all(s, "bid 8♦ 7♦ 6♦", "bid A♦ K♦ 6♠", "bid Q♦ J♦ 10♦")       # Cleo, Ana, Boris
    assert s.to_act == 2
    s = s.apply("A♣")
    assert len(s.legal_actions()) == 9                         # Ana is void in clubs: any of her 9 cards
    s = s.apply("2♣")
    assert "2♣ (counting as Q♥)" in s.explain() and "a trump" in s.explain()
    s = s.apply("6♥")                                          # Boris trumps lower: 6♥ < Q♥
    assert s.tricks[-1].winner == 0
    assert s.bids[0] == 0 + 0 + 1                              # ♦A ♦K ♠6; the ♣2 was kept for play


def test_joker_is_a_plain_nine_when_a_nine_turned_up_means_no_trump():
    # Turn-up 9♠ and no trump: the joker is a second 9♠, a spade with no trump power; it must be
    # played to a spade lead when it is the holder's only spade.
    ana = "Jo A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ A♦ K♦"
    boris = "A♠ K♠ Q♠ J♠ 10♠ 8♠ 7♠ 6♠ Q♦ J♦ 10♦ 9♦"
    cleo = "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 8♦ 7♦ 6♦"
    s = nn.deal_from_hands((ana, boris, cleo), "9♠", dealer=0, names=NAMES)   # Boris is eldest
    assert s.trump is None and s.joker_as == C("9♠")
    s = bid_all(s, "bid Q♦ J♦ 10♦", "bid 8♦ 7♦ 6♦", "bid A♦ K♦ 6♣")           # Boris, Cleo, Ana
    s = s.apply("6♠").apply("A♥")
    assert [str(a) for a in s.legal_actions()] == ["Jo"]       # Ana's only "spade"
    s = s.apply("Jo")
    assert s.tricks[-1].winner == 0                            # 9♠ beats the 6♠ led; A♥ is no trump
    assert s.bids[0] == 0 + 0 + 3                              # Ana: ♦A ♦K ♣6


def test_joker_turned_up_leaves_no_wild_card_in_play():
    s = forced("Jo")
    assert JOKER not in {c for h in s.hands for c in h} and s.joker_as is None
    assert s.effective(C("A♠")) == C("A♠")
    assert len({c for h in s.hands for c in h}) == 36           # all 36 ordinary cards are in the hands


# -- properties (hypothesis) ------------------------------------------------------------------

from hypothesis import given, settings, strategies as st   # noqa: E402

_hands = st.lists(st.sampled_from(nn.PACK_36), min_size=12, max_size=12, unique=True)


@settings(max_examples=60, deadline=None)
@given(_hands, st.sampled_from(nn.PACK_36))
def test_every_hand_has_220_bid_choices_each_in_its_bid(hand, turnup):
    # Any 12 cards, with the joker standing in for one of them: C(12, 3) = 220 choices in all,
    # each under the bid its suits spell (♦ 0, ♠ 1, ♥ 2, ♣ 3; the joker as the turn-up's suit).
    if turnup in hand:
        hand = [JOKER if c == turnup else c for c in hand]
    ways = nn.ways_to_bid(hand, joker_as=turnup)
    assert sum(len(v) for v in ways.values()) == 220 and set(ways) == set(range(10))
    value = {"♦": 0, "♠": 1, "♥": 2, "♣": 3}
    for bid, combos in ways.items():
        for combo in combos:
            assert sum(value[(turnup if c == JOKER else c).suit.symbol] for c in combo) == bid


_tricks = st.tuples(st.integers(0, 9), st.integers(0, 9)).filter(lambda t: sum(t) <= 9).map(
    lambda t: (t[0], t[1], 9 - t[0] - t[1]))


@settings(max_examples=200, deadline=None)
@given(st.tuples(*[st.integers(0, 9)] * 3), _tricks,
       st.one_of(st.none(), st.tuples(st.integers(0, 2), st.sampled_from(["declare", "reveal"]))))
def test_deal_score_totals(bids, tricks, premium):
    # The points handed out in a deal: 9 (one per trick) + n × bonus(n) for n successes, plus the
    # premium once if made or twice (to each of two opponents) if failed.
    scores, parts, _ = nn.deal_score(bids, tricks, nn.REVISED, premium, NAMES)
    made = [b == t for b, t in zip(bids, tricks)]
    n = sum(made)
    total = 9 + n * {0: 0, 1: 30, 2: 20, 3: 10}[n]
    if premium:
        value = {"declare": 30, "reveal": 60}[premium[1]]
        total += value if made[premium[0]] else 2 * value
    assert sum(scores) == total
    assert all(sum(v for _, v in p) == x for p, x in zip(parts, scores))
    assert all(x >= t for x, t in zip(scores, tricks))
    assert max(scores) <= 99                                  # the name: 9 + 30 + 60 at most


def test_the_module_docstring_example_runs_as_written():
    s = nn.deal(nn.CLASSIC, dealer=0, seed=5, names=NAMES)
    assert [str(a) for a in s.legal_actions()[:2]] == ["bid K♦ 10♦ 8♦", "bid K♦ 10♦ 6♦"]
    assert "s.apply(\"bid 8♦ 6♦ 10♣\")" in nn.__doc__
    s = s.apply("bid 8♦ 6♦ 10♣")
    assert s.bids[1] == 0 + 0 + 3
    assert s.explain() == "Boris lays aside three bid cards face down: a secret bid."


def test_actions_of_other_games_are_refused():
    s = bid_all(forced(), "bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♦ 10♦ 9♦")
    for bad in (Action("close"), Action("marriage", None, Suit.HEARTS)):
        with pytest.raises(IllegalActionError, match="not a Ninety-Nine action") as info:
            s.apply(bad)
        assert info.value.rule == "99.action"
    with pytest.raises(NotationError):
        s.apply("close")
    assert s.to_act == 0 and s.trick == () and len(s.hands[0]) == 9


_RULE_SETS = [nn.CLASSIC, nn.REVISED, nn.CLASSIC.with_options(wild_card="club-two", premiums=True)]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 40), st.sampled_from(range(3)), st.randoms(use_true_random=False))
def test_every_refused_action_names_a_rule_and_changes_nothing(seed, steps, which, rnd):
    # Play `steps` random legal actions, then try every card of the pack, every premium word and
    # a few bids that are not legal: each is refused with a rule id of nn.RULES, state unchanged.
    s = nn.deal(_RULE_SETS[which], dealer=seed % 3, seed=seed, names=NAMES)
    for _ in range(steps):
        if s.is_finished:
            break
        s = s.apply(rnd.choice(s.legal_actions()))
    legal = {str(a) for a in s.legal_actions()}
    snapshot = (s.hands, s.bid_cards, s.bids, s.trick, s.tricks, s.premium, s.premium_calls, s.phase, s.to_act)
    tries = [str(c) for c in s.pack] + ["pass", "declare", "reveal"]
    if s.to_act is not None:
        hand = s.hands[s.to_act]
        tries.append("bid " + " ".join(str(c) for c in hand[:2]))             # two cards only
        others = [c for c in s.pack if c not in hand]
        tries.append("bid " + " ".join(str(c) for c in others[:3]))          # cards not held
    for text in tries:
        if text in legal:
            continue
        with pytest.raises(IllegalActionError) as e:
            s.apply(text)
        assert e.value.rule in nn.RULES, (text, e.value.rule)
        assert (s.hands, s.bid_cards, s.bids, s.trick, s.tricks, s.premium, s.premium_calls, s.phase,
                s.to_act) == snapshot


def test_the_shared_shapes_trick_by_seat_seat_view_turn_rule_and_seat_names():
    from cardlab.state import SeatView

    s = nn.deal(nn.REVISED, 1, seed=8)
    assert s.names == nn.SEAT_NAMES and s.trick_by_seat() == ()
    assert isinstance(s.view(0), SeatView) and s.view(0).variant == nn.VARIANT
    wrong = (s.to_act + 1) % 3
    with pytest.raises(IllegalActionError) as info:
        s.apply(s.legal_actions()[0], seat=wrong)
    assert info.value.rule == "99.turn" and s.last_action is None
    rng = random.Random(8)
    while not s.is_finished:
        if s.phase == "play":
            assert s.trick_by_seat() == tuple(((s.leader + i) % 3, c) for i, c in enumerate(s.trick))
        s = s.apply(rng.choice(s.legal_actions()), seat=s.to_act)
    assert s.trick_by_seat() == ()
    with pytest.raises(IllegalActionError) as info:
        s.apply("A♠", seat=0)
    assert info.value.rule == "99.turn"
