"""501 rules, one test (or a few) per rule of [P501] as resolved by
docs/rules-notes.md §1: the deal, the auction (blind bids, looking, passes), the prikup,
the contract and the concession, the cards passed, the play (eldest leads, follow suit, trump
when void, no trump), marriages on the lead, seat views, and every refusal with its rule id.

The hand-built deal used throughout (A eldest, B second, C deals; seats 0, 1, 2):

    A: A♠ K♠ Q♠ 9♠ A♥ 9♥ 9♣        B: 10♠ J♠ A♣ 10♣ K♥ Q♥ A♦
    C: K♣ Q♣ J♣ 10♦ K♦ Q♦ 10♥      prikup: J♥ J♦ 9♦
"""

import pytest

from cardlab import PACK_24, Action, IllegalActionError, NotationError, RulesError, parse_card, parse_cards
from cardlab import russian501 as p501
from cardlab import records, render, variants
from cardlab.cards import Suit
from cardlab.players.russian501 import Russian501Player, hand_strength
from cardlab.tricks import Trick

HANDS = ["A♠ K♠ Q♠ 9♠ A♥ 9♥ 9♣", "10♠ J♠ A♣ 10♣ K♥ Q♥ A♦", "K♣ Q♣ J♣ 10♦ K♦ Q♦ 10♥"]
PRIKUP = "J♥ J♦ 9♦"
NAMES = ("A", "B", "C")


def deal(rules=p501.PAGAT_501, hands=HANDS, prikup=PRIKUP, dealer=2, names=NAMES):
    return p501.deal_from_hands(hands, prikup, rules=rules, dealer=dealer, names=names)


def run(s, text):
    """Apply actions written as text separated by ' ; ' or '|' (tricks)."""
    for part in text.replace("|", ";").split(";"):
        part = part.strip()
        if not part:
            continue
        # a trick is written as three cards "A♠ J♠ Q♣"; a marriage lead as "marriage K♠": the marriage
        # of ♠ declared, then the K♠ led
        if part.startswith(("marriage", "bid", "blind", "contract", "give")) or part in ("look", "pass", "take",
                                                                                           "concede"):
            words = part.split()
            if words[0] == "marriage":
                s = s.apply(" ".join(words[:2]))
                for card in words[1:]:
                    s = s.apply(card)
            else:
                s = s.apply(part)
        else:
            for card in part.split():
                s = s.apply(card)
    return s


def won_by_a(rules=p501.PAGAT_501, contract="contract ♠ 70"):
    """A bids 66, B and C pass; A takes the prikup, names the contract, gives 9♣ to B, 9♦ to C."""
    return run(deal(rules), f"look; bid 66; look; pass; look; pass; take; {contract}; give 9♣; give 9♦")


def err(s, action):
    with pytest.raises(IllegalActionError) as ei:
        s.apply(action)
    assert ei.value.rule in p501.RULES, ei.value.rule
    return ei.value


# -- the deal ---------------------------------------------------------------------------------

def test_deal_positions_follow_rules_notes():
    # rules-notes §1.1 step 4: talon {d3, d7, d11}; eldest d0 d4 d8 d12 d15 d18 d21; second d1 d5 d9
    # d13 d16 d19 d22; dealer d2 d6 d10 d14 d17 d20 d23
    pack = p501.shuffled_pack(5)
    s = p501.deal(dealer=1, pack=pack, names=NAMES)
    eldest, second, dealer = 2, 0, 1
    assert s.active == (eldest, second, dealer)
    assert s.prikup == (pack[3], pack[7], pack[11])
    assert s.hands[eldest] == tuple(pack[i] for i in (0, 4, 8, 12, 15, 18, 21))
    assert s.hands[second] == tuple(pack[i] for i in (1, 5, 9, 13, 16, 19, 22))
    assert s.hands[dealer] == tuple(pack[i] for i in (2, 6, 10, 14, 17, 20, 23))


