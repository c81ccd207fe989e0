"""Exercises on a teacher's own position (issue 22): :func:`make_exercise_from_position`.

A teacher writes a position in the notation (:mod:`cardlab.classroom.notation`, or the position
editor) and names an exercise kind; the question is asked about that very position, in the words
the generator uses (:mod:`cardlab.classroom.generate_v2`), and answered, checked and explained as
generated exercises are (:class:`~cardlab.classroom.verdicts.Exercise`, its ``check`` and the
verdict helpers of :mod:`cardlab.classroom.verdicts`): nothing here judges an answer a second way.

When each kind applies (otherwise :class:`~cardlab.classroom.verdicts.ExerciseError` says why):

=========== ===================================================================================
kind        the position must ...
=========== ===================================================================================
``legal``   have a card to be played now (the play phase, a player to act); asks about him
``trick``   end with the card that completes a trick: the question shows the trick before that
            card ("X plays C to this trick. Who wins it?")
``points``  have a trick taken, in the play or after it: asks about the winner of the last trick
``marriage``have a player to act in the play who holds a king and queen of one suit (not the
            marriage he has just declared): asks about the first such suit (♣ ♦ ♥ ♠ order)
``bid``     end with a bid (bid cards set aside): asks what those bid cards make
``score``   be a finished hand with a winner and game points
``scores``  be a finished hand that was played (not thrown in); where the variant's scores run
            from a standing (501's start score) the position needs ``before`` (the scores
            before the hand) and the answer is the scores after it
``redeal``  be in the announce phase with a claim to be decided: asks about the first claim
            that holds (in the order of the variant's redeal grounds), else the first ground
``eight``   be a finished hand (no redeal) in which a pair scores an award: asks about the
            first such pair; ``before`` gives the pips on each eight before the hand (blank
            without it)
=========== ===================================================================================

Every fact about a variant is read from the registry (``Variant.exercise_kinds``,
``Variant.standing``, its rules module's ``RULES``); nothing here names a variant.
"""

from __future__ import annotations

import dataclasses
import unicodedata

from .. import variants
from ..actions import Action
from ..cards import Card, Rank, Suit, format_cards
from ..errors import CardlabError
from .verdicts import (Exercise, ExerciseError, first_rule, judge_legal, judge_score, plural, redeal_words, refusal,
                       rule_text, score_reasons, seat_name, sentence, why_legal, why_points, why_trick)

__all__ = ["make_exercise_from_position", "check_question", "MAX_QUESTION"]

#: The longest own question text, in characters.
MAX_QUESTION = 300


def check_question(question) -> str:
    """An own question text checked: a ``str``, not empty once stripped, at most
    :data:`MAX_QUESTION` characters, no control characters (line breaks, tabs ...). Returns it
    stripped. Raises :class:`ExerciseError` saying which of these it breaks."""
    if not isinstance(question, str):
        raise ExerciseError(f"a question is text, not {type(question).__name__}")
    text = question.strip()
    if not text:
        raise ExerciseError("the question is empty: type the question, or leave it out to ask the usual one")
    if len(text) > MAX_QUESTION:
        raise ExerciseError(f"a question has at most {MAX_QUESTION} characters; this one has {len(text)}")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in text):
        raise ExerciseError("a question cannot hold control characters (such as a line break or a tab)")
    return text


def _phase(s) -> str:
    return getattr(s, "phase", "play")


def _where(s) -> str:
    """Where the hand stands, in words, for a refusal."""
    if s.to_act is None:
        return "the hand is over"
    return f"it is {seat_name(s, s.to_act)}'s turn in the {_phase(s)} phase"


def _needs(kind: str, what: str, why: str) -> ExerciseError:
    article = "an" if kind[:1] in "aeiou" else "a"
    return ExerciseError(f"{article} {kind!r} question needs {what}: {why}", kind)


def _rule(variant: str, suffix: str) -> str:
    found = first_rule(variant, suffix)
    return found[0] if found else ""


