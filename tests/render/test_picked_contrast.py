"""Ninety-Nine's bid-card explorer: a picked card stays readable (issue 24: picked bid cards were
red on a dark background). A picked toggle gets JupyterLab's ``.jupyter-button.mod-active``
grey (#bdbdbd: red #c62828 on it is 3.0:1); the explorer's own rule must beat that selector and
give every card's text at least WCAG AA's 4.5:1."""

import re

import pytest

pytest.importorskip("ipywidgets")

from cardlab.widgets import ninetynine as w99  # noqa: E402

#: JupyterLab's (light theme) background of an active toggle button, --jp-layout-color3.
LAB_ACTIVE_GREY = "#bdbdbd"


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb``."""
    rgb = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_formula():
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast("#c62828", LAB_ACTIVE_GREY), 1) == 3.0        # what a picked red card had


def _picked_rule():
    """The declarations of the explorer's rule for a picked card (``….cardlab-bidcard.mod-active``)."""
    for sel, body in re.findall(r"([^{}]+)\{([^}]*)\}", w99._CSS):
        if "mod-active" in sel and "cardlab-bidcard" in sel:
            # more specific than .jupyter-button.mod-active (two classes)
            assert sel.strip().count(".") > 2, sel
            return dict(d.strip().split(":", 1) for d in body.replace("\n", "").split(";") if d.strip())
    return None


def test_a_picked_bid_card_is_readable():
    rule = _picked_rule()
    assert rule is not None, "no rule for a picked bid card: it keeps JupyterLab's grey"
    bg = rule["background-color"]
    assert bg == w99.PICKED_BACKGROUND
    explorer = w99.BidCardExplorer.from_hand("Jo A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ A♥ A♦ K♦", turnup="Q♥")
    reds = {b.style.text_color for b in explorer.card_buttons if b.style.text_color}
    assert reds == {w99.RED_TEXT}
    for text in (w99.RED_TEXT, rule["color"]):              # red cards (inline colour) and black ones
        assert contrast(text, bg) >= 4.5, (text, bg, round(contrast(text, bg), 2))
    assert round(contrast(w99.RED_TEXT, bg), 1) == 5.1 and round(contrast(rule["color"], bg), 1) == 15.6
    assert "outline" in rule or "border" in rule             # picked is not told by colour alone
    explorer.card_buttons[0].value = True                    # the toggle is on: the front end adds mod-active
    assert explorer.card_buttons[0].value and "cardlab-bidcard" in explorer.card_buttons[0]._dom_classes


def test_a_picked_card_on_the_play_table_is_readable():
    """The play table's bid-card picking (any variant whose decisions include picking cards of
    the hand, from the registry): a picked card is drawn on pale amber with a dark outline, and
    its text (red or black) reads at 4.5:1 or more; it was red on ipywidgets' "info" cyan (2.45:1)."""
    from cardlab import variants
    from cardlab.widgets.table import PlayTable, decision_controls

    checked = 0
    for name in variants.names():
        for seed in range(3):
            t = PlayTable(variant=name, human=0, opponent="heuristic", seed=seed)
            s = t.state
            if s.to_act != 0:
                continue
            ctl = decision_controls(s.legal_actions(), s.view(0).hand)
            if not ctl["bid_cards"]:
                continue
            card = ctl["bid_cards"][0].value[0]
            t._pick(card)
            picked = [b for b in _walk(t) if getattr(b, "card", None) == card and "cardlab-picked" in b._dom_classes]
            assert picked, f"{name}: the picked card has no button"
            b = picked[0]
            assert "cardlab-picked" in b._dom_classes and b.button_style == ""
            bg = b.style.button_color
            text = b.style.text_color
            assert contrast(text, bg) >= 4.5, (name, text, bg)
            assert "solid" in (b.layout.border or "")
            checked += 1
            break
    assert checked, "no variant of the registry picks cards of the hand"


def _walk(widget):
    out, stack = [], [widget]
    while stack:
        x = stack.pop()
        out.append(x)
        stack.extend(getattr(x, "children", ()) or ())
    return out
