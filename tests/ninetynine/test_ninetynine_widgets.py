"""The Ninety-Nine renderers, the bid-card explorer and the generic Stepper over Ninety-Nine
records, driven from Python as a notebook (or nbval) would."""

import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from cardlab import JOKER, parse_card, records, render  # noqa: E402
from cardlab import ninetynine as nn  # noqa: E402
from cardlab.widgets.ninetynine import BidCardExplorer, ways_table_html  # noqa: E402
from cardlab.widgets import Stepper  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "data"
NAMES = ("Ana", "Boris", "Cleo")
# Ana: 9 spades + ♣A K Q; Boris: 9 hearts + ♦A K Q; Cleo: ♣J–6 + ♦J–6; the joker turned up.
ANA = "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ A♣ K♣ Q♣"
BORIS = "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ A♦ K♦ Q♦"
CLEO = "J♣ 10♣ 9♣ 8♣ 7♣ 6♣ J♦ 10♦ 9♦ 8♦ 7♦ 6♦"


def cards_in(html):
    return {parse_card(t) for t in re.findall(r'data-card="([^"]+)"', html)}


def forced():
    return nn.deal_from_hands((ANA, BORIS, CLEO), "Jo", dealer=2, names=NAMES)


# -- rendering ----------------------------------------------------------------------------------

def test_seat_view_html_hides_other_hands_and_bid_cards():
    s = forced().apply("bid A♣ K♣ Q♣").apply("bid A♦ K♦ Q♦").apply("bid J♦ 10♦ 9♦")
    html = render.state_html(s, 1)
    shown = cards_in(html)
    assert set(s.hands[1]) | set(s.bid_cards[1]) <= shown
    assert not shown & (set(s.hands[0]) | set(s.bid_cards[0]) | set(s.hands[2]) | set(s.bid_cards[2]))
    assert JOKER in shown                                    # the turn-up is public
    assert html.count("cardlab-back") == 9 + 9 + 3 + 3       # two hidden hands of 9, two piles of 3
    open_html = render.state_html(s)
    assert set(s.bid_cards[0]) <= cards_in(open_html) and "bid cards: 9" in open_html
    text = render.state_text(s, 1)
    assert "bid hidden (?? ?? ??)" in text and "A♣" not in text


def test_result_in_seat_view_shows_only_made_bids():
    s = forced()
    for a in ["bid 8♠ 7♠ 6♠", "bid A♦ K♦ Q♦", "bid J♣ 10♣ J♦"]:
        s = s.apply(a)
    while not s.is_finished:
        s = s.apply(s.legal_actions()[0])
    html = render.state_html(s, 1)                          # Boris made his 0; Ana and Cleo failed
    shown = cards_in(html)
    assert set(s.bid_cards[1]) <= shown
    assert not shown & (set(s.bid_cards[0]) | set(s.bid_cards[2]))
    assert 'data-successes="1"' in html
    with pytest.raises(ValueError):
        render.state_html(s, 3)


def test_current_trick_is_rendered():
    s = forced().apply("bid A♣ K♣ Q♣").apply("bid A♦ K♦ Q♦").apply("bid J♦ 10♦ 9♦").apply("6♠")
    html = render.state_html(s)
    trick = re.search(r'class="cardlab-trick".*?</div></div></div>', html, re.S).group(0)
    assert cards_in(trick) == {parse_card("6♠")} and 'data-cards="1"' in trick


# -- the bid-card explorer ------------------------------------------------------------------------

def test_explorer_picks_three_cards_and_shows_the_bid():
    e = BidCardExplorer(forced(), seat=0)
    assert "cardlab-bidcards" in e._dom_classes
    assert len(e.card_buttons) == 12 and e.bid is None
    by_card = {str(b.card): b for b in e.card_buttons}
    assert "cardlab-bidcard-AS" in by_card["A♠"]._dom_classes
    by_card["A♣"].value = True
    by_card["K♠"].value = True
    assert "2 picked" in e.bid_html.value and e.kept_html.value == ""
    by_card["6♠"].value = True
    # 3 (♣) + 1 (♠) + 1 (♠) = 5
    assert e.bid == 5 and 'data-bid="5"' in e.bid_html.value and "= 5 tricks" in e.bid_html.value
    kept = set(forced().hands[0]) - {parse_card("A♣"), parse_card("K♠"), parse_card("6♠")}
    assert len(kept) == 9 and cards_in(e.kept_html.value) == kept
    assert '<tr data-bid="5" class="cardlab-current">' in e.ways_html.value


def test_explorer_refuses_a_fourth_card_without_a_traceback():
    e = BidCardExplorer(forced(), seat=0)
    for b in e.card_buttons[:3]:
        b.value = True
    before = e.selected
    e.card_buttons[5].value = True
    assert e.selected == before and e.card_buttons[5].value is False
    assert "Three bid cards only" in e.message.value
    assert not e.select("A♥ K♥ Q♥") and "does not hold" in e.message.value
    assert not e.select("A♠ K♠ Q♠ J♠") and "three cards only" in e.message.value
    assert e.select("A♣ K♣ Q♣") and e.bid == 9 and e.message.value == ""
    e.clear_button.click()
    assert e.selected == () and e.bid is None


