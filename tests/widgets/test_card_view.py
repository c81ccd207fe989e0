"""The play table's picture takes clicks on the learner's cards (issue 24, "click the card you mean").

* The picture marks exactly the cards a click may take now (``data-playable``), each drawn once and
  inside the learner's own hand, and the picked bid cards (``data-picked``), over random play of
  every variant and preset of the registry (the test variant included), and the hand's buttons
  come in the picture's order, coloured as the picture draws them.
* A message from the picture is validated: anything but a clickable card of the learner's hand
  now (malformed payloads, unknown cards, cards of another hand, not the learner's turn, the hand
  over) changes nothing, raises nothing and is said in the table's message; a valid one acts
  exactly like the card's button.
* ``import cardlab`` does not load anywidget.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

pytest.importorskip("anywidget")

from cardlab import variants  # noqa: E402
from cardlab.errors import NotationError  # noqa: E402
from cardlab.widgets import PlayTable  # noqa: E402
from cardlab.widgets.card_view import CardView, card_from_message, drawn_order  # noqa: E402
from cardlab.widgets.table import decision_controls  # noqa: E402
from cardlab.cards import parse_card  # noqa: E402

SEEDS = range(2)
RED, BLACK = "#c62828", "#1b1b1b"


def cases():
    return [pytest.param(n, p, id=f"{n}-{p}") for n in variants.names() for p in variants.get(n).presets]


def block(markup: str, start: re.Match) -> str:
    """The HTML of the ``<div>`` opened at ``start``, to its end."""
    depth, i = 1, start.end()
    for t in re.finditer(r"<(/?)div\b[^>]*>", markup[i:]):
        depth += -1 if t.group(1) else 1
        if depth == 0:
            return markup[start.start():i + t.end()]
    return markup[start.start():]


def hand_block(markup: str, seat: int) -> str:
    m = re.search(rf'<div class="cardlab-hand[^"]*" data-seat="{seat}">', markup)
    return block(markup, m) if m else ""


def marked(markup: str, attr: str) -> list[str]:
    return re.findall(rf'<svg\b[^>]*?\sdata-card="([^"]+)"[^>]*?\s{attr}=""', markup)


def send(table: PlayTable, content) -> None:
    """What the browser's ``model.send(content)`` does: the widget's custom-message handlers run."""
    table.view._handle_custom_msg(content, [])


def clickable_now(p: PlayTable) -> set:
    s = p.state
    if s.is_finished or s.to_act != p.human:
        return set()
    ctl = decision_controls(s.legal_actions(), s.view(p.human).hand)
    return set(ctl["cards"]) | {c for a in ctl["bid_cards"] for c in a.value}


def hand_buttons(p: PlayTable) -> list:
    return list(p.hand_box.children)


@pytest.mark.parametrize("name,preset", cases())
def test_the_picture_marks_the_cards_a_click_takes_and_the_buttons_follow_its_order(name, preset):
    v = variants.get(name)
    for seed in SEEDS:
        human = seed % v.players
        p = PlayTable(name, rules=preset, seed=seed, human=human, opponent="random", setup=False)
        rng = random.Random(seed)
        steps = 0
        while True:
            markup = p.view.value
            want = clickable_now(p)
            playable = marked(markup, "data-playable")
            assert sorted(playable) == sorted(map(str, want)), (seed, steps, playable, want)
            assert len(set(playable)) == len(playable)                   # each drawn once
            mine = hand_block(markup, human)
            assert sorted(marked(mine, "data-playable")) == sorted(playable), "a marked card outside the hand"
            assert sorted(marked(markup, "data-picked")) == sorted(map(str, p._selected))
            # each card marked is drawn once in the hand
            for c in playable:
                assert len(re.findall(rf'<svg\b[^>]*?\sdata-card="{re.escape(c)}"', mine)) == 1, c
            # the buttons: the picture's order of the hand, coloured as drawn, enabled as marked
            drawn = re.findall(r'<svg\b[^>]*?\sdata-card="([^"]+)"', mine)
            labels = [b.description for b in hand_buttons(p)]
            assert [x for x in labels if x in drawn] == drawn, (seed, steps, labels, drawn)
            for b in hand_buttons(p):
                assert b.style.text_color == (RED if b.card.suit is not None and b.card.suit.is_red else BLACK)
                assert b.disabled == (b.card not in want)
            if p.state.is_finished:
                break
            s = p.state
            if rng.random() < 0.3 and want and s.to_act == human:
                send(p, {"kind": "card", "card": str(rng.choice(sorted(want, key=str)))})
            else:
                assert p.act(rng.choice(s.legal_actions())), p.message.value
            steps += 1
            assert steps < 400
        assert p.errors == []


BAD = [None, 5, "K♣", [], ["card", "K♣"], {}, {"card": "K♣"}, {"kind": "card"}, {"kind": "play", "card": "K♣"},
       {"kind": "card", "card": None}, {"kind": "card", "card": 7}, {"kind": "card", "card": ""},
       {"kind": "card", "card": "K♣", "extra": 1}, {"kind": "card", "card": "X" * 10_000},
       {"kind": "card", "card": "ZZ"}, {"kind": "card", "card": "kc"}, {"kind": "card", "card": ["K♣"]},
       {"kind": "card", "card": {"x": 1}}, {"kind": "card", "card": "<b>"}, {"kind": "card", "card": "A♠ K♠"}]


@pytest.mark.parametrize("content", BAD, ids=range(len(BAD)))
def test_a_malformed_message_changes_nothing_and_says_so(content):
    p = PlayTable("sixty-six", seed=1, setup=False)
    before, buttons = p.state, [b.description for b in hand_buttons(p)]
    send(p, content)
    assert p.state is before and [b.description for b in hand_buttons(p)] == buttons
    assert p.errors == [] and "ignored" in p.message.value and "cardlab-error" in p.message.value
    assert "X" * 20 not in p.message.value                               # what came is not echoed at length
    with pytest.raises(NotationError):
        card_from_message(content)


def test_card_from_message_takes_only_a_canonical_card():
    assert str(card_from_message({"kind": "card", "card": "10♥"})) == "10♥"
    assert str(card_from_message({"card": "Jo", "kind": "card"})) == "Jo"
    for text in ("10h", "TH", "KC", "k♣", " K♣"):
        with pytest.raises(NotationError):
            card_from_message({"kind": "card", "card": text})


def test_a_card_not_in_the_hand_or_not_to_be_clicked_now_changes_nothing():
    p = PlayTable("sixty-six", seed=1, setup=False)
    hand = set(p.state.view(p.human).hand)
    other = next(c for c in map(str, p.state.hands[1 - p.human]) if parse_card(c) not in hand)
    for card in (other, "A♠" if parse_card("A♠") not in hand else "9♣", "2♣", "Jo"):
        before = p.state
        send(p, {"kind": "card", "card": card})
        assert p.state is before and p.errors == [], card
        assert "not in your hand" in p.message.value, (card, p.message.value)
    # a card of the hand that no click takes now (Ninety-Nine's bidding done: a card not to be followed with)
    q = PlayTable("ninety-nine", seed=2, setup=False, opponent="heuristic")
    rng = random.Random(0)
    while not q.state.is_finished:
        s = q.state
        if s.to_act == q.human:
            hand = tuple(s.view(q.human).hand)
            locked = [c for c in hand if c not in clickable_now(q)]
            if locked:
                send(q, {"kind": "card", "card": str(locked[0])})
                assert q.state is s and q.errors == [] and "cannot be clicked now" in q.message.value
                break
        assert q.act(rng.choice(s.legal_actions()))
    else:
        pytest.fail("no locked card met")


def test_not_the_learners_turn_or_the_hand_over_changes_nothing():
    p = PlayTable("sixty-six", seed=1, setup=False)
    card = str(p.state.view(p.human).hand[0])
    # a state where the computer is to act (the table's own start, without playing on)
    rng = random.Random(3)
    s = p.state
    while s.to_act == p.human:
        s = s.apply(rng.choice(s.legal_actions()))
    p.state = s
    send(p, {"kind": "card", "card": str(s.view(p.human).hand[0])})
    assert p.state is s and p.errors == [] and "not your turn" in p.message.value
    p.start(s.history()[0])
    while not p.state.is_finished:
        assert p.act(rng.choice(p.state.legal_actions()))
    end = p.state
    send(p, {"kind": "card", "card": card})
    assert p.state is end and p.errors == [] and "hand is over" in p.message.value


@pytest.mark.parametrize("name,preset", cases())
def test_a_valid_message_acts_exactly_like_the_cards_button(name, preset):
    """Two tables, the same deal: one clicks the card buttons, the other sends the picture's
    messages for the same cards; they go through the same states, messages and controls."""
    rng = random.Random(7)
    by_button = PlayTable(name, rules=preset, seed=4, setup=False, opponent="heuristic")
    by_picture = PlayTable(name, rules=preset, seed=4, setup=False, opponent="heuristic")
    for _ in range(200):
        if by_button.state.is_finished:
            break
        cards = [b for b in hand_buttons(by_button) if not b.disabled]
        if cards:
            b = rng.choice(cards)
            b.click()
            send(by_picture, {"kind": "card", "card": str(b.card)})
        else:
            a = rng.choice(by_button.state.legal_actions())
            assert by_button.act(a) and by_picture.act(a)
        assert [x.last_action for x in by_picture.states] == [x.last_action for x in by_button.states]
        assert by_picture.message.value == by_button.message.value
        assert by_picture.view.value == by_button.view.value
        assert [x.description for x in by_picture.action_buttons] == [x.description for x in by_button.action_buttons]
    assert by_button.errors == [] and by_picture.errors == []


def test_picking_bid_cards_in_the_picture():
    p = PlayTable("ninety-nine", seed=1, setup=False)
    want = sorted(clickable_now(p), key=str)
    picks = want[:3]
    for c in picks:
        send(p, {"kind": "card", "card": str(c)})
    assert sorted(map(str, p._selected)) == sorted(map(str, picks))
    assert sorted(marked(p.view.value, "data-picked")) == sorted(map(str, picks))
    send(p, {"kind": "card", "card": str(picks[0])})                      # a picked card put back
    assert picks[0] not in p._selected and str(picks[0]) not in marked(p.view.value, "data-picked")
    send(p, {"kind": "card", "card": str(picks[0])})
    lay = next(b for b in p.action_buttons if "cardlab-lay" in b._dom_classes)
    before = len(p.states)
    lay.click()
    assert len(p.states) > before and p.errors == []


def test_drawn_order_and_the_view_as_an_html_pane():
    cards = [parse_card(x) for x in ("A♠", "K♥", "9♣")]
    markup = ('<svg class="cardlab-card" data-card="A♠"></svg><div class="cardlab-hand cardlab-cards" data-seat="1">'
              '<svg class="cardlab-card" data-card="9♣"></svg><svg class="cardlab-card" data-card="A♠"></svg></div>')
    assert [str(c) for c in drawn_order(markup, cards, 1)] == ["9♣", "A♠", "K♥"]
    assert [str(c) for c in drawn_order(markup, cards, 0)] == ["A♠", "K♥", "9♣"]
    view = CardView("<b>x</b>")
    assert view.value == view.html == "<b>x</b>" and "cardlab-view" in view._dom_classes
    view.value = "<i>y</i>"
    assert view.html == "<i>y</i>" and view.static_html() == "<i>y</i>"
    data, _meta = view._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data and "<i>y</i>" in data["text/html"]


def test_the_table_picture_keeps_its_static_fallback():
    p = PlayTable("sixty-six", seed=3)
    picture = p.static_html()
    assert 'class="cardlab-table' in picture and "data-playable" not in picture
    assert all(f'data-card="{c}"' in picture for c in p.state.view(p.human).hand)


def test_import_cardlab_does_not_load_anywidget():
    code = ("import sys, cardlab, cardlab.render; "
            "print('anywidget' in sys.modules, 'ipywidgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
