"""Cards and card notation (cardlab.cards).

Rule source for the pack: docs/rules-notes.md §"Shared definitions": 24 cards, A 10 K Q J 9 in
♣ ♦ ♥ ♠; card points A=11, 10=10, K=4, Q=3, J=2, 9=0, 30 per suit, 120 in the pack.
"""

import copy
import pickle

import pytest

from cardlab import JOKER, PACK_24, Card, NotationError, Rank, Suit, format_cards, parse_card, parse_cards
from cardlab.pack24 import CARD_POINTS

ALL_CARDS = [Card.of(s, r) for s in Suit for r in Rank if r != Rank.JOKER]

SUIT_TEXT = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
OUTLINE = {Suit.CLUBS: "♧", Suit.DIAMONDS: "♢", Suit.HEARTS: "♡", Suit.SPADES: "♤"}
LETTER = {Suit.CLUBS: "C", Suit.DIAMONDS: "D", Suit.HEARTS: "H", Suit.SPADES: "S"}
RANK_TEXT = {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J", Rank.TEN: "10",
             **{Rank(n): str(n) for n in range(2, 10)}}


# -- accepted notations --------------------------------------------------------------------

@pytest.mark.parametrize("text, suit, rank", [
    ("A♠", Suit.SPADES, Rank.ACE),
    ("AS", Suit.SPADES, Rank.ACE),
    ("as", Suit.SPADES, Rank.ACE),
    ("aS", Suit.SPADES, Rank.ACE),
    ("10h", Suit.HEARTS, Rank.TEN),
    ("10H", Suit.HEARTS, Rank.TEN),
    ("T♥", Suit.HEARTS, Rank.TEN),
    ("t♥", Suit.HEARTS, Rank.TEN),
    ("♥10", Suit.HEARTS, Rank.TEN),
    ("♥T", Suit.HEARTS, Rank.TEN),
    ("♠A", Suit.SPADES, Rank.ACE),
    ("Q♦", Suit.DIAMONDS, Rank.QUEEN),
    ("qd", Suit.DIAMONDS, Rank.QUEEN),
    ("K♣", Suit.CLUBS, Rank.KING),
    ("kc", Suit.CLUBS, Rank.KING),
    ("J♥", Suit.HEARTS, Rank.JACK),
    ("jh", Suit.HEARTS, Rank.JACK),     # 'j' is a rank here, not the start of 'jo'
    ("9♣", Suit.CLUBS, Rank.NINE),
    ("9c", Suit.CLUBS, Rank.NINE),
    ("c9", Suit.CLUBS, Rank.NINE),       # suit first, letter form
    ("2♦", Suit.DIAMONDS, Rank.TWO),
    # outline suit symbols
    ("A♤", Suit.SPADES, Rank.ACE),
    ("10♡", Suit.HEARTS, Rank.TEN),
    ("Q♢", Suit.DIAMONDS, Rank.QUEEN),
    ("K♧", Suit.CLUBS, Rank.KING),
    ("♡K", Suit.HEARTS, Rank.KING),
    # surrounding blanks and the emoji variation selector are ignored
    ("  A♠  ", Suit.SPADES, Rank.ACE),
    ("10♠\ufe0f", Suit.SPADES, Rank.TEN),
    ("A ♠", Suit.SPADES, Rank.ACE),
])
def test_parse_accepted_notations(text, suit, rank):
    c = parse_card(text)
    assert c.suit is suit
    assert c.rank is rank
    assert c is Card.of(suit, rank)


@pytest.mark.parametrize("text", ["Jo", "jo", "JO", "JK", "jk", "Joker", "JOKER", "🃏", "*"])
def test_parse_joker(text):
    j = parse_card(text)
    assert j is JOKER
    assert j.is_joker
    assert j.suit is None
    assert j.rank is Rank.JOKER
    assert str(j) == "Jo"


def test_joker_is_the_only_joker():
    assert [c for c in ALL_CARDS if c.is_joker] == []
    assert not parse_card("A♠").is_joker


def test_parse_card_returns_a_card_unchanged():
    c = Card.of(Suit.HEARTS, Rank.QUEEN)
    assert parse_card(c) is c


# -- canonical text ------------------------------------------------------------------------

@pytest.mark.parametrize("text, canonical, ascii_", [
    ("as", "A♠", "AS"),
    ("10h", "10♥", "10H"),
    ("T♥", "10♥", "10H"),
    ("♥10", "10♥", "10H"),
    ("q♢", "Q♦", "QD"),
    ("c9", "9♣", "9C"),
    ("Joker", "Jo", "Jo"),
])
def test_canonical_str_and_ascii(text, canonical, ascii_):
    c = parse_card(text)
    assert str(c) == canonical
    assert c.ascii == ascii_
    assert repr(c) == f"Card('{canonical}')"


def test_canonical_str_of_every_card_is_rank_then_symbol():
    for c in ALL_CARDS:
        assert str(c) == RANK_TEXT[c.rank] + SUIT_TEXT[c.suit]
        assert c.ascii == RANK_TEXT[c.rank] + LETTER[c.suit]


