"""Four-player Mariage: the result says who won what (issue 24).

The award for reaching 66 names the pair that uncovers (not "they", which read as the losers);
the result box's head, the step log and the text table say the pair, its points, the pips it
uncovers on its own eight, or the contract made or failed (not just "Hand over."); a card placed
face down in the three nines shows as a card back and "1 card face down" (not "none").
"""

import random
import re
from html import unescape
from pathlib import Path

import pytest

from cardlab import mariage4 as m4
from cardlab import records, variants
from cardlab.mariage4 import RUSSIAN_4
from cardlab.mariage4_words import result_headline
from cardlab.render.mariage4 import state_html, state_text

DATA = Path(__file__).resolve().parents[2] / "data"

# Ana holds three nines (♠ ♥ ♦), Boris the fourth (as test_mariage4_rules.D4).
D4 = ["9♠ 9♥ 9♦ A♠ 10♠ K♠", "A♥ 10♥ K♥ Q♥ J♥ 9♣", "A♦ 10♦ K♦ Q♦ J♦ Q♠", "A♣ 10♣ K♣ Q♣ J♣ J♠"]


def _head(html):
    """The result box's head as text."""
    return unescape(re.search(r'<div class="cardlab-result-head">(.*?)</div>', html).group(1))


def _finished_hands(rules, seeds, contracts=False):
    """Random hands to their end; without contracts and redeals unless ``contracts``, so that
    most reach 66 or the last trick."""
    v = variants.get("mariage-4")
    for seed in seeds:
        rng = random.Random(seed)
        s = v.deal(rules, seed % 4, seed=seed)
        while s.result is None:
            legal = s.legal_actions()
            plain = [a for a in legal if a.kind not in s.CONTRACTS and a.kind != "redeal"]
            s = s.apply(rng.choice(legal if contracts else (plain or legal)))
        yield s


def test_the_66_award_names_the_pair_that_uncovers():
    seen = 0
    for s in _finished_hands(RUSSIAN_4, range(60)):
        for aw in s.result.awards:
            if aw.reason == "66":
                seen += 1
                assert aw.text.endswith(f", so {s.pair_name(aw.pair)} uncover {aw.points}"), aw.text
                assert "so they uncover" not in s.result.explanation
    assert seen >= 20


@pytest.mark.parametrize("preset", sorted(variants.get("mariage-4").presets))
def test_the_result_box_says_who_won_what(preset):
    rules = variants.get("mariage-4").presets[preset]
    reasons = set()
    for s in list(_finished_hands(rules, range(40))) + list(_finished_hands(rules, range(40), contracts=True)):
        r = s.result
        reasons.add(r.reason)
        head = _head(state_html(s, 0))
        assert head != "Hand over."
        assert head == result_headline(s) + "."
        scorers = {a.pair for a in r.awards}
        for pair in scorers:          # each pair that scored, and where: on its own eight
            won = sum(a.points for a in r.awards if a.pair == pair)
            pips = f"uncover {won} pip{'s' if won != 1 else ''} on their own eight"
            assert re.search(rf"{s.pair_name(pair)} (win with \d+ points and )?{pips}", head) or (
                f"{s.pair_name(pair)} win their eight outright" in head), head
        if not scorers:
            assert head.endswith(": no game points.") or r.redeal, head
        if r.reason == "66":
            pair = [a for a in r.awards if a.reason == "66"][-1].pair
            assert head.startswith(f"{s.pair_name(pair)} win with {r.pair_points[pair]} points"), head
        elif r.reason in s.CONTRACTS:
            name, d = s.contract
            made = [a for a in r.awards if a.reason == name][-1].pair == d % 2
            assert re.match(rf"{s.names[d]}'s \"[a-z ]+\" {'is made' if made else 'fails'}:", head), head
        # the step log and the text table say it too, then how
        assert f"Hand over: {result_headline(s)}. " in s.explain()
        assert f"Hand over: {result_headline(s)}. " in state_text(s)
    assert {"66", "last_trick"} <= reasons and reasons & set(m4.CONTRACTS)


