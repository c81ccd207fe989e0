"""501 scoring, each case worked out by hand: a contract made and failed, blind made and failed
(doubled, including a raised contract), the concession (blind too), the "100 or less" rule for
tricks and for a concession, the opponents' marriages (A-1), four at the table (A-11), the end of
the game and its ties (A-8), a thrown-in hand, the deal passing to the left.

Sources: [P501], docs/rules-notes.md §1.1 "Hand scoring", A-1, A-5 …
A-8, A-11, A-13.

The hand used (see test_russian501_rules.py): A (seat 0, eldest) bids, takes the prikup J♥ J♦ 9♦,
plays spades, gives 9♣ to B and 9♦ to C; then 8 tricks:

    1  A  marriage ♠, K♠ · B 10♠ · C 10♦   -> B  4+10+10 = 24   (A's 40 pending)
    2  B  A♣ · C J♣ · A 9♠ (trumps)     -> A 11+2+0  = 13
    3  A  A♠ · B J♠ · C Q♣              -> A 11+2+3  = 16
    4  A  Q♠ · B 9♣ · C 9♦              -> A  3+0+0  =  3
    5  A  A♥ · B Q♥ · C 10♥             -> A 11+3+10 = 24
    6  A  9♥ · B K♥ · C K♣              -> B  0+4+4  =  8
    7  B  A♦ · C Q♦ · A J♦              -> B 11+3+2  = 16
    8  B  10♣ · C K♦ · A J♥             -> B 10+4+2  = 16
    A: 13+16+3+24 = 56 card points + 40 (trump marriage, A has tricks) = 96
    B: 24+8+16+16 = 64;  C: 0.   56 + 64 + 0 = 120.

In no trump (contract NT 66) the same deal plays (A's marriage worth 20):

    1  A  marriage ♠, K♠ · B 10♠ · C 10♦   -> B 24
    2  B  A♣ · C J♣ · A 9♠ (no trump)   -> B 13
    3  B  10♣ · C Q♣ · A J♦             -> B 10+3+2  = 15
    4  B  J♠ · C 9♦ · A A♠              -> A  2+0+11 = 13
    5  A  Q♠ · B 9♣ · C K♣              -> A  3+0+4  =  7
    6  A  A♥ · B Q♥ · C 10♥             -> A 24
    7  A  9♥ · B K♥ · C K♦              -> B  0+4+4  =  8
    8  B  A♦ · C Q♦ · A J♥              -> B 11+3+2  = 16
    A: 13+7+24 = 44 + 20 = 64;  B: 24+13+15+8+16 = 76;  C: 0.   44 + 76 = 120.
"""

import pytest

from cardlab import russian501 as p501

HANDS = ["A♠ K♠ Q♠ 9♠ A♥ 9♥ 9♣", "10♠ J♠ A♣ 10♣ K♥ Q♥ A♦", "K♣ Q♣ J♣ 10♦ K♦ Q♦ 10♥"]
PRIKUP = "J♥ J♦ 9♦"
NAMES = ("A", "B", "C")
TRUMP_PLAY = ("marriage ♠", "K♠", "10♠", "10♦", "A♣", "J♣", "9♠", "A♠", "J♠", "Q♣", "Q♠", "9♣", "9♦",
              "A♥", "Q♥", "10♥", "9♥", "K♥", "K♣", "A♦", "Q♦", "J♦", "10♣", "K♦", "J♥")
NT_PLAY = ("marriage ♠", "K♠", "10♠", "10♦", "A♣", "J♣", "9♠", "10♣", "Q♣", "J♦", "J♠", "9♦", "A♠",
           "Q♠", "9♣", "K♣", "A♥", "Q♥", "10♥", "9♥", "K♥", "K♦", "A♦", "Q♦", "J♥")


def deal(rules=p501.PAGAT_501, names=NAMES, dealer=2):
    hands = HANDS if len(names) == 3 else [""] + HANDS
    return p501.deal_from_hands(hands, PRIKUP, rules=rules, dealer=dealer, names=names)