# -- one builder per kind: (variant, state, before) -> Exercise, or ExerciseError ------------------
def _legal(variant, s, before):
    from .generate_v2 import legal_split
    if s.to_act is None or _phase(s) != "play" or not any(x.kind == "play" for x in s.legal_actions()):
        raise _needs("legal", "a card to be played now", _where(s) if s.to_act is None or _phase(s) != "play"
                     else f"{seat_name(s, s.to_act)} has another decision to make first")
    seat = s.to_act
    why, rules = why_legal(variant, s)
    q = f"Which cards may {seat_name(s, seat)} play here? (click them)"
    return Exercise(variant, "legal", q, s, seat, legal_split(s)[0], "cards", why, rules, judge_legal, version=2)


def _trick(variant, s, before):
    last = s.last_action
    prev = s.parent
    if last is None or prev is None:
        raise _needs("trick", "a trick in progress, finished by the position's last card",
                     "no card has been led yet")
    if last.kind != "play":
        raise _needs("trick", "a trick finished by the position's last action",
                     f"the last action is {str(last)!r}, not a card")
    if len(s.tricks) <= len(prev.tricks):
        done = len(getattr(s, "trick", ()) or ())
        raise _needs("trick", "a trick finished by the position's last action",
                     f"{last.card} leaves the trick unfinished ({plural(done, 'card')} played to it); write the "
                     f"actions up to the card that completes it")
    why, rules = why_trick(variant, prev, s)
    q = f"{seat_name(prev, prev.to_act)} plays {last.card} to this trick. Who wins it?"
    return Exercise(variant, "trick", q, prev, None, s.tricks[-1].winner, "seat", why, rules, version=2)


def _points(variant, s, before):
    if not getattr(s, "tricks", None) or _phase(s) not in ("play", "over"):
        raise _needs("points", "a trick taken", "no trick has been taken yet" if _phase(s) in ("play", "over")
                     else _where(s))
    seat = s.tricks[-1].winner
    why, rules = why_points(variant, s, seat)
    q = f"How many points (cards and marriages) has {seat_name(s, seat)} now?"
    return Exercise(variant, "points", q, s, None, s.points(seat), "number", why, rules, version=2)


def _marriage(variant, s, before):
    if s.to_act is None or _phase(s) != "play":
        raise _needs("marriage", "a player to act in the play who could declare a marriage", _where(s))
    last = s.last_action
    just = last.value if last is not None and last.kind == "marriage" else None
    hand = s.hands[s.to_act]
    who = seat_name(s, s.to_act)
    suits = [x for x in Suit if x != just and Card.of(x, Rank.KING) in hand and Card.of(x, Rank.QUEEN) in hand]
    if not suits:
        raise _needs("marriage", "a player to act who holds a king and a queen of one suit",
                     f"{who} holds no such pair" + (" besides the marriage just declared" if just else ""))
    suit = suits[0]
    want = Action("marriage", value=suit) in s.legal_actions()
    if want:
        rules = first_rule(variant, ".marriage.lead", ".marriage")
        why = f"{who} is about to lead and may declare it. " + sentence(rule_text(variant, rules[0]) if rules else "")
    else:
        reason, rules = refusal(s, Action("marriage", value=suit))
        why = sentence(reason)
    q = (f"{who} has just declared the {just.symbol} marriage. " if just is not None else "") + \
        f"{who} holds K{suit.symbol} and Q{suit.symbol}. May {who} declare this marriage now?"
    return Exercise(variant, "marriage", q, s, s.to_act, want, "yesno", why.strip(), rules, version=2)


