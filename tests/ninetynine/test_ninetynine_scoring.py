"""Scoring of Ninety-Nine: one, two, three and no successes; premiums made and failed; the game
to 99 (ties play on), the revised game of 100 with its bonus, the rubber. Every expected number is
worked out by hand from rules-notes §2.1 (1 point per trick; +30 alone, +20 each for two, +10 each
for three; declare 30, reveal 60, a failed premium paid to each opponent)."""

from pathlib import Path

import pytest

from cardlab import records
from cardlab import ninetynine as nn
from cardlab.players.ninetynine import NinetyNinePlayer

NAMES = ("Ana", "Boris", "Cleo")
DATA = Path(__file__).resolve().parents[2] / "data"
# Ana: nine spades + ♣A K Q; Boris: nine hearts + ♦A K Q; Cleo: ♣J–6 + ♦J–6. Ana is eldest
# (dealer = Cleo) and leads; nobody else holds a spade and nobody can beat her clubs, so Ana
# takes all nine tricks whatever is played: tricks are always 9–0–0.
ANA = "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ A♣ K♣ Q♣"
BORIS = "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ A♦ K♦ Q♦"
CLEO = "J♣ 10♣ 9♣ 8♣ 7♣ 6♣ J♦ 10♦ 9♦ 8♦ 7♦ 6♦"


def played(bids, rules=nn.CLASSIC, premiums=()):
    s = nn.deal_from_hands((ANA, BORIS, CLEO), "Jo" if rules.mode == "classic" else None, rules=rules, dealer=2,
                           names=NAMES)
    for b in bids:
        s = s.apply(b)
    for p in premiums:
        s = s.apply(p)
    while not s.is_finished:
        s = s.apply(s.legal_actions()[0])
    assert s.tricks_won == (9, 0, 0)
    return s


def test_three_successes():
    # Ana ♣AKQ = 9, takes 9; Boris ♦AKQ = 0, takes 0; Cleo ♦J 10 9 = 0, takes 0: all made, +10 each
    s = played(["bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♦ 10♦ 9♦"])
    r = s.result
    assert r.bids == (9, 0, 0) and r.made == (True, True, True) and r.successes == 3
    assert r.scores == (9 + 10, 0 + 10, 0 + 10)
    assert "all three made their bids" in r.explanation


def test_two_successes():
    # Ana lays aside ♠8 7 6 = 3, takes 9: fails; Boris 0/0 and Cleo 0/0 made: +20 each
    s = played(["bid 8♠ 7♠ 6♠", "bid A♦ K♦ Q♦", "bid J♦ 10♦ 9♦"])
    assert s.result.made == (False, True, True)
    assert s.result.scores == (9, 20, 20)


def test_one_success():
    # Cleo lays aside ♣J ♣10 ♦J = 3 + 3 + 0 = 6, takes 0: fails; Boris alone made: +30
    s = played(["bid 8♠ 7♠ 6♠", "bid A♦ K♦ Q♦", "bid J♣ 10♣ J♦"])
    assert s.result.bids == (3, 0, 6) and s.result.made == (False, True, False)
    assert s.result.scores == (9, 30, 0)


def test_no_success():
    # Boris lays aside ♦A ♦K ♥6 = 0 + 0 + 2 = 2, takes 0: everybody fails, no bonus
    s = played(["bid 8♠ 7♠ 6♠", "bid A♦ K♦ 6♥", "bid J♣ 10♣ J♦"])
    assert s.result.successes == 0 and s.result.scores == (9, 0, 0)
    assert "no bonus" in s.result.explanation


def test_failed_bids_stay_hidden_in_seat_views():
    s = played(["bid 8♠ 7♠ 6♠", "bid A♦ K♦ Q♦", "bid J♣ 10♣ J♦"])
    v = s.view(1)                                       # Boris made it; Ana and Cleo failed
    assert v.result.bids == (None, 0, None)
    assert v.shown_bids[1] is not None and v.shown_bids[0] is None and v.shown_bids[2] is None
    assert s.view(0).result.bids == (3, 0, None)        # each seat knows its own bid
    assert "Ana took 9 and did not make the bid" in s.explain()
    assert "bid 3" not in s.explain() and "bid 6" not in s.explain()


# -- premiums -------------------------------------------------------------------------------

