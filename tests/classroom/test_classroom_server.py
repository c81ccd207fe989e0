"""The class's server (tools/class_server.py, what ``python3 dev.py class`` runs): the Voila
command line it builds (the teacher's key only in the environment, the class folder, the bind
address with and without --lan), and the real server in Chromium: the page asks nothing of another
host, a closed or reloaded page's kernel is culled while an open page's is kept, and the teacher's
address (with the key) gives the teacher's page while a wrong key gives the students'. And a
record (the page's sample hands) loads without jsonschema's unused format grammars."""

import os
import re
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import class_server  # noqa: E402

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


def test_command_line_serves_the_class_page_on_localhost_with_the_measured_settings():
    cmd = class_server.voila_command("/py", class_server.NOTEBOOK, 8866)
    assert cmd[:4] == ["/py", "-m", "voila", str(class_server.NOTEBOOK)]
    assert "--Voila.ip=127.0.0.1" in cmd and "--Voila.port=8866" in cmd and "--Voila.port_retries=0" in cmd
    assert f"--VoilaConfiguration.template={class_server.TEMPLATE}" in cmd
    assert "--VoilaConfiguration.preheat_kernel=True" in cmd
    assert "--VoilaExecutor.raise_on_iopub_timeout=True" in cmd     # a late output is an error, never a gap
    assert "--MappingKernelManager.cull_connected=False" in cmd    # an open page is never culled
    assert any(a.startswith("--MappingKernelManager.cull_idle_timeout=") for a in cmd)
    assert f"--Voila.root_dir={class_server.NOTEBOOK.parent}" in cmd


def test_lan_listens_on_every_interface_and_prints_the_network_address():
    assert "--Voila.ip=0.0.0.0" in class_server.voila_command("/py", class_server.NOTEBOOK, 8866, lan=True)
    ip = class_server.lan_address()
    assert ip is None or (re.fullmatch(r"\d+\.\d+\.\d+\.\d+", ip) and not ip.startswith("127."))
    server = class_server.ClassServer("/py", lan=True, port=8899)
    assert server.host == (ip or "127.0.0.1")
    assert server.students_url == f"http://{server.host}:8899/"
    assert server.local_url == "http://127.0.0.1:8899/"
    local = class_server.ClassServer("/py", port=8899)
    assert local.host == "127.0.0.1" and "--Voila.ip=127.0.0.1" in local.command()


def test_the_teachers_key_is_in_the_environment_only(tmp_path):
    server = class_server.ClassServer("/py", folder=tmp_path / "class 7b", port=8899)
    other = class_server.ClassServer("/py", folder=tmp_path / "class 7b", port=8899)
    assert server.key != other.key and len(server.key) >= 20          # a new random key each start
    assert server.teacher_url == f"{server.students_url}?key={server.key}"
    assert "key" not in server.students_url
    assert not any(server.key in a for a in server.command())          # not in argv (ps shows argv)
    env = server.environment({"PATH": "/bin", "QUERY_STRING": "key=stale", "JUPYTER_PATH": "/mine"})
    assert env["CARDLAB_TEACHER_KEY"] == server.key
    assert env["CARDLAB_CLASS_FOLDER"] == str((tmp_path / "class 7b").resolve())
    assert "QUERY_STRING" not in env                                    # only a request sets it
    paths = env["JUPYTER_PATH"].split(os.pathsep)
    assert str(class_server.SHARE) in paths and paths[-1] == "/mine"   # the template, the user's path kept


def test_a_setting_the_teacher_gives_replaces_the_default_instead_of_clashing():
    cmd = class_server.voila_command("/py", class_server.NOTEBOOK, 8866,
                                     extra=["--pool_size=40", "--VoilaKernelManager.fill_delay=5"])
    assert not any(a.startswith("--VoilaConfiguration.default_pool_size=") for a in cmd)
    assert [a for a in cmd if "fill_delay" in a] == ["--VoilaKernelManager.fill_delay=5"]
    assert cmd[-2:] == ["--pool_size=40", "--VoilaKernelManager.fill_delay=5"]


def test_dev_py_class_arguments(tmp_path):
    args, extra = class_server.parse(["--lan", "--folder", str(tmp_path), "--port", "9000", "--pool_size=12"])
    assert args.lan and args.folder == str(tmp_path) and args.port == 9000 and extra == ["--pool_size=12"]
    args, extra = class_server.parse([])
    assert not args.lan and args.folder is None and args.port is None and extra == []
    assert class_server.ClassServer("/py").folder == class_server.DEFAULT_FOLDER
    ignored = (ROOT / ".gitignore").read_text().split()
    assert "classes/" in ignored                                      # the default class folder


def test_the_template_links_nothing_outside_the_machine():
    template = class_server.SHARE / "voila" / "templates" / class_server.TEMPLATE
    assert (template / "conf.json").exists() and (template / "index.html.j2").exists()


