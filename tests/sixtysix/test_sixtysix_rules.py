"""Sixty-six play rules (cardlab.sixtysix): deal, lead, drawing, duties, marriages, exchange,
closing, last trick, going out.

Rule sources (docs/rules-notes.md): §3.1 (Santase, the default preset SANTASE), §3.2 C-1..C-12,
§4.1 and D-1..D-5 (Russian two-player Mariage, RUSSIAN_MARIAGE), §5 "German 66" (GERMAN_66).
Every refused action must raise IllegalActionError naming its rule id and leave the state as it
was (helpers_66.assert_illegal compares legal actions, hands, stock, points ... before/after).

Seats: the deals below use dealer=1, so seat 0 ("A") is the non-dealer and leads first.
"""

import pytest

from cardlab import PACK_24, IllegalActionError, NotationError, RulesError, parse_card, parse_cards
from cardlab import sixtysix as ss
from cardlab.tricks import Trick
from helpers_66 import C, assert_illegal, deal66, legal, run, tricks_points

SANTASE, RUSSIAN, GERMAN = ss.SANTASE, ss.RUSSIAN_MARIAGE, ss.GERMAN_66


# =============================================================================================
# Deal
# =============================================================================================

@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_layout_3_turn_3(dealer):
    """§3.1 step 4: non-dealer d0-d2, dealer d3-d5, trump d6, non-dealer d7-d9, dealer d10-d12;
    stock draw order d13..d23, then the turn-up."""
    pack = PACK_24  # ♣ A 10 K Q J 9, ♦ A 10 K Q J 9, ♥ ..., ♠ ...
    s = ss.deal(SANTASE, dealer=dealer, pack=pack)
    nd = 1 - dealer
    assert set(s.hands[nd]) == {pack[i] for i in (0, 1, 2, 7, 8, 9)}
    assert set(s.hands[dealer]) == {pack[i] for i in (3, 4, 5, 10, 11, 12)}
    assert s.turnup is pack[6] is parse_card("A♦")   # d6 = ♦A (♣ are d0-d5): diamonds are trumps
    assert s.trump == parse_card("A♦").suit
    assert s.stock == tuple(pack[13:24])
    assert s.turnup_in_stock and s.stock_size == 12 and s.stock_open
    assert s.pack == tuple(pack)
    assert s.to_act == nd and s.leader == nd and s.dealer == dealer


@pytest.mark.parametrize("rules", [RUSSIAN, GERMAN], ids=["russian", "german"])
@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_layout_3_3_turn(rules, dealer):
    """§4.1 / D-1: packets of 3+3 (non-dealer first), then the 13th card (d12) is turned."""
    pack = PACK_24
    s = ss.deal(rules, dealer=dealer, pack=pack)
    nd = 1 - dealer
    assert set(s.hands[nd]) == {pack[i] for i in (0, 1, 2, 6, 7, 8)}
    assert set(s.hands[dealer]) == {pack[i] for i in (3, 4, 5, 9, 10, 11)}
    assert s.turnup is pack[12] is parse_card("A♥")  # d12: ♣ 0-5, ♦ 6-11, ♥ A = 12
    assert s.trump == parse_card("A♥").suit
    assert s.stock == tuple(pack[13:24])
    assert s.to_act == nd


@pytest.mark.parametrize("rules", [SANTASE, RUSSIAN], ids=["santase", "russian"])
@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_from_hands_places_cards_by_the_layout(rules, dealer):
    h0, h1 = parse_cards("A♣ 10♣ K♣ Q♣ J♣ 9♣"), parse_cards("A♦ 10♦ K♦ Q♦ J♦ 9♦")
    stock = parse_cards("A♥ 10♥ K♥ Q♥ J♥ 9♥ 10♠ K♠ Q♠ J♠ 9♠")
    s = ss.deal_from_hands([h0, h1], "A♠", stock, rules=rules, dealer=dealer)
    assert s.hands[0] == h0 and s.hands[1] == h1
    assert s.turnup is C("A♠") and s.stock == stock
    nd_idx = (0, 1, 2, 7, 8, 9) if rules.deal_order == "3-turn-3" else (0, 1, 2, 6, 7, 8)
    d_idx = (3, 4, 5, 10, 11, 12) if rules.deal_order == "3-turn-3" else (3, 4, 5, 9, 10, 11)
    t_idx = 6 if rules.deal_order == "3-turn-3" else 12
    hands = [h0, h1]
    assert [s.pack[i] for i in nd_idx] == list(hands[1 - dealer])
    assert [s.pack[i] for i in d_idx] == list(hands[dealer])
    assert s.pack[t_idx] is C("A♠")
    assert s.pack[13:] == stock
    # dealing the reconstructed pack again gives the same hands
    again = ss.deal(rules, dealer=dealer, pack=s.pack)
    assert again.hands == s.hands and again.stock == s.stock and again.turnup == s.turnup


def test_seeded_deal_is_reproducible_and_a_permutation():
    a, b = ss.deal(seed=12345), ss.deal(seed=12345)
    assert a.pack == b.pack and a.hands == b.hands
    assert sorted(a.pack) == sorted(PACK_24)
    assert ss.shuffled_pack(12345) == a.pack
    assert ss.deal(seed=1).pack != ss.deal(seed=2).pack


@pytest.mark.parametrize("kwargs, words", [
    (dict(pack=PACK_24[:23]), "24 cards"),
    (dict(pack=PACK_24[:23] + (PACK_24[0],)), "twice"),
    (dict(pack=PACK_24[:23] + (parse_card("8♠"),)), "not in the 24-card pack"),
    (dict(pack=list(PACK_24[:23]) + ["X♠"]), "cannot be read"),
    (dict(), "either a seed or a pack"),
    (dict(seed=1, pack=PACK_24), "either a seed or a pack"),
    (dict(seed=1, dealer=2), "dealer"),
    (dict(seed="7"), "seed"),
])
def test_deal_errors(kwargs, words):
    with pytest.raises(ss.DealError, match=words):
        ss.deal(**kwargs)