REV = nn.REVISED


def test_declaration_made():
    # Ana declares 9 and takes 9; Boris 0/0 made; Cleo 6/0 fails. Two successes: +20 each;
    # Ana's declaration +30: Ana 9 + 20 + 30 = 59, Boris 0 + 20 = 20, Cleo 0.
    s = played(["bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♣ 10♣ J♦"], REV, ["declare", "pass", "pass"])
    assert s.result.premium == (0, "declare")
    assert s.result.scores == (59, 20, 0)


def test_revelation_made_alone_scores_99():
    # The name: 9 tricks bid and won, revealed, the only success: 9 + 30 + 60 = 99 (PBCG)
    s = played(["bid A♣ K♣ Q♣", "bid A♦ K♦ 6♥", "bid J♣ 10♣ J♦"], REV, ["reveal", "pass", "pass"])
    assert s.result.scores == (99, 0, 0)
    assert dict(s.result.parts[0]) == {"9 tricks": 9, "only one to make the bid": 30, "revelation made": 60}


def test_declaration_failed_pays_each_opponent():
    # Ana declares 3 and takes 9: fails. Boris alone made: 0 + 30, + 30 for Ana's failure = 60;
    # Cleo failed her own bid but still receives 30 (rules-notes B-9). Ana: 9.
    s = played(["bid 8♠ 7♠ 6♠", "bid A♦ K♦ Q♦", "bid J♣ 10♣ J♦"], REV, ["declare", "pass", "pass"])
    assert s.result.scores == (9, 60, 30)
    assert "failed: +30 to each opponent" in s.result.explanation


def test_revelation_failed_pays_60_each():
    # Boris reveals a bid of 2 (♦A ♦K ♥6) and takes 0: Ana 9 + 60, Cleo 0 + 60 (both failed their
    # own bids: Ana bid 3, Cleo 6), Boris 0.
    s = played(["bid 8♠ 7♠ 6♠", "bid A♦ K♦ 6♥", "bid J♣ 10♣ J♦"], REV, ["pass", "reveal", "pass"])
    assert s.result.scores == (69, 0, 60)


@pytest.mark.parametrize("bids, tricks, premium, expected", [
    ((2, 3, 4), (2, 3, 4), None, (12, 13, 14)),            # all three: +10 each
    ((2, 3, 4), (2, 3, 4), (2, "reveal"), (12, 13, 74)),   # and Cleo's revelation +60
    # Ana fails a declaration; Boris and Cleo made theirs: Ana 2, Boris 3 + 20 + 30, Cleo 4 + 20 + 30
    ((1, 3, 4), (2, 3, 4), (0, "declare"), (2, 53, 54)),
    ((0, 0, 0), (9, 0, 0), None, (9, 20, 20)),
])
def test_deal_score_table(bids, tricks, premium, expected):
    scores, parts, _ = nn.deal_score(bids, tricks, nn.REVISED, premium, NAMES)
    assert scores == expected
    assert all(sum(v for _, v in p) == x for p, x in zip(parts, scores))


def test_success_bonus_is_an_option():
    scores, _, _ = nn.deal_score((9, 0, 0), (9, 0, 0), nn.CLASSIC.with_options(success_bonus=(40, 25, 15)))
    assert scores == (9 + 15, 15, 15)


# -- the game ---------------------------------------------------------------------------------

def game_of(seeds, rules=nn.CLASSIC):
    g = nn.NinetyNineGame(rules, 0, NAMES)
    finals = []
    for seed in seeds:
        if g.is_over:
            break
        s = g.deal(seed=seed)
        players = [NinetyNinePlayer(seed + i) for i in range(3)]
        while not s.is_finished:
            s = s.apply(players[s.to_act].choose(s.view(s.to_act)))
        g.add(s)
        finals.append(s)
    return g, finals


def test_game_to_99_dealer_rotation_and_totals():
    g, finals = game_of(range(100, 200))
    assert g.is_over
    assert [f.dealer for f in finals] == [i % 3 for i in range(len(finals))]   # the deal passes left
    for s in range(3):
        assert g.totals[s] == sum(f.result.scores[s] for f in finals)
    assert max(g.totals) >= 99 and g.totals.count(max(g.totals)) == 1
    assert g.winner == g.totals.index(max(g.totals))
    # the game ended only after the first deal that took someone to 99
    before = [sum(f.result.scores[s] for f in finals[:-1]) for s in range(3)]
    assert max(before) < 99 or before.count(max(before)) > 1
    with pytest.raises(nn.DealError):
        g.deal(seed=1)
    assert g.goal == "game to 99"
    row = g.rows()[-1]
    assert g.row_summary(row).startswith("Ana +")


