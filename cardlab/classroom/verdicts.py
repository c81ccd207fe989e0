"""One exercise and its verdict: the question about one position (:class:`Exercise`), the forms an
answer takes, the check of an answer (:class:`Verdict`) and the words that explain it.

The generators (:mod:`~cardlab.classroom.generate_v1`, :mod:`~cardlab.classroom.generate_v2`)
build exercises from these pieces; :mod:`~cardlab.classroom.exercises` names the kinds, makes
exercises by generator version and reads set codes. This module imports neither: the generators
and the set codes both rest on it.

Explanations quote the engine's own refusal (:class:`~cardlab.errors.IllegalActionError` with
``.rule``) or its result text, with rule ids from the variant module's ``RULES`` table (read
through the registry, :mod:`cardlab.variants`). A verdict's explanation never carries a mark (the
widget shows right or wrong); a wrong answer's begins "The answer is …", numbers with their unit
("1 game point", "3 tricks"); each refused card a student chose is named once with the engine's
reason, and the rule cited is the one that applies.

Answers in the wrong form raise :class:`AnswerError` (a :class:`~cardlab.errors.CardlabError`)
saying what was expected; card text that is not a card raises
:class:`~cardlab.errors.NotationError`.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from .. import variants
from ..actions import Action
from ..cards import Card, Suit, format_cards, parse_card, parse_cards
from ..errors import CardlabError, IllegalActionError

__all__ = ["AnswerError", "ExerciseError", "Verdict", "Exercise", "HIDDEN", "UNITS", "score_reasons", "redeal_words", "rule_text",
           "first_rule", "top_rule", "plural", "sentence", "seat_name", "refusal", "legal_groups", "why_legal",
           "why_trick", "why_points", "judge_legal", "judge_score"]


class AnswerError(CardlabError):
    """An answer in the wrong form (a number where cards were asked, an unknown seat ...).

    Attributes
    ----------
    expected : str
        The form the exercise takes ("a set of cards", "a seat", "a whole number", "yes or no").
    """

    def __init__(self, message: str, expected: str):
        self.expected = expected
        super().__init__(message)


class ExerciseError(CardlabError):
    """A question that cannot be asked about a position: the kind is not one of the variant's
    exercise kinds, or it does not apply to the state (a trick question where no trick is being
    finished, a score question on a hand still being played ...), or an own question text that
    is empty, too long or holds control characters. The message says why in words.

    Attributes
    ----------
    kind : str
        The exercise kind asked for (as given).
    """

    def __init__(self, message: str, kind: str = ""):
        self.kind = kind
        super().__init__(message)


#: What the drawing of a position must leave out while each kind is asked, so that the students'
#: page never shows the answer: ``"card_points"`` (each seat's or pair's card points and points),
#: ``"bids"`` (the bid each player made), ``"result"`` (the hand's result box: who won, game
#: points, scores) and ``"pips"`` (the eights' pips). A renderer given ``hide=`` omits these.
HIDDEN: dict[str, frozenset] = {
    "legal": frozenset(), "trick": frozenset(), "points": frozenset({"card_points", "result"}),
    "marriage": frozenset(), "bid": frozenset({"bids"}), "score": frozenset({"result"}),
    "scores": frozenset({"result"}), "redeal": frozenset({"card_points"}), "eight": frozenset({"result", "pips"}),
}


def score_reasons(variant: str) -> dict[str, str]:
    """The "and why" of ``variant``'s game-points question: each result ``reason`` of a won hand,
    in words (its ``Variant.score_reasons``, e.g. :data:`cardlab.sixtysix.SCORE_REASONS`)."""
    return dict(variants.get(variant).score_reasons)


@dataclass(frozen=True)
class Verdict:
    """The check of one answer.

    Attributes
    ----------
    right : bool
        Whether the answer is the expected one.
    explanation : str
        Why, in the rule's words.
    rule_ids : tuple of str
        Keys of the variant module's ``RULES`` the explanation rests on.
    """

    right: bool
    explanation: str
    rule_ids: tuple = ()


def _rules_table(variant: str) -> dict:
    return importlib.import_module(variants.get(variant).module).RULES


def rule_text(variant: str, rule_id: str) -> str:
    """The words of rule ``rule_id`` in ``variant``'s (a registry name) ``RULES`` table, ``""`` if
    the table has no such rule."""
    entry = _rules_table(variant).get(rule_id)
    return entry[0] if entry else ""


def first_rule(variant: str, *suffixes: str) -> tuple[str, ...]:
    """The first rule id of ``variant``'s ``RULES`` ending with one of ``suffixes`` (tried in order,
    e.g. ``".win", ".66"``), as a 0- or 1-tuple."""
    table = _rules_table(variant)
    for suffix in suffixes:
        for key in table:
            if key.endswith(suffix):
                return (key,)
    return ()


def top_rule(variant: str, *names: str) -> tuple[str, ...]:
    """The first of the variant's rules ``<prefix>.<name>`` (one level only: ``501.lead``, not
    ``501.marriage.lead``) for ``names`` in order, as a 0- or 1-tuple."""
    table = _rules_table(variant)
    for name in names:
        for key in table:
            if key.count(".") == 1 and key.endswith("." + name):
                return (key,)
    return ()


# -- answer forms --------------------------------------------------------------------------------
def _as_cards(answer: Any) -> frozenset:
    if isinstance(answer, str):
        return frozenset(parse_cards(answer)) if answer.strip() else frozenset()
    if isinstance(answer, Card):
        return frozenset((answer,))
    try:
        items = list(answer)
    except TypeError:
        raise AnswerError(f"the answer must be a set of cards (such as 'A♠ 10♥'), not {type(answer).__name__}",
                          "a set of cards") from None
    out = []
    for x in items:
        if not isinstance(x, (str, Card)):
            raise AnswerError(f"each card must be a card or its text such as 'A♠', not {type(x).__name__}",
                              "a set of cards")
        out.append(parse_card(x))
    return frozenset(out)


def _as_number(answer: Any) -> int:
    if isinstance(answer, bool):
        raise AnswerError("the answer must be a whole number, not yes or no", "a whole number")
    if isinstance(answer, int):
        return answer
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    if isinstance(answer, str) and re.fullmatch(r"\s*-?\d+\s*", answer):
        return int(answer)
    raise AnswerError(f"the answer must be a whole number, not {answer!r}", "a whole number")


def _as_numbers(answer: Any, count: int) -> tuple:
    if isinstance(answer, str):
        answer = answer.replace(",", " ").split()
    if isinstance(answer, (int, bool)) or not hasattr(answer, "__iter__"):
        raise AnswerError(f"the answer must be {count} whole numbers, one per seat, not {answer!r}",
                          f"{count} whole numbers")
    out = tuple(_as_number(x) for x in answer)
    if len(out) != count:
        raise AnswerError(f"the answer must be {count} whole numbers, one per seat, not {len(out)}",
                          f"{count} whole numbers")
    return out


def _as_yesno(answer: Any) -> bool:
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str) and answer.strip().lower() in ("yes", "no", "y", "n"):
        return answer.strip().lower().startswith("y")
    raise AnswerError(f"the answer must be yes or no, not {answer!r}", "yes or no")


def _as_seat(answer: Any, names: tuple) -> int:
    if isinstance(answer, bool):
        raise AnswerError("the answer must be a seat (a number or a player's name), not yes or no", "a seat")
    if isinstance(answer, int):
        if 0 <= answer < len(names):
            return answer
        raise AnswerError(f"there is no seat {answer}: the seats are 0 to {len(names) - 1}", "a seat")
    if isinstance(answer, str):
        for i, n in enumerate(names):
            if answer.strip().lower() == str(n).lower():
                return i
        if answer.strip().isdigit():
            return _as_seat(int(answer), names)
        raise AnswerError(f"{answer!r} is not a player here; the players are {', '.join(map(str, names))}", "a seat")
    raise AnswerError(f"the answer must be a seat (a number or a player's name), not {type(answer).__name__}",
                      "a seat")


# -- exercises --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Exercise:
    """One question about one position.

    Attributes
    ----------
    variant : str
        Registry name.
    kind : str
        One of :data:`~cardlab.classroom.exercises.KINDS`.
    question : str
        The question in words.
    state : GameState
        The position the question is about.
    seat : int or None
        The seat whose view is shown (``None``: all cards open).
    expected : Any
        The expected answer: a frozenset of Card (``legal``), a seat (``trick``), a whole number
        of points: cards and marriages (``points``), or of tricks (``bid``), ``(game points, reason)`` with a
        key of :func:`score_reasons` (``score``), a bool (``marriage``).
    answer_form : str
        ``"cards"``, ``"seat"``, ``"number"``, ``"numbers"``, ``"score"`` or ``"yesno"``.
    start : tuple of int or None
        The standing before the hand where the question depends on it: 501's scores before the
        hand (``scores``: the answer is the scores after it, the "100 or less" rule applied).
    level : str
        The difficulty level it was chosen for (one of :data:`~cardlab.classroom.exercises.LEVELS`; version 1: ``"easy"``).
    version : int
        The generator version that made it (one of :data:`~cardlab.classroom.exercises.VERSIONS`).
    """

    variant: str
    kind: str
    question: str
    state: Any
    seat: int | None
    expected: Any
    answer_form: str
    _why: str = field(default="", repr=False)
    _rules: tuple = field(default=(), repr=False)
    _judge: Callable | None = field(default=None, repr=False, compare=False)
    start: Any = None
    level: str = "easy"
    version: int = 1

    @property
    def hidden(self) -> frozenset:
        """What the drawing of :attr:`state` must leave out on the students' page (the quantity
        asked): a subset of ``{"card_points", "bids", "result", "pips"}`` (:data:`HIDDEN`)."""
        return HIDDEN[self.kind]

    def check(self, answer: Any) -> Verdict:
        """Check ``answer`` (in :attr:`answer_form`: cards as a set of Card or text such as
        ``'A♠ 10♥'``; a seat as its number or the player's name; a whole number; yes/no as a
        bool or ``"yes"``/``"no"``). Returns a :class:`Verdict`. Raises :class:`AnswerError`
        for an answer in the wrong form, :class:`~cardlab.errors.NotationError` for card text
        that is not a card."""
        if self._judge is not None:
            return self._judge(self, answer)
        return self._simple(answer)

    def _simple(self, answer: Any) -> Verdict:
        form = self.answer_form
        if form == "number":
            given = _as_number(answer)
        elif form == "yesno":
            given = _as_yesno(answer)
        elif form == "seat":
            given = _as_seat(answer, self.state.names)
        elif form == "numbers":
            given = _as_numbers(answer, len(self.expected))
        else:
            given = _as_cards(answer)
        right = given == self.expected
        return Verdict(right, _explain(right, self.answer_words(), self._why), self._rules)

    def answer_text(self) -> str:
        """The expected answer in words (for the teacher's view)."""
        e = self.expected
        if self.answer_form == "cards":
            return format_cards(sorted(e)) if e else "none"
        if self.answer_form == "seat":
            return str(self.state.names[e])
        if self.answer_form == "yesno":
            return "yes" if e else "no"
        if self.answer_form == "numbers":
            return ", ".join(f"{self.state.names[i]} {x}" for i, x in enumerate(e))
        if self.answer_form == "score":
            return f"{e[0]}: {score_reasons(self.variant)[e[1]]}"
        return str(e)

    def answer_words(self) -> str:
        """The expected answer as a verdict says it: numbers with their unit, in the singular or
        plural (``"1 game point"``, ``"20 points"``, ``"3 tricks"``, ``"A 320, B 401 and C 0
        game points"``)."""
        e = self.expected
        unit = UNITS.get(self.kind)
        if self.answer_form == "number" and unit:
            return plural(e, unit)
        if self.answer_form == "score":
            return f"{plural(e[0], 'game point')}: {score_reasons(self.variant)[e[1]]}"
        if self.answer_form == "numbers":
            unit = getattr(getattr(self.state, "result", None), "unit", "points")
            items = [f"{self.state.names[i]} {x}" for i, x in enumerate(e)]
            return ", ".join(items[:-1]) + f" and {items[-1]} {unit}"
        if self.answer_form == "cards":
            return format_cards(sorted(e)) if e else "no card"
        return self.answer_text()


#: The unit of each kind's number (singular; :func:`plural` adds the s).
UNITS: dict[str, str] = {"points": "point", "bid": "trick", "eight": "pip"}


def plural(n: int, unit: str) -> str:
    """``"1 game point"``, ``"20 points"``, ``"0 tricks"``."""
    return f"{n} {unit}" + ("" if abs(n) == 1 else "s")


def _explain(right: bool, answer: str, why: str) -> str:
    """A verdict's explanation: the reason, after "The answer is …" when the answer was wrong.
    Never a mark: the widget shows right or wrong."""
    why = why.strip()
    return why if right else f"The answer is {answer}. {why}".strip()


def seat_name(state, seat) -> str:
    """The name of ``seat`` (a seat number) at ``state``'s table, as text."""
    return str(state.names[seat])


def _cards_are(cards) -> str:
    cards = sorted(cards)
    return f"{format_cards(cards)} {'is' if len(cards) == 1 else 'are'}"


def _refused_tail(card, reason: str) -> str:
    """The engine's reason for refusing ``card`` without its opening "<card> is not allowed: "
    (the sentence names the cards itself)."""
    head, sep, tail = reason.partition(" is not allowed: ")
    return tail if sep and head.startswith(str(card)) else reason


def legal_groups(state) -> list:
    """The refused cards of the player to act, grouped by the rule that refuses them:
    ``[(rule id, reason without the card, [cards])]``, in the order first met (cards refused by
    one rule for different reasons, such as another marriage's king, are grouped by reason)."""
    allowed = {x.card for x in state.legal_actions() if x.kind == "play"}
    groups: dict = {}
    for c in sorted(state.hands[state.to_act]):
        if c in allowed:
            continue
        try:
            state.apply(Action("play", c))
            continue
        except IllegalActionError as e:
            rule, tail = e.rule, _refused_tail(c, e.reason)
        key = (rule, tail.replace(str(c), "{card}"))
        groups.setdefault(key, [rule, key[1], []])[2].append(c)
    return [tuple(g) for g in groups.values()]


def _group_sentence(cards, rule: str, tail: str, either: bool = False) -> str:
    """One sentence for ``cards`` refused by ``rule``: "J♠ Q♥ are not allowed: <reason> [rule]",
    or the reason alone where it names the cards itself (``{card}`` in ``tail``)."""
    if "{card}" in tail:
        return sentence(tail.replace("{card}", format_cards(sorted(cards)))) + f" [{rule}]"
    return sentence(f"{_cards_are(cards)} not allowed{' either' if either else ''}: {tail}") + f" [{rule}]"


def why_legal(variant: str, s) -> tuple:
    """Why the player to act in ``s`` may play what he may: ``(explanation, rule ids)``. Each
    refused card is named once, with the engine's reason; with nothing refused, the rule that
    frees the choice: on lead, the lead rule; while a stock is open, free play; otherwise the
    follow rules (the player cannot follow, or holds only the suit led)."""
    groups = legal_groups(s)
    if groups:
        return (" ".join(_group_sentence(cards, rule, tail) for rule, tail, cards in groups),
                tuple(dict.fromkeys(rule for rule, _, _ in groups)))
    who = seat_name(s, s.to_act)
    if not s.trick:
        rules = top_rule(variant, "lead")
        if rules:
            return f"{who} is on lead: any card in the hand may be led. " \
                   f"{sentence(rule_text(variant, rules[0]))} [{rules[0]}]", rules
        rules = top_rule(variant, "follow")
        return (f"{who} is on lead: any card in the hand may be led; the duty to follow suit binds only the "
                f"players who follow." + (f" [{rules[0]}]" if rules else "")), rules
    elif getattr(s, "stock_open", False):
        rules = top_rule(variant, "free-play")
        text = f"Every card in {who}'s hand may be played here."
    else:
        rules = top_rule(variant, "follow")
        led = s.trick[0].suit
        same = all(c.suit == led for c in s.hands[s.to_act])
        text = (f"Every card {who} holds is of the suit led, so any of them may be played." if same else
                f"{who} holds no card of the suit led and no other duty binds, so any card may be played.")
    if rules:
        text += f" {sentence(rule_text(variant, rules[0]))} [{rules[0]}]"
    return text, rules


def why_trick(variant: str, s, n) -> tuple:
    """Why the trick completed from ``s`` to ``n`` goes where it goes: ``(explanation, rule ids)``.
    The winner and its card are the engine's; the words say which card beat which."""
    trick = n.tricks[-1]
    played = ", ".join(f"{seat_name(s, seat)} {c}" for seat, c in trick.cards)
    trump = next((t for t in (getattr(s, "trump", None), getattr(n, "trump", None)) if isinstance(t, Suit)), None)
    led = trick.lead.suit
    card = trick.card_of(trick.winner)
    who = seat_name(s, trick.winner)
    trumps_played = [c for c in trick.played if trump is not None and c.suit == trump]
    head = f"The trick went {played}; " + (f"trumps are {trump.symbol}." if trump is not None else
                                           "there are no trumps.")
    if card.is_joker:
        tail = f"{who} wins with the joker."
    elif trump is not None and card.suit == trump and led != trump:
        tail = (f"{who} wins with {card}, the highest trump played: a trump beats every card of another suit."
                if len(trumps_played) > 1 else f"{who} wins with {card}, the only trump: a trump beats every card "
                                               f"of another suit.")
    elif trumps_played and card.suit != trump:
        tail = f"{who} wins with {card}, the highest card of the suit led: here trumps have no power."
    else:
        off = [c for c in trick.played if c.suit != card.suit]
        tail = (f"{who} wins with {card}, the highest card of the suit led ({card.suit.symbol})"
                + (f"; {format_cards(off)} {'is' if len(off) == 1 else 'are'} of another suit and cannot win."
                   if off else "."))
    return f"{head} {tail}", top_rule(variant, "trick", "follow")


def why_points(variant: str, n, seat: int) -> tuple:
    """How ``seat``'s points in ``n`` add up: the card points of its tricks plus the marriages
    and last-trick bonus that count (the engine's ``points``): ``(explanation, rule ids)``."""
    values = importlib.import_module(variants.get(variant).module).CARD_POINTS
    won = [t for t in n.tricks if t.winner == seat]
    cards = [c for t in won for c in t.played]
    in_cards = sum(values[c.rank] for c in cards)
    total = n.points(seat)
    who = seat_name(n, seat)
    if won:
        text = (f"{who} has taken {plural(len(won), 'trick')} ({format_cards(cards)}), worth "
                f"{plural(in_cards, 'card point')} (A 11, 10 10, K 4, Q 3, J 2, 9 0).")
    else:
        text = f"{who} has taken no trick yet."
    mine = [(suit, v) for holder, suit, v in getattr(n, "marriages", ()) if holder == seat]
    held = sum(v for _, v in mine)
    extra = total - in_cards
    words = " and ".join(f"the {suit.symbol} marriage ({plural(v, 'point')})" for suit, v in mine)
    if mine and extra >= held:
        text += f" {sentence(words + ' ' + ('counts' if len(mine) == 1 else 'count'))}"
        if extra > held:
            text += f" The last trick's bonus adds {plural(extra - held, 'point')}."
    elif mine and extra == 0:
        text += f" {sentence(words + ' ' + ('does' if len(mine) == 1 else 'do') + ' not count yet')}"
    elif extra > 0 and not mine:
        text += f" The last trick's bonus adds {plural(extra, 'point')}."
    elif extra:
        text += f" Marriages and the last-trick bonus that count add {plural(extra, 'point')}."
    if extra:
        text += f" In all: {plural(total, 'point')}."
    return text, first_rule(variant, ".win", ".66", ".score")


#: The most allowed cards left out that a legal-cards verdict lists again after the answer (which
#: lists them all); more are counted instead (a hand of 12 cards on lead, answered with one card).
_LIST_AT_MOST = 7


def judge_legal(ex: Exercise, answer: Any) -> Verdict:
    """The legal-cards verdict: the answer, then each refused card the student chose, named once
    with the rule that refuses it; the allowed cards left out; the other refusals once."""
    given = _as_cards(answer)
    expected = ex.expected
    if given == expected:
        return Verdict(True, ex._why, ex._rules)
    s = ex.state
    groups = legal_groups(s)
    rules = list(ex._rules)
    said, parts = set(), []
    cited = set()
    for rule, tail, cards in groups:
        mine = [c for c in cards if c in given]
        if mine:
            parts.append(_group_sentence(mine, rule, tail))
            said.update(mine)
            cited.add((rule, tail))
            if rule not in rules:
                rules.append(rule)
    for c in sorted(given - expected - said):      # chosen, refused otherwise (not in the hand ...)
        try:
            s.apply(Action("play", c))
            continue
        except IllegalActionError as e:
            reason, rule = e.reason, e.rule
        except CardlabError as e:
            reason, rule = str(e), ""
        text = reason if str(c) in reason else f"{c} is not allowed: {reason}"
        parts.append(sentence(text) + (f" [{rule}]" if rule else ""))
        if rule and rule not in rules:
            rules.append(rule)
    missing = sorted(expected - given)
    if not given:
        parts.append("No card was chosen.")
    elif len(missing) > _LIST_AT_MOST:      # the answer above lists them: a long list is not said twice
        parts.append(f"{len(missing)} of them were left out.")
    elif missing:
        parts.append(sentence(f"{_cards_are(missing)} allowed too"))
    for rule, tail, cards in groups:
        rest = [c for c in cards if c not in given]
        if not rest:
            continue
        if (rule, tail) in cited:
            parts.append(sentence(f"{_cards_are(rest)} not allowed for the same reason"))
        else:
            parts.append(_group_sentence(rest, rule, tail, either=bool(said)))
    if not groups:
        parts.append(ex._why)
    head = f"The answer is {ex.answer_words()}: the cards {seat_name(s, s.to_act)} may play."
    return Verdict(False, " ".join([head] + parts), tuple(rules))


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop (an engine's reason reads mid-sentence)."""
    text = text.strip()
    if not text:
        return ""
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def refusal(s, action) -> tuple:
    """Why the engine refuses ``action`` in ``s``: its reason and rule id, ``("", ())`` if it does not."""
    try:
        s.apply(action)
    except IllegalActionError as e:
        return e.reason, (e.rule,)
    return "", ()


def _as_score(answer: Any, variant: str) -> tuple:
    """``(game points, reason)`` from a pair whose reason is a key of :func:`score_reasons` or
    its words. Raises :class:`AnswerError` otherwise."""
    reasons = score_reasons(variant)
    form = "game points and how the hand was won"
    if isinstance(answer, (str, bytes)) or not isinstance(answer, (tuple, list)) or len(answer) != 2:
        raise AnswerError(f"the answer is two things: the game points and how the hand was won (one of: "
                          f"{'; '.join(reasons.values())}), not {answer!r}", form)
    number = _as_number(answer[0])
    why = answer[1]
    for key, words in reasons.items():
        if why == key or (isinstance(why, str) and why.strip().lower() == words.lower()):
            return number, key
    raise AnswerError(f"how the hand was won is one of: {'; '.join(reasons.values())}; not {why!r}", form)


def judge_score(ex: Exercise, answer: Any) -> Verdict:
    """The game-points verdict of a ``score`` exercise: ``answer`` is ``(game points, reason)``
    (the reason as a key or the words of :func:`score_reasons`); a wrong answer says which part
    was right. Raises :class:`AnswerError` for an answer in another form."""
    number, why = _as_score(answer, ex.variant)
    gp, reason = ex.expected
    words = score_reasons(ex.variant)
    right = (number, why) == (gp, reason)
    if right:
        head = ""
    elif number == gp:
        head = (f"The answer is {plural(gp, 'game point')} because {words[reason]}. The number is right, but not "
                f"why: not because {words[why]}.")
    elif why == reason:
        head = f"The answer is {plural(gp, 'game point')}, not {number}. The reason is right: {words[reason]}."
    else:
        head = f"The answer is {ex.answer_words()}."
    return Verdict(right, f"{head} {ex._why}".strip(), ex._rules)


def redeal_words(variant: str) -> dict[str, str]:
    """The grounds of ``variant``'s redeal claims in words, by claim (``"points"``, ``"nines"``,
    ``"trumps"``), as the ``redeal`` question says them ("X claims a redeal for <words>"): its
    rules module's ``REDEAL_WORDS`` (:data:`cardlab.mariage4.REDEAL_WORDS`), read through the
    registry. Raises ``KeyError`` for an unknown variant and ``AttributeError`` for a variant
    without redeal claims."""
    return dict(importlib.import_module(variants.get(variant).module).REDEAL_WORDS)
