"""What every variant's rule set shares: options by name, named presets, and a JSON form.

A variant's rules are a frozen dataclass whose fields are the options (each one a disagreement
between sources, see docs/rules-notes.md) and whose module defines ``PRESETS`` (name ->
rule set). Inheriting :class:`RuleSet` gives it :meth:`~RuleSet.with_options`,
:meth:`~RuleSet.option_names`, :meth:`~RuleSet.to_dict` and :meth:`~RuleSet.from_dict`; the
subclass names its default preset in ``default_preset`` (a plain class attribute, not a field).
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any, ClassVar

from .errors import RulesError

__all__ = ["RuleSet"]


class RuleSet:
    """Mixin for a variant's frozen rules dataclass (see the module docstring)."""

    #: the preset that ``from_dict`` starts from when a record names none
    default_preset = ""
    #: option -> its allowed values (checked by :meth:`_check_options`)
    _CHOICES: ClassVar[dict[str, tuple]] = {}
    #: options that are true or false
    _FLAGS: ClassVar[tuple[str, ...]] = ()
    #: (option, lowest, highest): options that are whole numbers in that range
    _INTS: ClassVar[tuple[tuple[str, int, int], ...]] = ()

    def _check_options(self) -> None:
        """Check the declared options (a variant's ``__post_init__`` calls it first): ``name`` a
        non-empty text, each of ``_CHOICES`` one of its values, each of ``_FLAGS`` true or false,
        each of ``_INTS`` a whole number in its range. Raises
        :class:`~cardlab.errors.RulesError` naming the first option at fault (``option`` set)."""
        if not isinstance(self.name, str) or not self.name:  # type: ignore[attr-defined]
            raise RulesError("option name must be a non-empty text", "name")
        for f, allowed in self._CHOICES.items():
            if getattr(self, f) not in allowed:
                raise RulesError(f"option {f}={getattr(self, f)!r} is not one of {', '.join(allowed)}", f)
        for f in self._FLAGS:
            if not isinstance(getattr(self, f), bool):
                raise RulesError(f"option {f} must be true or false, not {getattr(self, f)!r}", f)
        for f, lo, hi in self._INTS:
            v = getattr(self, f)
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise RulesError(f"option {f} must be a whole number from {lo} to {hi}, not {v!r}", f)

    def with_options(self, **changes: Any):
        """A copy with some options changed. Unless a new ``name`` is given, the name says what
        changed ("Santase (Bulgaria) with target=7"). A list given for an option whose value is
        a tuple is taken as that tuple (JSON has no tuples).

        Raises :class:`~cardlab.errors.RulesError` naming the first unknown option, or whatever
        the dataclass's own checks (``__post_init__``) raise for a bad value."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise RulesError(f"unknown option(s) {', '.join(sorted(unknown))}; known: {', '.join(self.option_names())}",
                             sorted(unknown)[0])
        for k, v in changes.items():
            if isinstance(v, list) and isinstance(getattr(self, k), tuple):
                changes[k] = tuple(v)
        if "name" not in changes:
            diff = {k: v for k, v in changes.items() if getattr(self, k) != v}
            if diff:
                changes["name"] = f"{self.name} with " + ", ".join(f"{k}={v!r}" for k, v in diff.items())
        return dataclasses.replace(self, **changes)

    @classmethod
    def option_names(cls) -> list[str]:
        """Every option's name, in declaration order."""
        return [f.name for f in dataclasses.fields(cls)]

    def to_dict(self) -> dict:
        """The options as a JSON-ready dict (tuples as lists; the inverse of :meth:`from_dict`)."""
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v
                for f in dataclasses.fields(self)}

    @classmethod
    def presets(cls) -> dict:
        """The variant's named rule sets (its module's ``PRESETS``)."""
        return getattr(sys.modules[cls.__module__], "PRESETS")

    @classmethod
    def from_dict(cls, data: dict):
        """Build a rule set from a dict of options; ``"preset"`` names the base rule set
        (default: ``default_preset``), the other keys are options changed from it.

        Raises :class:`~cardlab.errors.RulesError` if ``data`` is not a dict, the preset is
        unknown (``option="preset"``) or an option is unknown or bad."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object of options, not {type(data).__name__}")
        data = dict(data)
        presets = cls.presets()
        preset = data.pop("preset", cls.default_preset)
        base = presets.get(preset) if isinstance(preset, str) else None
        if base is None:
            raise RulesError(f"unknown preset {preset!r}; known presets: {', '.join(presets)}", "preset")
        return base.with_options(**data)
