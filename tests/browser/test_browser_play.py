"""End to end: the play table (notebooks/play.ipynb) in headless Chromium at 1280×720, in
JupyterLab and in Voila. For every variant, chosen in the table's "Game" menu, one whole hand is
played by clicking as a person does (the offered buttons, the cards of the hand, the number
fields' buttons), with one hint and one take-back, until the result shows. Set CARDLAB_SHOTS=DIR
to keep a screenshot of each finished hand."""

import random

import pytest
from browser_helpers import open_in_voila, run_all_in_lab, screenshot, wait_for
from playwright.sync_api import expect

from cardlab import variants

NOTEBOOK = "play.ipynb"
STEP_TIMEOUT = 60_000

pytestmark = pytest.mark.browser


def _table(page):
    return wait_for(page, page.locator(".cardlab-play").first, "the play table")


def _redraws(table) -> int:
    marker = table.locator(".cardlab-status-line .cardlab-status")
    return int(marker.get_attribute("data-refresh") or 0)


def _click(page, table, locator) -> None:
    """Click and wait until the kernel has redrawn the table (its redraw counter moved on and
    it is not busy), then let the new buttons settle."""
    before = _redraws(table)
    locator.click(timeout=STEP_TIMEOUT)
    page.wait_for_function(
        """([el, old]) => { const m = el.querySelector('.cardlab-status-line .cardlab-status');
            return m && +m.dataset.refresh > old && m.dataset.busy === '0'; }""",
        arg=[table.element_handle(), before], timeout=STEP_TIMEOUT)
    page.wait_for_timeout(150)


def _play_hand(page, table, name: str, rng: random.Random) -> None:
    hinted = took_back = False
    for _ in range(300):
        if table.locator(".cardlab-view .cardlab-result").count():
            break
        lay = table.locator("button.cardlab-lay:enabled")
        numbers = table.locator("button.cardlab-number:enabled")
        actions = table.locator(".cardlab-actions button.cardlab-action:enabled")
        cards = table.locator("button.cardlab-hand-card:enabled")
        if not hinted and (actions.count() + cards.count() > 1):
            _click(page, table, table.locator("button.cardlab-hint-button"))
            expect(table.locator(".cardlab-hint")).to_contain_text("Hint:")
            hinted = True
            continue
        if lay.count():
            target = lay.first
        elif numbers.count():
            target = numbers.nth(rng.randrange(numbers.count()))
        else:
            pool = actions.count() + cards.count()
            if pool == 0:           # the computer is still thinking, or the hand just ended
                page.wait_for_timeout(200)
                continue
            k = rng.randrange(pool)
            target = actions.nth(k) if k < actions.count() else cards.nth(k - actions.count())
        _click(page, table, target)
        if hinted and not took_back and table.locator("button.cardlab-take-back:enabled").count():
            _click(page, table, table.locator("button.cardlab-take-back"))
            expect(table.locator(".cardlab-message")).to_contain_text("Taken back")
            took_back = True
    expect(table.locator(".cardlab-view .cardlab-result")).to_be_visible()
    assert hinted and took_back, (name, hinted, took_back)
    assert "Traceback" not in table.inner_text()


def _every_variant(page, table, where: str) -> None:
    rng = random.Random(where)
    menu = table.locator(".cardlab-variant-menu select")
    for name in variants.names():
        title = variants.get(name).title
        if table.locator(f".cardlab-view .cardlab-table[data-variant='{name}']").count() == 0:
            before = _redraws(table)
            menu.select_option(label=title)
            page.wait_for_function(
                """([el, old]) => { const m = el.querySelector('.cardlab-status-line .cardlab-status');
                    return m && +m.dataset.refresh > old && m.dataset.busy === '0'; }""",
                arg=[table.element_handle(), before], timeout=STEP_TIMEOUT)
        expect(table.locator(f".cardlab-view .cardlab-table[data-variant='{name}']")).to_be_attached()
        _play_hand(page, table, name, rng)
        table.scroll_into_view_if_needed()
        screenshot(page, f"{where}-play-{name}")


def test_lab_play_a_hand_of_every_variant(page, lab_server):
    page.set_viewport_size({"width": 1280, "height": 720})
    run_all_in_lab(page, lab_server, NOTEBOOK)
    _every_variant(page, _table(page), "lab")


def test_voila_play_a_hand_of_every_variant(page, voila_server):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_in_voila(page, voila_server, NOTEBOOK)
    _every_variant(page, _table(page), "voila")