def _bid(variant, s, before):
    last, prev = s.last_action, s.parent
    if last is None or last.kind != "bid" or prev is None:
        raise _needs("bid", "bid cards just set aside: the position's last action must be a bid",
                     "no bid has been made yet" if last is None else f"the last action is {str(last)!r}")
    seat = prev.to_act
    cards, expected = s.bid_cards[seat], s.bids[seat]
    why = (f"{sentence(rule_text(variant, _rule(variant, '.bid')))} {format_cards(cards)} make "
           f"{plural(expected, 'trick')}.")
    q = f"{seat_name(s, seat)} sets aside {format_cards(cards)} as bid cards. What bid (in tricks) do they make?"
    return Exercise(variant, "bid", q, s, seat, expected, "number", why, (_rule(variant, ".bid"),), version=2)


def _finished(kind: str, s):
    if s.result is None:
        raise _needs(kind, "a finished hand", f"this hand is still being played ({_where(s)})")
    return s.result


def _score(variant, s, before):
    res = _finished("score", s)
    gp = getattr(res, "game_points", None)
    if not isinstance(gp, int) or res.winner is None or res.reason not in score_reasons(variant):
        raise _needs("score", "a hand won with game points", "this hand has no winner scoring game points"
                     + (f" ({sentence(res.explanation)[:-1]})" if getattr(res, "explanation", "") else ""))
    q = (f"The hand is over. How many game points does {seat_name(s, res.winner)} score with it, and why? "
         f"Give the number and how the hand was won.")
    return Exercise(variant, "score", q, s, None, (gp, res.reason), "score", sentence(res.explanation),
                    first_rule(variant, ".score"), judge_score, version=2)


def _scores(variant, s, before):
    from .generate_v2 import from_standing, scores501_level, scores_rule_ids
    from .notation import standing_part
    res = _finished("scores", s)
    if getattr(res, "outcome", None) == "thrown_in":
        raise _needs("scores", "a hand that was played", "this one was thrown in, so nobody scores")
    names = tuple(map(str, s.names))
    if not from_standing(s.rules):
        rules = [_rule(variant, ".score")] + ([_rule(variant, ".premium.score")] if res.premium else [])
        bids = ", ".join(f"{n} bid {b} and took {t}" for n, b, t in zip(s.names, res.bids, res.tricks))
        q = (f"The deal is over: {bids}. How many points does each player score for it? One number per "
             f"seat, " + ", ".join(names) + ".")
        why = sentence(res.explanation) + " " + sentence(rule_text(variant, rules[0]))
        return Exercise(variant, "scores", q, s, None, tuple(res.scores), "numbers", why, tuple(rules), version=2)
    part = standing_part(variant)
    if before is None:
        raise _needs("scores", f"the {part.label if part else 'scores'} before the hand",
                     f"the scores after the hand depend on them; add the field 'before' to the position, such "
                     f"as 'before {','.join(str(s.rules.start_score - 20 * i) for i in range(len(names)))}'")
    _, expected, notes = scores501_level(s, tuple(before))
    rules = scores_rule_ids(variant, res, notes)
    standing = ", ".join(f"{n} {x}" for n, x in zip(names, before))
    q = (f"Before this hand the scores stood at {standing} ({s.rules.start_score} is counted down to 0). The "
         f"hand is over: what is each score now? One number per seat, {', '.join(names)}.")
    steps = ", ".join(f"{n} {b} → {a}" for n, b, a in zip(names, before, expected))
    why = sentence(res.explanation) + (" " + sentence(notes) if notes else "") + f" So: {steps}."
    return Exercise(variant, "scores", q, s, None, expected, "numbers", why, tuple(rules), start=tuple(before),
                    version=2)


def _redeal(variant, s, before):
    if _phase(s) != "announce" or s.to_act is None or not any(x.kind == "pass" for x in s.legal_actions()):
        raise _needs("redeal", "a claim to be decided in the announce phase", _where(s))
    grounds = list(redeal_words(variant))
    legal = s.legal_actions()
    holding = [k for k in grounds if Action("redeal", None, k) in legal]
    ground = holding[0] if holding else grounds[0]
    from .generate_v2 import redeal_exercise

    return redeal_exercise(variant, s, ground, bool(holding))


