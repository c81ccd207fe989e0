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


def _pack_form(state) -> str:
    """The same position in the pack form (every card as dealt, then all the actions)."""
    text = position_text(state)
    head = text.split(" | ")[:3]
    trump = [f for f in text.split(" | ") if f.startswith("trumps ")]
    acts = [str(a) for a in state.actions()]
    return " | ".join(head + ["pack " + " ".join(map(str, state.pack))] + trump
                      + (["actions " + "; ".join(acts)] if acts else []))


@pytest.mark.parametrize("path", FILES[::3])
def test_the_pack_form_reads_as_the_same_position(path):
    for s in records.load(path).states()[::4]:
        back = parse_position(_pack_form(s))
        assert (back.pack, back.hands, back.to_act) == (s.pack, s.hands, s.to_act)
        assert position_text(back) == position_text(s)


def test_every_variant_prints_the_hands_form_once_dealt():
    seen = set()
    for path in FILES:
        for s in records.load(path).states():
            text = position_text(s)
            if " | hands " in text:
                seen.add(s.variant)
            else:   # only a four-player hand still to be cut has no hands yet
                assert s.variant == "mariage-4" and s.phase == "cut", text
    assert seen == {"sixty-six", "russian-501", "ninety-nine", "mariage-3", "mariage-4"}


def test_a_teacher_types_a_sixty_six_position():
    text = ("66 santase | dealer 1 | names Ana,Boris | hands K♥ Q♥ A♠ 10♠ 9♣ J♦ / A♥ 10♥ K♠ Q♠ J♠ 9♠ "
            "| turn-up 9♦ | stock A♣ 10♣ K♣ Q♣ J♣ A♦ 10♦ K♦ Q♦ J♦ 9♥".replace("J♦ / ", "J♥ / "))
    s = parse_position(text)
    assert str(s.trump) == "♦" and s.to_act == 0
    assert sorted(map(str, s.hands[0])) == sorted("K♥ Q♥ A♠ 10♠ 9♣ J♥".split())
    assert position_text(s) == text + " | trumps ♦"
    s2 = parse_position(text + " | trumps ♦ | actions 9♣")
    assert s2.to_act == 1 and [str(a) for a in s2.actions()] == ["9♣"]
    with pytest.raises(PositionError) as info:   # Santase: no marriage on the first lead
        parse_position(text + " | actions marriage ♥")
    assert info.value.field == "actions" and info.value.rule.startswith("66.")


def test_a_teacher_types_a_501_position_with_four_at_the_table():
    text = ("501 pagat | dealer 1 | names Ana,Boris,Vera,Gleb | hands Q♣ 10♠ A♦ 10♣ 9♦ A♠ K♥ / - / "
            "K♣ J♦ A♥ 9♠ 10♥ K♠ 9♣ / K♦ A♣ Q♥ 10♦ Q♠ J♠ 9♥ | prikup J♣ J♥ Q♦")
    s = parse_position(text)
    assert s.hands[1] == () and sorted(map(str, s.prikup)) == ["J♣", "J♥", "Q♦"]
    assert position_text(s) == text


GOOD = position_text(records.load("data/santase_close.json").states()[5])
PACKED = _pack_form(records.load("data/santase_close.json").states()[5])
M4 = position_text(records.load("data/m4_nine_cut.json").states()[5])
N99 = position_text(records.load("data/n99_revised_game.json").states()[3])


def _at(text, sub):
    return text.index(sub)


