"""Who is looking at the served class page, and where the page may write.

**The teacher's page.** ``python3 dev.py class`` makes a random key and gives it to the Voila
server in the environment variable :data:`KEY_VARIABLE` (``CARDLAB_TEACHER_KEY``; every kernel
inherits it). The teacher's address is the page's address with ``?key=<key>``; any other address
(no key, a wrong key, ``?view=teacher``), or a server started without a key, is the students'
page. :func:`page_role` decides. A student cannot read the key: Voila refuses code sent from the
browser (``execute_request``), and the page never shows it.

**The class folder.** Everything a served page writes goes into one folder,
:func:`class_folder` (``CARDLAB_CLASS_FOLDER``, an absolute path; ``dev.py class --folder DIR``),
under a name a person typed and :func:`safe_path` checked: a bare file name, never a path, never
through a symbolic link, never over an existing file unless the person ticked *Replace*.
"""

from __future__ import annotations

import hmac
import os
import unicodedata
from pathlib import Path
from urllib.parse import parse_qs

from ..errors import CardlabError

__all__ = ["KEY_VARIABLE", "FOLDER_VARIABLE", "MIN_KEY_LENGTH", "MAX_NAME_LENGTH", "ClassFolderError",
           "page_role", "teacher_key", "class_folder", "safe_path"]

#: The environment variable holding the teacher's key (set by ``dev.py class``).
KEY_VARIABLE = "CARDLAB_TEACHER_KEY"
#: The environment variable holding the class folder's absolute path.
FOLDER_VARIABLE = "CARDLAB_CLASS_FOLDER"
#: A key shorter than this many characters is ignored (no teacher's page): a short key can be guessed.
MIN_KEY_LENGTH = 16
#: The longest file name :func:`safe_path` accepts, in characters, without the suffix.
MAX_NAME_LENGTH = 60


class ClassFolderError(CardlabError):
    """A file name or class folder that a served page refuses to write to.

    Attributes
    ----------
    name : str
        The name as typed (or the folder's path).
    rule : str
        Which rule of :func:`safe_path` refused it, in words (e.g. ``"a bare file name"``).
    """

    def __init__(self, name: str, message: str, rule: str):
        self.name = name
        self.rule = rule
        super().__init__(message)


def teacher_key() -> str | None:
    """The teacher's key from :data:`KEY_VARIABLE`, or ``None`` when it is unset, empty or
    shorter than :data:`MIN_KEY_LENGTH` characters (then nobody gets the teacher's page)."""
    key = os.environ.get(KEY_VARIABLE, "").strip()
    return key if len(key) >= MIN_KEY_LENGTH else None


_PREHEATED_QUERY: list[str] = []   # the request's query, read once under Voila's preheated kernels

#: How long a preheated kernel waits to connect to Voila's request channel, in seconds.
CONNECT_TIMEOUT = 10.0


def _request_channel() -> str:
    """The address of Voila's request channel for this kernel (a websocket on which Voila sends
    the browser's request, as JSON, once a student is given this kernel): built from the
    variables Voila gives a preheated kernel (``VOILA_APP_IP``, ``VOILA_APP_PORT``,
    ``VOILA_WS_PROTOCOL``, ``VOILA_SERVER_URL`` or ``VOILA_WS_BASE_URL``, ``VOILA_KERNEL_ID``),
    with Voila's own defaults; the same address ``voila.utils.wait_for_request`` uses."""
    env = os.environ
    base = env.get("VOILA_WS_BASE_URL") or env.get("VOILA_SERVER_URL") or "/"
    return (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
            f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}")


def _wait_for_request() -> str:
    """The browser's query string, once Voila gives this preheated kernel to a page: reads the
    request channel (:func:`_request_channel`) with the ``websockets`` client that Voila itself
    depends on. Importing ``voila.utils`` for this would load Voila's server side (jupyter_server,
    nbconvert: about 40 MB in every kernel of the pool). Returns ``""`` when the channel cannot be
    reached or sends no query (then the page is the students')."""
    import json

    from websockets.sync.client import connect

    try:
        with connect(_request_channel(), open_timeout=CONNECT_TIMEOUT) as channel:
            info = json.loads(channel.recv())
    except Exception:   # noqa: BLE001 - no channel, a closed one, or not JSON: the students' page
        return ""
    query = info.get("QUERY_STRING", "") if isinstance(info, dict) else ""
    return query if isinstance(query, str) else ""


def _query_string() -> str:
    """The page's query string: under Voila's preheated kernels (``VOILA_PREHEAT=True``) it is
    known only once a browser asks for the page, and :func:`_wait_for_request` waits for that
    request (read once per kernel: a second wait would never end); otherwise Voila gives it to
    the kernel as ``QUERY_STRING`` (absent in JupyterLab and nbval)."""
    if os.environ.get("VOILA_PREHEAT") == "True":
        if not _PREHEATED_QUERY:
            _PREHEATED_QUERY.append(_wait_for_request())
        return _PREHEATED_QUERY[0]
    return os.environ.get("QUERY_STRING", "")


