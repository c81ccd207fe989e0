"""The static JupyterLite site (``python3 dev.py lite``) in headless Chromium: its size, the time to
the first Python prompt, the time to an exercise on screen, and the pure-Python solver in the
browser next to CPython on the same positions. Figures only, no targets.

1. **Site size** on disk: in all, and its parts (JupyterLab and its extensions, Pyodide, the wheels).
2. **Time to the first prompt**: from opening a notebook's address until its kernel is idle (Pyodide
   loaded, the kernel's packages and cardlab installed): *cold* in a new browser profile (nothing
   cached), *cached* in the same profile again (the browser's cache and the site's service worker).
3. **An exercise on screen**: in the site's classroom, the time from running a cell
   ``ExerciseWidget(code, count=8)`` until its exercise is drawn (the widget's import run before).
4. **A hint on the play table** (``notebooks/play.ipynb`` run whole): from the click on *Hint* until
   the hint is shown (the unseen cards dealt many times, each deal solved exactly), ``--hints`` times.
5. **The exact solver**: the same seeded Sixty-six end games (5-6 cards each, as
   benchmarks/bench_solver.py picks them) solved in the browser (Pyodide's Python, where only the
   pure-Python solver exists) and in CPython here (the pure-Python solver, and the compiled one);
   per position the median of ``--runs`` runs, then the median and min-max over the positions.

Every host but 127.0.0.1 is blocked. Run from the repository root, after ``python3 dev.py lite``::

    .venv/bin/python benchmarks/bench_lite.py                 # ~1-2 min
    .venv/bin/python benchmarks/bench_lite.py --starts 5 --positions 20 --runs 3
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import build_lite  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_solver  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
TIMEOUT = 300_000
EXERCISE_CODE = "66-santase-legal,trick,points,marriage,score-e2-2026"

#: Run in both Pythons: seeded Sixty-six end games (bench_solver's positions, its function's own
#: source sent along) solved exactly; prints one JSON line.
SOLVER_CODE = r'''
import json, random, statistics, time
from cardlab import sixtysix as ss
from cardlab.analysis import adapters
from cardlab.analysis.solver import KERNEL, Solver

{positions_source}
_ms = []
for _s in sixty_six_positions(POSITIONS):
    _ad = adapters.get(_s.variant)
    _t = []
    for _ in range(RUNS):
        _t0 = time.perf_counter()
        Solver(_ad.play_spec(_s, (_s.to_act,))).value()
        _t.append((time.perf_counter() - _t0) * 1000)
    _ms.append(statistics.median(_t))
print(json.dumps({"kernel": KERNEL, "ms": _ms}))
'''.replace("{positions_source}", inspect.getsource(bench_solver.sixty_six_positions))

_KERNEL_IDLE = "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel?.status === 'idle'"

# Run Python in the open notebook's kernel; resolves to what it printed.
_EXECUTE = """async (code) => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    let out = '';
    const future = kernel.requestExecute({code});
    future.onIOPub = (msg) => {
        if (msg.header.msg_type === 'stream') out += msg.content.text;
        if (msg.header.msg_type === 'error') out += 'ERROR ' + msg.content.ename + ': ' + msg.content.evalue;
    };
    await future.done;
    return out;
}"""

# The play table has redrawn since ``old`` (its redraw counter moved on) and is not busy.
_REDRAWN = """([el, old]) => { const m = el.querySelector('.cardlab-status-line .cardlab-status');
    return m && +m.dataset.refresh > old && m.dataset.busy === '0'; }"""

# Run the code cell whose id is given (activate it, then the notebook's run-cell command).
_RUN_CELL = """async (id) => {
    const nb = window.jupyterapp.shell.currentWidget;
    const index = nb.content.widgets.findIndex(c => c.model.id === id);
    nb.content.activeCellIndex = index;
    await window.jupyterapp.commands.execute('notebook:run-cell');
    return index;
}"""


def fmt(xs: list[float], unit: str = "s", digits: int = 2) -> str:
    return f"{statistics.median(xs):.{digits}f} {unit} (min {min(xs):.{digits}f}, max {max(xs):.{digits}f}, n={len(xs)})"


def sizes(site: Path) -> dict[str, int]:
    def du(paths):
        return sum(p.stat().st_size for q in paths if q.exists() for p in ([q] if q.is_file() else q.rglob("*"))
                   if p.is_file())
    pyodide = site / "static" / "pyodide"
    wheels = list(pyodide.glob("*.whl"))
    pyodide_total = du([pyodide])
    total = du([site])
    return {"site": total, "Pyodide (interpreter, standard library)": pyodide_total - du(wheels),
            "wheels (cardlab, ipywidgets, IPython, jsonschema, ...)": du(wheels),
            "JupyterLab and the rest": total - pyodide_total}


def open_notebook(page, url: str, notebook: str) -> float:
    """Open ``notebook`` in the site's JupyterLab; seconds until its kernel is idle."""
    t0 = time.perf_counter()
    page.goto(f"{url}/lab/index.html?path=notebooks/{notebook}")
    page.wait_for_function(_KERNEL_IDLE, timeout=TIMEOUT, polling=100)
    return time.perf_counter() - t0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=build_lite.OUTPUT, help="the built site (default lite/_output)")
    ap.add_argument("--starts", type=int, default=3, help="cold and cached starts each (default 3)")
    ap.add_argument("--exercises", type=int, default=3, help="times an exercise is drawn (default 3)")
    ap.add_argument("--hints", type=int, default=3, help="hints asked on the play table (default 3)")
    ap.add_argument("--positions", type=int, default=10, help="Sixty-six end games solved (default 10)")
    ap.add_argument("--runs", type=int, default=3, help="runs per position (default 3)")
    args = ap.parse_args(argv)
    if not (args.site / "index.html").exists():
        print(f"bench_lite: no site in {args.site}; build it with: python3 dev.py lite")
        return 0
    if not os.path.exists(CHROMIUM):
        print(f"bench_lite: {CHROMIUM} is missing (apt-get install chromium)")
        return 0
    from playwright.sync_api import sync_playwright

    print("Static site:", args.site)
    for what, n in sizes(args.site).items():
        print(f"  {what}: {n / 1e6:.1f} MB")

    server = build_lite.make_server(args.site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    left: list[str] = []
    cold, cached, drawn, hints = [], [], [], []
    browser_ms = None
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)

        def new_context():
            ctx = browser.new_context(viewport={"width": 1280, "height": 720})
            ctx.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/])(?!data:|blob:)"),
                      lambda route: (left.append(route.request.url), route.abort()))
            return ctx

        for _ in range(args.starts):
            ctx = new_context()
            cold.append(open_notebook(ctx.new_page(), url, "index.ipynb"))
            page = ctx.new_page()
            cached.append(open_notebook(page, url, "index.ipynb"))
            ctx.close()

        ctx = new_context()
        page = ctx.new_page()
        open_notebook(page, url, "classroom.ipynb")
        page.evaluate(_RUN_CELL, "import-widget")
        page.wait_for_function(_KERNEL_IDLE, timeout=TIMEOUT)
        for _ in range(args.exercises):
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
            t0 = time.perf_counter()
            page.evaluate(_RUN_CELL, "ex-66")
            page.locator(".jp-OutputArea .cardlab-class .cardlab-class-question").first.wait_for(
                state="visible", timeout=TIMEOUT)
            drawn.append(time.perf_counter() - t0)
            page.wait_for_function(_KERNEL_IDLE, timeout=TIMEOUT)

        code = SOLVER_CODE.replace("POSITIONS", str(args.positions)).replace("RUNS", str(args.runs))
        out = page.evaluate(_EXECUTE, code)
        try:
            browser_ms = json.loads(out.strip().splitlines()[-1])
        except (ValueError, IndexError):
            print("bench_lite: the solver did not run in the browser:", out[-2000:])
        ctx.close()

        ctx = new_context()
        page = ctx.new_page()
        open_notebook(page, url, "play.ipynb")
        page.locator(".lm-MenuBar-itemLabel:text-is('Run')").click()
        page.locator(".lm-Menu-itemLabel:text-is('Run All Cells')").click()
        table = page.locator(".cardlab-play").first
        table.wait_for(state="visible", timeout=TIMEOUT)
        for _ in range(args.hints):
            page.wait_for_function(_KERNEL_IDLE, timeout=TIMEOUT)
            before = int(table.locator(".cardlab-status-line .cardlab-status").get_attribute("data-refresh") or 0)
            t0 = time.perf_counter()
            table.locator("button.cardlab-hint-button").click()
            page.wait_for_function(_REDRAWN, arg=[table.element_handle(), before], timeout=TIMEOUT, polling=50)
            hints.append(time.perf_counter() - t0)
            if "Hint:" not in table.locator(".cardlab-hint").inner_text():
                print("bench_lite: the play table showed no hint")
                return 1
        ctx.close()
        browser.close()
    server.shutdown()

    print(f"First Python prompt (notebook opened until its kernel is idle), cold: {fmt(cold)}")
    print(f"First Python prompt, cached (same browser profile again):     {fmt(cached)}")
    print(f"An exercise on screen after its cell runs:                     {fmt(drawn)}")
    print(f"A hint on the play table (click until it is shown):            {fmt(hints)}")

    rows = []
    if browser_ms:
        rows.append((f"browser (Pyodide), solver {browser_ms['kernel']}", browser_ms["ms"]))
    for label, env in (("CPython, pure-Python solver", {"CARDLAB_PURE_PYTHON": "1"}), ("CPython, compiled solver", {})):
        res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=dict(os.environ, **env), cwd=ROOT)
        try:
            got = json.loads(res.stdout.strip().splitlines()[-1])
            rows.append((f"{label} ({got['kernel']})", got["ms"]))
        except (ValueError, IndexError):
            print(f"bench_lite: {label} failed: {res.stderr[-1000:]}")
    print(f"Exact solver, {args.positions} Sixty-six end games (5-6 cards each), median of {args.runs} runs each, ms:")
    base = next((ms for label, ms in rows if label.startswith("CPython, pure")), None)
    for label, ms in rows:
        ratio = ""
        if base and ms is not base:
            ratio = f"  {statistics.median(ms) / statistics.median(base):.2f}x CPython pure (median)"
            per = [a / b for a, b in zip(ms, base) if b > 0]
            ratio += f", per position {min(per):.2f}-{max(per):.2f}x"
        print(f"  {label:38} {fmt(ms, 'ms', 1)}{ratio}")
    if left:
        print(f"bench_lite: requests that tried to leave 127.0.0.1 (blocked): {left}")
        return 1
    print("No request left 127.0.0.1.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
