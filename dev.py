#!/usr/bin/env python3
"""Set up the dev environment and run things. Needs only Python 3.11+ (standard library).

    python3 dev.py lab  [ARGS]   JupyterLab on a git-ignored copy of notebooks/ in .lab/notebooks/ (refreshed
                                 from notebooks/ when they change, never over a copy you edited; data/ and
                                 docs/ beside it), opening on notebooks/index.ipynb; prints the address
                                 (ARGS go to JupyterLab, e.g. --no-browser, --port N); installs only
                                 what Lab needs (the notebooks extra)
    python3 dev.py class [--folder DIR] [--lan] [--port N] [VOILA ARGS]
                                 serve the class's page (notebooks/class.ipynb) in Voila: prints the
                                 students' address and the teacher's (with a key made at start);
                                 --lan for other machines of the network; after writing the
                                 teacher's rules sheets to docs/rules/, the students' handouts
                                 to docs/handouts/ and the printouts of the class folder's saved
                                 worksheets to <folder>/print/ (tools/class_server.py); the
                                 banner names the class's results file (<folder>/results.sqlite3)
    python3 dev.py test [ARGS]   build the static site (below) when npm is there, then pytest (e.g.
                                 -m "not browser"); then the solver's and Ninety-Nine play-out's tests
                                 again on the pure-Python path (unless test files are named); exits
                                 with pytest's code. CARDLAB_SKIP_LITE=1 skips the site's build (its
                                 browser test then uses the site built before, or is skipped)
    python3 dev.py lite [--pyodide-dist URL|DIR] [--serve [--port N]]
                                 build the static JupyterLite site (the classroom and the play table
                                 in the browser, tools/build_lite.py) into lite/_output, clean;
                                 --serve serves it on 127.0.0.1 and prints the address
    python3 dev.py bench [ARGS]  every benchmarks/*.py (ARGS go to each script)

Each command first creates .venv if needed and installs cardlab editable with its extras, using
uv with --compile-bytecode; the installation compiles the exact solver and Ninety-Nine's
play-out (or says that their pure-Python versions are in use). The install is skipped while
pyproject.toml, setup.py and the Cython sources are unchanged since the last one (a stamp file
in .venv records them).
"""

import sys

if sys.version_info < (3, 11):
    sys.exit("dev.py needs Python 3.11 or newer; this is Python %s. Run it with a newer python3."
             % sys.version.split()[0])

import hashlib
import json
import os
import shlex
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent
os.chdir(ROOT)  # everything below is relative to the repository
VENV = Path(".venv")
BIN = VENV / "bin"
PY = BIN / "python"
STAMP = VENV / "cardlab-install-stamp.json"
CHROMIUM = "/usr/bin/chromium"
#: Files whose change makes dev.py reinstall cardlab (uv's cache keys in pyproject.toml list the same).
BUILD_INPUTS = ["pyproject.toml", "setup.py", "cardlab/analysis/_csearch.pyx", "cardlab/_ninetynine_play.pyx"]
#: Tests run a second time on the pure-Python solver and play-out (the first run uses the compiled ones).
PURE_PYTHON_TESTS = ["tests/analysis/test_analysis_solver.py", "tests/analysis/test_analysis_questions.py",
                     "tests/analysis/test_analysis_variants.py", "tests/ninetynine/test_ninetynine_speed_consistency.py"]


def step(msg):
    print(f"==> {msg}", flush=True)


def run(*cmd):
    step(shlex.join(map(str, cmd)))
    if subprocess.call(list(map(str, cmd))) != 0:
        sys.exit(f"dev.py: command failed: {shlex.join(map(str, cmd))}")


def setup(extras):
    """Create .venv and install '.[extras]' into it, unless the stamp says it's done."""
    # the build's inputs: a change to any of them reinstalls (and so recompiles the solver)
    digest = hashlib.sha256(b"".join(Path(f).read_bytes() for f in BUILD_INPUTS if Path(f).exists())).hexdigest()
    try:
        stamp = json.loads(STAMP.read_text())
    except (OSError, ValueError):
        stamp = {}
    if stamp.get("pyproject") == digest:
        if set(extras) <= set(stamp.get("extras", [])):
            step(f".venv is up to date with pyproject.toml (extras: {','.join(extras)})")
            return
        extras = sorted(set(extras) | set(stamp.get("extras", [])))
    if not PY.exists():
        run(sys.executable, "-m", "venv", VENV)
    uv = BIN / "uv"
    if not uv.exists():
        if not (BIN / "pip").exists():  # e.g. a venv made by uv
            run(PY, "-m", "ensurepip", "--upgrade")
        run(PY, "-m", "pip", "install", "-q", "uv")
    run(uv, "pip", "install", "--python", PY, "--compile-bytecode", "-e", f".[{','.join(extras)}]")
    STAMP.write_text(json.dumps({"pyproject": digest, "extras": sorted(extras)}) + "\n")
    report_compiled()