def hand(contract="contract ♠ 70", blind=False, rules=p501.PAGAT_501, names=NAMES, dealer=2, play=TRUMP_PLAY):
    auction = ["blind 66"] if blind else ["look", "bid 66"]
    auction += ["look", "pass", "look", "pass", "take"]
    s = deal(rules, names, dealer).apply_all(auction)
    if contract == "concede":
        return s.apply("concede")
    return s.apply_all([contract, "give 9♣", "give 9♦", *play])


# -- one hand ---------------------------------------------------------------------------------

def test_made_contract():
    r = hand().result
    assert r.outcome == "made" and r.bidder == 0 and r.contract == 70 and r.bid == 66
    assert r.card_points == (56, 64, 0)
    assert r.marriage_points == (40, 0, 0)
    assert r.points == (96, 64, 0)                     # 56 + 40
    assert r.tricks == (4, 4, 0)
    assert r.changes == (-70, -64, 0)                  # made: down 70; B down 64; C took nothing


def test_failed_contract():
    r = hand("contract ♠ 100").result
    assert r.outcome == "failed" and r.points[0] == 96   # 96 < 100
    assert r.changes == (100, -64, 0)                  # up by the contract


def test_exactly_the_contract_is_made():
    r = hand("contract ♠ 96").result
    assert r.outcome == "made" and r.changes[0] == -96


def test_blind_made_doubles_the_raised_contract():
    r = hand("contract ♠ 70", blind=True).result
    assert r.blind and r.bid == 66 and r.contract == 70
    assert r.changes == (-140, -64, 0)                 # 2 × 70 (the raise after the prikup counts)


def test_blind_failed_doubles_the_penalty():
    r = hand("contract ♠ 100", blind=True).result
    assert r.changes == (200, -64, 0)                  # 2 × 100 up; the opponents are not doubled


def test_no_trump_failed_marriage_worth_20():
    r = hand("contract NT 66", play=NT_PLAY).result
    assert r.trump is None
    assert r.card_points == (44, 76, 0) and r.marriage_points == (20, 0, 0)
    assert r.points == (64, 76, 0)                     # 44 + 20 = 64 < 66
    assert r.outcome == "failed" and r.changes == (66, -76, 0)


def test_concession_charges_the_bid():
    r = hand("concede").result
    assert r.outcome == "conceded" and r.contract is None
    assert r.changes == (66, -25, -25)                 # up the bid; each opponent as if he took 25


def test_blind_concession_doubles_the_bid():
    r = hand("concede", blind=True).result
    assert r.changes == (132, -25, -25)                # 2 × 66


def test_concession_credit_option():
    r = hand("concede", rules=p501.PAGAT_501.with_options(concession_credit=30)).result
    assert r.changes == (66, -30, -30)


def test_opponent_marriages_count_option():
    # B declares his K♥ Q♥ marriage when he leads trick 2 (instead of the A♣)
    play = ("marriage ♠", "K♠", "10♠", "10♦",               # 1 B wins 4+10+10 = 24
            "marriage ♥", "K♥", "10♥", "A♥",                # 2 B leads K♥ (20); C must follow; A 4+10+11 = 25
            "A♠", "J♠", "Q♣",                          # 3 A 11+2+3 = 16
            "Q♠", "9♣", "9♦",                          # 4 A 3
            "9♠", "Q♥", "J♣",                          # 5 A 0+3+2 = 5
            "9♥", "10♣", "K♣",                         # 6 A 0+10+4 = 14 (nobody else has a heart)
            "J♦", "A♦", "Q♦",                          # 7 B 2+11+3 = 16
            "A♣", "K♦", "J♥")                          # 8 B 11+4+2 = 17
    r = hand("contract ♠ 70", play=play).result
    # B: 24+16+17 = 57 card points + 20 = 77; A: 25+16+3+5+14 = 63 + 40 = 103; 63 + 57 = 120
    assert r.card_points == (63, 57, 0) and r.marriage_points == (40, 20, 0)
    assert r.changes == (-70, -77, 0)
    lit = hand("contract ♠ 70", play=play, rules=p501.PAGAT_501.with_options(opponent_marriages_count=False))
    assert lit.result.changes == (-70, -57, 0)         # the literal reading: card points only


