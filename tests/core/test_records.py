"""Game records (cardlab.records): lossless JSON, replay to identical states, validation errors
with their location, and safe loading (design-notes.md "Records are lossless ... Loading
validates and reports errors with their location; nothing is executed (no pickle)")."""

import builtins
import json
import os
import pickle
import subprocess

import pytest

from cardlab import RecordError, records, variants
from cardlab import sixtysix as ss
from cardlab.records import Record
from helpers_66 import (SCHWARZ_L, SCHWARZ_W, by_role, deal66, legal, one_point_leader, run, schwarz_dealer,
                        schwarz_leader, tie_hand)

SANTASE, RUSSIAN, GERMAN = ss.SANTASE, ss.RUSSIAN_MARIAGE, ss.GERMAN_66


def state_key(s):
    return (
        str(s.last_action) if s.last_action is not None else None,
        s.rules, s.dealer, tuple(s.names), s.pack, s.hands, s.stock, s.turnup, s.turnup_in_stock, s.trump,
        s.closed_by, s.close_info, s.leader, s.trick, s.to_act, s.card_points, s.bonus, s.marriage_points,
        s.tricks_won, s.tricks, s.marriages, s.result, (s.points(0), s.points(1)), tuple(legal(s)),
        s.view(0), s.view(1),
    )


def assert_same_hand(a, b):
    ha, hb = a.history(), b.history()
    assert len(ha) == len(hb)
    assert [str(x) for x in a.actions()] == [str(x) for x in b.actions()]
    for x, y in zip(ha, hb):
        assert state_key(x) == state_key(y)


def sample_states():
    """A variety of hands: finished and unfinished, every preset, closes, marriages, exchanges,
    German draw/pass choices."""
    out = [
        ("santase-66", one_point_leader(SANTASE, 1)),
        ("russian-66", one_point_leader(RUSSIAN, 0)),
        ("german-claim", one_point_leader(GERMAN, 1)),
        ("tie", tie_hand(SANTASE, 1)),
        ("unfinished", run(deal66(by_role(SCHWARZ_W, SCHWARZ_L, 1), "10♠"), "A♥ 9♥ | marriage ♠")),
        ("deal-only", ss.deal(seed=4)),
        ("seeded-random", None),
    ]
    # exchange then close (Santase)
    s = run(deal66(["9♠ Q♠ A♥ J♣ J♦ 9♦", "9♥ 9♣ Q♦ J♥ 10♣ Q♣"], "K♠"), "A♥ 9♥ | exchange | marriage ♠ | close | Q♠")
    out.append(("exchange-close", s))
    # German: close before drawing, the opponent passes / exchanges at the close
    g = run(deal66(["Q♥ J♥ 9♣ J♣ 9♦ J♦", "9♠ A♥ 10♥ A♣ 10♣ A♦"], "A♠", rules=GERMAN), "Q♥ 10♣", auto_draw=False)
    out.append(("german-close-pass", run(g, "close | pass | J♥", auto_draw=False)))
    out.append(("german-draw-close-exchange", run(g, "draw | close | exchange", auto_draw=False)))
    # a random full hand under every preset
    import random
    for name, rules in ss.PRESETS.items():
        rng = random.Random(len(name))
        s = ss.deal(rules, dealer=1, seed=2024)
        while not s.is_finished:
            s = s.apply(rng.choice(s.legal_actions()))
        out.append((f"random-{name}", s))
    return [(n, s) for n, s in out if s is not None]


@pytest.mark.parametrize("name, state", sample_states(), ids=lambda x: x if isinstance(x, str) else "")
def test_round_trip_json(name, state):
    rec = Record.from_state(state, title="T", notes="N é ♥", source="S")
    text = rec.to_json()
    assert json.loads(text)["hands"][0]["actions"] == [str(a) for a in state.actions()]
    back = records.loads(text)
    assert back.title == "T" and back.notes == "N é ♥" and back.source == "S"
    assert back.rules == state.rules and back.players == tuple(state.names)
    assert back == rec
    final = back.replay()[0]
    assert_same_hand(state, final)
    assert back.to_json() == text          # stable text
    assert [state_key(x) for x in back.states()] == [state_key(x) for x in state.history()]