def report_compiled():
    """Say which compiled parts the installation gave (the exact solver's search, Ninety-Nine's
    play-out), or that their pure-Python versions (same answers, slower) are in use because the
    C extensions could not be built."""
    probe = "from cardlab import kernels; print(*kernels.built().values())"
    out = subprocess.run([str(PY), "-c", probe], capture_output=True, text=True).stdout.split()
    parts = [("the exact solver (cardlab/analysis/_csearch)", "16-44 times slower"),
             ("Ninety-Nine's play-out (cardlab/_ninetynine_play)", "about 2 times slower")]
    built = [name for (name, _), ok in zip(parts, out) if ok == "True"]
    missing = [f"{name}: the same answers, {cost}" for (name, cost), ok in zip(parts, out + [""] * 2) if ok != "True"]
    if built:
        step("compiled: " + " and ".join(built))
    if missing:
        step("note: not compiled (is a C compiler installed? e.g. sudo apt-get install gcc python3-dev), so the "
             "pure-Python version is in use for " + "; ".join(missing))


#: What `dev.py lab` installs: Lab and what the notebooks import, no test tools (pyproject's extras).
LAB_EXTRAS = ["notebooks"]
#: Where Lab works: a git-ignored copy of notebooks/ (CARDLAB_LAB_DIR puts it elsewhere, as the tests do).
LAB_DIR = Path(os.environ.get("CARDLAB_LAB_DIR") or ".lab")
#: JupyterLab's plugin for the "official Jupyter news?" toast and update checks (disabled, as
#: JupyterLab's documentation on announcements says: `jupyter labextension disable <it>`).
LAB_NEWS_PLUGIN = "@jupyterlab/apputils-extension:announcements"
#: The page Lab opens, from the root it serves (LAB_DIR: notebooks/ beside data/ and docs/, as in
#: the repository, so the lessons' ../data and ../docs links resolve inside it).
LAB_PAGE = "notebooks/index.ipynb"


def _cells_digest(path):
    """A digest of a notebook's cells (type and source; not outputs, counts or metadata, which
    running it changes), or None when the file is not a readable notebook."""
    try:
        cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
        text = json.dumps([[c["cell_type"], "".join(c["source"]) if isinstance(c["source"], list) else c["source"]]
                           for c in cells])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return hashlib.sha256(text.encode()).hexdigest()


def refresh_lab_copy(source=Path("notebooks"), dest=None, data=Path("data"), docs=Path("docs")):
    """Copy the repository's notebooks into ``dest``/notebooks (default :data:`LAB_DIR`), where Lab
    works, so that opening, running and saving them there never changes a tracked file.

    A notebook is copied when the copy is missing, and copied again when the repository's version
    changed since the last copy and the copy's cells are as they were copied (its outputs may
    differ: running a notebook changes them). A copy whose cells the user edited is kept and said
    so. ``dest``/data links to ``data`` (the notebooks read ``../data``) and ``dest``/docs to
    ``docs`` (the lessons link to ``../docs/rules-notes.md``); ``dest`` ignores itself
    in git (a ``.gitignore`` of ``*``). ``dest``/copied.json records the cells' digest of each
    notebook as copied. Returns the lines to print: what was copied, updated and kept."""
    dest = Path(dest if dest is not None else LAB_DIR)
    nbdir = dest / "notebooks"
    nbdir.mkdir(parents=True, exist_ok=True)
    (dest / ".gitignore").write_text("# python3 dev.py lab's working copy of the notebooks: never committed\n*\n")
    for name, target in (("data", data), ("docs", docs)):
        link = dest / name
        if not link.exists() and not link.is_symlink() and Path(target).is_dir():
            link.symlink_to(Path(target).resolve(), target_is_directory=True)
    record_path = dest / "copied.json"
    try:
        record = json.loads(record_path.read_text())
    except (OSError, ValueError):
        record = {}
    copied, updated, kept = [], [], []
    for nb in sorted(Path(source).glob("*.ipynb")):
        new = _cells_digest(nb)
        target = nbdir / nb.name
        if not target.exists():
            shutil.copy2(nb, target)
            record[nb.name] = new
            copied.append(nb.name)
            continue
        if record.get(nb.name) == new:
            continue  # the repository's version is the one copied: the copy (and its outputs) stay
        mine = _cells_digest(target)
        if mine == new:
            record[nb.name] = new  # the same cells (a copy made before the record)
        elif mine is not None and mine == record.get(nb.name):
            shutil.copy2(nb, target)  # the repository changed, the copy's cells did not
            record[nb.name] = new
            updated.append(nb.name)
        else:
            kept.append(nb.name)
    record_path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    lines = []
    if copied:
        lines.append(f"copied {len(copied)} notebook{'s' * (len(copied) != 1)} into {nbdir}/: {', '.join(copied)}")
    if updated:
        lines.append(f"updated from notebooks/ (changed there; your copies' cells were unchanged): {', '.join(updated)}")
    for name in kept:
        lines.append(f"kept your edited {nbdir / name}: notebooks/{name} has changed since it was copied "
                     f"(delete or rename your copy to get the new one)")
    return lines


