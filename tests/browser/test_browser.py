"""End to end: the Sixty-six Stepper in headless Chromium, in JupyterLab and in Voila.

The Stepper shows a Next button (.cardlab-next), a label (.cardlab-step-label) reading
"step k / n", the card table (.cardlab-view, with the current trick in .cardlab-trick) and the
step's explanation (.cardlab-explain). Set CARDLAB_SHOTS=DIR to keep screenshots.
"""

import re

import pytest
from browser_helpers import open_in_voila, run_all_in_lab, screenshot, wait_for
from playwright.sync_api import expect

NOTEBOOK = "sixty_six.ipynb"

pytestmark = pytest.mark.browser


def _wait_for_stepper(page):
    """The first rendered Stepper's output area. Its Next button exists only once a live kernel
    has run the cell, so this also waits for execution; a traceback ends the wait at once."""
    output = page.locator(".jp-OutputArea-output").filter(has=page.locator(".cardlab-next")).first
    return wait_for(page, output, "the Stepper")


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
    screenshot(page, name)


def test_lab_run_all_then_next(page, lab_server):
    run_all_in_lab(page, lab_server, NOTEBOOK)
    _click_next_and_check(page, _wait_for_stepper(page), "lab-sixty_six")


def test_voila_render_then_next(page, voila_server):
    open_in_voila(page, voila_server, NOTEBOOK)
    _click_next_and_check(page, _wait_for_stepper(page), "voila-sixty_six")
