"""Record.save (issue 11): a unique temporary file in the same folder, created exclusively,
written, fsynced and moved into place; on any failure the old file is intact and the folder
holds nothing new; a symbolic link at the old temporary name is never written through; what
loads can be saved."""

import errno
import json
import os
import threading

import pytest

from cardlab import records
from cardlab import sixtysix as ss
from cardlab.errors import RecordError
from cardlab.records import Record


def a_record(title="hand"):
    s = ss.deal(ss.SANTASE, dealer=0, seed=5)
    for _ in range(6):
        s = s.apply(s.legal_actions()[0])
    return Record.from_state(s, title=title)


def listing(folder):
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture
def saved(tmp_path):
    """A folder holding one saved record: (path, its bytes)."""
    path = tmp_path / "game.json"
    a_record("old").save(path)
    return path, path.read_bytes()


def test_save_round_trip_and_nothing_left(tmp_path):
    rec = a_record()
    path = tmp_path / "r.json"
    rec.save(path)
    assert listing(tmp_path) == ["r.json"]
    assert records.load(path) == rec


def test_save_keeps_the_permissions_of_the_file_it_replaces(saved):
    path, _ = saved
    os.chmod(path, 0o640)
    a_record("new").save(path)
    assert os.stat(path).st_mode & 0o777 == 0o640


def test_write_failing_midway_leaves_the_old_file(saved, monkeypatch):
    path, old = saved
    real_write = os.write
    calls = []

    def full_disk(fd, data):
        calls.append(fd)
        if len(calls) == 1:
            return real_write(fd, bytes(data[:10]))    # a partial write, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full_disk)
    with pytest.raises(OSError) as ei:
        a_record("new").save(path)
    assert ei.value.errno == errno.ENOSPC and len(calls) == 2
    monkeypatch.undo()
    assert path.read_bytes() == old
    assert listing(path.parent) == ["game.json"]


def test_fsync_failing_leaves_the_old_file(saved, monkeypatch):
    path, old = saved

    def no_sync(fd):
        raise OSError(errno.EIO, "I/O error")

    monkeypatch.setattr(os, "fsync", no_sync)
    with pytest.raises(OSError):
        a_record("new").save(path)
    monkeypatch.undo()
    assert path.read_bytes() == old
    assert listing(path.parent) == ["game.json"]


def test_replace_failing_leaves_the_old_file(saved, monkeypatch):
    path, old = saved

    def no_rename(src, dst):
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "replace", no_rename)
    with pytest.raises(OSError):
        a_record("new").save(path)
    monkeypatch.undo()
    assert path.read_bytes() == old
    assert listing(path.parent) == ["game.json"]


def test_an_interrupt_during_the_write_leaves_nothing(saved, monkeypatch):
    path, old = saved

    def interrupted(fd, data):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "write", interrupted)
    with pytest.raises(KeyboardInterrupt):
        a_record("new").save(path)
    monkeypatch.undo()
    assert path.read_bytes() == old
    assert listing(path.parent) == ["game.json"]


def test_a_symlink_at_the_old_temporary_name_is_not_written_through(saved, tmp_path):
    path, _ = saved
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    link = tmp_path / "game.json.tmp"
    link.symlink_to(victim)
    rec = a_record("new")
    rec.save(path)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert link.is_symlink() and os.readlink(link) == str(victim)
    assert not path.is_symlink() and records.load(path) == rec
    assert listing(tmp_path) == ["game.json", "game.json.tmp", "victim.txt"]


def test_a_symlink_at_the_record_is_replaced_not_followed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    path = tmp_path / "r.json"
    path.symlink_to(victim)
    a_record().save(path)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not path.is_symlink()