def test_marriage_without_a_trick_does_not_count():
    # A's 40 waits until A has a trick: 0 after trick 1 (won by B), 13 + 40 after trick 2. A hand
    # where the declarer never takes a trick is in data/r501_marriage_lost.json (test_501_widgets).
    s = deal().apply_all(["look", "bid 66", "look", "pass", "look", "pass", "take", "contract ♠ 70", "give 9♣",
                          "give 9♦", "marriage ♠", "K♠", "10♠", "10♦"])
    assert s.tricks_won[0] == 0 and s.points(0) == 0   # the 40 waits for a trick
    s = s.apply_all(["A♣", "J♣", "9♠"])
    assert s.points(0) == 13 + 40


def test_last_trick_bonus_option():
    r = hand(rules=p501.PAGAT_501.with_options(last_trick_bonus=10)).result
    assert r.card_points == (56, 74, 0)                # B took the last trick: 64 + 10


def test_thrown_in_hand():
    s = deal().apply_all(["pass", "pass", "pass"])
    assert s.result.outcome == "thrown_in" and s.result.changes == (0, 0, 0)


# -- score_changes: the 100-or-less rule --------------------------------------------------

def test_opponent_at_100_or_less_subtracts_nothing_for_tricks():
    r = hand().result                                  # changes (-70, -64, 0)
    changes, notes = p501.score_changes(r, [300, 100, 90], p501.PAGAT_501, NAMES)
    assert changes == (-70, 0, 0)                      # B at exactly 100: nothing
    assert "B is at 100" in notes[0]
    changes, _ = p501.score_changes(r, [300, 101, 90], p501.PAGAT_501)
    assert changes == (-70, -64, 0)                    # 101 is above: 101 - 64 = 37, below 100 is fine


def test_bidder_at_100_or_less_still_scores_the_contract():
    changes, notes = p501.score_changes(hand().result, [80, 300, 300], p501.PAGAT_501)
    assert changes == (-70, -64, 0) and notes == ()


def test_opponent_at_100_or_less_subtracts_nothing_for_a_concession():
    changes, _ = p501.score_changes(hand("concede").result, [300, 95, 200], p501.PAGAT_501)
    assert changes == (66, 0, -25)


def test_no_protection_option_and_floor_option():
    r = hand().result
    changes, _ = p501.score_changes(r, [300, 60, 90], p501.PAGAT_501.with_options(protect_threshold=None))
    assert changes == (-70, -64, 0)
    rules = p501.PAGAT_501.with_options(protect_threshold=None, opponent_can_win_by_tricks=False)
    changes, notes = p501.score_changes(r, [300, 60, 90], rules, NAMES)
    assert changes == (-70, -59, 0) and "stops at 1" in notes[0]   # 60 - 59 = 1


# -- the game ---------------------------------------------------------------------------------

def game_after(*finals, rules=p501.PAGAT_501, names=NAMES, first_dealer=2, scores=None):
    g = p501.Russian501Game(rules, first_dealer, names)
    if scores is not None:
        g.scores = list(scores)
    for f in finals:
        g.add(f)
    return g


def test_game_starts_at_501_and_counts_down():
    g = game_after(hand())
    assert g.start_totals == (501, 501, 501)
    assert g.scores == [431, 437, 501]                 # 501-70, 501-64, 501-0
    row = g.rows()[0]
    assert row["A ±"] == -70 and row["A"] == 431 and row["contract"] == "♠ 70" and row["bid"] == "66"
    assert g.goal == "game from 501 down to 0"
    assert g.row_summary(row) == "A bid 66, made ♠ 70"
    assert not g.is_over and g.next_dealer == 0        # the deal passes to the left: 2 -> 0


def test_game_blind_row():
    g = game_after(hand("contract ♠ 100", blind=True))
    assert g.scores == [701, 437, 501]                 # 501 + 200, 501 - 64
    assert g.rows()[0]["bid"] == "66 blind"
    assert g.row_summary(g.rows()[0]) == "A bid 66 blind, failed ♠ 100"


def test_game_protect_rule_uses_the_score_at_the_start_of_the_hand():
    g = game_after(hand(), scores=[300, 100, 150])
    assert g.scores == [230, 100, 150]                 # B at 100 keeps 100
    assert "B is at 100" in g.rows()[0]["note"]
    g = game_after(hand(), scores=[300, 120, 150])
    assert g.scores == [230, 56, 150]                  # 120 - 64 = 56: above 100 at the start


