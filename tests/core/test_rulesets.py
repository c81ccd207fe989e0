"""The rule-set behaviour every variant shares (cardlab.rulesets.RuleSet), checked on each
registered variant's presets."""

import json

import pytest

from cardlab import RulesError, variants
from cardlab.rulesets import RuleSet

VARIANTS = variants.names()


def _presets(name):
    v = variants.get(name)
    rules_class = type(v.rules_from_dict({}))
    assert issubclass(rules_class, RuleSet)
    return rules_class, rules_class.presets()


@pytest.mark.parametrize("name", VARIANTS)
def test_every_preset_round_trips_through_json(name):
    rules_class, presets = _presets(name)
    assert rules_class.default_preset in presets
    for preset in presets.values():
        again = rules_class.from_dict(json.loads(json.dumps(preset.to_dict())))
        assert again == preset


@pytest.mark.parametrize("name", VARIANTS)
def test_an_empty_dict_is_the_default_preset(name):
    rules_class, presets = _presets(name)
    assert rules_class.from_dict({}) == presets[rules_class.default_preset]


@pytest.mark.parametrize("name", VARIANTS)
def test_unknown_option_and_preset_are_named(name):
    rules_class, presets = _presets(name)
    base = presets[rules_class.default_preset]
    with pytest.raises(RulesError) as info:
        base.with_options(no_such_option=1)
    assert info.value.option == "no_such_option" and "no_such_option" in str(info.value)
    with pytest.raises(RulesError) as info:
        rules_class.from_dict({"preset": "no-such-preset"})
    assert info.value.option == "preset"
    for p in presets:
        assert p in str(info.value)
    with pytest.raises(RulesError):
        rules_class.from_dict(["not", "a", "dict"])


@pytest.mark.parametrize("name", VARIANTS)
def test_a_changed_option_is_named_in_the_rule_set_name(name):
    rules_class, presets = _presets(name)
    base = presets[rules_class.default_preset]
    option = next(o for o in base.option_names() if isinstance(getattr(base, o), bool))
    changed = base.with_options(**{option: not getattr(base, option)})
    assert changed.name == f"{base.name} with {option}={not getattr(base, option)!r}"
    assert base.with_options(**{option: getattr(base, option)}) == base   # nothing changed, same name


def test_a_json_list_becomes_the_tuple_option():
    from cardlab import ninetynine

    r = ninetynine.CLASSIC.with_options(success_bonus=[40, 20, 10])
    assert r.success_bonus == (40, 20, 10) and r.to_dict()["success_bonus"] == [40, 20, 10]