def test_deal_from_hands_errors():
    with pytest.raises(ss.DealError, match="6 cards"):
        deal66(["A♣ 10♣ K♣ Q♣ J♣", "A♦ 10♦ K♦ Q♦ J♦ 9♦"], "A♠")
    with pytest.raises(ss.DealError, match="11"):
        deal66(["A♣ 10♣ K♣ Q♣ J♣ 9♣", "A♦ 10♦ K♦ Q♦ J♦ 9♦"], "A♠", stock="A♥ 10♥")
    with pytest.raises(ss.DealError, match="twice"):   # the A♣ in both hands
        deal66(["A♣ 10♣ K♣ Q♣ J♣ 9♣", "A♣ 10♦ K♦ Q♦ J♦ 9♦"], "A♠",
               stock="A♥ 10♥ K♥ Q♥ J♥ 9♥ 10♠ K♠ Q♠ J♠ 9♠")


def test_rules_options_are_validated():
    with pytest.raises(RulesError, match="unknown option"):
        SANTASE.with_options(trumps_rule=1)
    with pytest.raises(RulesError, match="tie_rule"):
        SANTASE.with_options(tie_rule="coin")
    with pytest.raises(RulesError, match="must_head"):
        SANTASE.with_options(must_head="yes")
    with pytest.raises(RulesError, match="close_min_stock"):
        SANTASE.with_options(close_min_stock=1)
    with pytest.raises(RulesError, match="closed_game_points"):
        SANTASE.with_options(closed_game_points=4)
    assert SANTASE.with_options(target=7).target == 7
    assert ss.SixtySixRules.from_dict({"preset": "russian", "target": 8}) == RUSSIAN.with_options(target=8)
    assert ss.SixtySixRules.from_dict(SANTASE.to_dict()) == SANTASE
    with pytest.raises(RulesError, match="preset"):
        ss.SixtySixRules.from_dict({"preset": "skat"})


# =============================================================================================
# Action notation
# =============================================================================================

@pytest.mark.parametrize("text, kind, card, value", [
    ("A♠", "play", "A♠", None),
    ("10h", "play", "10♥", None),
    ("marriage ♥", "marriage", None, "♥"),
    ("Marriage h", "marriage", None, "♥"),
    ("marriage hearts", "marriage", None, "♥"),
    ("marriage KH", "marriage", None, "♥"),
    ("20 ♣", "marriage", None, "♣"),
    ("40 ♠", "marriage", None, "♠"),
    ("exchange", "exchange", None, None),
    ("CLOSE", "close", None, None),
    (" out ", "out", None, None),
])
def test_parse_action(text, kind, card, value):
    a = ss.parse_action(text)
    assert a.kind == kind
    assert a.card == (parse_card(card) if card else None)
    assert (a.value.symbol if a.value is not None else None) == value
    assert ss.parse_action(str(a)) == a            # the text form round-trips


@pytest.mark.parametrize("text", ["", "marriage", "marriage X", "swap", "A", "play A♠"])
def test_parse_action_errors(text):
    with pytest.raises(NotationError):
        ss.parse_action(text)


def test_unparseable_action_leaves_state_unchanged():
    s = ss.deal(seed=3)
    before = legal(s)
    with pytest.raises(NotationError):
        s.apply("take back")
    assert legal(s) == before and s.last_action is None


# =============================================================================================
# Lead, free play, drawing
# =============================================================================================

@pytest.mark.parametrize("rules", [SANTASE, RUSSIAN, GERMAN], ids=["santase", "russian", "german"])
@pytest.mark.parametrize("dealer", [0, 1])
def test_non_dealer_leads_first(rules, dealer):
    s = ss.deal(rules, dealer=dealer, seed=99)
    assert s.to_act == 1 - dealer
    # the dealer may not act
    other_card = s.hands[dealer][0]
    assert_illegal(s, str(other_card), "66.hold")


def test_acting_out_of_turn_names_the_turn_rule():
    """apply(action, seat=...): only the seat to act may act [66.turn]; the state is unchanged."""
    s = ss.deal(seed=99, dealer=1)
    card = s.legal_actions()[0]
    with pytest.raises(IllegalActionError) as info:
        s.apply(card, seat=1)
    assert info.value.rule == "66.turn" and "A's turn, not B's" in info.value.reason
    assert s.apply(card, seat=0).last_action == card and s.last_action is None
    for bad in (2, -1, True, "0"):
        with pytest.raises(IllegalActionError) as info:
            s.apply(card, seat=bad)
        assert info.value.rule == "66.turn"


def test_leader_may_lead_anything_and_follower_may_play_anything_while_stock_open():
    s = deal66(["A♥ K♣ 10♦ J♠ 9♥ Q♣", "9♣ J♦ A♠ K♥ Q♦ 10♣"], "K♠")
    assert set(legal(s)) == {"A♥", "K♣", "10♦", "J♠", "9♥", "Q♣"}   # Santase: no marriage/close on lead 1
    s = s.apply("A♥")
    # B holds K♥ but need not follow, trump or head: the whole hand is legal
    assert set(legal(s)) == {"9♣", "J♦", "A♠", "K♥", "Q♦", "10♣"}
    s2 = s.apply("9♣")          # discard: A wins 11 + 0
    assert s2.tricks[-1] == Trick(0, ((0, C("A♥")), (1, C("9♣"))), 0) and s2.card_points == (11, 0)
    s3 = s.apply("A♠")          # trump: B wins 11 + 11
    assert s3.tricks[-1].winner == 1 and s3.card_points == (0, 22)


