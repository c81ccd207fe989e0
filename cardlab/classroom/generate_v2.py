"""Version 2 of the exercise generator (issue 20): positions from hands played by the rule-based
players, chosen by difficulty level so that the answer takes thought.

Every hand is dealt from the seed and played by the variant's rule-based computer player at every
seat (``variants.get(name).make_player("heuristic", seed)``), so auctions, contracts and play are
realistic (501: few blind bids, bids of 200 or more rare). The positions of the hand that meet
the level's criterion for the kind are the candidates; one is drawn. A hand with none is replaced
by the next hand of the same seed, at most :data:`MAX_HANDS` times. For the yes/no kinds the
answer wanted is drawn first (yes or no, even odds), so that neither answer can be guessed.

Criteria, per kind and level (checked by ``tests/classroom/test_classroom_distribution.py``):

=========== ============================================== ===============================================
kind        easy                                           harder
=========== ============================================== ===============================================
``legal``   1 or 2 of the player's cards are refused       3 or more cards refused and 2 or more allowed
``trick``   every card of the trick is of the suit led     a card not of the suit led is played to it
            (the highest card of that suit wins)           (a trump, or a card thrown off)
``points``  the seat has taken 1 to 3 tricks and has only  a marriage or the last-trick bonus counts for
            their cards' points                            the seat, or it has taken 4 tricks or more
``marriage``asked in the first 2 tricks, where whose lead   asked after 2 tricks or more (Sixty-six: the
            it is decides (yes: the player is about to     stock closed or nearly gone), or refused though
            lead; no: another player has led)              the player is about to lead (the first lead,
                                                           a closed stock, one marriage per lead)
``bid``     the bid is 0 to 3 tricks, the bid cards are of the bid is 4 tricks or more, the bid cards are
            one or two suits and none is the joker         of three suits, or one is the joker
``score``   the winner reached 66 points (or, where        a marriage or the last-trick bonus counts for
            every trick is played, took the most) with     the winner, or the hand was decided another
            the cards of his tricks alone                  way (a closed stock, the last trick)
``scores``  501: the contract was played, not blind, and   501: a blind bid, a concession or the 100-or-
            the 100-or-less rule does not apply; Ninety-   less rule counts; Ninety-Nine: two or three
            Nine: one player made the bid, no premium      players made their bid, or none, or a premium
``redeal``  the claim is for fewer than 13 card points     the claim is for the pair's trumps or for the
            (the player counts the hand)                   four nines
``eight``   the hand makes one award (the play: 66 or the  more than one award (three nines besides the
            last trick) and fills no eight                 play, for one pair or both), or an eight is
                                                           filled (the pips carry over or it is won)
=========== ============================================== ===============================================

Besides the level, every kind avoids the trivial: "legal" always refuses a card; "points" never
asks about 0 card points; "score", "eight" and "bid", where most hands end the same way, take
:data:`SPREAD` qualifying hands and ask about one of their different answers, drawn at even odds.

A published version's exercises never change (``tests/classroom/test_classroom_golden.py``); a change to
what this module draws or how goes into a new version.
"""

from __future__ import annotations

import importlib
import random
from typing import Callable

from .. import variants
from ..actions import Action
from ..cards import Card, Rank, Suit, format_cards
from ..errors import CardlabError
from .verdicts import (Exercise, first_rule, judge_legal, judge_score, plural, redeal_words, refusal, rule_text,
                       score_reasons, seat_name, sentence, why_legal, why_points, why_trick)

__all__ = ["make", "MAX_HANDS", "criterion"]

#: Hands tried per exercise before the generator gives up (it never has in the tests).
MAX_HANDS = 400


def _played_hand(v, rules, rng: random.Random, stop: Callable | None = None) -> list:
    """One hand dealt from ``rng`` and played by the rule-based player at every seat: a list of
    ``(state, action, next state)``, up to the end of the hand or the first state for which
    ``stop(state)`` is true (a kind that needs no later position; the draws from ``rng`` are the
    same either way)."""
    # four players whatever the table (the largest table seats four; a fixed number keeps the draws fixed)
    players = [v.make_player("heuristic", rng.randrange(2 ** 31)) for _ in range(4)]
    s = v.deal(rules, rng.randrange(v.players), seed=rng.randrange(2 ** 31))
    steps = []
    while s.to_act is not None and not (stop and stop(s)):
        a = players[s.to_act].choose(s.view(s.to_act))
        n = s.apply(a)
        steps.append((s, a, n))
        s = n
    return steps