def _eight(variant, s, before):
    from .notation import standing_part
    res = _finished("eight", s)
    if getattr(res, "redeal", None) or not getattr(res, "awards", None):
        raise _needs("eight", "a hand in which a pair scores on its eight",
                     "the hand was thrown in by a redeal claim" if getattr(res, "redeal", None)
                     else "no pair scored an award in this hand")
    v = variants.get(variant)
    part = standing_part(variant)
    start = tuple(before) if before is not None else (0,) * (part.size(len(s.names)) or 1)
    size = s.rules.pips
    names = [f"{s.names[p]} & {s.names[p + 2]}" for p in (0, 1)]
    for pair in sorted({aw.pair for aw in res.awards}):
        game = v.new_game(s.rules, s.dealer, tuple(s.names), **{part.name: list(start)})
        notes = game.add_awards(res.awards)
        if game.last_finished is not None and game.won[pair] == 0:
            continue     # the other pair wins an eight, which starts this pair's afresh [m4.eight]
        expected = game.won[pair] * size + game.eights[pair].pips - start[pair]
        break
    else:
        raise _needs("eight", "a pair whose pips the hand uncovers",
                     "the other pair wins an eight in this hand, which starts both eights afresh")
    parts = [sentence(aw.text) for aw in res.awards] + [sentence(x) for x in notes]
    why = " ".join(parts) + f" An eight has {plural(size, 'pip')}; {names[pair]} uncover {plural(expected, 'pip')}."
    if any(start):
        stood = (f"Before it {names[0]}'s eight showed {plural(start[0], 'pip')} and {names[1]}'s "
                 f"{plural(start[1], 'pip')}.")
    else:
        stood = "Both eights were blank before it."
    q = (f"The hand is over. {stood} How many pips do {names[pair]} uncover on their eight with this hand "
         f"(a won eight counts {size})?")
    return Exercise(variant, "eight", q, s, None, expected, "number", why, (_rule(variant, ".eight"),),
                    start=tuple(start), version=2)


_BUILDERS = {"legal": _legal, "trick": _trick, "points": _points, "marriage": _marriage, "bid": _bid,
             "score": _score, "scores": _scores, "redeal": _redeal, "eight": _eight}


def make_exercise_from_position(position_text: str, kind: str, question: str = "") -> Exercise:
    """The exercise of ``kind`` about the position written in ``position_text`` (the notation of
    :mod:`cardlab.classroom.notation`, with ``before`` where the kind needs the standing before
    the hand), with the generator's question, or ``question`` (an own question text: not empty
    once stripped, at most :data:`MAX_QUESTION` characters, no control characters) in its place.
    Its answer is checked as a generated exercise's is (:meth:`Exercise.check`); its ``level`` is
    the level whose criterion the position meets (:func:`cardlab.classroom.generate_v2.criterion`),
    ``"easy"`` when it meets none; ``version`` is the current generator's.

    Raises
    ------
    PositionError
        For text that is not a position (with the place and field at fault).
    ExerciseError
        For a kind the variant does not have (naming those it has), a kind that does not apply
        to this position (saying why in words: see the module docstring), or a bad own question.
    """
    from .exercises import kinds_for
    from .generate_v2 import criterion
    from .notation import read_position

    if not isinstance(kind, str):
        raise ExerciseError(f"an exercise kind is text such as 'legal', not {type(kind).__name__}")
    own = check_question(question) if question != "" else ""
    state, before = read_position(position_text)
    v = variants.get(state.variant)
    kinds = kinds_for(state.variant)
    if kind not in kinds:
        raise ExerciseError(f"{v.title} has no exercise {kind!r}; its kinds are {', '.join(kinds)}", kind)
    ex = _BUILDERS[kind](state.variant, state, before)
    try:
        level = criterion(ex) or "easy"
    except (CardlabError, StopIteration, LookupError, ValueError, TypeError, AttributeError):
        level = "easy"
    return dataclasses.replace(ex, level=level, **({"question": own} if own else {}))