def test_deal_from_hands_builds_the_pack_back():
    s = deal()
    assert [set(h) for h in s.hands] == [set(parse_cards(h)) for h in HANDS]
    assert set(s.prikup) == set(parse_cards(PRIKUP))
    again = p501.deal(dealer=2, pack=s.pack, names=NAMES)
    assert again.hands == s.hands and again.prikup == s.prikup


def test_four_at_the_table_dealer_sits_out():
    hands = ["", *HANDS]            # seat 0 deals and sits out; seats 1, 2, 3 play
    s = p501.deal_from_hands(hands, PRIKUP, dealer=0, names=("D", "A", "B", "C"))
    assert s.active == (1, 2, 3)
    assert s.hands[0] == ()
    assert s.to_act == 1            # the dealer's left speaks first
    assert s.view(0).legal_actions == () and s.view(0).hand == ()
    # the deal passes to the left: seat 1 deals next and seat 1 sits out
    s2 = p501.deal(dealer=1, seed=3, names=("D", "A", "B", "C"))
    assert s2.active == (2, 3, 0) and s2.hands[1] == ()


@pytest.mark.parametrize("bad, words", [
    (list(PACK_24[:23]), "24 cards"),
    (list(PACK_24[:23]) + [PACK_24[0]], "twice"),
    (list(PACK_24[:23]) + ["2♠"], "not in the 24-card pack"),
])
def test_bad_packs_are_refused(bad, words):
    with pytest.raises(p501.DealError, match=words):
        p501.deal(pack=bad, names=NAMES)


def test_table_size_is_three_or_four():
    with pytest.raises(p501.DealError, match="3 at the table"):
        p501.deal(seed=1, names=("A", "B"))
    with pytest.raises(p501.DealError, match="seat from 0 to 2"):
        p501.deal(seed=1, dealer=3, names=NAMES)
    assert variants.get(p501.VARIANT).accepts(4) and not variants.get(p501.VARIANT).accepts(5)


# -- the auction --------------------------------------------------------------------------------

def test_eldest_speaks_first_and_must_look_or_bid_blind():
    s = deal()
    assert s.phase == "bidding" and s.to_act == 0
    legal = s.legal_actions()
    assert legal[:3] == (Action("look"), Action("pass"), Action("blind", None, 66))
    assert Action("bid", None, 66) not in legal
    e = err(s, "bid 66")
    assert e.rule == "501.look"
    s = s.apply("look")
    assert s.to_act == 0 and s.looked[0]          # looking keeps the turn
    assert s.legal_actions()[:2] == (Action("pass"), Action("bid", None, 66))
    assert err(s, "blind 66").rule == "501.blind"
    assert err(s, "look").rule == "501.look"


def test_bids_must_rise_and_start_at_66():
    s = run(deal(), "look")
    assert err(s, "bid 65").rule == "501.bid.min"
    assert err(s, "bid 221").rule == "501.bid.max"
    s = s.apply("bid 70")
    s = s.apply("look")
    e = err(s, "bid 70")
    assert e.rule == "501.bid.higher" and "higher than A's 70" in e.reason
    s2 = s.apply("bid 71")
    assert s2.high_bid == 71 and s2.high_bidder == 1 and s.high_bid == 70   # s unchanged


def test_pass_is_final_and_two_passes_end_the_auction():
    s = run(deal(), "look; bid 66; look; pass; look; bid 67")
    assert s.to_act == 0                          # B has passed: skipped
    s = s.apply("bid 68")
    assert s.to_act == 2                          # B is skipped again
    assert s.passed == (False, True, False)
    s = s.apply("pass")
    assert s.phase == "prikup" and s.bidder == 0 and s.bid == 68 and s.to_act == 0
    # B tried to come back: refused while the auction ran
    t = run(deal(), "look; bid 66; look; pass; look; pass")
    assert t.phase == "prikup" and t.bidder == 0   # both others passed: A wins with 66


