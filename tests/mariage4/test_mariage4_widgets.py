"""Four-player Mariage: rendering (HTML/text, seat views) and the widgets (three nines, the eights)."""

import re
from pathlib import Path

import pytest

from cardlab import records, render
from cardlab.widgets.mariage4 import EightBoard, NinesWidget

DATA = Path(__file__).resolve().parents[2] / "data"


def load(name):
    return records.load(DATA / f"m4_{name}.json")


def test_renderers_are_registered_and_seat_views_hide_other_hands():
    final = load("normal").replay()[0]
    start = next(s for s in final.history() if s.phase == "play")
    html = render.state_html(start)
    assert 'class="cardlab-table"' in html and "cardlab-trick" in html
    assert len(re.findall(r'svg[^>]*class="cardlab-card"[^>]*data-card', html)) == 24
    for seat in range(4):
        view = render.state_html(start, seat)
        shown = set(re.findall(r'data-card="([^"]+)"', view))
        assert {str(c) for c in start.hands[seat]} <= shown
        for other in range(4):
            if other != seat:
                hidden = {str(c) for c in start.hands[other] if c not in start.shown[other]}
                assert not hidden & shown, (seat, other)
        text = render.state_text(start, seat)
        assert text.count("??") == sum(len(start.hands[o]) - len(start.view(seat).known[o])
                                       for o in range(4) if o != seat)
    with pytest.raises(ValueError):
        render.state_html(start, 4)


def test_nines_widget_walks_and_explains_a_refusal():
    w = NinesWidget(load("three_nines"))
    assert len(w.states) == 4 and w.step_label.value == "step 1 / 4"
    assert "cardlab-placed-card" not in w.view.value          # nothing placed yet
    w.next_button.click()
    assert w.step_label.value == "step 2 / 4" and w.view.value.count("cardlab-placed-card") == 1
    w.go(3)
    assert "cardlab-nine-left" in w.view.value and "uncover 3" in w.view.value
    w.go(1)
    before = list(w.states)
    assert not w.try_action("place 9♣ top")                    # not his card / matches no nine
    assert "Not allowed" in w.message.value and "rule m4." in w.message.value
    assert w.states == before and w.index == 1
    assert not w.try_action("hello") and "is not an action" in w.message.value   # a message, no traceback
    assert not w.try_action("") and "empty action" in w.message.value
    w.go(3)
    assert not w.try_action("leave 9♦") and "rule m4.turn" in w.message.value   # the nine was left already
    w.go(2)
    assert w.try_action("leave 9♦") and w.index == 3 and "Applied leave 9♦" in w.message.value
    with pytest.raises(ValueError):
        NinesWidget(load("normal"))
    hidden = NinesWidget(load("three_nines"), seat=0)          # the declarer's view
    hidden.go(2)
    assert "cardlab-placed-card" in hidden.view.value and 'data-card="J♥"' not in hidden.view.value


def _choice_buttons(w):
    return [b for b in w.choices.children if "cardlab-choice" in getattr(b, "_dom_classes", ())]


def test_nines_widget_offers_the_choices_and_goes_back_to_the_sample():
    import random

    w = NinesWidget(load("three_nines"))
    sample = list(w.states)
    assert w.back_button.layout.display == "none"
    w.go(1)
    buttons = _choice_buttons(w)
    s = w.states[1]
    assert [b.description for b in buttons] == [
        __import__("cardlab").mariage4.describe_action(a, s).label for a in s.legal_actions()]
    assert all(b.tooltip for b in buttons)
    buttons[-1].click()
    assert w.index == 2 and len(w.states) == 3 and w.states[:2] == sample[:2]
    assert w.back_button.layout.display is None
    w.back_button.click()
    assert w.states == sample and w.index == 2 and "Back to the sample" in w.message.value
    # click everything it offers, at random, to the end of the three nines, many times over
    rng = random.Random(4)
    for _ in range(60):
        offered = _choice_buttons(w) + [x for x in (w.prev_button, w.next_button, w.back_button) if not x.disabled]
        if not offered:
            w.back_button.click()
            continue
        rng.choice(offered).click()
        assert "Traceback" not in w.message.value
    assert w.errors == []


def test_eight_board_uncovers_pips_hand_by_hand():
    rec = load("game")
    b = EightBoard(rec)
    game = rec.game()
    assert b.step_label.value == f"hand 0 / {len(game.hands)}" and b.prev_button.disabled

    def uncovered():
        return len(re.findall(r'class="cardlab-pip cardlab-uncovered"', b.view.value))

    assert uncovered() == 0
    totals = []
    for k in range(1, len(game.hands) + 1):
        b.next_button.click()
        eights, _won = game.history[k - 1]
        assert uncovered() == eights[0].pips + eights[1].pips
        totals.append(uncovered())
    assert b.next_button.disabled and max(totals) > 0
    assert b.errors == []


def test_a_bug_in_a_callback_is_kept_in_errors_and_never_raised():
    """Every callback runs through widgets.base.guarded: an unexpected error (a bug) is kept in
    the widget's errors list and said in words; the widget stays as it was."""
    w = NinesWidget(load("three_nines"))
    w.go = lambda k: 1 / 0
    w.next_button.click()
    assert w.errors == ["ZeroDivisionError: division by zero"] and "Something went wrong" in w.message.value
    b = EightBoard(load("game"))
    b.go = lambda k: {}["missing"]
    b.next_button.click()
    assert b.errors == ["KeyError: 'missing'"] and "Something went wrong" in b.summary.value
    assert b.step_label.value.startswith("hand 0 /")