@pytest.mark.parametrize("dealer", [0, 1])
def test_trick_by_seat_is_the_trick_in_progress_with_its_seats(dealer):
    s = ss.deal(seed=5, dealer=dealer)
    assert s.trick_by_seat() == ()
    lead = s.legal_actions()[-1].card
    s = s.apply(str(lead))
    assert s.trick_by_seat() == ((1 - dealer, lead),) and s.trick == (lead,)
    s = s.apply(s.legal_actions()[0])
    assert s.trick_by_seat() == () and len(s.tricks) == 1


def test_playing_a_card_not_held():
    s = deal66(["A♥ K♣ 10♦ J♠ 9♥ Q♣", "9♣ J♦ A♠ K♥ Q♦ 10♣"], "K♠")
    assert_illegal(s, "A♠", "66.hold", "A♠")
    s = s.apply("A♥")
    assert_illegal(s, "K♣", "66.hold")


# The 65-65 deal (also used in test_sixtysix_scoring): A leads; every trick is two cards of one
# suit, so the winner is plain.  Trump ♠ (turn-up J♠).
H6565 = ["K♣ K♦ K♥ 10♣ 10♦ 10♥", "Q♣ Q♦ Q♥ A♣ A♦ A♥"]
T6565 = "J♠"
S6565 = "9♣ J♣ J♦ 9♦ A♠ 10♠ Q♠ K♠ 9♠ J♥ 9♥"
P6565 = ["K♣ Q♣", "K♦ Q♦", "K♥ Q♥", "10♣ A♣", "A♦ 10♦", "A♥ 10♥",
         "J♣ 9♣", "9♦ J♦", "A♠ 10♠", "K♠ Q♠", "J♠ 9♠", "J♥ 9♥"]


def test_drawing_winner_first_and_last_draw_takes_turnup():
    """§3.1: after each trick the winner draws the top stock card, then the loser; the winner of
    the 6th trick draws the last face-down card and the loser takes the turn-up."""
    s = deal66(H6565, T6565, S6565)
    stock = parse_cards(S6565)
    s1 = run(s, P6565[0])          # A wins (K♣ over Q♣): A draws stock[0] 9♣, B stock[1] J♣
    assert s1.tricks[-1].winner == 0
    assert set(s1.hands[0]) == set(parse_cards("K♦ K♥ 10♣ 10♦ 10♥ 9♣"))
    assert set(s1.hands[1]) == set(parse_cards("Q♦ Q♥ A♣ A♦ A♥ J♣"))
    assert s1.stock == stock[2:] and s1.stock_size == 10
    s3 = run(s1, " | ".join(P6565[1:3]))
    s4 = run(s3, P6565[3])         # trick 4: B's A♣ beats A's 10♣: B draws stock[6] Q♠ first
    assert s4.tricks[-1] == Trick(0, ((0, C("10♣")), (1, C("A♣"))), 1)
    assert set(s4.hands[1]) == (set(s3.hands[1]) - {C("A♣")}) | {stock[6]} and stock[6] is C("Q♠")
    assert set(s4.hands[0]) == (set(s3.hands[0]) - {C("10♣")}) | {stock[7]} and stock[7] is C("K♠")
    assert s4.stock == stock[8:]
    assert s4.stock_size == 12 - 8 and s4.to_act == 1 and s4.leader == 1
    s5 = run(s4, P6565[4])
    assert s5.stock_size == 2 and s5.turnup_in_stock and s5.stock_open
    s6 = run(s5, P6565[5])         # B wins trick 6: B draws 9♥ (stock[10]), A takes the J♠
    assert s6.tricks[-1].winner == 1
    assert set(s6.hands[1]) == (set(s5.hands[1]) - {C("A♥")}) | {C("9♥")} and stock[10] is C("9♥")
    assert set(s6.hands[0]) == (set(s5.hands[0]) - {C("10♥")}) | {C("J♠")}
    assert s6.stock == () and not s6.turnup_in_stock and s6.stock_size == 0 and not s6.stock_open
    assert len(s6.hands[0]) == len(s6.hands[1]) == 6
    # the turn-up taken by A is known to B
    assert C("J♠") in s6.view(1).opponent_known
    assert s6.view(1).turnup is None


# =============================================================================================
# Duties after the stock is exhausted
# =============================================================================================

# EX: A wins the six stock tricks (49 card points, no marriage), so at trick 7 the stock is
# exhausted, A leads with K♦ A♣ A♥ 10♣ 9♦ Q♦ and B holds A♦ J♦ Q♠ 10♠ K♥ J♥.  Trump ♠.
HEX = ["A♠ K♠ 10♦ 10♥ K♣ Q♥", "9♠ J♠ Q♣ 9♥ J♣ 9♣"]
SEX = "K♦ A♦ A♣ J♦ A♥ Q♠ 10♣ K♥ 9♦ J♥ Q♦"
PEX = "A♠ 9♠ | K♠ J♠ | 10♦ Q♣ | 10♥ 9♥ | K♣ J♣ | Q♥ 9♣"


def ex_position(rules):
    s = run(deal66(HEX, "10♠", SEX, rules=rules), PEX)
    # A: 11 (A♠ 9♠) + 6 (K♠ J♠) + 13 (10♦ Q♣) + 10 (10♥ 9♥) + 6 (K♣ J♣) + 3 (Q♥ 9♣) = 49
    assert s.card_points == (49, 0) and s.tricks_won == (6, 0)
    assert s.stock_size == 0 and not s.stock_open and s.closed_by is None
    assert set(s.hands[0]) == set(parse_cards("K♦ A♣ A♥ 10♣ 9♦ Q♦"))
    assert set(s.hands[1]) == set(parse_cards("A♦ J♦ Q♠ 10♠ K♥ J♥"))
    assert s.to_act == 0
    return s


