"""The fast legal-action builder of four-player Mariage agrees with the explained rule checks.

``Mariage4State.legal_actions`` builds the legal actions directly from the phase, the hand and the
trick (``_legal_now``), and ``apply`` skips the explained checks for an action in that list. The
rule checks (``mariage4_words.check``, which give the refusal's rule and reason) remain the statement of the
rules. Over thousands of random hands under several rule sets (all contracts, three nines, redeal
claims, marriages and claims reached), at every step: the fast list equals, in the same order,
the candidates that ``check`` accepts; every other action of the notation is refused by
``apply`` with a rule of ``RULES``. Also: ``Mariage4View`` carries ``leader`` and
``pending_marriage`` as the state has them, and the state copy keeps every attribute.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from cardlab import PACK_24, parse_card
from cardlab import mariage4 as m4
from cardlab import mariage4_words as words
from cardlab import pack24
from cardlab.actions import Action, play
from cardlab.cards import Rank, Suit
from cardlab.errors import IllegalActionError

#: Every action of the notation (cut sizes, every suit and card in each form).
UNIVERSE = (
    [Action("cut", None, n) for n in range(0, 25)]
    + [Action("trump", None, s) for s in Suit] + [m4.TURN, m4.PASS, m4.NINES, m4.ASK_NINE, m4.PLACE_NONE]
    + [Action("redeal", None, k) for k in ("points", "nines", "trumps")]
    + [Action(c) for c in m4.CONTRACTS]
    + [Action("place", c, pos) for c in PACK_24 for pos in ("top", "bottom")]
    + [Action("leave", c) for c in PACK_24 if c.rank == Rank.NINE]
    + [Action("aside", c) for c in PACK_24] + [play(c) for c in PACK_24]
    + [Action(k, None, s) for k in ("marriage", "claim") for s in Suit]
)

OTHER = m4.RUSSIAN_4.with_options(partner_can_meld=True, must_head=True, contract_trumps=True, nines_from_partner=True,
                                  five_aside="last", redeal_dealer="next", cutter="left", opponents_set_aside=False,
                                  marriage_needs_trick=False, overcall="other_pair",
                                  contract_after_nines="not_declarer", nine_cut_award="cutters", false_claim="play_on")
NO_BEAT = m4.RUSSIAN_4.with_options(beatable_rule=False, marriage_on_first_lead=False, redeal_points_below=0,
                                    redeal_nines=False, redeal_trumps=False, nines_from_partner=True)
RULE_SETS = {"russian": m4.RUSSIAN_4, "literal": m4.LITERAL, "other": OTHER, "no_beat": NO_BEAT}


def candidates(s: m4.Mariage4State) -> list[Action]:
    """Every action of the notation that could apply in this phase, in the order of
    ``legal_actions``: filtered through ``words.check`` they are the legal actions."""
    seat = s._to_act
    hand = s.hands[seat]
    ph = s.phase
    if ph == "cut":
        return list(m4.CUT_ACTIONS.values())
    if ph == "trumps":
        return [m4.TRUMP_ACTIONS[x] for x in Suit] + [m4.TURN]
    if ph == "announce":
        return ([m4.PASS] + list(m4.REDEAL_ACTIONS.values()) + [m4.NINES, m4.ASK_NINE]
                + [m4.CONTRACT_ACTIONS[c] for c in m4.CONTRACTS])
    if ph == "nines":
        if seat == s.nines["declarer"]:
            return [Action("leave", c) for c in s.nines["nines"]]
        return [Action("place", c, pos) for c in hand for pos in ("top", "bottom")] + [m4.PLACE_NONE]
    if ph == "give":
        return [Action("aside", c) for c in hand]
    if ph == "play":
        out = [play(c) for c in hand]
        if not s.trick and not s.contract:
            out = [m4.MARRIAGE_ACTIONS[x] for x in Suit] + [m4.CLAIM_ACTIONS[x] for x in Suit] + out
        return out
    return []


def slow_legal(s: m4.Mariage4State) -> tuple:
    """The legal actions as the explained checks give them: candidates filtered by check."""
    if s.is_finished:
        return ()
    return tuple(a for a in candidates(s) if words.check(s, a) is None)


def test_words_name_every_contract():
    """The words module names each contract of the rules module, lowest first (its names stand
    for the contracts where no state is at hand: describe_action, malformed)."""
    assert tuple(words.CONTRACT_NAMES) == m4.CONTRACTS
    assert tuple(words.REDEAL_WORDS) == tuple(m4.REDEAL_ACTIONS)


def choose(rng, s, passer):
    legal = s.legal_actions()
    if passer and s.phase == "announce" and rng.random() < 0.9:
        return m4.PASS
    return rng.choice(legal)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_fast_legal_actions_equal_the_explained_checks(name):
    rules = RULE_SETS[name]
    phases, kinds = set(), set()
    checked = 0
    for seed in range(500):
        rng = random.Random(seed)
        s = m4.deal(rules, dealer=seed % 4, seed=seed)
        while True:
            fast = s.legal_actions()
            assert fast == slow_legal(s), (s, s.explain())        # same actions, same order
            assert len(set(fast)) == len(fast)
            if seed % 10 == 0:                                    # every other action is refused, with a rule id
                for a in UNIVERSE:
                    if a not in fast:
                        with pytest.raises(IllegalActionError) as err:
                            s.apply(a)
                        assert err.value.rule in m4.RULES
            checked += 1
            if s.is_finished:
                break
            phases.add(s.phase)
            a = choose(rng, s, passer=seed % 2 == 1)
            kinds.add(a.kind if a.kind != "redeal" else f"redeal {a.value}")
            s = s.apply(a)
    assert checked > 3500
    # the walk reached every phase and the rare actions (so the comparison covered them)
    assert {"cut", "trumps", "announce", "nines", "play"} <= phases, phases
    assert {"marriage", "three nines", "place", "leave", "six", "coat", "suit"} <= kinds, kinds
    if rules.beatable_rule or rules.five_aside == "last":
        assert "give" in phases or rules is OTHER
    if rules.redeal_points_below:
        assert "redeal points" in kinds


def test_fast_path_apply_gives_the_same_hands_as_the_checked_path():
    """apply skips check for a listed action; replaying the same actions on states whose legal
    list was never built (so every action goes through check first) ends identically."""
    for seed in range(300):
        rng = random.Random(seed)
        rules = list(RULE_SETS.values())[seed % 4]
        s = m4.deal(rules, dealer=seed % 4, seed=seed)
        while not s.is_finished:
            s = s.apply(choose(rng, s, passer=seed % 3 == 0))
        t = m4.deal(rules, dealer=seed % 4, seed=seed)
        for a in s.actions():
            assert words.check(t, a) is None
            t = t.apply(a)
        assert t.result == s.result and t.hands == s.hands and t.tricks == s.tricks and t.aside == s.aside


def test_child_copies_every_attribute():
    s = m4.deal(OTHER, dealer=1, seed=5).apply("cut 9").apply("turn")
    c = s._child(m4.PASS)
    for k in m4._SLOTS + ("rules", "dealer", "names", "pack", "_to_act", "result"):
        assert getattr(c, k) is getattr(s, k) or k == "nines", k
    assert c.parent is s and c.last_action == m4.PASS and c._legal is None


def test_beatable_test_reads_the_suit_order():
    """D-12: a card is beatable if a higher card of its suit is outside the hand. A 10 K Q J 9."""
    hand = m4.parse_cards("A♠ 10♠ K♠ A♥ 10♥ A♣")
    # ♠: A, 10, K held, so K♠ has nothing higher outside; A♥ 10♥, A♣ likewise: nothing beatable
    assert not m4.has_beatable(hand, hand)
    # Q♦ alone: A♦ 10♦ K♦ are outside
    assert m4.has_beatable([parse_card("Q♦")], [parse_card("Q♦")])
    # 10♥ with A♥ outside the hand
    assert m4.has_beatable([parse_card("10♥")], hand[:3])
    # A♣ is never beaten
    assert not m4.has_beatable([parse_card("A♣")], [parse_card("A♣")])


def test_beatable_test_agrees_with_its_plain_statement():
    """has_beatable uses a table of higher cards; the rule written out card by card agrees."""
    strength = m4.RUSSIAN_4.trick_rules.strength

    def plain(cards, own):
        return any(d.suit == c.suit and strength(d) > strength(c) and d not in own for c in cards for d in PACK_24)

    rng = random.Random(12)
    for _ in range(3000):
        own = rng.sample(PACK_24, rng.randint(1, 7))
        cards = own[:rng.randint(0, len(own))]
        assert m4.has_beatable(cards, own) == plain(cards, own), (cards, own)


def test_seat_view_carries_leader_and_pending_marriage():
    # deal_from_hands with dealer 3, so eldest (the first to lead in normal play) is seat 0.
    hands = ["K♥ Q♥ A♠ 9♣ J♣ 10♦", "A♥ 10♥ K♠ Q♠ J♠ 9♠",
             "A♣ 10♣ K♣ Q♣ J♥ 9♥", "A♦ K♦ Q♦ J♦ 9♦ 10♠"]
    s = m4.deal_from_hands(hands, m4.RUSSIAN_4, dealer=3)
    s = s.apply("cut 12").apply("trump ♦")
    for _ in range(4):
        s = s.apply("pass")
    assert s.phase == "play"
    assert all(s.view(seat).leader == 0 and s.view(seat).pending_marriage is None for seat in range(4))
    # trick 1: seat 0 leads 10♦ (trump); seats 1 and 2 hold no ♦ (no trump to play), so any card:
    # 9♠ and J♥; seat 3 follows with A♦, which beats 10♦: seat 3 wins, 10+0+2+11 = 23 for pair 1.
    s = s.apply("10♦").apply("9♠").apply("J♥")
    assert all(s.view(seat).leader == 0 for seat in range(4))   # the trick is running, led by seat 0
    s = s.apply("A♦")
    assert s.tricks[-1].winner == 3 and s.card_points == (0, 23)
    assert all(s.view(seat).leader == 3 for seat in range(4))   # empty trick: the winner is to lead
    # seat 3 announces the trump marriage K♦ Q♦: 40, and pair 1 has a trick, so 23 + 40 = 63 < 66:
    # the play goes on and seat 3 must lead K♦ or Q♦.
    s = s.apply("marriage ♦")
    assert s.pair_points(1) == 63 and not s.is_finished
    for seat in range(4):
        v = s.view(seat)
        assert v.pending_marriage == Suit.DIAMONDS and v.leader == 3
    assert set(s.legal_actions()) == {play(parse_card("K♦")), play(parse_card("Q♦"))}
    s = s.apply("Q♦")
    assert all(s.view(seat).pending_marriage is None and s.view(seat).leader == 3 for seat in range(4))


def test_view_leader_is_the_declarer_in_a_contract():
    for seed in range(400):
        rng = random.Random(seed)
        s = m4.deal(m4.RUSSIAN_4, dealer=seed % 4, seed=seed)
        while not s.is_finished and s.contract is None:
            s = s.apply(rng.choice(s.legal_actions()))
        if s.contract is not None and s.phase == "play" and not s.tricks:
            d = s.contract[1]
            assert all(s.view(seat).leader == d for seat in range(4))
            return
    raise AssertionError("no contract reached in 400 random hands")


def test_seeds_keep_their_packs():
    """A seed deals with pack24's shuffle in this variant's order (``SHUFFLE``, "python"), which is
    random.Random.shuffle itself: the very packs the variant's seeds always dealt (the hand-written
    shuffle it replaced gave these same packs; records, perft counts and set codes rest on them)."""
    assert m4.SHUFFLE == "python"
    for seed in list(range(3000)) + [2**40 + 7, -3, 10**30]:
        pack = list(PACK_24)
        random.Random(seed).shuffle(pack)
        assert pack24.shuffled_pack(seed, order=m4.SHUFFLE) == tuple(pack) == m4.deal(seed=seed).pack, seed
    # fixed packs, written down from the shuffle before pack24 (its first 2000 seeds, hashed)
    assert " ".join(map(str, m4.deal(seed=3).pack)) == ("A♦ J♥ Q♠ K♥ 10♣ 9♣ 10♠ J♦ Q♦ 10♥ 9♠ A♥ Q♣ K♦ K♠ J♠ A♣ "
                                                      "K♣ Q♥ 9♦ J♣ 9♥ A♠ 10♦")
    h = hashlib.sha256()
    for seed in range(2000):
        h.update(" ".join(map(str, m4.deal(seed=seed).pack)).encode() + b"\n")
    assert h.hexdigest() == "7710747c218a3a636536e18990be497cc3931c0f15f3df102b4e51dd600d763f"