def page_role(query: str | None = None) -> str:
    """``"teacher"`` or ``"students"``: who the page is for.

    ``query`` is the address's query string (``"key=…"``); by default the page's own
    (Voila's). The teacher's page needs the server's key (:func:`teacher_key`) and the same key
    as ``key=`` in the query, compared in constant time (:func:`hmac.compare_digest`);
    anything else is the students' page, ``?view=teacher`` included. Never raises."""
    key = teacher_key()
    if key is None:
        return "students"
    try:
        text = _query_string() if query is None else query
        given = parse_qs(text or "", keep_blank_values=True).get("key", [])
    except Exception:   # noqa: BLE001 - an address that cannot be read is the students' page
        return "students"
    if len(given) != 1:
        return "students"
    return "teacher" if hmac.compare_digest(given[0].encode("utf-8", "replace"), key.encode("utf-8")) else "students"


def class_folder() -> Path:
    """The class folder: :data:`FOLDER_VARIABLE` when set (it must be an absolute path), else
    ``classes/`` in the current folder; made if missing. Returns the folder's resolved path.

    Raises :class:`ClassFolderError` for a relative path, or a path that exists and is not a
    folder; ``OSError`` when it cannot be made."""
    text = os.environ.get(FOLDER_VARIABLE, "").strip()
    if text:
        folder = Path(text)
        if not folder.is_absolute():
            raise ClassFolderError(text, f"The class folder must be given as a whole path from the top "
                                         f"({FOLDER_VARIABLE}={text!r} is not one).", "an absolute folder")
    else:
        folder = Path.cwd() / "classes"
    if folder.exists() and not folder.is_dir():
        raise ClassFolderError(str(folder), f"The class folder {folder} is a file, not a folder.", "a folder")
    folder.mkdir(parents=True, exist_ok=True)
    return folder.resolve()


def safe_path(name: str, suffix: str = ".json", *, replace: bool = False, folder: Path | None = None) -> Path:
    """The path in :func:`class_folder` (or in ``folder``, a folder code chose, such as a class
    results database's) for a file name a person typed, such as ``nine_to_ten`` (``suffix`` is
    added unless the name ends with it).

    The name must be a bare file name: not empty, at most :data:`MAX_NAME_LENGTH` characters
    (without the suffix), no ``/`` or ``\\``, not ``.``/``..``, not hidden (a leading ``.``),
    no control characters; the target must not be a symbolic link, must lie inside the class
    folder, must not be a folder, and must not exist unless ``replace`` is true.

    Raises :class:`ClassFolderError` saying which of these the name breaks (nothing is written
    or changed), and what :func:`class_folder` raises."""
    if not isinstance(name, str):
        raise ClassFolderError(repr(name), f"A file name is text, not {type(name).__name__}.", "a file name")
    typed = name
    name = name.strip()
    if not name:
        raise ClassFolderError(typed, "Type a file name first, such as nine_to_ten.", "a file name")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in name):
        raise ClassFolderError(typed, "A file name cannot hold control characters (such as a line break or a tab).",
                               "no control characters")
    if "/" in name or "\\" in name or os.sep in name or (os.altsep and os.altsep in name):
        raise ClassFolderError(typed, f"{name!r} is a path: type just a file name, without / or \\ "
                                      f"(files are saved in the class folder).", "a bare file name")
    if name in (".", "..") or ".." in name.split("."):
        raise ClassFolderError(typed, f"{name!r} cannot be a file name: '..' means the folder above.",
                               "a bare file name")
    if name.startswith("."):
        raise ClassFolderError(typed, f"{name!r} would be a hidden file: start the name with a letter or a digit.",
                               "no hidden files")
    if ":" in name:
        raise ClassFolderError(typed, f"{name!r} holds ':', which some systems read as a drive or a stream: "
                                      f"leave it out.", "a bare file name")
    stem = name[: -len(suffix)] if suffix and name.lower().endswith(suffix.lower()) else name
    if not stem:
        raise ClassFolderError(typed, f"Type a name before {suffix}.", "a file name")
    if len(stem) > MAX_NAME_LENGTH:
        raise ClassFolderError(typed, f"A file name has at most {MAX_NAME_LENGTH} characters; this one has "
                                      f"{len(stem)}.", "a short file name")
    folder = class_folder() if folder is None else Path(folder).resolve()
    path = folder / (stem + suffix)
    if path.is_symlink():
        raise ClassFolderError(typed, f"{path.name} in the class folder is a link to somewhere else: it is not "
                                      f"written through. Choose another name.", "no links")
    if path.resolve().parent != folder:
        raise ClassFolderError(typed, f"{path.name} would be saved outside the class folder.", "inside the folder")
    if path.is_dir():
        raise ClassFolderError(typed, f"{path.name} is a folder in the class folder: choose another name.",
                               "a file")
    if path.exists() and not replace:
        raise ClassFolderError(typed, f"{path.name} exists; tick Replace to overwrite it.", "no overwrite")
    return path