def test_literal_rules_let_a_passed_player_bid_again():
    s = run(deal(p501.LITERAL_501), "look; bid 66; look; pass; look; bid 67")
    assert s.to_act == 0
    s = s.apply("pass")                           # A passes: one pass after C's 67
    assert s.to_act == 1 and s.phase == "bidding"
    s = s.apply("bid 70")                         # B, who passed before, bids again
    assert s.high_bidder == 1
    s = run(s, "pass; pass")                      # C and A pass: two passes after B's bid
    assert s.phase == "prikup" and s.bidder == 1 and s.bid == 70


def test_a_bid_after_passing_is_refused_when_pass_is_final():
    s = run(deal(), "look; bid 66; look; pass; look; bid 67; bid 68")
    assert s.to_act == 2 and s.passed[1]
    e = err_seat(s, "bid 70", 1)
    assert e.rule == "501.pass-final" and "a pass is final" in e.reason
    assert err_seat(s, "bid 70", 0).rule == "501.turn"          # A bid last; it is C's turn
    assert s.apply("bid 70", seat=2).high_bid == 70            # the seat to act may


def err_seat(s, action, seat):
    with pytest.raises(IllegalActionError) as ei:
        s.apply(action, seat=seat)
    return ei.value


def test_three_passes_throw_the_hand_in():
    s = run(deal(), "pass; pass; pass")           # passing without looking is allowed
    assert s.is_finished and s.result.outcome == "thrown_in"
    assert s.result.changes == (0, 0, 0) and s.result.bidder is None
    assert "thrown in" in s.explain()
    assert s.legal_actions() == ()
    assert err(s, "pass").rule == "501.turn"


def test_blind_bid_wins_and_looking_later_cancels_the_doubling():
    s = run(deal(), "blind 66; look; pass; look; pass")
    assert s.bidder == 0 and s.blind and s.high_blind
    # a blind bidder who is outbid may look and bid on: the new bid is not blind
    t = run(deal(), "blind 66; look; bid 70; look; pass; look; bid 75; pass")
    assert t.bidder == 0 and not t.blind
    # bidding blind again after being outbid (still without looking) keeps it blind
    u = run(deal(), "blind 66; look; bid 70; look; pass; blind 71; pass")
    assert u.bidder == 0 and u.blind


def test_no_blind_bids_option():
    s = deal(p501.PAGAT_501.with_options(blind_bids=False))
    assert s.looked == (True, True, True)
    assert s.legal_actions()[:2] == (Action("pass"), Action("bid", None, 66))
    assert err(s, "blind 70").rule == "501.blind"


def test_bid_step_of_five():
    s = run(deal(p501.FIVES_501), "look")
    assert [a.value for a in s.legal_actions()[1:4]] == [66, 71, 76]
    s = s.apply("bid 66")
    s = s.apply("look")
    assert err(s, "bid 70").rule == "501.bid.higher"
    assert err(s, "bid 72").rule == "501.bid.higher"     # not on the 66 + 5k ladder
    assert s.apply("bid 71").high_bid == 71


# -- prikup, contract, concession, the cards passed ---------------------------------------

def test_prikup_is_turned_up_and_taken():
    s = run(deal(), "look; bid 66; look; pass; look; pass")
    assert s.legal_actions() == (Action("take"),)
    assert err(s, "contract ♠ 70").rule == "501.prikup"
    v = s.view(1)
    assert v.prikup == () and set(parse_cards(PRIKUP)) <= set(v.unseen)
    s = s.apply("take")
    assert len(s.hands[0]) == 10 and set(parse_cards(PRIKUP)) <= set(s.hands[0])
    v = s.view(1)
    assert set(v.prikup) == set(parse_cards(PRIKUP))
    assert set(v.known[0]) == set(parse_cards(PRIKUP))     # B knows these are in A's hand
    assert not set(parse_cards(PRIKUP)) & set(v.unseen)
    assert "J♥" in s.explain() and "10 cards" in s.explain()