@pytest.mark.parametrize("rules", [SANTASE, GERMAN], ids=["santase", "german"])
def test_duties_after_stock_exhausted_heading_rules(rules):
    s = ex_position(rules)
    # K♦ led: B must follow ♦ and beat the K♦ if possible: only the A♦
    t = s.apply("K♦")
    assert set(legal(t)) == {"A♦"}
    assert_illegal(t, "J♦", "66.head", "K♦")
    # 9♦ led: both diamonds beat it
    assert set(legal(s.apply("9♦"))) == {"A♦", "J♦"}
    # A♥ led: B cannot beat it: any heart, nothing else
    t = s.apply("A♥")
    assert set(legal(t)) == {"K♥", "J♥"}
    assert_illegal(t, "Q♠", "66.follow", "♥")
    # A♣ led: B is void in clubs and must trump
    t = s.apply("A♣")
    assert set(legal(t)) == {"Q♠", "10♠"}
    assert_illegal(t, "J♥", "66.trump", "♠")


def test_duties_after_stock_exhausted_russian_no_heading():
    """D-3: the Russian preset has follow suit, else trump; no duty to beat."""
    s = ex_position(RUSSIAN)
    t = s.apply("K♦")
    assert set(legal(t)) == {"A♦", "J♦"}
    t2 = t.apply("J♦")                       # legal: no heading; A keeps the trick
    assert t2.tricks[-1] == Trick(0, ((0, C("K♦")), (1, C("J♦"))), 0)
    assert_illegal(t, "K♥", "66.follow")
    t = s.apply("A♣")
    assert set(legal(t)) == {"Q♠", "10♠"}
    assert_illegal(t, "J♥", "66.trump")


def test_off_suit_discard_when_a_higher_card_of_the_suit_is_held():
    """Holding A♦ and J♦ against the K♦, B discards K♥: a breach of the duty to follow (and to
    head). The error must name one of the two duties and show the card B must play."""
    t = ex_position(SANTASE).apply("K♦")
    before = legal(t)
    with pytest.raises(IllegalActionError) as ei:
        t.apply("K♥")
    assert ei.value.rule in ("66.follow", "66.head")
    assert "A♦" in ei.value.reason
    assert legal(t) == before


def test_no_close_exchange_once_stock_exhausted():
    s = ex_position(SANTASE)
    assert "close" not in legal(s) and "exchange" not in legal(s)
    assert_illegal(s, "close", "66.close", "exhausted")
    assert_illegal(s, "exchange", "66.exchange")


def test_marriage_after_stock_exhausted_by_preset():
    """C-4: Santase allows 20/40 after the stock is gone; German 66 and Russian Mariage do not."""
    s = ex_position(SANTASE)
    assert "marriage ♦" in legal(s)          # A holds K♦ Q♦; trump ♠: 20
    done = s.apply("marriage ♦")             # 49 + 20 = 69 >= 66: the hand ends at once
    assert done.is_finished and done.result.winner == 0
    assert done.result.points == (69, 0)
    for rules in (RUSSIAN, GERMAN):
        s = ex_position(rules)
        assert "marriage ♦" not in legal(s)
        assert_illegal(s, "marriage ♦", "66.marriage.stock", "exhausted")


# =============================================================================================
# Closing and the duties after a close
# =============================================================================================

# P: A wins trick 1 (A♥ 9♥), draws 9♣; B draws K♠.  A then holds K♥ Q♥ A♣ 10♣ J♦ 9♣ and B holds
# J♥ A♦ 9♦ Q♠ J♠ K♠ (void in clubs).  Trump ♠ (turn-up 10♠).
HP = ["A♥ K♥ Q♥ A♣ 10♣ J♦", "9♥ J♥ A♦ 9♦ Q♠ J♠"]
SP = "9♣ K♠ K♣ Q♣ J♣ 10♦ K♦ Q♦ 10♥ A♠ 9♠"


def p_after_trick1(rules):
    s = run(deal66(HP, "10♠", SP, rules=rules), "A♥ 9♥")
    assert set(s.hands[0]) == set(parse_cards("K♥ Q♥ A♣ 10♣ J♦ 9♣"))
    assert set(s.hands[1]) == set(parse_cards("J♥ A♦ 9♦ Q♠ J♠ K♠"))
    assert s.card_points == (11, 0) and s.stock_size == 10
    return s


@pytest.mark.parametrize("rules", [SANTASE, GERMAN, RUSSIAN], ids=["santase", "german", "russian"])
def test_close_then_duties(rules):
    s = p_after_trick1(rules)
    # before closing, B may play anything to the J♦
    assert set(legal(s.apply("J♦"))) == {"J♥", "A♦", "9♦", "Q♠", "J♠", "K♠"}
    assert "close" in legal(s)
    c = s.apply("close")
    assert c.closed_by == 0 and not c.stock_open and c.to_act == 0
    assert c.stock_size == 10          # the cards stay there, nobody draws them
    # J♦ led: follow and (Santase, German) head with the A♦
    t = c.apply("J♦")
    if rules.must_head:
        assert set(legal(t)) == {"A♦"}
        assert_illegal(t, "9♦", "66.head")
    else:
        assert set(legal(t)) == {"A♦", "9♦"}
    # A♣ led: B is void in clubs and must trump (any trump)
    t = c.apply("A♣")
    assert set(legal(t)) == {"Q♠", "J♠", "K♠"}
    assert_illegal(t, "J♥", "66.trump")
    # K♥ led: B must follow with the J♥
    t = c.apply("K♥")
    assert set(legal(t)) == {"J♥"}
    assert_illegal(t, "A♦", "66.follow")
    # no drawing after a close: both hands shrink
    t2 = t.apply("J♥")
    assert len(t2.hands[0]) == len(t2.hands[1]) == 5 and t2.stock_size == 10