def test_tie_at_the_top_plays_on():
    rules = nn.CLASSIC.with_options(target=20)
    g = nn.NinetyNineGame(rules, 2, NAMES)
    # Deal 1: all three succeed: 19, 10, 10 (test_three_successes). Not over: 19 < 20.
    g.add(played(["bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♦ 10♦ 9♦"], rules))
    assert not g.is_over and g.totals == [19, 10, 10]
    # Deals 2 and 3 are dealt by Ana and Boris; build them from the same hands rotated so the
    # holder of the nine spades is eldest each time.
    d2 = nn.deal_from_hands((CLEO, ANA, BORIS), "Jo", rules=rules, dealer=0, names=NAMES)
    for b in ["bid 8♠ 7♠ 6♠", "bid A♦ K♦ Q♦", "bid J♦ 10♦ 9♦"]:   # Boris (spades) fails; Cleo, Ana 0/0
        d2 = d2.apply(b)
    while not d2.is_finished:
        d2 = d2.apply(d2.legal_actions()[0])
    assert d2.result.scores == (20, 9, 20)
    g.add(d2)
    # totals 19 + 20 = 39, 10 + 9 = 19, 10 + 20 = 30: Ana alone on top, over 20
    assert g.totals == [39, 19, 30] and g.is_over and g.winner == 0


def test_tie_at_the_top_continues():
    rules = nn.CLASSIC.with_options(target=10)
    g = nn.NinetyNineGame(rules, 2, NAMES)
    # Two successes of 0 bids: Ana 9, Boris 20, Cleo 20: Boris and Cleo tied at the top
    g.add(played(["bid 8♠ 7♠ 6♠", "bid A♦ K♦ Q♦", "bid J♦ 10♦ 9♦"], rules))
    assert g.totals == [9, 20, 20] and not g.is_over and g.winner is None
    assert "tied at the top" in g.rows()[-1]["note"]


def test_revised_game_bonus_and_trumps_follow_successes():
    rules = nn.REVISED.with_options(target=50)
    g = nn.NinetyNineGame(rules, 2, NAMES)
    d1 = played(["bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♣ 10♣ J♦"], rules, ["declare", "pass", "pass"])
    assert d1.trump is None                                   # first deal: no trump
    g.add(d1)                                                 # 59, 20, 0 (test_declaration_made)
    # Ana 59 ≥ 50 alone on top: she wins and adds the game bonus of 100; nobody else reached 50
    assert g.is_over and g.winner == 0 and g.totals == [159, 20, 0] and g.bonus == (100, 0, 0)
    assert g.previous_successes == 2
    g2 = nn.NinetyNineGame(nn.REVISED, 2, NAMES)
    g2.add(played(["bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♣ 10♣ J♦"], nn.REVISED))
    nxt = g2.deal(seed=3)
    assert nxt.dealer == 0 and nxt.trump.symbol == "♥"        # two successes → hearts
    bad = nn.deal(nn.REVISED, 0, seed=3)                      # dealt as a first deal: no trump
    while not bad.is_finished:
        bad = bad.apply(bad.legal_actions()[0])
    with pytest.raises(nn.DealError, match="trumps"):
        g2.add(bad)


def test_rubber_bonus():
    # A rubber of one game to 50 (rubber_games=1, to check the arithmetic by hand): Ana wins the
    # game with 59 + 100 game bonus; the rubber bonus is 100 × (8 − 1 game played) = 700.
    rules = nn.REVISED.with_options(target=50, rubber_games=1)
    rub = nn.NinetyNineRubber(rules, NAMES, first_dealer=2)
    g = rub.new_game()
    assert g.first_dealer == 2
    g.add(played(["bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♣ 10♣ J♦"], rules, ["declare", "pass", "pass"]))
    rub.add(g)
    assert rub.is_over and rub.winner == 0 and rub.rubber_bonus == 700
    assert rub.totals == (159 + 700, 20, 0)
    with pytest.raises(nn.DealError):
        rub.new_game()