def test_save_and_load_file(tmp_path):
    state = one_point_leader(SANTASE, 1)
    path = tmp_path / "hand.json"
    Record.from_state(state, title="one point").save(path)
    assert not list(tmp_path.glob("*.tmp"))
    assert "♠" in path.read_text(encoding="utf-8")          # card symbols kept as they are
    back = records.load(path)
    assert back.title == "one point"
    assert_same_hand(state, back.replay()[0])


def test_multi_hand_record_round_trip_and_game():
    g = ss.SixtySixGame(SANTASE, first_dealer=0)
    finals = []
    for build in (schwarz_leader, schwarz_dealer, one_point_leader, schwarz_leader):
        f = build(SANTASE, g.next_dealer)
        g.add(f)
        finals.append(f)
    rec = Record.from_states(finals, title="game")
    back = records.loads(rec.to_json())
    assert len(back.hands) == 4
    for a, b in zip(finals, back.replay()):
        assert_same_hand(a, b)
    assert back.game().totals == g.totals
    assert [h.dealer for h in back.hands] == [f.dealer for f in finals]
    assert len(back.states()) == sum(len(f.history()) for f in finals)


def test_seed_hands_replay():
    d = base_dict()
    d["hands"] = [{"dealer": 1, "seed": 77, "actions": []}]
    rec = records.from_dict(d)
    s = rec.replay()[0]
    assert s.pack == ss.shuffled_pack(77) and s.dealer == 1
    assert s.hands == ss.deal(SANTASE, dealer=1, seed=77).hands


def test_sample_records_in_data_load():
    """The project's sample records load and replay (they are plain data)."""
    root = os.path.join(os.path.dirname(__file__), "..", "..", "data")
    files = sorted(f for f in os.listdir(root) if f.endswith(".json"))
    for f in files:
        rec = records.load(os.path.join(root, f))
        finals = rec.replay()
        assert finals and all(s.variant == rec.variant for s in finals), f
        again = records.loads(rec.to_json())
        for a, b in zip(finals, again.replay(), strict=True):
            assert a.actions() == b.actions(), f
            assert a.history()[0].hands == b.history()[0].hands, f
            if rec.variant == "sixty-six":
                assert_same_hand(a, b)


# =============================================================================================
# Errors with a location
# =============================================================================================

def base_state():
    return one_point_leader(SANTASE, 1)


def base_dict():
    return Record.from_state(base_state()).to_dict()


def error_of(data) -> RecordError:
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    with pytest.raises(RecordError) as ei:
        records.loads(text)
    return ei.value


def test_invalid_json():
    e = error_of('{"format": "cardlab-record", "version": 1,\n "variant": }')
    assert e.location == "(file)"
    assert "JSON" in e.message and "line 2" in e.message


def test_not_an_object():
    e = error_of("[1, 2]")
    assert e.location == "record" and "object" in e.message


@pytest.mark.parametrize("field", ["format", "version", "variant", "rules", "players", "hands"])
def test_missing_top_level_field(field):
    d = base_dict()
    del d[field]
    e = error_of(d)
    assert e.location == "record" and f"'{field}'" in e.message and "missing" in e.message


def test_missing_field_in_a_hand():
    d = base_dict()
    del d["hands"][0]["actions"]
    e = error_of(d)
    assert e.location == "hands[0]" and "'actions'" in e.message and "missing" in e.message


def test_extra_fields():
    d = base_dict()
    d["winner"] = "A"
    e = error_of(d)
    assert e.location == "record" and "winner" in e.message and "unexpected" in e.message
    d = base_dict()
    d["hands"][0]["score"] = 3
    e = error_of(d)
    assert e.location == "hands[0]" and "score" in e.message


