"""The learner cuts in four-player Mariage when the rules give his seat the cut (issue 24).

The rules [m4.cut] give the cut to one opponent of the dealer (``rules.cutter``: the dealer's
right-hand one by default, or his left-hand one, eldest hand). The play table deals, by default,
from the seat before the human's, so the human is eldest hand: under the default rule the human's
partner cut every hand and the human never did, and the setup bar offered no way to deal from
elsewhere. Its Dealer menu now names each dealer with the human's part, says which one makes the
human act first (the cut), and deals with it; the table then waits for the human's cut and asks
for it with a number field and a button in words, again after a nine at the bottom.
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as w  # noqa: E402

from cardlab import mariage4 as m4  # noqa: E402
from cardlab.cards import Rank  # noqa: E402
from cardlab.widgets import PlayTable  # noqa: E402

NAMES = ("Ana", "Boris", "Cleo", "Dan")


def rule_sets():
    out = []
    for key, rules in m4.PRESETS.items():
        for cutter in ("right", "left"):
            out.append(pytest.param(rules.with_options(cutter=cutter), id=f"{key}-{cutter}"))
    return out


def cut_control(p: PlayTable):
    """The number field and button the table offers for the cut (exactly one of each)."""
    boxes = [b for b in p.controls.children if isinstance(b, w.Box) and "cardlab-number-box" in b._dom_classes]
    assert len(boxes) == 1, p.controls.children
    field, button = boxes[0].children
    assert isinstance(field, w.IntText) and isinstance(button, w.Button)
    return field, button


def status_text(p: PlayTable) -> str:
    view = re.sub(r"<style\b.*?</style>", " ", p.view.value, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", view))


def assert_asked_to_cut(p: PlayTable, human: int) -> None:
    s = p.state
    assert s.phase == "cut" and s.to_act == human, (s.phase, s.to_act)
    field, button = cut_control(p)
    # in words: "Cut" by a number field from 1 to 23, its help saying what the number does
    assert button.description == "Cut" and not button.disabled
    assert "from the top of the pack to the bottom" in button.tooltip and "from 1 to 23" in button.tooltip
    assert not re.search(r"\bcut \d+\b", button.description + " " + button.tooltip)   # no typed form
    assert (field.min, field.max) == (1, 23) and 1 <= field.value <= 23
    assert f"{p.names[human]} is to cut the pack: lift 1 to 23 cards" in status_text(p)


@pytest.mark.parametrize("rules", rule_sets())
@pytest.mark.parametrize("human", range(4))
def test_the_dealer_menu_gives_the_human_the_cut_and_the_table_asks_him(rules, human):
    p = PlayTable("mariage-4", rules=rules, seed=11, human=human, names=NAMES)
    cutter_of = {d: m4.deal(rules, d, seed=0).cutter for d in range(4)}
    mine = [d for d, c in cutter_of.items() if c == human]
    assert len(mine) == 1                                   # exactly one dealer gives the human the cut
    dealer = mine[0]
    labels = dict((value, label) for label, value in p.dealer_menu.options)
    assert labels[dealer].endswith("and act first)"), labels            # the menu says which
    assert sum("act first" in label for label in labels.values()) == 1, labels
    side = "on the dealer's right" if rules.cutter == "right" else "eldest hand"
    assert side in labels[dealer]
    if p.dealer != dealer:
        assert p.state.to_act != human or p.state.phase != "cut"
        p.dealer_menu.value = dealer
    assert p.dealer == dealer and p.state.dealer == dealer and p.state.cuts == ()   # nobody cut for him
    assert_asked_to_cut(p, human)
    field, button = cut_control(p)
    field.value = 30                                        # refused in words, nothing cut
    button.click()
    assert p.state.phase == "cut" and p.state.cuts == ()
    assert "not a cut you may make now: from 1 to 23" in p.message.value
    bottom_ok = next(n for n in range(1, 24) if p.state.cut_pack[n - 1].rank != Rank.NINE)
    field.value = bottom_ok
    button.click()
    assert p.state.history()[1].cuts == (bottom_ok,) and p.state.history()[1].phase != "cut"
    assert not p.errors, p.errors


@pytest.mark.parametrize("human", range(4))
def test_after_a_nine_at_the_bottom_the_table_asks_the_human_again(human):
    rules = m4.PRESETS["russian"]
    assert rules.nine_cut_rule
    dealer = (human + 1) % 4                                # the dealer's right-hand opponent cuts
    p = PlayTable("mariage-4", rules=rules, seed=0, human=human, dealer=dealer, names=NAMES)
    for seed in range(50):
        p.deal(seed)
        nine = next((n for n in range(1, 24) if p.state.cut_pack[n - 1].rank == Rank.NINE), None)
        if nine is not None:
            break
    assert nine is not None
    field, button = cut_control(p)
    field.value = nine
    button.click()
    assert p.state.cuts == (nine,)
    assert_asked_to_cut(p, human)                           # shown, and cut again by the human
    assert "cuts again" in p.log_html.value
    assert not p.errors, p.errors


@pytest.mark.parametrize("human", range(4))
def test_the_default_dealer_leaves_the_cut_to_the_rules_cutter(human):
    """With the default dealer (the human eldest hand) the right-hand rule gives the cut to the
    human's partner, who is a computer and cuts; the left-hand rule gives it to the human."""
    right = PlayTable("mariage-4", seed=2, human=human, names=NAMES)
    assert right.state.history()[0].cutter == (human + 2) % 4 and right.state.phase != "cut"
    left = PlayTable("mariage-4", rules=m4.PRESETS["russian"].with_options(cutter="left"), seed=2, human=human,
                     names=NAMES)
    assert_asked_to_cut(left, human)