@pytest.mark.parametrize("rules", [SANTASE, GERMAN, RUSSIAN], ids=["santase", "german", "russian"])
def test_close_refusals(rules):
    s = p_after_trick1(rules)
    c = s.apply("close")
    assert "close" not in legal(c)
    assert_illegal(c, "close", "66.close", "already closed")
    assert_illegal(c, "exchange", "66.exchange")
    # only the player about to lead may close
    f = s.apply("J♦")
    assert_illegal(f, "close", "66.close", "lead")


def test_marriage_after_close_by_preset():
    """C-4: Santase allows marriages after a close; German 66 and Russian Mariage do not."""
    c = p_after_trick1(SANTASE).apply("close")
    m = c.apply("marriage ♥")            # 20 (♥ is not trumps): 11 + 20 = 31
    assert m.marriage_points == (20, 0) and m.points(0) == 31
    for rules in (GERMAN, RUSSIAN):
        c = p_after_trick1(rules).apply("close")
        assert "marriage ♥" not in legal(c)
        assert_illegal(c, "marriage ♥", "66.marriage.stock", "closed")


def test_close_not_before_first_trick_in_santase():
    """C-7 / §3.1: no closing before trick 1 in Santase nor in German 66 (P66: "not possible to
    close the game before any cards are played"); the Russian preset allows it (SHR: "any
    player can close the game")."""
    for rules in (SANTASE, GERMAN):
        s = deal66(HP, "10♠", SP, rules=rules)
        assert "close" not in legal(s)
        assert_illegal(s, "close", "66.close", "first trick")
    s = deal66(HP, "10♠", SP, rules=RUSSIAN)
    assert "close" in legal(s)
    c = s.apply("close")
    assert c.closed_by == 0 and c.close_info == (0, False)


# X: A holds the trump nine (turn-up A♠) and wins tricks 1-5 with A♥ 10♥ A♣ 10♣ A♦ against
# B's 9♥ J♥ 9♣ J♣ 9♦: 11 + 12 + 11 + 12 + 11 = 57 (< 66).
HX = ["9♠ A♥ 10♥ A♣ 10♣ A♦", "9♥ J♥ 9♣ J♣ 9♦ Q♥"]
TRICKS_X = ["A♥ 9♥", "10♥ J♥", "A♣ 9♣", "10♣ J♣", "A♦ 9♦"]


def x_deal(rules=SANTASE):
    return deal66(HX, "A♠", rules=rules)


def test_close_needs_four_cards_in_stock():
    """C-7: closing while the stock holds at least 4 cards (counting the turn-up)."""
    s = run(x_deal(), " | ".join(TRICKS_X[:4]))
    assert s.stock_size == 4 and "close" in legal(s)
    s5 = run(s, TRICKS_X[4])
    assert s5.stock_size == 2 and s5.stock_open
    assert "close" not in legal(s5)
    assert_illegal(s5, "close", "66.close", "2 cards")
    assert s5.card_points == (57, 0)


def test_close_min_stock_is_an_option():
    rules = SANTASE.with_options(close_min_stock=2)
    s5 = run(x_deal(rules), " | ".join(TRICKS_X))
    assert "close" in legal(s5)


# =============================================================================================
# Trump-nine exchange
# =============================================================================================

def test_exchange_needs_a_trick_and_the_lead():
    s = x_deal()
    assert "exchange" not in legal(s)
    assert_illegal(s, "exchange", "66.exchange", "taken a trick")
    f = s.apply("A♥")   # B to play: only the leader may exchange
    assert_illegal(f, "exchange", "66.exchange", "lead")
    s1 = f.apply("9♥")
    assert "exchange" in legal(s1)


def test_exchange_effect():
    s1 = run(x_deal(), TRICKS_X[0])
    e = s1.apply("exchange")
    assert C("A♠") in e.hands[0] and C("9♠") not in e.hands[0]
    assert e.turnup is C("9♠") and e.turnup_in_stock and e.trump == s1.trump
    assert e.stock == s1.stock and e.stock_size == s1.stock_size == 10
    assert e.to_act == 0 and not e.trick                  # still A's lead
    assert "exchange" not in legal(e)                      # the nine is gone
    assert_illegal(e, "exchange", "66.exchange", "9♠")
    assert C("A♠") in e.view(1).opponent_known            # B saw the A♠ taken
    assert e.view(1).turnup is C("9♠")
    assert C("A♠") not in e.view(1).unseen
    # the old state is unchanged (states are immutable)
    assert C("9♠") in s1.hands[0] and s1.turnup is C("A♠")


def test_exchange_needs_four_cards_in_stock():
    s4 = run(x_deal(), " | ".join(TRICKS_X[:4]))
    assert s4.stock_size == 4 and "exchange" in legal(s4)
    s5 = run(s4, TRICKS_X[4])
    assert "exchange" not in legal(s5)
    assert_illegal(s5, "exchange", "66.exchange", "at least 4")


def test_no_exchange_after_close():
    c = run(x_deal(), TRICKS_X[0]).apply("close")
    assert "exchange" not in legal(c)
    assert_illegal(c, "exchange", "66.exchange", "closed")


def test_exchange_without_the_nine():
    # M deal (below): trump ♦, the 9♦ is in the stock; A wins trick 1 and leads without it
    s = run(m_deal(), "A♣ J♣")
    assert C("9♦") not in s.hands[0] and "exchange" not in legal(s)
    assert_illegal(s, "exchange", "66.exchange", "9♦")
    # the player who holds the nine may exchange once he leads after a trick
    h = ["9♥ J♥ 9♣ J♣ 9♦ Q♥", "9♠ A♥ 10♥ A♣ 10♣ A♦"]
    b = run(deal66(h, "A♠"), "J♥ A♥")          # B's A♥ wins: B leads, holding the 9♠
    assert b.to_act == 1 and "exchange" in legal(b)
    e = b.apply("exchange")
    assert C("A♠") in e.hands[1] and e.turnup is C("9♠")


