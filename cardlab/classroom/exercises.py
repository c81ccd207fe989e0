"""Exercise kinds, their checks, and reproducible exercise sets.

Every exercise is built from a real position: a hand dealt by the variant's ``deal`` from a
seed and played on at random (seeded) by legal actions. The expected answer is read from the
engine (``legal_actions()``, the trick the engine completed, ``points(seat)``, the bids it
recorded, the hand's ``result``); a check never computes the rules a second time. Explanations
quote the engine's own refusal (:class:`~cardlab.errors.IllegalActionError` with ``.rule``) or
its result text, with rule ids from the variant module's ``RULES`` table.

Kinds (in lesson order; :func:`kinds_for` lists those a variant has):

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
from ..cards import Card, Rank, Suit, parse_card, parse_cards, format_cards
from ..errors import CardlabError, IllegalActionError, NotationError

__all__ = ["KINDS", "HIDDEN", "VARIANT_CODES", "AnswerError", "CodeError", "Verdict", "Exercise", "SetCode", "ExerciseSet",
           "kinds_for", "make_exercise", "parse_code"]


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
        Which part is wrong: ``"variant"``, ``"preset"``, ``"kinds"``, ``"seed"`` or ``"code"``.
    """

    def __init__(self, message: str, position: int, part: str):
        self.position = position
        self.part = part
        super().__init__(f"{message} (at character {position + 1}, the {part})")


#: Short variant codes used in set codes, in the registry's names.
VARIANT_CODES: dict[str, str] = {"66": "sixty-six", "501": "russian-501", "99": "ninety-nine",
                                 "m3": "mariage-3", "m4": "mariage-4"}
_CODE_OF = {v: k for k, v in VARIANT_CODES.items()}

#: Every exercise kind, in lesson order, with the variants it applies to.
KINDS: dict[str, tuple[str, ...]] = {
    "legal": ("sixty-six", "russian-501", "ninety-nine", "mariage-3", "mariage-4"),
    "trick": ("sixty-six", "russian-501", "ninety-nine", "mariage-3", "mariage-4"),
    "points": ("sixty-six", "russian-501", "mariage-3", "mariage-4"),
    "marriage": ("sixty-six", "russian-501", "mariage-3", "mariage-4"),
    "bid": ("ninety-nine",),
    "score": ("sixty-six", "mariage-3"),
    "scores": ("russian-501", "ninety-nine"),
    "redeal": ("mariage-4",),
    "eight": ("mariage-4",),
}

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

#: The "and why" of the game-points question: how a hand was won, by the result's ``reason``
#: (:class:`~cardlab.sixtysix.SixtySixResult`, :class:`~cardlab.mariage3.Mariage3Result`), in words.
SCORE_REASONS: dict[str, dict[str, str]] = {
    "sixty-six": {"66": "the winner reached 66 card points",
                  "closer_made": "the player who closed the stock reached 66",
                  "closer_failed": "the player who closed the stock failed to reach 66",
                  "last_trick": "nobody reached 66: the last trick decides",
                  "false_claim": "a player claimed 66 without having it"},
    "mariage-3": {"66": "the winner reached 66 card points",
                  "last_trick": "nobody reached 66: the last trick decides",
                  "most_points": "all eight tricks were played: the most card points win"},
}


def kinds_for(variant: str) -> tuple[str, ...]:
    """The exercise kinds ``variant`` (a registry name) has, in lesson order.
    Raises ``ValueError`` (from the registry) for an unknown variant."""
    variants.get(variant)
    return tuple(k for k, vs in KINDS.items() if variant in vs)


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
        head = "Right. " if right else f"Not quite: the answer is {self.answer_text()}. "
        return Verdict(right, head + self._why, self._rules)

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
            return f"{e[0]}: {SCORE_REASONS[self.variant][e[1]]}"
        return str(e)


def _name(state, seat) -> str:
    return str(state.names[seat])