def test_pack_and_seed_both_or_neither():
    d = base_dict()
    d["hands"][0]["seed"] = 3
    e = error_of(d)
    assert e.location == "hands[0]" and "pack" in e.message and "seed" in e.message
    d = base_dict()
    del d["hands"][0]["pack"]
    assert error_of(d).location == "hands[0]"


@pytest.mark.parametrize("field, value, location", [
    ("format", "pgn", "format"),
    ("version", 2, "version"),
    ("players", ["A"], "players"),
    ("players", ["A", ""], "players[1]"),
    ("hands", [], "hands"),
])
def test_schema_values(field, value, location):
    d = base_dict()
    d[field] = value
    assert error_of(d).location == location


def test_unknown_variant():
    d = base_dict()
    d["variant"] = "bridge"
    e = error_of(d)
    assert e.location == "variant" and "bridge" in e.message and "sixty-six" in e.message


def test_unknown_rule_option():
    d = base_dict()
    d["rules"]["trump_jack_exchange"] = True
    e = error_of(d)
    assert "trump_jack_exchange" in e.message
    # locations are paths into the record, as for a bad value ("rules.target", below)
    assert e.location == "rules.trump_jack_exchange"


def test_unknown_preset():
    d = base_dict()
    d["rules"] = {"preset": "schnapsen"}
    e = error_of(d)
    assert e.location == "rules.preset" and "schnapsen" in e.message


def test_bad_rule_value_location_names_the_option():
    """records.loads documents locations such as "rules.target" for a bad option value."""
    d = base_dict()
    d["rules"]["target"] = 0
    e = error_of(d)
    assert "target" in e.message
    assert e.location == "rules.target"


def test_rules_by_preset_name():
    d = base_dict()
    d["rules"] = {"preset": "santase"}
    assert records.from_dict(d).rules == SANTASE


def test_three_players_for_sixty_six():
    d = base_dict()
    d["players"] = ["A", "B", "C"]
    e = error_of(d)
    assert e.location == "players" and "two" in e.message


def test_pack_of_23_cards():
    d = base_dict()
    d["hands"][0]["pack"] = d["hands"][0]["pack"][:23]
    e = error_of(d)
    assert e.location == "hands[0].pack" and "24" in e.message


def test_duplicated_card_in_pack():
    d = base_dict()
    pack = d["hands"][0]["pack"]
    pack[5] = pack[0]
    e = error_of(d)
    assert e.location == "hands[0].pack" and "twice" in e.message and pack[0] in e.message


def test_unreadable_card_in_pack():
    d = base_dict()
    d["hands"][0]["pack"][3] = "Z♠"
    assert error_of(d).location == "hands[0].pack"


def test_dealer_not_a_seat():
    d = base_dict()
    d["hands"][0]["dealer"] = 2
    e = error_of(d)
    assert e.location == "hands[0].dealer"


def test_illegal_action_location():
    d = base_dict()
    acts = d["hands"][0]["actions"]
    # the hand: 10♥ A♥ | 10♣ J♣ | 9♦ A♦ | marriage ♠ | K♠ J♦ | A♠ 9♣; action 6 is "marriage ♠"
    assert acts[6] == "marriage ♠"
    acts[7] = "A♠"                    # must lead K♠ or Q♠ after the announcement
    e = error_of(d)
    assert e.location == "hands[0].actions[7]"
    assert "66.marriage.led" in e.message and "A♠" in e.message


def test_unreadable_action_location():
    d = base_dict()
    d["hands"][0]["actions"][2] = "take back"
    e = error_of(d)
    assert e.location == "hands[0].actions[2]" and "take back" in e.message


def test_action_after_the_end_of_the_hand():
    d = base_dict()
    n = len(d["hands"][0]["actions"])
    d["hands"][0]["actions"].append("10♦")
    e = error_of(d)
    assert e.location == f"hands[0].actions[{n}]" and "66.turn" in e.message


