"""Four-player Mariage refuses every action that is not one of ``legal_actions()`` (issue 11).

Before, ``apply`` asked the explained rule checks only when an action was not in the legal list,
and applied it when they found nothing wrong: ``Action("pass", None, 1)`` was applied where only
``pass`` is legal (and the record saved from that state could not be loaded again). Now an
action outside the legal list is refused, with the explained check's rule or ``m4.action``, and
so is one that only equals a legal action (an int for a card, 2.0 or a card for a suit, True for
1). Also: ``points(seat)`` per seat adds up to ``pair_points(pair)``, every action met has a
description, and the result's ``returns`` give each seat its pair's game points.
"""

from __future__ import annotations

import random

import pytest

from cardlab import PACK_24, records
from cardlab import mariage4 as m4
from cardlab.actions import Action
from cardlab.cards import Suit
from cardlab.errors import IllegalActionError, NotationError
from cardlab.variants import ACTION_GROUPS


def fingerprint(s):
    return (s.hands, s.phase, s.to_act, s.awards, s.trick, s.tricks, s.standing, s.passes, s.result,
            s.legal_actions())


def twins(a: Action) -> list[Action]:
    """Actions equal to ``a`` (so ``in legal`` holds) whose payload has the wrong type."""
    out = []
    if a.card is not None:
        out.append(Action(a.kind, int(a.card), a.value))
    if isinstance(a.value, Suit):
        out += [Action(a.kind, a.card, int(a.value)), Action(a.kind, a.card, float(a.value))]
        out += [Action(a.kind, a.card, c) for c in PACK_24 if c == a.value]
    if a.kind == "cut" and a.value == 1:
        out.append(Action("cut", None, True))
    if a.kind == "cut":
        out.append(Action("cut", None, float(a.value)))
    return [t for t in out if t == a]


JUNK = [Action("pass", None, 1), Action("pass", PACK_24[0]), Action("play", None), Action("play", None, 3),
        Action("marriage", None, None), Action("marriage", PACK_24[3]), Action("marriage", None, "x"),
        Action("claim", None, 1.5), Action("trump", None, (None,)), Action("cut", None, [1]), Action("cut", None, 0),
        Action("redeal", None, "x"), Action("redeal", None, ["points"]), Action("place", PACK_24[2], "middle"),
        Action("place", None, "top"), Action("leave", None), Action("aside", None, 2), Action("bid", None, 70),
        Action("trumps", None, Suit.HEARTS), Action("nonsense"), Action("five", None, 1), Action("turn", PACK_24[1])]


@pytest.mark.parametrize("preset", sorted(m4.PRESETS))
def test_no_action_outside_the_legal_list_is_applied(preset):
    rules = m4.PRESETS[preset]
    refused = twinned = 0
    for seed in range(60):
        rng = random.Random(seed)
        s = m4.deal(rules, dealer=seed % 4, seed=seed)
        while not s.is_finished:
            legal = s.legal_actions()
            before = fingerprint(s)
            tw = [t for a in legal for t in twins(a)]
            for a in [a for a in JUNK if a not in legal] + tw:
                with pytest.raises((IllegalActionError, NotationError)) as err:
                    s.apply(a)
                if isinstance(err.value, IllegalActionError):
                    assert err.value.rule in m4.RULES
                    assert "Action(" not in err.value.reason and "Card(" not in err.value.reason
                refused += 1
            twinned += len(tw)
            assert fingerprint(s) == before
            s = s.apply(rng.choice(legal))
        rec = records.Record.from_state(s, title="refusals")
        assert records.loads(rec.to_json()).states()[-1].result == s.result
    assert refused > 10_000 and twinned > 100


def test_pass_with_a_payload_is_refused_where_only_pass_is_legal():
    met = 0
    for seed in range(300):
        rng = random.Random(seed)
        s = m4.deal(m4.RUSSIAN_4, dealer=seed % 4, seed=seed)
        while not s.is_finished:
            if s.legal_actions() == (m4.PASS,):
                met += 1
                with pytest.raises(IllegalActionError) as err:
                    s.apply(Action("pass", None, 1))
                assert err.value.rule == "m4.action" and "'pass 1'" in err.value.reason
            s = s.apply(rng.choice(s.legal_actions()))
    assert met > 20


def test_a_float_or_a_card_for_a_suit_is_refused():
    s = m4.deal(m4.RUSSIAN_4, dealer=0, seed=3).apply("cut 12")
    assert s.phase == "trumps"
    for bad in (Action("trump", None, 2.0), Action("trump", None, 2), Action("cut", None, 5)):
        with pytest.raises(IllegalActionError) as err:
            s.apply(bad)
        assert err.value.rule in ("m4.action", "m4.turn")
    assert s.phase == "trumps" and s.apply(Action("trump", None, Suit(2))).named_trump == Suit(2)


def test_points_per_seat_add_up_to_the_pairs_and_returns_follow_the_pairs():
    for seed in range(150):
        rng = random.Random(seed)
        s = m4.deal(m4.RUSSIAN_4, dealer=seed % 4, seed=seed)
        while True:
            for pair in (0, 1):
                assert s.points(pair) + s.points(pair + 2) == s.pair_points(pair)
            v = s.view(seed % 4)
            assert v.points == tuple(s.points(x) for x in range(4))
            assert v.pair_points == (s.pair_points(0), s.pair_points(1))
            for a in s.legal_actions():
                d = m4.describe_action(a, s)
                assert d.group in ACTION_GROUPS and d.label and "[rule m4." in d.help
            if s.is_finished:
                break
            s = s.apply(rng.choice(s.legal_actions()))
        r = s.result
        g = (r.pair_game_points(0), r.pair_game_points(1))
        assert r.returns == (g[0], g[1], g[0], g[1]) and r.winner is None and r.unit == "game points"
    with pytest.raises(ValueError):
        s.points(4)