@pytest.mark.parametrize("text,field,position", [
    (GOOD.replace("66 santase", "67 santase"), "variant", 0),
    (GOOD.replace("66 santase", "66 bulgarian"), "variant", 3),
    (GOOD.replace("dealer ", "dealr ", 1), "dealer", _at(GOOD, "dealer")),
    (GOOD.replace("dealer 0", "dealer 7").replace("dealer 1", "dealer 7"), "dealer", _at(GOOD, "dealer") + 7),
    (GOOD.replace("names ", "names X,", 1), "names", _at(GOOD, "names") + 6),
    (GOOD.replace("hands ", "hands Z♠ ", 1), "hands", _at(GOOD, "hands") + 6),
    (GOOD.replace(" / ", " / Q♣ / ", 1), "hands", _at(GOOD, "hands") + 6),
    (GOOD.replace("turn-up ", "turn-up X", 1), "turn-up", _at(GOOD, "turn-up") + 8),
    (GOOD.replace(" | stock", " | prikup"), "prikup", _at(GOOD, "| stock") + 2),
    (GOOD.replace(" | stock", " | stok"), "text", _at(GOOD, "| stock") + 2),
    (GOOD.replace(" | turn-up", " | hands"), "hands", _at(GOOD, "| turn-up") + 2),
    (GOOD.replace(" | actions", " | pack"), "pack", _at(GOOD, "| actions") + 2),
    (GOOD.replace("trumps ♣", "trumps ♥").replace("trumps ♠", "trumps ♥").replace("trumps ♦", "trumps ♥"),
     "trumps", _at(GOOD, "trumps") + 7),
    (PACKED.replace("pack ", "pack Z♠ ", 1), "pack", _at(PACKED, "pack") + 5),
    (M4.replace("cut 2, 8", "cut 2, 80"), "cut", _at(M4, "cut") + 4),
    (M4.replace("cut 2, 8", "cut 8, 2"), "cut", _at(M4, "cut") + 4),
    (N99.replace(" | hands", " | turn-up 6♠ | hands"), "turn-up", _at(N99, "| hands") + 2),
    ("66 santase | dealer 0", "text", 0),
    ("66 santase | dealer 0 | names A,B | trumps ♠", "hands", len("66 santase | dealer 0 | names A,B | ")),
    (None, "text", 0),
])
def test_bad_notation_gets_located_errors(text, field, position):
    with pytest.raises(PositionError) as info:
        parse_position(text)
    assert isinstance(info.value, NotationError)
    assert (info.value.field, info.value.position) == (field, position), str(info.value)


def test_a_card_dealt_twice_names_the_deal_rule():
    first = GOOD.split("hands ")[1].split()[0]
    second = GOOD.split("hands ")[1].split()[1]
    with pytest.raises(PositionError) as info:
        parse_position(GOOD.replace(f"hands {first} {second}", f"hands {first} {first}", 1))
    assert info.value.field == "hands" and second in str(info.value) or "twice" in str(info.value)


def test_a_refused_action_names_its_rule_and_place():
    head, _, acts = GOOD.partition(" | actions ")
    first = acts.split("; ")[0]
    text = f"{head} | actions {first}; {first}"
    with pytest.raises(PositionError) as info:
        parse_position(text)
    assert info.value.field == "actions" and info.value.position == len(head) + len(" | actions ") + len(first) + 2
    assert info.value.rule and info.value.rule.startswith("66.")


def test_a_short_hand_is_a_located_error():
    hands = GOOD.split(" | ")[3]
    with pytest.raises(PositionError) as info:
        parse_position(GOOD.replace(hands, " ".join(hands.split()[:-1])))
    assert info.value.field == "hands"
    with pytest.raises(PositionError) as info:
        parse_position(PACKED.replace(" " + PACKED.split(" | ")[3].split()[-1] + " |", " |", 1))
    assert info.value.field == "pack"


def test_mutated_positions_are_read_or_refused_with_a_located_error():
    """2,000 random edits of real positions (a character deleted or inserted, fields shuffled or
    repeated, words swapped): each is read, or refused with a PositionError inside the text."""
    import random

    texts = [position_text(s) for p in FILES[::2] for s in records.load(p).states()[::9]]
    rng = random.Random(13)
    alphabet = "|/;, -0123456789AKQJ♠♥♦♣xabcdehkmnoprstu"
    refused = 0
    for _ in range(2000):
        t = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            op, k = rng.random(), rng.randrange(len(t) + 1)
            if op < 0.3:
                t = t[:k] + t[k + 1:]
            elif op < 0.6:
                t = t[:k] + rng.choice(alphabet) + t[k:]
            elif op < 0.8:
                f = t.split(" | ")
                j = rng.randrange(len(f))
                f.insert(j, f[j]) if op < 0.7 else rng.shuffle(f)
                t = " | ".join(f)
            else:
                w = t.split(" ")
                a, b = rng.randrange(len(w)), rng.randrange(len(w))
                w[a], w[b] = w[b], w[a]
                t = " ".join(w)
        try:
            parse_position(t)
        except PositionError as e:
            assert 0 <= e.position <= len(t) and e.field, (t, str(e))
            refused += 1
    assert refused > 1500