def test_round_trip_over_all_cards_and_forms():
    assert len(ALL_CARDS) == 4 * 13
    for c in ALL_CARDS + [JOKER]:
        assert parse_card(str(c)) is c
        assert parse_card(c.ascii) is c
        assert parse_card(c.ascii.lower()) is c
        if not c.is_joker:
            r, s = RANK_TEXT[c.rank], c.suit
            assert parse_card(SUIT_TEXT[s] + r) is c          # suit first
            assert parse_card(r + OUTLINE[s]) is c             # outline symbol
            assert parse_card(LETTER[s].lower() + r.lower()) is c
            if c.rank is Rank.TEN:
                assert parse_card("T" + SUIT_TEXT[s]) is c


def test_suit_and_rank_text():
    assert [str(s) for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert [s.is_red for s in Suit] == [False, True, True, False]
    assert Rank.TEN.label == "10" and Rank.ACE.label == "A" and Rank.JOKER.label == "Jo"


# -- errors --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, words", [
    ("", ["empty"]),
    ("   ", ["empty"]),
    ("A", ["no suit"]),
    ("10", ["no suit"]),
    ("Ax", ["no suit"]),
    ("1♠", ["unknown rank", "'1'"]),
    ("11♠", ["unknown rank", "'11'"]),
    ("Z♠", ["unknown rank", "'z'"]),
    ("B♥", ["unknown rank"]),
    ("AAS", ["unknown rank"]),
])
def test_notation_errors_say_what_is_wrong(text, words):
    with pytest.raises(NotationError) as ei:
        parse_card(text)
    msg = str(ei.value)
    for w in words:
        assert w in msg, msg
    # the error is a ValueError, so plain `except ValueError` catches it
    assert isinstance(ei.value, ValueError)


def test_notation_error_names_the_input():
    with pytest.raises(NotationError, match="'Q'"):
        parse_card("Q")
    with pytest.raises(NotationError, match="'X♥'"):
        parse_card("X♥")


@pytest.mark.parametrize("bad", [None, 5, 3.0, ["A♠"]])
def test_non_text_is_rejected(bad):
    with pytest.raises(NotationError, match="text"):
        parse_card(bad)


def test_bad_card_code():
    with pytest.raises(NotationError):
        Card(1)          # no suit*16 + rank gives 1
    assert Card(3 * 16 + 14) is parse_card("A♠")   # spades = 3, ace = 14


# -- interning and value semantics ---------------------------------------------------------

def test_interning():
    assert parse_card("AS") is parse_card("A♠")
    assert parse_card("as") is parse_card("♠A") is parse_card("A♤")
    assert Card.of(Suit.SPADES, Rank.ACE) is parse_card("AS")
    assert parse_card("10h") is parse_card("T♥") is parse_card("♥10")


def test_copy_and_pickle_keep_identity():
    c = parse_card("Q♦")
    assert copy.copy(c) is c
    assert copy.deepcopy(c) is c
    assert pickle.loads(pickle.dumps(c)) is c
    assert pickle.loads(pickle.dumps(JOKER)) is JOKER


def test_cards_hash_and_compare_as_values():
    a = parse_card("A♠")
    assert {a, parse_card("AS")} == {a}
    assert parse_card("9♣") != parse_card("9♦")
    assert sorted([parse_card("A♠"), parse_card("9♣")])[0] is parse_card("9♣")


# -- several cards -------------------------------------------------------------------------

def test_parse_cards_and_format_cards():
    cs = parse_cards("A♠ 10h, KC  ♦Q")
    assert cs == (parse_card("A♠"), parse_card("10♥"), parse_card("K♣"), parse_card("Q♦"))
    assert format_cards(cs) == "A♠ 10♥ K♣ Q♦"
    assert format_cards(cs, sep=",") == "A♠,10♥,K♣,Q♦"
    assert parse_cards(["as", parse_card("9♥")]) == (parse_card("A♠"), parse_card("9♥"))
    assert parse_cards("") == ()


def test_parse_cards_error_names_position():
    with pytest.raises(NotationError) as ei:
        parse_cards("A♠ 10♥ 1X K♣")
    assert str(ei.value).startswith("card 3:")


# -- the 24-card pack ----------------------------------------------------------------------

def test_pack_24():
    assert len(PACK_24) == 24
    assert len(set(PACK_24)) == 24
    ranks = {Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE}
    for s in Suit:
        assert {c.rank for c in PACK_24 if c.suit is s} == ranks
    assert JOKER not in PACK_24


def test_pack_24_is_worth_120():
    # per suit: A 11 + 10 10 + K 4 + Q 3 + J 2 + 9 0 = 30; four suits = 120
    hand_values = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
    assert {r.label: v for r, v in CARD_POINTS.items()} == hand_values
    assert sum(hand_values[c.rank.label] for c in PACK_24) == 120
    assert sum(CARD_POINTS[c.rank] for c in PACK_24) == 120
