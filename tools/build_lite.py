"""Build (and serve) cardlab's static JupyterLite site: the classroom and the play table running in
the student's browser (Pyodide), from static files any web host serves (issue 23; README,
*The static site*).

    python tools/build_lite.py [--output DIR] [--pyodide-dist URL|DIR]   build, clean
    python tools/build_lite.py --serve [--port N] [--output DIR]        serve a built site on 127.0.0.1
    python tools/build_lite.py --relock                                 re-resolve lite/requirements.txt

``python3 dev.py lite`` runs it from .venv, where the ``lite`` extra (jupyterlite-core and the
Pyodide kernel, pinned) is installed. The build downloads only from the package registries, into
a cache under .venv (``.venv/lite-cache``), and checks every file against a pinned hash:

* Pyodide 314.0.7 from npm (the interpreter and standard library; its sha512 is pinned below);
* the browser's pure-Python wheels from PyPI, pinned with their sha256 in ``lite/requirements.txt``
  (resolved for Pyodide's Python 3.14 by ``--relock``: ipython, jedi, comm, ipywidgets, anywidget,
  jsonschema 4.17.3, micropip 0.11.1 and what they need);
* cardlab itself as a pure-Python wheel (``CARDLAB_PURE_WHEEL=1``, setup.py), built from the
  checkout's files.

Pyodide's own ``pyodide-lock.json`` names 357 packages whose files npm does not ship; the build
rewrites it to list exactly the wheels placed beside it (file name, sha256, imports, depends), so
that the site never reaches for a CDN, and sets the kernel's ``pyodideUrl`` (with
``disablePyPIFallback``) in ``jupyter-lite.json``, then checks both in the output. The kernel loads
cardlab and ipywidgets at its start (``loadPyodideOptions.packages``), so the notebooks run as
they are.

The site holds the index, the classroom (``lite/classroom.ipynb``: the students' view only) and
the play table, with ``data/``; the index's link to the class's served page opens a note saying
that the teacher serves it. The lessons (and the analysis notebook) draw tables and charts
with pandas and matplotlib, which have no browser build on PyPI or npm; they are included when
``--pyodide-dist`` names a Pyodide 314 distribution that has them (its URL, such as the official
https://cdn.jsdelivr.net/pyodide/v314.0.7/full/, or a folder holding one); otherwise each is a
short notebook saying so, and the first page says so too.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.parse
import urllib.request
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
OUTPUT = LITE / "_output"
CACHE = ROOT / ".venv" / "lite-cache"
REQUIREMENTS_IN = LITE / "requirements.in"
REQUIREMENTS = LITE / "requirements.txt"

PYODIDE_VERSION = "314.0.7"
#: npm's integrity of pyodide-314.0.7.tgz
PYODIDE_SHA512 = ("0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==")
#: what the site needs of the npm package (the kernel loads Pyodide as an ES module)
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json"]
#: Pyodide's Python and platform, for resolving the browser's wheels and their markers
PYTHON = "3.14"
MARKERS = {"python_version": "3.14", "python_full_version": "3.14.2", "sys_platform": "emscripten",
           "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
           "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
#: resolved with ipywidgets but not wanted in the browser: the widgets' front end comes from the
#: site's JupyterLab extension, and the kernel ships its own stand-in for widgetsnbextension
NOT_IN_BROWSER = {"widgetsnbextension", "jupyterlab-widgets"}
#: loaded when the kernel starts (besides what the kernel itself loads), so no notebook needs %pip
PRELOAD = ["cardlab", "ipywidgets"]
#: the site's notebooks: (source, name in the site); the classroom is the students' view of its own
SITE_NOTEBOOKS = [(ROOT / "notebooks" / "index.ipynb", "index.ipynb"),
                  (LITE / "classroom.ipynb", "classroom.ipynb"),
                  (ROOT / "notebooks" / "play.ipynb", "play.ipynb")]
#: notebooks that need pandas and matplotlib in the browser: only with --pyodide-dist
LESSONS = ["sixty_six.ipynb", "russian_501.ipynb", "ninety_nine.ipynb", "mariage_three.ipynb",
           "mariage_four.ipynb", "analysis.ipynb"]
#: what the lessons import beyond the pure wheels (their dependencies come with them)
LESSON_PACKAGES = ["pandas", "matplotlib"]
KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: the site's front-end extensions: the Pyodide kernel, the widgets' manager and anywidget's (the play
#: table's clickable card pictures; it comes with cardlab's anywidget dependency) — nothing else of .venv
EXTENSIONS = ["@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget"]
SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01: the wheel's file times, so the same files give the same wheel


def step(msg: str) -> None:
    print(f"==> {msg}", flush=True)


def run(cmd: list, **kw) -> None:
    step(" ".join(map(str, cmd)))
    subprocess.run(list(map(str, cmd)), check=True, **kw)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- downloads (cached, checked) ----------------------------------------------------------------

def pyodide_package() -> Path:
    """The npm package pyodide@314.0.7, unpacked in the cache (checked against its sha512)."""
    import base64

    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        if not shutil.which("npm"):
            sys.exit("build_lite: npm is needed once to download Pyodide (apt-get install npm)")
        CACHE.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", CACHE, "--silent"],
            stdout=subprocess.DEVNULL)
    digest = base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode()
    if digest != PYODIDE_SHA512:
        tgz.unlink()
        sys.exit(f"build_lite: {tgz.name} does not match its pinned sha512 (removed; run again)")
    unpacked = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if not (unpacked / "pyodide-lock.json").exists():
        shutil.rmtree(unpacked, ignore_errors=True)
        with tarfile.open(tgz) as tar:
            for member in tar.getmembers():
                if member.isfile() and member.name.startswith("package/"):
                    target = unpacked / member.name[len("package/"):]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(tar.extractfile(member).read())
    return unpacked


def pinned() -> dict[str, tuple[str, set[str]]]:
    """lite/requirements.txt as {name: (version, sha256s)}."""
    out = {}
    text = REQUIREMENTS.read_text().replace("\\\n", " ")
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.match(r"([A-Za-z0-9_.\-]+)==(\S+)", line)
        if not m:
            sys.exit(f"build_lite: cannot read {REQUIREMENTS.name}: {line}")
        out[canonical(m.group(1))] = (m.group(2), set(re.findall(r"--hash=sha256:([0-9a-f]{64})", line)))
    return out


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def browser_wheels() -> list[Path]:
    """The pinned pure wheels (pip download, hashes checked), minus :data:`NOT_IN_BROWSER`."""
    wheels = CACHE / "wheels"
    pins = {n: p for n, p in pinned().items() if n not in NOT_IN_BROWSER}
    have = {canonical(w.name.split("-")[0]): w for w in wheels.glob("*.whl")} if wheels.exists() else {}
    missing = [n for n, (v, hashes) in pins.items()
               if n not in have or have[n].name.split("-")[1] != v or sha256(have[n]) not in hashes]
    if missing:
        reqs = CACHE / "requirements-browser.txt"
        CACHE.mkdir(parents=True, exist_ok=True)
        body = REQUIREMENTS.read_text().replace("\\\n", " ")
        reqs.write_text("\n".join(line for line in body.splitlines()
                                  if canonical(line.split("==")[0].strip()) in pins) + "\n")
        # --isolated: PyPI itself, whatever pip.conf or PIP_* say (the hashes are checked anyway)
        run([sys.executable, "-m", "pip", "download", "--isolated", "-q", "--disable-pip-version-check",
             "--no-deps", "--only-binary=:all:", "--python-version", PYTHON, "--implementation", "py",
             "--abi", "none", "--platform", "any", "--require-hashes", "-r", reqs, "-d", wheels])
        have = {canonical(w.name.split("-")[0]): w for w in wheels.glob("*.whl")}
    out = []
    for name, (version, hashes) in sorted(pins.items()):
        w = have.get(name)
        if w is None or sha256(w) not in hashes or not w.name.endswith("-none-any.whl"):
            sys.exit(f"build_lite: no pure wheel of {name}=={version} matching {REQUIREMENTS.name}")
        out.append(w)
    return out


def cardlab_wheel(dest: Path) -> Path:
    """cardlab as a pure-Python wheel, built from a copy of the checkout's files (git's tracked
    and new, not ignored: no generated C, no compiled module, no build folders)."""
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z", "--",
                            "cardlab", "pyproject.toml", "setup.py", "README.md"],
                           cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    src = dest / "cardlab-src"
    for f in filter(None, files):
        if (ROOT / f).is_file():
            (src / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / f, src / f)
    env = dict(os.environ, CARDLAB_PURE_WHEEL="1", SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH)
    uv = Path(sys.executable).parent / "uv"
    run([uv, "build", "--wheel", "--quiet", "--out-dir", dest / "dist", src], env=env)
    wheel, = (dest / "dist").glob("cardlab-*.whl")
    if not wheel.name.endswith("-py3-none-any.whl"):
        sys.exit(f"build_lite: {wheel.name} is not a pure-Python wheel")
    with zipfile.ZipFile(wheel) as z:
        bad = [n for n in z.namelist() if n.endswith((".c", ".so", ".pyx"))]
    if bad:
        sys.exit(f"build_lite: the cardlab wheel holds compiled parts: {bad}")
    shutil.rmtree(src)
    return wheel


# -- the lock -----------------------------------------------------------------------------------

def wheel_entry(wheel: Path, names: set[str]) -> dict:
    """A pyodide-lock.json entry for a pure wheel: its depends are those of its requirements that
    apply in Pyodide (markers evaluated for Python 3.14 on emscripten) and are in ``names``."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as z:
        meta_name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(meta_name).decode())
        tops = set()
        for n in z.namelist():
            head = n.split("/")[0]
            if head.endswith((".dist-info", ".data")):
                continue
            if "/" in n and (n.endswith("/__init__.py") and n.count("/") == 1):
                tops.add(head)
            elif "/" not in n and n.endswith(".py"):
                tops.add(n[:-3])
    name = canonical(meta["Name"])
    depends = []
    for text in meta.get_all("Requires-Dist") or []:
        req = Requirement(text)
        if req.marker is not None and not req.marker.evaluate(MARKERS):
            continue
        dep = canonical(req.name)
        if dep in NOT_IN_BROWSER:
            continue
        if dep not in names:
            sys.exit(f"build_lite: {name} needs {dep}, which is not among the browser's wheels "
                     f"(run --relock)")
        depends.append(dep)
    return {"name": name, "version": meta["Version"], "file_name": wheel.name, "install_dir": "site",
            "sha256": sha256(wheel), "package_type": "package", "imports": sorted(tops),
            "depends": sorted(set(depends)), "unvendored_tests": False, "shared_library": False}


