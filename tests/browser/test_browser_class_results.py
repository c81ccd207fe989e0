"""End to end (issue 22): three students and the teacher on the class's page, served as
``python3 dev.py class`` serves it (tools/class_server.ClassServer: preheated kernels, the teacher's
key, a class folder of its own), in headless Chromium at 1280×720.

The students open the teacher's set code; an answer before joining is not checked and the page
says to join first; they join with names (the third tries a name already taken, is asked whether
it is the same student after a reload, says no and joins with another); each answers two
exercises. The teacher's results panel, never clicked, shows the three students and their answers
within a refresh of its own timer; a students' page shows no other student's name.

Screenshots (``browser_helpers.screenshot``; kept when CARDLAB_SHOTS=DIR is set):
voila-results-teacher-empty, voila-results-join-first, voila-results-name-taken,
voila-results-student-answered, voila-results-teacher.
"""

import shutil
import sys
from pathlib import Path

import pytest
from browser_helpers import open_class_page, screenshot, wait_for
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import class_server  # noqa: E402

TIMEOUT = 120_000
CODE = "66-santase-legal,trick-e2-2026"
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The class page served from a copy of notebooks/class.ipynb (and data/ beside it), with a
    class folder of its own; a pool of 5 preheated kernels (three students, the teacher, a spare)."""
    tmp = tmp_path_factory.mktemp("class-results")
    (tmp / "notebooks").mkdir()
    shutil.copy2(ROOT / "notebooks" / "class.ipynb", tmp / "notebooks")
    shutil.copytree(ROOT / "data", tmp / "data")
    folder = tmp / "class"
    folder.mkdir()
    srv = class_server.ClassServer(sys.executable, folder=folder, port=0, notebook=tmp / "notebooks" / "class.ipynb",
                                   extra=["--pool_size=5", "--VoilaKernelManager.fill_delay=2"],
                                   log=tmp / "server.log")
    from conftest import SERVER_LOGS

    SERVER_LOGS.append(srv.log)
    try:
        srv.start()
        srv.wait(timeout=120)
        yield srv
    finally:
        SERVER_LOGS.remove(srv.log)
        srv.stop()


def _open(page, url: str):
    return open_class_page(page, url, TIMEOUT)


def _open_set(panel):
    panel.locator(".cardlab-panel-code input").fill(CODE)
    panel.locator("button.cardlab-panel-open").click()
    expect(panel.locator(".cardlab-class-header")).to_contain_text(CODE, timeout=TIMEOUT)


def _join(panel, name: str):
    box = panel.locator(".cardlab-join")
    box.locator(".cardlab-join-name input").fill(name)
    box.locator("button.cardlab-join-button").click()
    return box


def _answer(panel, cards: int):
    """Click the first ``cards`` cards of the hand and Check; return the verdict's word."""
    ex = panel.locator(".cardlab-class")
    for i in range(cards):
        ex.locator("button.cardlab-class-card").nth(i).click()
    ex.locator("button.cardlab-class-check").click()
    mark = ex.locator(".cardlab-class-mark")
    expect(mark).to_be_visible(timeout=TIMEOUT)
    return mark.inner_text()


def _answer_trick(panel):
    ex = panel.locator(".cardlab-class")
    expect(ex.locator(".cardlab-class-header")).to_contain_text("Exercise 2", timeout=TIMEOUT)
    buttons = ex.locator("button.cardlab-class-card, button.cardlab-class-seat")
    expect(buttons.first).to_be_visible(timeout=TIMEOUT)
    if ex.locator("button.cardlab-class-seat").count():
        ex.locator("button.cardlab-class-seat").first.click()
    else:
        ex.locator("button.cardlab-class-card").first.click()
        ex.locator("button.cardlab-class-check").click()
    expect(ex.locator(".cardlab-class-mark")).to_be_visible(timeout=TIMEOUT)


