"""501: once the bidder has taken the prikup, its cards are drawn in his hand only, not also in
the middle (issue 24: the prikup was drawn twice after it was taken)."""

import random
import re

from cardlab import parse_card, render
from cardlab import russian501 as p501

HANDS = ["A♠ K♠ Q♠ 9♠ A♥ 9♥ 9♣", "10♠ J♠ A♣ 10♣ K♥ Q♥ A♦", "K♣ Q♣ J♣ 10♦ K♦ Q♦ 10♥"]
PRIKUP = "J♥ J♦ 9♦"


def cards_in(html):
    return [parse_card(t) for t in re.findall(r'data-card="([^"]+)"', html)]


def _svg_cards(html):
    """Cards drawn as pictures (not the text chips of tricks taken)."""
    return [parse_card(t) for t in re.findall(r'<svg[^>]*class="cardlab-card[^"]*"[^>]*data-card="([^"]+)"', html)]


def _prikup_slot(html):
    m = re.search(r'<div class="cardlab-slot cardlab-prikup[^"]*">(.*?)</span></div>', html, re.S)
    assert m, "no prikup slot"
    return m.group(1)


def _taken():
    s = p501.deal_from_hands(HANDS, PRIKUP, dealer=2, names=("Ana", "Boris", "Vera"))
    while s.phase == "bidding":
        legal = s.legal_actions()
        s = s.apply(next((a for a in legal if a.kind == "bid"), legal[0]) if s.to_act == 0 else
                    next(a for a in legal if a.kind in ("pass", "look") and (a.kind == "pass" or not s.looked[s.to_act])))
    assert s.phase == "prikup" and s.bidder == 0
    return s, s.apply("take")


def test_the_prikup_taken_is_drawn_once_in_the_bidders_hand():
    before, s = _taken()
    prikup = {parse_card(c) for c in PRIKUP.split()}
    # before it is taken: in the middle, face down (open view: turned down), in no hand
    assert set(cards_in(_prikup_slot(render.state_html(before)))) == prikup
    assert _prikup_slot(render.state_html(before, 1)).count("cardlab-back") == 3
    for seat in (None, 0, 1, 2):
        html = render.state_html(s, seat)
        slot = _prikup_slot(html)
        assert cards_in(slot) == [] and "cardlab-back" not in slot, (seat, slot)
        assert "Prikup taken into Ana's hand" in slot
        drawn = _svg_cards(html)
        for c in prikup:                               # shown to all: drawn once, in Ana's hand
            assert drawn.count(c) == 1, (seat, c)
        hand = re.search(r'<div class="cardlab-hand cardlab-cards" data-seat="0">(.*?)</div>', html, re.S).group(1)
        assert prikup <= set(cards_in(hand)), seat
    assert len(_svg_cards(render.state_html(s))) == 24          # 10 in Ana's hand, 7 and 7


def test_no_card_is_drawn_twice_over_random_hands():
    """Every state of random hands, every view: no card picture appears twice."""
    from cardlab import variants

    v = variants.get("russian-501")
    for seed in range(8):
        rng = random.Random(seed)
        s = v.deal(v.presets[sorted(v.presets)[0]], seed % 3, seed=seed)
        while True:
            for seat in (None, 0, 1, 2):
                drawn = _svg_cards(render.state_html(s, seat))
                dup = {c for c in drawn if drawn.count(c) > 1}
                assert not dup, (seed, s.phase, seat, dup)
            if s.result is not None:
                break
            s = s.apply(rng.choice(s.legal_actions()))
