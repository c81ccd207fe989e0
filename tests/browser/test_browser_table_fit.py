"""One screen per move (issue 24): the play table (notebooks/play.ipynb) in headless Chromium at
1280×720, in JupyterLab (about 600 px of notebook under Lab's bars) and in Voila. For every variant
of the table's "Game" menu one hand is played with random legal choices by clicking as a person
does; at every decision of the learner (bidding, exchange, bid cards, card play, the end of the
hand), with the table scrolled to its top, the table picture (``cardlab-view``), the learner's hand
(``cardlab-hand-cards``), the controls (``cardlab-actions``) and the tools (``cardlab-tools``) lie
inside the visible area together, so nothing has to be scrolled to see the table and act. The hint
(pressed at the first decision with a choice) and the review (at the end) open inside the visible
area too. A narrower window (1024×768, a projector) keeps the table, its controls and tools in
view with nothing wider than the window; on a phone's width (480 px) the side column wraps below
the main one, and nothing is wider than the window either.

Set CARDLAB_FIT_LOG=FILE to append every measurement (JSON lines: where, variant, decision kind,
the boxes' top and height in CSS px) for the report's figures; CARDLAB_SHOTS=DIR keeps screenshots.
"""

import json
import os
import random

import pytest
from browser_helpers import open_in_voila, run_all_in_lab, screenshot, wait_for
from playwright.sync_api import expect

from cardlab import variants

NOTEBOOK = "play.ipynb"
STEP_TIMEOUT = 60_000
#: Pixels a box may stick out of the visible area (sub-pixel rounding, a border).
SLACK = 2

pytestmark = pytest.mark.browser

#: The boxes measured, by name -> the CSS selector of their element inside the table.
BOXES = {"setup": ".cardlab-setup", "status": ".cardlab-status-line", "view": ".cardlab-view",
         "hand": ".cardlab-hand-cards", "actions": ".cardlab-actions", "tools": ".cardlab-tools",
         "hint": ".cardlab-hint", "review": ".cardlab-review", "log": ".cardlab-log",
         "main": ".cardlab-play-main", "side": ".cardlab-play-side"}
#: What must be visible together at every decision.
MUST_FIT = ("view", "hand", "actions", "tools")

# The visible part of the page for an element: the viewport cut by every scrolling ancestor (Lab's
# notebook panel scrolls inside the window; Voila's page scrolls the window itself). Scrolls the
# table's top to the top of that area first, as a learner scrolls to the table once.
_MEASURE = """([root, boxes, scroll]) => {
    const area = {top: 0, bottom: window.innerHeight, left: 0, right: window.innerWidth};
    for (let e = root.parentElement; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (/(auto|scroll|overlay)/.test(s.overflowY) && e.scrollHeight > e.clientHeight) {
            const r = e.getBoundingClientRect();
            area.top = Math.max(area.top, r.top); area.bottom = Math.min(area.bottom, r.top + e.clientHeight);
        }
    }
    if (scroll) {
        for (let e = root.parentElement; e; e = e.parentElement) {
            const s = getComputedStyle(e);
            if (/(auto|scroll|overlay)/.test(s.overflowY) && e.scrollHeight > e.clientHeight) {
                e.scrollTop += root.getBoundingClientRect().top - area.top; break;
            }
            if (e === document.documentElement || e === document.body) {
                window.scrollBy(0, root.getBoundingClientRect().top - area.top); break;
            }
        }
    }
    const box = el => {
        if (!el) return null;
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) return null;       // not shown (display: none)
        return {top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left),
                right: Math.round(r.right), height: Math.round(r.height), width: Math.round(r.width)};
    };
    const out = {area: {top: Math.round(area.top), bottom: Math.round(area.bottom),
                        height: Math.round(area.bottom - area.top), width: window.innerWidth},
                 play: box(root), page_width: document.documentElement.scrollWidth};
    for (const [k, sel] of Object.entries(boxes)) out[k] = box(root.querySelector(sel));
    return out;
}"""


