"""Typed errors. All are ``ValueError`` subclasses, so ``except ValueError`` catches them.

Every error raised for a user's input says what was wrong and which rule applies; the object it
was raised on (a state, a record file) is left unchanged.
"""

from __future__ import annotations

__all__ = ["CardlabError", "NotationError", "IllegalActionError", "RulesError", "RecordError", "DealError"]


class CardlabError(ValueError):
    """Base class of cardlab's errors."""


class NotationError(CardlabError):
    """Text that is not a card or an action in cardlab's notation."""


class IllegalActionError(CardlabError):
    """An action the rules forbid in this state.

    Attributes
    ----------
    rule : str
        The rule's id (e.g. ``"66.follow"``); :data:`cardlab.sixtysix.RULES` maps ids to the
        rule's text and source.
    reason : str
        The explanation in plain words ("you must follow suit: you hold ♥K and ♥9").
    """

    def __init__(self, rule: str, reason: str):
        self.rule = rule
        self.reason = reason
        super().__init__(f"{reason} [rule {rule}]")


class RulesError(CardlabError):
    """A rule set with an unknown option or a value the option does not allow.

    Attributes
    ----------
    option : str or None
        The option at fault, when there is one.
    """

    def __init__(self, message: str, option: str | None = None):
        self.option = option
        super().__init__(message)


class RecordError(CardlabError):
    """A game record that is malformed or inconsistent.

    Attributes
    ----------
    location : str
        Where the problem is, as a path into the record (e.g. ``"hands[0].actions[7]"``).
    """

    def __init__(self, location: str, message: str):
        self.location = location
        self.message = message
        super().__init__(f"{location}: {message}" if location else message)


class DealError(CardlabError):
    """A pack, set of hands, dealer or seed that is not a legal deal of the variant under the
    rules given (each variant's ``deal`` says which rule; e.g. a card missing or repeated)."""
