"""Who gets the teacher's page (the server's key in the address, nothing else), and where a served
page may write (a bare name in the class folder: every other name refused in words, nothing
written or changed)."""

import os
import sys

import pytest

from cardlab.classroom import roles
from cardlab.classroom.roles import ClassFolderError, class_folder, page_role, safe_path
from cardlab.errors import CardlabError

KEY = "k3y-0f-the-teacher-4a1b2c3d4e5f"


@pytest.fixture
def keyed(monkeypatch):
    monkeypatch.setenv("CARDLAB_TEACHER_KEY", KEY)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(roles, "_PREHEATED_QUERY", [])


@pytest.fixture
def folder(tmp_path, monkeypatch):
    f = tmp_path / "class"
    monkeypatch.setenv("CARDLAB_CLASS_FOLDER", str(f))
    return f


# -- the role ------------------------------------------------------------------------------------
def test_the_key_in_the_address_makes_the_teachers_page(keyed):
    assert page_role(f"key={KEY}") == "teacher"
    assert page_role(f"x=1&key={KEY}&y=2") == "teacher"


@pytest.mark.parametrize("query", ["", "view=teacher", "key=", f"key={KEY[:-1]}", f"key={KEY}x", f"key={KEY.upper()}",
                                   f"KEY={KEY}", f"key={KEY}&key={KEY}", "key=wrong&view=teacher",
                                   f"view=teacher&k={KEY}", "key=%FF%FE", f"key={KEY}%00"])
def test_anything_else_is_the_students_page(keyed, query):
    assert page_role(query) == "students"


@pytest.mark.parametrize("server_key", [None, "", "   ", "short", "x" * (roles.MIN_KEY_LENGTH - 1)])
def test_no_usable_key_on_the_server_means_nobody_is_the_teacher(monkeypatch, server_key):
    if server_key is None:
        monkeypatch.delenv("CARDLAB_TEACHER_KEY", raising=False)
    else:
        monkeypatch.setenv("CARDLAB_TEACHER_KEY", server_key)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    assert page_role(f"key={server_key}") == "students" and page_role("key=") == "students"


