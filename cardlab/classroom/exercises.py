"""Exercise kinds, their checks, and reproducible exercise sets.

Every exercise is built from a real position: a hand dealt by the variant's ``deal`` from a
seed and played on, by a generator *version* (:data:`VERSIONS`): version 1 plays at random
(seeded) by legal actions (:mod:`~cardlab.classroom.generate_v1`, frozen: codes without a
version give its exercises for ever); version 2, the current, plays with the rule-based players
and chooses positions by difficulty level, "easy" or "harder" (:data:`LEVELS`; the criterion of
each level per kind is in :mod:`~cardlab.classroom.generate_v2`). A set code names the version
and level (:class:`SetCode`: ``66-santase-legal,trick-h2-1234``). The expected answer is read from the
engine (``legal_actions()``, the trick the engine completed, ``points(seat)``, the bids it
recorded, the hand's ``result``); a check never computes the rules a second time. Explanations
quote the engine's own refusal (:class:`~cardlab.errors.IllegalActionError` with ``.rule``) or
its result text, with rule ids from the variant module's ``RULES`` table. A verdict's explanation
never carries a mark (the widget shows right or wrong); a wrong answer's begins "The answer is
…", numbers with their unit ("1 game point", "3 tricks"); each refused card a student chose is
named once with the engine's reason, and the rule cited is the one that applies (the lead rule
for a player on lead, the follow-suit rules once a stock is closed or gone).

Kinds (in lesson order; each variant declares those it has, ``Variant.exercise_kinds``, listed by
:func:`kinds_for`):

=========== =================================================== ============ =========================
kind        question                                            answer       variants
=========== =================================================== ============ =========================
``legal``   which cards may X play here?                        set of cards all
``trick``   X plays C: who wins this trick?                     a seat       all
``points``  how many card points has X now?                     card points  all but ninety-nine
``marriage``may X announce the marriage in S now?               yes / no     all but ninety-nine
``bid``     what bid do these three bid cards make?             tricks       ninety-nine
``score``   how many game points does this hand score, and why? game points  sixty-six, mariage-3
``scores``  what is each score after this hand?                  one per seat russian-501, ninety-nine
``redeal``  X claims a redeal for R: does the claim hold?       yes / no     mariage-4
``eight``   how many pips does this pair uncover on the eight?  pips         mariage-4
=========== =================================================== ============ =========================

Answers in the wrong form raise :class:`AnswerError` (a :class:`~cardlab.errors.CardlabError`)
saying what was expected; card text that is not a card raises
:class:`~cardlab.errors.NotationError`.
"""

from __future__ import annotations

import importlib
import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from .. import variants
from ..actions import Action
from ..cards import Card, Suit, format_cards, parse_card, parse_cards
from ..errors import CardlabError, IllegalActionError, NotationError

__all__ = ["KINDS", "HIDDEN", "VARIANT_CODES", "LEVELS", "VERSIONS", "CURRENT", "AnswerError", "CodeError", "Verdict",
           "Exercise", "SetCode", "ExerciseSet",
           "kinds_for", "make_exercise", "parse_code", "score_reasons"]


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


class CodeError(NotationError):
    """A set code that cannot be read.

    Attributes
    ----------
    position : int
        0-based character position in the code where the problem starts.
    part : str
        Which part is wrong: ``"variant"``, ``"preset"``, ``"kinds"``, ``"level"``, ``"version"``,
        ``"seed"`` or ``"code"``.
    """

    def __init__(self, message: str, position: int, part: str):
        self.position = position
        self.part = part
        super().__init__(f"{message} (at character {position + 1}, the {part})")


#: The form of answer each kind takes.
ANSWER_FORMS: dict[str, str] = {"legal": "cards", "trick": "seat", "points": "number", "marriage": "yesno",
                                "bid": "number", "score": "score", "scores": "numbers", "redeal": "yesno",
                                "eight": "number"}

