"""The "eight": the score model, its arithmetic on a game (carry-over, fur coat, suit) and its SVG."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.mariage4_game import MAX_PIPS, Eight, EightGame
from cardlab.mariage4 import RUSSIAN_4, Award
from cardlab.render.mariage4 import PIP_ORDER, eight_svg, eights_html


def test_uncover_returns_the_surplus():
    e, surplus = Eight(5).uncover(2)
    assert (e.pips, surplus, e.full) == (7, 0, False)
    e, surplus = Eight(5).uncover(6)          # 5 + 6 = 11: 8 fit, 3 over
    assert (e.pips, surplus, e.full) == (8, 3, True)
    with pytest.raises(ValueError):
        Eight(9)
    with pytest.raises(ValueError):
        Eight(0, lining=True)                  # a lining only comes with a coat
    with pytest.raises(ValueError):
        Eight(1).uncover(-1)


def test_the_renderer_places_every_pip_an_eight_can_have():
    """The score keeper says how many pips an eight card has; the renderer, which reads an
    eight through its attributes only, has a place for each."""
    assert len(PIP_ORDER) == MAX_PIPS == RUSSIAN_4.pips
    assert pips(eight_svg(Eight(2, MAX_PIPS))) == (2, MAX_PIPS - 2)


def pips(svg):
    return (len(re.findall(r'class="cardlab-pip cardlab-uncovered"', svg)),
            len(re.findall(r'class="cardlab-pip cardlab-covered"', svg)))


def test_svg_uncovers_as_many_pips_as_points():
    for n in range(9):
        svg = eight_svg(Eight(n))
        assert pips(svg) == (n, 8 - n)
        assert f'data-pips="{n}"' in svg and svg.startswith('<svg') and 'class="cardlab-eight"' in svg
        assert ('class="cardlab-cover"' in svg) == (n < 8)
    plain = eight_svg(Eight(3))
    coat = eight_svg(Eight(3, coat=True))
    suit = eight_svg(Eight(3, coat=True, lining=True))
    assert "cardlab-coat" not in plain and "cardlab-coat" in coat and "cardlab-lining" not in coat
    assert "cardlab-coat" in suit and "cardlab-lining" in suit and 'data-lining="1"' in suit
    assert "&lt;b&gt;" in eight_svg(Eight(1), label="<b>")   # labels are escaped
    html = eights_html([Eight(2), Eight(5)], ["Ana & Cleo", "Boris & Dan"], won=(1, 0))
    assert html.count("cardlab-eight\"") == 2 and "1 eight won" in html and "0 eights won" in html


def test_surplus_is_carried_to_the_next_eight():
    g = EightGame(RUSSIAN_4)
    notes = g.add_awards([Award(1, 5, "five", ""), Award(0, 2, "66", ""), Award(1, 6, "six", "")])
    # Boris & Dan: 5 + 6 = 11 -> the eight is won and 11 - 8 = 3 go on the new eight;
    # Ana & Cleo's 2 pips go with the old eight.
    assert g.won == [0, 1] and g.eights[1].pips == 3 and g.eights[0].pips == 0
    assert notes == ["Boris & Dan win eight no. 1, carrying 3 to the next"]


def test_carry_over_options():
    never = EightGame(RUSSIAN_4.with_options(carry_over="never"))
    never.add_awards([Award(1, 5, "five", ""), Award(1, 6, "six", "")])
    assert never.won == [0, 1] and never.eights[1].pips == 0
    six_only = EightGame(RUSSIAN_4.with_options(carry_over="six_only", eights_to_win=5))
    six_only.add_awards([Award(0, 7, "five", ""), Award(0, 3, "66", "")])    # 10: 2 over, not from "six"
    assert six_only.won == [1, 0] and six_only.eights[0].pips == 0
    six_only.add_awards([Award(0, 7, "five", ""), Award(0, 6, "six", "")])   # 13: 5 over, from "six"
    assert six_only.won == [2, 0] and six_only.eights[0].pips == 5


def test_fur_coat_and_suit_marks():
    g = EightGame(RUSSIAN_4)
    g.add_awards([Award(0, 2, "66", "")])
    g.add_awards([Award(0, 8, "coat", "", True, "coat")])
    # Ana & Cleo win the eight outright (their 2 pips do not matter); a coat on Boris & Dan's eight
    assert g.won == [1, 0] and g.marks == [[], ["coat"]]
    winners, losers = g.last_finished
    assert winners.full and losers.coat and not losers.lining
    assert g.eights[0].pips == 0 and not g.eights[1].coat          # both start a new eight
    g.add_awards([Award(1, 8, "suit", "", True, "suit")])
    # a suit: coat and lining on Ana & Cleo's eight; Boris & Dan win an eight; 1-1
    assert g.won == [1, 1] and g.marks == [["suit"], ["coat"]]
    assert g.last_finished[0].coat and g.last_finished[0].lining


def test_the_game_ends_at_the_eights_to_win():
    g = EightGame(RUSSIAN_4)                      # first pair to 2 eights
    g.add_awards([Award(0, 8, "coat", "", True, "coat"), Award(0, 6, "six", ""), Award(0, 3, "66", "")])
    # 8 (whole eight), then 6 + 3 = 9: a second eight -> game over; the surplus is not carried
    assert g.won == [2, 0] and g.is_over and g.winner == 0
    assert g.add_awards([Award(1, 5, "five", "")]) == [] and g.won == [2, 0]


def test_goal_and_row_summary_for_the_stepper():
    g = EightGame(RUSSIAN_4)
    assert g.goal == "eights of 8 pips, first pair to 2 eights"
    assert g.row_summary({"how": "redeal", "awards": "—", "note": ""}) == "redeal, no score"
    assert g.row_summary({"how": "66", "awards": "Ana & Cleo +2", "note": ""}) == "Ana & Cleo +2"


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 6)), max_size=40))
def test_eight_arithmetic_matches_a_plain_count(awards):
    """Uncovering, winning an eight and carrying the surplus, against a plain count: each pair's
    pips grow by its points; at 8 or more the pair wins an eight, both restart at 0, and the
    winner keeps the surplus (at most 7)."""
    g = EightGame(RUSSIAN_4.with_options(eights_to_win=50))
    pips, won = [0, 0], [0, 0]
    for pair, n in awards:
        g.add_awards([Award(pair, n, "66", "")])
        pips[pair] += n
        if pips[pair] >= 8:
            won[pair] += 1
            surplus = pips[pair] - 8
            pips = [0, 0]
            pips[pair] = min(surplus, 7)
        assert [e.pips for e in g.eights] == pips and g.won == won


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 6), st.sampled_from((None, "coat", "suit"))),
                max_size=40))
def test_whole_eight_awards_and_marks_match_a_plain_count(awards):
    """Plain awards mixed with won fur coats and suits (coat_rule="win_eight"): a coat or suit wins
    the winners' eight outright whatever their pips (no surplus to carry), both pairs restart,
    and the losers' finished eight carries the coat (and, for a suit, the lining)."""
    g = EightGame(RUSSIAN_4.with_options(eights_to_win=50))
    pips, won, marks = [0, 0], [0, 0], [[], []]
    for pair, n, mark in awards:
        if mark is None:
            g.add_awards([Award(pair, n, "66", "")])
            pips[pair] += n
            if pips[pair] >= 8:
                won[pair] += 1
                surplus = pips[pair] - 8
                pips = [0, 0]
                pips[pair] = min(surplus, 7)
        else:
            g.add_awards([Award(pair, 8, mark, "", True, mark)])
            won[pair] += 1
            marks[1 - pair].append(mark)
            pips = [0, 0]
            winners, losers = g.last_finished[pair], g.last_finished[1 - pair]
            assert winners.full and losers.coat and losers.lining == (mark == "suit")
        assert [e.pips for e in g.eights] == pips and g.won == won and g.marks == marks
        assert not any(e.coat for e in g.eights)        # marks go with the finished eight