def test_no_exchange_in_russian_preset():
    """D-4: the trump-9 exchange is off in Russian Mariage."""
    s1 = run(x_deal(RUSSIAN), TRICKS_X[0])
    assert "exchange" not in legal(s1)
    assert_illegal(s1, "exchange", "66.exchange", "no trump-nine exchange")
    g1 = run(x_deal(GERMAN), TRICKS_X[0])
    assert "exchange" in legal(g1)


def test_exchange_close_marriage_on_one_lead():
    """§3.1 (P66 sequence): draw, exchange the nine for the turn-up King, announce 40 with it,
    close, then lead the Queen."""
    h = ["9♠ Q♠ A♥ J♣ J♦ 9♦", "9♥ 9♣ Q♦ J♥ 10♣ Q♣"]
    s = run(deal66(h, "K♠"), "A♥ 9♥")            # A: 11
    s = s.apply("exchange")
    assert C("K♠") in s.hands[0]
    s = s.apply("marriage ♠")                     # 40 in trumps: 51
    assert s.marriage_points == (40, 0) and s.points(0) == 51
    s = s.apply("close")
    assert s.closed_by == 0 and s.close_info == (0, False)
    assert set(legal(s)) == {"K♠", "Q♠"}
    s = s.apply("Q♠")
    assert s.trick == (C("Q♠"),)


# =============================================================================================
# Marriages
# =============================================================================================

# M: trump ♦ (turn-up 10♦). A holds K♥ Q♥ (20) and K♦ Q♦ (40); B holds K♣ Q♣.
HM = ["K♥ Q♥ K♦ Q♦ A♣ 9♣", "A♥ 10♥ J♣ K♣ Q♣ 9♠"]


def m_deal(rules=SANTASE):
    return deal66(HM, "10♦", rules=rules)


def test_no_marriage_on_first_lead_in_santase():
    s = m_deal()
    assert not any(a.startswith("marriage") for a in legal(s))
    assert_illegal(s, "marriage ♥", "66.marriage.first-lead", "first lead")


def test_marriage_values_and_lead_duty():
    s = run(m_deal(), "A♣ J♣")                  # A wins 11 + 2 = 13
    assert s.card_points == (13, 0)
    assert {"marriage ♥", "marriage ♦"} <= set(legal(s))
    m = s.apply("marriage ♥")                    # 20: ♥ is not trumps
    assert m.marriage_points == (20, 0) and m.points(0) == 13 + 20
    assert m.marriages == ((0, C("K♥").suit, 20),)
    cards = [a for a in legal(m) if not a.startswith(("close", "exchange"))]
    assert set(cards) == {"K♥", "Q♥"}
    assert_illegal(m, "9♣", "66.marriage.led", "king or queen")
    assert_illegal(m, "K♦", "66.marriage.led")
    assert_illegal(m, "marriage ♦", "66.marriage.lead", "one marriage")
    m2 = s.apply("marriage ♦")                   # 40: ♦ is trumps
    assert m2.marriage_points == (40, 0) and m2.points(0) == 13 + 40
    # the two shown cards are known to B
    assert set(m2.view(1).opponent_known) == set(parse_cards("K♦ Q♦"))
    # after leading the queen, the shown king stays known until played
    t = run(m, "Q♥ A♥")
    assert C("K♥") in t.view(1).opponent_known and C("Q♥") not in t.view(1).opponent_known


def test_marriage_only_by_the_leader_and_only_with_the_pair():
    s = m_deal().apply("A♣")                    # B to play and B holds K♣ Q♣
    assert not any(a.startswith("marriage") for a in legal(s))
    assert_illegal(s, "marriage ♣", "66.marriage.lead", "lead")
    s2 = run(m_deal(), "A♣ J♣")
    assert_illegal(s2, "marriage ♣", "66.marriage.lead", "K♣")   # A lacks K♣ and Q♣
    assert_illegal(s2, "marriage ♠", "66.marriage.lead")


@pytest.mark.parametrize("rules", [RUSSIAN, GERMAN], ids=["russian", "german"])
def test_first_lead_marriage_points_pending_until_a_trick(rules):
    """§4.1 / P66: a marriage may be announced on the first lead; its points count only once
    its owner has taken a trick."""
    s = m_deal(rules)
    assert "marriage ♥" in legal(s)
    m = s.apply("marriage ♥")
    assert m.marriage_points == (20, 0) and m.points(0) == 0     # no trick yet
    assert_illegal(m, "A♣", "66.marriage.led")
    t = run(m, "K♥ A♥")                      # B's A♥ wins 4 + 11 = 15
    assert t.card_points == (0, 15) and t.points(0) == 0 and t.points(1) == 15
    u = run(t, "J♣ A♣")                      # B leads J♣, A's A♣ wins 2 + 11 = 13
    assert u.card_points == (13, 15) and u.points(0) == 13 + 20


def test_marriage_reaching_66_ends_the_hand_at_once():
    """§3.1 'Going out': the hand ends as soon as a player has >= 66 after an announcement."""
    h = ["A♥ 10♥ K♦ Q♦ 9♣ J♣", "10♣ J♥ 9♠ J♠ Q♠ K♠"]
    for rules in (SANTASE, RUSSIAN):
        s = run(deal66(h, "A♦", rules=rules), "A♥ 10♣ | 10♥ J♥")
        # A: (A♥ 11 + 10♣ 10) + (10♥ 10 + J♥ 2) = 33; B no trick
        assert s.points(0) == 33 and not s.is_finished
        m = s.apply("marriage ♦")            # 33 + 40 = 73
        assert m.is_finished and m.to_act is None and legal(m) == []
        assert m.result.winner == 0 and m.result.reason == "66"
        assert m.result.points == (73, 0)
        assert m.result.game_points == 3         # B took no trick
        assert_illegal(m, "K♦", "66.turn")


