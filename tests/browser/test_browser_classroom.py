"""End to end: the class's page (notebooks/class.ipynb) served as ``python3 dev.py class`` serves it
(tools/class_server.py: preheated kernels, the teacher's key and the class folder in the server's
environment), in headless Chromium at 1280×720.

* A student's address, with ``?view=teacher`` added, or with a wrong key, is the students' page: no
  answer anywhere, no teacher's banner, no position editor and no file box; an answer is marked
  "✘ Wrong" (or "✔ Right") and explained; a code that cannot be read is answered in words.
* The teacher's address (``?key=<key>``) shows each answer under its question and a Teacher's page
  banner, and an answer given as shown is marked "✔ Right".
* On the teacher's page the position editor saves only into the class folder: ``../x``, an
  absolute path and a symbolic link planted in the class folder (pointing outside it) are
  refused in words, with Replace ticked or not, and nothing outside the folder changes; a bare
  name is saved there, and saved again only with Replace.
* The sample hands on the students' page step at projector size.

Screenshots (``browser_helpers.screenshot``; kept when CARDLAB_SHOTS=DIR is set):
voila-class-students, voila-class-students-view-teacher, voila-class-students-wrong-key,
voila-class-students-wrong-key-close,
voila-class-students-wrong, voila-class-bad-code, voila-class-teacher-right,
voila-class-teacher-refused-path, voila-class-teacher-refused-absolute,
voila-class-teacher-refused-link, voila-class-teacher-saved, voila-class-sample-hand.
"""

import hashlib
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
pytestmark = pytest.mark.browser


