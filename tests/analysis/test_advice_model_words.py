"""The hint names how its values were found (issue 24: values for three players are named in the
hint): how the solver casts the other players (the adapter's ``solved_as``) or, where each plays
for himself, the rule-based play-outs (``played_out_as``); advise's reason says which."""

import random

import pytest

from cardlab import variants
from cardlab.analysis import adapters
from cardlab.analysis.advice import advise


def _card_play_decision(name: str, seed: int):
    """The views of the first seat with a choice of cards to play, after random play."""
    v = variants.get(name)
    rng = random.Random(seed)
    for attempt in range(50):
        s = v.deal(dealer=0, seed=seed * 100 + attempt)
        states = [s]
        while not s.is_finished:
            legal = s.legal_actions()
            if getattr(s, "phase", "play") == "play" and len({a.kind for a in legal}) == 1 \
                    and legal[0].kind == "play" and len(legal) > 1 and len(s.tricks) >= 1:
                seat = s.to_act
                return [x.view(seat) for x in states if x.to_act == seat] or [s.view(seat)]
            s = s.apply(rng.choice(legal))
            states.append(s)
    raise AssertionError(f"no card-play decision found in {name}")


@pytest.mark.parametrize("name", variants.names(declared=True))
def test_the_hint_says_how_the_other_players_are_cast(name):
    ad = adapters.get(name)
    views = _card_play_decision(name, 7)
    adv = advise(views, seed=1, budget=None, max_samples=6)
    assert adv.valued, adv.reason
    if ad.hint_model == "play-outs":
        assert ad.played_out_as in adv.reason and "solved" not in adv.reason, adv.reason
    elif ad.solved_as:
        assert ad.solved_as in adv.reason, adv.reason
    solved = advise(views, seed=1, budget=None, max_samples=6, model="solver")
    if ad.solved_as:
        assert ad.solved_as in solved.reason, solved.reason
    players = variants.get(name).players
    # a game for more than two must say it: its values depend on how the others are cast
    assert (ad.solved_as is not None) == (players > 2), name


@pytest.mark.parametrize("name", variants.names(declared=True))
def test_the_hint_says_its_values_in_words_a_learner_reads(name):
    """Every value in the reason is said in the game's words: Ninety-Nine's "bid made (1) or not
    (0)" as a chance of making the bid ("a 25 % chance of making your bid"), the others as a
    number and their unit (for the best choice)."""
    ad = adapters.get(name)
    for seed in (7, 8, 9):
        adv = advise(_card_play_decision(name, seed), seed=1, budget=None, max_samples=6)
        assert adv.valued, adv.reason
        assert "(1) or not (0)" not in adv.reason, adv.reason
        if ad.value_words is not None:
            assert ad.value_words(0.38) == "a 38 % chance of making your bid"
            assert adv.reason.count("% chance of making your bid") == (1 if adv.reason.startswith("Every") else 2), \
                adv.reason
        else:
            assert ad.value_unit in adv.reason, adv.reason
