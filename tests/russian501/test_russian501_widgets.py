"""501 in the notebook layer: the renderers registered with cardlab.render, the generic Stepper on
501 records (seat views, the game line), the AuctionTable driven by clicks as a notebook would,
and the sample records in data/ (each shows what its title says)."""

import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from cardlab import parse_card, records, render  # noqa: E402
from cardlab import russian501 as p501  # noqa: E402
from cardlab.widgets.russian501 import AuctionTable, DealStepper  # noqa: E402
from cardlab.widgets import Stepper  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "data"
HANDS = ["A♠ K♠ Q♠ 9♠ A♥ 9♥ 9♣", "10♠ J♠ A♣ 10♣ K♥ Q♥ A♦", "K♣ Q♣ J♣ 10♦ K♦ Q♦ 10♥"]


def cards_in(html):
    return [parse_card(t) for t in re.findall(r'data-card="([^"]+)"', html)]


def deal():
    return p501.deal_from_hands(HANDS, "J♥ J♦ 9♦", dealer=2, names=("Ana", "Boris", "Vera"))


# -- rendering ------------------------------------------------------------------------------

def test_render_all_open_and_seat_views():
    s = deal()
    html = render.state_html(s)
    assert 'class="cardlab-table"' in html and 'data-variant="russian-501"' in html
    assert len(cards_in(html)) == 24                  # 21 in hands + 3 prikup, all open
    # Ana has not looked: her own view shows 7 backs and no card at all
    v0 = render.state_html(s, 0)
    assert cards_in(v0) == [] and v0.count("cardlab-back") == 7 + 7 + 7 + 3
    s = s.apply("look")
    assert sorted(cards_in(render.state_html(s, 0))) == sorted(s.hands[0])
    assert "??" in render.state_text(s, 1) and "J♥" not in render.state_text(s, 1)
    with pytest.raises(ValueError, match="seat"):
        render.state_html(s, 3)


def test_render_trick_and_result():
    s = deal().apply_all(["look", "bid 66", "look", "pass", "look", "pass", "take", "contract ♠ 70", "give 9♣",
                          "give 9♦", "marriage ♠", "K♠"])
    html = render.state_html(s, 1)
    trick = html.split('class="cardlab-trick"')[1]
    assert 'data-card="K♠"' in trick
    assert "trumps ♠, 70" in html
    f = s.apply_all(["10♠", "10♦", "A♣", "J♣", "9♠", "A♠", "J♠", "Q♣", "Q♠", "9♣", "9♦", "A♥", "Q♥", "10♥",
                     "9♥", "K♥", "K♣", "A♦", "Q♦", "J♦", "10♣", "K♦", "J♥"])
    html = render.state_html(f)
    assert 'data-outcome="made"' in html and "Ana -70" in html and "Boris -64" in html
    assert s._repr_html_() == render.state_html(s)


# -- Stepper on 501 records -------------------------------------------------------------------

def test_stepper_steps_through_a_sample_hand():
    rec = records.load(DATA / "r501_blind.json")
    st = Stepper(rec)
    assert st.step_label.value == f"step 1 / {len(rec.states())}"
    assert [o[0] for o in st.seat_picker.options] == ["All cards open", "Ana's view", "Boris's view", "Vera's view"]
    st.next_button.click()
    assert st.step_label.value.startswith("step 2 /")
    assert "looks at the cards" in st.explanation.value
    st.seat = 2                                          # Vera bids blind: her view has no card
    st.go(3)
    assert "blind" in st.explanation.value
    assert cards_in(st.view.value) == []


def test_stepper_game_line_for_a_501_game():
    rec = records.load(DATA / "r501_game.json")
    st = Stepper(rec)
    game = rec.game()
    assert "game from 501 down to 0" in st.game_score.value
    st.go(-1)
    assert f"{game.names[game.winner]} wins the game" in st.game_score.value


# -- AuctionTable -------------------------------------------------------------------------------

