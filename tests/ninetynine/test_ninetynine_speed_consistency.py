"""The fast Ninety-Nine engine agrees with the plain rule statements, step by step.

``NinetyNineState.legal_actions`` builds its list straight from the hand with per-deal lookup
tables (``_deal_tables``: the joker read as the turn-up, suit, bid sort key) and builds the 220
bid actions in C; ``apply`` skips parsing and sorting for an action taken from that list, and
``_play`` finds the trick's winner from the same tables. ``legal_plain`` below states the same rules
the slow, readable way (``_bid_sort_key``, ``tricks.legal_plays`` on ``effective`` cards). Over
thousands of random deals of every rule reading, both must give exactly the same actions in the
same order (the order is what records and the bid-card widget show), every action that is not
legal must be refused with an IllegalActionError naming a rule of ``ninetynine.RULES``, and an
action typed as text must lead to the same state as the action object.
"""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import pytest

from cardlab import JOKER, Suit
from cardlab import ninetynine as nn
from cardlab.actions import Action, play
from cardlab.cards import Card
from cardlab.errors import IllegalActionError
from cardlab.tricks import legal_plays

RULE_SETS = {
    "classic": nn.CLASSIC,
    "classic-club-two-singly": nn.CLASSIC.with_options(wild_card="club-two", deal_packet=1),
    "classic-nine-trumps-premiums": nn.CLASSIC.with_options(nine_turnup_no_trump=False, premiums=True),
    "revised": nn.REVISED,
    "revised-diamonds-first": nn.REVISED.with_options(first_deal_trump="diamonds"),
}

def legal_plain(s: nn.NinetyNineState) -> tuple:
    """The legal actions written out from the plain rule statements (``_bid_sort_key``,
    ``tricks.legal_plays`` on ``effective`` cards): slower, the reference that
    ``legal_actions`` must equal exactly, order included."""
    if s.result is not None:
        return ()
    hand = s.hands[s.to_act]
    if s.phase == "bidding":
        key = nn._bid_sort_key(s.rules.wild, s.joker_as)
        return tuple(Action("bid", None, c) for c in combinations(sorted(hand, key=key), 3))
    if s.phase == "premium":
        offer = s.premium
        if offer is None:
            return (nn.PASS, nn.DECLARE, nn.REVEAL)
        return (nn.PASS, nn.REVEAL) if offer[1] == "declare" else (nn.PASS,)
    if not s.trick:
        return tuple(play(c) for c in hand)
    eff = {s.effective(c): c for c in hand}
    allowed = legal_plays(tuple(eff), tuple(s.effective(c) for c in s.trick), s.trump, nn.TRICK_RULES)
    return tuple(play(eff[c]) for c in allowed)


# Plays of every card of either pack, the premium words, and a bid of three cards nobody can
# hold all of at once in a legal bid list of another phase.
CANDIDATES = ([play(c) for c in nn.PACK_36] + [play(JOKER), play(nn.CLUB_TWO), nn.PASS, nn.DECLARE, nn.REVEAL])


def _state_key(s: nn.NinetyNineState) -> tuple:
    """Everything a state holds that the rules decide (for comparing two routes to a state)."""
    return (s.phase, s.hands, s.bid_cards, s.bids, s.trick, s.tricks, s.tricks_won, s.leader, s.to_act,
            s.premium, s.premium_calls, s.result)


def test_deal_tables_match_the_plain_functions():
    """For every wild card and every card it may stand for, the tables say what stand_in and
    _bid_sort_key say, for every card of the game (the 36, the joker, the ♣2): the same card,
    the same suit, and bid ranks ordered exactly as the sort keys (equal only when the keys are)."""
    cards = list(nn.PACK_36) + [JOKER, nn.CLUB_TWO]
    checked = 0
    for wild in (None, JOKER, nn.CLUB_TWO):
        for joker_as in [None] + list(nn.PACK_36):
            t = nn._deal_tables(wild, joker_as)
            key = nn._bid_sort_key(wild, joker_as)
            keys = {c: key(c) for c in cards}
            for c in cards:
                e = nn.stand_in(c, wild, joker_as)
                assert t.eff[c] == e
                assert t.suit[c] == e.suit
                for d in cards:
                    assert (t.bid_rank[c] < t.bid_rank[d]) == (keys[c] < keys[d])
                    assert (t.bid_rank[c] == t.bid_rank[d]) == (keys[c] == keys[d])
                checked += 1
    assert checked == 3 * 37 * 38


