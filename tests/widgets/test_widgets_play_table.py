"""The play table used as a person uses it: clicking at random among everything it offers.

For every variant and preset, 20 whole hands: at each step one of the offered buttons (hand
cards, action buttons, bid-card picks, "Lay these bid cards", number fields' buttons, menus,
hint, take back, review), number fields set to values inside and outside their range, menus set
to any option, chosen at random; the setup bar and "new hand" are left alone so that each hand
is played to its end. Every hand must reach its result, no callback may raise (the table keeps
any unexpected error in ``errors``), and no more than about 40 buttons are ever offered at once.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("ipywidgets")

from cardlab import Action, variants  # noqa: E402
from cardlab.errors import CardlabError  # noqa: E402
from cardlab.widgets import PlayTable  # noqa: E402
from cardlab.widgets.table import MAX_BUTTONS, decision_controls  # noqa: E402

HANDS = 20
SKIP = ("cardlab-new-deal", "cardlab-random-deal", "cardlab-deal-seed", "cardlab-seed-field")


def cases():
    return [pytest.param(n, p, id=f"{n}-{p}") for n in variants.names() for p in variants.get(n).presets]


def offered(p):
    setup = set(p.setup_bar.children) if p.setup_bar is not None else set()
    out = []
    for kind, x in p.offered():
        if x in setup or any(c in x._dom_classes for c in SKIP):
            continue
        out.append((kind, x))
    return out


def click_at_random(p, rng, max_steps=600):
    """Click at random until the hand ends; returns the number of clicks."""
    clicks = 0
    while not p.state.is_finished:
        assert clicks < max_steps, f"hand not finished after {clicks} clicks: {p!r}"
        off = offered(p)
        buttons = [x for k, x in off if k == "button"]
        assert len(buttons) <= MAX_BUTTONS + 8, f"{len(buttons)} buttons offered"
        # a completed pick of several cards (bid cards) is laid half the time it is offered, as a
        # person who has picked would; a pure random walk picks and puts back ~90 times per bid
        lay = [x for k, x in off if "cardlab-lay" in x._dom_classes]
        if lay and rng.random() < 0.5:
            lay[0].click()
            clicks += 1
            assert not p.errors, p.errors
            continue
        # tools (hint, take back) now and then; otherwise anything offered
        tools = [(k, x) for k, x in off if any(c in x._dom_classes for c in ("cardlab-hint-button", "cardlab-take-back"))]
        rest = [kx for kx in off if kx not in tools]
        pool = tools if (tools and rng.random() < 0.08) or not rest else rest
        kind, x = rng.choice(pool)
        if kind == "button":
            x.click()
        elif kind == "number":
            x.value = rng.choice([x.min, x.max, min(x.max, x.value + x.step), min(x.max, x.min + 1)])
        else:
            x.value = rng.choice([o[1] for o in x.options])
        clicks += 1
        assert not p.errors, p.errors
    return clicks


@pytest.mark.parametrize("name,preset", cases())
def test_random_clicks_play_whole_hands(name, preset):
    v = variants.get(name)
    rng = random.Random(f"{name}/{preset}")
    finished = clicks = 0
    for k in range(HANDS):
        opp = ("heuristic", "random")[k % 2]
        p = PlayTable(variant=name, rules=preset, seed=k, human=k % v.players, opponent=opp,
                      hint_budget=0.05, review_budget=0.02)
        clicks += click_at_random(p, rng)
        finished += p.state.result is not None
        if k % 7 == 0:
            p.review_button.click()
            assert "cardlab-review-text" in p.review_html.value
        assert not p.errors, p.errors
    assert finished == HANDS
    print(f"\n{name}/{preset}: {HANDS} tables, {finished} hands finished, {clicks} clicks, 0 escapes", end="")


@pytest.mark.parametrize("name", variants.names())
def test_every_legal_action_is_offered_once(name):
    """decision_controls puts every legal action in exactly one control, over random hands."""
    v = variants.get(name)
    rng = random.Random(name)
    for preset, rules in v.presets.items():
        for seed in range(25):
            s = v.deal(rules, 0, seed=seed)
            while not s.is_finished:
                legal = s.legal_actions()
                ctl = decision_controls(legal, s.view(s.to_act).hand)
                got = [a for acts in ctl["cards"].values() for a in acts] + list(ctl["bid_cards"])
                got += [a for d in ctl["numbers"].values() for a in d.values()]
                got += [a for d in ctl["pairs"].values() for a in d.values()]
                got += list(ctl["buttons"])
                assert sorted(map(str, got)) == sorted(map(str, legal))
                assert len(ctl["buttons"]) <= MAX_BUTTONS
                s = s.apply(rng.choice(legal))


def test_mistakes_are_messages_not_tracebacks():
    p = PlayTable(seed=7, opponent="heuristic")
    before = p.state
    for bad in ("hello", 12, Action("marriage", None, None), "A♠♠", None):
        assert p.act(bad) is False
        assert p.state is before and "cardlab-error" in p.message.value
    assert not p.errors
    with pytest.raises(CardlabError):
        PlayTable(variant="bridge")
    with pytest.raises(CardlabError):
        PlayTable(human=5)
    with pytest.raises(CardlabError):
        PlayTable(opponent="grandmaster")


def test_take_back_returns_to_the_last_decision():
    p = PlayTable(seed=3, opponent="heuristic", setup=False)
    first = p.state
    assert p.take_back() is False
    a = p.state.legal_actions()[0]
    assert p.act(a)
    assert p.take_back() is True and p.state is first


def test_setup_bar_changes_variant_and_seat():
    p = PlayTable(seed=1)
    for name in variants.names():
        p.variant_menu.value = name
        assert p.variant == name and p.state.variant == name and not p.errors
        p.seat_menu.value = len(p.seat_menu.options) - 1
        assert p.human == len(p.seat_menu.options) - 1 and not p.errors
    p.seed_field.value = 42
    p.deal_seed_button.click()
    assert p.seed == 42 and not p.errors