def test_contract_at_least_the_bid():
    s = run(deal(), "look; bid 66; look; bid 75; look; pass; pass; take")
    assert s.bidder == 1 and s.phase == "contract"
    e = err(s, "contract ♥ 70")
    assert e.rule == "501.contract" and "below the final bid 75" in e.reason
    assert err(s, "contract ♥ 221").rule == "501.bid.max"
    assert err(s, "bid 80").rule == "501.auction"
    t = s.apply("contract NT 80")
    assert t.no_trump and t.trump is None and t.contract == 80
    t = s.apply("contract ♥ 75")
    assert t.trump == Suit.HEARTS and not t.no_trump


def test_give_one_card_to_each_opponent_left_first():
    s = run(deal(), "look; bid 66; look; pass; look; pass; take; contract ♠ 70")
    assert s.phase == "give"
    assert set(a.card for a in s.legal_actions()) == set(s.hands[0])
    e = err(s, "give A♣")
    assert e.rule == "501.give" and "does not hold A♣" in e.reason
    s = s.apply("give 9♣")
    assert s.given == ((1, parse_card("9♣")),) and parse_card("9♣") in s.hands[1]
    assert "face down to B" in s.explain() and "9♣" not in s.explain()
    s = s.apply("give 9♦")
    assert s.given[-1] == (2, parse_card("9♦"))
    assert [len(h) for h in s.hands] == [8, 8, 8]
    assert s.phase == "play" and s.to_act == 0        # eldest leads, whoever bid
    # the bidder knows where his cards went; C does not know B's
    assert parse_card("9♣") in s.view(0).known[1]
    assert parse_card("9♣") not in s.view(2).known[1] and parse_card("9♣") in s.view(2).unseen


def test_passing_a_prikup_card_face_down_does_not_tell_the_other_opponent():
    # Everyone saw J♥ J♦ 9♦ go into A's hand. A passes the 9♦ (a prikup card) face down to B. If C's
    # view still listed J♥ J♦ as known in A's hand but dropped the 9♦, C would learn that B holds the
    # 9♦: so from the first card passed no prikup card is known to be in A's hand any more.
    s = run(deal(), "look; bid 66; look; pass; look; pass; take; contract ♠ 70")
    assert set(s.view(2).known[0]) == set(parse_cards(PRIKUP))       # before: known to all
    s = s.apply("give 9♦")
    for seat in (1, 2):
        assert s.view(seat).known[0] == ()                           # neither opponent can be sure
    assert parse_card("9♦") in s.view(2).unseen and parse_card("9♦") not in s.view(2).known[1]
    assert parse_card("9♦") in s.view(1).hand                        # B knows his own card
    assert parse_card("9♦") in s.view(0).known[1]                    # the bidder knows where it went
    assert set(s.view(2).prikup) == set(parse_cards(PRIKUP))         # the prikup itself stays public
    s = s.apply("give 9♣")
    text = render.state_text(s, 2)
    assert "J♥" not in text_line(text, 0) and "J♦" not in text_line(text, 0)
    assert 'data-card="J♥"' not in hand_div(render.state_html(s, 2), 0)


def test_eldest_leads_even_when_another_player_won_the_auction():
    s = run(deal(), "look; pass; look; bid 66; look; pass; take; contract ♥ 66")
    assert s.bidder == 1
    s = run(s, "give 10♠; give J♠")                    # to C (B's left), then to A
    assert [to for to, _ in s.given] == [2, 0]
    assert s.to_act == 0 and s.leader == 0


# -- play ---------------------------------------------------------------------------------------