def _rule(variant: str, suffix: str) -> str:
    """The id of the variant's rule ending in ``suffix`` (``".score"`` -> ``"501.score"``), read
    from its ``RULES``; ``""`` if it has none."""
    found = first_rule(variant, suffix)
    return found[0] if found else ""


def from_standing(rules) -> bool:
    """Whether the variant's scores run from a standing the question must give (a start score
    counted down, as in 501: ``rules.start_score``), read from the rule set."""
    return getattr(rules, "start_score", None) is not None


def _in_play(s) -> bool:
    return getattr(s, "phase", "play") == "play" and s.to_act is not None


def _card_points(variant: str) -> dict:
    """The variant's card values by rank (its module's ``CARD_POINTS``)."""
    return importlib.import_module(variants.get(variant).module).CARD_POINTS


# -- criteria ---------------------------------------------------------------------------------------
def legal_split(s) -> tuple[frozenset, frozenset]:
    """``(allowed, refused)``: the cards of the player to act the engine accepts and refuses."""
    seat = s.to_act
    allowed = frozenset(x.card for x in s.legal_actions() if x.kind == "play")
    return allowed, frozenset(s.hands[seat]) - allowed


def _legal_level(s) -> str | None:
    allowed, refused = legal_split(s)
    if 1 <= len(refused) <= 2 and allowed:
        return "easy"
    if len(refused) >= 3 and len(allowed) >= 2:
        return "harder"
    return None


def _trick_level(trick) -> str:
    lead = trick.lead.suit
    return "easy" if all(c.suit == lead for c in trick.played) else "harder"


def points_parts(state, seat: int, variant: str) -> tuple[int, int, int]:
    """``(tricks taken, card points of their cards, points besides: marriages and the
    last-trick bonus)`` of ``seat`` now (read from the engine's ``points``)."""
    values = _card_points(variant)
    won = [t for t in state.tricks if t.winner == seat]
    cards = sum(values[c.rank] for t in won for c in t.played)
    return len(won), cards, state.points(seat) - cards


def _points_level(state, seat, variant) -> str | None:
    tricks, cards, extra = points_parts(state, seat, variant)
    if cards + extra <= 0:
        return None
    if extra == 0 and 1 <= tricks <= 3:
        return "easy"
    if extra > 0 or tricks >= 4:
        return "harder"
    return None


#: Tricks played before a marriage question counts as "harder" (later in the hand).
MARRIAGE_LATE = 2


def _marriage_level(s, suit) -> str:
    refused_on_lead = not s.trick and Action("marriage", value=suit) not in s.legal_actions()
    return "harder" if len(s.tricks) >= MARRIAGE_LATE or refused_on_lead else "easy"


def _bid_level(cards, expected) -> str:
    joker = any(c.is_joker for c in cards)
    return "easy" if expected <= 3 and not joker and len({c.suit for c in cards}) < 3 else "harder"


def _score_level(end, variant) -> str:
    res = end.result
    if res.reason in ("66", "most_points") and points_parts(end, res.winner, variant)[2] == 0:
        return "easy"
    return "harder"


def _redeal_level(why_kind: str) -> str:
    return "easy" if why_kind == "points" else "harder"


def _scores99_level(res) -> str:
    return "easy" if res.successes == 1 and res.premium is None else "harder"


def scores501_level(end, before) -> tuple:
    """``(level, scores after, notes)`` of a 501 hand played from the scores ``before`` (the
    variant's score keeper, from the registry)."""
    res = end.result
    game = variants.game_class(end.variant)(end.rules, end.dealer, end.names, scores=before)
    notes = game.add(end)["note"]
    protect = _rule(end.variant, ".protect")
    hard = bool(getattr(res, "blind", False)) or res.outcome == "conceded" or bool(protect and protect in notes)
    return ("harder" if hard else "easy"), tuple(game.scores), notes


def _eight_level(end, pair) -> tuple:
    """``(level or None, pips uncovered, notes)`` for ``pair`` after a four-player hand, both
    eights blank before it (``None``: the question does not arise)."""
    res = end.result
    if res.redeal or not any(aw.pair == pair for aw in res.awards):
        return None, 0, ()
    game = variants.game_class(end.variant)(end.rules, end.dealer, end.names)   # the keeper with the eights
    notes = game.add_awards(res.awards)
    if len({aw.pair for aw in res.awards}) > 1 and game.last_finished is not None:
        return None, 0, ()   # both pairs score and an eight is won: the new eights wipe the other's pips [m4.eight]
    size = end.rules.pips
    expected = game.won[pair] * size + game.eights[pair].pips
    return ("harder" if len(res.awards) > 1 or expected >= size else "easy"), expected, tuple(notes)


