"""A class opening the class's page at once: time to a usable exercise for each student.

    .venv/bin/python benchmarks/bench_class_load.py [--students 10 20 30] [--browsers 5]
        [--notebook notebooks/class.ipynb] [--server-args="--pool_size=40 ..."] [--after 90]
        [--kernel-cost 5]

For each N, the class's server is started as ``python3 dev.py class`` starts it
(``tools/class_server.py``, a free port, a temporary class folder), and once its preheated
kernels are ready (the server's processes idle), it measures:

* a lone student: one client that does not render, then one real page, one after the other;
* N students at once: M real pages (headless Chromium, /usr/bin/chromium, 1280×720, each in its
  own browser context; every request to a host other than 127.0.0.1 is aborted and counted) and
  N−M clients that do not render: they GET the page, then open the page's kernel websocket and ask
  for every widget's state (the ``jupyter.widget.control`` comm's ``request_states``, as the page's
  widget manager does).

A real page is usable when its first exercise's question and controls are visible and a click is
answered (its Next button shows the next exercise, which only the page's kernel can do); a raw client when the page has arrived, has no
error output, and every widget shown in it, and every widget those refer to, has its state.
Printed: median, p90 and max of those times, failures (with the reason), outputs that are errors
(a cell that failed or timed out) and IOPub timeouts in the server's log, the server's and the
kernels' memory (RSS per kernel, total RSS and total USS of the server's process tree), and the
slowest student against a lone student's time of the same kind (the target: within 5×).

``--after S`` then asks an open page's kernel once a second for S seconds and prints how fast it
answers (a click is such a message), while the pool refills the kernels the class took.

``--kernel-cost R`` also starts R kernels one after the other (jupyter_client, outside Voila) and
runs the page's cells up to where it reads its role (what a preheated kernel does before a student
arrives), printing the kernel's CPU seconds, wall seconds and memory (median and min–max).
Speed is what this script prints; no test asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shlex
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import class_server  # noqa: E402  (the command line a teacher's dev.py class runs)

try:
    import psutil
except ImportError:  # memory from /proc instead
    psutil = None

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run", "--disable-quic"]
LOCAL = re.compile(r"^(?!https?://127\.0\.0\.1[:/])")
OUTPUT = re.compile(r'<script type="application/vnd\.voila\.cell-output\+json">\s*(.*?)\s*</script>', re.S)
MODEL_REF = re.compile(r"IPY_MODEL_([0-9a-f]{32})")
ERROR_TEXT = re.compile(r"error when executing|Cell execution timed out|Traceback")


# ------------------------------------------------------------------ the server's processes

def _tree(pid: int) -> list:
    """The server's process and its descendants (psutil.Process objects), or pids from /proc."""
    if psutil:
        try:
            p = psutil.Process(pid)
            return [p, *p.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []
    children = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(d.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo += children.get(p, [])
    return out


def _cmdline(p) -> str:
    try:
        return " ".join(p.cmdline()) if psutil else Path(f"/proc/{p}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except Exception:
        return ""


def _cpu_seconds(p) -> float:
    try:
        if psutil:
            t = p.cpu_times()
            return t.user + t.system
        fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except Exception:
        return 0.0


def _memory(p) -> tuple[float, float]:
    """(RSS, USS) in MiB; USS (memory no other process shares) from psutil, else PSS-less RSS."""
    try:
        if psutil:
            m = p.memory_full_info()
            return m.rss / 2**20, m.uss / 2**20
        rss = int(Path(f"/proc/{p}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
        return rss, rss
    except Exception:
        return 0.0, 0.0


def tree_cpu(pid: int) -> float:
    return sum(_cpu_seconds(p) for p in _tree(pid))


def cpu_split(pid: int) -> tuple[float, dict]:
    """CPU seconds used so far by the server's own process, and by each kernel (pid: seconds)."""
    procs = _tree(pid)
    kernels = {(p.pid if psutil else p): _cpu_seconds(p) for p in procs if "ipykernel_launcher" in _cmdline(p)}
    server = sum(_cpu_seconds(p) for p in procs if "ipykernel_launcher" not in _cmdline(p))
    return server, kernels


def memory_report(pid: int) -> dict:
    procs = _tree(pid)
    kernels = [p for p in procs if "ipykernel_launcher" in _cmdline(p)]
    others = [p for p in procs if p not in kernels]
    kmem = [_memory(p) for p in kernels]
    omem = [_memory(p) for p in others]
    return {"kernels": len(kernels),
            "kernel_rss": statistics.median([r for r, _ in kmem]) if kmem else 0.0,
            "kernel_uss": statistics.median([u for _, u in kmem]) if kmem else 0.0,
            "server_rss": sum(r for r, _ in omem),
            "total_rss": sum(r for r, _ in kmem + omem),
            "total_uss": sum(u for _, u in kmem + omem)}


def wait_idle(pid: int, limit: float = 900, quiet: float = 0.05, span: float = 3.0) -> float:
    """Wait until the server's processes use under ``quiet`` of a CPU for ``span`` seconds (the
    preheated kernels have run the page up to its role); return the seconds waited."""
    t0 = time.monotonic()
    last, calm = tree_cpu(pid), 0.0
    while time.monotonic() - t0 < limit:
        time.sleep(1.0)
        now = tree_cpu(pid)
        calm = calm + 1.0 if now - last < quiet else 0.0
        last = now
        if calm >= span:
            break
    return time.monotonic() - t0


# ------------------------------------------------------------------ students

def _message(msg_type: str, content: dict, channel: str, session: str, metadata: dict | None = None) -> str:
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "student",
              "version": "5.3", "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    return json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content,
                       "channel": channel, "buffers": []})


def _decode(frame: str | bytes) -> dict:
    """A kernel message from the websocket: JSON text, or (with binary buffers) the binary form
    (a count of offsets, the offsets, the JSON message, then the buffers)."""
    if isinstance(frame, str):
        return json.loads(frame)
    count = int.from_bytes(frame[:4], "big")
    offsets = [int.from_bytes(frame[4 * (i + 1):4 * (i + 2)], "big") for i in range(count)]
    end = offsets[1] if count > 1 else len(frame)
    return json.loads(frame[offsets[0]:end])


def page_outputs(html: str) -> tuple[list[dict], set[str], int]:
    """The page's outputs, the widget models they show, and how many are errors."""
    outputs, models, errors = [], set(), 0
    for block in OUTPUT.findall(html):
        try:
            out = json.loads(block)
        except ValueError:
            continue
        outputs.append(out)
        view = out.get("data", {}).get("application/vnd.jupyter.widget-view+json")
        if view:
            models.add(view["model_id"])
        text = json.dumps(out)
        if out.get("output_type") == "error" or (out.get("name") == "stderr" and ERROR_TEXT.search(text)):
            errors += 1
    return outputs, models, errors


async def raw_student(base: str, timeout: float) -> dict:
    """GET the page, then every widget's state over the page's kernel websocket."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    t0 = time.perf_counter()
    result = {"kind": "raw", "ok": False, "errors": 0, "reason": ""}
    try:
        resp = await AsyncHTTPClient().fetch(HTTPRequest(base, request_timeout=timeout, connect_timeout=timeout))
        html = resp.body.decode()
        result["page"] = time.perf_counter() - t0
        outputs, models, errors = page_outputs(html)
        result.update(errors=errors, outputs=len(outputs), models=len(models))
        found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', html)
        if not found:
            raise RuntimeError("no kernel id in the page")
        result["kernel"] = found.group(1)
        ws_url = base.replace("http://", "ws://").split("?")[0].rstrip("/") + \
            f"/api/kernels/{found.group(1)}/channels?session_id={uuid.uuid4().hex}"
        ws = await asyncio.wait_for(websocket_connect(ws_url, max_message_size=256 * 2**20), timeout)
        try:
            session, comm_id = uuid.uuid4().hex, uuid.uuid4().hex
            ws.write_message(_message("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                                                    "data": {}}, "shell", session, {"version": "1.0.0"}))
            ws.write_message(_message("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}},
                                      "shell", session))
            deadline = time.perf_counter() + timeout
            states = None
            while states is None:
                msg = await asyncio.wait_for(ws.read_message(), max(0.1, deadline - time.perf_counter()))
                if msg is None:
                    raise RuntimeError("the kernel websocket closed")
                m = _decode(msg)
                c = m.get("content", {})
                if m.get("msg_type") == "comm_msg" and c.get("comm_id") == comm_id \
                        and c.get("data", {}).get("method") == "update_states":
                    states = c["data"]["states"]
            result["states"] = len(states)
            result["state_bytes"] = len(msg)
            missing = models - set(states)
            refs = set(MODEL_REF.findall(json.dumps(states))) - set(states)
            if errors:
                raise RuntimeError(f"{errors} error output(s) in the page")
            if missing or refs:
                raise RuntimeError(f"{len(missing)} shown and {len(refs)} referred widget(s) have no state")
            if not models:
                raise RuntimeError("the page shows no widget")
        finally:
            ws.close()
        result["ok"] = True
    except Exception as e:  # a failure is counted and its reason printed
        result["reason"] = f"{type(e).__name__}: {e}"[:200]
    result["time"] = time.perf_counter() - t0
    return result


async def real_student(browser, base: str, timeout: float, external: list) -> dict:
    """A real page: the first exercise's question and controls visible, and a click answered (its
    Next button brings the next exercise, which only the page's kernel can do)."""
    t0 = time.perf_counter()
    from playwright.async_api import expect

    result = {"kind": "browser", "ok": False, "errors": 0, "reason": ""}
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = await context.new_page()

        async def refuse(route):
            external.append(route.request.url)
            await route.abort()

        await page.route(LOCAL, refuse)
        page.set_default_timeout(timeout * 1000)
        await page.goto(base, wait_until="commit")
        ex = page.locator(".cardlab-class").first
        await ex.locator(".cardlab-class-question").wait_for(state="visible")
        await ex.locator(".cardlab-class-controls button").first.wait_for(state="visible")
        header = ex.locator(".cardlab-class-header")
        before = await header.inner_text()
        await ex.locator("button.cardlab-class-next").click()   # answered by the kernel: the next exercise
        await expect(header).not_to_have_text(before, timeout=timeout * 1000)
        result["time"] = time.perf_counter() - t0
        errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")
        result["errors"] = sum(1 for t in await errors.all_inner_texts() if ERROR_TEXT.search(t))
        if result["errors"]:
            raise RuntimeError(f"{result['errors']} error output(s) on the page")
        result["ok"] = True
    except Exception as e:
        result["reason"] = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:200]
    finally:
        result.setdefault("time", time.perf_counter() - t0)
        await context.close()
    return result


async def responsiveness(base: str, kernel_id: str, seconds: float) -> list[float]:
    """An open page's kernel asked once a second (comm_info_request, as a widget's click is a
    message answered by the kernel) for ``seconds``: the answer times, in seconds."""
    from tornado.websocket import websocket_connect

    url = base.replace("http://", "ws://").rstrip("/") + f"/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4().hex}"
    ws = await websocket_connect(url, max_message_size=256 * 2**20)
    times, session, end = [], uuid.uuid4().hex, time.perf_counter() + seconds
    try:
        while time.perf_counter() < end:
            t0 = time.perf_counter()
            ws.write_message(_message("comm_info_request", {"target_name": "jupyter.widget"}, "shell", session))
            while True:
                m = _decode(await asyncio.wait_for(ws.read_message(), 120))
                if m.get("msg_type") == "comm_info_reply":
                    break
            times.append(time.perf_counter() - t0)
            await asyncio.sleep(max(0.0, 1.0 - times[-1]))
    finally:
        ws.close()
    return times


async def crowd(base: str, n: int, browsers: int, timeout: float, browser, external: list) -> list[dict]:
    tasks = [real_student(browser, base, timeout, external) for _ in range(min(browsers, n))]
    tasks += [raw_student(base, timeout) for _ in range(n - len(tasks))]
    return await asyncio.gather(*tasks)


# ------------------------------------------------------------------ kernel start cost

def kernel_cost(notebook: Path, runs: int) -> list[dict]:
    """Start a kernel (outside Voila, so the role is the students') and run the page's cells: up to
    the one that reads the role (what a preheated kernel does before a student arrives), then the
    rest (what it does when the student arrives). The kernel's CPU seconds and RSS at both points,
    and the wall seconds to the first."""
    from jupyter_client.manager import start_new_kernel

    nb = json.loads(notebook.read_text())
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    role = next((i for i, c in enumerate(cells) if "page_role(" in c or "get_query_string(" in c), len(cells))
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        km, kc = start_new_kernel(kernel_name="python3", cwd=str(notebook.parent))
        try:
            proc = psutil.Process(km.provisioner.process.pid) if psutil else km.provisioner.process.pid
            row = {}
            for i, code in enumerate(cells):
                if i == role:
                    row.update(wall=time.perf_counter() - t0, cpu=_cpu_seconds(proc), rss=_memory(proc)[0])
                reply = kc.execute_interactive(code, timeout=300, output_hook=lambda msg: None)
                if reply["content"]["status"] != "ok":
                    raise RuntimeError(f"a cell failed: {reply['content'].get('ename')}: {reply['content'].get('evalue')}")
            if "cpu" not in row:
                row.update(wall=time.perf_counter() - t0, cpu=_cpu_seconds(proc), rss=_memory(proc)[0])
            row.update(page_cpu=_cpu_seconds(proc) - row["cpu"], page_rss=_memory(proc)[0])
            out.append(row)
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
    return out


# ------------------------------------------------------------------ the run

def summary(times: list[float]) -> str:
    if not times:
        return "—"
    s = sorted(times)
    p90 = s[min(len(s) - 1, int(round(0.9 * (len(s) - 1))))]
    return f"median {statistics.median(s):.1f} s, p90 {p90:.1f} s, max {s[-1]:.1f} s"


def iopub_timeouts(log: Path) -> int:
    text = log.read_text(errors="replace") if log.exists() else ""
    return text.count("Timeout waiting for IOPub output")


def log_problems(log: Path, most: int = 6) -> list[str]:
    """The server log's first error lines (why a page failed)."""
    lines = log.read_text(errors="replace").splitlines() if log.exists() else []
    found = [l for l in lines if re.search(r"ERROR|CRITICAL|Error:|\b5\d\d (GET|POST)", l)]
    return [l[:220] for l in found[:most]]


async def run_one(n: int, args, tmp: Path) -> dict:
    from playwright.async_api import async_playwright
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=max(64, 2 * n))
    log = tmp / f"server-{n}.log"
    server = class_server.ClassServer(sys.executable, folder=tmp / f"classes-{n}", port=0,
                                      extra=shlex.split(args.server_args), notebook=args.notebook, log=log)
    t0 = time.monotonic()
    server.start()
    external: list[str] = []
    try:
        server.wait(timeout=300)
        await asyncio.to_thread(wait_idle, server.proc.pid)
        warm = time.monotonic() - t0
        before = memory_report(server.proc.pid)
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            lone_raw = await raw_student(server.local_url, args.timeout)
            lone_page = await real_student(browser, server.local_url, args.timeout, external)
            cpu0 = cpu_split(server.proc.pid)
            t1 = time.perf_counter()
            results = await crowd(server.local_url, n, args.browsers, args.timeout, browser, external)
            span = time.perf_counter() - t1
            cpu1 = cpu_split(server.proc.pid)
            after = memory_report(server.proc.pid)
            answers = []
            if args.after and lone_raw.get("kernel"):   # the pool refills meanwhile (fill_delay)
                answers = await responsiveness(server.local_url, lone_raw["kernel"], args.after)
            await browser.close()
    finally:
        server.stop()
    kernel_cpu = sum(c - cpu0[1].get(k, 0.0) for k, c in cpu1[1].items())
    return {"n": n, "warm": warm, "server_cpu": cpu1[0] - cpu0[0], "kernel_cpu": kernel_cpu,
            "lone_raw": lone_raw, "lone_page": lone_page, "results": results, "span": span,
            "before": before, "after": after, "external": external, "iopub_timeouts": iopub_timeouts(log),
            "problems": log_problems(log), "answers": answers}


def report(r: dict, browsers: int) -> None:
    n, res = r["n"], r["results"]
    print(f"\n=== {n} students at once ({min(browsers, n)} real pages in Chromium, "
          f"{n - min(browsers, n)} clients that do not render); server ready and warm after {r['warm']:.0f} s")
    for lone in (r["lone_raw"], r["lone_page"]):
        state = "ok" if lone["ok"] else f"FAILED ({lone['reason']})"
        print(f"  lone student, {'real page' if lone['kind'] == 'browser' else 'raw client'}: {lone['time']:.2f} s {state}")
    for kind, label, lone in (("browser", "real pages", r["lone_page"]), ("raw", "raw clients", r["lone_raw"])):
        group = [x for x in res if x["kind"] == kind]
        if not group:
            continue
        ok = [x["time"] for x in group if x["ok"]]
        bad = [x for x in group if not x["ok"]]
        ratio = f"; slowest {max(ok) / lone['time']:.1f}× the lone student" if ok and lone["ok"] else ""
        print(f"  {label} ({len(group)}): {summary(ok)}, failures {len(bad)}{ratio}")
        for reason in sorted({x["reason"] for x in bad}):
            print(f"    failure: {reason} (×{sum(1 for x in bad if x['reason'] == reason)})")
    raws = [x for x in res if x["kind"] == "raw" and "outputs" in x]
    if raws:
        print(f"  page: {statistics.median(x['outputs'] for x in raws):.0f} outputs, "
              f"{statistics.median(x.get('models', 0) for x in raws):.0f} widgets shown, "
              f"{statistics.median(x.get('states', 0) for x in raws if 'states' in x) if any('states' in x for x in raws) else 0:.0f} "
              f"widget states ({statistics.median(x.get('state_bytes', 0) for x in raws) / 1e6:.2f} MB)")
    errs = sum(x["errors"] for x in res)
    full = r["lone_raw"].get("outputs")
    short = [x for x in raws if full is not None and x["outputs"] < full]
    missing = sum(full - x["outputs"] for x in short)
    print(f"  error outputs on the pages: {errs}; pages with outputs missing (against the lone page's {full}): "
          f"{len(short)} ({missing} outputs); IOPub timeouts in the server's log: {r['iopub_timeouts']}")
    print(f"  CPU while the class arrived: server {r['server_cpu']:.1f} s, kernels {r['kernel_cpu']:.1f} s "
          f"({r['server_cpu'] / n:.2f} s and {r['kernel_cpu'] / n:.2f} s per student; the rest of the machine's "
          f"{os.cpu_count()} cores went to the browsers, the clients and other work: load average {os.getloadavg()[0]:.1f})")
    print(f"  everyone served within {r['span']:.1f} s; requests to other hosts: {len(r['external'])}"
          + (f" ({sorted(set(r['external']))[:3]})" if r["external"] else ""))
    if r["answers"]:
        a = sorted(r["answers"])
        print(f"  an open page's kernel asked once a second for {len(a)} s after the class arrived (the pool "
              f"refills meanwhile): answered in median {statistics.median(a):.2f} s, max {a[-1]:.2f} s")
    if any(not x["ok"] for x in res) and r["problems"]:
        print("  the server's log says:\n" + "\n".join("    " + l for l in r["problems"]))
    for label, m in (("before the class (warm pool)", r["before"]), ("after the class", r["after"])):
        print(f"  memory {label}: {m['kernels']} kernels, {m['kernel_rss']:.0f} MiB RSS ({m['kernel_uss']:.0f} MiB USS) "
              f"each; server {m['server_rss']:.0f} MiB; total RSS {m['total_rss'] / 1024:.2f} GiB, "
              f"USS {m['total_uss'] / 1024:.2f} GiB")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--students", type=int, nargs="*", default=[10, 20, 30],
                   help="class sizes N (default 10 20 30; none: only --kernel-cost)")
    p.add_argument("--browsers", type=int, default=5, help="real Chromium pages among the N (default 5)")
    p.add_argument("--notebook", type=Path, default=class_server.NOTEBOOK, help="the served page")
    p.add_argument("--server-args", default="", help="more Voila arguments, as one string")
    p.add_argument("--timeout", type=float, default=300, help="seconds a student waits before it counts as a failure")
    p.add_argument("--after", type=float, default=0, metavar="S",
                   help="then ask an open page's kernel once a second for S seconds (clicks while the pool refills)")
    p.add_argument("--kernel-cost", type=int, default=0, metavar="R", help="also time R kernel starts (default 0)")
    args, _ = p.parse_known_args()
    if not args.notebook.exists():
        print(f"{args.notebook} does not exist: nothing to serve", file=sys.stderr)
        return 1
    print(f"bench_class_load: {args.notebook.relative_to(ROOT) if args.notebook.is_relative_to(ROOT) else args.notebook}, "
          f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"load average {os.getloadavg()[0]:.2f}")
    print("server: " + shlex.join(class_server.voila_command(sys.executable, args.notebook, 0, False,
                                                              shlex.split(args.server_args))[3:]))
    if args.kernel_cost:
        costs = kernel_cost(args.notebook, args.kernel_cost)
        for key, unit, what in (("cpu", "s CPU", "a kernel started and the page run up to its role"),
                                ("wall", "s wall", "the same"), ("rss", "MiB RSS", "its memory then"),
                                ("page_cpu", "s CPU", "the rest of the page, when a student arrives"),
                                ("page_rss", "MiB RSS", "the kernel's memory with the whole page")):
            vals = [c[key] for c in costs]
            print(f"{what} ({len(vals)} runs): {statistics.median(vals):.2f} {unit} ({min(vals):.2f}–{max(vals):.2f})")
    failures = 0
    with tempfile.TemporaryDirectory(prefix="bench-class-") as tmp:
        for n in args.students:
            r = asyncio.run(run_one(n, args, Path(tmp)))
            report(r, args.browsers)
            failures += sum(1 for x in r["results"] if not x["ok"])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
