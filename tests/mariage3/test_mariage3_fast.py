"""The fast paths of three-player Mariage agree with the plain rule checks at every step.

``Mariage3State.legal_actions`` and ``_do_play`` are written with lookup tables for speed (per-card
suit, strength and card points; interned actions). The plain forms stay the source of the error
messages: :func:`cardlab.tricks.legal_plays` for a follower's duties, :func:`cardlab.tricks.
trick_winner` for who takes a trick, ``Mariage3State._why_illegal`` for refusals. Over thousands of
random steps under both presets and mixed options, the two must agree exactly, in the same order
(the order of the legal list decides what a seeded random player picks, so it is behaviour too):
marriages in suit order ♣ ♦ ♥ ♠, then the cards in hand order.
"""

from __future__ import annotations

import itertools
import random

import pytest

from cardlab import mariage3 as m
from cardlab.actions import Action, play
from cardlab.cards import PACK_24, Card, Rank, Suit, parse_cards
from cardlab.errors import IllegalActionError
from cardlab.state import GameState
from cardlab.tricks import legal_plays, trick_winner

POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}
CANDIDATES = ([m.TURN] + [Action("trumps", None, s) for s in Suit] + [Action("marriage", None, s) for s in Suit]
              + [play(c) for c in PACK_24])


def plain_legal(s: m.Mariage3State) -> tuple:
    """The legal actions written out from the plain rule checks, in the documented order."""
    hand = s.hands[s.to_act]
    if s.trump is None:
        return tuple(Action("trumps", None, x) for x in Suit) + (m.TURN,)
    if s.trick:
        return tuple(play(c) for c in legal_plays(hand, s.trick, s.trump, s.rules.trick_rules))
    if s.pending_marriage is not None:
        pm = s.pending_marriage
        return tuple(play(c) for c in hand if c.suit == pm and c.rank in (Rank.KING, Rank.QUEEN))
    marriages = ()
    if s.rules.marriages and (s.tricks or s.rules.marriage_on_first_lead):
        marriages = tuple(Action("marriage", None, x) for x in Suit
                          if Card.of(x, Rank.KING) in hand and Card.of(x, Rank.QUEEN) in hand)
    return marriages + tuple(play(c) for c in hand)


def mixed_rules():
    """Every combination of the follower's duties, with the other options varied alongside."""
    out = []
    for i, (head, trump, over) in enumerate(itertools.product([False, True], repeat=3)):
        out.append(m.RUSSIAN_MARIAGE_3.with_options(
            must_head=head, must_trump=trump, must_overtrump=over,
            trump_rule=("dealer_last", "eldest_chooses")[i % 2],
            going_out=("automatic", "play_out")[(i // 2) % 2],
            marriage_on_first_lead=i % 3 != 0, marriages=i != 5))
    return out


RULE_SETS = [m.RUSSIAN_MARIAGE_3, m.PAGAT_66_3] + mixed_rules()
#: Every slot of a state, the base state's included.
SLOTS = m.Mariage3State.__slots__ + GameState.__slots__


def snapshot(s: m.Mariage3State) -> tuple:
    return tuple(getattr(s, name) for name in SLOTS)


@pytest.mark.parametrize("k", range(len(RULE_SETS)), ids=[r.name for r in RULE_SETS])
def test_fast_legal_actions_and_tricks_agree_with_the_plain_rules(k):
    rules = RULE_SETS[k]
    rng = random.Random(1000 + k)
    steps = refused = tricks_checked = 0
    for seed in range(40):
        s = m.deal(rules, dealer=seed % 3, seed=seed + 100 * k)
        while not s.is_finished:
            legal = s.legal_actions()
            assert legal, "a running hand always has a legal action"
            assert legal == plain_legal(s)
            assert s._legal_now() == legal  # the cache holds what a fresh computation gives
            before = snapshot(s)
            for a in rng.sample(CANDIDATES, 6):
                if a not in legal:
                    with pytest.raises(IllegalActionError) as err:
                        s.apply(a)
                    assert err.value.rule in m.RULES, f"{a}: unknown rule id {err.value.rule!r}"
                    refused += 1
            assert snapshot(s) == before, "a refused action left the state unchanged"
            nxt = s.apply(rng.choice(legal))
            if len(nxt.tricks) > len(s.tricks):
                t = nxt.tricks[-1]
                # the plain trick_winner picks the same seat; the points are those of the cards
                assert t.winner == (t.leader + trick_winner(t.played, s.trump, rules.trick_rules)) % 3
                gained = nxt.card_points[t.winner] - s.card_points[t.winner]
                assert gained == sum(POINTS[c.rank] for _, c in t.cards)
                assert nxt.tricks_won[t.winner] == s.tricks_won[t.winner] + 1
                tricks_checked += 1
            steps += 1
            s = nxt
    assert steps > 500 and refused > 1000 and tricks_checked > 200


def test_child_copies_every_slot():
    """The generated _child copies every slot, the base state's included."""
    s = m.deal(m.PAGAT_66_3, dealer=1, seed=7).apply("turn")
    c = s._child(None)
    assert c.parent is s and c.last_action is None and c._legal is None
    for name in SLOTS:
        if name in ("parent", "last_action", "_legal"):
            continue
        assert getattr(c, name) is getattr(s, name), name


def test_two_marriages_are_listed_in_suit_order():
    """Eldest (seat 1, dealer 0) holds K♠ Q♠ and K♦ Q♦, received spades first: the legal list
    still starts with the ♦ marriage, then ♠ (suit order ♣ ♦ ♥ ♠), then the 8 cards in hand
    order."""
    hands = ["A♣ 10♣ K♣ J♣ 9♣ A♦ 10♦ J♦",
             "K♠ Q♠ Q♦ K♦ 9♥ A♥ 10♥ 9♦",
             "A♠ 10♠ J♠ 9♠ K♥ Q♥ J♥ Q♣"]
    s = m.deal_from_hands(hands, dealer=0)
    legal = s.legal_actions()
    assert legal[:2] == (Action("marriage", None, Suit.DIAMONDS), Action("marriage", None, Suit.SPADES))
    assert legal[2:] == tuple(play(c) for c in parse_cards(hands[1]))


def test_overtrump_and_heading_in_a_hand_worked_trick():
    """A position set by hand, trumps ♣: A♥ led, then 10♣ (a trump). The third player, void in ♥,
    holds J♣ A♣ 9♠ K♦. Under pagat's rules (trump, and overtrump) only A♣ beats the 10♣ (order
    A 10 K Q J 9), so A♣ alone is legal; under the Russian rules (trump, no overtrump) both
    trumps are, in hand order J♣ A♣."""
    trick = parse_cards("A♥ 10♣")
    hand = parse_cards("J♣ A♣ 9♠ K♦")
    s = m.deal(m.PAGAT_66_3, dealer=0, seed=1)
    # put the hand-worked position into a child state (the same way apply() builds one)
    for rules, expected in ((m.PAGAT_66_3, "A♣"), (m.RUSSIAN_MARIAGE_3, "J♣ A♣")):
        c = s._child(None)
        c.rules, c.trump, c.leader, c._to_act = rules, Suit.CLUBS, 0, 2
        c.trick = tuple(trick)
        c.hands = (c.hands[0], c.hands[1], tuple(hand))
        assert c.legal_actions() == tuple(play(x) for x in parse_cards(expected))
