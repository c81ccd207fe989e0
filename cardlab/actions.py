"""Actions: small immutable values with a text form, shared by every variant.

An :class:`Action` is a named tuple ``(kind, card, value)``. Its ``str`` is the text a record
stores and a user types; each variant parses that text back with its ``parse_action``.
Examples (Sixty-six): ``"A♠"`` (play a card), ``"marriage ♥"`` (declare the marriage in ♥),
``"exchange"`` (the trump nine for the turn-up), ``"close"``, ``"out"`` (claim 66).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import CARDS_BY_CODE, Card, Suit

__all__ = ["Action", "play", "action_text", "payload_text", "read_words", "said_marriage_value", "check_said_value"]


class Action(NamedTuple):
    """One decision of the player to act.

    Attributes
    ----------
    kind : str
        ``"play"`` for a card played to a trick; otherwise the variant's verb (``"marriage"``,
        ``"exchange"``, ``"close"``, ``"out"``, ``"bid"``, ``"pass"`` …).
    card : Card or None
        The card played, when the action is about one card.
    value : Any
        A suit, a number or a tuple, when the action needs one (``marriage ♥``, ``bid 70``).
    """

    kind: str
    card: Card | None = None
    value: Any = None

    def __str__(self) -> str:
        if self.kind == "play":
            return str(self.card)
        parts = [self.kind]
        if self.card is not None:
            parts.append(str(self.card))
        if self.value is not None:
            v = self.value
            if isinstance(v, Suit):
                parts.append(v.symbol)
            elif isinstance(v, (tuple, list)):
                parts.extend(str(x) for x in v)
            else:
                parts.append(str(v))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


_PLAY = {int(c): Action("play", c) for c in CARDS_BY_CODE.values()}


def play(card: Card) -> Action:
    """The (interned) action of playing ``card``."""
    return _PLAY[int(card)]


def read_words(text, words: dict, example: str):
    """The first step of every variant's ``parse_action``: an :class:`Action` is returned as it
    is, a text that is one of ``words`` (lower-case text -> action) gives that action; any other
    text is returned stripped, for the variant to read further. Raises
    :class:`~cardlab.errors.NotationError` for anything that is not text, citing ``example``."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        from .errors import NotationError

        raise NotationError(f"an action must be text such as {example}, not {type(text).__name__}")
    t = text.strip()
    return words.get(t.lower(), t)


def payload_text(x) -> str:
    """A card, suit, word, number or tuple of them as text (``"Q♥"``, ``"♥"``, ``"A♦ 8♣"``); raises nothing."""
    if isinstance(x, Suit):
        return x.symbol
    if isinstance(x, (tuple, list)):
        return " ".join(payload_text(y) for y in x) or "()"
    try:
        return str(x)
    except Exception:  # noqa: BLE001 - a hand-built payload whose __str__ fails
        return type(x).__name__


def action_text(action) -> str:
    """``action`` as text for a message, as ``str(action)`` writes a well-formed one but with
    every field shown (a malformed play writes its kind and payload too), never a raw tuple or
    a repr: ``"Q♥"``, ``"marriage ♥"``, ``"bid A♦ 8♣ 7♣"``, ``"play None 1"``. Raises nothing:
    the refusals of every variant use it on whatever they were given."""
    try:
        kind, card, value = action
    except (TypeError, ValueError):
        return payload_text(action)
    if kind == "play" and isinstance(card, Card) and value is None:
        return str(card)
    return " ".join(payload_text(x) for x in (kind, card, value) if x is not None)


def said_marriage_value(text) -> int | None:
    """The value a player said when declaring a marriage as ``"20 ♥"`` or ``"40 ♠"`` (20 or 40),
    or ``None`` for any other text or an :class:`Action`."""
    if not isinstance(text, str):
        return None
    words = text.split()
    return int(words[0]) if len(words) == 2 and words[0] in ("20", "40") else None


def check_said_value(said: int | None, action: Action, trump, rule: str, no_trump: bool = False) -> None:
    """Refuse a marriage declared with the wrong value (``"40 ♥"`` when hearts are not trumps):
    raise :class:`~cardlab.errors.IllegalActionError` with ``rule``, saying what it is worth and
    why. Nothing happens when no value was said or ``action`` is not a marriage."""
    if said is None or action.kind != "marriage":
        return
    worth = 40 if action.value == trump else 20
    if said != worth:
        from .errors import IllegalActionError

        why = "trumps" if worth == 40 else ("no trump: every marriage is 20" if no_trump else "not trumps")
        s = action.value.symbol
        raise IllegalActionError(rule, f"the {s} marriage is worth {worth} here ({why}), not {said}: "
                                       f"say '{worth} {s}' or 'marriage {s}'")