def test_follow_suit_then_trump_then_anything():
    s = won_by_a()
    s = s.apply("A♥")                                   # A leads a heart
    e = err(s, "A♣")                                   # B holds K♥ Q♥
    assert e.rule == "501.follow" and "K♥" in e.reason
    s = s.apply("Q♥")
    assert {a.card for a in s.legal_actions()} == {parse_card("10♥")}
    s = s.apply("10♥")
    # A wins; A leads the 9♥: C has no heart and no trump -> any card
    s = s.apply("9♥")
    s = s.apply("K♥")
    assert len(s.legal_actions()) == len(s.hands[2])
    s = run(won_by_a(), "A♠ J♠ Q♣ | 9♥")               # B holds K♥ Q♥ and must follow
    assert {a.card for a in s.legal_actions()} == set(parse_cards("K♥ Q♥"))


def test_void_must_trump_but_need_not_beat():
    s = run(won_by_a(), "9♠ 10♠ 10♦ | A♣ J♣")        # B wins with 10♠, leads A♣; A has no club
    legal = {a.card for a in s.legal_actions()}
    assert legal == set(parse_cards("A♠ K♠ Q♠"))       # any trump, also ones that beat nothing
    e = err(s, "A♥")
    assert e.rule == "501.trump"


def overtrump_position(rules):
    """A leads A♦; B and C are void in diamonds; B trumps with K♥; C holds A♥ (higher) and Q♥."""
    hands = ["A♦ 10♦ K♦ Q♦ J♦ 9♦ 9♣", "K♥ 9♥ A♣ 10♣ K♣ Q♣ J♣", "A♥ Q♥ A♠ 10♠ K♠ Q♠ J♠"]
    s = p501.deal_from_hands(hands, "10♥ J♥ 9♠", rules=rules, dealer=2, names=NAMES)
    return run(s, "look; bid 66; look; pass; look; pass; take; contract ♥ 66; give 9♣; give 9♠; A♦ K♥")


def test_no_duty_to_overtrump():
    s = overtrump_position(p501.PAGAT_501)
    assert {a.card for a in s.legal_actions()} == set(parse_cards("A♥ Q♥"))   # any trump


def test_overtrump_option():
    s = overtrump_position(p501.PAGAT_501.with_options(must_overtrump=True))
    assert {a.card for a in s.legal_actions()} == {parse_card("A♥")}
    e = err(s, "Q♥")
    assert e.rule == "501.overtrump"


def test_no_trump_any_card_when_void():
    s = run(deal(), "look; bid 66; look; pass; look; pass; take; contract NT 66; give 9♣; give 9♦")
    s = run(s, "9♠ 10♠ 10♦ | A♣ J♣")
    assert {a.card for a in s.legal_actions()} == set(s.hands[0])   # A void in clubs: anything


def test_marriage_on_the_lead_40_in_trumps():
    s = won_by_a()
    legal = s.legal_actions()
    assert [a for a in legal if a.kind == "marriage"] == [Action("marriage", None, Suit.SPADES)]
    s = s.apply("marriage ♠")
    assert s.marriages == ((0, Suit.SPADES, 40),) and s.pending_marriage == Suit.SPADES
    assert {parse_card("K♠"), parse_card("Q♠")} <= set(s.view(1).known[0])   # both shown to all
    assert "40" in s.explain() and "counts only if A takes a trick" in s.explain()
    assert s.legal_actions() == (Action("play", parse_card("K♠")), Action("play", parse_card("Q♠")))
    assert err(s, "A♠").rule == "501.marriage.led"     # the K or Q must be led now
    assert err(s, "marriage ♠").rule == "501.marriage.led"
    s = s.apply("K♠")
    assert s.trick == (parse_card("K♠"),) and s.leader == 0 and s.pending_marriage is None
    assert parse_card("Q♠") in s.view(1).known[0]      # the partner stays known to all
    assert s.points(0) == 0                            # no trick yet: the 40 does not count yet
    s = run(s, "10♠ 10♦ | A♣ J♣ 9♠")                   # A wins a trick with the 9♠
    assert s.points(0) == 13 + 40


