"""End to end: `python3 dev.py lab --no-browser` as a new user starts it (issue 24, "The first
screen works"). The address it prints opens index.ipynb in Chromium with no news toast; play.ipynb
runs whole there and is saved; the repository's tracked files stay as they were (Lab works on
the copy dev.py makes, here in a temporary folder through CARDLAB_LAB_DIR)."""

import os
import re
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from browser_helpers import TIMEOUT, run_all_in_lab
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NEWS_PLUGIN = "@jupyterlab/apputils-extension:announcements"
WATCHED = ("notebooks", "data")  # what Lab could change if it worked on the repository


def git_status():
    out = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=all", "--", *WATCHED],
                         capture_output=True, text=True, check=True).stdout
    return out.splitlines()


def contents(names):
    return {n: (ROOT / "notebooks" / n).read_bytes() for n in names}


@pytest.fixture
def dev_lab(tmp_path):
    """Start dev.py lab on a free port; yield (the address it printed, its output lines, the copy)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k not in ("CARDLAB_EXTRA_VARIANTS", "PYTHONPATH")}  # as a user has it
    env.update(CARDLAB_LAB_DIR=str(tmp_path / ".lab"),
               JUPYTER_CONFIG_DIR=str(tmp_path / "jupyter-config"),  # no ~/.jupyter settings or workspaces
               JUPYTER_DATA_DIR=str(tmp_path / "jupyter-data"))
    log = open(tmp_path / "lab.log", "wb")
    proc = subprocess.Popen([sys.executable, "dev.py", "lab", "--no-browser", f"--port={port}",
                            "--LabApp.expose_app_in_browser=True"],
                           cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL,
                           text=True, start_new_session=True)
    lines, found = [], threading.Event()

    def read():
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if re.search(r"open http://\S+", line):
                found.set()
        found.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        found.wait(timeout=180)
        address = next((m.group(1) for ln in lines for m in [re.search(r"open (http://\S+)", ln)] if m), None)
        assert address, "dev.py lab printed no address:\n" + "\n".join(lines) + (tmp_path / "lab.log").read_text()[-3000:]
        yield address, lines, tmp_path / ".lab" / "notebooks"
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # dev.py and the Lab it started (their own session)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()


def test_dev_lab_opens_index_and_leaves_the_repository_unchanged(page, dev_lab):
    before, watched_before = git_status(), contents(["index.ipynb", "play.ipynb"])
    address, lines, copy = dev_lab
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/lab/tree/notebooks/index\.ipynb\?token=\w+", address), address
    assert any(f"JupyterLab works in {copy}/" in ln for ln in lines), lines
    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_default_timeout(TIMEOUT)
    page.goto(address)
    # index.ipynb is open (no "Cannot open" dialog), and the news plugin is not there to ask
    page.wait_for_function("() => window.jupyterapp?.shell.currentWidget?.context?.path === 'notebooks/index.ipynb'")
    page.evaluate("async () => { await window.jupyterapp.shell.currentWidget.context.ready; }")
    expect(page.locator(".jp-Dialog")).to_have_count(0)
    assert page.evaluate("id => window.jupyterapp.hasPlugin(id)", NEWS_PLUGIN) is False
    assert page.evaluate("id => window.jupyterapp.hasPlugin(id)", "@jupyterlab/apputils-extension:notification")
    page.wait_for_timeout(3000)  # the toast, when the plugin is on, shows within a second of start
    expect(page.get_by_text("official Jupyter news")).to_have_count(0)
    expect(page.locator(".Toastify__toast")).to_have_count(0)

    # play.ipynb, run whole in Lab and saved there
    server = address.split("/lab/")[0]
    saved_before = (copy / "play.ipynb").stat().st_mtime_ns
    # the lessons' links to ../docs/rules-notes.md resolve inside the root Lab serves
    assert page.evaluate("""async () => (await window.jupyterapp.serviceManager.contents.get(
        'docs/rules-notes.md', {content: false})).type""") == "file"
    run_all_in_lab(page, server, "notebooks/play.ipynb")
    errors = page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets
        .flatMap(c => c.model.type === 'code' ? c.model.outputs.toJSON() : [])
        .filter(o => o.output_type === 'error').map(o => o.ename + ': ' + o.evalue)""")
    assert errors == []
    expect(page.locator(".jp-OutputArea .cardlab-play")).to_have_count(1)
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
    assert (copy / "play.ipynb").stat().st_mtime_ns != saved_before, "Lab saved elsewhere than the copy"
    assert git_status() == before
    assert contents(["index.ipynb", "play.ipynb"]) == watched_before
