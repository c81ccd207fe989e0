"""Every suit is true (issue 25): ``Suit.CLUBS`` is the integer 0, and before this fix
``if trump:`` read ♣ trumps as "no trump" (ninety_nine.ipynb printed "no trump" for a deal
played with ♣ trumps). ``bool(suit)`` is now True for every suit; "no trump" is ``None``.

The texts that show trumps are checked with ♣ trumps in every variant of the registry (the
test variant included): each one's table, in words and drawn, names ♣ trumps and never says
"no trump". The package has no truth test of a suit left (each "no trump" text tests
``trump is None`` or the rules' ``no_trump`` flag); the compiled kernels take trumps as an int
(``-1``/``-2`` for none) and never test a Suit for truth.
"""

import random

import pytest

from cardlab import Suit, render, variants


@pytest.mark.parametrize("suit", list(Suit))
def test_every_suit_is_true(suit):
    assert bool(suit) is True
    assert (suit or "no trump") is suit
    assert (suit.symbol if suit else "no trump") == suit.symbol


def test_clubs_is_still_the_integer_zero():
    # the integer value is unchanged: kernels, masks and tables index by it
    assert int(Suit.CLUBS) == 0 and Suit(0) is Suit.CLUBS
    assert [int(s) for s in Suit] == [0, 1, 2, 3]
    assert sorted([Suit.SPADES, Suit.CLUBS]) == [Suit.CLUBS, Suit.SPADES]


def test_a_truth_test_on_a_missing_trump_still_reads_no_trump():
    trump = None
    assert (trump.symbol if trump else "no trump") == "no trump"


def _states_with_club_trumps(name, want=3, seeds=200):
    """States of random hands of ``name`` (every preset in turn) whose trumps are ♣."""
    v = variants.get(name)
    presets = list(v.presets.values())
    found = []
    for seed in range(seeds):
        rules = presets[seed % len(presets)]
        rng = random.Random(seed)
        s = v.deal(rules, dealer=seed % v.players, seed=seed)
        for _ in range(200):
            if getattr(s, "trump", None) is Suit.CLUBS and getattr(s, "result", None) is None:
                found.append(s)
                break
            acts = s.legal_actions()
            if not acts or getattr(s, "result", None) is not None:
                break
            s = s.apply(rng.choice(acts))
        if len(found) >= want:
            break
    return found


@pytest.mark.parametrize("name", variants.names())
def test_texts_with_club_trumps_name_clubs(name):
    states = _states_with_club_trumps(name)
    if not states:
        pytest.skip(f"{name} has no trumps in its random hands")
    for s in states:
        text = render.state_text(s)
        assert any("trump" in line.lower() and "♣" in line for line in text.splitlines()), text
        assert "no trump" not in text.lower(), text
        assert "no trump" not in render.state_html(s).lower()
