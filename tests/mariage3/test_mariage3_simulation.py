"""Random simulation of three-player Mariage: thousands of seeded random hands under the presets
and under random mixes of the options, checking invariants at every step (design-notes.md, in
the spirit of OpenSpiel's random-simulation tests).

At every state: the 24 cards are accounted for exactly once (hands, cards still to deal, the
trick, the completed tricks); the legal list is non-empty while the hand runs, empty when it is
over, and equal to an independent oracle written from rules-notes §4.2; each completed trick was
won by the card the rules say; card points are the points of the cards in each seat's tricks;
points = card points + marriages once the seat has a trick; in automatic mode no running state has
a player at 66; seat views show only the seat's own hand, the cards shown to the table and the
played cards. At the end: 120 card points when all eight tricks were played; the winner and each
payment follow the rules; the record of every fourth hand (every third under mixed options)
round-trips through JSON to identical states; a sample of illegal actions is refused with a rule
of RULES, leaving the state unchanged. Whole games check the ledger: received totals, net
balances summing to 0, what counts towards the target (received or net), the dealer's rotation,
the end at the target, and the game's record.
"""

import json
import random

import pytest

from cardlab import PACK_24, Card, IllegalActionError, Rank, Suit, records
from cardlab import mariage3 as m
from cardlab.mariage3_game import Mariage3Game
from cardlab.players.mariage3 import Mariage3Player

POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}
ORDER = {Rank.ACE: 6, Rank.TEN: 5, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 1}
PACK = sorted(PACK_24)


def beats(a: Card, b: Card, trump) -> bool:
    """Does ``a`` beat ``b``, the best card so far (of the suit led or a trump)?"""
    if a.suit == b.suit:
        return ORDER[a.rank] > ORDER[b.rank]
    return a.suit == trump


def winner_index(cards, trump) -> int:
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump):
            best = i
    return best


def oracle_follow(hand, trick, trump, rules):
    """The cards a follower may play, from the rules in words (rules-notes §4.2, D-3)."""
    led = trick[0].suit
    same = [c for c in hand if c.suit == led]
    if same:
        trumped = led != trump and any(c.suit == trump for c in trick)
        if rules.must_head and not trumped:
            top = max(ORDER[c.rank] for c in trick if c.suit == led)
            higher = [c for c in same if ORDER[c.rank] > top]
            if higher:
                return set(higher)
        return set(same)
    trumps = [c for c in hand if c.suit == trump]
    if rules.must_trump and trumps:
        if rules.must_overtrump:
            in_trick = [ORDER[c.rank] for c in trick if c.suit == trump]
            if in_trick:
                higher = [c for c in trumps if ORDER[c.rank] > max(in_trick)]
                if higher:
                    return set(higher)
        return set(trumps)
    return set(hand)


def oracle(s, pending):
    if s.trump is None:
        return {f"trumps {x.symbol}" for x in Suit} | {"turn"}
    hand = s.hands[s.to_act]
    if s.trick:
        return {str(c) for c in oracle_follow(hand, s.trick, s.trump, s.rules)}
    if pending is not None:
        return {str(c) for c in hand if c.suit == pending and c.rank in (Rank.KING, Rank.QUEEN)}
    out = {str(c) for c in hand}
    if s.rules.marriages and (s.tricks or s.rules.marriage_on_first_lead):
        for x in Suit:
            if Card.of(x, Rank.KING) in hand and Card.of(x, Rank.QUEEN) in hand:
                out.add(f"marriage {x.symbol}")
    return out


def expected_payment(points, took, scale):
    if not scale:
        return 1
    return 3 if not took else (2 if points < 33 else 1)


class Tracker:
    """What has been shown to the table and which marriage is pending, followed independently."""

    def __init__(self, s):
        self.shown = [set(), set(), set()]
        if s.turnup is not None:
            self.shown[s.turnup_holder].add(s.turnup)
        self.pending = None
        self.marriage_points = [0, 0, 0]

    def step(self, parent, action, child):
        seat = parent.to_act
        if action.kind == "marriage":
            self.pending = action.value
            self.shown[seat] |= {Card.of(action.value, Rank.KING), Card.of(action.value, Rank.QUEEN)}
            self.marriage_points[seat] += 40 if action.value == parent.trump else 20
        elif action.kind == "play":
            self.pending = None
        elif action.kind == "turn":
            self.shown[seat].add(child.turnup)
            assert child.turnup == parent.pack[9] and child.turnup_holder == seat


