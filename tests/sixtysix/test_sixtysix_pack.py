"""Sixty-six's card points, marriage values and shuffle come from cardlab.pack24, and every seed
keeps the deal it always gave (records, perft counts, notebooks and set codes rest on them).

The expected packs below were written by Sixty-six's own shuffle before it moved to pack24 (a
Fisher-Yates shuffle from the end driven by random.Random.random); the digest covers the packs
of seeds -100 to 4,999.
"""

import hashlib

import pytest

from cardlab import pack24, sixtysix as ss
from cardlab.cards import Suit, parse_cards

EXPECTED = {
    0: "A♣ 9♦ 10♠ 10♣ J♥ J♣ Q♠ Q♥ K♣ 10♥ J♠ Q♣ A♦ A♥ K♦ A♠ 9♠ K♥ 10♦ J♦ 9♣ Q♦ 9♥ K♠",
    1: "9♠ K♣ 10♦ Q♠ J♦ A♥ A♠ Q♥ A♦ J♣ K♥ J♠ K♠ 9♥ A♣ 10♣ 10♥ 9♦ K♦ Q♦ 9♣ J♥ 10♠ Q♣",
    7: "J♥ J♣ 10♥ 9♠ 10♠ J♠ Q♠ 9♦ K♣ A♥ Q♦ 9♣ 9♥ Q♥ A♠ A♣ K♦ K♠ A♦ J♦ 10♣ K♥ Q♣ 10♦",
    12345: "Q♥ 9♣ J♣ 9♦ K♦ 9♥ A♥ 10♥ J♠ 9♠ Q♠ K♥ J♥ 10♠ K♠ 10♣ K♣ J♦ Q♣ 10♦ A♦ A♠ A♣ Q♦",
    -3: "Q♥ Q♠ 9♥ K♣ 10♦ J♥ Q♦ 9♦ A♠ 10♠ 9♠ J♦ A♦ 10♥ Q♣ J♣ K♥ A♣ 10♣ K♠ J♠ K♦ A♥ 9♣",
    2**40 + 3: "10♣ 9♥ A♦ J♠ Q♠ 10♦ J♦ A♣ 10♥ 9♠ 10♠ J♥ Q♥ K♦ Q♣ 9♦ Q♦ J♣ K♥ A♠ K♠ K♣ A♥ 9♣",
}
DIGEST = "ed598322e8d191f76dfae20b48a518458db3e984f89826d2a647f0e9db5fa618"


@pytest.mark.parametrize("seed", list(EXPECTED))
def test_seeded_deal_keeps_its_pack(seed):
    pack = parse_cards(EXPECTED[seed])
    assert ss.deal(seed=seed).pack == pack
    assert ss.deal(ss.RUSSIAN_MARIAGE, dealer=1, seed=seed).pack == pack


def test_packs_of_many_seeds_are_the_old_ones():
    h = hashlib.sha256()
    for seed in range(-100, 5000):
        h.update(" ".join(str(c) for c in ss.deal(seed=seed).pack).encode() + b"\n")
    assert h.hexdigest() == DIGEST


def test_shuffle_is_pack24s():
    assert ss.shuffled_pack is pack24.shuffled_pack


def test_marriage_values_are_pack24s():
    for seed in range(60):
        s = ss.deal(ss.RUSSIAN_MARIAGE, seed=seed)  # Russian: a marriage may be the first lead
        for a in s.legal_actions():
            if a.kind == "marriage":
                after = s.apply(a)
                assert after.marriages[-1] == (s.to_act, a.value, pack24.marriage_points(a.value, s.trump))
    assert {pack24.marriage_points(suit, Suit.HEARTS) for suit in Suit} == {pack24.MARRIAGE_POINTS,
                                                                           pack24.TRUMP_MARRIAGE_POINTS}