def two_hand_dict():
    h1 = schwarz_leader(SANTASE, 0)          # seat 1 wins: seat 1 deals next (winner deals)
    h2 = schwarz_dealer(SANTASE, 1)
    return Record.from_states([h1, h2]).to_dict()


def test_two_hand_record_is_valid():
    rec = records.from_dict(two_hand_dict())
    assert rec.game().totals == [0, 6]


def test_dealer_out_of_turn():
    d = two_hand_dict()
    d["hands"][1]["dealer"] = 0              # but the winner of hand 1 (seat 1) deals
    e = error_of(d)
    assert e.location == "hands[1].dealer"
    assert "66.dealer" in e.message


def test_unfinished_hand_followed_by_another():
    d = two_hand_dict()
    d["hands"][0]["actions"] = d["hands"][0]["actions"][:3]
    e = error_of(d)
    assert e.location == "hands[0].actions" and "unfinished" in e.message


def test_unfinished_last_hand_is_allowed():
    d = two_hand_dict()
    d["hands"][1]["actions"] = d["hands"][1]["actions"][:3]
    rec = records.from_dict(d)
    assert not rec.replay()[1].is_finished and rec.game().totals == [0, 3]


def test_hand_after_the_game_is_over():
    rules = SANTASE.with_options(target=3)
    h1 = schwarz_leader(rules, 0)            # 3 game points: the game is over
    h2 = schwarz_dealer(rules, 1)
    d = Record.from_states([h1, h2]).to_dict()
    e = error_of(d)
    assert e.location == "hands[1]" and "over" in e.message


# =============================================================================================
# Files and safety
# =============================================================================================

def test_loading_a_bad_file_leaves_it_untouched(tmp_path):
    path = tmp_path / "bad.json"
    d = base_dict()
    d["hands"][0]["actions"][7] = "A♠"
    raw = json.dumps(d, ensure_ascii=False, indent=2).encode("utf-8")
    path.write_bytes(raw)
    before = os.stat(path)
    with pytest.raises(RecordError) as ei:
        records.load(path)
    assert ei.value.location == "hands[0].actions[7]" and "bad.json" in str(ei.value)
    assert path.read_bytes() == raw
    assert os.stat(path).st_mtime_ns == before.st_mtime_ns
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]


def test_loading_invalid_json_file_leaves_it_untouched(tmp_path):
    path = tmp_path / "broken.json"
    raw = b'{"format": "cardlab-record", '
    path.write_bytes(raw)
    with pytest.raises(RecordError) as ei:
        records.load(path)
    assert ei.value.location == "(file)" and "broken.json" in str(ei.value)
    assert path.read_bytes() == raw


def test_non_utf8_file(tmp_path):
    path = tmp_path / "latin.json"
    path.write_bytes('{"title": "é"}'.encode("latin-1"))
    with pytest.raises(RecordError) as ei:
        records.load(path)
    assert "UTF-8" in str(ei.value)


def test_save_replaces_an_existing_file_whole(tmp_path):
    path = tmp_path / "r.json"
    path.write_text("old", encoding="utf-8")
    rec = Record.from_state(base_state())
    rec.save(path)
    assert records.load(path) == rec
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_nothing_is_executed_on_load(tmp_path, monkeypatch):
    marker = tmp_path / "pwned"
    code = f"__import__('os').system('touch {marker}')"
    d = base_dict()
    d["title"] = code
    d["notes"] = "!!python/object/apply:os.system ['touch " + str(marker) + "']"
    d["players"] = [code, "{__import__('os')}"]
    text = json.dumps(d, ensure_ascii=False)

    def boom(*a, **k):
        raise AssertionError("code execution during load")

    monkeypatch.setattr(builtins, "eval", boom)
    monkeypatch.setattr(builtins, "exec", boom)
    monkeypatch.setattr(pickle, "loads", boom)
    monkeypatch.setattr(pickle, "load", boom)
    monkeypatch.setattr(os, "system", boom)
    monkeypatch.setattr(subprocess, "Popen", boom)
    rec = records.loads(text)
    assert rec.title == code and rec.players[0] == code
    # an action text that is code is rejected as notation, not run
    d["hands"][0]["actions"][0] = code
    with pytest.raises(RecordError) as ei:
        records.loads(json.dumps(d))
    assert ei.value.location == "hands[0].actions[0]"
    monkeypatch.undo()
    assert not marker.exists()