#: What the drawing of a position must leave out while each kind is asked, so that the students'
#: page never shows the answer: ``"card_points"`` (each seat's or pair's card points),
#: ``"bids"`` (the bid each player made), ``"result"`` (the hand's result box: who won, game
#: points, scores) and ``"pips"`` (the eights' pips). A renderer given ``hide=`` omits these.
HIDDEN: dict[str, frozenset] = {
    "legal": frozenset(), "trick": frozenset(), "points": frozenset({"card_points", "result"}),
    "marriage": frozenset(), "bid": frozenset({"bids"}), "score": frozenset({"result"}),
    "scores": frozenset({"result"}), "redeal": frozenset({"card_points"}), "eight": frozenset({"result", "pips"}),
}

# -- what each variant declares -------------------------------------------------------------------
# The classroom reads every per-variant fact from the registry (``cardlab.variants``): the short
# code of a set code (``Variant.code``), the exercise kinds (``Variant.exercise_kinds``) and the
# words of the game-points question's reasons (``Variant.score_reasons``). The tables below
# (``VARIANT_CODES``, ``KINDS``, ``SCORE_REASONS``) are views of it, computed when asked.
def _classroom_variants() -> list:
    """The registered variants that have a set code, in the registry's declared order."""
    return [v for v in map(variants.get, variants.names(declared=True)) if v.code]


def _code_of(variant: str) -> str:
    """The short code of ``variant`` (a registry name) in set codes and position text. Raises
    ``KeyError`` for an unknown variant or one without a code."""
    code = variants.get(variant).code
    if not code:
        raise KeyError(f"{variant!r} declares no classroom code (Variant.code)")
    return code


def _variant_of(code: str) -> str | None:
    """The registry name of the variant whose short code is ``code`` (``None`` if none is)."""
    return next((v.name for v in _classroom_variants() if v.code == code), None)


def score_reasons(variant: str) -> dict[str, str]:
    """The "and why" of ``variant``'s game-points question: each result ``reason`` of a won hand,
    in words (its ``Variant.score_reasons``, e.g. :data:`cardlab.sixtysix.SCORE_REASONS`)."""
    return dict(variants.get(variant).score_reasons)


def _views(name: str):
    if name == "VARIANT_CODES":      # short code -> registry name
        return {v.code: v.name for v in _classroom_variants()}
    if name == "_CODE_OF":           # registry name -> short code
        return {v.name: v.code for v in _classroom_variants()}
    if name == "KINDS":              # kind -> the variants that have it, in lesson order of kinds
        every = _classroom_variants()
        return {k: tuple(v.name for v in every if k in v.exercise_kinds) for k in ANSWER_FORMS}
    if name == "SCORE_REASONS":      # registry name -> reason -> words
        return {v.name: dict(v.score_reasons) for v in _classroom_variants() if v.score_reasons}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __getattr__(name: str):
    """``VARIANT_CODES`` (short code -> variant), ``KINDS`` (kind -> variants, in lesson order) and
    ``SCORE_REASONS`` (variant -> reason -> words): views of the registry, computed on each use."""
    return _views(name)


def kinds_for(variant: str) -> tuple[str, ...]:
    """The exercise kinds ``variant`` (a registry name) has (its ``Variant.exercise_kinds``), in
    lesson order (that of :data:`ANSWER_FORMS`). Raises ``KeyError`` (from the registry) for an
    unknown variant."""
    declared = variants.get(variant).exercise_kinds
    return tuple(k for k in ANSWER_FORMS if k in declared)


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


def _rule_text(variant: str, rule_id: str) -> str:
    entry = _rules_table(variant).get(rule_id)
    return entry[0] if entry else ""


def _first_rule(variant: str, *suffixes: str) -> tuple[str, ...]:
    table = _rules_table(variant)
    for suffix in suffixes:
        for key in table:
            if key.endswith(suffix):
                return (key,)
    return ()


