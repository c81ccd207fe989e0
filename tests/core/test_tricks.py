"""Shared trick play (cardlab.tricks).

Rule source: docs/rules-notes.md §"Shared definitions": the trick goes to the highest trump if any
trump was played, otherwise to the highest card of the suit led; rank order A 10 K Q J 9.
"Heading" = when following suit, beat the highest card of that suit already in the trick if you
can. Flags as documented in cardlab/tricks.py: must_trump applies only "if you cannot follow";
must_overtrump "when trumping"; heading "does not apply once the trick is trumped".
"""

import itertools

import pytest

from cardlab import Rank, Suit, TrickRules, legal_plays, parse_cards, trick_winner
from cardlab.tricks import FREE_PLAY, RANKS_66, explain_duty

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
R = TrickRules()  # must_follow only


def cs(text):
    return parse_cards(text)


def plays(hand, trick, trump, rules):
    return " ".join(str(c) for c in legal_plays(cs(hand), cs(trick), trump, rules))


# -- trick_winner ---------------------------------------------------------------------------

@pytest.mark.parametrize("trick, trump, winner", [
    ("A♥ K♥", S, 0),          # same suit: A beats K
    ("K♥ A♥", S, 1),
    ("K♥ 10♥", S, 1),         # 10 beats K (A 10 K Q J 9)
    ("10♥ K♥", S, 0),
    ("Q♥ J♥", S, 0),
    ("9♥ J♥", S, 1),
    ("A♥ 9♠", S, 1),          # the lowest trump beats the ace of another suit
    ("9♠ A♥", S, 0),          # an off-suit non-trump loses, even an ace
    ("9♥ A♣", S, 0),          # off-suit non-trump ace loses to the 9 led
    ("10♠ A♠", S, 1),         # trump led, higher trump wins
    ("A♠ 10♠", S, 0),
    ("K♥ 10♥", None, 1),      # no trump: highest of the suit led
    ("K♥ A♠", None, 0),       # no trump: an off-suit card never wins
    ("9♣ A♠", None, 0),
])
def test_trick_winner_two_cards(trick, trump, winner):
    assert trick_winner(cs(trick), trump, R) == winner


@pytest.mark.parametrize("trick, trump, winner", [
    ("K♥ A♥ 10♥", S, 1),
    ("K♥ 10♥ A♥", S, 2),
    ("K♥ 9♠ A♥", S, 1),        # trumped: the later ace of the led suit loses
    ("K♥ 9♠ J♠", S, 2),        # over-trumped
    ("K♥ J♠ 9♠", S, 1),
    ("K♥ A♣ Q♥", S, 0),        # A♣ off-suit; Q♥ does not beat the led K♥
    ("Q♥ A♣ K♥", S, 2),
    ("Q♥ A♣ K♣", S, 0),        # two off-suit cards: the led Q♥ wins
    ("Q♥ A♣ K♣", C, 1),        # clubs trumps: highest trump A♣
    ("Q♥ K♣ A♣", C, 2),
    ("9♦ 9♣ 9♥ 9♠", None, 0),  # no trump, four suits: the led card wins
    ("9♦ 9♣ 9♥ 9♠", H, 2),
])
def test_trick_winner_longer_tricks(trick, trump, winner):
    assert trick_winner(cs(trick), trump, R) == winner


def test_trick_winner_single_card():
    assert trick_winner(cs("9♦"), S, R) == 0