class Site:
    """The served class page: its addresses, the class folder and what lies outside it."""

    def __init__(self, server, tmp: Path):
        self.server = server
        self.tmp = tmp
        self.folder = server.folder
        self.students = server.local_url
        self.teacher = f"{server.local_url}?key={server.key}"
        self.outside = tmp / "outside.json"        # what the planted link points at

    def snapshot(self) -> dict:
        """Every file under the site's folder except the class folder's own files and the server's
        log, with a digest of its contents: nothing else may change."""
        out = {}
        for p in sorted(self.tmp.rglob("*")):
            if p.is_file() and not p.is_symlink() and p.parent != self.folder and p.name != "server.log" \
                    and ".ipynb_checkpoints" not in p.parts and "__pycache__" not in p.parts:
                out[str(p.relative_to(self.tmp))] = hashlib.sha256(p.read_bytes()).hexdigest()
        return out


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The class page served by class_server.ClassServer from a copy of notebooks/class.ipynb (and
    of data/ beside it, read as ../data), with its key and a class folder of its own holding a link
    planted to a file outside it; a pool of 3 preheated kernels, refilled after 2 s."""
    tmp = tmp_path_factory.mktemp("class-page")
    (tmp / "notebooks").mkdir()
    shutil.copy2(ROOT / "notebooks" / "class.ipynb", tmp / "notebooks")
    shutil.copytree(ROOT / "data", tmp / "data")
    folder = tmp / "class"
    folder.mkdir()
    (tmp / "outside.json").write_text('{"precious": true}\n')
    (folder / "trap.json").symlink_to(tmp / "outside.json")
    server = class_server.ClassServer(sys.executable, folder=folder, port=0, notebook=tmp / "notebooks" / "class.ipynb",
                                      extra=["--pool_size=3", "--VoilaKernelManager.fill_delay=2"],
                                      log=tmp / "server.log")
    from conftest import SERVER_LOGS

    SERVER_LOGS.append(server.log)
    try:
        server.start()
        server.wait(timeout=120)
        yield Site(server, tmp)
    finally:
        SERVER_LOGS.remove(server.log)
        server.stop()


def _open(page, url: str):
    return open_class_page(page, url, TIMEOUT)


def _students_page_holds_no_answer(page, panel):
    expect(panel.locator(".cardlab-panel-students")).to_contain_text("New set")
    for css in (".cardlab-class-teacher", ".cardlab-panel-teacher", ".cardlab-editor", ".cardlab-editor-path",
                ".cardlab-editor-save", ".cardlab-editor-replace"):
        expect(page.locator(css)).to_have_count(0)
    text = page.locator("body").inner_text()
    for words in ("Answer:", "Teacher's page", "view=teacher", "key=", "?key", "Save in the class folder"):
        assert words not in text, words
    # the only text boxes are the student's name, the set code and the answers' number fields:
    # nowhere to type a file name
    for box in page.locator("input[type=text], textarea").all():
        classes = box.evaluate("e => e.closest('.widget-text, .widget-textarea')?.className || ''")
        assert "cardlab-panel-code" in classes or "cardlab-join-name" in classes, classes


@pytest.mark.parametrize("query,shot", [("", "voila-class-students"),
                                        ("?view=teacher", "voila-class-students-view-teacher"),
                                        ("?key=wrong", "voila-class-students-wrong-key"),
                                        ("WRONG-KEY", "voila-class-students-wrong-key-close")])
def test_a_student_sees_no_answer_whatever_is_added_to_the_address(page, site, query, shot):
    if query == "WRONG-KEY":      # the teacher's key but one character: still the students' page
        query = f"?view=teacher&key={site.server.key[:-1]}"
    before = site.snapshot()
    panel = _open(page, site.students + query)
    _students_page_holds_no_answer(page, panel)
    screenshot(page, shot)
    assert site.snapshot() == before and _files(site.folder) == ["trap.json"]


def test_a_student_opens_the_teachers_code_and_an_answer_is_wrong(page, site):
    panel = _open(page, site.students)
    join = panel.locator(".cardlab-join")                       # a student joins with a name first
    join.locator(".cardlab-join-name input").fill("Mira")
    join.locator("button.cardlab-join-button").click()
    expect(join).to_contain_text("Mira", timeout=TIMEOUT)
    panel.locator(".cardlab-panel-code input").fill(" 66-Santase-Legal, Trick-E2-2026 ")   # as copied from a board
    panel.locator("button.cardlab-panel-open").click()
    expect(panel.locator(".cardlab-panel-set")).to_contain_text("66-santase-legal,trick-e2-2026", timeout=TIMEOUT)
    ex = panel.locator(".cardlab-class")
    expect(ex.locator(".cardlab-class-header")).to_contain_text("Exercise 1 of 4")
    expect(ex.locator(".cardlab-class-question")).to_contain_text("Which cards may")
    expect(ex.locator(".cardlab-class-answer")).to_have_text("")
    ex.locator("button.cardlab-class-check").click()            # no card chosen: wrong
    verdict = ex.locator(".cardlab-class-wrong")
    expect(verdict).to_contain_text("✘ Wrong", timeout=TIMEOUT)
    expect(verdict).to_contain_text("The answer is")
    expect(ex.locator(".cardlab-class-score")).to_contain_text("0 of 1 right")
    screenshot(page, "voila-class-students-wrong")
    _students_page_holds_no_answer(page, panel)

    panel.locator(".cardlab-panel-code input").fill("66-santase-legal,tricks-2026")
    panel.locator("button.cardlab-panel-open").click()
    mistake = panel.locator(".cardlab-panel-mistake")
    expect(mistake).to_contain_text("'tricks' is not an exercise", timeout=TIMEOUT)
    expect(ex.locator(".cardlab-class-header")).to_contain_text("66-santase-legal,trick-e2-2026")   # the set stays
    screenshot(page, "voila-class-bad-code")


def test_the_teachers_address_shows_the_answers_and_an_answer_is_right(page, site):
    panel = _open(page, site.teacher)
    expect(panel.locator(".cardlab-panel-teacher")).to_contain_text("Teacher's page")
    expect(panel.locator(".cardlab-panel-teacher")).to_contain_text("without the key")
    assert site.server.key not in page.locator("body").inner_text()
    panel.locator(".cardlab-panel-code input").fill("66-santase-legal,trick-e2-2026")
    panel.locator("button.cardlab-panel-open").click()
    ex = panel.locator(".cardlab-class")
    expect(ex.locator(".cardlab-class-header")).to_contain_text("66-santase-legal,trick-e2-2026", timeout=TIMEOUT)
    expect(ex.locator(".cardlab-class-teacher")).to_contain_text("Answer:")
    answer = ex.locator(".cardlab-class-teacher b").inner_text().split()
    assert answer and answer != ["none"]
    for card in answer:
        ex.locator("button.cardlab-class-card", has_text=card).first.click()
    ex.locator("button.cardlab-class-check").click()
    expect(ex.locator(".cardlab-class-right")).to_contain_text("✔ Right", timeout=TIMEOUT)
    expect(ex.locator(".cardlab-class-score")).to_contain_text("1 of 1 right")
    expect(page.locator(".cardlab-editor")).to_have_count(1)
    screenshot(page, "voila-class-teacher-right")


def _save(editor, name: str, replace: bool) -> None:
    editor.locator(".cardlab-editor-path input").fill(name)
    box = editor.locator(".cardlab-editor-replace input")
    if box.is_checked() != replace:
        box.click()
    editor.locator("button.cardlab-editor-save").click()


def _files(folder) -> list[str]:
    """The files in the class folder but the class's results database (results.sqlite3 and its
    WAL files), which the students' pages write by design once a student has joined."""
    from cardlab.classroom.results import FILE_NAME

    return sorted(p.name for p in folder.iterdir() if not p.name.startswith(FILE_NAME))