def check_state(s, tr: Tracker):
    played = [c for t in s.tricks for c in t.played]
    cards = [c for h in s.hands for c in h] + list(s.undealt) + list(s.trick) + played
    assert sorted(cards) == PACK
    legal = s.legal_actions()
    if s.is_finished:
        assert legal == () and s.to_act is None and s.phase == "over"
    else:
        assert legal and s.to_act in (0, 1, 2)
        assert {str(a) for a in legal} == oracle(s, tr.pending)
        assert len(set(legal)) == len(legal)
        assert s.to_act == (s.leader + len(s.trick)) % 3
    for t in s.tricks:
        assert t.winner == (t.leader + winner_index(t.played, s.trump)) % 3
    for i in range(1, len(s.tricks)):
        assert s.tricks[i].leader == s.tricks[i - 1].winner
    for seat in range(3):
        won = [t for t in s.tricks if t.winner == seat]
        assert s.tricks_won[seat] == len(won)
        assert s.card_points[seat] == sum(POINTS[c.rank] for t in won for c in t.played)
        assert s.marriage_points[seat] == tr.marriage_points[seat]
        assert s.points(seat) == s.card_points[seat] + (tr.marriage_points[seat] if won else 0)
    # the 120 card points of the pack: in the tricks taken, or still in play
    unplayed = [c for h in s.hands for c in h] + list(s.undealt) + list(s.trick)
    assert sum(s.card_points) + sum(POINTS[c.rank] for c in unplayed) == 120
    if not s.is_finished and s.rules.going_out == "automatic":
        assert max(s.points(x) for x in range(3)) < 66
    for seat in range(3):
        v = s.view(seat)
        assert v.hand == s.hands[seat] and v.seat == seat
        assert v.legal_actions == (legal if s.to_act == seat else ())
        assert v.hand_sizes == tuple(len(h) for h in s.hands)
        hidden = set(s.undealt)
        for o in range(3):
            assert set(v.known[o]) == tr.shown[o] & set(s.hands[o])
            if o != seat:
                hidden |= set(s.hands[o]) - tr.shown[o]
        assert set(v.unseen) == hidden and len(v.unseen) == len(hidden)
        visible = set(v.hand) | set(v.trick) | {c for t in v.tricks for c in t.played}
        for o in range(3):
            visible |= set(v.known[o])
        assert not visible & hidden and visible | hidden == set(PACK_24)


def check_result(f):
    r = f.result
    rules = f.rules
    p = tuple(f.points(x) for x in range(3))
    assert r.points == p and r.tricks == f.tricks_won
    assert r.payments[r.winner] == 0 and r.game_points == sum(r.payments)
    if len(f.tricks) == 8:
        assert sum(f.card_points) == 120 and not any(f.hands)
    if r.reason == "66":
        assert rules.going_out == "automatic" and p[r.winner] >= 66
        scale = True
    else:
        assert len(f.tricks) == 8
        scale = rules.cards_out_payment == "scale"
        if rules.going_out == "automatic":
            assert max(p) < 66
        if r.reason == "last_trick":
            assert rules.cards_out_rule == "last_trick" and r.winner == f.tricks[-1].winner
        else:
            assert r.reason == "most_points" and rules.cards_out_rule == "most_points"
            tied = [x for x in range(3) if p[x] == max(p)]
            later = [t.winner for t in f.tricks if t.winner in tied][-1]
            assert r.winner == later
    for o in range(3):
        if o != r.winner:
            assert r.payments[o] == expected_payment(p[o], f.tricks_won[o] > 0, scale)


def key(s):
    return (str(s.last_action), s.hands, s.undealt, s.trump, s.turnup, s.trick, s.tricks, s.to_act,
            s.card_points, s.marriage_points, s.marriages, s.pending_marriage, s.result,
            tuple(map(str, s.legal_actions())))


def check_record(f):
    back = records.loads(records.Record.from_state(f).to_json()).replay()[0]
    ha, hb = f.history(), back.history()
    assert len(ha) == len(hb)
    for x, y in zip(ha, hb):
        assert key(x) == key(y)


def try_illegal(s, rng):
    """A few actions that are not legal now: each is refused with a rule of RULES and the state
    is left unchanged."""
    legal = set(s.legal_actions())
    pool = [m.parse_action(str(c)) for c in PACK_24] + [m.parse_action(f"marriage {x.symbol}") for x in Suit] + \
        [m.parse_action(f"trumps {x.symbol}") for x in Suit] + [m.TURN]
    bad = [a for a in pool if a not in legal]
    before = key(s)
    for a in rng.sample(bad, min(3, len(bad))):
        with pytest.raises(IllegalActionError) as e:
            s.apply(a)
        assert e.value.rule in m.RULES
    assert key(s) == before


