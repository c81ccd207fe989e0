#!/usr/bin/env python3
"""Serve the class's page (notebooks/class.ipynb) with Voila, as ``python3 dev.py class`` does.

    python3 dev.py class [--folder DIR] [--lan] [--port N] [extra Voila arguments]
    .venv/bin/python tools/class_server.py [the same]

The students' address is the page; the teacher's address is the same with ``?key=<key>``, where
the key is made at random for this run (:func:`secrets.token_urlsafe`) and handed to the server in
the environment variable ``CARDLAB_TEACHER_KEY`` (the kernels inherit it; it never appears in a
command line that ``ps`` shows, nor in anything sent to a students' page). ``CARDLAB_CLASS_FOLDER``
names the class folder (default ``classes/`` in the checkout, git-ignored), where the teacher's
page saves and the students' answers are recorded (``results.sqlite3``, whose path the banner
prints). Before serving, :func:`main` writes the printouts of the worksheets saved in the class
folder (worksheet and answer key) into ``<class folder>/print/`` (``tools/make_worksheets.py``). ``--lan`` listens on every interface (0.0.0.0) and prints the addresses with the
machine's network address; without it the server listens on 127.0.0.1 only.

The Voila settings below were chosen by measurement (``benchmarks/bench_class_load.py``, README
"Serving a class"): preheated kernels, so that a class opening the page together finds the notebook
already run up to the point where it reads the address; timeouts that fit a loaded 2-core machine,
so that no output is ever dropped without a word; idle culling, so that a closed tab's kernel is
freed; and a page template that loads nothing from outside the machine.

Standard library only: dev.py imports this file with the system's Python, and the tests and the
benchmark start the server through :class:`ClassServer` exactly as a teacher does.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The served page (written by the pages' owner; every cell runs on each student's kernel).
NOTEBOOK = ROOT / "notebooks" / "class.ipynb"
#: The class folder when ``--folder`` is not given (git-ignored).
DEFAULT_FOLDER = ROOT / "classes"
#: A Jupyter data folder holding the ``cardlab`` Voila template (the lab template without the
#: font-awesome stylesheets it links from a CDN: voila.js already bundles the icons).
SHARE = ROOT / "share" / "jupyter"
TEMPLATE = "cardlab"
DEFAULT_PORT = 8866
#: The class's results database in the class folder (cardlab.classroom.results.FILE_NAME: this file
#: imports no cardlab module).
RESULTS_FILE = "results.sqlite3"
#: Writes a code's printable worksheet and answer key into ``<folder>/print/``.
MAKE_WORKSHEETS = ROOT / "tools" / "make_worksheets.py"

#: Kernels started and run up to the page's role before anyone asks: a class of 30, the teacher,
#: and one spare. ``--pool_size=N`` overrides it; each kernel holds about 65 MB (README,
#: "Serving a class").
POOL_SIZE = 32
#: Seconds before a kernel taken from the pool is replaced. Voila puts the replacement in the pool
#: at once, as a kernel that starts after this delay, and a request that finds no ready kernel
#: waits for the next one in the pool: so a student beyond the pool (or a reload once it is used
#: up) waits up to this delay plus a kernel's start. A refill at once (Voila's default, 1 s) makes
#: the new kernels compete with the pages being served; a long one (600 s) left a 33rd student
#: waiting ten minutes. 30 s lets a class of 30 arrive first (it was served within 25 s on a
#: loaded 2-core machine) and keeps a latecomer's wait short. ``--VoilaKernelManager.fill_delay=S``.
FILL_DELAY = 30
#: Seconds Voila waits, after a cell has finished, for the outputs it sent (nbclient's default is
#: 4 s, after which outputs were dropped without a word under load). A longer wait that still
#: runs out is now an error shown in the cell (raise_on_iopub_timeout), never a silent gap.
IOPUB_TIMEOUT = 120
#: Seconds a kernel may wait to start (Voila's default is 60; a class's arrival on 2 cores).
STARTUP_TIMEOUT = 180
#: A kernel whose page was closed (no websocket connected) and idle this many seconds is shut
#: down; an open page is never culled (cull_connected=False). A page asks the server to shut its
#: kernel down when it is closed or reloaded (a beacon from its ``beforeunload``), which Voila
#: refuses for want of an XSRF cookie it never sets (``403 POST /voila/api/shutdown/…``): the
#: server does not check XSRF (``disable_check_xsrf``; it has no login whose cookie a forged
#: request could borrow, and a shutdown needs the kernel's id, which only its own page knows), so
#: the kernel goes at once; culling frees those whose beacon never came (a browser that crashed,
#: a laptop closed).
CULL_IDLE_TIMEOUT = 300
#: How often (seconds) the server looks for kernels to cull.
CULL_INTERVAL = 60


def lan_address() -> str | None:
    """This machine's address on its network (the one its default route uses), or None.

    A UDP socket "connected" to an address of the documentation range (RFC 5737) sends nothing,
    but makes the system choose the interface it would use; its own address is the answer."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))
            ip = s.getsockname()[0]
        except OSError:
            return None
    return None if ip.startswith("127.") or ip == "0.0.0.0" else ip


