"""End to end: the 501 bidding table (AuctionTable) in headless Chromium, in Voila and JupyterLab.

The table (.cardlab-auction) has Look (.cardlab-look), Bid (.cardlab-bid), Pass (.cardlab-pass)
and Play-out (.cardlab-play-out) buttons, the auction so far (.cardlab-auction-calls) and the
table as the learner's seat sees it (.cardlab-view). In russian_501.ipynb the learner sits at
Ana's place (seat 0 of the lesson's first hand), who speaks first. The test looks at the cards (7 cards appear where
there were only backs), bids, passes if the auction comes back, and plays the hand out. Set
CARDLAB_SHOTS=DIR to keep screenshots.
"""

import re

import pytest
from browser_helpers import open_in_voila, run_all_in_lab, screenshot, wait_for
from playwright.sync_api import expect

NOTEBOOK = "russian_501.ipynb"
#: Who the learner is at the lesson's bidding table (its AuctionTable(core.states()[0], seat=0)).
LEARNER = "Ana"

pytestmark = pytest.mark.browser


def _wait_for_auction(page):
    """The live bidding table (its Look button exists only once a kernel ran the cell); a
    traceback ends the wait at once."""
    table = page.locator(".cardlab-auction").filter(has=page.locator(".cardlab-look")).first
    return wait_for(page, table, "the bidding table")


def _click_through_auction(page, table, name):
    cards = table.locator(".cardlab-view svg.cardlab-card[data-card]")
    calls = table.locator(".cardlab-auction-calls")
    expect(table.locator(".cardlab-look")).to_be_enabled()
    expect(calls).to_contain_text("you to speak")
    expect(cards).to_have_count(0)                    # not looked yet: only card backs
    table.scroll_into_view_if_needed()

    table.locator(".cardlab-look").click()
    expect(cards).to_have_count(7)                    # the learner's own seven cards
    expect(table.locator(".cardlab-bid")).to_be_enabled()
    expect(table.locator(".cardlab-bid-amount input")).to_have_value("66")

    table.locator(".cardlab-bid").click()
    expect(calls).to_contain_text(f"{LEARNER} (you): bid 66")
    if "you to speak" in calls.inner_text():         # outbid: pass, and the others finish
        table.locator(".cardlab-pass").click()
        expect(calls).to_contain_text(f"{LEARNER} (you): pass")
    expect(calls).to_contain_text("wins the auction")
    screenshot(page, f"{name}-auction")

    table.locator(".cardlab-play-out").click()
    expect(table.locator(".cardlab-view .cardlab-result")).to_be_visible()
    expect(table.locator(".cardlab-message")).to_contain_text("Hand over")
    expect(table.locator(".cardlab-result-head")).to_have_text(re.compile("^(Contract made|Contract failed|Conceded)$"))
    screenshot(page, f"{name}-played")


def test_voila_auction(page, voila_server):
    open_in_voila(page, voila_server, NOTEBOOK)
    _click_through_auction(page, _wait_for_auction(page), "voila-501")


def test_lab_auction(page, lab_server):
    run_all_in_lab(page, lab_server, NOTEBOOK)
    _click_through_auction(page, _wait_for_auction(page), "lab-501")