def test_auction_table_clicks():
    # Vera always passes (so that the hand is played, not conceded after a bidding war); the
    # rule-based player speaks for Boris
    t = AuctionTable(deal(), seat=0, players={2: Passer(2)})
    assert "cardlab-auction" in t._dom_classes
    assert not t.look_button.disabled and not t.blind_button.disabled and t.bid_button.disabled
    assert cards_in(t.view.value) == []                 # not looked yet: no card shown
    t.look_button.click()
    assert t.state.looked[0] and t.bid_button.disabled is False and t.blind_button.disabled
    assert sorted(cards_in(t.view.value)) == sorted(t.state.hands[0])
    assert t.amount.value == 66
    t.amount.value = 60
    t.bid_button.click()                                 # too low: a message, no change
    assert "lowest bid is 66" in t.message.value and "cardlab-error" in t.message.value
    assert t.state.auction == ()                       # looking is not an auction call
    t.amount.value = 70
    t.bid_button.click()
    assert (0, p501.parse_action("bid 70")) in t.state.auction
    # the computer has spoken for Boris (over 70 he bids the next round number, 75: he bids up to
    # 87 + 30 = 117, see test_russian501_rules.py::test_rule_based_bidding) and Vera (pass): Ana's turn
    assert [str(a) for _, a in t.state.auction] == ["bid 70", "bid 75", "pass"] and t.state.to_act == 0
    t.pass_button.click()
    assert t.state.bidder == 1 and "Boris wins the auction with 75" in t.calls.value
    assert not t.play_out_button.disabled
    t.play_out_button.click()
    assert t.state.is_finished and "Hand over" in t.message.value
    assert len(cards_in(t.view.value)) >= 24 - 3        # all cards open at the end
    assert t.errors == []


class Broken:
    """A computer player with a bug."""

    def choose(self, view):
        raise RuntimeError("no idea")


def test_no_callback_raises_and_bugs_are_kept_in_errors():
    t = AuctionTable(deal(), seat=0, players={1: Broken()})
    t.look_button.click()
    t.bid_button.click()                                 # Boris's player fails: said, kept, not raised
    assert t.errors == ["computer player: RuntimeError: no idea"]
    assert "The computer player failed" in t.message.value and "cardlab-error" in t.message.value
    t = AuctionTable(deal(), seat=0)

    def bug():
        raise KeyError("bug")

    t.look = bug                                         # a bug behind a button is kept, not raised
    t.look_button.click()
    assert t.errors == ["KeyError: 'bug'"] and "Something went wrong (KeyError)" in t.message.value
    assert t.state.history() == [t.deal_state]
    d = DealStepper(deal())
    d.go = lambda k: bug()
    d.next_button.click()
    assert d.errors == ["KeyError: 'bug'"] and "Something went wrong" in d.step_label.value


def test_auction_table_blind_and_seat_change():
    t = AuctionTable(seed=11)
    t.blind(t.amount.value)
    first = t.state.auction[[s for s, _ in t.state.auction].index(t.seat)]
    assert first[1].kind == "blind"
    assert "blind" in t.calls.value
    other = [s for s in t.state.active if s != t.seat][0]
    t.seat_picker.value = other                          # restart the same deal from another seat
    assert t.seat == other and t.state.history()[0] is t.deal_state
    assert all(seat != other for seat, _ in t.state.auction)   # the learner has not spoken yet
    assert t.state.to_act == other or t.state.phase != "bidding"


def test_auction_table_refuses_actions_out_of_place():
    t = AuctionTable(deal(), seat=0)
    assert t.act("bid 70") is False and "look" in t.message.value      # has not looked
    assert t.act("contract ♠ 80") is False
    assert t.blind("seventy") is False and "whole number" in t.message.value
    t.pass_()
    # Ana passed: a pass is final; Boris and Vera bid on without her (66, 70 … 115: they bid up to
    # 87 + 30 = 117 and 81 + 30 = 111, see test_russian501_rules.py::test_rule_based_bidding), Vera passes
    # at 115 and Boris, seeing the prikup, gives up: the hand is over
    assert t.state.passed[0] and t.state.result.outcome == "conceded"
    assert t.bid(90) is False and "The hand is over" in t.message.value
    assert "cardlab-error" in t.message.value
    with pytest.raises(ValueError, match="active seats"):
        AuctionTable(deal(), seat=5)


class Passer:
    """A computer player for tests: passes in the auction, otherwise takes the first legal action;
    it records that it only ever sees its own seat's view."""

    def __init__(self, seat):
        self.seat = seat

    def choose(self, view):
        assert view.seat == self.seat and view.legal_actions
        return p501.PASS if p501.PASS in view.legal_actions else view.legal_actions[0]


def buttons(t, css):
    return [b for b in t.hand_box.children if css in getattr(b, "_dom_classes", ())]