def criterion(ex: Exercise) -> str | None:
    """The level whose criterion ``ex`` meets (``"easy"``, ``"harder"``) or ``None``, worked out
    again from the exercise's position and question (for the tests)."""
    s, v = ex.state, ex.variant
    if ex.kind == "legal":
        return _legal_level(s)
    if ex.kind == "trick":
        card = next(c for c in s.hands[s.to_act] if f" plays {c} " in ex.question)
        return _trick_level(s.apply(Action("play", card)).tricks[-1])
    if ex.kind == "points":
        seat = next(i for i, n in enumerate(s.names) if f"has {n} now" in ex.question)
        return _points_level(s, seat, v)
    if ex.kind == "marriage":
        return _marriage_level(s, next(x for x in Suit if f"K{x.symbol} and Q{x.symbol}" in ex.question))
    if ex.kind == "bid":
        return _bid_level(s.bid_cards[ex.seat], ex.expected)
    if ex.kind == "score":
        return _score_level(s, v)
    if ex.kind == "scores" and not from_standing(s.rules):
        return _scores99_level(s.result)
    if ex.kind == "scores":
        return scores501_level(s, ex.start)[0]
    if ex.kind == "redeal":
        return _redeal_level(next(k for k, w in redeal_words(ex.variant).items() if w in ex.question))
    if ex.kind == "eight":
        pair = 0 if f"do {s.names[0]} & {s.names[2]} uncover" in ex.question else 1
        return _eight_level(s, pair)[0]
    raise ValueError(ex.kind)


# -- builders -------------------------------------------------------------------------------------
def _build_legal(variant, steps, rng, level, want):
    cands = [s for s, a, n in steps if _in_play(s) and any(x.kind == "play" for x in s.legal_actions())
             and _legal_level(s) == level]
    if not cands:
        return None
    s = rng.choice(cands)
    seat = s.to_act
    expected = legal_split(s)[0]
    why, rules = why_legal(variant, s)
    q = f"Which cards may {seat_name(s, seat)} play here? (click them)"
    return Exercise(variant, "legal", q, s, seat, expected, "cards", why, rules, judge_legal, level=level, version=2)


def _build_trick(variant, steps, rng, level, want):
    cands = [(s, a, n) for s, a, n in steps if a.kind == "play" and len(n.tricks) > len(s.tricks)
             and _trick_level(n.tricks[-1]) == level]
    if not cands:
        return None
    s, a, n = rng.choice(cands)
    why, rules = why_trick(variant, s, n)
    q = f"{seat_name(s, s.to_act)} plays {a.card} to this trick. Who wins it?"
    return Exercise(variant, "trick", q, s, None, n.tricks[-1].winner, "seat", why, rules, level=level, version=2)


def _build_points(variant, steps, rng, level, want):
    cands = [(n, seat) for s, a, n in steps if n.tricks and getattr(n, "phase", "play") in ("play", "over")
             for seat in range(len(n.hands)) if _points_level(n, seat, variant) == level]
    if not cands:
        return None
    n, seat = rng.choice(cands)
    why, rules = why_points(variant, n, seat)
    q = f"How many points (cards and marriages) has {seat_name(n, seat)} now?"
    return Exercise(variant, "points", q, n, None, n.points(seat), "number", why, rules, level=level, version=2)


def _build_marriage(variant, steps, rng, level, want):
    cands = []
    for s, a, n in steps:
        if not _in_play(s):
            continue
        last = s.actions()[-1:]
        just = last[0].value if last and last[0].kind == "marriage" else None
        hand = s.hands[s.to_act]
        for suit in Suit:
            if suit == just or Card.of(suit, Rank.KING) not in hand or Card.of(suit, Rank.QUEEN) not in hand:
                continue      # (not the marriage just declared: that would be declaring it twice)
            if (Action("marriage", value=suit) in s.legal_actions()) == want and _marriage_level(s, suit) == level:
                cands.append((s, suit, just))
    if not cands:
        return None
    s, suit, just = rng.choice(cands)
    action = Action("marriage", value=suit)
    who = seat_name(s, s.to_act)
    if want:
        rules = first_rule(variant, ".marriage.lead", ".marriage")
        why = f"{who} is about to lead and may declare it. " + \
            sentence(rule_text(variant, rules[0]) if rules else "")
    else:
        reason, rules = refusal(s, action)
        why = sentence(reason)
    q = (f"{who} has just declared the {just.symbol} marriage. " if just is not None else "") + \
        f"{who} holds K{suit.symbol} and Q{suit.symbol}. May {who} declare this marriage now?"
    return Exercise(variant, "marriage", q, s, s.to_act, want, "yesno", why.strip(), rules, level=level, version=2)


