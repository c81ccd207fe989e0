"""501 on the variant kernel: the shared shapes (result, tricks, views, card locations), the one
action vocabulary (a marriage names its suit; its K or Q is then led as a separate play), the
action descriptions, and the refusal of malformed actions (issue 11): every action that is not
one of ``legal_actions()`` raises IllegalActionError naming a rule of ``russian501.RULES`` (or
NotationError), is never applied, and is written as text in the message (no reprs)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab import PACK_24, Action, IllegalActionError, NotationError, parse_card, parse_cards, variants
from cardlab import russian501 as p501
from cardlab.cards import Suit
from cardlab.state import HandResult
from cardlab.tricks import Trick

HANDS = ["A♠ K♠ Q♠ 9♠ A♥ 9♥ 9♣", "10♠ J♠ A♣ 10♣ K♥ Q♥ A♦", "K♣ Q♣ J♣ 10♦ K♦ Q♦ 10♥"]
PRIKUP = "J♥ J♦ 9♦"
V = variants.get(p501.VARIANT)


def deal(rules=p501.PAGAT_501):
    return p501.deal_from_hands(HANDS, PRIKUP, rules=rules, dealer=2, names=("A", "B", "C"))


def at_play():
    """A bids 66 and wins, names ♠ 70 and gives 9♣ and 9♦: A (eldest) to lead, holding K♠ Q♠."""
    return deal().apply_all(["look", "bid 66", "look", "pass", "look", "pass", "take", "contract ♠ 70", "give 9♣",
                             "give 9♦"])


def fingerprint(s):
    return (s.to_act, s.legal_actions(), s.phase, s.hands, s.trick, s.tricks, s.auction, s.marriages,
            s.pending_marriage, s.looked, s.given, s.result)


def refused(s, action, rule=None):
    before = fingerprint(s)
    with pytest.raises(IllegalActionError) as ei:
        s.apply(action)
    e = ei.value
    assert e.rule in p501.RULES and e.reason
    assert "Card(" not in str(e) and "Action(" not in str(e) and "Suit." not in str(e), str(e)
    if rule is not None:
        assert e.rule == rule, (e.rule, str(e))
    assert fingerprint(s) == before
    return e


# -- issue 11's cases --------------------------------------------------------------------------

def test_marriage_mid_play_is_a_typed_refusal():
    s = at_play().apply("A♥")                             # B must follow: no marriage now
    refused(s, Action("marriage", None, Suit.HEARTS), "501.marriage")
    refused(s, Action("marriage", parse_card("K♥")), "501.action")   # the old shape: a card, no suit


def test_a_tuple_bid_after_look_is_a_typed_refusal_written_as_text():
    s = deal().apply("look")
    e = refused(s, Action("bid", None, tuple(parse_cards("A♦ 10♣ 9♣"))), "501.action")
    assert "bid A♦ 10♣ 9♣" in e.reason
    e = refused(deal(), Action("blind", None, tuple(parse_cards("A♦ 10♣ 9♣"))), "501.action")
    assert "blind A♦ 10♣ 9♣" in e.reason


@pytest.mark.parametrize("action", [
    Action("bid", None, 70.0), Action("bid", None, True), Action("blind", None, 66.0), Action("play", None),
    Action("play", None, 3), Action("marriage", None, None), Action("marriage", None, "x"), Action("marriage", None, 2),
    Action("bid", None, (None, None, None)), Action("pass", None, 1), Action("pass", parse_card("A♠")),
    Action("nonsense"), Action("close"), Action("exchange", None, 7), Action("contract", None, (Suit.SPADES,)),
    Action("contract", None, [Suit.SPADES, 80]), Action("give", None, 1), Action(["bid"], None, 70),
    Action("bid", parse_card("A♠"), 1.5), Action("look", None, 0),
])
def test_malformed_actions_in_the_auction(action):
    s = deal().apply("look")
    refused(s, action, "501.action")


def test_equal_twins_of_legal_actions_are_never_applied():
    s = deal().apply("look")
    assert Action("bid", None, 70) in s.legal_actions()
    refused(s, Action("bid", None, 70.0), "501.action")   # 70.0 == 70, but it is no bid
    c = at_play()
    contract = c.parent.parent.parent
    assert contract.phase == "contract"
    refused(contract, Action("contract", None, (Suit.SPADES, 80.0)), "501.action")
    refused(contract, Action("contract", None, (3.0, 80)), "501.action")       # 3.0 == ♠
    refused(contract, Action("contract", None, (Suit.SPADES, True)), "501.action")
    card = c.hands[0][0]
    refused(c, Action("play", int(card)), "501.action")                    # an int equal to a card
    refused(c, Action("marriage", None, int(Suit.SPADES)), "501.action")   # 3 == ♠, but no suit
    give = contract.apply("contract ♠ 70")
    refused(give, Action("give", int(give.hands[0][0])), "501.action")


def test_other_variants_actions_are_refused():
    s = at_play()
    for a in (Action("exchange"), Action("close"), Action("out"), Action("draw"), Action("trumps", None, Suit.HEARTS),
              Action("nines"), Action("bid", None, (None, None, None)), Action("pass", None, 1)):
        refused(s, a)


# -- one action vocabulary: the marriage ---------------------------------------------------------

def test_marriage_then_its_king_or_queen():
    s = at_play()
    assert Action("marriage", None, Suit.SPADES) in s.legal_actions()
    m = s.apply(Action("marriage", None, Suit.SPADES))
    assert m.phase == "play" and m.to_act == 0 and m.trick == () and m.pending_marriage == Suit.SPADES
    assert m.legal_actions() == (Action("play", parse_card("K♠")), Action("play", parse_card("Q♠")))
    assert m.marriages == ((0, Suit.SPADES, 40),) and m.marriage_points[0] == 40
    refused(m, "A♠", "501.marriage.led")
    refused(m, "marriage ♠", "501.marriage.led")
    led = m.apply("Q♠")
    assert led.trick == (parse_card("Q♠"),) and led.pending_marriage is None and led.to_act == 1
    assert led.trick_by_seat() == ((0, parse_card("Q♠")),)
    assert parse_card("K♠") in led.view(2).known[0]       # the other card stays shown


def test_text_forms_of_a_marriage():
    s = at_play()
    for text in ("marriage ♠", "marriage s", "marriage K♠", "40 ♠", "40 Q♠"):
        assert s.apply(text).last_action == Action("marriage", None, Suit.SPADES)
    refused(s, "20 ♠", "501.marriage")
    with pytest.raises(NotationError):
        s.apply("marriage")
    with pytest.raises(NotationError):
        s.apply("marriage X")


def test_solver_after_a_declared_marriage():
    from cardlab.analysis import solve

    s = at_play()
    m = s.apply("marriage ♠")
    bidder = (m.bidder,)
    assert solve(m, bidder) == max(solve(m.apply("K♠"), bidder), solve(m.apply("Q♠"), bidder))


# -- shared shapes ---------------------------------------------------------------------------

def test_result_extends_hand_result():
    f = at_play().apply_all(["marriage ♠", "K♠", "10♠", "10♦", "A♣", "J♣", "9♠", "A♠", "J♠", "Q♣", "Q♠", "9♣",
                             "9♦", "A♥", "Q♥", "10♥", "9♥", "K♥", "K♣", "A♦", "Q♦", "J♦", "10♣", "K♦", "J♥"])
    r = f.result
    assert isinstance(r, HandResult) and r.unit == "game points"
    assert r.returns == r.changes == (-70, -64, 0)       # negative: towards 0, good for the seat
    assert r.winner == 0 and r.reason == "made" == r.outcome
    assert all(isinstance(t, Trick) for t in f.tricks) and f.tricks[0].leader == 0
    assert f.tricks[0].cards == ((0, parse_card("K♠")), (1, parse_card("10♠")), (2, parse_card("10♦")))
    assert f.phase == "over" and f.to_act is None and repr(f).startswith("<Russian501State")
    failed = at_play().parent.parent.parent.apply_all(["contract ♠ 100", "give 9♣", "give 9♦"])
    assert failed.phase == "play"
    conceded = deal().apply_all(["look", "bid 66", "look", "pass", "look", "pass", "take", "concede"])
    assert conceded.result.winner is None and conceded.result.returns == (66, -25, -25)
    thrown = deal().apply_all(["pass", "pass", "pass"])
    assert thrown.result.winner is None and thrown.result.returns == (0, 0, 0) and thrown.result.reason == "thrown_in"


def test_a_seat_that_has_not_looked_sees_no_card_of_its_own():
    s = deal()
    v = s.view(0)
    assert v.variant == "russian-501" and v.phase == "bidding" and not v.looked and v.hand == ()
    assert set(s.hands[0]) <= set(v.unseen)
    assert s.apply("look").view(0).hand == s.hands[0]


def test_card_locations_hold_every_card_once():
    rng = random.Random(3)
    for seed in range(20):
        s = p501.deal(p501.PRESETS[("pagat", "literal", "fives")[seed % 3]], seed % 3, seed=seed)
        while True:
            places = s.card_locations()
            cards = [c for cs in places.values() for c in cs]
            assert sorted(cards) == sorted(PACK_24) and set(places) >= {"hand 0", "prikup", "trick", "tricks"}
            if s.is_finished:
                break
            s = s.apply(rng.choice(s.legal_actions()))


# -- descriptions ----------------------------------------------------------------------------

def test_describe_action_in_the_rules_words():
    s = deal()
    d = V.describe_action(Action("pass"), s)
    assert (d.group, d.label) == ("pass", "Pass") and "[rule 501.pass-final]" in d.help
    assert V.describe_action(Action("look"), s).label == "Look at my cards"
    assert V.describe_action(Action("blind", None, 70), s).label == "Bid 70 blind"
    assert V.describe_action(Action("bid", None, 70), s).label == "Bid 70"
    p = at_play()
    d = V.describe_action(Action("marriage", None, Suit.SPADES), p)
    assert (d.group, d.label) == ("marriage", "Declare marriage ♠ (40)") and "501.marriage" in d.help
    assert V.describe_action(Action("marriage", None, Suit.HEARTS), p).label == "Declare marriage ♥ (20)"
    assert V.describe_action(Action("contract", None, ("NT", 80))).label == "Contract no trump 80"
    give = p.parent.parent
    assert V.describe_action(Action("give", parse_card("9♣")), give).label == "Give 9♣ to B"
    assert V.describe_action(Action("exchange"), p).group == "other"


def test_every_legal_action_has_a_description():
    rng = random.Random(7)
    for seed in range(30):
        s = p501.deal(p501.PAGAT_501, seed % 3, seed=seed)
        while not s.is_finished:
            for a in s.legal_actions():
                d = V.describe_action(a, s)
                assert d.group in variants.ACTION_GROUPS and d.label and d.group != "other"
            s = s.apply(rng.choice(s.legal_actions()))


# -- fuzz --------------------------------------------------------------------------------------

_PAYLOADS = [None, 0, 1, 1.0, 2.0, 66, 66.0, 70, -1, 1.5, True, "x", "NT", Suit.HEARTS, (None, None, None),
             (Suit.SPADES, 80), (Suit.SPADES, 80.0), ("NT", 66), [Suit.SPADES, 80], (1.0, 70)]
_KINDS = ["play", "marriage", "bid", "blind", "pass", "look", "take", "contract", "concede", "give", "exchange",
          "close", "out", "nonsense"]


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 45), kind=st.sampled_from(_KINDS),
       card=st.sampled_from([None, 5, 5.0, *PACK_24[:6]]), value=st.sampled_from(_PAYLOADS))
def test_fuzz_hand_built_actions(seed, steps, kind, card, value):
    s = p501.deal(p501.PRESETS[("pagat", "literal", "fives")[seed % 3]], seed % 3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_finished:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    a = Action(kind, card, value)
    if a in s.legal_actions() and p501.malformed_reason(a) is None:
        return                                    # a legal action, well formed: nothing to test
    refused(s, a)