def free_port(preferred: int | None = DEFAULT_PORT, host: str = "127.0.0.1") -> int:
    """``preferred`` if nothing listens there, else a free port chosen by the system."""
    for port in ([preferred] if preferred else []) + [0]:
        with socket.socket() as s:
            try:
                s.bind((host, port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise OSError("no free port")


#: Voila's short option names for the settings this file passes (so that one given by the
#: teacher, in either form, replaces this file's value instead of being refused as given twice).
ALIASES = {"port": "Voila.port", "pool_size": "VoilaConfiguration.default_pool_size",
           "preheat_kernel": "VoilaConfiguration.preheat_kernel", "template": "VoilaConfiguration.template",
           "show_tracebacks": "VoilaConfiguration.show_tracebacks"}


def settings(port: int, lan: bool) -> dict[str, object]:
    """The Voila settings of the class's server (full trait names), chosen by measurement."""
    return {
        "Voila.ip": "0.0.0.0" if lan else "127.0.0.1",
        "Voila.port": port,
        "Voila.port_retries": 0,
        "Voila.open_browser": False,
        "VoilaConfiguration.template": TEMPLATE,
        "VoilaConfiguration.preheat_kernel": True,
        "VoilaConfiguration.default_pool_size": POOL_SIZE,
        "VoilaKernelManager.fill_delay": FILL_DELAY,
        "VoilaExecutor.iopub_timeout": IOPUB_TIMEOUT,
        "VoilaExecutor.raise_on_iopub_timeout": True,
        "VoilaExecutor.startup_timeout": STARTUP_TIMEOUT,
        "MappingKernelManager.cull_idle_timeout": CULL_IDLE_TIMEOUT,
        "MappingKernelManager.cull_interval": CULL_INTERVAL,
        "MappingKernelManager.cull_connected": False,
        "Voila.tornado_settings": "disable_check_xsrf=True",
    }


def _given(extra: list[str]) -> set[str]:
    """The full names of the settings ``extra`` gives (``--name=value`` or ``--name value``)."""
    names = set()
    for arg in extra:
        if arg.startswith("--"):
            name = arg[2:].split("=", 1)[0]
            names.add(ALIASES.get(name, name))
    return names


def voila_command(python: str | os.PathLike, notebook: str | os.PathLike, port: int, lan: bool = False,
                  extra: list[str] = ()) -> list[str]:
    """The Voila command line serving ``notebook`` on ``port`` (0.0.0.0 with ``lan``, else
    127.0.0.1), with :func:`settings`; a setting also given in ``extra`` (which comes last) is
    left to it. Holds no secret: the teacher's key and the class folder go in the environment."""
    notebook = Path(notebook)
    given = _given(list(extra))
    own = {"Voila.root_dir": notebook.parent, **settings(port, lan)}
    return [str(python), "-m", "voila", str(notebook),
            *(f"--{name}={value}" for name, value in own.items() if name not in given), *extra]


def server_environment(base: dict, key: str, folder: Path, jupyter_path: list[Path]) -> dict:
    """The server's environment: ``base`` with the teacher's key, the class folder (absolute) and
    ``jupyter_path`` first on JUPYTER_PATH (the kernelspec and the page template)."""
    env = dict(base)
    env["CARDLAB_TEACHER_KEY"] = key
    env["CARDLAB_CLASS_FOLDER"] = str(Path(folder).resolve())
    env["JUPYTER_PATH"] = os.pathsep.join([*map(str, jupyter_path), *filter(None, [base.get("JUPYTER_PATH")])])
    env.pop("QUERY_STRING", None)  # only a request sets it
    return env


def addresses(host: str, port: int, key: str) -> tuple[str, str]:
    """The students' address and the teacher's address (the same with ``?key=``)."""
    students = f"http://{host}:{port}/"
    return students, f"{students}?key={key}"


def write_kernelspec(folder: Path, python: str | os.PathLike) -> None:
    """A ``python3`` kernelspec in ``folder/kernels`` whose kernel is ``python`` (the interpreter
    with cardlab), found before any kernelspec of the user's or the system's."""
    spec = folder / "kernels" / "python3"
    spec.mkdir(parents=True, exist_ok=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (ipykernel)", "language": "python",
    }))