def _measure(table, scroll: bool = True) -> dict:
    return table.page.evaluate(_MEASURE, [table.element_handle(), BOXES, scroll])


def _log(record: dict) -> None:
    path = os.environ.get("CARDLAB_FIT_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")


def _outside(m: dict, names) -> list:
    """The names of ``m``'s boxes (of ``names``) that stick out of its visible area."""
    a = m["area"]
    return [f"{k} {m[k]['top']}..{m[k]['bottom']}" for k in names
            if m.get(k) and (m[k]["top"] < a["top"] - SLACK or m[k]["bottom"] > a["bottom"] + SLACK)]


def _redraws(table) -> int:
    return int(table.locator(".cardlab-status-line .cardlab-status").get_attribute("data-refresh") or 0)


def _wait_redraw(page, table, before: int) -> None:
    page.wait_for_function(
        """([el, old]) => { const m = el.querySelector('.cardlab-status-line .cardlab-status');
            return m && +m.dataset.refresh > old && m.dataset.busy === '0'; }""",
        arg=[table.element_handle(), before], timeout=STEP_TIMEOUT)
    # the new buttons are drawn after the redraw marker: wait until the enabled ones stop changing
    seen = None
    for _ in range(40):
        page.wait_for_timeout(150)
        now = table.evaluate("el => [...el.querySelectorAll('button:enabled')].map(b => b.textContent).join('|')")
        if now == seen:
            break
        seen = now


def _click(page, table, locator) -> None:
    before = _redraws(table)
    locator.click(timeout=STEP_TIMEOUT)
    _wait_redraw(page, table, before)


def _decision_kind(table) -> str:
    if table.locator(".cardlab-view .cardlab-result").count():
        return "end of the hand"
    if table.locator("button.cardlab-lay").count():
        return "bid cards"
    if table.locator(".cardlab-number-box").count():
        return "number"
    if table.locator("button.cardlab-hand-card:enabled").count():
        return "card" if not table.locator(".cardlab-actions button.cardlab-action").count() else "card or button"
    return "button"


def _check(table, where: str, name: str, kind: str, problems: list, extra=()) -> dict:
    m = _measure(table)
    _log({"where": where, "variant": name, "kind": kind, **m})
    bad = _outside(m, MUST_FIT + tuple(extra))
    if bad:
        problems.append(f"{name}, {kind}: outside the visible {m['area']['top']}..{m['area']['bottom']}: "
                        + ", ".join(bad))
    return m


def _play_hand(page, table, where: str, name: str, rng: random.Random, problems: list) -> set:
    kinds = set()
    hinted = False
    for _ in range(300):
        kind = _decision_kind(table)
        lay = table.locator("button.cardlab-lay:enabled")
        numbers = table.locator("button.cardlab-number:enabled")
        actions = table.locator(".cardlab-actions button.cardlab-action:enabled")
        cards = table.locator("button.cardlab-hand-card:enabled")
        picks = table.locator(".cardlab-hand-cards button.cardlab-hand-card:enabled:not(.cardlab-picked)")
        if kind == "end of the hand":
            break
        pool = actions.count() + cards.count()
        if not (lay.count() or numbers.count() or pool):
            page.wait_for_timeout(200)          # the computer is thinking
            continue
        kinds.add(kind)
        _check(table, where, name, kind, problems)
        if not hinted and pool + numbers.count() > 1:
            _click(page, table, table.locator("button.cardlab-hint-button"))
            expect(table.locator(".cardlab-hint")).to_contain_text("Hint:")
            _check(table, where, name, "hint", problems, extra=("hint",))
            screenshot(page, f"{where}-fit-{name}-hint")
            hinted = True
        if lay.count():
            target = lay.first
        elif kind == "bid cards":
            clear = table.locator("button.cardlab-clear-pick:enabled")
            too_many = table.locator(".cardlab-bid-cards-note", has_text="Pick exactly").count()
            target = clear.first if too_many or not picks.count() else picks.nth(rng.randrange(picks.count()))
        elif numbers.count():
            target = numbers.nth(rng.randrange(numbers.count()))
        else:
            k = rng.randrange(pool)
            target = actions.nth(k) if k < actions.count() else cards.nth(k - actions.count())
        _click(page, table, target)
    expect(table.locator(".cardlab-view .cardlab-result")).to_be_visible()
    kinds.add("end of the hand")
    _check(table, where, name, "end of the hand", problems)
    _click(page, table, table.locator("button.cardlab-review-button"))
    expect(table.locator(".cardlab-review")).to_contain_text("Review")
    _check(table, where, name, "review", problems, extra=("review",))
    screenshot(page, f"{where}-fit-{name}-review")
    assert hinted, f"{name}: no decision with a choice to ask a hint for"
    return kinds