def test_auction_table_whole_hand_as_bidder():
    t = AuctionTable(deal(), seat=0, players={1: Passer(1), 2: Passer(2)})
    t.look()
    t.bid(66)                                            # Boris and Vera pass: Ana wins with 66
    assert t.state.bidder == 0 and t.state.phase == "prikup"
    assert "Ana wins the auction with 66" in t.calls.value
    buttons(t, "cardlab-take")[0].click()
    assert len(t.state.hands[0]) == 10
    assert t.contract_amount.value == 66
    t.trump_picker.value = p501.Suit.SPADES
    t.contract_amount.value = 60
    buttons(t, "cardlab-contract")[0].click()
    assert "below the final bid 66" in t.message.value and t.state.phase == "contract"
    t.contract_amount.value = 70
    buttons(t, "cardlab-contract")[0].click()
    assert t.state.contract == 70 and t.state.trump == p501.Suit.SPADES
    give = {b.description: b for b in buttons(t, "cardlab-give")}
    assert set(give) == {str(c) for c in t.state.hands[0]}
    give["9♣"].click()
    {b.description: b for b in buttons(t, "cardlab-give")}["9♦"].click()
    assert t.state.given == ((1, parse_card("9♣")), (2, parse_card("9♦")))
    assert t.state.to_act == 0                         # Ana is eldest and leads
    marriage = [b for b in buttons(t, "cardlab-marriage") if "♠" in b.description]
    assert marriage and marriage[0].description == "Declare marriage ♠ (40)"
    marriage[0].click()
    assert t.state.marriages == ((0, p501.Suit.SPADES, 40),) and t.state.to_act == 0
    lead = {b.description: b for b in buttons(t, "cardlab-card-button")}
    assert set(lead) == {"K♠", "Q♠"}                   # now its king or queen is led
    lead["K♠"].click()
    # Boris and Vera played their first legal cards; the trick is complete or it is Ana's turn
    while not t.state.is_finished:
        cards = buttons(t, "cardlab-card-button")
        assert cards, "it must be Ana's turn whenever the hand is not over"
        cards[0].click()
    assert "Hand over" in t.message.value
    assert t.act("A♠") is False and "over" in t.message.value


def test_auction_table_refuses_a_revoke():
    t = AuctionTable(deal(), seat=1, players={0: Passer(0), 2: Passer(2)})
    # Ana (eldest) passes; Boris bids 66, Vera passes: Boris wins
    t.look()
    t.bid(66)
    assert t.state.bidder == 1
    t.act("take")
    t.act("contract ♥ 66")
    t.act("give 10♠")                                   # to Vera (Boris's left), then to Ana
    t.act("give J♠")
    # Ana leads her first legal card (A♠); Boris holds no spade now: he must trump (hearts)
    assert t.state.trick and t.state.to_act == 1
    assert t.act("A♣") is False and "rule 501.trump" in t.message.value


def test_deal_stepper():
    rec = records.load(DATA / "r501_marriage.json")
    d = DealStepper(rec)
    assert d.step_label.value == "card 0 / 24" and cards_in(d.view.value) == []
    d.next_button.click()
    pack = rec.hands[0].pack
    assert cards_in(d.view.value) == [pack[0]]
    d.go(4)                                             # cards 0-2 to the players, card 3 to the prikup
    assert "went to the prikup" in d.view.value
    prikup_html = d.view.value.split("cardlab-prikup")[1]
    assert cards_in(prikup_html) == [pack[3]]
    d.all_button.click()
    assert d.dealt == 24 and len(cards_in(d.view.value)) == 24 and d.next_button.disabled
    assert sorted(cards_in(d.view.value.split("cardlab-prikup")[1])) == sorted(pack[i] for i in (3, 7, 11))
    d.prev_button.click()
    assert d.dealt == 23 and d.errors == []
    with pytest.raises(ValueError):
        DealStepper(rec, start=25)


def test_auction_table_new_deal():
    t = AuctionTable(seed=4)
    first = t.deal_state.pack
    t.new_deal_button.click()
    assert t.seed == 5 and t.deal_state.pack != first and t.deal_state.pack == p501.shuffled_pack(5)
    assert "seed 5" in t.message_text()


def test_new_deal_after_a_sample_gives_new_cards_and_deal_again_the_same():
    sample = records.load(DATA / "r501_blind.json").states()[0]
    t = AuctionTable(sample, seed=10)
    t.new_deal_button.click()
    assert t.deal_state.pack != sample.pack and t.deal_state.pack == p501.shuffled_pack(11)
    dealt = t.deal_state.pack
    if not t.pass_button.disabled:
        t.pass_button.click()
    t.deal_again_button.click()
    assert t.deal_state.pack == dealt and t.state.history()[0] is t.deal_state
    assert "same cards" in t.message_text()


