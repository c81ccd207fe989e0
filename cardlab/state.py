"""The state API shared by every variant (see ../shared/design-notes.md).

A variant's state is immutable: :meth:`GameState.apply` returns a new state and leaves the old
one as it was, so stepping back and forth is a list index. Every state keeps its parent and the
action that led to it, so the whole action history, and each step's explanation, can be
recovered from the last state.

The methods every variant provides:

* ``to_act``: the seat (0-based int) whose decision it is, or ``None`` when finished;
* ``legal_actions()``: a tuple of :class:`~cardlab.actions.Action`, never empty while running;
* ``apply(action)``: the next state; ``action`` may be an Action or its text (``"A♠"``);
  an illegal one raises :class:`~cardlab.errors.IllegalActionError` naming the rule;
* ``view(seat)``: what that seat may know (its own hand, public cards; never hidden ones);
* ``is_finished`` and ``result``;
* ``explain()``: the last step in words, for the stepper.
"""

from __future__ import annotations

from typing import Any

from .actions import Action

__all__ = ["GameState"]


class GameState:
    """Base class of every variant's state. Subclasses define ``__slots__`` and the API."""

    __slots__ = ("parent", "last_action", "_legal")

    parent: "GameState | None"
    last_action: Action | None

    # -- to be provided by each variant -------------------------------------------------
    variant: str = ""

    @property
    def to_act(self) -> int | None:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def is_finished(self) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def legal_actions(self) -> tuple[Action, ...]:  # pragma: no cover - abstract
        raise NotImplementedError

    def apply(self, action: Action | str) -> "GameState":  # pragma: no cover - abstract
        raise NotImplementedError

    def view(self, seat: int) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def explain(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- shared ----------------------------------------------------------------------------
    def history(self) -> list["GameState"]:
        """Every state from the deal to this one, in order (``history()[0]`` is the deal)."""
        out = []
        s: GameState | None = self
        while s is not None:
            out.append(s)
            s = s.parent
        out.reverse()
        return out

    def actions(self) -> list[Action]:
        """The actions applied since the deal, in order."""
        return [s.last_action for s in self.history()[1:]]  # type: ignore[misc]

    def apply_all(self, actions) -> "GameState":
        """Apply a sequence of actions (or their texts) in turn and return the last state.

        Raises :class:`~cardlab.errors.IllegalActionError` at the first illegal one; its
        message is prefixed with the action's 0-based position in ``actions``."""
        from .errors import IllegalActionError

        s = self
        for i, a in enumerate(actions):
            try:
                s = s.apply(a)
            except IllegalActionError as exc:
                raise IllegalActionError(exc.rule, f"action {i} ({a}): {exc.reason}") from None
        return s
