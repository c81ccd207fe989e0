"""End to end: the three-player Mariage notebook in Voila (headless Chromium). Its first Stepper
starts two cards before the end of a trick in "Going out with a marriage" (data/m3_marriage_66.json):
clicking Next plays the second card, completes the trick, then shows the marriage that ends the
hand. Uses the voila_server fixture of conftest.py. Set CARDLAB_SHOTS=DIR to keep screenshots.
"""

import re

import pytest
from browser_helpers import open_in_voila, screenshot, wait_for
from playwright.sync_api import expect

NOTEBOOK = "mariage_three.ipynb"

pytestmark = pytest.mark.browser


def _first_stepper(page):
    output = page.locator(".jp-OutputArea-output").filter(has=page.locator(".cardlab-next")).first
    return wait_for(page, output, "the Stepper")


def test_voila_next_through_a_trick_and_a_marriage(page, voila_server):
    open_in_voila(page, voila_server, NOTEBOOK)
    out = _first_stepper(page)
    label, view, explain = out.locator(".cardlab-step-label"), out.locator(".cardlab-view"), out.locator(".cardlab-explain")
    nxt = out.locator(".cardlab-next")
    trick = view.locator(".cardlab-trick")

    # step 10 of 13: Vera has led Q♣ to the fourth trick (one card in it)
    expect(label).to_have_text("step 10 / 13")
    expect(view.locator(".cardlab-table[data-variant='mariage-3']")).to_be_attached()
    expect(trick).to_have_attribute("data-cards", "1")
    expect(explain).to_contain_text("Vera leads Q♣")
    boris_taken = view.locator(".cardlab-taken[data-seat='1']")
    expect(boris_taken).to_contain_text("1 trick taken")

    nxt.click()   # Ana plays A♣: two cards in the trick
    expect(label).to_have_text("step 11 / 13")
    expect(trick).to_have_attribute("data-cards", "2")
    expect(trick.locator("svg.cardlab-card[data-card='A♣']")).to_be_visible()

    nxt.click()   # Boris trumps with K♠ and wins the trick
    expect(label).to_have_text("step 12 / 13")
    expect(explain).to_contain_text("Boris wins the trick with K♠")
    expect(trick).to_have_class(re.compile("cardlab-last-trick"))
    expect(boris_taken).to_contain_text("2 tricks taken")
    screenshot(page, "voila-m3-trick")

    nxt.click()   # the marriage brings Boris to 71: the hand is over
    expect(label).to_have_text("step 13 / 13")
    expect(explain).to_contain_text("Boris declares the marriage K♥ Q♥")
    expect(explain).to_contain_text("the hand ends at once")
    expect(view.locator(".cardlab-result")).to_have_attribute("data-game-points", "5")
    expect(view.locator(".cardlab-player[data-seat='1']")).to_contain_text("marriage ♦ 20 + marriage ♥ 20")
    expect(nxt).to_be_disabled()
    assert view.locator("svg.cardlab-card[data-card]").count() > 0
    screenshot(page, "voila-m3-marriage")