def test_a_deal_that_depends_on_the_previous_one_saves_its_successes():
    """Revised Ninety-Nine takes a deal's trumps from the previous deal's successes, so one
    later deal saved by itself stores them in ``start`` and replays at the same trumps; the
    whole game round-trips with no ``start``."""
    path = os.path.join(os.path.dirname(__file__), "..", "..", "data", "n99_revised_game.json")
    rec = records.load(path)
    finals = rec.replay()
    assert len(finals) > 1
    alone = records.Record.from_state(finals[1])
    assert alone.start == {"previous_successes": finals[0].result.successes}
    back = records.loads(alone.to_json()).replay()[0]
    assert (back.trump, back.actions(), back.hands) == (finals[1].trump, finals[1].actions(), finals[1].hands)
    again = records.loads(records.Record.from_states(finals).to_json())
    assert again.start == {} and [s.actions() for s in again.replay()] == [s.actions() for s in finals]


@pytest.mark.parametrize("variant,start,total", [
    ("sixty-six", {"totals": [9, 10]}, (9, 10)),
    ("ninety-nine", {"totals": [50, 60, 70]}, (50, 60, 70)),
    ("russian-501", {"scores": [120, 300, 420]}, None),
    ("mariage-3", {"totals": [3, 4, 5]}, None),
    ("mariage-4", {"pips": [2, 5]}, None),
])
def test_a_record_keeps_the_standing_before_its_first_hand(variant, start, total):
    """"9 to 10: who wins the game with this hand?" is a record: ``start`` gives the score
    keeper's starting totals, saved and checked on load."""
    v = variants.get(variant)
    s = v.deal(next(iter(v.presets.values())), 0, seed=4)
    rec = records.Record.from_state(s, start=start)
    back = records.loads(rec.to_json())
    assert back.start == start
    game = back.game()
    if total is not None:
        assert tuple(game.totals) == total


@pytest.mark.parametrize("start,location", [
    ({"pips": [1, 2]}, "start.pips"),
    ({"totals": [9, 99]}, "start"),
    ({"totals": [9]}, "start.totals"),
    ({"previous_successes": 2}, "start.previous_successes"),
    ({"colour": "red"}, "start.colour"),
    ({"colour": [1, 2]}, "start.colour"),
])
def test_a_bad_start_is_refused_where_it_is(start, location):
    d = Record.from_state(base_state()).to_dict()
    d["start"] = start
    with pytest.raises(RecordError) as info:
        records.loads(json.dumps(d))
    assert info.value.location == location, str(info.value)
    with pytest.raises(RecordError):
        Record.from_state(base_state(), start=start)


# =============================================================================================
# Hostile input (issue 11): always a RecordError with a location, limits before parsing
# =============================================================================================

from cardlab.errors import RecordLimitError  # noqa: E402


@pytest.mark.parametrize("where, value", [
    ("dealer", 0.0), ("dealer", 1.0), ("dealer", True), ("dealer", "1"), ("seed", 3.0), ("seed", False),
])
def test_a_float_or_bool_where_an_integer_belongs(where, value):
    d = base_dict()
    if where == "seed":
        del d["hands"][0]["pack"]
    d["hands"][0][where] = value
    e = error_of(d)
    assert e.location == f"hands[0].{where}"


def test_version_one_point_zero_is_not_version_one():
    d = base_dict()
    d["version"] = 1.0
    assert error_of(d).location == "version"