def test_rubber_of_three_games_rotates_the_first_dealer():
    rules = nn.REVISED.with_options(target=40)
    rub = nn.NinetyNineRubber(rules, NAMES, first_dealer=0)
    seed = 0
    while not rub.is_over:
        g = rub.new_game()
        assert g.first_dealer == len(rub.games) % 3         # each player deals first in turn
        while not g.is_over:
            s = g.deal(seed=seed)
            seed += 1
            players = [NinetyNinePlayer(seed + i) for i in range(3)]
            while not s.is_finished:
                s = s.apply(players[s.to_act].choose(s.view(s.to_act)))
            g.add(s)
        rub.add(g)
    n = len(rub.games)
    assert 3 <= n <= 7 and max(rub.wins) == 3 and sum(rub.wins) == n
    assert rub.rubber_bonus == 100 * (8 - n)
    sums = [sum(g.totals[s] for g in rub.games) for s in range(3)]
    sums[rub.winner] += 100 * (8 - n)
    assert list(rub.totals) == sums


def test_game_record_round_trip(tmp_path):
    g, finals = game_of(range(300, 400))
    rec = records.Record.from_states(finals, title="t", source="test")
    path = tmp_path / "g.json"
    rec.save(path)
    back = records.load(path)
    assert [f.actions() for f in back.replay()] == [f.actions() for f in finals]
    assert back.game().totals == g.totals and back.game().winner == g.winner


def test_revised_game_replays_through_the_deal_next_hook():
    """A revised game's later deals depend on the previous deal (trumps), so a replay must deal
    each one through the game (``deal_next``), as records could do; the same packs and actions
    then give the same trumps and totals."""
    g, finals = game_of(range(500, 600), nn.REVISED)
    assert len(finals) >= 2 and finals[1].trump == nn.SUCCESS_TRUMP[finals[0].result.successes]
    rec = records.Record.from_states(finals)
    again = nn.NinetyNineGame(rec.rules, rec.hands[0].dealer, rec.players)
    for h, f in zip(rec.hands, finals):
        s = again.deal_next(pack=h.pack).apply_all(h.actions)
        assert s.trump == f.trump and s.result == f.result
        again.add(s)
    assert again.totals == g.totals and again.winner == g.winner


def test_revised_game_record_trumps_follow_each_previous_deal():
    """data/n99_revised_game.json stores only packs and actions; trumps are not in the file. The
    replay deals each hand through the game, so each deal's trumps follow from the one before:
    the first at no trump, then 3 successes → ♣, 2 → ♥, 1 → ♠, 0 → ♦ (rules-notes §2.1)."""
    rec = records.load(DATA / "n99_revised_game.json")
    finals = rec.replay()
    by_count = {3: "♣", 2: "♥", 1: "♠", 0: "♦"}                # written out, not nn.SUCCESS_TRUMP
    assert finals[0].trump is None
    assert not finals[0].depends_on_previous_deal and all(f.depends_on_previous_deal for f in finals[1:])
    for before, after in zip(finals, finals[1:]):
        made = sum(b == t for b, t in zip(before.result.bids, before.result.tricks))
        assert after.trump.symbol == by_count[made]
    assert {f.trump.symbol for f in finals[1:]} == {"♣", "♥", "♠", "♦"}   # the sample shows every suit
    # Without the game (a deal on its own) the same pack would be a first deal, at no trump.
    alone = nn.deal(rec.rules, rec.hands[1].dealer, pack=rec.hands[1].pack, names=rec.players)
    assert alone.trump is None and finals[1].trump is not None
    # The game: sums of the deal scores are Ana 104, Boris 105, Cleo 82 after deal 9; Boris wins
    # with the highest total and both Ana and Boris passed 100, so both add 100: 204, 205, 82.
    g = rec.game()
    sums = [sum(f.result.scores[s] for f in finals) for s in range(3)]
    assert sums == [104, 105, 82]
    assert g.winner == 1 and g.totals == [204, 205, 82] and g.bonus == (100, 100, 0)
    assert g.rows()[-1]["note"] == "Boris wins the game; game bonus +100 to Ana and Boris"
    # the Stepper's line for the last deal: Ana 2 + 20, Boris 2 + 20, Cleo 5 (failed), then the bonus
    assert g.row_summary(g.rows()[-1]) == ("Ana +22, Boris +22, Cleo +5 (made: Ana, Boris); "
                                           "game bonus +100 to Ana and Boris")
    # the game was not over after deal 8 (nobody had 100 yet)
    assert max(sum(f.result.scores[s] for f in finals[:-1]) for s in range(3)) < 100