def test_marriage_refusals():
    s = won_by_a()
    e = err(s, "marriage A♥")                          # the suit of A♥: hearts, and A lacks K♥ Q♥
    assert e.rule == "501.marriage" and "K♥ and Q♥ not in hand" in e.reason
    t = run(s, "K♠ 10♠ 10♦")                           # B won; B leads
    e = err(t, "marriage K♣")
    assert e.rule == "501.marriage" and "K♣ and Q♣ not in hand" in e.reason   # B has no K♣
    t = run(won_by_a(), "A♥ Q♥ 10♥ | 9♥")
    e = err(t, "marriage K♥")
    assert e.rule == "501.marriage" and "only when leading" in e.reason


def test_marriage_without_partner_card_is_refused():
    s = run(won_by_a(), "K♠ 10♠ 10♦")                  # the K♠ led without declaring
    # B leads; A now holds the Q♠ without the K♠. Make A lead: B plays A♣, C J♣, A trumps 9♠ and wins.
    s = run(s, "A♣ J♣ 9♠")
    assert s.to_act == 0 and parse_card("Q♠") in s.hands[0]
    e = err(s, "marriage Q♠")
    assert e.rule == "501.marriage" and "K♠ not in hand" in e.reason


def test_a_marriage_announced_with_the_wrong_value_is_refused():
    # A says "40" or "20" while leading [P501]: spades are trumps, so K♠ Q♠ is 40, not 20
    s = won_by_a()
    e = err(s, "20 ♠")
    assert e.rule == "501.marriage" and "worth 40" in e.reason and "'40 ♠'" in e.reason
    assert s.trick == () and s.marriages == ()                 # unchanged
    assert s.apply("40 ♠").marriages == ((0, Suit.SPADES, 40),)
    assert s.apply("40 K♠").marriages == ((0, Suit.SPADES, 40),)        # a card names its suit
    assert s.apply("marriage Q♠").marriages == ((0, Suit.SPADES, 40),)   # without a number: the engine counts
    nt = run(deal(), "look; bid 66; look; pass; look; pass; take; contract NT 66; give 9♣; give 9♦")
    e = err(nt, "40 K♠")
    assert "worth 20" in e.reason and "no trump" in e.reason


def test_no_trump_marriage_is_20():
    s = run(deal(), "look; bid 66; look; pass; look; pass; take; contract NT 66; give 9♣; give 9♦")
    s = s.apply("marriage K♠")
    assert s.marriages == ((0, Suit.SPADES, 20),)
    assert "no trump: every marriage is 20" in s.explain()


def test_revoke_is_refused_and_state_unchanged():
    s = won_by_a().apply("A♥")
    before = (s.hands, s.trick, s.to_act)
    e = err(s, "10♠")
    assert e.rule == "501.follow"
    assert (s.hands, s.trick, s.to_act) == before
    assert err(s, "A♠").rule == "501.hold"            # A♠ is A's card, not B's


def test_trick_winner_and_next_leader():
    s = run(won_by_a(), "marriage K♠ 10♠ 10♦")
    t = s.tricks[-1]
    assert isinstance(t, Trick) and t.leader == 0 and t.winner == 1 and t.card_points(p501.CARD_POINTS_AT) == 24
    assert t.cards == ((0, parse_card("K♠")), (1, parse_card("10♠")), (2, parse_card("10♦")))
    assert s.to_act == 1 and s.leader == 1
    assert "B wins the trick (24 card points)" in s.explain()


# -- views and records ---------------------------------------------------------------------

def test_blind_bidders_view_hides_own_cards_until_look():
    s = deal()
    v = s.view(0)
    assert v.hand == () and not v.looked and set(s.hands[0]) <= set(v.unseen)
    assert len(v.unseen) == 24
    s = s.apply("blind 66")
    assert s.view(0).hand == ()
    s = s.apply("look")                                 # B looks
    assert s.view(1).hand == s.hands[1] and s.view(0).hand == ()
    html = render.state_html(s, 0)
    assert 'data-card=' not in html                     # A sees no card at all: her own 7 are backs
    assert hand_div(html, 0).count("cardlab-back") == 7
    assert "??" in text_line(render.state_text(s, 0), 0) and str(s.hands[0][0]) not in render.state_text(s, 0)
    s = run(s, "pass; look; pass; take")
    assert s.view(0).hand == s.hands[0]                 # the bidder sees his cards with the prikup


