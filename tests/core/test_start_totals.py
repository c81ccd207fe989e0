"""Every score keeper can start from given per-seat totals (a game taken up in the middle: "9 to
10: who wins the game with this hand?"), and refuses totals out of range with a DealError."""

import random

import pytest

from cardlab import mariage3, mariage4, ninetynine, russian501, sixtysix
from cardlab.mariage4_game import EightGame
from cardlab.errors import DealError
from cardlab.ninetynine_game import NinetyNineGame
from cardlab.russian501_game import Russian501Game
from cardlab.sixtysix_game import SixtySixGame


def play_out(state, seed):
    rng = random.Random(seed)
    while not state.is_finished:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_sixty_six_nine_to_ten():
    for seed in range(30):
        g = SixtySixGame(sixtysix.SANTASE, 0, ("Ana", "Boris"), totals=(9, 10))
        assert g.start_totals == (9, 10) and not g.is_over
        final = play_out(g.deal(seed=seed), seed)
        g.add(final)
        res = final.result
        if res.winner is not None:
            want = [9, 10]
            want[res.winner] += res.game_points
            assert g.totals == want
            # Boris needs 1, Ana 2: whoever wins the hand with enough game points wins the game
            assert g.is_over == (want[res.winner] >= 11)
            if g.is_over:
                assert g.winner == res.winner
        assert g.rows()[0][g.names[0]] == g.totals[0]


def test_ninety_nine_and_501_and_mariage_start_where_told():
    g = NinetyNineGame(ninetynine.CLASSIC, 0, ("A", "B", "C"), totals=(90, 40, 0))
    final = play_out(g.deal(seed=1), 1)
    g.add(final)
    assert g.totals == [s + d for s, d in zip((90, 40, 0), final.result.scores)]

    g = Russian501Game(russian501.PAGAT_501, 0, ("A", "B", "C"), scores=(120, 501, 35))
    assert g.start_totals == (120, 501, 35)
    g.add(play_out(g.deal(seed=2), 2))
    assert len(g.rows()) == 1

    g = mariage3.Mariage3Game(mariage3.RUSSIAN_MARIAGE_3, 0, totals=(6, 0, 3), net=(4, -6, 2))
    assert g.standing == [6, 0, 3]
    final = play_out(g.deal(seed=3), 3)
    g.add(final)
    w = final.result.winner
    assert g.totals[w] == (6, 0, 3)[w] + final.result.game_points

    g = EightGame(mariage4.RUSSIAN_4, 0, pips=(7, 2), won=(1, 0))
    assert [e.pips for e in g.eights] == [7, 2] and g.won == [1, 0] and not g.is_over


@pytest.mark.parametrize("make", [
    lambda t: SixtySixGame(sixtysix.SANTASE, 0, totals=t),
    lambda t: NinetyNineGame(ninetynine.CLASSIC, 0, totals=t),
    lambda t: Russian501Game(russian501.PAGAT_501, 0, scores=t),
    lambda t: mariage3.Mariage3Game(mariage3.RUSSIAN_MARIAGE_3, 0, totals=t),
    lambda t: EightGame(mariage4.RUSSIAN_4, 0, pips=t),
])
@pytest.mark.parametrize("bad", [(-1, 0, 0), (1.5, 0, 0), (1,), "ab", 7, (True, 0, 0), (10**6, 0, 0)])
def test_bad_totals_are_refused(make, bad):
    with pytest.raises(DealError, match="whole numbers|one per seat"):
        make(bad)


def test_a_total_at_the_target_is_refused():
    with pytest.raises(DealError, match="from 0 to 10"):
        SixtySixGame(sixtysix.SANTASE, 0, totals=(11, 0))
    with pytest.raises(DealError, match="from 1 to 501"):
        Russian501Game(russian501.PAGAT_501, 0, scores=(0, 501, 501))


def test_mariage3_net_must_balance():
    with pytest.raises(DealError, match="sum to 0"):
        mariage3.Mariage3Game(mariage3.RUSSIAN_MARIAGE_3, 0, net=(1, 1, 0))