def test_marriage_under_66_does_not_end_the_hand():
    s = run(m_deal(), "A♣ J♣ | marriage ♦")     # 13 + 40 = 53
    assert not s.is_finished and s.points(0) == 53


# =============================================================================================
# The hand ends at 66; claims (German)
# =============================================================================================

def test_hand_ends_the_moment_a_player_reaches_exactly_66():
    h = ["A♥ K♠ Q♠ A♠ J♣ J♦", "9♥ 9♣ 9♦ Q♣ Q♦ J♥"]
    s = run(deal66(h, "10♠"), "A♥ 9♥ | marriage ♠ | K♠ 9♣")
    # 11 (A♥ 9♥) + 40 (trump marriage) + 4 (K♠ 9♣) = 55
    assert s.points(0) == 55 and not s.is_finished
    f = run(s, "A♠ 9♦")                       # + 11 = 66
    assert f.is_finished and f.result.winner == 0 and f.result.points == (66, 0)
    assert f.to_act is None and legal(f) == []
    assert f.result.reason == "66"
    assert_illegal(f, "J♣", "66.turn", "over")
    assert_illegal(f, "close", "66.turn")
    # no drawing after the deciding trick
    assert f.stock == s.stock


def test_65_does_not_end_the_hand():
    s = deal66(H6565, T6565, S6565)
    s = run(s, " | ".join(P6565[:11]))
    # B: 21 (A♣ 10♣) + 21 (A♦ 10♦) + 21 (A♥ 10♥) + 2 (J♣ 9♣) = 65 after trick 7
    assert s.points(1) == 65 and not s.is_finished
    assert s.card_points[0] == 53 and tricks_points(s, 0) == 53


def test_out_is_not_an_action_in_automatic_mode():
    s = run(deal66(H6565, T6565, S6565), P6565[0])
    assert "out" not in legal(s)
    assert_illegal(s, "out", "66.out", "by itself")


def test_german_claims():
    h = ["A♥ 10♥ K♦ Q♦ 9♣ J♣", "10♣ J♥ 9♠ J♠ Q♠ K♠"]
    s = deal66(h, "A♦", rules=GERMAN)
    assert "out" not in legal(s)
    assert_illegal(s, "out", "66.out", "after a trick")
    s = run(s, "A♥ 10♣ | 10♥ J♥")               # A: 21 + 12 = 33
    assert "out" in legal(s)
    m = s.apply("marriage ♦")                   # 73, but claims are not automatic
    assert not m.is_finished and m.points(0) == 73
    assert "out" in legal(m)
    o = m.apply("out")
    assert o.is_finished and o.result.winner == 0 and o.result.reason == "66"
    assert o.result.game_points == 3            # B took no trick
    # false claim with 33: the opponent scores 2 (C-8, P66)
    f = s.apply("out")
    assert f.is_finished and f.result.winner == 1 and f.result.reason == "false_claim"
    assert f.result.game_points == 2


# =============================================================================================
# Last trick
# =============================================================================================

def test_last_trick_bonus_when_stock_ran_out():
    """§3.1: +10 for the last trick when the stock ran out without a close; the pack holds 120."""
    f = run(deal66(H6565, T6565, S6565), " | ".join(P6565))
    assert f.is_finished and len(f.tricks) == 12
    assert f.card_points == (55, 65) and sum(f.card_points) == 120
    assert f.tricks[-1].winner == 0 and f.bonus == (10, 0)
    assert f.points(0) == 65


def test_no_last_trick_bonus_in_russian():
    f = run(deal66(H6565, T6565, S6565, rules=RUSSIAN), " | ".join(P6565))
    assert f.bonus == (0, 0) and f.card_points == (55, 65)
    assert f.result.points == (55, 65)


def test_no_last_trick_bonus_after_close():
    # F1 (see test_sixtysix_scoring): A closes after trick 1; all 14 remaining cards are played
    h = ["A♥ 9♣ J♣ Q♣ J♦ Q♦", "9♥ 9♠ J♠ Q♠ 9♦ K♦"]
    stock = "J♥ K♣ A♣ 10♣ A♦ 10♦ 10♥ K♥ Q♥ 10♠ K♠"
    f = run(deal66(h, "A♠", stock), "A♥ 9♥ | close | 9♣ K♣ | 9♠ J♣ | J♠ Q♣ | Q♠ J♦ | 9♦ Q♦ | J♥ K♦")
    assert f.is_finished and not f.hands[0] and not f.hands[1]
    assert f.tricks[-1].winner == 0            # A took the last trick ...
    assert f.bonus == (0, 0)               # ... but the stock was closed


def test_last_trick_bonus_counts_when_the_last_trick_reaches_66():
    """§3.1/C-11 and RULES['66.last-trick']: the last (12th) trick, played after the stock ran
    out without a close, is worth 10 more. Here A reaches 66 by the cards of trick 12 alone.
    A's tricks: K♣Q♣ 7, K♦Q♦ 7, K♥Q♥ 7, 9♦J♦ 2, A♠10♠ 21, K♠Q♠ 7, 9♥J♥ 2 -> 53 before trick 12,
    then A♥ 10♥ 21 -> 74 card points, + 10 for the last trick = 84.
    B's tricks: 10♣A♣ 21, A♦10♦ 21, J♣9♣ 2, 9♠J♠ 2 = 46 (>= 33: 1 game point)."""
    h = ["K♣ K♦ K♥ 10♣ 10♦ 9♣", "Q♣ Q♦ Q♥ A♣ A♦ J♣"]
    stock = "J♦ 9♦ A♠ 10♠ 9♠ Q♠ J♠ J♥ 9♥ A♥ 10♥"
    s = run(deal66(h, "K♠", stock),
            "K♣ Q♣ | K♦ Q♦ | K♥ Q♥ | 10♣ A♣ | A♦ 10♦ | J♣ 9♣ | 9♦ J♦ | A♠ 10♠ | K♠ Q♠ | 9♠ J♠ | 9♥ J♥")
    assert s.card_points == (53, 46) and not s.is_finished
    f = s.apply("A♥").apply("10♥")
    assert f.is_finished and len(f.tricks) == 12 and f.card_points == (74, 46)
    assert f.result.winner == 0 and f.result.game_points == 1
    assert f.bonus == (10, 0)
    assert f.result.points == (84, 46)