def lesson_distribution(dist: str, into: Path) -> dict:
    """From a Pyodide 314 distribution (URL or folder) with pandas and matplotlib: their lock
    entries and those of everything they depend on, files copied into ``into`` (sha256 checked)."""
    def read(name: str) -> bytes:
        if re.match(r"^https?://", dist):
            with urllib.request.urlopen(dist.rstrip("/") + "/" + name, timeout=60) as r:
                return r.read()
        return (Path(dist) / name).read_bytes()

    lock = json.loads(read("pyodide-lock.json"))
    packages = lock["packages"]
    wanted, todo = {}, list(LESSON_PACKAGES)
    while todo:
        name = canonical(todo.pop())
        if name in wanted:
            continue
        entry = packages.get(name) or next((e for k, e in packages.items() if canonical(k) == name), None)
        if entry is None:
            sys.exit(f"build_lite: {dist} has no {name}")
        wanted[name] = entry
        todo += entry.get("depends", [])
    for name, entry in wanted.items():
        data = read(entry["file_name"])
        if hashlib.sha256(data).hexdigest() != entry["sha256"]:
            sys.exit(f"build_lite: {entry['file_name']} from {dist} does not match its lock's sha256")
        (into / entry["file_name"]).write_bytes(data)
    return wanted


def write_lock(pyodide_dir: Path, wheels: list[Path], extra: dict) -> None:
    """Rewrite pyodide-lock.json to list exactly the wheels beside it."""
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    names = {canonical(w.name.split("-")[0]) for w in wheels} | set(extra)
    packages = {}
    for w in wheels:
        entry = wheel_entry(w, names)
        packages[entry["name"]] = entry
    for name, entry in extra.items():
        packages.setdefault(name, entry)
    lock["packages"] = dict(sorted(packages.items()))
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