def _top_rule(variant: str, *names: str) -> tuple[str, ...]:
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
        One of :data:`KINDS`.
    question : str
        The question in words.
    state : GameState
        The position the question is about.
    seat : int or None
        The seat whose view is shown (``None``: all cards open).
    expected : Any
        The expected answer: a frozenset of Card (``legal``), a seat (``trick``), a whole number
        of card points (``points``) or of tricks (``bid``), ``(game points, reason)`` with a
        key of :data:`SCORE_REASONS` (``score``), a bool (``marriage``).
    answer_form : str
        ``"cards"``, ``"seat"``, ``"number"``, ``"numbers"``, ``"score"`` or ``"yesno"``.
    start : tuple of int or None
        The standing before the hand where the question depends on it: 501's scores before the
        hand (``scores``: the answer is the scores after it, the "100 or less" rule applied).
    level : str
        The difficulty level it was chosen for (one of :data:`LEVELS`; version 1: ``"easy"``).
    version : int
        The generator version that made it (one of :data:`VERSIONS`).
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
        plural (``"1 game point"``, ``"20 card points"``, ``"3 tricks"``, ``"A 320, B 401 and C 0
        game points"``)."""
        e = self.expected
        unit = UNITS.get(self.kind)
        if self.answer_form == "number" and unit:
            return _plural(e, unit)
        if self.answer_form == "score":
            return f"{_plural(e[0], 'game point')}: {score_reasons(self.variant)[e[1]]}"
        if self.answer_form == "numbers":
            unit = getattr(getattr(self.state, "result", None), "unit", "points")
            items = [f"{self.state.names[i]} {x}" for i, x in enumerate(e)]
            return ", ".join(items[:-1]) + f" and {items[-1]} {unit}"
        if self.answer_form == "cards":
            return format_cards(sorted(e)) if e else "no card"
        return self.answer_text()


#: The unit of each kind's number (singular; :func:`_plural` adds the s).
UNITS: dict[str, str] = {"points": "card point", "bid": "trick", "eight": "pip"}


def _plural(n: int, unit: str) -> str:
    """``"1 game point"``, ``"20 card points"``, ``"0 tricks"``."""
    return f"{n} {unit}" + ("" if abs(n) == 1 else "s")


def _explain(right: bool, answer: str, why: str) -> str:
    """A verdict's explanation: the reason, after "The answer is …" when the answer was wrong.
    Never a mark: the widget shows right or wrong."""
    why = why.strip()
    return why if right else f"The answer is {answer}. {why}".strip()


def _name(state, seat) -> str:
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
        return _sentence(tail.replace("{card}", format_cards(sorted(cards)))) + f" [{rule}]"
    return _sentence(f"{_cards_are(cards)} not allowed{' either' if either else ''}: {tail}") + f" [{rule}]"


def why_legal(variant: str, s) -> tuple:
    """Why the player to act in ``s`` may play what he may: ``(explanation, rule ids)``. Each
    refused card is named once, with the engine's reason; with nothing refused, the rule that
    frees the choice: on lead, the lead rule; while a stock is open, free play; otherwise the
    follow rules (the player cannot follow, or holds only the suit led)."""
    groups = legal_groups(s)
    if groups:
        return (" ".join(_group_sentence(cards, rule, tail) for rule, tail, cards in groups),
                tuple(dict.fromkeys(rule for rule, _, _ in groups)))
    who = _name(s, s.to_act)
    if not s.trick:
        rules = _top_rule(variant, "lead")
        if rules:
            return f"{who} is on lead: any card in the hand may be led. " \
                   f"{_sentence(_rule_text(variant, rules[0]))} [{rules[0]}]", rules
        rules = _top_rule(variant, "follow")
        return (f"{who} is on lead: any card in the hand may be led; the duty to follow suit binds only the "
                f"players who follow." + (f" [{rules[0]}]" if rules else "")), rules
    elif getattr(s, "stock_open", False):
        rules = _top_rule(variant, "free-play")
        text = f"Every card in {who}'s hand may be played here."
    else:
        rules = _top_rule(variant, "follow")
        led = s.trick[0].suit
        same = all(c.suit == led for c in s.hands[s.to_act])
        text = (f"Every card {who} holds is of the suit led, so any of them may be played." if same else
                f"{who} holds no card of the suit led and no other duty binds, so any card may be played.")
    if rules:
        text += f" {_sentence(_rule_text(variant, rules[0]))} [{rules[0]}]"
    return text, rules


def why_trick(variant: str, s, n) -> tuple:
    """Why the trick completed from ``s`` to ``n`` goes where it goes: ``(explanation, rule ids)``.
    The winner and its card are the engine's; the words say which card beat which."""
    trick = n.tricks[-1]
    played = ", ".join(f"{_name(s, seat)} {c}" for seat, c in trick.cards)
    trump = next((t for t in (getattr(s, "trump", None), getattr(n, "trump", None)) if isinstance(t, Suit)), None)
    led = trick.lead.suit
    card = trick.card_of(trick.winner)
    who = _name(s, trick.winner)
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
    return f"{head} {tail}", _top_rule(variant, "trick", "follow")


def why_points(variant: str, n, seat: int) -> tuple:
    """How ``seat``'s card points in ``n`` add up (the engine's ``points``): ``(explanation, rule ids)``."""
    values = importlib.import_module(variants.get(variant).module).CARD_POINTS
    won = [t for t in n.tricks if t.winner == seat]
    cards = [c for t in won for c in t.played]
    in_cards = sum(values[c.rank] for c in cards)
    total = n.points(seat)
    who = _name(n, seat)
    if won:
        text = (f"{who} has taken {_plural(len(won), 'trick')} ({format_cards(cards)}), worth "
                f"{_plural(in_cards, 'card point')} (A 11, 10 10, K 4, Q 3, J 2, 9 0).")
    else:
        text = f"{who} has taken no trick yet."
    mine = [(suit, v) for holder, suit, v in getattr(n, "marriages", ()) if holder == seat]
    held = sum(v for _, v in mine)
    extra = total - in_cards
    words = " and ".join(f"the {suit.symbol} marriage ({_plural(v, 'card point')})" for suit, v in mine)
    if mine and extra >= held:
        text += f" {_sentence(words + ' ' + ('counts' if len(mine) == 1 else 'count'))}"
        if extra > held:
            text += f" The last trick's bonus adds {_plural(extra - held, 'card point')}."
    elif mine and extra == 0:
        text += f" {_sentence(words + ' ' + ('does' if len(mine) == 1 else 'do') + ' not count yet')}"
    elif extra > 0 and not mine:
        text += f" The last trick's bonus adds {_plural(extra, 'card point')}."
    elif extra:
        text += f" Marriages and the last-trick bonus that count add {_plural(extra, 'card point')}."
    if extra:
        text += f" In all: {_plural(total, 'card point')}."
    return text, _first_rule(variant, ".win", ".66", ".score")


#: The most allowed cards left out that a legal-cards verdict lists again after the answer (which
#: lists them all); more are counted instead (a hand of 12 cards on lead, answered with one card).
_LIST_AT_MOST = 7


def _judge_legal(ex: Exercise, answer: Any) -> Verdict:
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
        parts.append(_sentence(text) + (f" [{rule}]" if rule else ""))
        if rule and rule not in rules:
            rules.append(rule)
    missing = sorted(expected - given)
    if not given:
        parts.append("No card was chosen.")
    elif len(missing) > _LIST_AT_MOST:      # the answer above lists them: a long list is not said twice
        parts.append(f"{len(missing)} of them were left out.")
    elif missing:
        parts.append(_sentence(f"{_cards_are(missing)} allowed too"))
    for rule, tail, cards in groups:
        rest = [c for c in cards if c not in given]
        if not rest:
            continue
        if (rule, tail) in cited:
            parts.append(_sentence(f"{_cards_are(rest)} not allowed for the same reason"))
        else:
            parts.append(_group_sentence(rest, rule, tail, either=bool(said)))
    if not groups:
        parts.append(ex._why)
    head = f"The answer is {ex.answer_words()}: the cards {_name(s, s.to_act)} may play."
    return Verdict(False, " ".join([head] + parts), tuple(rules))


def _sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop (an engine's reason reads mid-sentence)."""
    text = text.strip()
    if not text:
        return ""
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _refusal(s, action) -> tuple:
    """Why the engine refuses ``action`` in ``s``: its reason and rule id, ``("", ())`` if it does not."""
    try:
        s.apply(action)
    except IllegalActionError as e:
        return e.reason, (e.rule,)
    return "", ()


def _as_score(answer: Any, variant: str) -> tuple:
    """``(game points, reason)`` from a pair whose reason is a key of :data:`SCORE_REASONS` or
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


def _judge_score(ex: Exercise, answer: Any) -> Verdict:
    number, why = _as_score(answer, ex.variant)
    gp, reason = ex.expected
    words = score_reasons(ex.variant)
    right = (number, why) == (gp, reason)
    if right:
        head = ""
    elif number == gp:
        head = (f"The answer is {_plural(gp, 'game point')} because {words[reason]}. The number is right, but not "
                f"why: not because {words[why]}.")
    elif why == reason:
        head = f"The answer is {_plural(gp, 'game point')}, not {number}. The reason is right: {words[reason]}."
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


# -- generation ---------------------------------------------------------------------------------------
#: Difficulty levels a set can ask for, easiest first (criteria per kind: :mod:`cardlab.classroom.generate_v2`).
LEVELS: tuple[str, ...] = ("easy", "harder")

#: Generator versions: 1, the first generator (random play, no levels; codes without a version),
#: frozen in :mod:`cardlab.classroom.generate_v1`; 2, hands played by the rule-based players and
#: positions chosen by level (:mod:`cardlab.classroom.generate_v2`).
VERSIONS: tuple[int, ...] = (1, 2)

#: The version new sets and :func:`make_exercise` use unless told otherwise.
CURRENT: int = 2

#: The letter of each level in a set code (``e2``: easy, version 2).
_LEVEL_LETTER = {"easy": "e", "harder": "h"}
_LEVEL_OF = {"e": "easy", "easy": "easy", "h": "harder", "harder": "harder", "hard": "harder"}


def _check_level_version(level: Any, version: Any, position: int = 0) -> None:
    """Raise :class:`CodeError` unless ``level`` is one of :data:`LEVELS` and ``version`` one of
    :data:`VERSIONS` (version 1 has the easy level only)."""
    if isinstance(version, bool) or version not in VERSIONS:
        raise CodeError(f"there is no exercise generator version {version!r}; the versions are "
                        f"{', '.join(map(str, VERSIONS))}", position, "version")
    if level not in LEVELS:
        raise CodeError(f"{level!r} is not a level; the levels are {', '.join(LEVELS)}", position, "level")
    if version == 1 and level != "easy":
        raise CodeError("version 1 exercises have no levels: a version 1 set is 'easy'", position, "level")


def make_exercise(variant: str, kind: str, seed: int, preset: str | None = None, *, level: str = "easy",
                  version: int = CURRENT) -> Exercise:
    """One exercise of ``kind`` for ``variant`` (registry name) under rule preset ``preset``
    (default: the variant's first), at ``level`` (one of :data:`LEVELS`), made by generator
    ``version`` (one of :data:`VERSIONS`, default :data:`CURRENT`); the same for the same
    arguments, in every later release. Raises ``KeyError`` for an unknown variant or preset and
    :class:`CodeError` for a kind the variant does not have, an unknown level or version (or a
    level other than easy in version 1)."""
    v = variants.get(variant)
    if kind not in kinds_for(variant):
        raise CodeError(f"{v.title} has no exercise {kind!r}; it has {', '.join(kinds_for(variant))}", 0, "kinds")
    _check_level_version(level, version)
    if version == 1:
        from .generate_v1 import make
        return make(variant, kind, seed, preset)
    from .generate_v2 import make
    return make(variant, kind, seed, preset, level)


# -- set codes ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SetCode:
    """A reproducible set of exercises, written as a code a teacher puts on the board.

    The canonical form (``str(code)``), parts separated by ``-``:

    * version 2 on (the current): ``<variant>-<preset>-<kinds>-<level><version>-<seed>``, e.g.
      ``66-santase-legal,trick-h2-1234``: Sixty-six, the Santase rules, the kinds "legal" and
      "trick", the harder level (``e`` easy, ``h`` harder) of generator version 2, seed 1234
      ("sixty-six santase legal trick, h two, twelve thirty-four");
    * version 1 (the first generator, which has no levels): ``<variant>-<preset>-<kinds>-<seed>``,
      e.g. ``66-santase-legal,trick-1234``: every code written before versions existed keeps
      giving the same exercises.

    Variant codes: :data:`VARIANT_CODES`; presets: the variant's ``presets``; kinds: :data:`KINDS`
    (in lesson order); the seed has 1 to 9 digits. :func:`parse_code` reads a code however it is
    typed (spaces anywhere, capitals, a dash typed as – or —).

    Raises :class:`CodeError` for an unknown level or version, or a level other than easy in
    version 1.
    """

    variant: str
    preset: str
    kinds: tuple
    seed: int
    level: str = "easy"
    version: int = CURRENT

    def __post_init__(self):
        _check_level_version(self.level, self.version)

    def __str__(self) -> str:
        head = f"{_code_of(self.variant)}-{self.preset}-{','.join(self.kinds)}"
        if self.version == 1:
            return f"{head}-{self.seed}"
        return f"{head}-{_LEVEL_LETTER[self.level]}{self.version}-{self.seed}"


_DASHES = str.maketrans({"–": "-", "—": "-", "‐": "-", "‑": "-", "−": "-"})


def parse_code(code: str) -> SetCode:
    """Read a set code (the forms are in :class:`SetCode`), however it is typed: spaces anywhere
    (``"66-Santase-legal, trick-1234"``), capitals, a dash typed as – or —. Raises
    :class:`CodeError` (``.position``: the 0-based character of the code as typed; ``.part``:
    ``"variant"``, ``"preset"``, ``"kinds"``, ``"level"``, ``"version"``, ``"seed"`` or
    ``"code"``) naming the part at fault."""
    if not isinstance(code, str):
        raise CodeError(f"a set code must be text such as '66-santase-legal,trick-e2-1234', not "
                        f"{type(code).__name__}", 0, "code")
    where = [i for i, ch in enumerate(code) if not ch.isspace()]     # typed place of each kept character
    text = "".join(code[i] for i in where).translate(_DASHES).lower()

    def at(i: int) -> int:
        return where[i] if i < len(where) else len(code)

    parts = text.split("-")
    if len(parts) not in (4, 5):
        raise CodeError(f"a set code has five parts separated by '-' (variant-preset-kinds-level and version-seed, "
                        f"such as 66-santase-legal,trick-e2-1234) or, written before versions, four "
                        f"(variant-preset-kinds-seed); {code.strip()!r} has {len(parts)}", 0, "code")
    starts, pos = [], 0
    for p in parts:
        starts.append(pos)
        pos += len(p) + 1
    vcode, preset, kinds_text, seed_text = parts[0], parts[1], parts[2], parts[-1]
    variant = _variant_of(vcode)
    if variant is None:
        raise CodeError(f"{vcode!r} is not a variant code; use one of "
                        f"{', '.join(v.code for v in _classroom_variants())}", at(starts[0]),
                        "variant")
    v = variants.get(variant)
    if preset not in v.presets:
        raise CodeError(f"{preset!r} is not a rule preset of {v.title}; use one of {', '.join(v.presets)}",
                        at(starts[1]), "preset")
    kinds = tuple(kinds_text.split(","))
    offset = starts[2]
    for k in kinds:
        if k not in kinds_for(variant):
            raise CodeError(f"{k!r} is not an exercise of {v.title}; use {', '.join(kinds_for(variant))}",
                            at(offset), "kinds")
        offset += len(k) + 1
    if len(set(kinds)) != len(kinds):
        raise CodeError("an exercise kind is named twice", at(starts[2]), "kinds")
    level, version = "easy", 1
    if len(parts) == 5:
        m = re.fullmatch(r"([a-z]+)(\d{1,3})", parts[3])
        if m is None or m.group(1) not in _LEVEL_OF:
            raise CodeError(f"the fourth part is the level and the generator version, such as 'e2' (easy, version 2) "
                            f"or 'h2' (harder, version 2), not {parts[3]!r}", at(starts[3]), "level")
        level, version = _LEVEL_OF[m.group(1)], int(m.group(2))
        _check_level_version(level, version, at(starts[3] + len(m.group(1))) if version not in VERSIONS
                             else at(starts[3]))
    if not seed_text.isdigit() or len(seed_text) > 9:
        raise CodeError(f"the seed must be a number of 1 to 9 digits, not {seed_text!r}", at(starts[-1]), "seed")
    order = kinds_for(variant)
    return SetCode(variant, preset, tuple(sorted(kinds, key=order.index)), int(seed_text), level, version)


class ExerciseSet:
    """A sequence of exercises with a score.

    ``ExerciseSet("66-santase-legal,trick-h2-1234", count=10)`` gives every student the same ten
    exercises (a :class:`SetCode` is taken as it is); ``ExerciseSet(variant="sixty-six")`` (default: the first game of the registry) is
    random practice at ``level`` with the current generator (a new seed, shown in :attr:`code` so
    it can be shared). Exercises follow the lesson order of :data:`KINDS`. Raises
    :class:`CodeError` for a bad code or level, ``KeyError`` for an unknown variant.
    """

    def __init__(self, code: str | SetCode | None = None, *, variant: str | None = None, count: int = 10,
                 level: str = "easy"):
        if code is None:
            seed = random.SystemRandom().randrange(10 ** 6)
            variant = variant if variant is not None else _classroom_variants()[0].name
            v = variants.get(variant)
            self.code = SetCode(variant, next(iter(v.presets)), kinds_for(variant), seed, level)
        elif isinstance(code, SetCode):
            self.code = code
        else:
            self.code = parse_code(code)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise AnswerError(f"count must be a whole number of at least 1, not {count!r}", "a whole number")
        self.count = count
        self.index = 0
        self.right = 0
        self.answered = 0
        self._done: set = set()
        self._cache: dict = {}

    def exercise(self, i: int) -> Exercise:
        """The ``i``-th exercise (0-based), the same for the same code."""
        if i not in self._cache:
            c = self.code
            kind = c.kinds[i * len(c.kinds) // self.count]
            self._cache[i] = make_exercise(c.variant, kind, c.seed * 1000 + i, c.preset, level=c.level,
                                           version=c.version)
        return self._cache[i]

    @property
    def current(self) -> Exercise:
        """The exercise being answered."""
        return self.exercise(self.index)

    def answer(self, answer: Any) -> Verdict:
        """Check ``answer`` to the current exercise; the first answer to each exercise counts in
        the score. Raises what :meth:`Exercise.check` raises (the score is then unchanged)."""
        verdict = self.current.check(answer)
        if self.index not in self._done:
            self._done.add(self.index)
            self.answered += 1
            self.right += verdict.right
        return verdict

    def next(self) -> bool:
        """Go to the next exercise; False when the set is finished (then it stays on the last)."""
        if self.index + 1 < self.count:
            self.index += 1
            return True
        return False

    @property
    def score(self) -> str:
        """The score in words, e.g. ``"3 of 4 right"``."""
        return f"{self.right} of {self.answered} right"
