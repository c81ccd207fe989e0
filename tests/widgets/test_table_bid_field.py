"""The play table's number fields never change what was typed (issue 24).

For every variant and preset that ever offers the human a number field (a bid, a blind bid, a
cut; or a suit with a number, 501's contract), found from the registry and the table's own
controls, never from a variant's name: a typed number above the legal range, below it, or
between two legal values (off the rule's step) is refused in words naming the legal range, the
field keeps what was typed and nothing is played; a legal number is played as typed.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("ipywidgets")

from cardlab import variants  # noqa: E402
from cardlab.widgets import PlayTable  # noqa: E402
from cardlab.widgets.table import decision_controls  # noqa: E402

SEEDS = range(4)
MAX_FIELDS = 3  # number decisions checked per hand


def cases():
    return [pytest.param(n, p, id=f"{n}-{p}") for n in variants.names() for p in variants.get(n).presets]


def number_boxes(p):
    """The table's number controls now: (field, button, menu or None) each."""
    out = []
    for box in p.controls.children:
        if "cardlab-number-box" in getattr(box, "_dom_classes", ()):
            *first, field, button = box.children
            out.append((field, button, first[0] if first else None))
    return out


def played_after(before, now):
    """The action taken at ``before`` on the way to ``now`` (None if ``now`` is ``before``)."""
    s = now
    while s is not None and s.parent is not before:
        s = s.parent
    return None if s is None else s.last_action


def bad_numbers(legal: list[int], step: int) -> list[int]:
    lo, hi = legal[0], legal[-1]
    bad = [hi + step, hi + 80, lo - step, max(0, lo - 16), -1]
    gaps = [n for n in range(lo, hi + 1) if n not in legal]
    if gaps:   # between two legal values: off the step, or a gap of the rule
        bad.append(gaps[0])
    return [n for n in dict.fromkeys(bad) if n not in legal]


def controls_of(p):
    """The table's number controls now, each with its decision: (field, button, menu or None,
    kind, legal values {value or (first, value): action}), in the order the table shows them."""
    s = p.state
    ctl = decision_controls(s.legal_actions(), s.view(p.human).hand)
    decisions = list(ctl["numbers"].items()) + list(ctl["pairs"].items())
    boxes = number_boxes(p)
    assert len(boxes) == len(decisions), (boxes, decisions)
    return [(*box, kind, values) for box, (kind, values) in zip(boxes, decisions)]


def check_field(p, field, button, menu, kind, values, rng, play: bool) -> None:
    """Type refused numbers into ``field`` and press ``button``; then, if ``play``, a legal one."""
    s = p.state
    if menu is None:
        legal = sorted(values)
    else:
        firsts = list(dict.fromkeys(k[0] for k in values))
        legal = sorted(n for f, n in values if f == firsts[menu.value])
    for n in bad_numbers(legal, field.step):
        field.value = n
        button.click()
        assert p.state is s, f"{n} was played: {p.state.last_action}"
        assert field.value == n, f"the field changed {n} to {field.value}"
        msg = p.message.value
        assert "cardlab-error" in msg and str(n) in msg, msg
        assert f"from {legal[0]} to {legal[-1]}" in msg, msg
        assert "Traceback" not in msg and not p.errors, (msg, p.errors)
    if not play:
        return
    n = rng.choice(legal)
    field.value = n
    button.click()
    assert not p.errors, p.errors
    a = played_after(s, p.state)
    assert a is not None, f"the legal {n} was not played: {p.message.value}"
    assert a.kind == kind and (a.value == n or (isinstance(a.value, tuple) and a.value[-1] == n)), (n, a)
    return kind


@pytest.mark.parametrize("name,preset", cases())
def test_typed_numbers_are_refused_or_played_as_typed(name, preset):
    v = variants.get(name)
    rng = random.Random(f"{name}/{preset}")
    checked: dict[str, int] = {}   # kind -> fields where refused numbers were typed
    played: dict[str, int] = {}    # kind -> fields where a legal number was played
    offered_numbers = 0
    for seed in SEEDS:
        for human in range(v.players):
            p = PlayTable(variant=name, rules=preset, seed=seed, human=human, opponent="heuristic",
                          hint_budget=0.05, review_budget=0.02, setup=False)
            fields = 0
            while not p.state.is_finished and fields < MAX_FIELDS:
                s = p.state
                ctl = decision_controls(s.legal_actions(), s.view(p.human).hand) if s.to_act == p.human else None
                boxes = controls_of(p) if ctl is not None else number_boxes(p)
                if ctl is not None:
                    offered_numbers += bool(ctl["numbers"] or ctl["pairs"])
                if boxes:
                    for field, button, menu, kind, values in boxes:
                        # the first view of the field: the lowest legal value (of the menu's first choice)
                        lowest = min(values) if menu is None else min(n for f, n in values if f == next(iter(values))[0])
                        assert field.value == lowest and field.min == lowest, (kind, field.value, lowest)
                    for box in boxes:
                        check_field(p, *box, rng, play=False)
                        checked[box[3]] = checked.get(box[3], 0) + 1
                    fields += 1
                    if rng.random() < 0.6:  # a legal number in the field whose kind was played least so far
                        i = min(range(len(boxes)), key=lambda i: (played.get(boxes[i][3], 0), rng.random()))
                        played[boxes[i][3]] = played.get(boxes[i][3], 0) + 1
                        check_field(p, *boxes[i], rng, play=True)
                        continue
                assert s.to_act == p.human, "the computer did not act for its seats"
                # otherwise one of the other actions (looking, passing, a card), not a number
                numbered = {a for d in (*ctl["numbers"].values(), *ctl["pairs"].values()) for a in d.values()}
                others = [a for a in s.legal_actions() if a not in numbered]
                assert p.act(rng.choice(others or s.legal_actions())), p.message.value
            assert not p.errors, p.errors
    if offered_numbers:
        assert checked, "number decisions were offered but no field was checked"
        print(f"\n{name}/{preset}: refused numbers typed in {sum(checked.values())} fields {checked}, "
              f"legal numbers played in {sum(played.values())} {played}", end="")
    else:
        print(f"\n{name}/{preset}: no number decision in {len(SEEDS) * v.players} hands", end="")


def test_some_variant_has_a_number_field():
    """The registry holds at least one variant whose table offers a number field (so the test
    above checks something), found by dealing, not by name."""
    found = False
    for name in variants.names():
        v = variants.get(name)
        for rules in v.presets.values():
            s = v.deal(rules, 0, seed=0)
            for _ in range(200):
                if s.is_finished:
                    break
                ctl = decision_controls(s.legal_actions(), s.view(s.to_act).hand)
                if ctl["numbers"] or ctl["pairs"]:
                    found = True
                    break
                s = s.apply(s.legal_actions()[0])
    assert found