# -- the site -----------------------------------------------------------------------------------

def stripped(nb_path: Path) -> dict:
    """A notebook without outputs (the site's students run it): no stale widget reprs."""
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    nb.get("metadata", {}).pop("widgets", None)
    nb.setdefault("metadata", {})["kernelspec"] = KERNELSPEC  # the site's only kernel
    return nb


def missing_lesson(name: str) -> dict:
    """What opens instead of a lesson the site does not hold."""
    text = (f"# {name}: not in this site\n\n"
            "This lesson draws its tables and charts with pandas and matplotlib, and this site's Python "
            "(running in your browser) does not have them: the site was built without a Pyodide "
            "distribution that holds them.\n\n"
            "- Read it on a computer with cardlab installed: `python3 dev.py lab` opens it in JupyterLab.\n"
            "- Or build the site with them: `python3 dev.py lite --pyodide-dist "
            f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/` (the build then downloads "
            "pandas, matplotlib and numpy from that address).\n\n"
            "The [classroom](classroom.ipynb) and the [play table](play.ipynb) work here.")
    return {"cells": [{"cell_type": "markdown", "id": "not-in-site", "metadata": {}, "source": text}],
            "metadata": {"kernelspec": KERNELSPEC},
            "nbformat": 4, "nbformat_minor": 5}


def served_page_note() -> dict:
    """What opens in the site for the class's served page (notebooks/class.ipynb), which the index links."""
    text = ("# The class's page: served by the teacher, not in this site\n\n"
            "The class's page, with the students' names, every answer recorded and the teacher's live "
            "results, runs on the teacher's computer: `python3 dev.py class` serves it to the class "
            "(README, *Serving a class*). Everything in this site runs in your own browser, so it has no "
            "teacher's view and records no class results.\n\n"
            "Here, the [classroom](classroom.ipynb) has the same exercises and set codes, the sample hands "
            "and the position editor, and the [play table](play.ipynb) plays a hand against the computer.")
    return {"cells": [{"cell_type": "markdown", "id": "not-in-site", "metadata": {}, "source": text}],
            "metadata": {"kernelspec": KERNELSPEC}, "nbformat": 4, "nbformat_minor": 5}


def lite_config() -> dict:
    config = json.loads((LITE / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    settings["pyodideUrl"] = "./static/pyodide/pyodide.mjs"
    settings["disablePyPIFallback"] = True
    settings.setdefault("loadPyodideOptions", {})["packages"] = PRELOAD
    return config


def check_site(out: Path) -> None:
    """The output's own check: the kernel's Pyodide is the site's (pyodideUrl, no PyPI fallback),
    and the lock lists exactly the wheels beside it, each with its sha256."""
    problems = []
    for config_path in [out / "jupyter-lite.json", *out.glob("*/jupyter-lite.json")]:
        config = json.loads(config_path.read_text())
        settings = config.get("jupyter-config-data", {}).get("litePluginSettings", {}).get(KERNEL_PLUGIN)
        if config_path.parent == out or settings is not None:
            if not settings or settings.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
                problems.append(f"{config_path.relative_to(out)}: pyodideUrl is "
                                f"{(settings or {}).get('pyodideUrl')!r}, not the site's ./static/pyodide/pyodide.mjs")
            if not (settings or {}).get("disablePyPIFallback"):
                problems.append(f"{config_path.relative_to(out)}: disablePyPIFallback is not set")
    pyodide = out / "static" / "pyodide"
    for name in PYODIDE_FILES:
        if not (pyodide / name).exists():
            problems.append(f"static/pyodide/{name} is missing")
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    listed = {e["file_name"]: e for e in lock["packages"].values()}
    beside = {p.name for p in pyodide.glob("*.whl")}
    if set(listed) != beside:
        problems.append(f"the lock and the wheels beside it differ: {sorted(set(listed) ^ beside)}")
    for name, e in listed.items():
        if name in beside and sha256(pyodide / name) != e["sha256"]:
            problems.append(f"{name}: sha256 differs from the lock's")
    for name in PRELOAD:
        if name not in lock["packages"]:
            problems.append(f"{name} is not in the lock")
    if problems:
        sys.exit("build_lite: the site is not sound:\n  " + "\n  ".join(problems))
    step(f"checked: pyodideUrl ./static/pyodide/pyodide.mjs with disablePyPIFallback; the lock lists "
         f"exactly the {len(listed)} wheels beside it")


def site_size(out: Path) -> int:
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file())


def commit_time() -> int:
    """The checkout's last commit time: the site's file times (the same commit gives the same site)."""
    got = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True)
    return int(got.stdout.strip() or SOURCE_DATE_EPOCH)


def build(out: Path, dist: str | None) -> None:
    started = time.monotonic()
    venv_bin = Path(sys.executable).parent
    stage = CACHE / "stage"
    for d in (out, stage):
        shutil.rmtree(d, ignore_errors=True)
    stage.mkdir(parents=True)

    # Pyodide, the wheels and the lock, in the lite folder's well-known place (static/pyodide)
    pyodide_src = pyodide_package()
    pyodide_dir = stage / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_FILES + ["pyodide-lock.json"]:
        shutil.copy2(pyodide_src / name, pyodide_dir / name)
    wheels = [shutil.copy2(w, pyodide_dir / w.name) for w in browser_wheels()]
    wheels = [Path(w) for w in wheels] + [Path(shutil.copy2(cardlab_wheel(stage), pyodide_dir))]
    shutil.rmtree(stage / "dist")
    extra = lesson_distribution(dist, pyodide_dir) if dist else {}
    write_lock(pyodide_dir, wheels, extra)

    # the front-end extensions, from .venv (the pinned lite extra)
    labext = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    for ext in EXTENSIONS:
        shutil.copytree(labext / ext, stage / "labextensions" / ext)
    # anywidget's front end must be the version of the browser's anywidget wheel (the widget names it)
    front = json.loads((labext / "anywidget" / "package.json").read_text())["version"]
    wheel = pinned()["anywidget"][0]
    if front != wheel:
        sys.exit(f"build_lite: .venv has anywidget {front}'s front end but {REQUIREMENTS.name} pins {wheel} "
                 f"for the browser: install anywidget=={wheel} (the lite extra pins it) or --relock")

    # contents: notebooks/ and data/ (the notebooks read ../data)
    content = stage / "content"
    (content / "notebooks").mkdir(parents=True)
    for src, name in SITE_NOTEBOOKS:
        (content / "notebooks" / name).write_text(json.dumps(stripped(src), indent=1, ensure_ascii=False) + "\n",
                                                  encoding="utf-8")
    for name in LESSONS:
        nb = stripped(ROOT / "notebooks" / name) if dist else missing_lesson(name)
        (content / "notebooks" / name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n",
                                                  encoding="utf-8")
    (content / "notebooks" / "class.ipynb").write_text(json.dumps(served_page_note(), indent=1) + "\n",
                                                       encoding="utf-8")
    shutil.copytree(ROOT / "data", content / "data")
    (stage / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=2) + "\n")
    shutil.copy2(LITE / "overrides.json", stage / "overrides.json")

    # built inside the stage, then moved: jupyter lite build clamps the file times of everything
    # in its output folder's parent
    built = stage / "built" / "site"
    # the build's options: JupyterLab only; of .venv's front-end extensions only those copied above,
    # no language pack; file times clamped to the last commit's
    (stage / "jupyter_lite_config.json").write_text(json.dumps({"LiteBuildConfig": {
        "apps": ["lab"], "contents": [str(content)], "output_dir": str(built), "no_sourcemaps": True,
        "no_unused_shared_packages": True, "no_libarchive": True,
        "ignore_sys_prefix": ["federated_extensions", "translation"], "source_date_epoch": commit_time()},
        "FederatedExtensionAddon": {"extra_labextensions_path": [str(stage / "labextensions")]}}, indent=2) + "\n")
    cmd = [venv_bin / "jupyter", "lite", "build", "--lite-dir", stage, "--log-level", "WARN"]
    step(" ".join(map(str, cmd)))
    done = subprocess.run(list(map(str, cmd)), cwd=stage, capture_output=True, text=True)
    if done.returncode != 0:   # its task list is long: shown only when it failed
        sys.exit(f"build_lite: jupyter lite build failed:\n{done.stdout[-6000:]}\n{done.stderr[-6000:]}")
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(built, out)

    # the first page: what to click, and what the site is not
    lessons_line = ("The lessons are here too (sixty_six, russian_501, ninety_nine, mariage_three, mariage_four, "
                    "analysis)." if dist else
                    "The lessons are not in this site: they need pandas and matplotlib, which this build's "
                    "browser Python does not have (each lesson's page says how to get it).")
    first = (LITE / "index.html").read_text(encoding="utf-8").replace("{{LESSONS}}", lessons_line)
    (out / "index.html").write_text(first, encoding="utf-8")
    shutil.copy2(out / "lab" / "favicon.ico", out / "favicon.ico")   # what browsers ask the root for
    shutil.rmtree(stage)
    check_site(out)
    size = site_size(out)
    step(f"built the static site in {time.monotonic() - started:.0f} s: {out} ({size / 1e6:.1f} MB); "
         "serve it with: python3 dev.py lite --serve" + ("" if out == OUTPUT else f" --output {out}"))


# -- serving ------------------------------------------------------------------------------------

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide and JupyterLite need (ES modules, WebAssembly)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".ipynb": "application/json", ".whl": "application/zip"}

    def log_message(self, fmt, *args):  # quiet: only errors
        if args and str(args[1] if len(args) > 1 else "").startswith(("4", "5")):
            super().log_message(fmt, *args)


def make_server(out: Path, port: int = 0) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=str(out))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(out: Path, port: int) -> int:
    if not (out / "index.html").exists():
        sys.exit(f"build_lite: no site in {out}: build it first (python3 dev.py lite)")
    server = make_server(out, port)
    print(f"Serving the static site {out} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


def relock() -> None:
    """Resolve lite/requirements.in for Pyodide's Python (3.14, wasm32) with wheels only."""
    uv = Path(sys.executable).parent / "uv"
    run([uv, "pip", "compile", "--quiet", "--python-platform", "wasm32-pyodide2024", "--python-version", PYTHON,
         "--no-build", "--generate-hashes", "--no-header", "--output-file", REQUIREMENTS.relative_to(ROOT),
         REQUIREMENTS_IN.relative_to(ROOT)], cwd=ROOT)
    step(f"wrote {REQUIREMENTS.relative_to(ROOT)}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--output", type=Path, default=OUTPUT, help="the site's folder (default lite/_output)")
    ap.add_argument("--pyodide-dist", metavar="URL|DIR",
                    help="a Pyodide 314 distribution with pandas and matplotlib: the lessons are included")
    ap.add_argument("--serve", action="store_true", help="serve the built site on 127.0.0.1 (building it if missing)")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--relock", action="store_true", help="re-resolve lite/requirements.txt (needs PyPI)")
    args = ap.parse_args(argv)
    out = args.output.resolve()
    if args.relock:
        relock()
        return 0
    if args.serve:
        if not (out / "index.html").exists():
            build(out, args.pyodide_dist)
        return serve(out, args.port)
    build(out, args.pyodide_dist)
    return 0


if __name__ == "__main__":
    sys.exit(main())