class ClassServer:
    """The class's Voila server, started as ``dev.py class`` starts it.

    ``ClassServer(python, folder=..., lan=..., port=..., extra=[...], notebook=..., log=PATH)``;
    :meth:`start` runs it (its output goes to ``log``, or to this process's output), :meth:`wait`
    returns when it answers; :attr:`students_url`, :attr:`teacher_url`, :attr:`key`, :attr:`proc`;
    :meth:`stop` ends it (Voila shuts its kernels down). Usable as a context manager."""

    def __init__(self, python: str | os.PathLike = sys.executable, *, folder: str | os.PathLike | None = None,
                 lan: bool = False, port: int | None = None, extra: list[str] = (),
                 notebook: str | os.PathLike = NOTEBOOK, log: str | os.PathLike | None = None):
        self.python = str(python)
        self.folder = Path(folder if folder is not None else DEFAULT_FOLDER).resolve()
        self.lan = lan
        self.notebook = Path(notebook).resolve()
        self.extra = list(extra)
        self.log = Path(log) if log else None
        self.key = secrets.token_urlsafe(16)
        bind = "0.0.0.0" if lan else "127.0.0.1"
        self.port = port if port else free_port(DEFAULT_PORT if port is None else None, bind)
        self.host = (lan_address() or "127.0.0.1") if lan else "127.0.0.1"
        self.students_url, self.teacher_url = addresses(self.host, self.port, self.key)
        #: what the server itself is reached at from this machine (127.0.0.1 works with either bind)
        self.local_url = f"http://127.0.0.1:{self.port}/"
        self.proc: subprocess.Popen | None = None
        self._tmp: Path | None = None

    def command(self) -> list[str]:
        return voila_command(self.python, self.notebook, self.port, self.lan, self.extra)

    def environment(self, base: dict | None = None) -> dict:
        tmp = self._tmp or Path("<tmp>")
        return server_environment(os.environ if base is None else base, self.key, self.folder,
                                  [tmp / "jupyter-path", SHARE])

    def start(self) -> "ClassServer":
        if not self.notebook.exists():
            raise FileNotFoundError(f"{self.notebook} does not exist: there is no class page to serve")
        self.folder.mkdir(parents=True, exist_ok=True)
        self._tmp = Path(tempfile.mkdtemp(prefix="cardlab-class-"))
        write_kernelspec(self._tmp / "jupyter-path", self.python)
        env = self.environment()
        out = open(self.log, "ab") if self.log else None
        try:
            self.proc = subprocess.Popen(self.command(), cwd=self.notebook.parent, env=env, stdin=subprocess.DEVNULL,
                                         stdout=out, stderr=subprocess.STDOUT if out else None)
        finally:
            if out:
                out.close()
        return self

    def wait(self, timeout: float = 120) -> None:
        """Return once the server answers HTTP (a static path: no kernel is started by asking)."""
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the class server stopped (exit code {self.proc.returncode})"
                                   + (f"; its log: {self.log}" if self.log else ""))
            try:
                opener.open(self.local_url + "voila/static/", timeout=5).close()
                return
            except urllib.error.HTTPError:
                return  # it answered
            except OSError:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"the class server did not answer within {timeout:.0f} s")
                time.sleep(0.2)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()  # the server shuts its kernels down itself
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def parse(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    p = argparse.ArgumentParser(prog="dev.py class", description="Serve the class's page with Voila.",
                                epilog="Other arguments go to Voila (e.g. --pool_size=40).")
    p.add_argument("--folder", help="the class folder (default: classes/ in the checkout); created if missing")
    p.add_argument("--lan", action="store_true", help="listen on this machine's network address, so that other "
                                                      "machines of the same network reach the page")
    p.add_argument("--port", type=int, help=f"the port (default {DEFAULT_PORT}, or a free one if it is taken)")
    p.add_argument("--notebook", default=str(NOTEBOOK), help=argparse.SUPPRESS)
    return p.parse_known_args(argv)


def banner(server: ClassServer, lan_found: bool = True) -> str:
    lines = ["", "=" * 72,
             "The class's page is served.",
             "",
             f"  Students' address:  {server.students_url}",
             "",
             f"  Teacher's address:  {server.teacher_url}",
             "      (keep this one to yourself: anyone with it sees every answer;",
             "       a new key is made each time the server starts)",
             "",
             f"  Class folder:       {server.folder}",
             f"  Class's results:    {server.folder / RESULTS_FILE}",
             "      (every answer the students check; the teacher's page shows them live and exports CSV)"]
    if server.lan and not lan_found:
        lines += ["", "  This machine has no network address other than 127.0.0.1 now: connect it to the",
                  "  class's network and start again (the server listens on every interface)."]
    elif server.lan:
        lines += ["", "  Other machines of the same network use these addresses; this machine's firewall",
                  f"  must let them reach port {server.port} (TCP)."]
    else:
        lines += ["", "  Only this machine can open these addresses; for a class on other machines start",
                  "  with --lan."]
    pool = next((a.split("=", 1)[1] for a in reversed(server.command())
                 if a.startswith(("--pool_size=", "--VoilaConfiguration.default_pool_size="))), POOL_SIZE)
    lines += ["", f"  The first {pool} pages are prepared in the background (about a minute on 2 cores).",
              "  Stop the server with Ctrl+C.", "=" * 72, ""]
    return "\n".join(lines)


def saved_worksheets(folder: Path) -> list[str]:
    """The codes of the worksheets saved in ``folder`` (``worksheets/ws-*.json``), sorted."""
    where = Path(folder) / "worksheets"
    return sorted(p.stem for p in where.glob("ws-*.json")) if where.is_dir() and not where.is_symlink() else []


def print_saved_worksheets(python: str | os.PathLike, folder: Path) -> None:
    """Write the worksheet and answer key of every worksheet saved in ``folder`` into
    ``folder/print/`` (:data:`MAKE_WORKSHEETS`, run with ``python``, the interpreter with cardlab),
    and say so; a failure is said and the class is served anyway."""
    codes = saved_worksheets(folder)
    if not codes:
        return
    try:
        subprocess.run([str(python), str(MAKE_WORKSHEETS), "--folder", str(Path(folder).resolve()), *codes],
                       check=False, timeout=600, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError) as e:
        print(f"dev.py class: the saved worksheets were not printed ({e})", file=sys.stderr)
        return
    print(f"==> printouts of {len(codes)} saved worksheet{'s' if len(codes) != 1 else ''} (worksheet and answer key "
          f"each): {Path(folder).resolve() / 'print'}/", flush=True)


def main(argv: list[str], python: str | os.PathLike = sys.executable) -> int:
    args, extra = parse(argv)
    if threading.current_thread() is threading.main_thread():  # stopped by a signal: stop Voila too
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    server = ClassServer(python, folder=args.folder, lan=args.lan, port=args.port, extra=extra,
                         notebook=args.notebook)
    print_saved_worksheets(python, server.folder)
    print("==> " + shlex.join(server.command()), flush=True)
    try:
        server.start()
    except FileNotFoundError as e:
        print(f"dev.py class: {e}", file=sys.stderr)
        return 1
    try:
        server.wait()
        print(banner(server, lan_found=lan_address() is not None), flush=True)
        return server.proc.wait()
    except KeyboardInterrupt:
        return 0
    except (RuntimeError, TimeoutError) as e:
        print(f"dev.py class: {e}", file=sys.stderr)
        return 1
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