# =============================================================================================
# German 66: close before drawing, the opponent's exchange at a close (rules-notes §5, P66)
# =============================================================================================

def test_german_close_before_drawing():
    """§5 'German 66': close before or after drawing. After a trick won while closing is still
    possible, the winner chooses "draw" or "close"; any other action is refused."""
    s = run(deal66(HP, "10♠", SP, rules=GERMAN), "A♥ 9♥", auto_draw=False)
    # German 66 also lets the winner claim 66 right after the trick (P66 claim rules)
    assert s.to_act == 0 and set(legal(s)) == {"draw", "close", "out"}
    assert len(s.hands[0]) == len(s.hands[1]) == 5 and s.stock_size == 12
    assert_illegal(s, "K♥", "66.close", "draw")
    assert_illegal(s, "marriage ♥", "66.close")
    d = s.apply("draw")                 # A draws 9♣ (stock[0]) then B K♠ (stock[1])
    assert C("9♣") in d.hands[0] and C("K♠") in d.hands[1] and d.stock_size == 10
    assert len(d.hands[0]) == len(d.hands[1]) == 6 and d.to_act == 0
    c = s.apply("close")                # closed before drawing: five cards each, nobody draws
    assert c.closed_by == 0 and c.to_act == 0 and c.stock_size == 12
    assert len(c.hands[0]) == len(c.hands[1]) == 5
    assert c.close_info == (0, False)
    t = run(c, "K♥ J♥")
    assert len(t.hands[0]) == len(t.hands[1]) == 4


def test_german_draw_choice_only_while_closing_is_possible():
    s4 = run(x_deal(GERMAN), " | ".join(TRICKS_X[:4]))
    assert s4.stock_size == 4
    s5 = run(s4, TRICKS_X[4], auto_draw=False)       # the stock still holds 4 before the draw
    assert set(legal(s5)) == {"draw", "close", "out"}
    s5 = s5.apply("draw")
    assert s5.stock_size == 2
    # A now holds 9♠ K♣ 10♦ Q♦ K♥ K♠ (draws K♣ 10♦ Q♦ K♥ K♠), B holds Q♥ Q♣ K♦ J♦ 10♠ Q♠
    s6 = run(s5, "9♠ Q♥", auto_draw=False)           # 2 left: the draw is automatic
    assert s6.stock_size == 0 and "draw" not in legal(s6)
    assert C("J♠") in s6.hands[0] and C("A♠") in s6.hands[1]


def test_santase_has_no_draw_or_pass_action():
    s = run(deal66(HP, "10♠", SP), "A♥ 9♥", auto_draw=False)
    assert "draw" not in legal(s) and len(s.hands[0]) == 6      # drawn already
    assert_illegal(s, "draw", "66.draw")
    assert_illegal(s, "pass", "66.exchange")


# German 66 with closing allowed on the first lead, so a close can come before any trick
GERMAN_EARLY_CLOSE = GERMAN.with_options(close_on_first_lead=True)


def test_german_opponent_may_exchange_at_the_close():
    """§5 / C-7 (P66): when the stock is closed, the closer's opponent may exchange the trump
    nine at once, even without a trick, or pass; then the closer leads."""
    h = ["9♥ J♥ 9♣ J♣ 9♦ Q♥", "9♠ A♥ 10♥ A♣ 10♣ A♦"]       # B holds the 9♠, turn-up A♠
    s = deal66(h, "A♠", rules=GERMAN_EARLY_CLOSE)
    c = s.apply("close")                                     # closing on lead 1 allowed here
    assert c.to_act == 1 and set(legal(c)) == {"exchange", "pass"}
    assert_illegal(c, "A♥", "66.exchange", "pass")
    assert_illegal(c, "close", "66.exchange")
    e = c.apply("exchange")
    assert C("A♠") in e.hands[1] and C("9♠") not in e.hands[1] and e.turnup is C("9♠")
    assert e.tricks_won == (0, 0)                            # no trick needed
    assert e.to_act == 0 and "exchange" not in legal(e) and "A♠" not in legal(e)
    assert C("A♠") in e.view(0).opponent_known
    p = c.apply("pass")
    assert p.to_act == 0 and C("9♠") in p.hands[1] and p.turnup is C("A♠")
    assert set(legal(p)) == {str(x) for x in p.hands[0]}      # no trick yet: no "out"


def test_german_exchange_at_close_keeps_the_announced_marriage():
    h = ["K♥ Q♥ J♣ 9♣ 9♦ J♦", "9♠ A♥ 10♥ A♣ 10♣ A♦"]
    s = deal66(h, "A♠", rules=GERMAN_EARLY_CLOSE)
    c = run(s, "marriage ♥ | close")
    assert c.to_act == 1 and set(legal(c)) == {"exchange", "pass"}
    e = c.apply("exchange")
    assert e.to_act == 0 and set(legal(e)) == {"K♥", "Q♥"}
    assert e.marriage_points == (20, 0)


def test_no_exchange_at_close_in_santase():
    h = ["9♥ J♥ 9♣ J♣ 9♦ Q♥", "9♠ A♥ 10♥ A♣ 10♣ A♦"]
    s = run(deal66(h, "A♠"), "Q♥ 10♣")     # A: Q♥ 3 + 10♣ 10 (off-suit) = 13
    assert s.card_points == (13, 0)
    c = s.apply("close")
    assert c.to_act == 0 and "pass" not in legal(c)
    assert C("9♠") in c.hands[1]
