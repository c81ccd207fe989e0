"""End to end: the play table's card pictures are its controls (issue 24, "click the card you mean").

In headless Chromium at 1280×720, in JupyterLab (Run All of notebooks/play.ipynb, every locator
inside that notebook's own panel) and in Voila, for every variant of the table's "Game" menu, one
whole hand is played to its result by clicking the pictures of the learner's cards in the table
picture (a random clickable card each time, the first one by the keyboard: focus and Enter); the
buttons are used only for decisions that are not a card (bids, passes, contracts, a marriage's
choice, laying the picked bid cards). On the way: a clickable card shows a pointer and an outline
on hover, a card that may not be clicked shows neither, and no card button of the hand is ever
pressed. One check on the static JupyterLite site: a card picture clicked in its play table plays
(skipped as test_browser_lite.py is when the site is not built). Screenshots with CARDLAB_SHOTS=DIR.
"""

import random
import statistics
import time

import pytest
from browser_helpers import open_in_voila, run_all_in_lab, screenshot, wait_for
from playwright.sync_api import expect

from cardlab import variants
# the static site's fixtures (skipped there, and so here, when the site is not built)
from test_browser_lite import _no_traceback_in_outputs, lite_site, open_and_run_all, site_page  # noqa: F401

NOTEBOOK = "play.ipynb"
STEP_TIMEOUT = 60_000
CHOICE = "choose what to do with it"
HOVER = "rgb(21, 101, 192)"        # #1565c0, card_view.CSS

pytestmark = pytest.mark.browser

#: seconds from a card picture's click to the table redrawn, per test (printed with -s)
LATENCY: list = []

REDRAWN = """([el, old]) => { const m = el.querySelector('.cardlab-status-line .cardlab-status');
    return m && +m.dataset.refresh > old && m.dataset.busy === '0'; }"""


def _redraws(table) -> int:
    return int(table.locator(".cardlab-status-line .cardlab-status").get_attribute("data-refresh") or 0)


def _after(page, table, act, timed: bool = False) -> None:
    """Do ``act`` and wait until the kernel has redrawn the table (its redraw counter moved on
    and it is not busy), then let the new picture settle; ``timed``: keep the wait in LATENCY."""
    before = _redraws(table)
    start = time.monotonic()
    act()
    page.wait_for_function(REDRAWN, arg=[table.element_handle(), before], timeout=STEP_TIMEOUT, polling=20)
    if timed:
        LATENCY.append(time.monotonic() - start)
    page.wait_for_timeout(100)


def _style(locator, prop: str) -> str:
    return locator.evaluate(f"el => getComputedStyle(el).{prop}")


def _check_the_look(page, table, name: str) -> None:
    """A clickable card: a pointer, and the blue outline on hover; a card of the hand that may
    not be clicked: neither (the drawing's own look)."""
    card = table.locator(".cardlab-view [data-playable]").first
    assert _style(card, "cursor") == "pointer", name
    card.hover()
    page.wait_for_timeout(50)
    assert (_style(card, "outlineStyle"), _style(card, "outlineColor")) == ("solid", HOVER), name
    screenshot(page, f"card-hover-{name}")
    locked = table.locator(".cardlab-view .cardlab-hand .cardlab-card[data-card]:not([data-playable])")
    for k in range(locked.count()):
        assert _style(locked.nth(k), "cursor") != "pointer", name
        assert _style(locked.nth(k), "outlineColor") != HOVER, name
    page.mouse.move(0, 0)


