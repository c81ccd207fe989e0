"""End to end: the Sixty-six Stepper in headless Chromium, in JupyterLab and in Voila.

The Stepper shows a Next button (.cardlab-next), a label (.cardlab-step-label) reading
"step k / n", the card table (.cardlab-view, with the current trick in .cardlab-trick) and the
step's explanation (.cardlab-explain). Set CARDLAB_SHOTS=DIR to keep screenshots.
"""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

NOTEBOOK = "sixty_six.ipynb"
TIMEOUT = 120_000  # ms; a cold kernel plus Run All on a loaded 2-core machine

pytestmark = pytest.mark.browser


def _screenshot(page, name):
    if os.environ.get("CARDLAB_SHOTS"):
        shots = Path(os.environ["CARDLAB_SHOTS"])
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=shots / f"{name}.png")


def _wait_for_stepper(page):
    """The first rendered Stepper's output area. Its Next button exists only once a live kernel
    has run the cell, so this also waits for execution; a traceback ends the wait at once."""
    output = page.locator(".jp-OutputArea-output").filter(has=page.locator(".cardlab-next")).first
    errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr']",
                          has_text=re.compile("Traceback|error when executing"))
    expect(output.or_(errors).first).to_be_visible(timeout=TIMEOUT)
    if not output.is_visible():
        pytest.fail("a cell failed before the Stepper appeared:\n" + "\n".join(errors.all_inner_texts()),
                    pytrace=False)
    return output


def _click_next_and_check(page, output, name):
    label = output.locator(".cardlab-step-label")
    view = output.locator(".cardlab-view")
    trick = view.locator(".cardlab-trick").first
    expect(label).to_have_text(re.compile(r"^step \d+ / \d+$"))
    k, n = map(int, re.findall(r"\d+", label.text_content()))
    assert k < n, f"Stepper is already at its last step: {label.text_content()!r}"
    expect(trick).to_be_attached()
    expect(output.locator(".cardlab-explain")).to_be_attached()
    view_before, trick_before = view.inner_html(), trick.inner_html()

    output.locator(".cardlab-next").click()

    expect(label).to_have_text(f"step {k + 1} / {n}")
    page.wait_for_function("([el, old]) => el.innerHTML !== old",
                           arg=[view.element_handle(), view_before])
    assert trick.inner_html() != trick_before, "the trick did not change after Next"
    assert view.locator("svg.cardlab-card[data-card]").count() > 0
    output.scroll_into_view_if_needed()
    _screenshot(page, name)


def test_lab_run_all_then_next(page, lab_server):
    page.set_default_timeout(TIMEOUT)
    found = page.request.get(f"{lab_server}/api/contents/{NOTEBOOK}?content=0")
    assert found.ok, f"{NOTEBOOK} is not among the served notebooks ({found.status})"
    page.goto(f"{lab_server}/lab/tree/{NOTEBOOK}")
    # "Run All" sent before the session is ready opens a "Select Kernel" dialog and runs nothing.
    page.wait_for_function(
        "path => window.jupyterapp?.shell.currentWidget?.context?.path === path", arg=NOTEBOOK)
    page.evaluate("""async () => {
        const nb = window.jupyterapp.shell.currentWidget;
        await nb.context.ready;
        await nb.sessionContext.ready;
    }""")
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status"
        " === 'idle'")
    page.locator(".lm-MenuBar-itemLabel:text-is('Run')").click()
    page.locator(".lm-Menu-itemLabel:text-is('Run All Cells')").click()
    _click_next_and_check(page, _wait_for_stepper(page), "lab-sixty_six")


def test_voila_render_then_next(page, voila_server):
    page.set_default_timeout(TIMEOUT)
    response = page.goto(f"{voila_server}/voila/render/{NOTEBOOK}")
    assert response.ok, f"Voila answered {response.status} for {NOTEBOOK}"
    _click_next_and_check(page, _wait_for_stepper(page), "voila-sixty_six")
