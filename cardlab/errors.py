"""Typed errors. All are ``ValueError`` subclasses, so ``except ValueError`` catches them.

Every error raised for a user's input says what was wrong and which rule applies; the object it
was raised on (a state, a record file) is left unchanged.
"""

from __future__ import annotations

__all__ = ["CardlabError", "NotationError", "IllegalActionError", "RulesError", "RecordError", "RecordLimitError",
           "DealError", "AnalysisArgumentError", "ClassResultsError"]


def _rebuild(cls, args: tuple, attributes: dict) -> "CardlabError":
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(attributes)
    return error


class CardlabError(ValueError):
    """Base class of cardlab's errors."""

    def __reduce__(self):
        # pickled with its class, message and attributes (not by calling __init__ again, whose
        # arguments differ per subclass), so an error raised in a worker process arrives whole
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))


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
        The explanation in plain words ("you must follow suit: you hold K♥ and 9♥").
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
        Where the problem is, never empty: a path into the record (e.g. ``"hands[0].actions[7]"``,
        ``"rules.target"``), ``"record"`` for the record's top level (a missing or unexpected
        field, not an object) or ``"(file)"`` for the text as a whole (not UTF-8, not JSON, too
        large or too deeply nested). An empty ``location`` given to the constructor becomes
        ``"record"``.
    message : str
        The reason in words.
    """

    def __init__(self, location: str, message: str):
        self.location = location or "record"
        self.message = message
        super().__init__(f"{self.location}: {message}")

    def with_note(self, note: str) -> "RecordError":
        """A copy of this error (same class and attributes) with ``note`` appended to its
        message (e.g. the file name)."""
        new = type(self).__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.message = f"{self.message} {note}"
        new.args = (f"{new.location}: {new.message}",)
        return new


class RecordLimitError(RecordError):
    """A record over one of the size limits of :mod:`cardlab.records` (bytes of text, nesting
    depth, hands per game, actions per hand), refused before it is validated or replayed.

    Attributes
    ----------
    limit : str
        The limit's name in :mod:`cardlab.records` (e.g. ``"MAX_RECORD_BYTES"``).
    maximum : int
        Its value.
    """

    def __init__(self, location: str, message: str, limit: str, maximum: int):
        self.limit = limit
        self.maximum = maximum
        super().__init__(location, f"{message} [limit records.{limit} = {maximum:,}]")


class DealError(CardlabError):
    """A pack, set of hands, dealer or seed that is not a legal deal of the variant under the
    rules given (each variant's ``deal`` says which rule; e.g. a card missing or repeated)."""


class AnalysisArgumentError(CardlabError):
    """An argument of an analysis function (:mod:`cardlab.analysis`) that it cannot take: a
    count that is not a positive whole number, a seat that is not one of the state's, no views,
    views of different deals, a finished hand where a decision is asked about. The message
    names the argument.

    Attributes
    ----------
    argument : str
        The argument's name (``"samples"``, ``"seats"``, ``"views"`` ...).
    """

    def __init__(self, argument: str, message: str):
        self.argument = argument
        super().__init__(message if argument in message else f"{argument}: {message}")


class ClassResultsError(CardlabError):
    """A refusal of the class's results database (:mod:`cardlab.classroom.results`): an
    argument it cannot take (a name that is empty, too long or holds control characters; a
    student who has not joined; an exercise answered already; a number or flag of the wrong
    type), or a file that is not a results database it can open (not SQLite, someone else's
    tables, a newer schema version than this code knows). Nothing was written.

    Attributes
    ----------
    argument : str
        What was refused: the argument's name (``"name"``, ``"exercise"``, ``"seconds"`` ...),
        or ``"file"`` for the database file itself.
    """

    def __init__(self, argument: str, message: str):
        self.argument = argument
        super().__init__(message)