def hand_div(html, seat):
    """The HTML of one player's hand."""
    return html.split(f'class="cardlab-hand cardlab-cards" data-seat="{seat}">')[1].split("</div>")[0]


def text_line(text, seat):
    return text.splitlines()[2 + seat]


def test_views_never_show_others_face_down_cards():
    s = won_by_a()
    for seat in range(3):
        v = s.view(seat)
        html = render.state_html(s, seat)
        text = render.state_text(s, seat)
        for other in range(3):
            if other == seat:
                continue
            for c in s.hands[other]:
                if c in v.known[other]:
                    continue
                assert f'data-card="{c}"' not in hand_div(html, other)
                assert c in v.unseen
                assert str(c) not in text_line(text, other)
        assert v.legal_actions == (s.legal_actions() if s.to_act == seat else ())
        assert "??" in text


def test_record_round_trip():
    s = run(won_by_a(), "marriage K♠ 10♠ 10♦ | A♣ J♣ 9♠ | A♠ J♠ Q♣ | Q♠ 9♣ 9♦ | A♥ Q♥ 10♥ | 9♥ K♥ K♣ | "
                        "A♦ Q♦ J♦ | 10♣ K♦ J♥")
    rec = records.Record.from_state(s, title="t")
    back = records.loads(rec.to_json())
    f = back.replay()[0]
    assert f.result == s.result and f.hands == s.hands and f.tricks == s.tricks


def test_record_with_an_illegal_action_points_at_it():
    rec = records.Record.from_state(run(deal(), "look; bid 66")).to_dict()
    rec["hands"][0]["actions"] = ["look", "bid 66", "look", "bid 60"]
    with pytest.raises(records.RecordError) as ei:
        records.from_dict(rec)
    assert ei.value.location == "hands[0].actions[3]" and "501.bid" in str(ei.value)


# -- notation and rule sets -----------------------------------------------------------------

@pytest.mark.parametrize("text, action", [
    ("look", Action("look")), ("PASS", Action("pass")), ("bid 70", Action("bid", None, 70)),
    ("blind 66", Action("blind", None, 66)), ("take", Action("take")), ("concede", Action("concede")),
    ("contract ♠ 80", Action("contract", None, (Suit.SPADES, 80))),
    ("contract s 80", Action("contract", None, (Suit.SPADES, 80))),
    ("contract NT 80", Action("contract", None, ("NT", 80))),
    ("contract no trump 80", Action("contract", None, ("NT", 80))),
    ("give 9c", Action("give", parse_card("9♣"))), ("marriage KH", Action("marriage", None, Suit.HEARTS)),
    ("marriage ♥", Action("marriage", None, Suit.HEARTS)), ("40 Q♠", Action("marriage", None, Suit.SPADES)),
    ("20 d", Action("marriage", None, Suit.DIAMONDS)), ("10h", Action("play", parse_card("10♥"))),
])
def test_parse_action(text, action):
    a = p501.parse_action(text)
    assert a == action
    assert p501.parse_action(str(a)) == a               # the text form round-trips


@pytest.mark.parametrize("text", ["bid", "bid seventy", "contract ♠", "contract X 80", "give", "hello"])
def test_parse_action_errors(text):
    with pytest.raises(NotationError):
        p501.parse_action(text)


