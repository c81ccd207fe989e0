"""End to end: the classroom notebook in Voila (headless Chromium at 1280×720). The
teacher's view of the Sixty-six set is answered right by clicking the cards its
answer names; the students' view of the same exercise is answered wrong (no card clicked); each
shows its verdict with the explanation. Set CARDLAB_SHOTS=DIR to keep screenshots."""

import pytest
from browser_helpers import open_in_voila, screenshot, wait_for
from playwright.sync_api import expect

NOTEBOOK = "classroom.ipynb"
TIMEOUT = 60_000

pytestmark = pytest.mark.browser


def test_voila_answer_an_exercise_right_and_wrong(page, voila_server):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_in_voila(page, voila_server, NOTEBOOK)
    widgets = page.locator(".cardlab-class")
    wait_for(page, widgets.first, "the first exercise widget")
    expect(widgets).to_have_count(6, timeout=TIMEOUT)
    student, teacher = widgets.nth(0), widgets.nth(5)
    expect(student.locator(".cardlab-class-question")).to_contain_text("Which cards may")
    expect(student.locator(".cardlab-class-answer")).to_have_text("")

    answer = teacher.locator(".cardlab-class-teacher b").inner_text().split()
    assert answer and answer != ["none"]
    for card in answer:
        teacher.locator("button.cardlab-class-card", has_text=card).first.click()
    teacher.locator("button.cardlab-class-check").click()
    expect(teacher.locator(".cardlab-class-right")).to_contain_text("Right", timeout=TIMEOUT)
    expect(teacher.locator(".cardlab-class-score")).to_have_text("Score: 1 of 1 right")
    screenshot(page, "voila-classroom-right")

    student.locator("button.cardlab-class-check").click()
    verdict = student.locator(".cardlab-class-wrong")
    expect(verdict).to_contain_text("Not quite", timeout=TIMEOUT)
    expect(verdict).to_contain_text("66.")
    expect(student.locator(".cardlab-class-score")).to_have_text("Score: 0 of 1 right")
    screenshot(page, "voila-classroom-wrong")


def test_voila_position_editor_clear_check_deal_and_refuse(page, voila_server):
    """The position editor in Voila: empty it and Check (refused in words), deal at random and
    Check (drawn), then a card sent to a full place is refused in words."""
    page.set_viewport_size({"width": 1280, "height": 720})
    open_in_voila(page, voila_server, NOTEBOOK)
    editor = page.locator(".cardlab-editor")
    wait_for(page, editor.first, "the position editor")
    editor.scroll_into_view_if_needed()
    expect(editor.locator(".cardlab-editor-right")).to_contain_text("Saved to", timeout=TIMEOUT)  # the notebook saved it
    expect(editor.locator("button.cardlab-editor-card")).to_have_count(24)

    editor.locator("button.cardlab-editor-clear").click()
    expect(editor.locator(".cardlab-editor-note")).to_contain_text("Every place is empty", timeout=TIMEOUT)
    editor.locator("button.cardlab-editor-check").click()
    expect(editor.locator(".cardlab-editor-mistake")).to_contain_text("Not a position yet", timeout=TIMEOUT)
    screenshot(page, "voila-editor-empty")

    editor.locator("button.cardlab-editor-random").click()
    expect(editor.locator(".cardlab-editor-note")).to_contain_text("A random deal", timeout=TIMEOUT)
    editor.locator("button.cardlab-editor-check").click()
    expect(editor.locator(".cardlab-editor-right")).to_contain_text("A legal position", timeout=TIMEOUT)
    expect(editor.locator(".cardlab-editor-drawing .cardlab-table")).to_be_visible(timeout=TIMEOUT)
    screenshot(page, "voila-editor-checked")

    editor.locator(".cardlab-editor-place button", has_text="turn-up").click()
    editor.locator("button.cardlab-editor-card").filter(has_text="·").filter(has_not_text="turn-up").first.click()
    expect(editor.locator(".cardlab-editor-mistake")).to_contain_text("already has its 1 card", timeout=TIMEOUT)
