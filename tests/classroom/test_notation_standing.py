"""The position notation's standing before the hand (issue 22): ``before 120,80,300``, the
variant's main Standing part (Variant.standing[0]) with Standing.size numbers, read and printed
canonically, refused with a located PositionError when wrong; texts without it still read."""

import glob

import pytest
from hypothesis import given, settings, strategies as st

from cardlab import records, variants
from cardlab.classroom.notation import (Position, PositionError, parse_position, position_text, read_position,
                                        standing_part)

FILES = sorted(glob.glob("data/*.json"))


def _numbers(state, value=1):
    part = standing_part(state.variant)
    size = part.size(len(state.names))
    return [value] * (1 if size is None else size)


@pytest.mark.parametrize("path", FILES)
def test_round_trip_with_the_standing_on_every_sample(path):
    for s in records.load(path).states()[::3]:
        before = _numbers(s)
        text = position_text(s, before=before)
        assert f" | before {','.join(map(str, before))} | " in text
        back = read_position(text)
        assert isinstance(back, Position) and back.before == tuple(before)
        assert position_text(back.state, before=back.before) == text
        assert position_text(back.state) == position_text(s)          # the state is the same without it
        assert parse_position(text).pack == s.pack
        plain = read_position(position_text(s))                       # old texts read as before
        assert plain.before is None and position_text(plain.state) == position_text(s)


def test_every_variant_declares_the_part_the_field_gives():
    for name in variants.names():
        part = standing_part(name)
        assert part is None or part == variants.get(name).standing[0]


def test_typed_forms_read_the_same():
    s = variants.get("russian-501").deal(variants.get("russian-501").default_rules, 0, seed=4)
    canonical = position_text(s, before=(120, 80, 300))
    typed = canonical.replace("before 120,80,300", "before  120, 80 300 ")
    assert read_position(typed).before == (120, 80, 300)
    assert position_text(*read_position(typed)) == canonical
    # anywhere among the fields
    fields = canonical.split(" | ")
    moved = " | ".join([f for f in fields if not f.startswith("before")] + ["before 120,80,300"])
    assert read_position(moved).before == (120, 80, 300)


def _at(text, sub):
    return text.index(sub)


@pytest.mark.parametrize("variant,bad,words", [
    ("russian-501", "before 120,80", "3 numbers at this table of 3 players, not 2"),
    ("russian-501", "before 120,80,300,4", "not 4"),
    ("russian-501", "before many", "whole numbers separated by commas"),
    ("russian-501", "before 1.5,2,3", "whole numbers"),
    ("russian-501", "before 900,80,300", "starting scores"),
    ("mariage-4", "before 1,2,3,4", "2 numbers at this table of 4 players, not 4"),
    ("mariage-4", "before 3,99", "pips"),
    ("sixty-six", "before", "whole numbers"),
])
def test_a_wrong_standing_is_a_located_error(variant, bad, words):
    v = variants.get(variant)
    s = v.deal(v.default_rules, 0, seed=2)
    fields = position_text(s).split(" | ")
    text = " | ".join(fields[:3] + [bad] + fields[3:])
    assert text.count(bad) == 1
    with pytest.raises(PositionError) as e:
        read_position(text)
    assert e.value.field == "before" and words in str(e.value)
    assert _at(text, bad) <= e.value.position <= _at(text, bad) + len("before ")
    with pytest.raises(PositionError):
        parse_position(text)


def test_a_standing_given_twice_or_printed_wrong_is_refused():
    v = variants.get("sixty-six")
    s = v.deal(v.default_rules, 0, seed=2)
    text = position_text(s, before=(3, 4))
    with pytest.raises(PositionError, match="given twice"):
        read_position(text + " | before 1,2")
    with pytest.raises(PositionError, match="2 numbers"):
        position_text(s, before=(1, 2, 3))
    with pytest.raises(PositionError, match="whole numbers"):
        position_text(s, before=("a", 2))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(-2000, 2000), min_size=0, max_size=5))
def test_any_numbers_are_read_or_refused_at_the_field(values):
    v = variants.get("russian-501")
    s = v.deal(v.default_rules, 1, seed=9)
    text = position_text(s).replace(" | hands", f" | before {','.join(map(str, values))} | hands")
    try:
        back = read_position(text)
    except PositionError as e:
        assert e.field == "before"
        return
    assert back.before == tuple(values) and len(values) == 3