def test_deep_nesting_and_huge_integers():
    e = error_of("[" * 10_000 + "]" * 10_000)
    assert isinstance(e, RecordLimitError) and e.limit == "MAX_DEPTH" and e.location == "(file)"
    d = base_dict()
    d["title"] = json.loads("[" * 40 + "]" * 40)
    e = error_of(d)
    assert isinstance(e, RecordLimitError) and e.limit == "MAX_DEPTH"
    text = json.dumps(base_dict()).replace('"dealer": 1', '"dealer": ' + "1" * 5000)
    e = error_of(text)
    assert e.location == "(file)" and "digits" in e.message


@pytest.mark.parametrize("text", ['{"a": NaN}', '{"a": Infinity}', '{"a": 1, "a": 1}'])
def test_not_quite_json(text):
    assert error_of(text).location == "(file)"


def test_a_number_json_cannot_write_back():
    d = base_dict()
    text = json.dumps(d).replace('"dealer": 1', '"dealer": 1e999')
    assert error_of(text).location == "hands[0].dealer"


def test_size_limit_is_checked_before_parsing(tmp_path, monkeypatch):
    import time

    big = '{"hands": [' + ",".join(['"x"'] * (records.MAX_RECORD_BYTES // 4 + 10)) + "]}"
    assert len(big) > records.MAX_RECORD_BYTES
    t0 = time.perf_counter()
    e = error_of(big)
    assert isinstance(e, RecordLimitError) and e.limit == "MAX_RECORD_BYTES" and e.location == "(file)"
    assert "MAX_RECORD_BYTES" in str(e)
    path = tmp_path / "big.json"
    path.write_text(big, encoding="utf-8")
    monkeypatch.setattr(json, "loads", lambda *a, **k: pytest.fail("parsed a file over the limit"))
    with pytest.raises(RecordLimitError) as ei:
        records.load(path)
    assert "big.json" in str(ei.value) and ei.value.limit == "MAX_RECORD_BYTES"
    assert time.perf_counter() - t0 < 10


def test_hands_and_actions_limits_are_checked_before_validation(monkeypatch):
    d = base_dict()
    d["hands"][0]["actions"] = ["A♠"] * (records.MAX_ACTIONS_PER_HAND + 1)
    monkeypatch.setattr(records, "_validator", lambda: pytest.fail("validated a record over a limit"))
    e = error_of(d)
    assert isinstance(e, RecordLimitError) and e.limit == "MAX_ACTIONS_PER_HAND"
    assert e.location == "hands[0].actions"
    d = base_dict()
    d["hands"] = d["hands"] * (records.MAX_HANDS + 1)
    e = error_of(d)
    assert isinstance(e, RecordLimitError) and e.limit == "MAX_HANDS" and e.location == "hands"


def test_an_engine_error_while_dealing_is_a_record_error(monkeypatch):
    """Every replay step is guarded: an engine's untyped exception is reported at the hand, with
    the exception kept as the cause."""
    import dataclasses

    from cardlab import variants

    real_get = variants.get

    def broken(*a, **k):
        raise TypeError("slice indices must be integers")

    monkeypatch.setattr(variants, "get", lambda name: dataclasses.replace(real_get(name), new_game=broken))
    e = error_of(base_dict())
    assert e.location == "hands[0].dealer" and "TypeError" in e.message
    assert isinstance(e.__cause__, TypeError)


def test_every_error_location_is_named():
    assert RecordError("", "x").location == "record"
    e = error_of("{}")
    assert e.location == "record"


def test_bytes_and_other_types():
    rec = Record.from_state(base_state())
    assert records.loads(rec.to_json().encode("utf-8")) == rec
    assert records.loads("\ufeff" + rec.to_json()) == rec
    with pytest.raises(RecordError) as ei:
        records.loads(b"\xff{}")
    assert ei.value.location == "(file)" and "UTF-8" in ei.value.message
    with pytest.raises(RecordError) as ei:
        records.loads(42)
    assert ei.value.location == "(file)"
