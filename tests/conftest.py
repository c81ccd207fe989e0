"""Browser fixtures: Debian's Chromium for pytest-playwright, and JupyterLab / Voila servers.

Browser tests carry ``@pytest.mark.browser``. Without /usr/bin/chromium they are skipped, or
fail when CARDLAB_REQUIRE_BROWSER=1 (CI). The servers run from this interpreter (the dev venv,
where cardlab is installed editable) on a throwaway copy of the notebooks (and of the data/
beside them, which they read as ../data), so they never touch
the tracked files, and with a private kernelspec whose kernel is this same interpreter.
CARDLAB_NOTEBOOKS_DIR serves the notebooks from another directory instead of notebooks/.

The test-only variant (tests/variant_kit, "kit-66"): set below at import, before any test module
asks the registry, CARDLAB_EXTRA_VARIANTS names it and tests/ is put on PYTHONPATH, so the pytest
process and every kernel or server the tests start (Voila, JupyterLab, the subprocesses of the
kernel tests) register it; every registry-driven test then covers it. The one exception is
nbval's kernels (see :class:`_PlainNotebookKernels`): the notebooks' stored outputs list the
shipped games (index.ipynb's table of variants, classroom.ipynb's games and their exercises,
analysis.ipynb's "variants the analysis covers"), which a user sees exactly so, without the test
variant; nbval compares against those outputs, so its kernels start without it. Outside the
tests the variable is unset and no menu shows the test variant.
"""

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

try:  # Playwright's assertions wait 5 s by default; a widget click is handled only when the kernel
    # is idle, which after "Run All" on a loaded 2-core machine can take much longer.
    from playwright.sync_api import expect as _expect

    _expect.set_options(timeout=60_000)
except ImportError:  # the browser tests are skipped without Playwright
    pass

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent

#: The test-only variant's registration (cardlab.variants.register_extra reads it).
EXTRA_VARIANTS = "variant_kit:declaration"
_ENV_BEFORE = {k: os.environ.get(k) for k in ("CARDLAB_EXTRA_VARIANTS", "PYTHONPATH")}
os.environ["CARDLAB_EXTRA_VARIANTS"] = EXTRA_VARIANTS
os.environ["PYTHONPATH"] = os.pathsep.join([str(TESTS)] + [p for p in [_ENV_BEFORE["PYTHONPATH"]] if p])
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))
NOTEBOOKS = Path(os.environ.get("CARDLAB_NOTEBOOKS_DIR") or ROOT / "notebooks")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# Stops JupyterLab's "get notified about official Jupyter news?" toast.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


def _require_chromium():
    if not os.path.exists(CHROMIUM):
        msg = f"{CHROMIUM} is missing (install it: apt-get install chromium)"
        if os.environ.get("CARDLAB_REQUIRE_BROWSER") == "1":
            pytest.fail(msg + " and CARDLAB_REQUIRE_BROWSER=1", pytrace=False)
        pytest.skip(msg)


def pytest_collection_modifyitems(config, items):
    """Never run notebooks found in hidden folders: .ipynb_checkpoints, or the server copies in
    .pytest-tmp (pytest's default norecursedirs ".*" already skips them; this keeps it so)."""
    def hidden(item):
        parts = item.path.parent.parts
        if item.path.is_relative_to(config.rootpath):
            parts = item.path.parent.relative_to(config.rootpath).parts
        return item.path.suffix == ".ipynb" and any(p.startswith(".") for p in parts)

    drop = [i for i in items if hidden(i)]
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = [i for i in items if not hidden(i)]


def pytest_runtest_setup(item):
    if item.get_closest_marker("browser"):
        _require_chromium()


class _PlainNotebookKernels:
    """Starts nbval's kernels with the environment the tests found (no test variant, PYTHONPATH
    as it was): a notebook's kernel starts in the setup of its first cell, so the environment is
    put back for that setup only (see the module docstring for why)."""

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item):
        if item.path.suffix != ".ipynb":
            yield
            return
        ours = {k: os.environ.get(k) for k in _ENV_BEFORE}
        for k, v in _ENV_BEFORE.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        try:
            yield
        finally:
            for k, v in ours.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def pytest_configure(config):
    config.pluginmanager.register(_PlainNotebookKernels(), "cardlab-plain-notebook-kernels")