def disable_lab_news(prefix=VENV):
    """Disable JupyterLab's news and update-check plugin for this environment (the page_config.json
    that `jupyter labextension disable --level=sys_prefix` writes), so no news toast shows."""
    path = Path(prefix) / "etc" / "jupyter" / "labconfig" / "page_config.json"
    try:
        config = json.loads(path.read_text())
    except (OSError, ValueError):
        config = {}
    disabled = config.setdefault("disabledExtensions", {})
    if disabled.get(LAB_NEWS_PLUGIN) is not True:
        disabled[LAB_NEWS_PLUGIN] = True
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(config, indent=2) + "\n")


def _option(args, *names):
    """The value of the last ``--name=V`` or ``--name V`` among ``args`` (None when absent)."""
    value = None
    for i, a in enumerate(args):
        for n in names:
            if a.startswith(n + "="):
                value = a.split("=", 1)[1]
            elif a == n and i + 1 < len(args):
                value = args[i + 1]
    return value


def _free_port(start=8888, tries=100):
    import socket

    for port in range(start, start + tries):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    sys.exit(f"dev.py: no free port from {start} to {start + tries - 1}; give one with --port N")


def lab_command(args, root, python=PY):
    """JupyterLab's command line on ``root`` opening on :data:`LAB_PAGE`, with ``args`` after it; and
    the address to print. The port (a free one from 8888 unless ``args`` name one) and the
    token (a new one unless ``args`` give one) are fixed here so that the address is known."""
    import secrets

    port = _option(args, "--port", "--ServerApp.port")
    extra = []
    if port is None:
        port = str(_free_port())
        extra.append(f"--ServerApp.port={port}")
    token = _option(args, "--IdentityProvider.token", "--ServerApp.token")
    if token is None:
        token = secrets.token_hex(24)
        extra.append(f"--IdentityProvider.token={token}")
    ip = _option(args, "--ip", "--ServerApp.ip")
    host = "127.0.0.1" if ip in (None, "", "localhost", "0.0.0.0", "127.0.0.1", "::") else ip
    if ip is None:
        extra.append("--ServerApp.ip=127.0.0.1")
    if _option(args, "--LabApp.workspaces_dir") is None:  # the open tabs of this Lab, not of another project's
        extra.append(f"--LabApp.workspaces_dir={Path(root).resolve() / '.workspaces'}")
    cmd = [str(python), "-m", "jupyterlab", f"--ServerApp.root_dir={Path(root).resolve()}",
           f"--LabApp.default_url=/lab/tree/{LAB_PAGE}",
           "--ServerApp.port_retries=0",  # the port printed is the port served
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", *extra]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # Lab refuses to run as root without it
    cmd += args
    address = f"http://{host}:{port}/lab/tree/{LAB_PAGE}" + (f"?token={token}" if token else "")
    return cmd, address, int(port)


def _wait_for_port(proc, port, timeout=120):
    import socket
    import time

    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.2)
    return False