def test_explorer_clicks_everything_without_an_error_and_keeps_a_bug_in_errors(monkeypatch):
    e = BidCardExplorer(forced(), seat=0)
    for seat in (1, 2, 0):
        e.seat_picker.value = seat
        for b in e.card_buttons:
            b.value = True
            b.value = False
        e.suggest_button.click()
        e.clear_button.click()
    assert e.errors == [] and e.message.value == ""

    def broken(*_):
        raise KeyError("bug")

    monkeypatch.setattr("cardlab.widgets.ninetynine.estimate_tricks", broken)
    e.suggest_button.click()                      # the three picks reach the broken count: no exception
    assert e.errors == ["KeyError: 'bug'"] and "Something went wrong (KeyError)" in e.message.value


def test_explorer_ways_table_counts():
    # Ana: 9 spades, 3 clubs. bid 3 = three spades: C(9,3) = 84; bid 5 = ♠♠♣: C(9,2)·3 = 36·3 = 108;
    # bid 7 = ♠♣♣: 9·C(3,2) = 27; bid 9 = ♣♣♣: 1. Total C(12,3) = 220.
    html = ways_table_html(forced().hands[0])
    counts = dict(re.findall(r'<tr data-bid="(\d)"[^>]*><td><b>\d</b></td><td>(\d+)</td>', html))
    assert counts == {"0": "0", "1": "0", "2": "0", "3": "84", "4": "0", "5": "108", "6": "0", "7": "27",
                      "8": "0", "9": "1"}
    assert "♠ ♠ ♣: C(9,2) × 3 = 108 ways" in html and "C(12,3) = 220" in html


def test_explorer_joker_counts_as_turnup_and_seat_switch():
    e = BidCardExplorer.from_hand("Jo A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ A♦ K♦", turnup="Q♥")
    assert "The joker in this hand counts as Q♥" in e.info.value
    assert e.select("Jo 6♠ 7♠") and e.bid == 2 + 1 + 1
    e.seat_picker.value = 1
    assert e.selected == () and set(e.hand) == set(e.deal.hands[1])


def test_explorer_suggestion_is_the_players_bid():
    rec = records.load(DATA / "n99_one_success.json")
    e = BidCardExplorer(rec, seat=0)
    e.suggest_button.click()
    # the sample was played by the same rule-based player from its seed: its bid cards
    assert set(e.selected) == set(rec.replay()[0].bid_cards[0])


def test_explorer_needs_a_ninety_nine_deal():
    from cardlab import sixtysix

    with pytest.raises(TypeError):
        BidCardExplorer(sixtysix.deal(seed=1))
    with pytest.raises(ValueError):
        BidCardExplorer(forced(), seat=5)


# -- the stepper over records -------------------------------------------------------------------

def test_stepper_over_a_game_record():
    rec = records.load(DATA / "n99_game.json")
    st = Stepper(rec)
    assert st.seat_picker.options[-1] == ("Cleo's view", 2)
    assert st.game_score.value.startswith("<b>Hand 1 of") and "game to 99" in st.game_score.value
    st.go(-1)
    assert "wins the game" in st.game_score.value
    st.seat = 1
    assert 'data-view="1"' in st.view.value


def test_sample_records_load_and_show_what_they_say():
    samples = {p.name: records.load(p) for p in sorted(DATA.glob("n99_*.json"))}
    assert samples["n99_joker_turnup.json"].replay()[0].turnup == JOKER
    nine = samples["n99_nine_turnup.json"].replay()[0]
    assert nine.turnup.rank.label == "9" and nine.trump is None
    for name, n in [("n99_one_success.json", 1), ("n99_two_successes.json", 2), ("n99_three_successes.json", 3),
                    ("n99_no_success.json", 0)]:
        assert samples[name].replay()[0].result.successes == n
    prem = samples["n99_revised_premium.json"].replay()[0]
    assert prem.rules.mode == "revised" and prem.premium is not None
    g = samples["n99_game.json"].game()
    assert g.is_over and max(g.totals) >= 99
    for rec in samples.values():
        assert "tools/make_samples_ninetynine.py" in rec.source


def test_premium_round_status_and_badges_follow_the_offers():
    from cardlab import parse_cards

    s = nn.deal_from_hands((ANA, BORIS, CLEO), None, rules=nn.REVISED, dealer=2, names=NAMES)
    s = s.apply_all(["bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♦ 10♦ 9♦"])
    assert "Ana may offer to declare or to reveal, or pass." in render.state_text(s, 0)
    s = s.apply("declare")
    text = render.state_text(s, 1)
    assert "Boris may offer to reveal (beating Ana's declaration) or pass." in text
    assert "offers to declare" in text and "A♣" not in text           # an offer: the cards stay hidden
    html = render.state_html(s, 1)
    assert "offers to declare" in html and not cards_in(html) & set(parse_cards("A♣ K♣ Q♣"))
    s = s.apply("reveal")
    assert "Cleo can only pass: Boris's offer to reveal has priority." in render.state_text(s, 2)
    s = s.apply("pass")
    html = render.state_html(s, 2)                                     # play: Boris's reveal carried out
    assert set(s.hands[1]) | set(s.bid_cards[1]) <= cards_in(html)
    assert not cards_in(html) & (set(s.hands[0]) | set(s.bid_cards[0]))
    assert ">revealed<" in html and "offers to" not in html
