"""End to end: the classroom notebook in Voila (headless Chromium at 1280×720), as a class uses
it. The teacher's page (the address with ?view=teacher) shows each answer, and the class's page's
first exercise is answered right by clicking the cards that answer names; on the students' page
no answer is shown, a student opens the teacher's set code and answers wrong (no card clicked),
and a code that cannot be read is answered in words with its place. Each verdict shows its
explanation. Set CARDLAB_SHOTS=DIR to keep screenshots."""

import pytest
from browser_helpers import open_in_voila, screenshot, wait_for
from playwright.sync_api import expect

NOTEBOOK = "classroom.ipynb"
TIMEOUT = 60_000

pytestmark = pytest.mark.browser


def _class_page(page, server, query=""):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_in_voila(page, server, NOTEBOOK + query)
    panel = page.locator(".cardlab-panel")
    wait_for(page, panel.first, "the class's page")
    expect(page.locator(".cardlab-class")).to_have_count(6, timeout=TIMEOUT)   # the page's set and one per game
    return panel.first


def test_voila_teacher_page_shows_answers_and_an_answer_is_right(page, voila_server):
    panel = _class_page(page, voila_server, "?view=teacher")
    expect(panel.locator(".cardlab-panel-teacher")).to_contain_text("Teacher's view")
    for i in range(6):      # every exercise on the teacher's page shows its answer
        expect(page.locator(".cardlab-class").nth(i).locator(".cardlab-class-teacher")).to_contain_text("Answer:")
    ex = panel.locator(".cardlab-class")
    expect(ex.locator(".cardlab-class-question")).to_contain_text("Which cards may")
    answer = ex.locator(".cardlab-class-teacher b").inner_text().split()
    assert answer and answer != ["none"]
    for card in answer:
        ex.locator("button.cardlab-class-card", has_text=card).first.click()
    ex.locator("button.cardlab-class-check").click()
    expect(ex.locator(".cardlab-class-right")).to_contain_text("Right", timeout=TIMEOUT)
    expect(ex.locator(".cardlab-class-score")).to_have_text("Score: 1 of 1 right")
    screenshot(page, "voila-classroom-teacher-right")


def test_voila_students_page_opens_the_teachers_code_and_an_answer_is_wrong(page, voila_server):
    panel = _class_page(page, voila_server)
    expect(panel.locator(".cardlab-panel-students")).to_contain_text("New set")
    expect(page.locator(".cardlab-class-teacher")).to_have_count(0)     # no answer anywhere

    panel.locator(".cardlab-panel-code input").fill("66-santase-legal,trick-2026")
    panel.locator("button.cardlab-panel-open").click()
    expect(panel.locator(".cardlab-panel-set")).to_contain_text("66-santase-legal,trick-2026", timeout=TIMEOUT)
    ex = panel.locator(".cardlab-class")
    expect(ex.locator(".cardlab-class-header")).to_contain_text("Exercise 1 of 4")
    expect(ex.locator(".cardlab-class-question")).to_contain_text("Which cards may")
    expect(ex.locator(".cardlab-class-answer")).to_have_text("")
    ex.locator("button.cardlab-class-check").click()
    verdict = ex.locator(".cardlab-class-wrong")
    expect(verdict).to_contain_text("Not quite", timeout=TIMEOUT)
    expect(verdict).to_contain_text("66.")
    expect(ex.locator(".cardlab-class-score")).to_have_text("Score: 0 of 1 right")
    screenshot(page, "voila-classroom-students-wrong")

    panel.locator(".cardlab-panel-code input").fill("66-santase-legal,tricks-2026")
    panel.locator("button.cardlab-panel-open").click()
    mistake = panel.locator(".cardlab-panel-mistake")
    expect(mistake).to_contain_text("'tricks' is not an exercise", timeout=TIMEOUT)
    expect(mistake).to_contain_text("at character")
    expect(ex.locator(".cardlab-class-header")).to_contain_text("66-santase-legal,trick-2026")   # the set stays
    screenshot(page, "voila-classroom-bad-code")


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


def test_voila_sample_hand_chosen_and_stepped_at_projector_size(page, voila_server):
    """The sample hands on the class's page: choose a 501 hand from the menu, draw it at the
    projector's size, and step on: the step and its explanation change."""
    _class_page(page, voila_server)
    hands = page.locator(".cardlab-hands").first
    hands.scroll_into_view_if_needed()
    hands.locator(".cardlab-hands-menu select").select_option(label="501: No trump")
    stepper = hands.locator(".cardlab-stepper")
    expect(stepper.locator(".cardlab-view .cardlab-table")).to_have_attribute("data-variant", "russian-501",
                                                                              timeout=TIMEOUT)
    hands.locator(".cardlab-hands-size select").select_option("projector")
    expect(stepper.locator(".cardlab-view .cardlab-zoom")).to_have_count(1, timeout=TIMEOUT)
    before = stepper.locator(".cardlab-explain").inner_text()
    stepper.locator("button.cardlab-next").click()
    expect(stepper.locator(".cardlab-step-label")).to_contain_text("step 2 /", timeout=TIMEOUT)
    expect(stepper.locator(".cardlab-explain")).not_to_have_text(before)
    expect(hands.locator(".cardlab-hands-mistake")).to_have_count(0)
    screenshot(page, "voila-classroom-sample-hand")