def _judge_legal(ex: Exercise, answer: Any) -> Verdict:
    given = _as_cards(answer)
    expected = ex.expected
    if given == expected:
        return Verdict(True, "Right. " + ex._why, ex._rules)
    parts, rules = [], list(ex._rules)
    for c in sorted(given - expected):
        try:
            ex.state.apply(Action("play", c))
            reason, rule = f"{c} may be played", ""
        except IllegalActionError as e:
            reason, rule = e.reason, e.rule
        except CardlabError as e:
            reason, rule = str(e), ""
        parts.append(f"{c} is not allowed: {reason}" + (f" [{rule}]" if rule else ""))
        if rule and rule not in rules:
            rules.append(rule)
    missing = sorted(expected - given)
    if not given:
        parts.append("no card was chosen")
    elif missing:
        parts.append(f"{format_cards(missing)} may also be played")
    return Verdict(False, f"Not quite: the cards {_name(ex.state, ex.state.to_act)} may play are "
                          f"{ex.answer_text()}. " + _sentence("; ".join(parts)) + " " + _sentence(ex._why), tuple(rules))


def _sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop (an engine's reason reads mid-sentence)."""
    text = text.strip()
    if not text:
        return ""
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _random_hand(v, rules, rng: random.Random, prefer: Callable | None = None):
    """States of one hand dealt from a seed and played at random: a list of (state, action, next).
    ``prefer(state, actions)``, if given, narrows the choice where it returns any action."""
    s = v.deal(rules, rng.randrange(v.players), seed=rng.randrange(2 ** 31))
    steps = []
    while s.to_act is not None:
        actions = s.legal_actions()
        a = rng.choice((prefer(s, actions) if prefer else None) or actions)
        n = s.apply(a)
        steps.append((s, a, n))
        s = n
    return steps


def _in_play(s) -> bool:
    return getattr(s, "phase", "play") == "play" and s.to_act is not None


def _build_legal(variant, steps, rng):
    cands = [s for s, a, n in steps if _in_play(s) and any(x.kind == "play" for x in s.legal_actions())]
    if not cands:
        return None
    s = rng.choice(cands)
    seat = s.to_act
    expected = frozenset(x.card for x in s.legal_actions() if x.kind == "play")
    refused = {}
    for c in s.hands[seat]:
        if c not in expected:
            try:
                s.apply(Action("play", c))
            except IllegalActionError as e:
                refused.setdefault(e.rule, e.reason)
    if refused:
        why = " ".join(f"{r} [{k}]" for k, r in refused.items())
        rules = tuple(refused)
    else:
        rules = _first_rule(variant, ".free-play", ".hold", ".lead")
        why = "Every card in the hand may be played here" + (f": {_rule_text(variant, rules[0])}" if rules else ".")
    q = f"Which cards may {_name(s, seat)} play here? (click them)"
    return Exercise(variant, "legal", q, s, seat, expected, "cards", why, rules, _judge_legal)


def _build_trick(variant, steps, rng):
    cands = [(s, a, n) for s, a, n in steps if a.kind == "play" and len(n.tricks) > len(s.tricks)]
    if not cands:
        return None
    s, a, n = rng.choice(cands)
    trick = n.tricks[-1]
    played = ", ".join(f"{_name(s, seat)} {c}" for seat, c in trick.cards)
    trump = getattr(n, "trump", None)
    trump_words = f"trumps are {trump.symbol}" if isinstance(trump, Suit) else "there are no trumps"
    why = (f"The trick went {played}; {trump_words}. The highest trump wins a trick, or if none was played the "
           f"highest card of the suit led ({trick.lead.suit.symbol if trick.lead.suit is not None else 'led'}): "
           f"{_name(s, trick.winner)} wins with {trick.card_of(trick.winner)}.")
    rules = ("99.trick",) if variant == "ninety-nine" else _first_rule(variant, ".follow")
    q = f"{_name(s, s.to_act)} plays {a.card} to this trick. Who wins it?"
    return Exercise(variant, "trick", q, s, None, trick.winner, "seat", why, rules)


def _build_points(variant, steps, rng):
    cands = [n for s, a, n in steps if n.tricks and getattr(n, "phase", "play") in ("play", "over")]
    if not cands:
        return None
    n = rng.choice(cands)
    players = len(n.hands)
    seat = rng.randrange(players)
    expected = n.points(seat)
    won = [t for t in n.tricks if t.winner == seat]
    cards = [c for t in won for c in t.played]
    why = (f"{_name(n, seat)} has taken {len(won)} trick(s) ({format_cards(cards) or 'no cards'}); card points are "
           f"A 11, 10 10, K 4, Q 3, J 2, 9 0, plus marriages that count and the last-trick bonus where the rules "
           f"give them: {expected} card points.")
    rules = _first_rule(variant, ".win", ".66", ".score")
    q = f"How many card points has {_name(n, seat)} now?"
    return Exercise(variant, "points", q, n, None, expected, "number", why, rules)


def _refusal(s, action) -> tuple:
    """Why the engine refuses ``action`` in ``s``: its reason and rule id, ``("", ())`` if it does not."""
    try:
        s.apply(action)
    except IllegalActionError as e:
        return e.reason, (e.rule,)
    return "", ()


def _build_marriage(variant, steps, rng):
    cands = []
    for s, a, n in steps:
        if not _in_play(s) or s.trick:
            continue
        hand = s.hands[s.to_act]
        for suit in Suit:
            if Card.of(suit, Rank.KING) in hand and Card.of(suit, Rank.QUEEN) in hand:
                cands.append((s, suit))
    if not cands:
        return None
    s, suit = rng.choice(cands)
    action = Action("marriage", value=suit)
    expected = action in s.legal_actions()
    if expected:
        rules = _first_rule(variant, ".marriage.lead", ".marriage")
        why = f"{_name(s, s.to_act)} may announce it: " + (_rule_text(variant, rules[0]) if rules else "")
    else:
        why, rules = _refusal(s, action)
    q = f"{_name(s, s.to_act)} holds K{suit.symbol} and Q{suit.symbol}. May {_name(s, s.to_act)} announce this marriage now?"
    return Exercise(variant, "marriage", q, s, s.to_act, expected, "yesno", why, rules)


def _build_bid(variant, steps, rng):
    cands = [(n, seat) for s, a, n in steps if a.kind == "bid" for seat in (s.to_act,)]
    if not cands:
        return None
    n, seat = rng.choice(cands)
    cards = n.bid_cards[seat]
    expected = n.bids[seat]
    why = (f"Bid cards count ♦ 0, ♠ 1, ♥ 2, ♣ 3 tricks each ({_rule_text(variant, '99.bid')}); "
           f"{format_cards(cards)} make {expected}.")
    q = f"{_name(n, seat)} sets aside {format_cards(cards)} as bid cards. What bid (in tricks) do they make?"
    return Exercise(variant, "bid", q, n, seat, expected, "number", why, ("99.bid",))


def _build_score(variant, steps, rng):
    end = steps[-1][2]
    res = end.result
    gp = getattr(res, "game_points", None)
    if not isinstance(gp, int) or res.winner is None or res.reason not in SCORE_REASONS[variant]:
        return None
    why = res.explanation
    rules = _first_rule(variant, ".score")
    q = (f"The hand is over. How many game points does {_name(end, res.winner)} score with it, and why? "
         f"Give the number and how the hand was won.")
    return Exercise(variant, "score", q, end, None, (gp, res.reason), "score", why, rules, _judge_score)


def _as_score(answer: Any, variant: str) -> tuple:
    """``(game points, reason)`` from a pair whose reason is a key of :data:`SCORE_REASONS` or
    its words. Raises :class:`AnswerError` otherwise."""
    reasons = SCORE_REASONS[variant]
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
    words = SCORE_REASONS[ex.variant]
    if (number, why) == (gp, reason):
        head = "Right. "
    elif number == gp:
        head = f"The game points are right ({gp}), but not why: {words[reason]}, not {words[why]}. "
    elif why == reason:
        head = f"Right about why ({words[reason]}), but the hand scores {gp} game points, not {number}. "
    else:
        head = f"Not quite: the answer is {ex.answer_text()}. "
    return Verdict((number, why) == (gp, reason), head + ex._why, ex._rules)


def _build_scores(variant, steps, rng):
    end = steps[-1][2]
    res = end.result
    if variant == "ninety-nine":
        rules = ["99.score"] + (["99.premium.score"] if res.premium else [])
        bids = ", ".join(f"{n} bid {b} and took {t}" for n, b, t in zip(end.names, res.bids, res.tricks))
        q = (f"The deal is over: {bids}. How many points does each player score for it? One number per "
             f"seat, " + ", ".join(map(str, end.names)) + ".")
        why = _sentence(res.explanation) + " " + _rule_text(variant, "99.score")
        return Exercise(variant, "scores", q, end, None, tuple(res.scores), "numbers", why, tuple(rules))
    return _build_scores_501(variant, end, rng)


def _standing_501(rules, seats: int, rng) -> tuple:
    """Scores before a 501 hand: each seat's from 1 to the start score, one in four at or under
    the "100 or less" threshold, so that the rule comes up often [501.protect]."""
    top, low = rules.start_score, rules.protect_threshold
    return tuple(rng.randint(1, low) if low and rng.random() < 0.25 else rng.randint((low or 0) + 1, top)
                 for _ in range(seats))


def _build_scores_501(variant, end, rng):
    from ..russian501_game import Russian501Game

    res = end.result
    before = _standing_501(end.rules, len(end.names), rng)
    game = Russian501Game(end.rules, end.dealer, end.names, scores=before)
    notes = game.add(end)["note"]
    expected = tuple(game.scores)
    rules = ["501.score"]
    if getattr(res, "blind", False):
        rules.append("501.score.blind")
    if res.outcome == "conceded" or "conced" in res.explanation:
        rules.append("501.concede")
    if "501.protect" in notes:
        rules.append("501.protect")
    names = tuple(map(str, end.names))
    standing = ", ".join(f"{n} {x}" for n, x in zip(names, before))
    q = (f"Before this hand the scores stood at {standing} (501 is counted down to 0). The hand is over: what "
         f"is each score now? One number per seat, {', '.join(names)}.")
    steps = ", ".join(f"{n} {b} → {a}" for n, b, a in zip(names, before, expected))
    why = (res.explanation.rstrip(".") + ". " + (notes[0].upper() + notes[1:] + ". " if notes else "")
           + f"So: {steps}.")
    return Exercise(variant, "scores", q, end, None, expected, "numbers", why, tuple(rules), start=before)


_REDEAL_WORDS = {"points": "fewer than 13 card points in hand", "nines": "all four nines",
                 "trumps": "the pair being short of trumps"}


def _build_redeal(variant, steps, rng):
    cands = [s for s, a, n in steps if getattr(s, "phase", "") == "announce"
             and any(x.kind == "pass" for x in s.legal_actions())]
    if not cands:
        return None
    s = rng.choice(cands)
    reasons = [k for k in _REDEAL_WORDS if Action("redeal", None, k) in s.legal_actions()]
    why_kind = rng.choice(reasons) if reasons and rng.random() < 0.5 else rng.choice(tuple(_REDEAL_WORDS))
    action = Action("redeal", None, why_kind)
    expected = action in s.legal_actions()
    if expected:
        rules = (f"m4.redeal.{why_kind}",)
        why = f"The claim holds: {_rule_text(variant, rules[0])}"
    else:
        why, rules = _refusal(s, action)
    q = (f"{_name(s, s.to_act)} claims a redeal for {_REDEAL_WORDS[why_kind]}. Does the claim hold?")
    return Exercise(variant, "redeal", q, s, s.to_act, expected, "yesno", why, rules)


def _build_eight(variant, steps, rng):
    from ..eight import EightGame

    end = steps[-1][2]
    res = end.result
    if res.redeal:
        return None
    pair = rng.randrange(2)
    game = EightGame(end.rules, end.dealer, end.names)
    notes = game.add_awards(res.awards)
    if len({aw.pair for aw in res.awards}) > 1 and game.last_finished is not None:
        return None   # both pairs score and an eight is won: the new eights wipe the other pair's pips [m4.eight]
    size = end.rules.pips
    expected = game.won[pair] * size + game.eights[pair].pips
    pair_name = f"{end.names[pair]} & {end.names[pair + 2]}"
    parts = [aw.text for aw in res.awards] + list(notes)
    why = ". ".join(parts) + f". An eight has {size} pips; {pair_name} uncover {expected}."
    q = (f"The hand is over. Both eights were blank before it. How many pips do {pair_name} uncover on their "
         f"eight with this hand (a won eight counts {size})?")
    return Exercise(variant, "eight", q, end, None, expected, "number", why, ("m4.eight",))


_BUILDERS = {"legal": _build_legal, "trick": _build_trick, "points": _build_points, "marriage": _build_marriage,
             "bid": _build_bid, "score": _build_score, "scores": _build_scores, "redeal": _build_redeal,
             "eight": _build_eight}


def _pass_the_contracts(state, actions):
    """Four-player Mariage's ordinary game: every player passes the contracts (five, six, fur coat,
    suit) and three nines, as most hands go; a random choice there mostly ends in a contract,
    where there are no marriages [m4.contract]."""
    if state.phase == "announce":
        return [a for a in actions if a.kind == "pass"]
    return None


#: How the random hands of a kind are played where plain random choice rarely reaches its positions.
_PREFER: dict[tuple[str, str], Callable] = {("mariage-4", "marriage"): _pass_the_contracts}


def make_exercise(variant: str, kind: str, seed: int, preset: str | None = None) -> Exercise:
    """One exercise of ``kind`` for ``variant`` (registry name) under rule preset ``preset``
    (default: the variant's first), the same for the same arguments. Raises ``ValueError`` for
    an unknown variant, ``KeyError`` for an unknown preset and :class:`CodeError` for a kind
    the variant does not have."""
    v = variants.get(variant)
    if kind not in kinds_for(variant):
        raise CodeError(f"{v.title} has no exercise {kind!r}; it has {', '.join(kinds_for(variant))}", 0, "kinds")
    rules = v.presets[preset] if preset is not None else v.default_rules
    rng = random.Random(f"{variant}/{preset}/{kind}/{seed}")
    prefer = _PREFER.get((variant, kind))
    for _ in range(500):
        ex = _BUILDERS[kind](variant, _random_hand(v, rules, rng, prefer), rng)
        if ex is not None:
            return ex
    raise CardlabError(f"no position for {kind!r} found in 500 random hands of {v.title}")  # pragma: no cover


# -- set codes ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SetCode:
    """A reproducible set: ``"<variant>-<preset>-<kind>,<kind>...-<seed>"``, e.g.
    ``"66-santase-legal,trick-1234"``. Variant codes: :data:`VARIANT_CODES`."""

    variant: str
    preset: str
    kinds: tuple
    seed: int

    def __str__(self) -> str:
        return f"{_CODE_OF[self.variant]}-{self.preset}-{','.join(self.kinds)}-{self.seed}"


def parse_code(code: str) -> SetCode:
    """Read a set code. Raises :class:`CodeError` (``.position``, ``.part``) naming the part at fault."""
    if not isinstance(code, str):
        raise CodeError(f"a set code must be text such as '66-santase-legal,trick-1234', not {type(code).__name__}",
                        0, "code")
    parts = code.strip().split("-")
    if len(parts) != 4:
        raise CodeError(f"a set code has four parts separated by '-' (variant-preset-kinds-seed), {code!r} has "
                        f"{len(parts)}", 0, "code")
    starts, pos = [], 0
    for p in parts:
        starts.append(pos)
        pos += len(p) + 1
    vcode, preset, kinds_text, seed_text = parts
    variant = VARIANT_CODES.get(vcode.lower())
    if variant is None:
        raise CodeError(f"{vcode!r} is not a variant code; use one of {', '.join(VARIANT_CODES)}", starts[0], "variant")
    v = variants.get(variant)
    if preset not in v.presets:
        raise CodeError(f"{preset!r} is not a rule preset of {v.title}; use one of {', '.join(v.presets)}",
                        starts[1], "preset")
    kinds = tuple(kinds_text.split(","))
    offset = starts[2]
    for k in kinds:
        if k not in kinds_for(variant):
            raise CodeError(f"{k!r} is not an exercise of {v.title}; use {', '.join(kinds_for(variant))}",
                            offset, "kinds")
        offset += len(k) + 1
    if len(set(kinds)) != len(kinds):
        raise CodeError("an exercise kind is named twice", starts[2], "kinds")
    if not seed_text.isdigit() or len(seed_text) > 9:
        raise CodeError(f"the seed must be a number of 1 to 9 digits, not {seed_text!r}", starts[3], "seed")
    order = kinds_for(variant)
    return SetCode(variant, preset, tuple(sorted(kinds, key=order.index)), int(seed_text))


class ExerciseSet:
    """A sequence of exercises with a score.

    ``ExerciseSet("66-santase-legal,trick-1234", count=10)`` gives every student the same ten
    exercises; ``ExerciseSet(variant="sixty-six")`` is random practice (a new seed, shown in
    :attr:`code` so it can be shared). Exercises follow the lesson order of :data:`KINDS`.
    Raises :class:`CodeError` for a bad code, ``ValueError`` for an unknown variant.
    """

    def __init__(self, code: str | None = None, *, variant: str = "sixty-six", count: int = 10):
        if code is None:
            seed = random.SystemRandom().randrange(10 ** 6)
            v = variants.get(variant)
            self.code = SetCode(variant, next(iter(v.presets)), kinds_for(variant), seed)
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
            self._cache[i] = make_exercise(c.variant, kind, c.seed * 1000 + i, c.preset)
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