SERVER_LOGS: list[Path] = []  # the running servers' logs (their kernels write there too)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report ends with the tail of each server's log (a kernel's warnings,
    such as a widget message it could not route, are there and nowhere else)."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and item.get_closest_marker("browser"):
        for log in SERVER_LOGS:
            if log.exists():
                report.sections.append((f"server log {log.parent.name}", log.read_text(errors="replace")[-4000:]))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    _require_chromium()
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def page(page):
    """Only the local servers are reachable: abort every other request at once."""
    page.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/])"), lambda route: route.abort())
    return page


def _serve(tmp, argv, probe, notebooks=None):
    """Start a server (argv gets DIR, PORT and TMP filled in) on a copy of the notebooks (and of
    the data/ beside them), plus ``notebooks`` (file name -> notebook JSON) a test writes for
    itself; yield its URL."""
    nbdir = tmp / "notebooks"
    nbdir.mkdir()
    for nb in sorted(NOTEBOOKS.glob("*.ipynb")):
        shutil.copy2(nb, nbdir)
    for name, content in (notebooks or {}).items():
        (nbdir / name).write_text(json.dumps(content), encoding="utf-8")
    if (NOTEBOOKS.parent / "data").is_dir():  # the notebooks read ../data
        shutil.copytree(NOTEBOOKS.parent / "data", tmp / "data")
    # A python3 kernelspec for this interpreter, found before any user's or system's one.
    kernel = tmp / "jupyter-path" / "kernels" / "python3"
    kernel.mkdir(parents=True)
    (kernel / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }))
    env = dict(
        os.environ,
        JUPYTER_PATH=str(tmp / "jupyter-path"),
        JUPYTER_CONFIG_DIR=str(tmp / "jupyter-config"),  # no ~/.jupyter, ~/.local/share/jupyter
        JUPYTER_DATA_DIR=str(tmp / "jupyter-data"),
        PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
    )
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    argv = [a.format(DIR=nbdir, PORT=port, TMP=tmp) for a in argv]
    log_path = tmp / "server.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(argv, cwd=tmp, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # ignore *_proxy
    SERVER_LOGS.append(log_path)
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"server did not start: {argv}\n{log_path.read_text()[-3000:]}")
            try:
                opener.open(url + probe, timeout=5).close()
                break
            except urllib.error.HTTPError:
                break  # it answered
            except OSError:
                time.sleep(0.2)
        yield url
    finally:
        SERVER_LOGS.remove(log_path)
        proc.terminate()  # the server shuts its kernels down itself
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """Base URL of a JupyterLab server (no token) on a copy of the notebooks."""
    tmp = tmp_path_factory.mktemp("lab")
    for name, value in LAB_SETTINGS.items():
        path = tmp / "lab-settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    argv = [
        sys.executable, "-m", "jupyterlab",
        "--ServerApp.ip=127.0.0.1", "--ServerApp.port={PORT}", "--ServerApp.port_retries=0",
        "--ServerApp.open_browser=False", "--IdentityProvider.token=",
        "--ServerApp.root_dir={DIR}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.user_settings_dir={TMP}/lab-settings",
        "--LabApp.workspaces_dir={TMP}/lab-workspaces",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        argv.append("--allow-root")
    yield from _serve(tmp, argv, "/api")


#: Voila on a copy of the notebooks, as the browser tests start it.
VOILA_ARGV = [
    sys.executable, "-m", "voila", "--no-browser",
    "--Voila.ip=127.0.0.1", "--port={PORT}", "--Voila.root_dir={DIR}",
    "--VoilaConfiguration.show_tracebacks=True",  # so a failing cell shows why
]


def serve_voila(tmp, notebooks=None, extra_args=()):
    """Yield the base URL of a Voila server on a copy of the notebooks plus ``notebooks`` (file name
    -> notebook JSON), with ``extra_args`` after :data:`VOILA_ARGV`; stopped when the generator closes."""
    # /voila/static/ answers 404 without starting a kernel, which shows the server is up.
    yield from _serve(tmp, [*VOILA_ARGV, *extra_args], "/voila/static/", notebooks)


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """Base URL of a Voila server on a copy of the notebooks (open /voila/render/NAME.ipynb)."""
    yield from serve_voila(tmp_path_factory.mktemp("voila"))