def _play_hand_by_clicks(page, table, name: str, rng: random.Random, keyboard: bool) -> int:
    """Play to the hand's result, clicking card pictures for every card decision; returns how
    many card pictures were clicked."""
    clicked = 0
    looked = False
    for _ in range(400):
        if table.locator(".cardlab-view .cardlab-result").count():
            break
        cards = table.locator(".cardlab-view [data-playable]")
        fresh = table.locator(".cardlab-view [data-playable]:not([data-picked])")
        lay = table.locator("button.cardlab-lay:enabled")
        choosing = CHOICE in table.locator(".cardlab-message").inner_text()
        actions = table.locator(".cardlab-actions button.cardlab-action:enabled")
        numbers = table.locator("button.cardlab-number:enabled")
        if lay.count():                              # three bid cards picked: lay them
            _after(page, table, lay.first.click)
        elif choosing and actions.count():           # a card with several actions: its choice
            k = rng.randrange(actions.count())
            _after(page, table, actions.nth(k).click)
        elif fresh.count():                          # a card decision: click a card picture
            if not looked:
                _check_the_look(page, table, name)
                looked = True
            card = fresh.nth(rng.randrange(fresh.count()))
            if keyboard and clicked == 0:
                card.focus()
                _after(page, table, lambda: page.keyboard.press("Enter"), timed=True)
            else:
                _after(page, table, lambda: card.click(timeout=STEP_TIMEOUT), timed=True)
            clicked += 1
        elif numbers.count():
            _after(page, table, numbers.nth(rng.randrange(numbers.count())).click)
        elif actions.count():
            _after(page, table, actions.nth(rng.randrange(actions.count())).click)
        elif cards.count() == 0:                     # the computer is still thinking
            page.wait_for_timeout(200)
        else:
            pytest.fail(f"{name}: only picked cards offered and nothing to lay")
    expect(table.locator(".cardlab-view .cardlab-result")).to_be_visible()
    assert "Traceback" not in table.inner_text()
    assert "ignored" not in table.locator(".cardlab-message").inner_text(), name
    return clicked


def _every_variant(page, table, where: str) -> None:
    rng = random.Random(where)
    menu = table.locator(".cardlab-variant-menu select")
    # no hand card button is pressed in this test: count their clicks in the page
    table.evaluate("""el => { window.cardlabHandButtonClicks = 0;
        el.addEventListener('click', ev => { if (ev.target.closest('button.cardlab-hand-card'))
            window.cardlabHandButtonClicks += 1; }, true); }""")
    for i, name in enumerate(variants.names()):
        if table.locator(f".cardlab-view .cardlab-table[data-variant='{name}']").count() == 0:
            _after(page, table, lambda: menu.select_option(label=variants.get(name).title))
        expect(table.locator(f".cardlab-view .cardlab-table[data-variant='{name}']")).to_be_attached()
        clicked = _play_hand_by_clicks(page, table, name, rng, keyboard=i == 0)
        assert clicked > 0, f"{where} {name}: no card picture clicked"
        table.scroll_into_view_if_needed()
        screenshot(page, f"{where}-card-click-{name}")
    assert page.evaluate("() => window.cardlabHandButtonClicks") == 0
    print(f"\n{where}: {len(LATENCY)} card pictures clicked; click to redrawn table (the computer's "
          f"replies included) median {statistics.median(LATENCY):.2f} s, max {max(LATENCY):.2f} s")
    LATENCY.clear()


def test_lab_play_a_hand_of_every_variant_by_clicking_card_pictures(page, lab_server):
    page.set_viewport_size({"width": 1280, "height": 720})
    run_all_in_lab(page, lab_server, NOTEBOOK)
    # Lab's workspace may hold notebooks other tests opened: look in this notebook's panel only
    panel = page.locator(f"[id='{page.evaluate('() => window.jupyterapp.shell.currentWidget.id')}']")
    table = wait_for(page, panel.locator(".cardlab-play").first, "the play table")
    _every_variant(page, table, "lab")


def test_voila_play_a_hand_of_every_variant_by_clicking_card_pictures(page, voila_server):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_in_voila(page, voila_server, NOTEBOOK)
    table = wait_for(page, page.locator(".cardlab-play").first, "the play table")
    _every_variant(page, table, "voila")


def test_static_site_plays_a_clicked_card_picture(site_page):
    """The static site's play table: a card picture clicked plays that card, or opens its choice."""
    page, url, _watch = site_page
    open_and_run_all(page, url, "cardlab-play", "notebooks/play.ipynb")
    table = page.locator(".cardlab-play").first
    card = table.locator(".cardlab-view [data-playable]").first
    expect(card).to_be_visible()
    text = card.get_attribute("data-card")
    _after(page, table, card.click)
    gone = table.locator(f".cardlab-view .cardlab-hand [data-card='{text}']").count() == 0
    assert gone or CHOICE in table.locator(".cardlab-message").inner_text(), text
    assert "Traceback" not in table.inner_text()
    screenshot(page, "lite-card-click")
    _no_traceback_in_outputs(page)
