"""End to end: the static JupyterLite site (``python3 dev.py lite``, tools/build_lite.py) in headless
Chromium at 1280×720, served from 127.0.0.1 by the build's own server. Every host but 127.0.0.1 is
blocked, and the test fails on any request that tries to leave it, any HTTP error (in the browser
or at the server) and any traceback (in a cell's output or the kernel's log).

The first page says what to click and that the site has no teacher's view nor class results; the
classroom (the site's students' workbook) runs all its cells: a set code opened in the class's page,
its first exercise answered right (the answer worked out here, in CPython, from the same code) and
its second wrong; the play table runs and a hint comes back, then a card is played.

The site is lite/_output (CARDLAB_LITE_SITE=DIR for another). Missing, the test is skipped, or
fails when CARDLAB_REQUIRE_BROWSER=1 (CI, where dev.py test builds it first). Screenshots
(CARDLAB_SHOTS=DIR): lite-first-page, lite-classroom-right, lite-classroom-wrong, lite-play-hint.
"""

import os
import re
import sys
import threading
from pathlib import Path

import pytest
from browser_helpers import RUN_ALL_DONE, screenshot, wait_until_kernel_idle
from playwright.sync_api import expect

from cardlab.classroom import ExerciseSet

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_lite  # noqa: E402

SITE = Path(os.environ.get("CARDLAB_LITE_SITE") or build_lite.OUTPUT)
TIMEOUT = 180_000        # ms: Pyodide's first start on a loaded 2-core machine
RUN_ALL_TIMEOUT = 300_000
SET_CODE = "66-santase-legal-e2-2026"

pytestmark = pytest.mark.browser


class Watch:
    """What the browser and the server saw that must not happen."""

    def __init__(self):
        self.left: list[str] = []         # requests to any host but 127.0.0.1
        self.http_errors: list[str] = []  # responses ≥ 400, in the browser or at the server
        self.tracebacks: list[str] = []   # console lines (the kernel's log) with a traceback
        self.page_errors: list[str] = []  # errors the pages' scripts did not catch

    def problems(self) -> list[str]:
        return ([f"request left 127.0.0.1: {u}" for u in self.left]
                + [f"HTTP error: {e}" for e in self.http_errors]
                + [f"traceback in the console: {t[:2000]}" for t in self.tracebacks]
                + [f"uncaught error in the page: {e[:2000]}" for e in self.page_errors])


class _Handler(build_lite.SiteHandler):
    watch: Watch = None

    def log_message(self, fmt, *args):
        if len(args) > 1 and str(args[1]).startswith(("4", "5")):
            self.watch.http_errors.append(f"server answered {args[1]} for {args[0]}")


@pytest.fixture(scope="module")
def lite_site():
    """The built site served on 127.0.0.1 by tools/build_lite.py's handler; yields (url, watch)."""
    if not ((SITE / "index.html").exists() and (SITE / "static" / "pyodide" / "pyodide-lock.json").exists()):
        msg = f"the static site is not built in {SITE} (python3 dev.py lite builds it)"
        if os.environ.get("CARDLAB_REQUIRE_BROWSER") == "1":
            pytest.fail(msg + " and CARDLAB_REQUIRE_BROWSER=1", pytrace=False)
        pytest.skip(msg)
    import functools
    import http.server

    watch = Watch()
    handler = type("Handler", (_Handler,), {"watch": watch})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", watch
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def site_page(page, lite_site):
    """A page (and its workers) that may reach only the site; every attempt elsewhere is recorded."""
    url, watch = lite_site
    context = page.context

    def leave(route):
        watch.left.append(route.request.url)
        route.abort()

    context.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/])(?!data:|blob:)"), leave)
    context.on("response", lambda r: r.status >= 400 and watch.http_errors.append(f"{r.status} {r.url}"))
    page.on("console", lambda m: "Traceback" in m.text and watch.tracebacks.append(m.text))
    page.on("pageerror", lambda e: watch.page_errors.append(str(e)))
    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_default_timeout(TIMEOUT)
    yield page, url, watch
    assert not watch.problems(), "\n".join(watch.problems())


def _no_traceback_in_outputs(page):
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']",
                          has_text=re.compile("Traceback|Error"))
    tracebacks = page.locator(".jp-OutputArea-output", has_text="Traceback (most recent call last)")
    assert errors.count() == 0 and tracebacks.count() == 0, \
        "\n".join(errors.all_inner_texts() + tracebacks.all_inner_texts())