def test_rules_options_round_trip_and_errors():
    r = p501.PAGAT_501.with_options(bid_step=5, protect_threshold=None)
    assert p501.Russian501Rules.from_dict(r.to_dict()) == r
    assert "bid_step=5" in r.name
    with pytest.raises(RulesError) as ei:
        p501.PAGAT_501.with_options(bid_steps=5)
    assert ei.value.option == "bid_steps"
    with pytest.raises(RulesError) as ei:
        p501.Russian501Rules(max_bid=60)
    assert ei.value.option == "max_bid"
    with pytest.raises(RulesError) as ei:
        p501.Russian501Rules.from_dict({"preset": "nope"})
    assert ei.value.option == "preset"
    assert p501.Russian501Rules.from_dict({"preset": "literal"}) == p501.LITERAL_501


def test_every_rule_id_has_text_and_source():
    for rid, (text, source) in p501.RULES.items():
        assert rid.startswith("501.") and text and source
    # every rule id named in the module's refusals is listed
    import inspect
    import re
    from cardlab import russian501_words

    source = inspect.getsource(p501) + inspect.getsource(russian501_words)
    named = set(re.findall(r'IllegalActionError\(\s*"(501\.[a-z.-]+)"', source))
    assert named and named <= set(p501.RULES), named - set(p501.RULES)


# -- the rule-based player's estimate and bidding ---------------------------------------------

def test_hand_strength_by_hand():
    # B: 10♠ J♠ A♣ 10♣ K♥ Q♥ A♦. Best suit: hearts (2 cards × 3 + 7/4 + 30 for K Q = 37.75; clubs
    # 2 × 3 + 21/4 = 11.25). aces: A♣ 11 + guarded 10♣ 10 + A♦ 11 + unguarded 10♠ with company 5 = 37;
    # trumps: 2 hearts, none beyond two = 0; marriages: K♥ Q♥ in trumps 40; catch 10: 87.
    hs = hand_strength(parse_cards(HANDS[1]))
    assert hs == {"trump": Suit.HEARTS, "aces": 37, "trumps": 0, "marriages": 40, "catch": 10, "total": 87}
    # C: K♣ Q♣ J♣ 10♦ K♦ Q♦ 10♥. Diamonds 3 × 3 + 17/4 + 30 = 43.25 beats clubs 3 × 3 + 9/4 + 30 =
    # 41.25. aces: 10♦ with company 5 (10♥ alone: 0); trumps: one beyond two = 6; marriages ♦ 40 +
    # ♣ 20 = 60; catch 10: 81.
    hs = hand_strength(parse_cards(HANDS[2]))
    assert hs == {"trump": Suit.DIAMONDS, "aces": 5, "trumps": 6, "marriages": 60, "catch": 10, "total": 81}
    # spades named as trumps for A: A♠ 11 + A♥ 11 = 22; 4 spades: 2 beyond two = 12; K♠ Q♠ 40; 10: 84
    assert hand_strength(parse_cards(HANDS[0]), Suit.SPADES)["total"] == 84


def test_rule_based_bidding():
    """The player opens at the lowest bid and overcalls with the next multiple of 5 while that is
    at most its estimate + 30: B bids up to 87 + 30 = 117, C up to 81 + 30 = 111."""
    players = {1: Russian501Player(1, blind_rate=0), 2: Russian501Player(2, blind_rate=0)}
    s = run(deal(), "look; pass")
    while s.phase == "bidding":
        s = s.apply(players[s.to_act].choose(s.view(s.to_act)))
    calls = [str(a) for _, a in s.auction if a.kind != "look"]
    # B opens 66; C 70; then 75 … 115 alternately; C would need 120 > 111 and passes
    assert calls == ["pass", "bid 66", "bid 70", "bid 75", "bid 80", "bid 85", "bid 90", "bid 95", "bid 100",
                     "bid 105", "bid 110", "bid 115", "pass"]
    assert s.bidder == 1 and s.bid == 115
    # bids in fives from 66 (71, 76 …) have no multiple of 5: the player then bids the lowest allowed
    t = run(deal(p501.FIVES_501), "look; bid 66; look")
    assert players[1].choose(t.view(1)) == Action("bid", None, 71)
    with pytest.raises(ValueError, match="round_to"):
        Russian501Player(0, round_to=0)
