"""Three-player Mariage: rendering (HTML and text) and the generic Stepper on its records. Seat
views must never write a hidden card; all-open views show every card."""

import re
from pathlib import Path

import pytest

from cardlab import PACK_24, parse_card, parse_cards, records, render
from cardlab import mariage3 as m

DATA = Path(__file__).resolve().parents[2] / "data"
HANDS = ("A♣ Q♣ 9♣ J♦ 9♦ K♥ Q♥ J♠",
         "K♣ 10♣ J♣ A♦ 10♦ 9♥ A♠ 10♠",
         "K♦ Q♦ A♥ 10♥ K♠ Q♠ 9♠ J♥")


def cards_in(html):
    return [parse_card(t) for t in re.findall(r'data-card="([^"]+)"', html)]


def backs(html):
    return html.count("cardlab-back")


@pytest.fixture
def deal():
    return m.deal_from_hands(HANDS, dealer=2)


def test_all_open_shows_every_card(deal):
    html = render.state_html(deal)
    assert 'data-variant="mariage-3"' in html and 'data-view="all"' in html
    # 24 cards in the hands, plus the turn-up J♥ drawn again in the middle
    assert sorted(cards_in(html)) == sorted(list(PACK_24) + [parse_card("J♥")])
    assert backs(html) == 0 and "Ana to lead." in html
    assert deal._repr_html_() == html


def test_a_seat_view_hides_the_other_hands(deal):
    for seat in range(3):
        html = render.state_html(deal, seat)
        own = set(parse_cards(HANDS[seat]))
        shown = set(cards_in(html))
        # own 8 cards and the turn-up J♥ (in Vera's hand, shown to all): nothing else
        assert shown == own | {parse_card("J♥")}
        # Ana and Boris see 7 + 8 backs (the J♥ is face up in Vera's hand); Vera sees 8 + 8
        assert backs(html) == (16 if seat == 2 else 15)
        text = render.state_text(deal, seat)
        for c in set(PACK_24) - own - {parse_card("J♥")}:
            assert str(c) not in text
        assert text.count("??") == backs(html)


def test_marriage_cards_become_visible_to_all(deal):
    s = deal.apply("marriage ♥")
    html = render.state_html(s, 1)
    assert {parse_card("K♥"), parse_card("Q♥")} <= set(cards_in(html))
    assert "marriage ♥ 40 (counts after a trick)" in html
    assert "Ana declared the ♥ marriage and must lead K♥ or Q♥." in html


def test_trick_and_last_trick(deal):
    s = deal.apply_all(["A♣", "J♣"])
    html = render.state_html(s, 2)
    assert 'class="cardlab-trick" data-cards="2"' in html
    s = s.apply("J♥")
    html = render.state_html(s)
    assert "cardlab-last-trick" in html and "Last trick (1): Vera won it" in html
    assert "1 trick taken" in html
    assert "Last trick: A♣ J♣ J♥ (led by Ana); Vera won it" in render.state_text(s)


def test_result_box():
    rec = records.load(DATA / "m3_pays_1_2.json")
    end = rec.replay()[0]
    # Vera 63 in tricks + 20 for her ♥ marriage = 83; Ana 14 (under 33) pays 2, Boris 43 pays 1
    assert end.result.points == (14, 43, 83)
    html = render.state_html(end, 0)
    assert 'data-winner="2"' in html and 'data-game-points="3"' in html
    assert "Vera wins the hand and receives 3 game points (Ana pays 2, Boris pays 1)." in html


def test_trumps_phase_hides_the_undealt_cards():
    s = m.deal(m.PAGAT_66_3, dealer=2, pack=PACK_24)
    html = render.state_html(s, 1)
    assert set(cards_in(html)) == set(parse_cards("Q♣ J♣ 9♣"))
    assert "15 cards still to deal" in html and "Trumps: not fixed yet" in html
    open_html = render.state_html(s)
    assert len(cards_in(open_html)) == 24          # 3 × 3 in hands + 15 still to deal, face up
    assert "Boris (eldest" not in render.state_text(s) and "Ana (eldest, to act)" in render.state_text(s)


def test_bad_seat(deal):
    for bad in (3, -1, True, "0"):
        with pytest.raises(ValueError):
            render.state_html(deal, bad)
    with pytest.raises(ValueError):
        deal.view(3)


# -- the generic Stepper on three-player records -------------------------------------------------------

def test_stepper_steps_through_a_hand_with_three_seats():
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import Stepper

    rec = records.load(DATA / "m3_marriage_66.json")
    st = Stepper(rec, start=9)
    assert st.step_label.value == "step 10 / 13"
    assert [label for label, _ in st.seat_picker.options] == ["All cards open", "Ana's view", "Boris's view",
                                                            "Vera's view"]
    st.next_button.click()
    st.next_button.click()
    assert "Boris wins the trick with K♠" in st.explanation.value
    st.next_button.click()
    assert st.next_button.disabled and "the hand ends at once" in st.explanation.value
    st.seat = 2
    assert st.view.value == render.state_html(st.state, 2)


def test_stepper_game_line_uses_the_ledger():
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import Stepper

    rec = records.load(DATA / "m3_game.json")
    game = rec.game()
    st = Stepper(rec)
    assert st.game_score.value.startswith("<b>Hand 1 of 3 · game to 7 game points received: Ana 0 – Boris 0 – Vera 0")
    first_end = len(rec.replay()[0].history()) - 1
    st.go(first_end)
    row = game.rows()[0]
    # hand 1 ends with card points Ana 73, Boris 43, Vera 24: Ana wins at 66; Boris (43, 33 or
    # more) pays 1 and Vera (24, under 33) pays 2, so Ana receives 3
    assert row["points"] == "73–43–24" and row["how"] == "66"
    assert row["payments"] == "Boris 1, Vera 2" and row["game points"] == 3
    assert "→ Ana takes 1 from Boris and 2 from Vera (3 game points): Ana 3 – Boris 0 – Vera 0" in st.game_score.value
    st.go(-1)
    assert st.game_score.value.endswith(f"· {game.names[game.winner]} wins the game</b>")


def test_stepper_game_line_counts_the_net_balance_under_that_option():
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import Stepper

    rules = m.RUSSIAN_MARIAGE_3.with_options(game_count="net")
    finals = [m.deal(rules, h.dealer, pack=h.pack).apply_all(h.actions())
              for h in records.load(DATA / "m3_game.json").replay()]
    rec = records.loads(records.Record.from_states(finals, title="net").to_json())
    st = Stepper(rec)
    assert st.game_score.value.startswith(
        "<b>Hand 1 of 3 · game to 7 game points net (received minus paid): Ana 0 – Boris 0 – Vera 0")
    st.go(len(finals[0].history()) - 1)
    # hand 1: Ana receives 1 from Boris and 2 from Vera: net Ana +3, Boris -1, Vera -2
    assert st.game_score.value.endswith("→ Ana takes 1 from Boris and 2 from Vera (3 game points): "
                                        "Ana 3 – Boris -1 – Vera -2</b>")