def test_a_record_loads_without_jsonschemas_unused_format_grammars():
    """What a served page's sample hands cost: loading a record imports jsonschema, which would
    also import rfc3987_syntax (about 1 s of CPU compiling grammars for formats the record schema
    never uses); cardlab.records keeps it out, and it can still be imported afterwards."""
    import subprocess

    code = ("import sys; from cardlab import records; records.load('data/santase_close.json'); "
            "assert 'jsonschema' in sys.modules, 'no validation?'; "
            "print('rfc3987_syntax' in sys.modules); "
            "import importlib.util; print(importlib.util.find_spec('rfc3987_syntax') is not None)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    kept_out, installed = out.stdout.split()
    assert kept_out == "False"
    if installed == "True":      # the module itself still imports when someone asks for it
        subprocess.run([sys.executable, "-c", "from cardlab import records; records._validator(); "
                        "import rfc3987_syntax"], cwd=ROOT, check=True)


# ---------------------------------------------------------------- the real server, in Chromium

SERVED = class_server.NOTEBOOK if class_server.NOTEBOOK.exists() else ROOT / "notebooks" / "classroom.ipynb"
WIDGETS = ".cardlab-class, .cardlab-panel, .cardlab-hands, .cardlab-editor"


@pytest.fixture(scope="module")
def class_site(tmp_path_factory):
    """The class's server as dev.py class starts it, with a short idle cull (3 s, looked for every
    second), so that a test sees a closed page's kernel go, and a pool of 3 preheated kernels (the
    teacher's and a student's pages come from it, later pages from kernels started on request)."""
    tmp = tmp_path_factory.mktemp("class-server")
    extra = ["--MappingKernelManager.cull_idle_timeout=3", "--MappingKernelManager.cull_interval=1",
             "--pool_size=3"]
    server = class_server.ClassServer(sys.executable, folder=tmp / "class", port=0, extra=extra, notebook=SERVED,
                                      log=tmp / "server.log")
    from conftest import SERVER_LOGS

    SERVER_LOGS.append(server.log)
    try:
        server.start()
        server.wait(timeout=120)
        yield server
    finally:
        SERVER_LOGS.remove(server.log)
        server.stop()


def _kernel_exists(server, kernel_id: str) -> bool:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        opener.open(f"{server.local_url}api/kernels/{kernel_id}", timeout=10).close()
        return True
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return False
        raise


def _wait_gone(server, kernel_id: str, limit: float = 90) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if not _kernel_exists(server, kernel_id):
            return True
        time.sleep(0.5)
    return False


def _logged(server, pattern: str, limit: float = 30) -> bool:
    """Whether the server's log has (or soon has: it is written after the event) ``pattern``."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if re.search(pattern, server.log.read_text(errors="replace")):
            return True
        time.sleep(0.5)
    return False


def _open(page, url):
    from browser_helpers import TIMEOUT, wait_for

    page.set_viewport_size({"width": 1280, "height": 720})
    page.set_default_timeout(TIMEOUT)
    assert page.goto(url).ok
    wait_for(page, page.locator(WIDGETS).first, "the class's page")
    page.wait_for_function("() => document.readyState === 'complete'")
    found = KERNEL_ID.search(page.content())
    assert found, "the page names no kernel"
    return found.group(1)


@pytest.mark.browser
def test_the_teachers_address_gives_the_teachers_page_and_a_wrong_key_the_students(class_site, page):
    if not class_server.NOTEBOOK.exists():
        pytest.skip(f"{class_server.NOTEBOOK.relative_to(ROOT)} does not exist yet (the pages' owner writes it)")
    from playwright.sync_api import expect

    _open(page, class_site.teacher_url)
    expect(page.locator(".cardlab-class-teacher").first).to_contain_text("Answer")
    assert class_site.key not in page.locator("body").inner_text()      # the key is not shown on the page
    _open(page, class_site.students_url + "?key=" + class_site.key[:-2] + "xx")
    expect(page.locator(".cardlab-class").first).to_be_visible()
    expect(page.locator(".cardlab-class-teacher")).to_have_count(0)


@pytest.mark.browser
def test_the_page_loads_nothing_from_another_host(class_site, page):
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    _open(page, class_site.local_url)
    page.wait_for_load_state("networkidle")
    assert asked and all(u.startswith(class_site.local_url) or u.startswith(("data:", "blob:")) for u in asked), \
        [u for u in asked if not u.startswith(class_site.local_url)]
    assert "cdn." not in page.content()


@pytest.mark.browser
def test_a_closed_or_reloaded_page_frees_its_kernel_and_an_open_one_keeps_it(class_site, context):
    """An open page's kernel is kept; a reloaded page's old kernel and a page that went without a
    word (a browser that crashed, a laptop closed) are freed (culled once idle); the request a
    page sends as it unloads (a beacon to /voila/api/shutdown with the page's XSRF cookie, which
    Voila never sets) is accepted, so a closed or reloaded page frees its kernel at once."""
    page = context.new_page()
    page.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/])"), lambda route: route.abort())
    first = _open(page, class_site.local_url)
    time.sleep(5)   # more than the cull timeout (3 s): an open, connected page is never culled
    assert _kernel_exists(class_site, first)
    page.reload()
    page.locator(WIDGETS).first.wait_for()
    second = KERNEL_ID.search(page.content()).group(1)
    assert second != first
    assert _wait_gone(class_site, first), "the reloaded page's old kernel was never freed"
    page.close()                       # no beforeunload: nothing is sent
    assert _wait_gone(class_site, second), "the closed page's kernel was never freed"
    assert _logged(class_site, f"Culling .*{second}")

    page = context.new_page()
    page.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/])"), lambda route: route.abort())
    third = _open(page, class_site.local_url)
    # what the page's beforeunload handler sends (its _xsrf cookie is empty); the page is still
    # open and connected, so only this request can free the kernel
    beacon = page.request.post(f"{class_site.local_url}voila/api/shutdown/{third}", multipart={"_xsrf": ""})
    assert beacon.status == 204, f"the page's shutdown request was refused ({beacon.status})"
    assert _wait_gone(class_site, third)
    page.close()
