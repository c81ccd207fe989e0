"""The state API shared by every variant (see the module docstrings).

A variant's state is immutable: :meth:`GameState.apply` returns a new state and leaves the old
one as it was, so stepping back and forth is a list index. Every state keeps its parent and the
action that led to it, so the whole action history, and each step's explanation, can be
recovered from the last state.

What this base class does for every variant (no variant rewrites it):

* the state copy: :meth:`GameState._child` is generated from the ``__slots__`` a variant
  declares (and those of this base), once per class, as straight-line code (as fast as a
  hand-written copy);
* ``to_act`` (``None`` once ``result`` is set), ``is_finished``, ``history()``, ``actions()``,
  ``apply_all()``, ``__repr__`` (from the variant's :meth:`_summary`) and ``_repr_html_`` (the
  variant's renderer, found through :mod:`cardlab.variants`).

What each variant provides:

* ``legal_actions()``: a tuple of :class:`~cardlab.actions.Action`, never empty while running (or
  a lazy sequence of them with ``listed(action)``, whether that very object is in it);
* ``apply(action)``: the next state; ``action`` may be an Action or its text (``"A♠"``); an
  illegal or malformed one raises :class:`~cardlab.errors.IllegalActionError` (naming the rule)
  or :class:`~cardlab.errors.NotationError`, and the state is unchanged;
* ``view(seat)``: what that seat may know (its own hand, public cards; never hidden ones): a
  frozen dataclass with at least ``variant``, ``seat``, ``hand``, ``unseen`` (the cards this seat
  cannot see; none of them appears anywhere else in the view), ``to_act``, ``legal_actions``
  (empty unless this seat is to act), ``phase``, ``trick``, ``tricks`` (``Trick``s), ``points``,
  ``dealer``, ``rules`` and ``result``;
* ``points(seat)``: points that seat has now, card points plus what counts with them (marriages, a
  last-trick bonus; a partnership game adds ``pair_points(pair)``);
* ``phase``: one of :data:`PHASES`;
* ``card_locations()``: a dict from place name (``"hand 0"``, ``"stock"``, ``"prikup"``,
  ``"tricks"``, ``"trick"`` …) to the tuple of cards there; every card of ``pack`` is in
  exactly one place (the contract test checks it at every step);
* ``hands`` (one tuple of cards per seat) and ``tricks`` (completed :class:`~cardlab.tricks.Trick`s);
* ``explain()``: the last step in words, for the stepper;
* ``result``: ``None`` while running, then a :class:`HandResult`.

The base slots every state has: ``parent``, ``last_action``, ``_legal`` (the cached legal
actions), ``rules``, ``dealer``, ``names``, ``pack`` (as dealt, top first), ``_to_act`` and
``result``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .actions import Action

__all__ = ["GameState", "HandResult", "SeatView", "PHASES"]

#: Phase names, the same in every variant (a variant uses the ones its rules have):
#: ``"cut"`` (cutting the pack), ``"trumps"`` (naming or turning trumps), ``"bidding"`` (an
#: auction or bids), ``"prikup"`` (taking the prikup), ``"contract"`` (the declarer
#: names the contract), ``"give"`` (cards passed or set aside), ``"announce"`` (claims and special
#: contracts before play), ``"nines"`` (Mariage's three nines), ``"premium"`` (Ninety-Nine's
#: declare / reveal offers), ``"play"`` (tricks) and ``"over"`` (the result is known).
PHASES: tuple[str, ...] = ("cut", "trumps", "bidding", "prikup", "contract", "give", "announce", "nines",
                           "premium", "play", "over")

_BASE_SLOTS = ("parent", "last_action", "_legal", "rules", "dealer", "names", "pack", "_to_act", "result")


def _all_slots(cls) -> list[str]:
    out: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        for name in slots:
            if name not in out:
                out.append(name)
    return out


def _make_child(cls):
    """Compile ``_child`` for ``cls``: a new object whose every slot is copied from ``self``,
    then ``parent``, ``last_action`` and ``_legal`` set for the step being made."""
    copied = [n for n in _all_slots(cls) if n not in ("parent", "last_action", "_legal")]
    lines = ["def _child(self, action):",
             "    s = _new(_cls)",
             "    s.parent = self",
             "    s.last_action = action",
             "    s._legal = None"]
    lines += [f"    s.{n} = self.{n}" for n in copied]
    lines.append("    return s")
    ns: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), ns)  # noqa: S102 - code built from the class's own slot names
    fn = ns["_child"]
    fn.__doc__ = (f"A copy of this {cls.__name__} whose parent is this one (generated from its slots: "
                  f"{', '.join(copied)}); the variant's ``_do`` then changes it in place.")
    fn.__qualname__ = f"{cls.__name__}._child"
    return fn


class GameState:
    """Base class of every variant's state (see the module docstring for the API).

    A subclass declares its own fields in ``__slots__`` (not repeating the base slots) and sets
    ``variant`` to its registered name; :meth:`_child` is generated for it when the class is
    created.
    """

    __slots__ = _BASE_SLOTS

    parent: "GameState | None"
    last_action: Action | None
    #: The registered variant name (``cardlab.variants.get(state.variant)``).
    variant: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "_child" not in cls.__dict__:
            cls._child = _make_child(cls)

    def _child(self, action: Action | None) -> "GameState":  # replaced per subclass
        raise NotImplementedError

    @classmethod
    def _blank(cls) -> "GameState":
        """A new state of this class with the base slots empty (``parent``, ``last_action``,
        ``_legal`` and ``result`` ``None``); a variant's deal fills in the rest."""
        s = object.__new__(cls)
        s.parent = None
        s.last_action = None
        s._legal = None
        s.result = None
        return s

    # -- shared ----------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat (0-based) whose decision it is, or ``None`` when the hand is over."""
        return None if self.result is not None else self._to_act

    @property
    def is_finished(self) -> bool:
        """True once the hand has a result."""
        return self.result is not None

    def legal_actions(self) -> tuple:
        """The actions the player to act may take, as a tuple of :class:`~cardlab.actions.Action`
        in a fixed order (empty once the hand is over). Computed once per state: which actions
        each phase allows is the variant's rule (its ``_legal_now``, the module docstring and
        ``RULES``); :meth:`apply` accepts exactly these."""
        legal = self._legal
        if legal is None:
            self._legal = legal = () if self.result is not None else self._legal_now()
        return legal

    def _legal_now(self) -> tuple:  # the variant's rules
        raise NotImplementedError

    def _summary(self) -> str:
        """A few words on where the hand stands, for ``repr`` (the variant may say more)."""
        return f"{len(self.actions())} actions"

    def __repr__(self) -> str:
        if self.result is not None:
            status = "finished"
        else:
            try:
                status = f"{self.names[self._to_act]} to act"
            except (IndexError, TypeError):
                status = f"seat {self._to_act} to act"
        return f"<{type(self).__name__} {self.rules.name}: {self._summary()}, {status}>"

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)

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

    # -- the one apply ----------------------------------------------------------------------
    #: The rule id refusing an action taken out of turn (``apply(action, seat=...)``), a key of
    #: the variant's ``RULES``.
    _TURN_RULE: ClassVar[str] = ""

    def apply(self, action: "Action | str", seat: int | None = None) -> "GameState":
        """Return the state after ``action`` (an :class:`~cardlab.actions.Action` or its text:
        ``"A♠"``, ``"marriage ♥"``, ``"bid 70"`` …; the variant's ``parse_action`` reads it).

        ``seat``, when given, says who is acting (a table or widget passes it): it must be the
        seat to act, or the action is refused with the variant's turn rule.

        Every variant applies actions through this one method: the action is read, checked
        against :meth:`legal_actions` (an action merely equal to a legal one, such as ``70.0``
        for ``70`` or an int equal to a card's code, is refused), a marriage said with its value
        as text must say the right value, then a copy of this state takes the step
        (``_do_play(seat, card)`` for a card, ``_do(seat, action)`` for the rest).

        Raises
        ------
        NotationError
            If the text is not an action of this variant.
        IllegalActionError
            If the rules forbid it now, it is malformed (another variant's action, a payload of
            the wrong type), or ``seat`` is not to act; ``rule`` is a key of the variant's
            ``RULES`` and the message says why in words. This state is unchanged (states are
            immutable)."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if seat is not None and seat != self.to_act:
            raise self._not_your_turn(seat, action)
        # fast path: the very Action object taken from legal_actions(), found by identity (a
        # legal list that is not a tuple, such as Ninety-Nine's lazy 220 bids, answers it with
        # its own ``listed(action)`` without building every action)
        if legal.__class__ is tuple:
            for a in legal:
                if a is action:
                    break
            else:
                action = self._accept(action, legal)
        elif not legal.listed(action):
            action = self._accept(action, legal)
        s = self._child(action)
        if action.kind == "play":
            s._do_play(self._to_act, action.card)
        else:
            s._do(self._to_act, action)
        return s

    def _accept(self, action, legal: tuple) -> Action:
        """The action of ``legal`` that ``action`` (an Action not taken from ``legal``, or its text)
        stands for; raises as :meth:`apply` says. The template: read the text (:meth:`_parse`,
        noting a marriage's value said with it, :meth:`_said`), refuse what is not legal or is
        malformed (:meth:`_why_illegal` names the rule), check the value said
        (:meth:`_check_said`)."""
        said = None
        if not isinstance(action, Action):
            said = self._said(action)
            action = self._parse(action)
        if not self._allows(action, legal):
            raise self._why_illegal(action)
        listed = legal[legal.index(action)]
        if self._malformed(action, listed):
            raise self._why_illegal(action)
        if said is not None:
            self._check_said(said, listed)
        return listed

    # hooks of the template (a variant overrides what its rules need)
    @staticmethod
    def _parse(text: str) -> Action:  # the variant's parse_action
        raise NotImplementedError

    @staticmethod
    def _said(text: str) -> int | None:
        """A marriage's value said in the text (``"marriage ♥ 40"`` -> 40), or ``None``."""
        return None

    def _check_said(self, said: int, action: Action) -> None:
        """Refuse a marriage said with the wrong value (the variant's marriage rule)."""

    def _allows(self, action: Action, legal: tuple) -> bool:
        """Whether ``action`` is one of ``legal`` (a variant may answer faster without the list)."""
        return action in legal

    @staticmethod
    def _malformed(action: Action, listed: Action) -> bool:
        """Whether ``action``, equal to the legal ``listed``, is only equal to it: a payload of
        another type (an int equal to a card's code, ``2.0`` for a suit, ``True`` for ``1``)."""
        if action.card.__class__ is not listed.card.__class__ or action.value.__class__ is not listed.value.__class__:
            return True
        if isinstance(listed.value, tuple):
            return any(a.__class__ is not b.__class__ for a, b in zip(action.value, listed.value))
        return False

    def _why_illegal(self, action: Action) -> Exception:  # the variant's refusal, naming the rule
        raise NotImplementedError

    def _not_your_turn(self, seat, action) -> Exception:
        """The refusal of ``action`` by ``seat`` when it is not that seat's turn [the variant's
        :attr:`_TURN_RULE`]."""
        from .errors import IllegalActionError

        names = self.names
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            return IllegalActionError(self._TURN_RULE, f"there is no seat {seat!r}: seats are 0 to {len(names) - 1}")
        if self.result is not None:
            return IllegalActionError(self._TURN_RULE, "the hand is over: no one is to act")
        return IllegalActionError(self._TURN_RULE, f"it is {names[self._to_act]}'s turn, not {names[seat]}'s")

    def _do_play(self, seat: int, card) -> None:  # the variant's card play, in place on a fresh child
        raise NotImplementedError

    def _do(self, seat: int, action: Action) -> None:  # the variant's other actions, in place
        raise NotImplementedError

    def trick_by_seat(self) -> tuple:
        """The trick in progress with its seats: ``((seat, card), ...)`` in the order played
        (empty between tricks). Every variant gives it; a renderer or widget reads this, not
        the variant's own fields."""
        raise NotImplementedError

    def apply_all(self, actions) -> "GameState":
        """Apply a sequence of actions (or their texts) in turn and return the last state.

        Raises :class:`~cardlab.errors.IllegalActionError` (or
        :class:`~cardlab.errors.NotationError`) at the first illegal or malformed one; its
        message is prefixed with the action's 0-based position in ``actions``."""
        from .errors import IllegalActionError, NotationError

        s = self
        for i, a in enumerate(actions):
            try:
                s = s.apply(a)
            except IllegalActionError as exc:
                raise IllegalActionError(exc.rule, f"action {i} ({a}): {exc.reason}") from None
            except NotationError as exc:
                raise NotationError(f"action {i} ({a}): {exc}") from None
        return s


class HandResult:
    """Base of every variant's hand result (each variant's result is a frozen dataclass that
    extends it).

    Every result has:

    * ``returns``: a tuple with one number per table seat, what the hand gives that seat in the
      variant's own scoring unit, named by :attr:`unit` (Sixty-six: game points to the winner;
      501: the change to the seat's score, towards 0; Ninety-Nine: score points; the Mariages:
      game points received (+) or paid (−));
    * ``winner``: the seat that won the hand, or ``None`` where the variant (or this hand) has
      no single winner;
    * ``reason``: a short id of how it ended, and ``explanation``: the scoring in words.
    """

    __slots__ = ()
    #: The unit of :attr:`returns` ("game points", "score points", ...).
    unit: ClassVar[str] = "game points"
    # ``returns`` and ``winner`` are fields or properties of each variant's result (a variant
    # without a single winner gives a ``winner`` property returning ``None``). They are
    # declared here by annotation only, because a dataclass would take an inherited value as a
    # field's default; the contract test checks every variant's result has them.
    returns: tuple
    winner: "int | None"
    reason: str
    explanation: str


@dataclass(frozen=True, kw_only=True)
class SeatView:
    """Base of every variant's seat view: what one seat may know (see ``GameState.view``).

    Every variant's view has these fields (keyword-only); a variant's view adds its own.

    Attributes
    ----------
    variant : str
        The registered variant name.
    seat : int
        The seat whose view this is (0-based).
    hand : tuple of Card
        That seat's cards.
    unseen : tuple of Card
        The cards this seat cannot see; none of them appears anywhere else in the view.
    to_act : int or None
        The seat to act, ``None`` once the hand is over.
    legal_actions : tuple of Action
        This seat's legal actions when it is to act; otherwise empty.
    phase : str
        One of :data:`PHASES`.
    trick : tuple of Card
        The trick in progress, in the order played.
    tricks : tuple of Trick
        Completed tricks (played cards are public).
    points : tuple of int
        Points each seat has now, as the variant counts them: card points plus marriages and
        bonuses that count (Ninety-Nine: 0).
    dealer : int
    rules
        The variant's rule set.
    result : HandResult or None
    """

    variant: str
    seat: int
    hand: tuple
    unseen: tuple
    to_act: "int | None"
    legal_actions: tuple
    phase: str
    trick: tuple
    tricks: tuple
    points: tuple
    dealer: int
    rules: Any
    result: Any