def test_the_role_reads_voilas_query_string(keyed, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", f"key={KEY}")
    assert page_role() == "teacher"
    monkeypatch.setenv("QUERY_STRING", "view=teacher")
    assert page_role() == "students"
    monkeypatch.delenv("QUERY_STRING")            # JupyterLab, nbval
    assert page_role() == "students"


@pytest.fixture
def request_channel(monkeypatch):
    """A stand-in for Voila's request channel on 127.0.0.1 (the websocket on which Voila sends a
    preheated kernel the browser's request, as JSON); ``sent`` lists what it sends, one message
    per connection, and ``connections`` counts them."""
    import json
    import threading

    from websockets.sync.server import serve

    state = {"sent": [], "connections": 0, "paths": []}

    def handler(ws):
        state["connections"] += 1
        state["paths"].append(ws.request.path)
        ws.send(state["sent"].pop(0) if state["sent"] else json.dumps({}))

    server = serve(handler, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    port = server.socket.getsockname()[1]
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_IP", "127.0.0.1")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    monkeypatch.setenv("VOILA_KERNEL_ID", "k-1")
    monkeypatch.setenv("QUERY_STRING", "")        # stale under preheating: never read
    monkeypatch.setattr(roles, "_PREHEATED_QUERY", [])
    yield state
    server.shutdown()


def test_preheated_kernels_wait_for_the_request_once(keyed, request_channel, monkeypatch):
    """Under preheating the query comes from Voila's request channel for this kernel (which
    sends it once a page is given the kernel); it is asked once per kernel, and QUERY_STRING
    (stale) is not used; Voila's server side is not imported."""
    import json

    monkeypatch.setitem(sys.modules, "voila.utils", None)     # an import would raise ImportError
    request_channel["sent"].append(json.dumps({"QUERY_STRING": f"key={KEY}", "SERVER_NAME": "x"}))
    assert page_role() == "teacher" and page_role() == "teacher"
    assert request_channel["connections"] == 1 and request_channel["paths"] == ["/voila/query/k-1"]
    monkeypatch.setattr(roles, "_PREHEATED_QUERY", [])
    request_channel["sent"].append(json.dumps({"QUERY_STRING": "view=teacher"}))
    assert page_role() == "students"


@pytest.mark.parametrize("message", ["not json", "[1, 2]", '{"QUERY_STRING": 7}', "{}"])
def test_a_preheated_kernel_with_a_bad_request_is_the_students_page(keyed, request_channel, message):
    request_channel["sent"].append(message)
    assert page_role() == "students"


def test_a_preheated_kernel_without_its_channel_is_the_students_page(keyed, monkeypatch):
    import socket

    with socket.socket() as s:            # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setattr(roles, "_PREHEATED_QUERY", [])
    assert page_role() == "students"


def test_voila_is_not_imported_outside_preheated_kernels(keyed, monkeypatch):
    monkeypatch.setitem(sys.modules, "voila.utils", None)     # an import would raise ImportError
    monkeypatch.setenv("QUERY_STRING", f"key={KEY}")
    assert page_role() == "teacher"


# -- the class folder ------------------------------------------------------------------------------
def test_the_class_folder_comes_from_the_environment_and_is_made(folder):
    assert not folder.exists()
    assert class_folder() == folder.resolve() and folder.is_dir()


def test_the_default_class_folder_is_classes_in_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDLAB_CLASS_FOLDER", raising=False)
    monkeypatch.chdir(tmp_path)
    assert class_folder() == (tmp_path / "classes").resolve() and (tmp_path / "classes").is_dir()


def test_a_relative_or_file_class_folder_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDLAB_CLASS_FOLDER", "relative/classes")
    with pytest.raises(ClassFolderError, match="whole path"):
        class_folder()
    (tmp_path / "afile").write_text("x")
    monkeypatch.setenv("CARDLAB_CLASS_FOLDER", str(tmp_path / "afile"))
    with pytest.raises(ClassFolderError, match="is a file"):
        class_folder()


def test_a_bare_name_is_a_path_in_the_class_folder(folder):
    assert safe_path("nine_to_ten") == folder.resolve() / "nine_to_ten.json"
    assert safe_path("nine to ten.json") == folder.resolve() / "nine to ten.json"
    assert safe_path("  Übung 3  ", ".html") == folder.resolve() / "Übung 3.html"
    assert safe_path("x" * roles.MAX_NAME_LENGTH).name == "x" * roles.MAX_NAME_LENGTH + ".json"


REFUSED = {
    "": "Type a file name", "   ": "Type a file name", ".json": "hidden",
    "../x": "is a path", "../../dev.py": "is a path", "a/b": "is a path", "a\\b": "is a path",
    "/etc/passwd": "is a path", "/tmp/x.json": "is a path", "..": "the folder above", ".": "the folder above",
    ".hidden": "hidden", "..json": "hidden", "line\nbreak": "control characters", "tab\there": "control characters",
    "nul\x00": "control characters", "bidi\u202eevil": "control characters", "C:x": "':'",
    "x" * (roles.MAX_NAME_LENGTH + 1): "at most",
}


@pytest.mark.parametrize("name,words", REFUSED.items())
def test_every_name_that_is_not_a_bare_file_name_is_refused_in_words(folder, name, words):
    before = sorted(p.name for p in folder.parent.rglob("*")) if folder.parent.exists() else []
    with pytest.raises(ClassFolderError, match=words) as info:
        safe_path(name)
    assert isinstance(info.value, CardlabError) and info.value.rule
    assert sorted(p.name for p in folder.parent.rglob("*")) in (before, sorted(before + ["class"]))


def test_a_name_that_is_not_text_is_refused(folder):
    with pytest.raises(ClassFolderError, match="text"):
        safe_path(None)


def test_an_existing_file_is_refused_unless_replace(folder):
    folder.mkdir()
    (folder / "kept.json").write_text("{}")
    with pytest.raises(ClassFolderError, match="kept.json exists; tick Replace to overwrite it"):
        safe_path("kept")
    assert safe_path("kept", replace=True) == folder.resolve() / "kept.json"
    assert (folder / "kept.json").read_text() == "{}"


def test_a_folder_of_that_name_is_refused(folder):
    (folder / "sub.json").mkdir(parents=True)
    with pytest.raises(ClassFolderError, match="is a folder"):
        safe_path("sub", replace=True)


def test_a_symlink_planted_in_the_class_folder_is_refused_even_with_replace(folder, tmp_path):
    folder.mkdir()
    outside = tmp_path / "outside.json"
    outside.write_text("precious")
    (folder / "trap.json").symlink_to(outside)
    (folder / "dangling.json").symlink_to(tmp_path / "nowhere.json")
    for name in ("trap", "trap.json", "dangling"):
        for replace in (False, True):
            with pytest.raises(ClassFolderError, match="link"):
                safe_path(name, replace=replace)
    assert outside.read_text() == "precious" and not (tmp_path / "nowhere.json").exists()


def test_a_class_folder_that_is_itself_a_link_is_followed_once(tmp_path, monkeypatch):
    """The teacher may give a folder through a link; files go into its target, and a name
    still cannot leave it."""
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    monkeypatch.setenv("CARDLAB_CLASS_FOLDER", str(tmp_path / "link"))
    assert safe_path("a") == real / "a.json"


def test_the_error_is_pickled_whole(folder):
    import pickle

    with pytest.raises(ClassFolderError) as info:
        safe_path("../x")
    back = pickle.loads(pickle.dumps(info.value))
    assert (type(back), str(back), back.rule, back.name) == (ClassFolderError, str(info.value), "a bare file name",
                                                            "../x")


def test_nothing_is_written_by_asking(folder):
    safe_path("new")
    assert os.listdir(folder) == []
