"""Three-player Russian Mariage: the deal, trumps, the duties of play, marriages and the refusals
(cardlab.mariage3; rules-notes §4.2, §4.4). Expected values are worked out by hand from the rules
text, in the comments; the hands are dealt explicitly with deal_from_hands.

Seats: dealer=2 (Vera) unless said otherwise, so Ana (seat 0) is eldest and leads, then Boris
(seat 1), then Vera. Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab import PACK_24, IllegalActionError, NotationError, RulesError, Suit, parse_card, parse_cards, records
from cardlab import mariage3 as m
from cardlab.mariage3_game import Mariage3Game
from cardlab.actions import Action
from cardlab.tricks import Trick

C = parse_card

# Trumps ♥ (Vera's last card J♥). Ana holds the ♥ marriage; Boris the clubs K 10 J between her A, Q.
HANDS_A = ("A♣ Q♣ 9♣ J♦ 9♦ K♥ Q♥ J♠",
           "K♣ 10♣ J♣ A♦ 10♦ 9♥ A♠ 10♠",
           "K♦ Q♦ A♥ 10♥ K♠ Q♠ 9♠ J♥")
# Trumps ♠ (Vera's last card J♠). Ana has all the clubs; Boris and Vera have none, so both must trump.
HANDS_B = ("A♣ 10♣ K♣ Q♣ J♣ 9♣ A♦ 10♦",
           "K♦ Q♦ J♦ 9♦ A♥ 10♥ K♠ 9♠",
           "K♥ Q♥ J♥ 9♥ A♠ 10♠ Q♠ J♠")


def deal(hands=HANDS_A, rules=m.RUSSIAN_MARIAGE_3, dealer=2):
    return m.deal_from_hands(hands, rules=rules, dealer=dealer)


def legal(state):
    return {str(a) for a in state.legal_actions()}


def refused(state, action, rule, *words, seat=None):
    """Apply ``action``; it must be refused under ``rule`` (a key of RULES) with ``words`` in the
    reason, and leave the state as it was."""
    before = (state.hands, state.trick, state.tricks, state.card_points, state.marriages, state.to_act,
              state.pending_marriage, state.result, legal(state))
    with pytest.raises(IllegalActionError) as info:
        state.apply(action, seat=seat) if seat is not None else state.apply(action)
    assert info.value.rule == rule, info.value
    assert rule in m.RULES
    for w in words:
        assert w in info.value.reason, info.value.reason
    after = (state.hands, state.trick, state.tricks, state.card_points, state.marriages, state.to_act,
             state.pending_marriage, state.result, legal(state))
    assert after == before
    return info.value


# -- the deal -------------------------------------------------------------------------------------

def test_deal_packets_3_2_3_from_the_dealers_left():
    # PACK_24 is ♣ A 10 K Q J 9, ♦ …, ♥ …, ♠ … (indices 0..23). Dealer Vera (2): eldest Ana gets
    # 0-2, 9-10, 15-17; Boris 3-5, 11-12, 18-20; Vera 6-8, 13-14, 21-23; her last card (23) is 9♠.
    s = m.deal(dealer=2, pack=PACK_24)
    assert s.hands[0] == parse_cards("A♣ 10♣ K♣ Q♦ J♦ Q♥ J♥ 9♥")
    assert s.hands[1] == parse_cards("Q♣ J♣ 9♣ 9♦ A♥ A♠ 10♠ K♠")
    assert s.hands[2] == parse_cards("A♦ 10♦ K♦ 10♥ K♥ Q♠ J♠ 9♠")
    assert s.turnup == C("9♠") and s.trump == Suit.SPADES and s.turnup_holder == 2
    assert s.to_act == 0 and s.leader == 0 and s.phase == "play"
    assert s.pack == PACK_24 and s.variant == "mariage-3"


def test_deal_rotates_with_the_dealer():
    # Dealer Ana (0): eldest is Boris (1), who gets indices 0-2 …; Ana, the dealer, gets 23 (9♠).
    s = m.deal(dealer=0, pack=PACK_24)
    assert s.hands[1][:3] == parse_cards("A♣ 10♣ K♣")
    assert s.hands[0][-1] == C("9♠") and s.turnup_holder == 0
    assert s.to_act == 1


def test_deal_from_hands_round_trips_the_pack():
    s = deal()
    assert s.hands == tuple(parse_cards(h) for h in HANDS_A)
    assert s.turnup == C("J♥") and s.trump == Suit.HEARTS
    again = m.deal(dealer=2, pack=s.pack)
    assert again.hands == s.hands


@pytest.mark.parametrize("bad, words", [
    (dict(pack=PACK_24[:23]), "24 cards"),
    (dict(pack=PACK_24[:23] + (PACK_24[0],)), "twice"),
    (dict(pack=PACK_24[:23] + ("2♠",)), "not in the 24-card pack"),
    (dict(pack=PACK_24, seed=1), "not both"),
    (dict(pack=PACK_24, dealer=3), "seat 0, 1 or 2"),
    (dict(pack=PACK_24, names=("A", "B")), "three names"),
])
def test_bad_deals_are_refused(bad, words):
    kwargs = dict(dealer=0)
    kwargs.update(bad)
    with pytest.raises(m.DealError, match=words):
        m.deal(**kwargs)


def test_seeded_deals_are_reproducible():
    assert m.deal(seed=11).hands == m.deal(seed=11).hands
    assert m.deal(seed=11).hands != m.deal(seed=12).hands


# -- trumps chosen by eldest (pagat) --------------------------------------------------------------

def test_eldest_names_trumps_after_three_cards():
    s = m.deal(m.PAGAT_66_3, dealer=2, pack=PACK_24)
    # only the first packet is dealt: Ana A♣ 10♣ K♣, Boris Q♣ J♣ 9♣, Vera A♦ 10♦ K♦
    assert s.phase == "trumps" and s.trump is None and s.to_act == 0
    assert s.hands == (parse_cards("A♣ 10♣ K♣"), parse_cards("Q♣ J♣ 9♣"), parse_cards("A♦ 10♦ K♦"))
    assert legal(s) == {"trumps ♣", "trumps ♦", "trumps ♥", "trumps ♠", "turn"}
    refused(s, "A♣", "m3.trumps-choice", "name trumps")
    t = s.apply("trumps ♣")
    assert t.trump == Suit.CLUBS and t.turnup is None and t.trump_named_by == 0
    assert t.hands[0] == parse_cards("A♣ 10♣ K♣ Q♦ J♦ Q♥ J♥ 9♥")
    assert t.phase == "play" and t.to_act == 0 and "Ana names ♣ as trumps" in t.explain()
    refused(t, "trumps ♥", "m3.trumps-choice", "already")


def test_eldest_turns_the_first_card_of_his_second_packet():
    # index 9 of PACK_24 is Q♦: dealt to Ana face up, so trumps ♦, and everyone knows she has it
    s = m.deal(m.PAGAT_66_3, dealer=2, pack=PACK_24).apply("turn")
    assert s.turnup == C("Q♦") and s.trump == Suit.DIAMONDS and s.turnup_holder == 0
    assert s.trump_named_by is None
    assert s.view(1).known[0] == (C("Q♦"),)
    assert C("Q♦") not in s.view(2).unseen


def test_seat_views_while_trumps_are_chosen():
    s = m.deal(m.PAGAT_66_3, dealer=2, pack=PACK_24)
    v = s.view(1)
    # Boris sees his 3 cards; the other 21 (3 + 3 in hands, 15 undealt) are unseen
    assert v.hand == parse_cards("Q♣ J♣ 9♣") and len(v.unseen) == 21 and v.legal_actions == ()
    assert s.view(0).legal_actions == s.legal_actions()


# -- follow suit, trump, head, overtrump ----------------------------------------------------------

def test_follow_suit_else_trump():
    s = deal().apply("A♣")
    # Boris holds K♣ 10♣ J♣: he must follow suit
    assert legal(s) == {"K♣", "10♣", "J♣"}
    refused(s, "A♦", "m3.follow", "follow suit (♣)")
    s = s.apply("J♣")
    # Vera has no club, so she must trump (♥): A♥ 10♥ J♥
    assert legal(s) == {"A♥", "10♥", "J♥"}
    refused(s, "K♦", "m3.trump", "must play a trump")
    s = s.apply("J♥")
    # Vera wins with the trump: 11 + 2 + 2 = 15 card points
    assert s.tricks[-1] == Trick(0, tuple(zip((0, 1, 2), parse_cards("A♣ J♣ J♥"))), 2)
    assert s.tricks[-1].played == parse_cards("A♣ J♣ J♥") and s.tricks[-1].card_of(2) == parse_card("J♥")
    assert s.card_points == (0, 0, 15) and s.tricks_won == (0, 0, 1)
    assert s.leader == 2 and s.to_act == 2
    assert "Vera has no ♣, so trumps" in s.explain() and "Vera wins the trick with J♥ (15 card points" in s.explain()


def test_no_duty_to_head_in_the_russian_game_but_under_the_option():
    s = deal().apply("Q♣")
    # Boris holds K♣ 10♣ (higher than Q♣) and J♣ (lower): Russian rules let him play any of them
    assert legal(s) == {"K♣", "10♣", "J♣"}
    h = deal(rules=m.RUSSIAN_MARIAGE_3.with_options(must_head=True)).apply("Q♣")
    assert legal(h) == {"K♣", "10♣"}
    refused(h, "J♣", "m3.head", "beat")


def test_trumping_is_free_unless_overtrumping_is_required():
    s = deal(HANDS_B).apply("A♣")
    assert legal(s) == {"K♠", "9♠"}          # Boris: no club, so a trump
    s = s.apply("K♠")
    assert legal(s) == {"A♠", "10♠", "Q♠", "J♠"}   # Vera: any trump, even one below the K♠
    o = deal(HANDS_B, rules=m.RUSSIAN_MARIAGE_3.with_options(must_overtrump=True)).apply_all(["A♣", "K♠"])
    assert legal(o) == {"A♠", "10♠"}         # A and 10 beat the K (A 10 K Q J 9)
    refused(o, "Q♠", "m3.overtrump", "beat the trump")


def test_discard_when_void_and_no_trump():
    # Both others trump Ana's A♣; Vera's J♠ beats Boris's 9♠: Vera wins 11+0+2 = 13 and leads
    s = deal(HANDS_B).apply_all(["A♣", "9♠", "J♠"])
    assert s.card_points == (0, 0, 13) and s.leader == 2
    s = s.apply_all(["K♥"])                            # Vera leads K♥; Ana has no heart and no trump
    assert legal(s) == {str(c) for c in parse_cards(HANDS_B[0])} - {"A♣"}
    s = s.apply("9♣")
    assert "Ana has neither ♥ nor a trump, so discards" in s.explain()


# -- marriages ------------------------------------------------------------------------------------

def test_marriage_on_the_first_lead_counts_after_a_trick():
    s = deal()
    assert "marriage ♥" in legal(s)
    s = s.apply("marriage ♥")
    # 40: the K and Q of trumps (♥); Ana has no trick yet, so it does not count yet
    assert s.marriages == ((0, Suit.HEARTS, 40),) and s.marriage_points == (40, 0, 0) and s.points(0) == 0
    assert legal(s) == {"K♥", "Q♥"}
    assert "40 in trumps (it counts once Ana takes a trick)" in s.explain()
    refused(s, "A♣", "m3.marriage.led", "K♥ or Q♥")
    refused(s, "marriage ♥", "m3.marriage.lead", "one marriage")
    # Everyone else now knows Ana holds K♥ and Q♥
    assert set(s.view(1).known[0]) == {C("K♥"), C("Q♥")}
    s = s.apply_all(["Q♥", "9♥", "A♥"])   # Boris must follow ♥ (9♥), Vera takes with A♥: 3+0+11 = 14
    assert s.card_points == (0, 0, 14) and s.points(0) == 0
    assert s.view(2).known[0] == (C("K♥"),)


def test_marriage_refusals():
    s = deal()
    refused(s, "marriage ♣", "m3.marriage.pair", "lacks K♣")
    s1 = s.apply("A♣")
    refused(s1, "marriage ♥", "m3.marriage.lead", "only the player about to lead")
    none = deal(rules=m.RUSSIAN_MARIAGE_3.with_options(marriages=False))
    assert "marriage ♥" not in legal(none)
    refused(none, "marriage ♥", "m3.marriage.none")
    late = deal(rules=m.RUSSIAN_MARIAGE_3.with_options(marriage_on_first_lead=False))
    assert "marriage ♥" not in legal(late)
    refused(late, "marriage ♥", "m3.marriage.first-lead", "first lead")


def test_plain_marriage_is_20():
    # HANDS_B: Boris K♦ Q♦; he leads after winning a trick with a trump
    s = deal(HANDS_B).apply_all(["A♣", "K♠", "Q♠"])  # Boris's K♠ beats Q♠: 11+4+3 = 18 to Boris
    assert s.leader == 1 and s.card_points == (0, 18, 0)
    s = s.apply("marriage ♦")
    assert s.marriages == ((1, Suit.DIAMONDS, 20),) and s.points(1) == 38   # 18 + 20


# -- turn, holding, after the end ------------------------------------------------------------------

def test_out_of_turn_and_cards_not_held():
    s = deal()
    err = refused(s, "K♣", "m3.turn", "Boris's hand", "Ana's turn")
    assert "K♣" in err.reason
    refused(s, "A♣", "m3.turn", "Ana's turn, not Boris's", seat=1)
    assert s.apply("A♣", seat=0).trick == (C("A♣"),)
    t = s.apply_all(["A♣", "J♣", "J♥"])
    refused(t, "J♣", "m3.hold", "already been played", seat=2)


def test_no_such_seat_is_refused_with_the_turn_rule():
    s = deal()
    for seat in (3, -1, True, 1.5, "0"):
        refused(s, "A♣", "m3.turn", "there is no seat", "seats are 0, 1 and 2", seat=seat)


def test_trick_by_seat_pairs_the_trick_with_its_seats_on_the_state_and_every_view():
    s = deal()                                   # dealer Vera: Ana (0) leads
    assert s.trick_by_seat() == () and s.view(1).trick_by_seat() == ()
    t = s.apply_all(["A♣", "J♣"])
    assert t.trick_by_seat() == ((0, C("A♣")), (1, C("J♣")))
    assert all(t.view(seat).trick_by_seat() == t.trick_by_seat() for seat in (0, 1, 2))
    u = t.apply("J♥")                            # Vera trumps and wins: she leads the next trick
    assert u.leader == 2 and u.trick_by_seat() == ()
    assert u.apply("K♦").trick_by_seat() == ((2, C("K♦")),)


def test_score_keeper_lives_in_its_own_module_and_is_offered_by_the_rules_module():
    assert m.Mariage3Game is Mariage3Game
    assert Mariage3Game(first_dealer=1).names == m.SEAT_NAMES


def test_nothing_may_be_done_once_the_hand_is_over():
    # HANDS_B, trumps ♠: Ana leads A♣, Boris trumps K♠, Vera overtrumps A♠: 11 + 4 + 11 = 26 to Vera
    s = deal(HANDS_B).apply_all(["A♣", "K♠", "A♠"])
    assert s.card_points == (0, 0, 26)
    # play on (the first legal action each time) until the hand is over; then everything is refused
    while not s.is_finished:
        s = s.apply(s.legal_actions()[0])
    assert s.to_act is None and s.legal_actions() == () and s.phase == "over"
    for action in ("9♣", "marriage ♦", "trumps ♥", "turn"):
        refused(s, action, "m3.turn", "the hand is over")
    refused(s, "9♣", "m3.turn", "the hand is over", seat=1)


def test_parse_action_forms():
    assert m.parse_action("20 ♥") == Action("marriage", None, Suit.HEARTS)
    assert m.parse_action("marriage KH") == Action("marriage", None, Suit.HEARTS)
    assert m.parse_action("trumps s") == Action("trumps", None, Suit.SPADES)
    assert m.parse_action("Turn") == m.TURN
    assert m.parse_action("10h") == Action("play", C("10♥"))
    for bad in ("marriage", "trumps x", "hello", ""):
        with pytest.raises(NotationError):
            m.parse_action(bad)
    with pytest.raises(NotationError):
        deal().apply("close")


# -- the rule set as data ---------------------------------------------------------------------------

def test_rules_options_are_checked():
    with pytest.raises(RulesError) as e:
        m.RUSSIAN_MARIAGE_3.with_options(trump_rule="cut")
    assert e.value.option == "trump_rule"
    with pytest.raises(RulesError) as e:
        m.RUSSIAN_MARIAGE_3.with_options(stock=True)
    assert e.value.option == "stock"
    with pytest.raises(RulesError) as e:
        m.RUSSIAN_MARIAGE_3.with_options(target=0)
    assert e.value.option == "target"
    with pytest.raises(RulesError) as e:
        m.RUSSIAN_MARIAGE_3.with_options(must_head="yes")
    assert e.value.option == "must_head"
    with pytest.raises(RulesError) as e:
        m.Mariage3Rules.from_dict({"preset": "german"})
    assert e.value.option == "preset"
    with pytest.raises(RulesError) as e:
        m.RUSSIAN_MARIAGE_3.with_options(game_count="paid")
    assert e.value.option == "game_count"
    with pytest.raises(RulesError) as e:
        m.RUSSIAN_MARIAGE_3.with_options(target=True)
    assert e.value.option == "target"
    from cardlab.sixtysix import RUSSIAN_MARIAGE

    with pytest.raises(RulesError):
        m.deal(RUSSIAN_MARIAGE, seed=1)          # the two-player rule set is not a three-player one
    with pytest.raises(RulesError):
        Mariage3Game(RUSSIAN_MARIAGE)
    # an old record's rules (written before an option existed) still load, with that option's default
    old = m.RUSSIAN_MARIAGE_3.to_dict()
    del old["game_count"]
    assert m.Mariage3Rules.from_dict(old) == m.RUSSIAN_MARIAGE_3


def test_rules_round_trip_and_presets_differ_where_sources_do():
    for rules in m.PRESETS.values():
        assert m.Mariage3Rules.from_dict(rules.to_dict()) == rules
    r, p = m.RUSSIAN_MARIAGE_3.to_dict(), m.PAGAT_66_3.to_dict()
    differ = {k for k in r if r[k] != p[k]}
    assert differ == {"name", "trump_rule", "must_head", "must_overtrump", "going_out", "cards_out_rule",
                      "cards_out_payment", "game_count"}
    # the two readings that are the project's own: the defaults are the ones the seed supports
    assert (m.RUSSIAN_MARIAGE_3.cards_out_payment, m.RUSSIAN_MARIAGE_3.game_count, m.RUSSIAN_MARIAGE_3.target) \
        == ("one", "received", 7)
    for option, other in (("cards_out_payment", "scale"), ("game_count", "net"), ("target", 8)):
        assert getattr(m.RUSSIAN_MARIAGE_3.with_options(**{option: other}), option) == other
    assert m.RUSSIAN_MARIAGE_3.with_options(target=8).name == "Russian Mariage (three players) with target=8"


def test_the_russian_preset_agrees_with_the_two_player_russian_preset():
    from cardlab.sixtysix import RUSSIAN_MARIAGE

    r = m.RUSSIAN_MARIAGE_3
    # the same readings of the seed (rules-notes §4.1, D-3, D-17)
    assert (r.must_head, r.must_trump, r.marriage_on_first_lead, r.target) == \
        (RUSSIAN_MARIAGE.must_head, RUSSIAN_MARIAGE.must_trump, RUSSIAN_MARIAGE.marriage_on_first_lead,
         RUSSIAN_MARIAGE.target)


def test_every_rule_id_has_text_and_source():
    for rid, (text, source) in m.RULES.items():
        assert rid.startswith("m3.") and text and source


def test_record_of_a_hand_round_trips_and_bad_actions_are_located():
    s = deal().apply_all(["marriage ♥", "Q♥", "9♥", "A♥"])
    rec = records.Record.from_state(s, title="t")
    back = records.loads(rec.to_json())
    assert back.variant == "mariage-3" and back.players == m.SEAT_NAMES
    end = back.replay()[0]
    assert end.hands == s.hands and end.tricks == s.tricks and end.marriages == s.marriages
    data = rec.to_dict()
    data["hands"][0]["actions"][2] = "K♣"     # Boris must follow ♥ with 9♥
    import json

    with pytest.raises(records.RecordError) as e:
        records.loads(json.dumps(data))
    assert e.value.location == "hands[0].actions[2]" and "follow suit" in str(e.value)


# -- property: the deal layout for any pack ---------------------------------------------------------


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.permutations(PACK_24), st.integers(0, 2))
def test_any_pack_deals_3_2_3_and_deal_from_hands_inverts_it(pack, dealer):
    s = m.deal(dealer=dealer, pack=pack)
    eldest, second = (dealer + 1) % 3, (dealer + 2) % 3
    # eldest: 0-2, 9-10, 15-17; second: 3-5, 11-12, 18-20; dealer: 6-8, 13-14, 21-23
    assert s.hands[eldest] == tuple(pack[i] for i in (0, 1, 2, 9, 10, 15, 16, 17))
    assert s.hands[second] == tuple(pack[i] for i in (3, 4, 5, 11, 12, 18, 19, 20))
    assert s.hands[dealer] == tuple(pack[i] for i in (6, 7, 8, 13, 14, 21, 22, 23))
    assert s.turnup == pack[23] and s.trump == pack[23].suit and s.to_act == eldest
    assert m.deal_from_hands(s.hands, dealer=dealer).pack == tuple(pack)
    p = m.deal(m.PAGAT_66_3, dealer=dealer, pack=pack).apply("turn")
    assert p.turnup == pack[9] and p.turnup in p.hands[eldest] and p.hands == s.hands


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.fixed_dictionaries({
    "trump_rule": st.sampled_from(["dealer_last", "eldest_chooses"]), "must_head": st.booleans(),
    "must_trump": st.booleans(), "must_overtrump": st.booleans(), "marriages": st.booleans(),
    "marriage_on_first_lead": st.booleans(), "going_out": st.sampled_from(["automatic", "play_out"]),
    "cards_out_rule": st.sampled_from(["last_trick", "most_points"]),
    "cards_out_payment": st.sampled_from(["one", "scale"]), "next_dealer": st.sampled_from(["left", "winner"]),
    "game_count": st.sampled_from(["received", "net"]), "target": st.integers(1, 1000)}))
def test_any_mix_of_options_round_trips_and_sets_the_duties(options):
    rules = m.RUSSIAN_MARIAGE_3.with_options(**options)
    assert m.Mariage3Rules.from_dict(rules.to_dict()) == rules
    # every option given explicitly: the base preset no longer matters, except for the name
    from_pagat = m.Mariage3Rules.from_dict(dict(options, preset="pagat")).to_dict()
    assert {k: v for k, v in from_pagat.items() if k != "name"} == \
        {k: v for k, v in rules.to_dict().items() if k != "name"}
    tr = rules.trick_rules
    # the follower's duties are exactly the three flags; following suit is always required
    assert (tr.must_follow, tr.must_head, tr.must_trump, tr.must_overtrump) == \
        (True, options["must_head"], options["must_trump"], options["must_overtrump"])


# --- malformed actions (issue 11): typed refusals, the state unchanged -------------------------

@pytest.mark.parametrize("action", [
    Action("marriage", parse_card("Q♥")),          # a card where the suit belongs
    Action("marriage", None, None), Action("marriage", None, "♥"), Action("marriage", None, 2.0),
    Action("marriage", None, 2), Action("play", int(parse_card("A♣"))), Action("trumps", None, 1.0),
    Action("marriage", parse_card("K♥"), Suit.HEARTS),
    Action("play", None), Action("play", None, 3), Action("play", parse_card("Jo")),
    Action("play", parse_card("A♣"), Suit.CLUBS), Action("play", parse_card("7♣")),
    Action("trumps", None, (None, None)), Action("turn", None, 1),
    Action("pass"), Action("pass", None, 1), Action("bid", None, (None, None, None)), Action("close", None, 2),
    Action(5), Action(None, None, None),
])
def test_malformed_actions_are_refused_with_a_rule(action):
    s = deal()
    refused(s, action, "m3.action", "not")
    assert "Card(" not in str(pytest.raises(IllegalActionError, s.apply, action).value)


def test_issue_11_marriage_with_a_card_and_in_the_trumps_phase():
    s = m.deal(seed=1)
    with pytest.raises(IllegalActionError) as info:
        s.apply(Action("marriage", parse_card("Q♥")))
    assert info.value.rule == "m3.action" and "marriage Q♥" in str(info.value)
    p = m.deal(m.PAGAT_66_3, dealer=2, pack=PACK_24)          # eldest fixes trumps
    refused(p, Action("trumps", parse_card("Q♥")), "m3.action", "names a suit")
    refused(p, Action("marriage", None, Suit.HEARTS), "m3.trumps-choice", "not fixed yet")


def test_result_returns_and_action_descriptions():
    s = deal().apply_all(["Q♣", "K♣", "A♥"])
    assert m.describe_action(Action("marriage", None, Suit.SPADES), s).label == "Declare marriage ♠ (20)"
    assert m.describe_action(Action("marriage", None, Suit.HEARTS), s).label == "Declare marriage ♥ (40)"
    assert m.describe_action(Action("marriage", None, Suit.HEARTS), s).group == "marriage"
    assert m.describe_action(s.legal_actions()[-1], s).group == "card"
    p = m.deal(m.PAGAT_66_3, dealer=2, pack=PACK_24)
    assert {m.describe_action(a, p).group for a in p.legal_actions()} == {"trumps"}
    assert m.describe_action(Action("bid", None, 70)).group == "other"
    import random
    rng = random.Random(3)
    while not s.is_finished:
        s = s.apply(rng.choice(s.legal_actions()))
    r = s.result
    assert r.unit == "game points" and sum(r.returns) == 0
    assert r.returns[r.winner] == r.game_points and all(r.returns[o] == -r.payments[o] for o in (0, 1, 2)
                                                        if o != r.winner)
    assert s.view(0).variant == "mariage-3" and s.phase == "over"


def test_equal_but_mistyped_twins_of_legal_actions_are_never_applied():
    """2.0 == Suit.HEARTS and an int equals a Card, so a hand-built twin of a legal action is
    "in" the legal list; it must still be refused (m3.action), over random hands of both presets."""
    import random

    rng = random.Random(11)
    refusals = 0
    for hand in range(20):
        s = m.deal(m.PAGAT_66_3 if hand % 2 else m.RUSSIAN_MARIAGE_3, dealer=hand % 3, seed=hand)
        while not s.is_finished:
            legal = s.legal_actions()
            twins = [Action(a.kind, a.card, float(a.value)) for a in legal if a.value is not None]
            twins += [Action(a.kind, int(a.card)) for a in legal if a.card is not None]
            for t in twins:
                assert t in legal
                with pytest.raises(IllegalActionError) as info:
                    s.apply(t)
                assert info.value.rule == "m3.action" and s.legal_actions() == legal
                refusals += 1
            s = s.apply(rng.choice(legal))
    assert refusals > 300
