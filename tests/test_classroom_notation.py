"""Position notation (issue 13): round-trips on every state of every sample record; bad text
gets a located PositionError (a NotationError)."""

import glob

import pytest

from cardlab import records
from cardlab.classroom.notation import PositionError, parse_position, position_text
from cardlab.errors import NotationError

FILES = sorted(glob.glob("data/*.json"))


@pytest.mark.parametrize("path", FILES)
def test_round_trip_on_every_state_of_every_sample(path):
    states = records.load(path).states()
    for s in states:
        text = position_text(s)
        back = parse_position(text)
        assert position_text(back) == text
        assert (back.variant, back.rules, back.dealer, back.names, back.pack) == (s.variant, s.rules, s.dealer,
                                                                                  s.names, s.pack)
        assert [str(a) for a in back.actions()] == [str(a) for a in s.actions()]
        assert back.hands == s.hands and back.to_act == s.to_act and back.result == s.result


GOOD = position_text(records.load("data/santase_close.json").states()[5])


def _at(text, sub):
    return text.index(sub)


@pytest.mark.parametrize("text,field,position", [
    (GOOD.replace("66 santase", "67 santase"), "variant", 0),
    (GOOD.replace("66 santase", "66 bulgarian"), "variant", 3),
    (GOOD.replace("dealer ", "dealr ", 1), "dealer", _at(GOOD, "dealer")),
    (GOOD.replace("dealer 0", "dealer 7").replace("dealer 1", "dealer 7"), "dealer", _at(GOOD, "dealer") + 7),
    (GOOD.replace("names ", "names X,", 1), "names", _at(GOOD, "names") + 6),
    (GOOD.replace("pack ", "pack Z♠ ", 1), "pack", _at(GOOD, "pack") + 5),
    (GOOD.replace(" | actions", " | pack"), "actions", _at(GOOD, "| actions") + 2),
    ("66 santase | dealer 0", "text", 0),
    (None, "text", 0),
])
def test_bad_notation_gets_located_errors(text, field, position):
    with pytest.raises(PositionError) as info:
        parse_position(text)
    assert isinstance(info.value, NotationError)
    assert (info.value.field, info.value.position) == (field, position), str(info.value)


def test_a_refused_action_names_its_rule_and_place():
    head, _, acts = GOOD.partition(" | actions ")
    first = acts.split("; ")[0]
    text = f"{head} | actions {first}; {first}"
    with pytest.raises(PositionError) as info:
        parse_position(text)
    assert info.value.field == "actions" and info.value.position == len(head) + len(" | actions ") + len(first) + 2
    assert info.value.rule and info.value.rule.startswith("66.")


def test_a_short_pack_is_a_located_error():
    cut = GOOD.split(" | ")
    cut[3] = " ".join(cut[3].split()[:-1])
    with pytest.raises(PositionError) as info:
        parse_position(" | ".join(cut))
    assert info.value.field == "pack"