def test_two_saves_do_not_share_a_temporary_name(tmp_path, monkeypatch):
    """Every save opens its own new file (O_EXCL); two saves running at once both succeed and
    the record is one of the two, whole."""
    names = []
    real_open = os.open

    def spy(p, flags, *args, **kw):
        if str(p).endswith(".tmp"):
            assert flags & os.O_EXCL and flags & os.O_CREAT
            names.append(str(p))
        return real_open(p, flags, *args, **kw)

    monkeypatch.setattr(os, "open", spy)
    path = tmp_path / "r.json"
    recs = [a_record(f"save {i}") for i in range(8)]
    errors = []

    def run(r):
        try:
            r.save(path)
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(r,)) for r in recs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    monkeypatch.undo()
    assert not errors
    assert len(names) == len(set(names)) == len(recs)
    assert records.load(path) in recs
    assert listing(tmp_path) == ["r.json"]


def test_an_existing_file_at_the_temporary_name_is_skipped(tmp_path, monkeypatch):
    """If the random temporary name is taken, another is tried; the file there is untouched."""
    path = tmp_path / "r.json"
    taken = tmp_path / ".r.json.000000000000.tmp"
    taken.write_text("someone else's", encoding="utf-8")
    draws = iter([bytes(6), b"\x01" * 6])
    monkeypatch.setattr(os, "urandom", lambda n: next(draws))
    a_record().save(path)
    monkeypatch.undo()
    assert taken.read_text(encoding="utf-8") == "someone else's"
    assert listing(tmp_path) == [".r.json.000000000000.tmp", "r.json"]


def test_unencodable_text_is_refused_before_any_file_is_made(saved):
    path, old = saved
    rec = Record(**{**{f: getattr(a_record(), f) for f in ("variant", "rules", "players", "hands")},
                    "title": "bad \ud800"})
    with pytest.raises(RecordError) as ei:
        rec.save(path)
    assert ei.value.location == "record" and "UTF-8" in ei.value.message
    assert path.read_bytes() == old
    assert listing(path.parent) == ["game.json"]


@pytest.mark.parametrize("field", ["title", "notes", "source", "players", "comment", "actions", "pack"])
def test_a_lone_surrogate_is_refused_on_load(field):
    """Whatever loads must save: JSON escapes can write a lone surrogate, which UTF-8 cannot, so
    loads refuses it with its location."""
    d = a_record().to_dict()
    if field in ("players",):
        d[field][1] = "B\ud800"
        where = "players[1]"
    elif field in ("comment",):
        d["hands"][0]["comment"] = "\udfff"
        where = "hands[0].comment"
    elif field in ("actions", "pack"):
        d["hands"][0][field][0] = "\ud800"
        where = f"hands[0].{field}[0]"
    else:
        d[field] = "x\ud800y"
        where = field
    text = json.dumps(d)            # ASCII JSON with a \ud800 escape
    assert "\\ud800" in text or "\\udfff" in text
    with pytest.raises(RecordError) as ei:
        records.loads(text)
    assert ei.value.location == where
    str(ei.value).encode("utf-8")   # the message itself can be printed


def test_every_sample_record_that_loads_saves_and_loads_again(tmp_path):
    from pathlib import Path

    data = Path(__file__).resolve().parents[2] / "data"
    done = 0
    for f in sorted(data.glob("*.json")):
        try:
            rec = records.load(f)
        except RecordError:
            continue    # a variant being changed under this test; the record tests report it
        out = tmp_path / f.name
        rec.save(out)
        assert records.load(out) == rec, f.name
        done += 1
    assert done > 0
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_missing_folder_and_folder_as_path_raise_oserror(tmp_path):
    rec = a_record()
    with pytest.raises(FileNotFoundError):
        rec.save(tmp_path / "no such folder" / "r.json")
    (tmp_path / "d.json").mkdir()
    with pytest.raises(OSError):
        rec.save(tmp_path / "d.json")
    assert listing(tmp_path) == ["d.json"]
    with pytest.raises(FileNotFoundError):
        records.load(tmp_path / "missing.json")
    with pytest.raises(IsADirectoryError):
        records.load(tmp_path / "d.json")
