"""Random simulation of four-player Mariage hands, checking invariants at every step.

2,400 seeded hands: half with a uniformly random player (which reaches contracts, three nines
and redeal claims), half with a player that passes in the announcing so that normal play to 66
is reached; a third of them under each of three rule sets (the rules-notes reading, the literal
one, and one with every other option switched). At every state: the 24 cards are accounted for
exactly once (hands, undealt cards, the trick, completed tricks, cards set aside or thrown in);
the legal list is non-empty while the hand runs and empty at the end; each pair's card points
equal the points of the cards in its tricks; seat views show a seat its own hand and hide every
other seat's unshown cards (the partner's too), and every card an explanation names is public.
At the end: a normal hand played to the last trick holds 120 card points; the game points follow
3 / 2 / 1 from the card points and tricks; the record round-trips through JSON.
"""

import random
import re

from cardlab import PACK_24, parse_card, records
from cardlab import mariage4 as m4
from cardlab.mariage4_game import EightGame
from cardlab.mariage4 import RUSSIAN_4
from cardlab.pack24 import CARD_POINTS
from cardlab.players.mariage4 import Mariage4Player

PACK = set(PACK_24)


def all_cards(s):
    cards = [c for h in s.hands for c in h] + list(s.undealt) + list(s.trick)
    cards += [c for t in s.tricks for _, c in t.cards]
    cards += [c for a in s.aside for c in a]
    return cards


def check_state(s, deep):
    cards = all_cards(s)
    assert len(cards) == 24 and set(cards) == PACK, (s, sorted(cards))
    legal = s.legal_actions()
    assert bool(legal) == (not s.is_finished)
    for pair in (0, 1):
        pts = sum(CARD_POINTS[c.rank] for t in s.tricks if t.winner % 2 == pair for _, c in t.cards)
        assert s.card_points[pair] == pts
    if s.phase == "play" and s.contract is None and s.result is None:
        assert max(s.pair_points(0), s.pair_points(1)) < 66       # a pair at 66 stops the play at once
    if deep:
        for seat in range(4):
            v = s.view(seat)
            assert v.hand == s.hands[seat]
            assert not set(v.hand) & set(v.unseen)
            for other in range(4):
                if other != seat:
                    hidden = [c for c in s.hands[other] if c not in s.shown[other]]
                    assert set(hidden) <= set(v.unseen)
                    assert set(v.known[other]) <= set(s.hands[other])
                    public = {s.trump_turned} | set(s.nines["nines"] if s.nines else ())
                    if v.nines and v.nines["left"] is not None:   # placed cards, shown after the nines
                        public |= {c for c, _ in v.nines["placed"].values()}
                    for c in s.aside[other]:                # face down, unless shown before
                        assert c in v.unseen or c in public
            assert (v.legal_actions == legal) if s.to_act == seat else v.legal_actions == ()
        for a in legal[:6]:
            s.apply(a)                                  # every legal action applies
        # the explanation is public: every card it names is one every seat may see
        for text in re.findall(r"(?:10|[AKQJ9])[♣♦♥♠]", s.explain()):
            card = parse_card(text)
            for seat in range(4):
                v = s.view(seat)                        # a nine shown at the cut is seen, then cut away
                assert card not in v.unseen or card in v.bottom_cards, (s.explain(), seat)


def check_result(s):
    r = s.result
    if r.reason == "66":
        aw = r.awards[-1]
        win, lose = aw.pair, 1 - aw.pair
        assert r.pair_points[win] >= 66
        if r.pair_tricks[lose] == 0:
            expected = 3
        elif s.rules.scoring == "literal":
            expected = 1
        else:
            expected = 2 if r.pair_points[lose] < 33 else 1
        assert aw.points == expected
    if s.phase == "over" and s.contract is None and len(s.tricks) == 6 and r.reason in ("last_trick", "66"):
        assert sum(s.card_points) == 120
        if r.reason == "last_trick":
            assert max(r.pair_points) < 66 and r.awards[-1].pair == s.tricks[-1].winner % 2
    if s.contract is not None and r.reason in m4.CONTRACTS:
        name, d = s.contract
        made = all(t.winner == d for t in s.tricks) and not s.hands[d]
        assert r.awards[-1].pair == (d % 2 if made else 1 - d % 2)


def choose(rng, s, passer):
    legal = s.legal_actions()
    if passer and s.phase == "announce" and rng.random() < 0.9:
        return m4.PASS
    return rng.choice(legal)


OTHER = RUSSIAN_4.with_options(partner_can_meld=True, must_head=True, contract_trumps=True, nines_from_partner=True,
                               five_aside="last", redeal_dealer="next", cutter="left", opponents_set_aside=False,
                               marriage_needs_trick=False, overcall="other_pair", contract_after_nines="not_declarer",
                               nine_cut_award="cutters", false_claim="play_on")
RULE_SETS = (RUSSIAN_4, m4.LITERAL, OTHER)


def test_random_hands_keep_every_invariant():
    counts = {}
    played_out = 0
    for seed in range(2400):
        rng = random.Random(seed)
        s = m4.deal(RULE_SETS[seed % 3], dealer=seed % 4, seed=seed)
        deep = seed % 10 == 0
        check_state(s, deep)
        while not s.is_finished:
            s = s.apply(choose(rng, s, passer=seed % 2 == 1))
            check_state(s, deep)
        check_result(s)
        counts[s.result.reason] = counts.get(s.result.reason, 0) + 1
        if s.contract is None and len(s.tricks) == 6:
            played_out += 1
        if seed % 8 == 0:
            rec = records.loads(records.Record.from_state(s).to_json())
            final = rec.replay()[0]
            assert [str(a) for a in final.actions()] == [str(a) for a in s.actions()]
            assert final.result == s.result and final.hands == s.hands
    # every kind of ending was reached
    for reason in ("66", "last_trick", "redeal", "nine_cut", "five", "six", "coat", "suit", "false_claim"):
        assert counts.get(reason, 0) > 0, (reason, counts)
    assert played_out > 50


def test_games_of_rule_based_players_score_on_the_eight():
    for seed in range(6):
        g = EightGame(RUSSIAN_4, seed % 4)
        players = [Mariage4Player(seed * 10 + i) for i in range(4)]
        finals = []
        k = 0
        while not g.is_over:
            s = g.deal(seed=seed * 1000 + k)
            k += 1
            while not s.is_finished:
                s = s.apply(players[s.to_act].choose(s.view(s.to_act)))
            before = [list(g.eights), list(g.won)]
            g.add(s)
            finals.append(s)
            for pair in (0, 1):
                assert 0 <= g.eights[pair].pips < RUSSIAN_4.pips or g.is_over
                assert g.won[pair] >= before[1][pair]
            assert k < 200
        assert max(g.won) == RUSSIAN_4.eights_to_win
        rec = records.loads(records.Record.from_states(finals).to_json())
        assert rec.game().rows() == g.rows()
