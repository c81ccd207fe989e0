"""Random simulation of 501 hands (three and four at the table, every preset), checking
invariants at every step, in the spirit of OpenSpiel's random-simulation tests (design-notes.md).

At every state: the 24 cards are each in exactly one place (a hand, the face-down prikup, the
trick, a completed trick); the legal list is non-empty while the hand runs and empty when it is
over; in the play it equals an oracle of the seed's duties written here (follow suit, else trump,
else anything); card points equal the points of the cards in the completed tricks; seat views
show a seat its own cards only once it has looked, never another hand's face-down cards, and
``unseen`` is exactly the complement of what the seat sees. At the end: a played hand holds 120
card points; the result's score changes follow the seed's arithmetic, recomputed here; the
record round-trips through JSON to the same final state. Whole games check the running scores
(the 100-or-less rule applied from the score at the start of each hand).

Deterministic: seeded loops.
"""

import random

import pytest

from cardlab import PACK_24, Action, IllegalActionError, Rank, Suit, records
from cardlab import russian501 as p501
from cardlab.players.russian501 import Russian501Player

POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}
PACK = set(PACK_24)
PRESETS = list(p501.PRESETS.values())


class Chooser:
    """Random but sensible choices, so that auctions end at all sorts of bids: look or bid blind,
    pass 40 % of the time, bid one of the next 8 bids; concede 10 % of the time, else a random trump
    (or no trump) and one of the lowest 15 contracts; uniform among cards otherwise."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def __call__(self, legal):
        rng = self.rng
        kinds = {a.kind for a in legal}
        if "look" in kinds or "bid" in kinds:
            r = rng.random()
            bids = [a for a in legal if a.kind in ("bid", "blind")]
            if "look" in kinds and r < 0.7:
                return legal[0]
            if r < 0.45 or not bids:
                return next(a for a in legal if a.kind == "pass")
            return rng.choice(bids[:8])
        if "concede" in kinds:
            if rng.random() < 0.1:
                return legal[0]
            trump = rng.choice(sorted({str(a.value[0]) for a in legal[1:]}))
            options = [a for a in legal[1:] if str(a.value[0]) == trump]
            return rng.choice(options[:15])
        return rng.choice(legal)


def oracle_plays(s):
    """The cards the seed allows (P501 'The Play'), written independently of cardlab.tricks."""
    hand = s.hands[s.to_act]
    if not s.trick:
        if s.pending_marriage is not None:     # the marriage declared: its K or Q is led
            return {c for c in hand if c.suit == s.pending_marriage and c.rank in (Rank.KING, Rank.QUEEN)}
        return set(hand)
    led = s.trick[0].suit
    same = {c for c in hand if c.suit == led}
    if same:
        return same
    if s.trump is not None:
        trumps = {c for c in hand if c.suit == s.trump}
        if trumps:
            return trumps
    return set(hand)


def check_state(s):
    n = len(s.names)
    # 1. every card exactly once
    places = [c for h in s.hands for c in h]
    if not s.prikup_up:
        places += list(s.prikup)
    places += list(s.trick)
    places += [c for t in s.tricks for _, c in t.cards]
    assert len(places) == 24 and set(places) == PACK
    # 2. legal actions
    legal = s.legal_actions()
    if s.is_finished:
        assert legal == () and s.to_act is None
    else:
        assert legal and s.to_act in s.active
        if s.phase == "play":
            cards = {a.card for a in legal if a.kind == "play"}
            assert cards == oracle_plays(s)
            for a in legal:
                if a.kind == "marriage":
                    kq = {c for c in s.hands[s.to_act] if c.suit == a.value and c.rank in (Rank.KING, Rank.QUEEN)}
                    assert not s.trick and s.pending_marriage is None and len(kq) == 2
    # 3. card points
    for seat in range(n):
        took = [t for t in s.tricks if t.winner == seat]
        pts = sum(POINTS[c.rank] for t in took for _, c in t.cards)
        if len(s.tricks) == 8 and s.tricks[-1].winner == seat:
            pts += s.rules.last_trick_bonus
        assert s.card_points[seat] == pts
        assert s.tricks_won[seat] == len(took)
        assert s.points(seat) == pts + (s.marriage_points[seat] if took else 0)
    # 4. hand sizes
    if s.phase == "play":
        sizes = sorted(len(s.hands[x]) for x in s.active)
        k = 8 - len(s.tricks)
        assert sizes[0] >= k - 1 and sizes[-1] <= k
    for seat in range(n):
        if seat not in s.active:
            assert s.hands[seat] == ()
    # 5. seat views
    for seat in range(n):
        v = s.view(seat)
        assert v.hand == (s.hands[seat] if s.looked[seat] else ())
        seen = set(v.hand)
        for other in range(n):
            if other == seat:
                continue
            assert set(v.known[other]) <= set(s.hands[other])
            for c in v.known[other]:
                # known only if shown to all, or passed by this seat as the bidder
                assert c in s.shown[other] or (seat == s.bidder and (other, c) in s.given)
            seen |= set(v.known[other])
        # once the bidder has passed a card face down, an opponent knows of the bidder's hand only
        # the partners of marriages he declared (no prikup card: one may have gone to the other
        # opponent)
        if s.given and seat != s.bidder:
            partners = {c for m_seat, suit, _ in s.marriages if m_seat == s.bidder
                        for c in PACK if c.suit == suit and c.rank in (Rank.KING, Rank.QUEEN)}
            assert set(v.known[s.bidder]) <= partners
        seen |= set(v.trick) | {c for t in v.tricks for _, c in t.cards}
        assert set(v.unseen) == PACK - seen
        if not s.prikup_up:
            assert set(s.prikup) <= set(v.unseen)
        assert v.legal_actions == (legal if s.to_act == seat else ())


def check_result(s):
    r = s.result
    n = len(s.names)
    assert s.phase == "over"
    if r.outcome == "thrown_in":
        assert r.changes == (0,) * n and s.bidder is None and len(s.auction) >= 3
        assert all(a.kind == "pass" for _, a in s.auction[-3:])
        return
    b = r.bidder
    mult = 2 if r.blind else 1
    opps = [x for x in s.active if x != b]
    for x in range(n):                          # the dealer sitting out (four at the table): untouched
        if x not in s.active:
            assert r.changes[x] == 0 and r.points[x] == 0 and r.tricks[x] == 0
    if r.outcome == "conceded":
        assert r.changes[b] == r.bid * mult
        assert all(r.changes[o] == -s.rules.concession_credit for o in opps)
        assert s.tricks == ()
        return
    assert sum(r.card_points) == 120 + s.rules.last_trick_bonus
    assert len(s.tricks) == 8 and all(len(s.hands[x]) == 0 for x in range(n))
    valid = [sum(m[2] for m in s.marriages if m[0] == x) if s.tricks_won[x] else 0 for x in range(n)]
    assert list(r.marriage_points) == valid
    pts = [r.card_points[x] + valid[x] for x in range(n)]
    assert list(r.points) == pts
    assert r.made == (pts[b] >= r.contract)
    assert r.changes[b] == (-1 if r.made else 1) * r.contract * mult
    for o in opps:
        assert r.changes[o] == -(pts[o] if s.rules.opponent_marriages_count else r.card_points[o])
    assert r.contract >= r.bid


def play_hand(rules, names, dealer, seed, check_every=True):
    s = p501.deal(rules, dealer, seed=seed, names=names)
    choose = Chooser(seed)
    if check_every:
        check_state(s)
    while not s.is_finished:
        s = s.apply(choose(s.legal_actions()))
        if check_every:
            check_state(s)
    check_state(s)
    check_result(s)
    return s


@pytest.mark.parametrize("block", range(4))
def test_random_hands_with_every_check(block):
    """4 × 550 = 2,200 random hands, all invariants at every step, record round trip."""
    outcomes = set()
    for k in range(550):
        seed = block * 10000 + k
        rules = PRESETS[seed % len(PRESETS)]
        names = ("A", "B", "C", "D")[: 3 + (seed % 5 == 0)]
        s = play_hand(rules, names, seed % len(names), seed)
        outcomes.add(s.result.outcome)
        if k % 5 == 0:
            back = records.loads(records.Record.from_state(s).to_json()).replay()[0]
            assert back.result == s.result and back.hands == s.hands and back.tricks == s.tricks
            assert [str(a) for a in back.actions()] == [str(a) for a in s.actions()]
    assert outcomes == {"made", "failed", "conceded", "thrown_in"}


def test_rule_based_players_see_only_their_view_and_play_legally():
    class Spy(Russian501Player):
        def choose(self, view):
            assert view.legal_actions
            return super().choose(view)

    for seed in range(300):
        names = ("A", "B", "C", "D")[: 3 + (seed % 4 == 0)]
        s = p501.deal(p501.PAGAT_501, seed % len(names), seed=seed, names=names)
        players = [Spy(seed * 4 + i) for i in range(len(names))]
        while not s.is_finished:
            a = players[s.to_act].choose(s.view(s.to_act))
            assert a in s.legal_actions()
            s = s.apply(a)
        check_result(s)


@pytest.mark.parametrize("rules", [p501.PAGAT_501, p501.PAGAT_501.with_options(opponent_can_win_by_tricks=False)],
                         ids=["pagat", "floor-at-1"])
def test_whole_games_score_arithmetic(rules):
    for g_seed in range(6):
        names = ("A", "B", "C", "D")[: 3 + (g_seed % 3 == 0)]
        game = p501.Russian501Game(rules, g_seed % len(names), names)
        seed = g_seed * 1000
        for _ in range(300):
            if game.is_over:
                break
            s = game.deal(seed=seed)
            players = [Russian501Player(seed * 4 + i) for i in range(len(names))]
            while not s.is_finished:
                s = s.apply(players[s.to_act].choose(s.view(s.to_act)))
            before = list(game.scores)
            row = game.add(s)
            r = s.result
            for x, name in enumerate(names):
                want = r.changes[x]
                if r.bidder is not None and x != r.bidder and want < 0:
                    if before[x] <= rules.protect_threshold:
                        want = 0
                    elif not rules.opponent_can_win_by_tricks and before[x] + want < 1:
                        want = 1 - before[x]
                assert row[f"{name} ±"] == want
                assert game.scores[x] == before[x] + want == row[name]
            seed += 1
            if game.is_over:
                w = game.winner
                assert game.scores[w] <= 0 and game.scores[w] == min(game.scores) or (
                    r.made and w == r.bidder)
        assert game.is_over, "a game of 300 hands should have ended"
        rec = records.Record.from_states(game.hands)
        again = records.loads(rec.to_json()).game()
        assert again.scores == game.scores and again.winner == game.winner


def candidate_actions(rng):
    """A pool of actions of every kind, most of them illegal at any given moment."""
    pool = [Action("look"), Action("pass"), Action("take"), Action("concede")]
    pool += [Action(k, None, n) for k in ("bid", "blind") for n in (0, 65, 66, 67, 70, 100, 220, 221, 300)]
    pool += [Action("contract", None, (t, n)) for t in (*Suit, "NT") for n in (60, 66, 90, 221)]
    pool += [Action("give", c) for c in rng.sample(PACK_24, 6)]
    pool += [Action("play", c) for c in PACK_24]
    pool += [Action("marriage", None, suit) for suit in Suit]
    pool += [Action("marriage", c) for c in PACK_24 if c.rank in (Rank.KING, Rank.QUEEN, Rank.ACE)]  # malformed
    return pool


def test_every_refusal_names_a_rule_and_changes_nothing():
    rng = random.Random(5)
    for seed in range(60):
        s = p501.deal(PRESETS[seed % 3], seed % 3, seed=seed, names=("A", "B", "C"))
        choose = Chooser(seed)
        while True:
            legal = set(s.legal_actions())
            snapshot = (s.hands, s.trick, s.tricks, s.auction, s.phase, s.to_act, s.looked, s.given)
            for a in candidate_actions(rng):
                if a in legal:
                    continue
                with pytest.raises(IllegalActionError) as ei:
                    s.apply(a)
                assert ei.value.rule in p501.RULES and ei.value.reason
            assert (s.hands, s.trick, s.tricks, s.auction, s.phase, s.to_act, s.looked, s.given) == snapshot
            if s.is_finished:
                break
            s = s.apply(choose(s.legal_actions()))


def test_a_discard_on_a_trump_lead_is_not_said_to_lack_trumps_twice():
    """"has no ♦ and no trump" is said only when the suit led is not trumps; on a trump lead the
    step says "has no ♦, so discards …" (the words of explain_step, over random hands)."""
    seen = {"trump led": 0, "plain led": 0}
    for seed in range(300):
        rules = PRESETS[seed % len(PRESETS)]
        s = play_hand(rules, ("A", "B", "C"), seed % 3, 10_000 + seed, check_every=False)
        states = records.Record.from_state(s).states()
        for prev, state in zip(states, states[1:]):
            text = state.explain()
            if "so discards" not in text or prev.trump is None or not prev.trick:
                continue
            led = prev.trick[0].suit
            if led == prev.trump:
                seen["trump led"] += 1
                assert "and no trump" not in text, text
            else:
                seen["plain led"] += 1
                assert "and no trump" in text, text
    assert min(seen.values()) > 0, seen
