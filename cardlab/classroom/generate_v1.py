"""Version 1 of the exercise generator, frozen (issue 20): the exercises every set code without a
version (``66-santase-legal,trick-1234``) gives, from hands dealt from a seed and played on at
random (seeded) by legal actions.

Do not change what this module does: the order and number of its random draws, its candidate
positions and its questions are what old codes on boards, worksheets and lessons depend on
(``tests/classroom/test_classroom_golden.py`` pins them). Only the explanation text it builds (through
the shared helpers of :mod:`cardlab.classroom.verdicts`) may improve. New generation goes into a
new version (:mod:`cardlab.classroom.generate_v2`).
"""

from __future__ import annotations

import random
from typing import Callable

from .. import variants
from ..actions import Action
from ..cards import Card, Rank, Suit, format_cards
from ..errors import CardlabError
from .verdicts import (Exercise, first_rule, judge_legal, judge_score, plural, redeal_words, refusal, rule_text,
                       score_reasons, seat_name, sentence, why_legal, why_points, why_trick)

__all__ = ["make"]


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
    why, rules = why_legal(variant, s)
    q = f"Which cards may {seat_name(s, seat)} play here? (click them)"
    return Exercise(variant, "legal", q, s, seat, expected, "cards", why, rules, judge_legal)


def _build_trick(variant, steps, rng):
    cands = [(s, a, n) for s, a, n in steps if a.kind == "play" and len(n.tricks) > len(s.tricks)]
    if not cands:
        return None
    s, a, n = rng.choice(cands)
    trick = n.tricks[-1]
    why, rules = why_trick(variant, s, n)
    q = f"{seat_name(s, s.to_act)} plays {a.card} to this trick. Who wins it?"
    return Exercise(variant, "trick", q, s, None, trick.winner, "seat", why, rules)


def _build_points(variant, steps, rng):
    cands = [n for s, a, n in steps if n.tricks and getattr(n, "phase", "play") in ("play", "over")]
    if not cands:
        return None
    n = rng.choice(cands)
    players = len(n.hands)
    seat = rng.randrange(players)
    expected = n.points(seat)
    why, rules = why_points(variant, n, seat)
    q = f"How many points (cards and marriages) has {seat_name(n, seat)} now?"
    return Exercise(variant, "points", q, n, None, expected, "number", why, rules)


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
        rules = first_rule(variant, ".marriage.lead", ".marriage")
        why = f"{seat_name(s, s.to_act)} is about to lead and may declare it. " + \
            (sentence(rule_text(variant, rules[0])) if rules else "")
    else:
        why, rules = refusal(s, action)
        why = sentence(why)
    q = f"{seat_name(s, s.to_act)} holds K{suit.symbol} and Q{suit.symbol}. May {seat_name(s, s.to_act)} declare this marriage now?"
    return Exercise(variant, "marriage", q, s, s.to_act, expected, "yesno", why, rules)


def _build_bid(variant, steps, rng):
    cands = [(n, seat) for s, a, n in steps if a.kind == "bid" for seat in (s.to_act,)]
    if not cands:
        return None
    n, seat = rng.choice(cands)
    cards = n.bid_cards[seat]
    expected = n.bids[seat]
    bid_rule = first_rule(variant, ".bid")
    why = f"{sentence(rule_text(variant, bid_rule[0]))} {format_cards(cards)} make {plural(expected, 'trick')}."
    q = f"{seat_name(n, seat)} sets aside {format_cards(cards)} as bid cards. What bid (in tricks) do they make?"
    return Exercise(variant, "bid", q, n, seat, expected, "number", why, bid_rule)


def _build_score(variant, steps, rng):
    end = steps[-1][2]
    res = end.result
    gp = getattr(res, "game_points", None)
    if not isinstance(gp, int) or res.winner is None or res.reason not in score_reasons(variant):
        return None
    why = sentence(res.explanation)
    rules = first_rule(variant, ".score")
    q = (f"The hand is over. How many game points does {seat_name(end, res.winner)} score with it, and why? "
         f"Give the number and how the hand was won.")
    return Exercise(variant, "score", q, end, None, (gp, res.reason), "score", why, rules, judge_score)


def _build_scores(variant, steps, rng):
    end = steps[-1][2]
    res = end.result
    if getattr(end.rules, "start_score", None) is None:     # scores not counted down from a start (as 501's are)
        rules = list(first_rule(variant, ".score")) + (list(first_rule(variant, ".premium.score")) if res.premium
                                                        else [])
        bids = ", ".join(f"{n} bid {b} and took {t}" for n, b, t in zip(end.names, res.bids, res.tricks))
        q = (f"The deal is over: {bids}. How many points does each player score for it? One number per "
             f"seat, " + ", ".join(map(str, end.names)) + ".")
        why = sentence(res.explanation) + " " + sentence(rule_text(variant, rules[0]))
        return Exercise(variant, "scores", q, end, None, tuple(res.scores), "numbers", why, tuple(rules))
    return _build_scores_501(variant, end, rng)


def _standing_501(rules, seats: int, rng) -> tuple:
    """Scores before a 501 hand: each seat's from 1 to the start score, one in four at or under
    the "100 or less" threshold, so that the rule comes up often [501.protect]."""
    top, low = rules.start_score, rules.protect_threshold
    return tuple(rng.randint(1, low) if low and rng.random() < 0.25 else rng.randint((low or 0) + 1, top)
                 for _ in range(seats))