def _win_the_auction(t):
    """Bid for the learner until the auction is won (or lost); returns True if won."""
    for _ in range(40):
        s = t.state
        if s.phase != "bidding":
            break
        if s.to_act == t.seat:
            if not s.looked[t.seat]:
                t.look_button.click()
                continue
            t.amount.value = min(a.value for a in s.legal_actions() if a.kind == "bid")
            t.bid_button.click()
    if t.state.phase == "prikup" and t.state.to_act == t.seat:
        take = [b for b in t.hand_box.children if "cardlab-take" in getattr(b, "_dom_classes", ())]
        take[0].click()
    return t.state.phase == "contract" and t.state.to_act == t.seat


def test_trump_choice_starts_where_the_rule_based_player_would_name_it():
    from cardlab.players.russian501 import Russian501Player

    checked = 0
    for seed in range(60):
        t = AuctionTable(seed=seed, seat=1)
        if not _win_the_auction(t):
            continue
        s = t.state
        rule = Russian501Player(0).choose(s.view(t.seat))
        want = rule.value[0] if rule.kind == "contract" else None
        if want is not None:
            assert t.trump_picker.value == want, (seed, t.trump_picker.value, want)
            checked += 1
    assert checked >= 3
    picks = set()
    for seed in range(60):
        t = AuctionTable(seed=seed, seat=1)
        if _win_the_auction(t):
            picks.add(t.trump_picker.value)
    assert len(picks) > 1, "the choice does not always start at the same suit"


# -- the samples in data/ -----------------------------------------------------------------------

def final(name):
    return records.load(DATA / name).replay()[-1]


def test_samples_show_what_they_say():
    b = final("r501_blind.json")
    assert b.result.blind and b.result.changes[b.bidder] == -2 * b.contract
    c = final("r501_concession.json")
    assert c.result.outcome == "conceded" and c.result.changes[c.bidder] == c.high_bid
    n = final("r501_no_trump.json")
    assert n.no_trump and all(m[2] == 20 for m in n.marriages)
    f = final("r501_failed.json")
    assert f.result.outcome == "failed" and f.result.points[f.bidder] < f.contract
    m = final("r501_marriage.json")
    assert {v for _, _, v in m.marriages} == {20, 40}
    lost = final("r501_marriage_lost.json")
    owner = next(seat for seat, _, _ in lost.marriages if lost.tricks_won[seat] == 0)
    assert lost.result.marriage_points[owner] == 0 and lost.result.points[owner] == 0
    t = final("r501_thrown_in.json")
    assert t.result.outcome == "thrown_in"
    four = final("r501_four.json")
    assert len(four.names) == 4 and four.result.changes[four.dealer] == 0 and four.hands[four.dealer] == ()
    g = records.load(DATA / "r501_game.json").game()
    assert g.is_over and min(g.scores) <= 0 and len(g.rows()) >= 10


def test_samples_are_typical_hands():
    """tools/make_samples_501.py keeps only ordinary hands: short auctions, no sweep, no whitewash,
    no wild raise; and each sample shows its rule in the way its notes say."""
    for name in ("r501_marriage.json", "r501_blind.json", "r501_no_trump.json", "r501_failed.json",
                 "r501_four.json"):
        f = final(name)
        r = f.result
        opps = [x for x in f.active if x != r.bidder]
        assert 3 <= len(f.auction) <= 8, name
        assert all(r.tricks[o] >= 1 and r.card_points[o] >= 10 for o in opps), name
        assert 40 <= r.card_points[r.bidder] <= 110 and abs(r.points[r.bidder] - r.contract) <= 30, name
        assert r.contract - r.bid <= (25 if name == "r501_blind.json" else 20), name
    b = final("r501_blind.json")
    assert b.contract > b.high_bid                          # the doubling covers a raised contract
    m = final("r501_marriage.json")
    assert any(seat == m.bidder and v == 40 for seat, _, v in m.marriages)
    n = final("r501_no_trump.json")
    assert n.marriages and any(len({c.suit for _, c in t.cards}) > 1 for t in n.tricks)   # a discard
    lost = final("r501_marriage_lost.json")
    assert any(seat != lost.bidder and lost.tricks_won[seat] == 0 for seat, _, _ in lost.marriages)
    c = final("r501_concession.json")
    assert not c.result.blind and c.high_bid <= 85 and len(c.auction) <= 8
