"""The fast legal-action generator agrees with the rule checks that explain refusals.

``SixtySixState.legal_actions`` uses lookup tables for speed; ``_exchange_ok``, ``_close_ok``,
``_marriage_block`` and ``tricks.legal_plays`` state the same rules in the plain form used for
error messages. Over many random hands of every preset, both must agree at every step, and
every action that is *not* legal must be refused with an IllegalActionError naming a rule of
``sixtysix.RULES``.
"""

from __future__ import annotations

import random

import pytest

from cardlab import sixtysix as ss
from cardlab.actions import Action, play
from cardlab.cards import PACK_24, Rank
from cardlab.errors import IllegalActionError
from cardlab.tricks import FREE_PLAY, legal_plays

CANDIDATES = ([ss.EXCHANGE, ss.CLOSE, ss.OUT, ss.DRAW, ss.PASS]
              + [Action("marriage", None, s) for s in ss.Suit] + [play(c) for c in PACK_24])


def slow_legal(s: ss.SixtySixState) -> set:
    """The legal actions written out from the plain rule checks."""
    seat = s.to_act
    hand = s.hands[seat]
    if s.draw_pending:
        return {ss.DRAW, ss.CLOSE} | ({ss.OUT} if s.rules.going_out == "claim" else set())
    if s.close_exchange:
        return {ss.EXCHANGE, ss.PASS}
    if s.trick:
        rules = FREE_PLAY if s.stock_open else s.rules.trick_rules_after_stock
        return {play(c) for c in legal_plays(hand, s.trick, s.trump, rules)}
    out = set()
    if s.pending_marriage is not None:
        out |= {play(c) for c in hand if c.suit == s.pending_marriage and c.rank in (Rank.KING, Rank.QUEEN)}
    else:
        out |= {play(c) for c in hand}
        if s._marriage_block(seat) is None:
            for q in hand:
                if q.rank == Rank.QUEEN and ss.Card.of(q.suit, Rank.KING) in hand:
                    out.add(Action("marriage", None, q.suit))
    if s._exchange_ok(seat) is None:
        out.add(ss.EXCHANGE)
    if s._close_ok() is None:
        out.add(ss.CLOSE)
    if s.rules.going_out == "claim" and s.tricks:
        out.add(ss.OUT)
    return out


@pytest.mark.parametrize("preset", sorted(ss.PRESETS))
def test_fast_and_plain_rules_agree(preset):
    rules = ss.PRESETS[preset]
    rng = random.Random(preset)
    checked = 0
    for seed in range(150):
        s = ss.deal(rules, dealer=seed % 2, seed=seed)
        while not s.is_finished:
            legal = s.legal_actions()
            assert len(set(legal)) == len(legal), "an action is listed twice"
            assert set(legal) == slow_legal(s)
            for a in CANDIDATES:
                if a not in legal:
                    with pytest.raises(IllegalActionError) as err:
                        s.apply(a)
                    assert err.value.rule in ss.RULES, f"{a}: unknown rule id {err.value.rule!r}"
            checked += 1
            s = s.apply(rng.choice(legal))
    assert checked > 1000


def test_seat_views_show_what_was_announced():
    """A marriage announced (the cards shown), a pending draw-or-close choice and the exchange
    offered at a close are said aloud, so both seats' views carry them."""
    s = ss.deal_from_hands(["K♥ Q♥ J♣ 9♣ 9♦ J♦", "9♠ A♥ 10♥ A♣ 10♣ A♦"], "A♠",
                           ["Q♠", "K♠", "J♠", "10♠", "9♥", "J♥", "Q♣", "K♣", "Q♦", "K♦", "10♦"],
                           rules=ss.RUSSIAN_MARIAGE, dealer=1)      # seat 0 leads; marriages on lead 1
    m = s.apply("marriage ♥")
    for seat in (0, 1):
        v = m.view(seat)
        assert v.pending_marriage is ss.Suit.HEARTS and v.dealer == 1
        assert not v.draw_pending and not v.close_exchange
    assert set(m.view(1).opponent_known) == {ss.parse_card("K♥"), ss.parse_card("Q♥")}
    g = ss.deal_from_hands(["A♥ J♣ 9♣ 9♦ J♦ K♥", "9♠ 9♥ 10♥ A♣ 10♣ A♦"], "A♠",
                           ["Q♠", "K♠", "J♠", "10♠", "Q♥", "J♥", "Q♣", "K♣", "Q♦", "K♦", "10♦"],
                           rules=ss.GERMAN_66, dealer=1)
    g = g.apply("A♥").apply("9♥")                                   # seat 0 wins; stock still 12
    assert g.view(0).draw_pending and g.view(1).draw_pending
    c = g.apply("close")                                            # seat 1 holds the 9♠
    assert c.view(1).close_exchange and c.view(0).close_exchange