def _build_scores_501(variant, end, rng):
    res = end.result
    before = _standing_501(end.rules, len(end.names), rng)
    game = variants.game_class(variant)(end.rules, end.dealer, end.names, scores=before)
    notes = game.add(end)["note"]
    expected = tuple(game.scores)
    rules = list(first_rule(variant, ".score"))
    if getattr(res, "blind", False):
        rules += first_rule(variant, ".score.blind")
    if res.outcome == "conceded" or "conced" in res.explanation:
        rules += first_rule(variant, ".concede")
    protect = first_rule(variant, ".protect")
    if protect and protect[0] in notes:
        rules += protect
    names = tuple(map(str, end.names))
    standing = ", ".join(f"{n} {x}" for n, x in zip(names, before))
    q = (f"Before this hand the scores stood at {standing} (501 is counted down to 0). The hand is over: what "
         f"is each score now? One number per seat, {', '.join(names)}.")
    steps = ", ".join(f"{n} {b} → {a}" for n, b, a in zip(names, before, expected))
    why = sentence(res.explanation) + (" " + sentence(notes) if notes else "") + f" So: {steps}."
    return Exercise(variant, "scores", q, end, None, expected, "numbers", why, tuple(rules), start=before)


def _build_redeal(variant, steps, rng):
    cands = [s for s, a, n in steps if getattr(s, "phase", "") == "announce"
             and any(x.kind == "pass" for x in s.legal_actions())]
    if not cands:
        return None
    s = rng.choice(cands)
    reasons = [k for k in redeal_words(variant) if Action("redeal", None, k) in s.legal_actions()]
    why_kind = rng.choice(reasons) if reasons and rng.random() < 0.5 else rng.choice(tuple(redeal_words(variant)))
    action = Action("redeal", None, why_kind)
    expected = action in s.legal_actions()
    if expected:
        rules = first_rule(variant, f".redeal.{why_kind}")
        why = f"The claim holds. {sentence(rule_text(variant, rules[0]))}"
    else:
        why, rules = refusal(s, action)
        why = sentence(why)
    q = (f"{seat_name(s, s.to_act)} claims a redeal for {redeal_words(variant)[why_kind]}. Does the claim hold?")
    return Exercise(variant, "redeal", q, s, s.to_act, expected, "yesno", why, rules)


def _build_eight(variant, steps, rng):
    end = steps[-1][2]
    res = end.result
    if res.redeal:
        return None
    pair = rng.randrange(2)
    game = variants.game_class(variant)(end.rules, end.dealer, end.names)
    notes = game.add_awards(res.awards)
    if len({aw.pair for aw in res.awards}) > 1 and game.last_finished is not None:
        return None   # both pairs score and an eight is won: the new eights wipe the other pair's pips [m4.eight]
    size = end.rules.pips
    expected = game.won[pair] * size + game.eights[pair].pips
    pair_name = f"{end.names[pair]} & {end.names[pair + 2]}"
    parts = [sentence(aw.text) for aw in res.awards] + [sentence(x) for x in notes]
    why = " ".join(parts) + f" An eight has {plural(size, 'pip')}; {pair_name} uncover {plural(expected, 'pip')}."
    q = (f"The hand is over. Both eights were blank before it. How many pips do {pair_name} uncover on their "
         f"eight with this hand (a won eight counts {size})?")
    return Exercise(variant, "eight", q, end, None, expected, "number", why, first_rule(variant, ".eight"))


_BUILDERS = {"legal": _build_legal, "trick": _build_trick, "points": _build_points, "marriage": _build_marriage,
             "bid": _build_bid, "score": _build_score, "scores": _build_scores, "redeal": _build_redeal,
             "eight": _build_eight}


def _pass_the_contracts(state, actions):
    """The ordinary game of a variant with an ``"announce"`` phase (four-player Mariage's): every
    player passes the contracts (five, six, fur coat, suit) and three nines, as most hands go; a
    random choice there mostly ends in a contract, where there are no marriages [m4.contract]."""
    if state.phase == "announce":
        return [a for a in actions if a.kind == "pass"]
    return None


#: How the random hands of a kind are played where plain random choice rarely reaches its positions
#: (by kind; each narrows the choice only in the phases it names).
_PREFER: dict[str, Callable] = {"marriage": _pass_the_contracts}


def make(variant: str, kind: str, seed: int, preset: str | None = None) -> Exercise:
    """One exercise of ``kind`` for ``variant`` (registry name) under rule preset ``preset``
    (default: the variant's first), the same for the same arguments. Raises ``ValueError`` for
    an unknown variant, ``KeyError`` for an unknown preset and :class:`CodeError` for a kind
    the variant does not have (checked by :func:`~cardlab.classroom.exercises.make_exercise`)."""
    v = variants.get(variant)
    rules = v.presets[preset] if preset is not None else v.default_rules
    rng = random.Random(f"{variant}/{preset}/{kind}/{seed}")
    prefer = _PREFER.get(kind)
    for _ in range(500):
        ex = _BUILDERS[kind](variant, _random_hand(v, rules, rng, prefer), rng)
        if ex is not None:
            return ex
    raise CardlabError(f"no position for {kind!r} found in 500 random hands of {v.title}")  # pragma: no cover
