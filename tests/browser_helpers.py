"""What every browser test does: open a notebook in Voila, or in JupyterLab and Run All; wait
for a widget (or fail at once with the traceback a cell printed); keep a screenshot when
CARDLAB_SHOTS=DIR is set. The servers are the conftest fixtures lab_server and voila_server."""

import os
import re
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import expect

TIMEOUT = 120_000  # ms; a cold kernel plus Run All on a loaded 2-core machine
RUN_ALL_TIMEOUT = 300_000  # ms; a whole notebook in JupyterLab (a first matplotlib import builds its font cache)

_ERRORS = re.compile("Traceback|error when executing")


def screenshot(page, name: str) -> None:
    """Save ``DIR/name.png`` when CARDLAB_SHOTS=DIR is set."""
    if os.environ.get("CARDLAB_SHOTS"):
        shots = Path(os.environ["CARDLAB_SHOTS"])
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=shots / f"{name}.png")


def wait_for(page, locator, what: str):
    """Wait until ``locator`` is visible (a live widget exists only once a kernel ran its cell)
    and return it; a traceback in any output ends the wait at once with that traceback."""
    errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr']", has_text=_ERRORS)
    expect(locator.or_(errors).first).to_be_visible(timeout=TIMEOUT)
    if not locator.is_visible():
        pytest.fail(f"a cell failed before {what} appeared:\n" + "\n".join(errors.all_inner_texts()), pytrace=False)
    return locator


def open_in_voila(page, server: str, notebook: str) -> None:
    """Render ``notebook`` in Voila (it runs every cell)."""
    page.set_default_timeout(TIMEOUT)
    response = page.goto(f"{server}/voila/render/{notebook}")
    assert response.ok, f"Voila answered {response.status} for {notebook}"


# Run All has finished: no code cell is queued or running, the kernel is idle, and every code cell
# has run (its execution count is back) or one of them failed (which stops the rest).
RUN_ALL_DONE = """() => {
    const nb = window.jupyterapp.shell.currentWidget;
    if (nb.sessionContext.session?.kernel?.status !== 'idle') return false;
    const cells = nb.content.widgets.filter(c => c.model.type === 'code');
    if (cells.some(c => c.model.executionState === 'running')) return false;
    const failed = cells.some(c => c.model.outputs.toJSON().some(o => o.output_type === 'error'));
    const ran = cells.every(c => c.model.executionCount !== null || !c.model.sharedModel.getSource().trim());
    return failed || ran;
}"""


def open_class_page(page, url: str, timeout: float) -> object:
    """Open the class's served page (notebooks/class.ipynb in Voila) at ``url`` in a 1280x720
    window and wait until it is whole (the class panel, its exercise and, the page's last widget,
    the sample hands); returns the class panel's locator. ``timeout`` in ms."""
    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_default_timeout(timeout)
    response = page.goto(url)
    assert response.ok, f"Voila answered {response.status} for {url}"
    panel = page.locator(".cardlab-panel").first
    wait_for(page, panel, "the class's page")
    expect(panel.locator(".cardlab-class")).to_have_count(1, timeout=timeout)
    expect(page.locator(".cardlab-hands")).to_have_count(1, timeout=timeout)   # the last widget of the page
    return panel


def wait_until_kernel_idle(page, notebook: str, timeout: float) -> None:
    """Wait until JupyterLab (or JupyterLite) shows ``notebook`` as its current widget, its
    session is ready and its kernel idle: before that, "Run All" opens a "Select Kernel" dialog
    and runs nothing. ``timeout`` in ms."""
    page.wait_for_function("path => window.jupyterapp?.shell.currentWidget?.context?.path === path",
                           arg=notebook, timeout=timeout)
    page.evaluate("""async () => {
        const nb = window.jupyterapp.shell.currentWidget;
        await nb.context.ready;
        await nb.sessionContext.ready;
    }""")
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status === 'idle'",
        timeout=timeout)


def lab_address(server: str, notebook: str) -> str:
    """The address of ``notebook`` in a JupyterLab workspace of its own: Lab restores a workspace's
    open tabs, so in the shared one a test would reopen every notebook earlier tests opened (their
    hidden widgets match the test's selectors, their kernels compete for the two cores)."""
    return f"{server}/lab/workspaces/t{uuid.uuid4().hex[:12]}/tree/{notebook}"


def run_all_in_lab(page, server: str, notebook: str) -> None:
    """Open ``notebook`` in JupyterLab, clear its stored outputs and Run All Cells once its kernel
    is idle ("Run All" sent before the session is ready opens a "Select Kernel" dialog and runs
    nothing); return when the whole notebook has run (or a cell failed), so that the test's clicks
    never wait in the kernel's queue behind the cells still running."""
    page.set_default_timeout(TIMEOUT)
    found = page.request.get(f"{server}/api/contents/{notebook}?content=0")
    assert found.ok, f"{notebook} is not among the served notebooks ({found.status})"
    page.goto(lab_address(server, notebook))
    wait_until_kernel_idle(page, notebook, TIMEOUT)
    # The stored outputs carry execution counts: cleared, a count shows that this run reached the cell.
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.wait_for_function("""() => window.jupyterapp.shell.currentWidget.content.widgets
        .every(c => c.model.type !== 'code' || c.model.executionCount === null)""")
    page.locator(".lm-MenuBar-itemLabel:text-is('Run')").click()
    page.locator(".lm-Menu-itemLabel:text-is('Run All Cells')").click()
    page.wait_for_function(RUN_ALL_DONE, polling=250, timeout=RUN_ALL_TIMEOUT)