def test_game_refuses_bad_deals_and_leaves_the_score_unchanged():
    g = nn.NinetyNineGame(nn.CLASSIC, 2, NAMES)
    unfinished = nn.deal_from_hands((ANA, BORIS, CLEO), "Jo", dealer=2, names=NAMES)
    with pytest.raises(nn.DealError, match="finished"):
        g.add(unfinished)
    wrong_dealer = nn.deal(nn.CLASSIC, 0, seed=4, names=NAMES)
    while not wrong_dealer.is_finished:
        wrong_dealer = wrong_dealer.apply(wrong_dealer.legal_actions()[0])
    with pytest.raises(nn.DealError, match="99.dealer"):
        g.add(wrong_dealer)
    other_rules = played(["bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♦ 10♦ 9♦"], nn.CLASSIC.with_options(target=50))
    with pytest.raises(nn.DealError, match="other rules"):
        g.add(other_rules)
    assert g.totals == [0, 0, 0] and g.rows() == [] and g.hands == []
    with pytest.raises(nn.DealError):
        nn.NinetyNineGame(nn.CLASSIC, 3, NAMES)


def test_rubber_refuses_games_out_of_turn_unfinished_or_under_other_rules():
    rules = nn.REVISED.with_options(target=50)
    rub = nn.NinetyNineRubber(rules, NAMES, first_dealer=2)
    g = rub.new_game()
    with pytest.raises(nn.DealError, match="finished"):
        rub.add(g)                                            # not played yet
    g.add(played(["bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♣ 10♣ J♦"], rules, ["declare", "pass", "pass"]))
    wrong_turn = nn.NinetyNineGame(rules, 0, NAMES)           # game 1 must be dealt first by seat 2
    d = nn.deal_from_hands((CLEO, ANA, BORIS), None, rules=rules, dealer=0, names=NAMES)
    d = d.apply_all(["bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♣ 10♣ J♦", "declare", "pass", "pass"])
    while not d.is_finished:
        d = d.apply(d.legal_actions()[0])
    wrong_turn.add(d)                                         # Boris: 9 + 20 + 30 = 59 ≥ 50, game over
    assert wrong_turn.is_over and wrong_turn.winner == 1
    with pytest.raises(nn.DealError, match="in turn"):
        rub.add(wrong_turn)
    other = nn.NinetyNineGame(nn.REVISED.with_options(target=40), 2, NAMES)
    other.add(played(["bid A♣ K♣ Q♣", "bid A♦ K♦ Q♦", "bid J♣ 10♣ J♦"], other.rules, ["declare", "pass", "pass"]))
    with pytest.raises(nn.DealError, match="other rules"):
        rub.add(other)
    assert rub.games == [] and rub.wins == [0, 0, 0]
    rub.add(g)
    # game 1 won by Ana (59 + 100); game 2 is dealt first by the next seat to the left, seat 0
    assert rub.wins == [1, 0, 0] and rub.new_game().first_dealer == 0 and not rub.is_over
    with pytest.raises(nn.DealError):
        nn.NinetyNineRubber(rules, NAMES, first_dealer=3)


@pytest.mark.parametrize("bids, tricks, premium, words", [
    ((1, 2), (3, 3, 3), None, "bids must be three"),
    ((1, 2, 10), (3, 3, 3), None, "bids must be three"),
    ((1, 2, 3), (3, 3, 2), None, "adding up to 9"),
    ((1, 2, 3), (3, 3, 3), (3, "declare"), "premium"),
    ((1, 2, 3), (3, 3, 3), (0, "double"), "premium"),
])
def test_deal_score_refuses_impossible_input(bids, tricks, premium, words):
    with pytest.raises(ValueError, match=words):
        nn.deal_score(bids, tricks, nn.REVISED, premium)