def test_game_ends_at_zero_bidder_made():
    g = game_after(hand(), scores=[70, 300, 300])
    assert g.scores[0] == 0 and g.is_over and g.winner == 0   # 0 or below wins
    with pytest.raises(p501.DealError, match="over"):
        g.deal(seed=1)


def test_successful_bidder_wins_a_tie_at_zero():
    # A at 60 makes 70 -> -10; B at 50 (protect off) takes 64 -> -14: both below 0, B lower,
    # but a successful bidder wins (rules-notes A-8)
    rules = p501.PAGAT_501.with_options(protect_threshold=None)
    g = game_after(hand(rules=rules), scores=[60, 50, 300], rules=rules)
    assert g.scores == [-10, -14, 300] and g.winner == 0


def test_lowest_wins_when_the_bidder_failed():
    # A fails NT 66: up 66. B at 70 takes 76 -> -6; C at 5 takes nothing. Only B is at 0 or below.
    rules = p501.PAGAT_501.with_options(protect_threshold=None)
    g = game_after(hand("contract NT 66", play=NT_PLAY, rules=rules), scores=[200, 70, 5], rules=rules)
    assert g.scores == [266, -6, 5] and g.winner == 1


def test_tie_between_opponents_plays_on():
    # A concedes 66; B and C, both at 20 (protect off), each go down 25 -> -5 and -5: a tie, play on
    rules = p501.PAGAT_501.with_options(protect_threshold=None)
    g = game_after(hand("concede", rules=rules), scores=[300, 20, 20], rules=rules)
    assert g.scores == [366, -5, -5]
    assert not g.is_over and g.winner is None
    # the next hand (dealt by A, seat 0: B eldest) is thrown in: still tied, play on
    nxt = p501.deal(rules, g.next_dealer, seed=1, names=NAMES).apply_all(["pass", "pass", "pass"])
    g.add(nxt)
    assert not g.is_over and g.next_dealer == 1


def test_opponent_can_win_on_tricks_or_stop_at_one():
    rules = p501.PAGAT_501.with_options(protect_threshold=None)
    g = game_after(hand("contract ♠ 100", rules=rules), scores=[300, 60, 300], rules=rules)
    assert g.scores == [400, -4, 300] and g.winner == 1      # A failed; B 60 - 64 = -4 wins
    rules = rules.with_options(opponent_can_win_by_tricks=False)
    g = game_after(hand("contract ♠ 100", rules=rules), scores=[300, 60, 300], rules=rules)
    assert g.scores == [400, 1, 300] and not g.is_over


def test_four_at_the_table_dealer_score_unchanged():
    names = ("D", "A", "B", "C")                        # seat 0 deals and sits out
    f = hand(names=names, dealer=0)
    r = f.result
    assert r.changes == (0, -70, -64, 0)
    g = game_after(f, names=names, first_dealer=0)
    assert g.scores == [501, 431, 437, 501]
    assert g.next_dealer == 1                            # A deals next and sits out
    assert g.rows()[0]["D ±"] == 0 and g.rows()[0]["dealer"] == "D"


def test_game_refuses_a_hand_out_of_turn_or_unfinished():
    g = p501.Russian501Game(p501.PAGAT_501, 0, NAMES)
    with pytest.raises(p501.DealError, match="dealt by A"):
        g.add(hand())                                      # dealt by C (seat 2)
    with pytest.raises(p501.DealError, match="finished"):
        g.add(deal(dealer=0))


def test_score_sheet_and_chart():
    g = game_after(hand(), p501.deal(dealer=0, seed=4, names=NAMES).apply_all(["pass", "pass", "pass"]))
    df = g.score_sheet()
    assert list(df.index) == [1, 2]
    assert list(df["A"]) == [431, 431] and df.loc[2, "outcome"] == "thrown in"
    assert g.row_summary(g.rows()[1]) == "all passed, hand thrown in"
    import matplotlib
    matplotlib.use("Agg")
    ax = g.score_chart()
    assert [tuple(line.get_ydata()) for line in ax.get_lines()[:3]] == [(501, 431, 431), (501, 437, 437),
                                                                        (501, 501, 501)]