def test_three_students_join_and_answer_and_the_teacher_sees_them_within_a_refresh(page, server):
    teacher_url = f"{server.local_url}?key={server.key}"
    teacher = page
    teacher_panel = _open(teacher, teacher_url)
    results = teacher.locator(".cardlab-results")
    wait_for(teacher, results, "the results panel")
    expect(results.locator(".cardlab-results-status")).to_contain_text("No answers yet", timeout=TIMEOUT)
    expect(teacher.locator(".cardlab-maker")).to_have_count(1)
    expect(teacher_panel.locator(".cardlab-join")).to_have_count(0)     # the teacher does not join
    results.scroll_into_view_if_needed()
    screenshot(teacher, "voila-results-teacher-empty")

    context = page.context
    students = [context.new_page() for _ in range(3)]
    for p in students:
        p.route("**/*", lambda route: route.continue_() if "127.0.0.1" in route.request.url else route.abort())
    panels = [_open(p, server.local_url) for p in students]
    for p, panel in zip(students, panels):
        expect(p.locator(".cardlab-results")).to_have_count(0)
        expect(p.locator(".cardlab-maker")).to_have_count(0)
        _open_set(panel)

    # an answer before joining is not checked: the page says to join first
    first = panels[0]
    first.locator(".cardlab-class button.cardlab-class-check").click()
    expect(first.locator(".cardlab-class-join-first")).to_contain_text("press Join first", timeout=TIMEOUT)
    expect(first.locator(".cardlab-class-mark")).to_have_count(0)
    screenshot(students[0], "voila-results-join-first")

    names = ["Anna", "Ben"]
    for panel, name in zip(panels[:2], names):
        box = _join(panel, name)
        expect(box.locator(".cardlab-join-joined")).to_contain_text(f"You are {name}", timeout=TIMEOUT)
    third = panels[2]
    box = _join(third, "anna")
    expect(box.locator(".cardlab-join-message")).to_contain_text(
        "Anna is already in this class: is that you, after a reload?", timeout=TIMEOUT)
    expect(box.locator("button.cardlab-join-yes")).to_have_text("Yes, continue as Anna")
    screenshot(students[2], "voila-results-name-taken")
    box.locator("button.cardlab-join-no").click()
    expect(box.locator(".cardlab-join-message")).to_contain_text("Type another name", timeout=TIMEOUT)
    _join(third, "Chen")
    expect(box.locator(".cardlab-join-joined")).to_contain_text("You are Chen", timeout=TIMEOUT)
    names.append("Chen")

    for k, panel in enumerate(panels):
        _answer(panel, cards=k)                 # no card, one card, two cards
        expect(panel.locator(".cardlab-class-not-saved")).to_have_count(0)
        panel.locator("button.cardlab-class-next").click()
        _answer_trick(panel)
    students[1].locator(".cardlab-class").scroll_into_view_if_needed()
    screenshot(students[1], "voila-results-student-answered")

    # the teacher's panel refreshes itself (nobody clicks Refresh)
    status = results.locator(".cardlab-results-status")
    expect(status).to_contain_text("6 answers from 3 students", timeout=60_000)
    table = results.locator(".cardlab-results-student-table")
    for name in names:
        expect(table).to_contain_text(name)
    expect(results.locator(".cardlab-results-who")).to_contain_text("Anna 2, Ben 2, Chen 2")
    expect(results.locator(".cardlab-results-bars svg")).to_have_count(1)
    results.scroll_into_view_if_needed()
    screenshot(teacher, "voila-results-teacher")

    # a students' page shows nobody else's name or results
    for p, name in zip(students, names):
        text = p.locator("body").inner_text()
        for other in names:
            if other != name and not (name == "Chen" and other == "Anna"):   # Chen was asked about Anna
                assert other not in text, (name, other)
        assert "answers from" not in text
    files = sorted(x.name for x in server.folder.iterdir())
    assert "results.sqlite3" in files
    for p in students:
        p.close()