def test_rank_order_is_a_10_k_q_j_9():
    assert RANKS_66 == (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
    order = cs("A♥ 10♥ K♥ Q♥ J♥ 9♥")
    for i, j in itertools.combinations(range(6), 2):   # i is higher than j
        assert trick_winner((order[i], order[j]), None, R) == 0
        assert trick_winner((order[j], order[i]), None, R) == 1
        assert R.strength(order[i]) > R.strength(order[j])


def test_custom_rank_order_is_used():
    natural = TrickRules(rank_order=(Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE))
    assert trick_winner(cs("10♥ K♥"), None, natural) == 1   # here the king beats the ten
    assert trick_winner(cs("10♥ K♥"), None, R) == 0
    assert R.strength(cs("8♥")[0]) == -1                     # not in the 24-card order


# -- legal_plays ----------------------------------------------------------------------------

HAND = "A♥ 9♥ K♣ 10♠ 9♠ Q♦"   # trump ♠ in the tests below


def test_leading_any_card_under_every_flag_combination():
    for f, h, t, o in itertools.product([False, True], repeat=4):
        rules = TrickRules(must_follow=f, must_head=h, must_trump=t, must_overtrump=o)
        assert plays(HAND, "", S, rules) == HAND


def test_free_play_allows_everything():
    assert plays(HAND, "K♥", S, FREE_PLAY) == HAND
    assert plays(HAND, "A♣", S, FREE_PLAY) == HAND
    assert plays(HAND, "J♠", S, FREE_PLAY) == HAND
    assert plays(HAND, "K♥", S, TrickRules(must_follow=False, must_head=True)) == HAND


def test_must_follow_only():
    assert plays(HAND, "K♥", S, R) == "A♥ 9♥"          # both hearts, lower one allowed
    assert plays(HAND, "J♣", S, R) == "K♣"
    assert plays(HAND, "J♦", S, R) == "Q♦"
    assert plays("A♥ K♣ Q♦", "9♠", S, R) == "A♥ K♣ Q♦"  # void: anything (no trump duty)
    assert plays(HAND, "J♠", S, R) == "10♠ 9♠"         # trump led: follow with trumps


def test_must_follow_and_head():
    rules = TrickRules(must_head=True)
    assert plays(HAND, "K♥", S, rules) == "A♥"          # must beat the K♥
    assert plays(HAND, "A♣", S, rules) == "K♣"          # cannot beat: any club
    assert plays(HAND, "Q♦", H, rules) == "Q♦"
    assert plays("A♥ 9♥ 10♥ K♣", "K♥", S, rules) == "A♥ 10♥"   # 10 beats K too
    assert plays(HAND, "J♠", S, rules) == "10♠"         # trump led: heading applies to trumps
    assert plays(HAND, "A♦", S, TrickRules(must_head=True)) == "Q♦"
    assert plays("K♣ 9♠", "Q♥", S, rules) == "K♣ 9♠"     # void, no trump duty: anything


def test_must_follow_and_trump():
    rules = TrickRules(must_trump=True)
    assert plays(HAND, "K♥", S, rules) == "A♥ 9♥"       # can follow: follow, no heading
    assert plays("A♥ K♣ 10♠ 9♠", "J♦", S, rules) == "10♠ 9♠"  # void: must trump, any trump
    assert plays("A♥ K♣", "J♦", S, rules) == "A♥ K♣"    # void, no trump: anything
    assert plays("A♥ K♣ 10♠", "J♦", None, rules) == "A♥ K♣ 10♠"  # no trump suit at all


def test_must_follow_trump_and_overtrump():
    rules = TrickRules(must_trump=True, must_overtrump=True)
    # three-card trick: the second player trumped with the J♠; the third, void in ♦, must beat it
    assert plays("A♥ Q♠ 9♠", "J♦ J♠", S, rules) == "Q♠"
    # no trump can beat the K♠ in the trick: any trump
    assert plays("A♥ Q♠ 9♠", "J♦ K♠", S, rules) == "Q♠ 9♠"
    # no trump in the trick yet: any trump
    assert plays("A♥ Q♠ 9♠", "J♦", S, rules) == "Q♠ 9♠"


def test_all_flags():
    rules = TrickRules(must_head=True, must_trump=True, must_overtrump=True)
    assert plays(HAND, "K♥", S, rules) == "A♥"
    assert plays("A♥ Q♠ 9♠", "J♦ J♠", S, rules) == "Q♠"
    assert plays("K♣ Q♦", "J♥", S, rules) == "K♣ Q♦"


def test_heading_not_required_once_trumped():
    rules = TrickRules(must_head=True, must_trump=True)
    # K♥ led, the second player trumped with 9♠: the third follows hearts with any heart
    assert plays("A♥ 9♥ K♣", "K♥ 9♠", S, rules) == "A♥ 9♥"
    # not trumped: must beat the highest heart in the trick (the A♥ from the second player)
    assert plays("10♥ 9♥", "K♥ A♥", S, rules) == "10♥ 9♥"   # cannot beat A♥: any heart
    assert plays("A♥ 9♥ J♥", "Q♥ K♥", S, rules) == "A♥"
    # with no trump suit nothing is "trumped"
    assert plays("A♥ 9♥", "K♥ 9♠", None, rules) == "A♥"


def test_trump_duty_only_when_void():
    """must_trump: 'if you cannot follow, play a trump' (cardlab/tricks.py docstring). With
    must_follow off, a player who holds the suit led *can* follow, so the trump duty does not
    arise and any card may be played."""
    rules = TrickRules(must_follow=False, must_trump=True)
    assert plays("J♣ Q♠", "K♦", S, rules) == "Q♠"        # void in ♦: must trump
    assert plays("A♥ 9♥ K♣ Q♠", "K♥", S, rules) == "A♥ 9♥ K♣ Q♠"  # can follow: no duty


def test_legal_plays_keeps_hand_order_and_is_subset():
    hand = cs("9♥ K♣ A♥ Q♦ 10♥")
    for rules in (R, TrickRules(must_head=True), TrickRules(must_trump=True)):
        out = legal_plays(hand, cs("J♥"), S, rules)
        assert out and set(out) <= set(hand)
        assert list(out) == [c for c in hand if c in out]


# -- explain_duty ---------------------------------------------------------------------------

def test_explain_duty_keys():
    rules = TrickRules(must_head=True, must_trump=True, must_overtrump=True)
    hand = cs("A♥ 9♥ K♣")
    assert explain_duty(cs("A♥")[0], hand, cs("K♥"), S, rules) is None
    key, why = explain_duty(cs("9♥")[0], hand, cs("K♥"), S, rules)
    assert key == "head" and "A♥" in why
    key, why = explain_duty(cs("K♣")[0], cs("9♥ K♣"), cs("K♥"), S, rules)
    assert key == "follow" and "9♥" in why
    key, why = explain_duty(cs("K♣")[0], cs("K♣ Q♠"), cs("K♥"), S, rules)
    assert key == "trump" and "Q♠" in why
    key, why = explain_duty(cs("9♠")[0], cs("A♥ Q♠ 9♠"), cs("J♦ J♠"), S, rules)
    assert key == "overtrump" and "Q♠" in why
