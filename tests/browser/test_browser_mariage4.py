"""End to end: the four-player Mariage notebook in headless Chromium (Voila and JupyterLab).

The eight board (.cardlab-eight-board) draws both pairs' eights as SVG (svg.cardlab-eight), each
pip a path.cardlab-pip that is .cardlab-uncovered or .cardlab-covered; Next (.cardlab-next) moves
to the next hand and must uncover exactly the pips the game record says. The three-nines widget
(.cardlab-nines-widget) shows a placed card (.cardlab-placed-card) after one step.
Set CARDLAB_SHOTS=DIR to keep screenshots.
"""

import re
from pathlib import Path

import pytest
from browser_helpers import TIMEOUT, open_in_voila, run_all_in_lab, screenshot
from playwright.sync_api import expect

from cardlab import records

NOTEBOOK = "mariage_four.ipynb"
ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.browser


def _expected_pips():
    game = records.load(ROOT / "data" / "m4_game.json").game()
    return [sum(e.pips for e in eights) for eights, _won in game.history]


def _wait(page, selector):
    box = page.locator(selector).first
    errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr']",
                          has_text=re.compile("Traceback|error when executing"))
    expect(box.or_(errors).first).to_be_attached(timeout=TIMEOUT)
    if box.count():
        box.scroll_into_view_if_needed()               # Lab may not lay out cells off screen
        expect(box).to_be_visible()
    else:
        pytest.fail("a cell failed:\n" + "\n".join(errors.all_inner_texts()), pytrace=False)
    return box


def _check_eight_board(page, name):
    board = _wait(page, ".cardlab-eight-board")
    expected = _expected_pips()
    label = board.locator(".cardlab-step-label")
    expect(label).to_have_text(re.compile(r"^hand 1 / \d+$"))
    uncovered = board.locator("svg.cardlab-eight path.cardlab-pip.cardlab-uncovered")
    expect(board.locator("svg.cardlab-eight")).to_have_count(2)
    expect(uncovered).to_have_count(expected[0])
    board.locator(".cardlab-next").click()
    # after Run All the kernel may still be running later cells: the click is handled after them
    expect(label).to_have_text(re.compile(r"^hand 2 / \d+$"), timeout=TIMEOUT)
    expect(uncovered).to_have_count(expected[1])
    assert board.locator("path.cardlab-pip").count() == 16
    board.scroll_into_view_if_needed()
    screenshot(page, name)


def test_voila_eight_board_and_three_nines(page, voila_server):
    open_in_voila(page, voila_server, NOTEBOOK)
    nines = _wait(page, ".cardlab-nines-widget")
    expect(nines.locator(".cardlab-step-label")).to_have_text("step 1 / 4")
    expect(nines.locator(".cardlab-placed-card")).to_have_count(0)
    nines.locator(".cardlab-next").click()
    expect(nines.locator(".cardlab-placed-card")).to_have_count(1)
    _check_eight_board(page, "voila-mariage_four")


def test_lab_run_all_then_next_hand(page, lab_server):
    run_all_in_lab(page, lab_server, NOTEBOOK)
    _check_eight_board(page, "lab-mariage_four")