def test_bid_list_order_by_hand():
    """A hand worked by hand: the joker counts as the turn-up 8♥, so it sorts as a heart (bid
    value 2) just after the 8♥ itself would; diamonds (0) come first, high to low, then spades (1),
    hearts (2), clubs (3). C(12, 3) = 220 bids, the first three cards of the order first."""
    s = nn.deal_from_hands(["A♦ 6♦ K♠ 7♠ Q♥ Jo 9♥ 6♥ A♣ 10♣ 7♣ 6♣",
                            "K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ A♠ Q♠ J♠ 10♠ 9♠",
                            "8♠ 6♠ A♥ K♥ J♥ 10♥ 7♥ K♣ Q♣ J♣ 9♣ 8♣"], turnup="8♥", dealer=2)
    assert s.to_act == 0 and s.joker_as == Card.of(Suit.HEARTS, nn.Rank.EIGHT)
    legal = s.legal_actions()
    assert len(legal) == comb(12, 3) == 220
    # sorted: A♦ 6♦ | K♠ 7♠ | Q♥ 9♥ Jo(=8♥) 6♥ | A♣ 10♣ 7♣ 6♣
    assert str(legal[0]) == "bid A♦ 6♦ K♠"
    assert str(legal[1]) == "bid A♦ 6♦ 7♠"
    assert str(legal[-1]) == "bid 10♣ 7♣ 6♣"
    # the joker sits between 9♥ and 6♥: the bid with 9♥ Jo 6♥ is listed in that order, value 2+2+2 = 6
    assert "bid 9♥ Jo 6♥" in [str(a) for a in legal]
    assert nn.bid_value("9♥ Jo 6♥", joker_as="8♥") == 6
    assert legal == legal_plain(s)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_fast_and_plain_rules_agree_at_every_step(name):
    rules = RULE_SETS[name]
    rng = random.Random(name)
    steps = 0
    for seed in range(400):
        prev = None if rules.mode == "classic" or seed % 3 == 0 else seed % 4
        s = nn.deal(rules, dealer=seed % 3, seed=seed, previous_successes=prev)
        while True:
            legal = s.legal_actions()
            assert legal == legal_plain(s)              # same actions, same order
            assert [str(a) for a in legal] == [str(a) for a in legal_plain(s)]
            assert len(set(legal)) == len(legal), "an action is listed twice"
            if s.is_finished:
                assert legal == ()
                break
            assert all(type(a) is Action for a in legal)
            if s.phase == "bidding":
                assert len(legal) == 220                  # C(12, 3)
            if seed % 8 == 0:
                legal_set = set(legal)
                for a in CANDIDATES:
                    if a not in legal_set:
                        with pytest.raises(IllegalActionError) as err:
                            s.apply(a)
                        assert err.value.rule in nn.RULES, f"{a}: unknown rule id {err.value.rule!r}"
            a = rng.choice(legal)
            nxt = s.apply(a)
            if seed % 4 == 1:
                # the same action typed as text (bid cards in another order) gives the same state
                text = str(a)
                if a.kind == "bid":
                    words = text.split()[1:]
                    rng.shuffle(words)
                    text = "bid " + " ".join(words)
                by_text = s.apply(text)
                assert by_text.last_action == a
                assert _state_key(by_text) == _state_key(nxt)
                assert by_text.explain() == nxt.explain()
            elif seed % 4 == 2:
                # an equal Action made afresh (not the listed object; bid cards reversed) takes the
                # checked route through apply and must end in the same state
                if a.kind == "bid":
                    fresh = Action("bid", None, tuple(reversed(a.value)))
                else:
                    fresh = Action(a.kind, a.card, a.value)
                assert fresh is not a
                by_hand = s.apply(fresh)
                assert by_hand.last_action == a
                assert _state_key(by_hand) == _state_key(nxt)
            s = nxt
            steps += 1
    assert steps >= 400 * 30                              # 3 bids (+3 premium calls) + 27 cards a deal


def test_refusals_leave_the_state_unchanged_on_the_fast_path():
    """A refused action (a bid of cards not held, a card of the wrong suit) raises and leaves the
    state and its cached legal list as they were."""
    s = nn.deal(nn.CLASSIC, dealer=0, seed=5)
    before = (_state_key(s), s.legal_actions())
    other = s.hands[(s.to_act + 1) % 3][:3]
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action("bid", None, tuple(other)))
    assert err.value.rule == "99.bid"
    assert (_state_key(s), s.legal_actions()) == before
    # play to the first trick until someone must follow suit and holds a card of another suit
    rng = random.Random(1)
    while s.phase == "bidding":
        s = s.apply(rng.choice(s.legal_actions()))
    found = False
    while not s.is_finished and not found:
        legal = s.legal_actions()
        wrong = [c for c in s.hands[s.to_act] if play(c) not in legal]
        if wrong:
            before = (_state_key(s), legal)
            with pytest.raises(IllegalActionError) as err:
                s.apply(play(wrong[0]))
            assert err.value.rule == "99.follow"
            assert (_state_key(s), s.legal_actions()) == before
            found = True
        s = s.apply(rng.choice(legal))
    assert found


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_playout_takes_texts_and_fresh_actions(name):
    """Ninety-Nine's playout also accepts a choice given as text or as an equal Action made afresh
    (bids written with their cards in any order), and ends as apply() does with the same texts
    (the plain fast-path check over every variant is tests/core/test_fast_path.py)."""
    rules = RULE_SETS[name]
    for seed in range(120):
        start = nn.deal(rules, dealer=seed % 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(seed % 7):
            start = start.apply(rng.choice(start.legal_actions()))
        before = (_state_key(start), start.legal_actions())
        text_result = start.playout(lambda legal: str(random.Random(len(legal)).choice(legal)))
        assert (_state_key(start), start.legal_actions()) == before
        s = start
        while not s.is_finished:
            s = s.apply(str(random.Random(len(s.legal_actions())).choice(s.legal_actions())))
        assert text_result == s.result


