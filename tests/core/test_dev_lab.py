"""`python3 dev.py lab`: the address opens notebooks/index.ipynb at the root Lab serves (the copy,
with data/ and docs/ beside notebooks/ so the lessons' links resolve), Lab installs only
the notebooks extra (no test tools), the news plugin is disabled, and Lab works on a git-ignored
copy of notebooks/ that is refreshed from the repository without ever overwriting a copy whose
cells the user edited (issue 24, "The first screen works"). The browser test
(tests/browser/test_browser_dev_lab.py) starts the real command."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def dev():
    cwd = os.getcwd()
    spec = importlib.util.spec_from_file_location("cardlab_dev_script", ROOT / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # it changes into the repository's folder
    os.chdir(cwd)
    return module


def notebook(*sources, outputs=()):
    cells = [{"cell_type": "code", "source": s, "metadata": {}, "outputs": list(outputs), "execution_count": None}
             for s in sources]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture
def repo(tmp_path):
    src = tmp_path / "notebooks"
    src.mkdir()
    (src / "index.ipynb").write_text(notebook("print('index')"))
    (src / "play.ipynb").write_text(notebook("print('play')"))
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "x.json").write_text("{}")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules-notes.md").write_text("# notes")
    return tmp_path


def refresh(dev, repo):
    return dev.refresh_lab_copy(repo / "notebooks", repo / ".lab", repo / "data", repo / "docs")


def test_lab_installs_the_notebooks_extra_only(dev):
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert dev.LAB_EXTRAS == ["notebooks"]

    def needs(extra, seen=()):
        out = set()
        for req in extras[extra]:
            if req.startswith("cardlab["):
                for e in req[len("cardlab["):-1].split(","):
                    out |= needs(e)
            else:
                out.add(req.split(">")[0].split("=")[0].split("[")[0].lower())
        return out

    lab = set().union(*(needs(e) for e in dev.LAB_EXTRAS))
    assert "jupyterlab" in lab
    assert not lab & {"pytest", "nbval", "playwright", "pytest-playwright", "hypothesis", "voila"}, lab


def test_address_opens_index_at_the_served_root(dev, tmp_path):
    root = tmp_path / ".lab"
    (root / "notebooks").mkdir(parents=True)
    cmd, address, port = dev.lab_command(["--no-browser"], root, python="python")
    assert f"--ServerApp.root_dir={root.resolve()}" in cmd
    assert dev.LAB_PAGE == "notebooks/index.ipynb"
    assert "--LabApp.default_url=/lab/tree/notebooks/index.ipynb" in cmd  # relative to the root
    assert address.startswith(f"http://127.0.0.1:{port}/lab/tree/notebooks/index.ipynb?token=")
    assert f"--LabApp.workspaces_dir={root.resolve() / '.workspaces'}" in cmd  # hidden in Lab's file browser
    token = address.split("token=")[1]
    assert f"--IdentityProvider.token={token}" in cmd and len(token) >= 32
    assert f"--ServerApp.port={port}" in cmd and "--ServerApp.port_retries=0" in cmd
    assert cmd[-1] == "--no-browser"  # the user's arguments come last
    # the user's own port and token are the address's
    cmd, address, port = dev.lab_command(["--port=9123", "--IdentityProvider.token=abc"], root, python="python")
    assert port == 9123 and address == "http://127.0.0.1:9123/lab/tree/notebooks/index.ipynb?token=abc"
    assert not any(a.startswith("--ServerApp.port=") for a in cmd)
    cmd, address, port = dev.lab_command(["--port", "9124", "--IdentityProvider.token="], root, python="python")
    assert address == "http://127.0.0.1:9124/lab/tree/notebooks/index.ipynb"


def test_news_plugin_is_disabled_and_other_settings_kept(dev, tmp_path):
    path = tmp_path / "etc" / "jupyter" / "labconfig" / "page_config.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"disabledExtensions": {"other": True}, "x": 1}))
    dev.disable_lab_news(tmp_path)
    config = json.loads(path.read_text())
    assert config["disabledExtensions"] == {"other": True, "@jupyterlab/apputils-extension:announcements": True}
    assert config["x"] == 1
    dev.disable_lab_news(tmp_path / "fresh")
    fresh = json.loads((tmp_path / "fresh" / "etc" / "jupyter" / "labconfig" / "page_config.json").read_text())
    assert fresh["disabledExtensions"] == {dev.LAB_NEWS_PLUGIN: True}


def test_copy_is_made_ignored_and_reaches_data(dev, repo):
    lines = refresh(dev, repo)
    assert len(lines) == 1 and "copied 2 notebooks" in lines[0], lines
    lab = repo / ".lab"
    assert (lab / "notebooks" / "index.ipynb").read_text() == (repo / "notebooks" / "index.ipynb").read_text()
    assert (lab / "notebooks" / ".." / "data" / "x.json").read_text() == "{}"  # ../data, as the notebooks read it
    assert (lab / "notebooks" / ".." / "docs" / "rules-notes.md").read_text() == "# notes"  # the lessons' links
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    status = subprocess.run(["git", "-C", str(repo), "status", "--porcelain", "--untracked-files=all"],
                            capture_output=True, text=True, check=True).stdout
    assert ".lab" not in status and "notebooks/index.ipynb" in status  # the copy ignores itself
    assert refresh(dev, repo) == []  # nothing changed: nothing said, nothing copied


def test_running_a_copy_then_a_repository_change_updates_it(dev, repo):
    refresh(dev, repo)
    copy = repo / ".lab" / "notebooks" / "play.ipynb"
    copy.write_text(notebook("print('play')", outputs=[{"output_type": "stream", "name": "stdout", "text": "play\n"}]))
    assert refresh(dev, repo) == []  # outputs of a run: the copy stays as it is
    assert "stdout" in copy.read_text()
    (repo / "notebooks" / "play.ipynb").write_text(notebook("print('play, new')"))
    lines = refresh(dev, repo)
    assert len(lines) == 1 and "updated" in lines[0] and "play.ipynb" in lines[0], lines
    assert "play, new" in copy.read_text()


def test_an_edited_copy_is_kept_and_said(dev, repo):
    refresh(dev, repo)
    copy = repo / ".lab" / "notebooks" / "play.ipynb"
    copy.write_text(notebook("print('my own change')"))
    assert refresh(dev, repo) == []  # the repository did not change: nothing to say
    (repo / "notebooks" / "play.ipynb").write_text(notebook("print('play, new')"))
    for _ in range(2):  # said at every start while it lasts
        lines = refresh(dev, repo)
        assert len(lines) == 1 and lines[0].startswith("kept your edited") and "play.ipynb" in lines[0], lines
        assert "my own change" in copy.read_text()
    copy.unlink()  # as the message says: delete it to get the new one
    lines = refresh(dev, repo)
    assert "copied 1 notebook " in lines[0] and "play, new" in copy.read_text()


def test_a_new_repository_notebook_is_copied_and_a_copy_made_before_the_record_is_recognised(dev, repo):
    refresh(dev, repo)
    (repo / "notebooks" / "new.ipynb").write_text(notebook("1"))
    assert refresh(dev, repo) == [f"copied 1 notebook into {repo / '.lab' / 'notebooks'}/: new.ipynb"]
    (repo / ".lab" / "copied.json").unlink()
    assert refresh(dev, repo) == []  # the same cells: recorded again, nothing kept or replaced
    assert set(json.loads((repo / ".lab" / "copied.json").read_text())) == {"index.ipynb", "play.ipynb", "new.ipynb"}


def test_every_relative_link_of_the_real_notebooks_resolves_inside_the_served_root(dev, tmp_path):
    """The lessons link to ../docs/rules-notes.md and read ../data: from the copy Lab serves, each
    relative link of every notebook names a file that exists inside the root (Lab opens nothing
    outside it)."""
    import re

    lab = tmp_path / ".lab"
    dev.refresh_lab_copy(ROOT / "notebooks", lab, ROOT / "data", ROOT / "docs")
    seen = 0
    for nb in sorted((lab / "notebooks").glob("*.ipynb")):
        for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for target in re.findall(r"\]\(([^)\s#]+)(?:#[^)]*)?\)", "".join(cell["source"])):
                if re.match(r"[a-z]+:", target):   # http:, https:, mailto:
                    continue
                path = (lab / "notebooks" / target)
                assert path.exists(), (nb.name, target)
                assert os.path.normpath(lab / "notebooks" / target).startswith(str(lab)), (nb.name, target)
                seen += 1
    assert seen >= 20