def play_hand(s, rng, illegal_every=0):
    tr = Tracker(s)
    check_state(s, tr)
    n = 0
    while not s.is_finished:
        if illegal_every and n % illegal_every == 0:
            try_illegal(s, rng)
        a = rng.choice(s.legal_actions())
        nxt = s.apply(a)
        assert nxt.parent is s and nxt.last_action == a and m.parse_action(str(a)) == a
        tr.step(s, a, nxt)
        s = nxt
        check_state(s, tr)
        n += 1
    check_result(s)
    return s


def random_rules(rng):
    return m.RUSSIAN_MARIAGE_3.with_options(
        trump_rule=rng.choice(["dealer_last", "eldest_chooses"]), must_head=rng.random() < 0.5,
        must_trump=rng.random() < 0.8, must_overtrump=rng.random() < 0.5, marriages=rng.random() < 0.9,
        marriage_on_first_lead=rng.random() < 0.7, going_out=rng.choice(["automatic", "play_out"]),
        cards_out_rule=rng.choice(["last_trick", "most_points"]), cards_out_payment=rng.choice(["one", "scale"]))


@pytest.mark.parametrize("preset, n", [("russian", 1600), ("pagat", 400)])
def test_random_hands_of_the_presets(preset, n):
    rules = m.PRESETS[preset]
    rng = random.Random(f"m3-{preset}")
    reasons = set()
    for i in range(n):
        s = play_hand(m.deal(rules, dealer=i % 3, seed=10_000 + i), rng, illegal_every=7 if i % 10 == 0 else 0)
        reasons.add(s.result.reason)
        if i % 4 == 0:
            check_record(s)
    assert reasons == ({"66", "last_trick"} if preset == "russian" else {"most_points"})


def test_random_hands_under_mixed_options():
    rng = random.Random("m3-mixed")
    for i in range(600):
        rules = random_rules(rng)
        s = play_hand(m.deal(rules, dealer=rng.randrange(3), seed=50_000 + i), rng,
                      illegal_every=5 if i % 6 == 0 else 0)
        if i % 3 == 0:
            check_record(s)


def test_heuristic_player_sees_only_its_view_and_plays_legally():
    for i in range(200):
        s = m.deal(m.PRESETS["russian" if i % 2 else "pagat"], dealer=i % 3, seed=7_000 + i)
        players = [Mariage3Player(i + k) for k in range(3)]
        while not s.is_finished:
            v = s.view(s.to_act)
            assert isinstance(v, m.Mariage3View) and v.legal_actions
            a = players[s.to_act].choose(v)
            assert a in s.legal_actions()
            s = s.apply(a)
        check_result(s)


def test_random_games_keep_the_ledger():
    rng = random.Random("m3-games")
    for g_i in range(60):
        rules = m.RUSSIAN_MARIAGE_3.with_options(target=rng.choice([3, 7, 12]),
                                                 next_dealer=rng.choice(["left", "winner"]),
                                                 game_count=rng.choice(["received", "net"]))
        game = Mariage3Game(rules, first_dealer=g_i % 3)
        received, paid = [0, 0, 0], [0, 0, 0]
        finals = []
        seed = 90_000 + 100 * g_i
        while not game.is_over:
            dealer = game.next_dealer
            if finals:
                last = finals[-1]
                assert dealer == (last.result.winner if rules.next_dealer == "winner" else (last.dealer + 1) % 3)
            s = game.deal(seed=seed)
            assert s.dealer == dealer
            s = play_hand(s, rng)
            row = game.add(s)
            finals.append(s)
            seed += 1
            r = s.result
            received[r.winner] += r.game_points
            for x in range(3):
                paid[x] += r.payments[x]
            net = [received[x] - paid[x] for x in range(3)]
            counted = net if rules.game_count == "net" else received
            other = "received" if rules.game_count == "net" else "net"
            assert game.totals == received
            assert game.net == net and sum(game.net) == 0 and game.standing == counted
            assert [row[n] for n in m.SEAT_NAMES] == counted
            assert [row[f"{other} {n}"] for n in m.SEAT_NAMES] == (received if other == "received" else net)
            assert (max(counted) >= rules.target) == game.is_over
        assert game.winner == counted.index(max(counted)) and max(counted) >= rules.target
        assert sum(1 for x in counted if x >= rules.target) == 1
        back = records.loads(records.Record.from_states(finals).to_json()).game()
        assert back.totals == game.totals and back.net == game.net and back.rows() == game.rows()


def test_records_are_plain_json():
    s = m.deal(seed=3)
    s = s.apply_all([str(s.legal_actions()[-1])])
    data = json.loads(records.Record.from_state(s).to_json())
    assert data["variant"] == "mariage-3" and len(data["hands"][0]["pack"]) == 24