def _every_variant(page, table, where: str) -> None:
    rng = random.Random(where)
    menu = table.locator(".cardlab-variant-menu select")
    problems: list = []
    seen = {}
    for name in variants.names():
        if table.locator(f".cardlab-view .cardlab-table[data-variant='{name}']").count() == 0:
            before = _redraws(table)
            menu.select_option(label=variants.get(name).title)
            _wait_redraw(page, table, before)
        expect(table.locator(f".cardlab-view .cardlab-table[data-variant='{name}']")).to_be_attached()
        seen[name] = _play_hand(page, table, where, name, rng, problems)
    kinds = set().union(*seen.values())
    assert {"card", "end of the hand"} <= kinds and ({"number", "bid cards", "button"} & kinds), seen
    assert not problems, "the table does not fit the visible area:\n" + "\n".join(problems)


def _lab_table(page):
    panel = page.locator(f"[id='{page.evaluate('() => window.jupyterapp.shell.currentWidget.id')}']")
    return wait_for(page, panel.locator(".jp-OutputArea-output .cardlab-play").first, "the play table")


def test_lab_table_fits_at_1280x720(page, lab_server):
    page.set_viewport_size({"width": 1280, "height": 720})
    run_all_in_lab(page, lab_server, NOTEBOOK)
    _every_variant(page, _lab_table(page), "lab")


def test_voila_table_fits_at_1280x720(page, voila_server):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_in_voila(page, voila_server, NOTEBOOK)
    _every_variant(page, wait_for(page, page.locator(".cardlab-play").first, "the play table"), "voila")


def test_voila_narrow_window_keeps_the_table_in_view(page, voila_server):
    """At 1024×768 (a projector) every variant's first decision fits and nothing is wider than
    the window; at a phone's 480 px the side column is below the main one, nothing wider."""
    page.set_viewport_size({"width": 1024, "height": 768})
    open_in_voila(page, voila_server, NOTEBOOK)
    table = wait_for(page, page.locator(".cardlab-play").first, "the play table")
    menu = table.locator(".cardlab-variant-menu select")
    problems: list = []
    for name in variants.names():
        if table.locator(f".cardlab-view .cardlab-table[data-variant='{name}']").count() == 0:
            before = _redraws(table)
            menu.select_option(label=variants.get(name).title)
            _wait_redraw(page, table, before)
        m = _check(table, "voila-1024", name, _decision_kind(table), problems)
        if m["page_width"] > 1024:
            problems.append(f"{name}: the page is {m['page_width']} px wide in a 1024 px window")
        screenshot(page, f"voila-1024-fit-{name}")
    assert not problems, "\n".join(problems)
    page.set_viewport_size({"width": 480, "height": 900})
    page.wait_for_timeout(500)
    m = _measure(table)
    _log({"where": "voila-480", "variant": "", "kind": "", **m})
    assert m["side"]["top"] >= m["main"]["bottom"] - SLACK, m
    assert m["page_width"] <= 480, m
    screenshot(page, "voila-480-fit")
