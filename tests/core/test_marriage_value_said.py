"""A marriage announced as text with the wrong value ("40 ♥" when hearts are not trumps) is
refused with the marriage rule and the value it is worth, in every variant that reads "20 ♥" /
"40 ♥"; the right value, or "marriage ♥", is accepted (found by the malformed-action fuzzer,
tools/fuzz_actions.py)."""

import random

import pytest

from cardlab import variants
from cardlab.errors import IllegalActionError


def marriage_states(name, limit=6):
    v = variants.get(name)
    out = []
    for preset in v.presets:
        for seed in range(300):
            s = v.deal(v.presets[preset], seed % v.players, seed=seed)
            rng = random.Random(seed)
            while not s.is_finished:
                if any(a.kind == "marriage" for a in s.legal_actions()):
                    out.append(s)
                    break
                s = s.apply(rng.choice(s.legal_actions()))
            if len(out) >= limit * len(v.presets):
                return out
    return out


@pytest.mark.parametrize("name", ["sixty-six", "mariage-3", "russian-501"])
def test_wrong_value_refused_right_value_accepted(name):
    states = marriage_states(name)
    assert states
    for s in states:
        for a in [a for a in s.legal_actions() if a.kind == "marriage"]:
            sym = a.value.symbol
            worth = 40 if a.value == s.trump and not getattr(s, "no_trump", False) else 20
            with pytest.raises(IllegalActionError) as info:
                s.apply(f"{60 - worth} {sym}")
            assert "marriage" in info.value.rule and f"worth {worth}" in str(info.value)
            assert s.apply(f"{worth} {sym}").last_action == a
            assert s.apply(f"marriage {sym}").last_action == a