def lab(args):
    import signal

    setup(LAB_EXTRAS)
    for line in refresh_lab_copy():
        step(line)
    disable_lab_news()
    root = LAB_DIR
    cmd, address, port = lab_command(args, root)
    step(shlex.join(cmd))
    proc = subprocess.Popen(cmd)
    # Ctrl-C goes to Lab (it asks before stopping); a termination of dev.py stops Lab too
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda *_: proc.terminate())
    if _wait_for_port(proc, port):
        step(f"JupyterLab works in {root / 'notebooks'}/, a git-ignored copy of notebooks/ (with data/ and "
             "docs/ beside it, as in the repository): what you change there never changes the repository's files")
        step(f"open {address}")
    return proc.wait()


def classroom(args):
    setup(["notebooks", "test"])
    # the printable rules sheets (one A4 page per variant), fresh from the RULES tables
    run(PY, "tools/make_rules_sheets.py")
    step("rules sheets to print from a browser (one A4 page each): docs/rules/<variant>.html")
    # the students' handouts (one A4 page per variant, the rules in plain words, 10 pt or more)
    run(PY, "tools/make_handouts.py")
    step("student handouts to print (one A4 page each): docs/handouts/<variant>.html")
    # the class's page in Voila, as tools/class_server.py starts it (the tests and the load
    # benchmark start it the same way): it prints the students' and the teacher's addresses
    sys.path.insert(0, str(ROOT / "tools"))
    import class_server

    return class_server.main(args, python=ROOT / PY)


def lite(args):
    setup(["lite"])
    cmd = [PY, "tools/build_lite.py", *args]
    step(shlex.join(map(str, cmd)))
    return subprocess.call(list(map(str, cmd)))


def build_site_for_tests(args):
    """Build the static site before the tests (its browser test runs it), unless CARDLAB_SKIP_LITE=1,
    npm is missing, or test files are named and the site's test is not one of them."""
    named = [a.split("::")[0] for a in args if not a.startswith("-") and os.path.exists(a.split("::")[0])]
    if named and not any("test_browser_lite" in a or os.path.isdir(a) for a in named):
        return
    if os.environ.get("CARDLAB_SKIP_LITE") == "1":
        step("CARDLAB_SKIP_LITE=1: the static site is not built (its browser test uses lite/_output if there)")
        return
    if not shutil.which("npm"):
        step("note: npm not found, so the static site is not built and its browser test is skipped "
             "(fails with CARDLAB_REQUIRE_BROWSER=1). Install it with: sudo apt-get install npm")
        return
    run(PY, "tools/build_lite.py")


def test(args):
    setup(["notebooks", "test", "lite"])
    build_site_for_tests(args)
    if not os.path.exists(CHROMIUM) and os.environ.get("CARDLAB_REQUIRE_BROWSER") != "1":
        step(f"note: {CHROMIUM} not found, so the browser tests will be skipped. "
             "Install it with: sudo apt-get install chromium")
    cmd = [PY, "-m", "pytest", "--basetemp=.pytest-tmp", *args]
    step(shlex.join(map(str, cmd)))
    rc = subprocess.call(list(map(str, cmd)))
    if rc != 0 or any(os.path.exists(a.split("::")[0]) for a in args if not a.startswith("-")):
        return rc   # a failure, or the tests named on the command line: one run only
    # the exact solver and Ninety-Nine's play-out have two paths (compiled, pure Python): run their
    # tests on the other one too
    step("the solver and play-out tests again on the pure-Python path (CARDLAB_PURE_PYTHON=1)")
    env = dict(os.environ, CARDLAB_PURE_PYTHON="1")
    cmd = [PY, "-m", "pytest", "--basetemp=.pytest-tmp", "-q", *PURE_PYTHON_TESTS]
    step(shlex.join(map(str, cmd)))
    return subprocess.call(list(map(str, cmd)), env=env)


def bench(args):
    setup(["notebooks", "test", "bench"])
    scripts = sorted(Path("benchmarks").glob("*.py"))
    if not scripts:
        step("no benchmarks/*.py to run")
    failed = []
    for script in scripts:
        cmd = [PY, script, *args]
        step(shlex.join(map(str, cmd)))
        if subprocess.call(list(map(str, cmd))) != 0:
            failed.append(script.name)
    if failed:
        print(f"dev.py: benchmarks failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


COMMANDS = {"lab": lab, "class": classroom, "test": test, "bench": bench, "lite": lite}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        sys.exit(__doc__.strip())
    sys.exit(COMMANDS[sys.argv[1]](sys.argv[2:]))