def _build_bid(variant, steps, rng, level, want):
    cands = [(n, s.to_act) for s, a, n in steps if a.kind == "bid"
             and _bid_level(n.bid_cards[s.to_act], n.bids[s.to_act]) == level]
    if not cands:
        return None
    n, seat = rng.choice(cands)
    cards = n.bid_cards[seat]
    expected = n.bids[seat]
    why = (f"{sentence(rule_text(variant, _rule(variant, '.bid')))} {format_cards(cards)} make "
           f"{plural(expected, 'trick')}.")
    q = f"{seat_name(n, seat)} sets aside {format_cards(cards)} as bid cards. What bid (in tricks) do they make?"
    return Exercise(variant, "bid", q, n, seat, expected, "number", why, (_rule(variant, ".bid"),), level=level,
                    version=2)


def _build_score(variant, steps, rng, level, want):
    end = steps[-1][2]
    res = end.result
    gp = getattr(res, "game_points", None)
    if (not isinstance(gp, int) or res.winner is None or res.reason not in score_reasons(variant)
            or _score_level(end, variant) != level):
        return None
    rules = first_rule(variant, ".score")
    q = (f"The hand is over. How many game points does {seat_name(end, res.winner)} score with it, and why? "
         f"Give the number and how the hand was won.")
    return Exercise(variant, "score", q, end, None, (gp, res.reason), "score", sentence(res.explanation), rules,
                    judge_score, level=level, version=2)


def _build_scores(variant, steps, rng, level, want):
    end = steps[-1][2]
    res = end.result
    if getattr(res, "outcome", None) == "thrown_in":
        return None
    if not from_standing(end.rules):
        if _scores99_level(res) != level:
            return None
        rules = [_rule(variant, ".score")] + ([_rule(variant, ".premium.score")] if res.premium else [])
        bids = ", ".join(f"{n} bid {b} and took {t}" for n, b, t in zip(end.names, res.bids, res.tricks))
        q = (f"The deal is over: {bids}. How many points does each player score for it? One number per "
             f"seat, " + ", ".join(map(str, end.names)) + ".")
        why = sentence(res.explanation) + " " + sentence(rule_text(variant, rules[0]))
        return Exercise(variant, "scores", q, end, None, tuple(res.scores), "numbers", why, tuple(rules),
                        level=level, version=2)
    for _ in range(8):
        before = _standing_501(end.rules, len(end.names), rng, 0.1 if level == "easy" else 0.5)
        got, expected, notes = scores501_level(end, before)
        if got == level:
            break
    else:
        return None
    rules = scores_rule_ids(variant, res, notes)
    names = tuple(map(str, end.names))
    standing = ", ".join(f"{n} {x}" for n, x in zip(names, before))
    q = (f"Before this hand the scores stood at {standing} (501 is counted down to 0). The hand is over: what "
         f"is each score now? One number per seat, {', '.join(names)}.")
    steps = ", ".join(f"{n} {b} → {a}" for n, b, a in zip(names, before, expected))
    why = sentence(res.explanation) + (" " + sentence(notes) if notes else "") + f" So: {steps}."
    return Exercise(variant, "scores", q, end, None, expected, "numbers", why, tuple(rules), start=before,
                    level=level, version=2)


def scores_rule_ids(variant: str, res, notes) -> list[str]:
    """The rule ids deciding a hand's scores from a standing (501): the score rule, and as the hand
    needs them the blind, concession and protection (<= 100) rules; ``res`` is the hand's result,
    ``notes`` the scoring notes of :func:`scores501_level`."""
    rules = [_rule(variant, ".score")]
    if getattr(res, "blind", False):
        rules.append(_rule(variant, ".score.blind"))
    if res.outcome == "conceded":
        rules.append(_rule(variant, ".concede"))
    if _rule(variant, ".protect") and _rule(variant, ".protect") in notes:
        rules.append(_rule(variant, ".protect"))
    return rules


def _standing_501(rules, seats: int, rng, low_share: float) -> tuple:
    """Scores before a 501 hand: each seat's from 1 to the start score, ``low_share`` of them at
    or under the "100 or less" threshold [501.protect]."""
    top, low = rules.start_score, rules.protect_threshold
    return tuple(rng.randint(1, low) if low and rng.random() < low_share else rng.randint((low or 0) + 1, top)
                 for _ in range(seats))