def test_the_head_leaves_out_the_numbers_a_drawing_hides():
    s = next(s for s in _finished_hands(RUSSIAN_4, range(60)) if s.result.reason == "66")
    pair = [a for a in s.result.awards if a.reason == "66"][-1].pair
    assert _head(state_html(s, 0, hide={"card_points", "pips"})) == f"{s.pair_name(pair)} win."
    assert "points" not in _head(state_html(s, 0, hide={"card_points"}))
    assert "pip" not in _head(state_html(s, 0, hide={"pips"}))
    assert 'class="cardlab-result' not in state_html(s, 0, hide={"result"})


def test_the_stored_hands_say_who_won_what():
    """The recorded example hands of data/ (one per way a hand ends)."""
    for name, words in [("last_trick", "took the last trick"), ("six", '"six"'), ("coat", '"fur coat"'),
                        ("false_claim", "A false claim of 66"),
                        ("redeal", "Redeal: nobody scores")]:
        final = records.load(DATA / f"m4_{name}.json").replay()[-1]
        head = _head(state_html(final))
        assert words in head and head != "Hand over.", (name, head)


def test_three_nines_at_the_bottom_say_who_uncovers():
    from cardlab import PACK_24

    s = m4.deal(dealer=0, pack=PACK_24)             # cut 6 three times: 9♣, 9♦, 9♥ at the bottom
    for _ in range(3):
        s = s.apply("cut 6")
    assert _head(state_html(s)) == "A nine at the bottom of the pack 3 times: Ana & Cleo uncover 1 pip on their own eight."


def test_nobody_at_66_after_three_nines_still_says_so():
    """With no_66="nobody" and a three-nines award before the play, the explanation keeps the
    hand's own end (it used to keep only the award's text) and the head sums the pips."""
    v = variants.get("mariage-4")
    rng = random.Random(53)
    s = v.deal(RUSSIAN_4.with_options(no_66="nobody"), 1, seed=53)
    while s.result is None:       # three nines when it can; no contract, redeal or marriage
        legal = s.legal_actions()
        nines = [a for a in legal if a.kind == "three nines"]
        plain = [a for a in legal if a.kind not in s.CONTRACTS and a.kind not in ("redeal", "marriage", "claim")]
        s = s.apply(nines[0] if nines else rng.choice(plain or legal))
    r = s.result
    assert r.reason == "nobody" and [a.reason for a in r.awards] == ["three_nines"]
    assert r.explanation.startswith("three nines: ")
    assert r.explanation.endswith(f"; nobody reached 66 ({r.pair_points[0]}–{r.pair_points[1]}): no game points "
                                  f"for the play")
    pair = r.awards[0].pair
    assert _head(state_html(s)) == (f"Nobody reached 66 ({r.pair_points[0]}–{r.pair_points[1]}): "
                                    f"{s.pair_name(pair)} uncover 3 pips on their own eight.")


def _nines_placed():
    s = m4.deal_from_hands(D4, dealer=0).apply("cut 12").apply("trump ♥")
    for _ in range(3):
        s = s.apply("pass")
    return s.apply("three nines").apply("place A♥ top").apply("place J♠ bottom")


def test_a_placed_card_face_down_shows_as_a_card_back_not_none():
    s = _nines_placed()
    for seat in (0, 2):                             # the declarer and his partner see neither card
        html = state_html(s, seat)
        assert ">none<" not in html
        assert "Boris: 1 card face down, on top" in html and "Dan: 1 card face down, at the bottom" in html
        assert 'data-card="A♥"' not in html and 'data-card="J♠"' not in html
    html = state_html(s, 1)                         # Boris sees his own card, not Dan's
    assert 'data-card="A♥"' in html and "Boris: top" in html and "Dan: 1 card face down, at the bottom" in html
    left = s.apply("leave 9♥")                      # now both are shown to all
    html = state_html(left, 0)
    assert 'data-card="A♥"' in html and 'data-card="J♠"' in html and "face down" not in html


def test_an_opponent_who_places_nothing_is_said_so():
    hands = ["9♠ 9♥ 9♦ A♠ 10♠ K♠", "A♣ 10♣ K♣ Q♣ J♣ 9♣", "A♦ 10♦ K♦ Q♦ J♦ Q♠", "A♥ 10♥ K♥ Q♥ J♥ J♠"]
    s = m4.deal_from_hands(hands, dealer=0).apply("cut 12").apply("trump ♥")
    for _ in range(3):
        s = s.apply("pass")
    s = s.apply("three nines").apply("place")
    for seat in (None, 0, 1):
        html = state_html(s, seat)
        assert ">nothing placed<" in html and ">none<" not in html
