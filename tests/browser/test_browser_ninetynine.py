"""End to end: the Ninety-Nine bid-card explorer in headless Chromium, in Voila and in JupyterLab.

The explorer (.cardlab-bidcards) shows each card of a hand as a toggle button (.cardlab-bidcard,
labelled with the card, e.g. "K♠"); after three clicks its .cardlab-bid-value reads
"Bid cards …: … = N tricks". The expected N is worked out here from the buttons' labels with the
suit code of rules-notes §2.1 (♦ 0, ♠ 1, ♥ 2, ♣ 3), not taken from the widget. Set
CARDLAB_SHOTS=DIR to keep screenshots.
"""

import pytest
from browser_helpers import open_in_voila, run_all_in_lab, screenshot, wait_for
from playwright.sync_api import expect

NOTEBOOK = "ninety_nine.ipynb"
CODE = {"♦": 0, "♠": 1, "♥": 2, "♣": 3}

pytestmark = pytest.mark.browser


def _wait_for_explorer(page):
    """The first live bid-card explorer (its buttons exist only once a kernel ran the cell); a
    traceback ends the wait at once."""
    explorer = page.locator(".cardlab-bidcards").filter(has=page.locator(".cardlab-bidcard")).first
    return wait_for(page, explorer, "the bid-card explorer")


def _pick_three_and_check(page, explorer, name):
    explorer.scroll_into_view_if_needed()   # JupyterLab may not lay out cells outside the viewport
    buttons = explorer.locator(".cardlab-bidcard")
    expect(buttons).to_have_count(12)
    labels = [t.strip() for t in buttons.all_text_contents()]
    assert all(labels), f"unlabelled card buttons: {labels}"
    value = explorer.locator(".cardlab-bid-value")
    expect(value).to_contain_text("Pick three bid cards (0 picked)")
    # three cards with a suit of their own (not the joker), one from each end and the middle
    picks = [i for i, t in enumerate(labels) if t[-1] in CODE]
    chosen = [picks[0], picks[len(picks) // 2], picks[-1]]
    expected = sum(CODE[labels[i][-1]] for i in chosen)
    for i in chosen:
        buttons.nth(i).click()
    expect(value).to_contain_text(f"= {expected} trick")
    for i in chosen:
        expect(value).to_contain_text(labels[i])
    kept = explorer.locator(".cardlab-kept svg.cardlab-card[data-card]")
    expect(kept).to_have_count(9)
    assert not {labels[i] for i in chosen} & {kept.nth(k).get_attribute("data-card") for k in range(9)}
    expect(explorer.locator(f".cardlab-ways tr.cardlab-current[data-bid='{expected}']")).to_have_count(1)
    # a fourth card is refused with a message, not a traceback
    fourth = next(i for i in range(12) if i not in chosen)
    buttons.nth(fourth).click()
    expect(explorer.locator(".cardlab-message")).to_contain_text("Three bid cards only")
    expect(value).to_contain_text(f"= {expected} trick")
    explorer.scroll_into_view_if_needed()
    screenshot(page, name)


def test_voila_bid_card_explorer(page, voila_server):
    open_in_voila(page, voila_server, NOTEBOOK)
    _pick_three_and_check(page, _wait_for_explorer(page), "voila-ninety_nine")


def test_lab_bid_card_explorer(page, lab_server):
    run_all_in_lab(page, lab_server, NOTEBOOK)
    _pick_three_and_check(page, _wait_for_explorer(page), "lab-ninety_nine")