def test_the_teachers_editor_writes_only_into_the_class_folder(page, site):
    panel = _open(page, site.teacher)
    expect(panel.locator(".cardlab-panel-teacher")).to_contain_text("Teacher's page")
    editor = page.locator(".cardlab-editor")
    wait_for(page, editor.first, "the position editor")
    editor.scroll_into_view_if_needed()
    before = site.snapshot()
    outside_text = site.outside.read_text()
    message = editor.locator(".cardlab-editor-message")
    refusals = [("../x", "is a path", "voila-class-teacher-refused-path"),
                ("../../notebooks/class.ipynb", "is a path", None),
                (str(site.tmp / "evil.json"), "is a path", "voila-class-teacher-refused-absolute"),
                ("trap", "link", "voila-class-teacher-refused-link"),
                ("..", "folder above", None), (".hidden", "hidden", None)]
    for name, words, shot in refusals:
        for replace in (False, True):
            _save(editor, name, replace)
            expect(message.locator(".cardlab-editor-mistake")).to_contain_text(words, timeout=TIMEOUT)
            expect(message).to_contain_text("Not saved")
            if shot and replace:
                screenshot(page, shot)
            editor.locator("button.cardlab-editor-random").click()    # a new message before the next try
            expect(message.locator(".cardlab-editor-note")).to_contain_text("A random deal", timeout=TIMEOUT)
    assert site.snapshot() == before and site.outside.read_text() == outside_text
    assert _files(site.folder) == ["trap.json"]
    assert (site.folder / "trap.json").is_symlink()

    _save(editor, "lesson one", False)
    expect(message.locator(".cardlab-editor-right")).to_contain_text("Saved as lesson one.json in the class folder",
                                                                      timeout=TIMEOUT)
    screenshot(page, "voila-class-teacher-saved")
    assert _files(site.folder) == ["lesson one.json", "trap.json"]
    first = (site.folder / "lesson one.json").read_text()
    editor.locator("button.cardlab-editor-random").click()
    expect(message.locator(".cardlab-editor-note")).to_contain_text("A random deal", timeout=TIMEOUT)
    _save(editor, "lesson one", False)
    expect(message.locator(".cardlab-editor-mistake")).to_contain_text("exists; tick Replace to overwrite it",
                                                                        timeout=TIMEOUT)
    assert (site.folder / "lesson one.json").read_text() == first
    _save(editor, "lesson one", True)
    expect(message.locator(".cardlab-editor-right")).to_contain_text("Saved as lesson one.json", timeout=TIMEOUT)
    assert (site.folder / "lesson one.json").read_text() != first
    assert _files(site.folder) == ["lesson one.json", "trap.json"]
    assert site.snapshot() == before and site.outside.read_text() == outside_text
    (site.folder / "lesson one.json").unlink()


def test_a_sample_hand_chosen_and_stepped_at_projector_size(page, site):
    """The sample hands on the students' page: choose a 501 hand from the menu, draw it at the
    projector's size, and step on: the step and its explanation change."""
    _open(page, site.students)
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
    screenshot(page, "voila-class-sample-hand")
