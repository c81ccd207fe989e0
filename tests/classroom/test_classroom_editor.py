"""The position editor (issue 13), used as a person uses it: every control it offers clicked in
random order for every variant and preset, never a raised exception; a position assembled card
by card is the one intended; text read and saved as a record comes back the same; a save goes
into the class folder under a bare name (paths, links and overwriting without Replace refused in
words; nothing outside the folder is written)."""

import random
import zlib

import pytest

from cardlab import records, variants
from cardlab.classroom.editor import PositionEditor
from cardlab.classroom.notation import parse_position, position_text
from cardlab.errors import CardlabError

CASES = [(name, preset) for name in variants.names() for preset in variants.get(name).presets]

#: Names a person might type in the File name box: good ones and everything safe_path refuses.
NAMES = ["pos", "pos", "nine to ten", "p.json", "", "../x", "/tmp/evil", "a/b", "..", ".hidden", "x" * 80, "tab\tx",
         "trap"]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A class folder of its own (CARDLAB_CLASS_FOLDER) inside tmp_path, with a link planted in it
    pointing outside."""
    f = tmp_path / "class"
    f.mkdir()
    (tmp_path / "outside.json").write_text("precious")
    (f / "trap.json").symlink_to(tmp_path / "outside.json")
    monkeypatch.setenv("CARDLAB_CLASS_FOLDER", str(f))
    return f


def _outside_unchanged(tmp_path):
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class", "outside.json"]
    assert (tmp_path / "outside.json").read_text() == "precious"


def _editor(name, preset, seed=1):
    e = PositionEditor(variant=name, seed=seed)
    e.preset.value = preset
    return e


def _invariants(e):
    seen = {}
    for place, cards in e.places.items():
        assert len(cards) <= e._wanted(place), (place, cards)
        for c in cards:
            assert c not in seen, f"{c} in {seen.get(c)} and {place}"
            seen[c] = place
    assert "Traceback" not in e.message.value
    assert e.errors == [], e.errors          # every refusal was a CardlabError said in words, no bug


@pytest.mark.parametrize("name,preset", CASES)
def test_random_clicks_on_everything_never_raise(name, preset, tmp_path, folder):
    rng = random.Random(zlib.crc32(f"{name} {preset}".encode()))
    e = _editor(name, preset)
    for step in range(150):
        what = rng.random()
        if what < 0.55:
            rng.choice(e.pack_box.children).click()
        elif what < 0.7:
            e.target.value = rng.choice([v for _, v in e.target.options])
        elif what < 0.8:
            b = rng.choice(e.buttons)
            if "cardlab-editor-save" in b._dom_classes:
                e.file_name.value = rng.choice(NAMES)
                e.replace.value = rng.random() < 0.3
            b.click()
        elif what < 0.87:
            e.dealer.value = rng.choice([v for _, v in e.dealer.options])
        elif what < 0.92:
            v = variants.get(name)
            n = rng.choice(v.player_counts or (v.players,)) if rng.random() < 0.8 else 7
            e.names.value = ",".join(f"N{i}" for i in range(n))
        elif what < 0.96:
            e.text.value = rng.choice([e.text.value, e.text.value[: rng.randrange(len(e.text.value) + 1)], "nonsense"])
            next(b for b in e.buttons if "cardlab-editor-read" in b._dom_classes).click()
        elif what < 0.98:
            e.preset.value = rng.choice(list(e.preset.options))
        elif what < 0.99:
            e.successes.value = rng.choice([v for _, v in e.successes.options])
        else:
            e.standing.value = rng.choice(["", "1, 2", "0 0 0", "x", "5, 5, 5, 5"])
        _invariants(e)
    _outside_unchanged(tmp_path)
    assert all(p.suffix == ".json" and not p.name.startswith(".") for p in folder.iterdir())
    # after any clicks, a random deal (with no standing before it) is a legal position again
    e.standing.value = ""
    next(b for b in e.buttons if "cardlab-editor-random" in b._dom_classes).click()
    assert e.check(), e.message.value


@pytest.mark.parametrize("name,preset", CASES)
def test_a_position_assembled_card_by_card_is_the_one_meant(name, preset, folder):
    v = variants.get(name)
    target = v.deal(v.presets[preset], 1, seed=77, names=v.deal(v.presets[preset], 0, seed=0).names)
    if name == "mariage-4":
        target = target.apply("cut 12")
        while target.phase == "cut":
            target = target.apply(target.legal_actions()[0])
    want = position_text(target)
    e = _editor(name, preset, seed=5)
    e.dealer.value = 1
    next(b for b in e.buttons if "cardlab-editor-clear" in b._dom_classes).click()
    assert not e.check() and "hands" in e.message.value
    fields = {f.split(" ", 1)[0]: f.split(" ", 1)[1] for f in want.split(" | ")[3:] if " " in f}
    hands = fields["hands"].split(" / ")
    by_text = {str(b.card): b for b in e.pack_box.children}
    for place, cards in [(f"hand {i}", h.split()) for i, h in enumerate(hands)] + \
            [(k, fields[k].split()) for k in ("turn-up", "stock", "prikup") if k in fields]:
        e.target.value = place
        for c in cards:
            if c != "-":
                {str(b.card): b for b in e.pack_box.children}[c].click()
    assert by_text
    if name == "mariage-4":
        e.cuts = tuple(target.cuts)
    assert e.check(), e.message.value
    assert e.state.hands == target.hands and e.state.pack == target.pack
    assert e.save("pos")
    assert "Saved as pos.json in the class folder" in e.message.value
    back = records.load(folder / "pos.json").states()[-1]
    assert position_text(back) == position_text(e.state)


def test_text_read_back_fills_the_places_and_keeps_the_actions():
    rec = records.load("data/santase_close.json").states()[6]
    text = position_text(rec)
    e = PositionEditor()
    assert e.load(text)
    assert e.check() and position_text(e.state) == text
    assert e.actions and e.state.hands == rec.hands
    assert not e.load(text.replace("hands", "hand"))
    assert "hand" in e.message.value and "mistake" in e.message.value


def test_a_full_place_refuses_another_card_in_words():
    e = PositionEditor(variant="sixty-six")
    e.target.value = "turn-up"
    other = next(b for b in e.pack_box.children if "turn-up" not in b.description)
    other.click()
    assert "already has its 1 card" in e.message.value
    _invariants(e)


@pytest.mark.parametrize("name,words", [("", "Type a file name"), ("../x", "is a path"), ("../../dev.py", "is a path"),
                                        ("/tmp/x.json", "is a path"), ("sub/x", "is a path"), ("..", "folder above"),
                                        (".x", "hidden"), ("trap", "link"), ("x" * 61, "at most 60"),
                                        ("a\nb", "control characters")])
def test_a_name_that_is_not_a_bare_file_name_is_refused_in_words(tmp_path, folder, name, words):
    e = PositionEditor(variant="mariage-3")
    for replace in (False, True):
        e.file_name.value, e.replace.value = name, replace
        next(b for b in e.buttons if "cardlab-editor-save" in b._dom_classes).click()
        assert "Not saved" in e.message.value and words in e.message.value, e.message.value
        assert "cardlab-editor-mistake" in e.message.value and e.errors == []
        assert not e.save(name, replace=replace)
    assert [p.name for p in folder.iterdir()] == ["trap.json"]
    _outside_unchanged(tmp_path)


def test_an_existing_file_is_replaced_only_when_replace_is_ticked(tmp_path, folder):
    e = PositionEditor(variant="sixty-six", seed=4)
    e.file_name.value = "lesson"
    assert e.save() and (folder / "lesson.json").exists()
    first = (folder / "lesson.json").read_text()
    next(b for b in e.buttons if "cardlab-editor-random" in b._dom_classes).click()
    assert not e.save()
    assert "lesson.json exists; tick Replace to overwrite it" in e.message.value
    assert (folder / "lesson.json").read_text() == first
    e.replace.value = True
    assert e.save() and (folder / "lesson.json").read_text() != first
    assert sorted(p.name for p in folder.iterdir()) == ["lesson.json", "trap.json"]   # no temporary file left
    _outside_unchanged(tmp_path)


def test_a_folder_that_cannot_be_written_is_a_message(folder):
    folder.chmod(0o500)
    try:
        e = PositionEditor(variant="mariage-3")
        if e.save("x"):      # root writes anyway
            pytest.skip("this user writes into read-only folders")
        assert "Not saved" in e.message.value and "Traceback" not in e.message.value and e.errors == []
    finally:
        folder.chmod(0o700)


def test_an_illegal_position_is_not_saved(folder):
    e = PositionEditor(variant="sixty-six")
    next(b for b in e.buttons if "cardlab-editor-clear" in b._dom_classes).click()
    assert not e.save("empty") and "Not saved: Not a position yet" in e.message.value
    assert not (folder / "empty.json").exists()


def test_the_record_is_made_without_writing_anything(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CARDLAB_CLASS_FOLDER", raising=False)
    e = PositionEditor(variant="sixty-six", seed=3)
    e.standing.value = "9, 10"
    rec = e.record()
    assert rec.start == {"totals": [9, 10]} and list(rec.game().totals) == [9, 10]
    assert list(tmp_path.iterdir()) == []
    e.standing.value = "x"
    with pytest.raises(CardlabError, match="whole numbers"):
        e.record()


def test_a_position_that_breaks_a_deal_rule_names_it():
    e = PositionEditor(variant="mariage-4")
    text = e.text.value
    hands = text.split(" | ")[3]
    first = hands.split()[1]
    assert not e.load(text.replace(first + " ", "", 1))
    assert "mistake" in e.message.value
    assert parse_position(text)


def test_the_standing_before_the_hand_is_saved_with_the_record(folder):
    e = PositionEditor(variant="sixty-six")
    e.standing.value = "9, 10"
    assert e.save("nine_ten")
    rec = records.load(folder / "nine_ten.json")
    assert rec.start == {"totals": [9, 10]} and list(rec.game().totals) == [9, 10]
    e.standing.value = "9, 12"        # Santase is a game to 11: refused in words, nothing saved
    assert not e.save("bad") and "mistake" in e.message.value
    assert not (folder / "bad.json").exists()
    e.standing.value = "nine"
    assert not e.check() and "whole numbers" in e.message.value


def test_revised_ninety_nine_trumps_follow_the_successes_chosen(folder):
    e = PositionEditor(variant="ninety-nine")
    e.preset.value = "revised"
    assert e.check() and e.state.trump is None        # the first deal of a game: no trumps
    seen = set()
    for k in range(4):
        e.successes.value = k
        assert e.check(), e.message.value
        assert e.state.previous_successes == k
        seen.add(e.state.trump)
        assert e.save(f"s{k}")
        assert records.load(folder / f"s{k}.json").states()[0].trump == e.state.trump
    assert len(seen) > 1