def _build_redeal(variant, steps, rng, level, want):
    kinds = [k for k in redeal_words(variant) if _redeal_level(k) == level]
    cands = []
    for s, a, n in steps:
        if getattr(s, "phase", "") != "announce" or not any(x.kind == "pass" for x in s.legal_actions()):
            continue
        for k in kinds:
            if (Action("redeal", None, k) in s.legal_actions()) == want:
                cands.append((s, k))
    if not cands:
        return None
    s, why_kind = rng.choice(cands)
    return redeal_exercise(variant, s, why_kind, want, level=level)


def redeal_exercise(variant: str, s, ground: str, want: bool, **extra) -> Exercise:
    """The "does this redeal claim hold?" exercise for the seat to act in ``s`` claiming ``ground``
    (a key of the variant's redeal words); ``want`` is whether the claim holds (the expected
    answer). The explanation quotes the rule that allows it, or the refusal naming the rule that
    forbids it. ``extra``: further Exercise fields (``level``)."""
    if want:
        rules = (_rule(variant, f".redeal.{ground}"),)
        why = f"The claim holds. {sentence(rule_text(variant, rules[0]))}"
    else:
        reason, rules = refusal(s, Action("redeal", None, ground))
        why = sentence(reason)
    q = f"{seat_name(s, s.to_act)} claims a redeal for {redeal_words(variant)[ground]}. Does the claim hold?"
    return Exercise(variant, "redeal", q, s, s.to_act, want, "yesno", why, rules, version=2, **extra)


def _build_eight(variant, steps, rng, level, want):
    end = steps[-1][2]
    res = end.result
    if res.redeal or not res.awards:
        return None
    pair = rng.choice(sorted({aw.pair for aw in res.awards}))
    got, expected, notes = _eight_level(end, pair)
    if got != level:
        return None
    size = end.rules.pips
    pair_name = f"{end.names[pair]} & {end.names[pair + 2]}"
    parts = [sentence(aw.text) for aw in res.awards] + [sentence(x) for x in notes]
    why = " ".join(parts) + f" An eight has {plural(size, 'pip')}; {pair_name} uncover {plural(expected, 'pip')}."
    q = (f"The hand is over. Both eights were blank before it. How many pips do {pair_name} uncover on their "
         f"eight with this hand (a won eight counts {size})?")
    return Exercise(variant, "eight", q, end, None, expected, "number", why, (_rule(variant, ".eight"),),
                    level=level, version=2)


_BUILDERS = {"legal": _build_legal, "trick": _build_trick, "points": _build_points, "marriage": _build_marriage,
             "bid": _build_bid, "score": _build_score, "scores": _build_scores, "redeal": _build_redeal,
             "eight": _build_eight}


#: Kinds whose answer is drawn first, yes or no at even odds.
YES_NO = ("marriage", "redeal")

#: Kinds with one position per hand whose answers bunch (most hands end the same way): the
#: generator takes this many qualifying hands, draws one of their different answers at even
#: odds, and asks the first hand with it.
SPREAD = {"score": 5, "eight": 3, "bid": 3}


#: Where a kind's positions end: the hand is played no further (bid cards are all set aside
#: before the first card is played).
STOP: dict[str, Callable] = {"bid": lambda s: getattr(s, "phase", "") not in ("bidding", "deal")}


def _key(ex: Exercise):
    return ex.expected


def make(variant: str, kind: str, seed: int, preset: str | None, level: str) -> Exercise:
    """One version-2 exercise (see the module docstring); arguments as for
    :func:`~cardlab.classroom.exercises.make_exercise`, which checks them."""
    v = variants.get(variant)
    name = preset if preset is not None else next(iter(v.presets))
    rules = v.presets[name]
    rng = random.Random(f"v2/{variant}/{name}/{kind}/{level}/{seed}")
    want = rng.random() < 0.5 if kind in YES_NO else None
    found: list = []
    for _ in range(MAX_HANDS):
        ex = _BUILDERS[kind](variant, _played_hand(v, rules, rng, STOP.get(kind)), rng, level, want)
        if ex is None:
            continue
        found.append(ex)
        if len(found) >= SPREAD.get(kind, 1):
            break
    if not found:
        raise CardlabError(f"no {level} position for {kind!r} found in {MAX_HANDS} hands of {v.title} "
                           f"({name} rules)")  # pragma: no cover
    answers = list(dict.fromkeys(_key(ex) for ex in found))
    pick = rng.choice(answers)
    return next(ex for ex in found if _key(ex) == pick)