def open_and_run_all(page, url: str, link_id: str, notebook: str) -> None:
    """From the first page, click a notebook's link and run all its cells once the kernel is idle."""
    page.goto(url + "/")
    page.locator(f"#{link_id}").click()
    wait_until_kernel_idle(page, notebook, TIMEOUT)
    page.locator(".lm-MenuBar-itemLabel:text-is('Run')").click()
    page.locator(".lm-Menu-itemLabel:text-is('Run All Cells')").click()
    page.wait_for_function(RUN_ALL_DONE, polling=250, timeout=RUN_ALL_TIMEOUT)
    _no_traceback_in_outputs(page)


def test_first_page_says_what_to_click_and_what_the_site_is_not(site_page):
    page, url, watch = site_page
    response = page.goto(url + "/")
    assert response.ok
    expect(page.locator("#cardlab-what")).to_contain_text("Click Classroom")
    expect(page.locator("#cardlab-what")).to_contain_text("Play")
    expect(page.locator("#cardlab-students-only")).to_contain_text("no teacher's view")
    expect(page.locator("#cardlab-students-only")).to_contain_text("records no class results")
    expect(page.locator("#cardlab-lessons")).not_to_contain_text("{{")
    screenshot(page, "lite-first-page")


def test_classroom_in_the_site_an_exercise_right_and_one_wrong(site_page):
    page, url, watch = site_page
    open_and_run_all(page, url, "cardlab-classroom", "notebooks/classroom.ipynb")
    panel = page.locator(".cardlab-panel").first
    expect(panel.locator(".cardlab-class")).to_have_count(1)
    expect(page.locator(".cardlab-hands")).to_have_count(1)       # the sample hands, read from ../data
    expect(page.locator(".cardlab-editor")).to_have_count(1)      # the position editor
    expect(page.locator(".cardlab-class")).to_have_count(6)       # the class's page and one set per game
    text = page.locator(".jp-Notebook").inner_text()
    for words in ("Answer:", "Teacher's page"):      # the students' view only
        assert words not in text, words
    assert page.locator(".cardlab-class-teacher").count() == 0

    panel.locator(".cardlab-panel-code input").fill(SET_CODE)
    panel.locator("button.cardlab-panel-open").click()
    ex = panel.locator(".cardlab-class")
    expect(ex.locator(".cardlab-class-header")).to_contain_text(SET_CODE)
    expect(ex.locator(".cardlab-class-header")).to_contain_text("Exercise 1 of")
    # the first exercise's answer, from the same code in this Python
    exercise = ExerciseSet(SET_CODE, count=2).current
    assert exercise.kind == "legal"
    for card in exercise.answer_text().split():
        ex.locator("button.cardlab-class-card", has_text=card).first.click()
    ex.locator("button.cardlab-class-check").click()
    expect(ex.locator(".cardlab-class-right")).to_contain_text("✔ Right")
    expect(ex.locator(".cardlab-class-score")).to_contain_text("1 of 1 right")
    screenshot(page, "lite-classroom-right")

    ex.locator("button.cardlab-class-next").click()
    expect(ex.locator(".cardlab-class-header")).to_contain_text("Exercise 2 of")
    ex.locator("button.cardlab-class-check").click()              # no card chosen: wrong
    expect(ex.locator(".cardlab-class-wrong")).to_contain_text("✘ Wrong")
    expect(ex.locator(".cardlab-class-score")).to_contain_text("1 of 2 right")
    ex.scroll_into_view_if_needed()
    screenshot(page, "lite-classroom-wrong")
    _no_traceback_in_outputs(page)


def test_play_table_in_the_site_gives_a_hint(site_page):
    page, url, watch = site_page
    open_and_run_all(page, url, "cardlab-play", "notebooks/play.ipynb")
    table = page.locator(".cardlab-play").first
    expect(table).to_be_visible()
    expect(table.locator("button.cardlab-hint-button")).to_be_enabled()
    table.locator("button.cardlab-hint-button").click()
    expect(table.locator(".cardlab-hint")).to_contain_text("Hint:")
    table.scroll_into_view_if_needed()
    screenshot(page, "lite-play-hint")
    marker = table.locator(".cardlab-status-line .cardlab-status")
    before = int(marker.get_attribute("data-refresh") or 0)
    table.locator("button.cardlab-hand-card:enabled").first.click()
    page.wait_for_function(
        """([el, old]) => { const m = el.querySelector('.cardlab-status-line .cardlab-status');
            return m && +m.dataset.refresh > old && m.dataset.busy === '0'; }""",
        arg=[table.element_handle(), before], timeout=TIMEOUT)
    assert "Traceback" not in table.inner_text()
    _no_traceback_in_outputs(page)
