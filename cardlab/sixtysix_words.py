"""Sixty-six's explanations in words: each step of a hand (the stepper's text) and why an action
is refused, naming the rule (:data:`cardlab.sixtysix.RULES`).

:class:`cardlab.sixtysix.SixtySixState` calls these two functions from its ``explain`` and
``_why_illegal`` (importing this module when first asked); this module reads a state only through
its attributes and methods and imports nothing of the rules module, so there is no import circle.
Hidden cards (the opponent's hand, the face-down stock) are never named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, action_text, payload_text
from .cards import PACK_24, Card, Rank, Suit
from .errors import IllegalActionError
from .pack24 import CARD_POINTS, marriage_points
from .tricks import explain_duty

if TYPE_CHECKING:
    from .sixtysix import SixtySixRules, SixtySixState

__all__ = ["explain_step", "why_refused"]

_CARD_POINTS = {c: CARD_POINTS[c.rank] for c in PACK_24}  # card -> card points (Trick.card_points)
_PACK_SET = frozenset(PACK_24)


def why_refused(s: "SixtySixState", action) -> IllegalActionError:
    """The refusal of ``action`` (not legal in state ``s``, or no Sixty-six action at all): an
    :class:`~cardlab.errors.IllegalActionError` whose rule is the one it breaks now (a key of
    :data:`cardlab.sixtysix.RULES`: ``66.action`` for a malformed action, ``66.turn``, ``66.hold``,
    ``66.follow`` ...) and whose reason says why in words."""
    if s.result is not None:
        return IllegalActionError("66.turn", "the hand is over; no more actions can be taken")
    malformed = _not_an_action(action)
    if malformed is not None:
        return IllegalActionError("66.action", malformed)
    seat = s.to_act
    name = s.names[seat]
    kind = action.kind
    hand = s.hands[seat]
    leading = not s.trick
    if s.draw_pending:
        return IllegalActionError("66.close", f"{name} won the trick and must first draw, or close the stock "
                                              f"before drawing")
    if s.close_exchange:
        return IllegalActionError("66.exchange", f"the stock was just closed: {name} may exchange the trump "
                                                 f"nine or pass")
    if kind in ("draw", "pass"):
        return IllegalActionError("66.draw" if kind == "draw" else "66.exchange",
                                  f"'{kind}' is only possible right after a trick (draw) or a close (pass) "
                                  f"under rules that allow it")
    if kind == "play":
        c = action.card
        if c not in hand:
            return IllegalActionError("66.hold", f"{name} does not hold {c}")
        if leading and s.pending_marriage is not None:
            return IllegalActionError("66.marriage.led", f"after declaring the {s.pending_marriage.symbol} "
                                                         f"marriage {name} must lead its king or queen")
        duty = explain_duty(c, hand, s.trick, s.trump, s.rules.trick_rules_after_stock)
        if duty is not None:
            key, reason = duty
            return IllegalActionError(f"66.{key}", f"{c} is not allowed: {reason}")
    if not leading and kind in ("marriage", "exchange", "close", "out"):
        return IllegalActionError("66.marriage.lead" if kind == "marriage" else f"66.{kind}",
                                  f"only the player about to lead may {_VERB[kind]}; {name} must play to "
                                  f"the trick")
    if kind == "marriage":
        block = s._marriage_block(seat)
        if block is not None:
            return IllegalActionError(*block)
        suit = action.value
        missing = [str(Card.of(suit, r)) for r in (Rank.KING, Rank.QUEEN) if Card.of(suit, r) not in hand]
        return IllegalActionError("66.marriage.lead", f"a marriage needs the king and queen of "
                                                      f"{suit.symbol}; {name} lacks {' and '.join(missing)}")
    if kind == "exchange":
        why = s._exchange_ok(seat)
        return IllegalActionError(*(why or ("66.exchange", "the exchange is not allowed now")))
    if kind == "close":
        why = s._close_ok()
        return IllegalActionError(*(why or ("66.close", "closing is not allowed now")))
    if kind == "out":
        if s.rules.going_out != "claim":
            return IllegalActionError("66.out", f"under {s.rules.name} the hand ends by itself at 66; "
                                                f"there is nothing to claim")
        return IllegalActionError("66.out", "you can claim 66 only when about to lead, after a trick")
    return IllegalActionError("66.turn", f"{action} is not a legal action now")


#: The kinds of Sixty-six actions [66.action].
_KINDS = ("play", "marriage", "exchange", "close", "out", "draw", "pass")


def _not_an_action(action) -> str | None:
    """Why ``action`` is not an action of Sixty-six at all (wrong kind or payload), or ``None``
    if it is well formed (it may still be illegal now)."""
    if not isinstance(action, Action):
        return f"{action_text(action)} is not an Action"
    kind, card, value = action
    if kind not in _KINDS:
        return (f"'{action_text(action)}' is not a Sixty-six action: play a card, declare a marriage "
                f"(marriage ♥), exchange, close, out, draw or pass")
    if kind == "play":
        if card.__class__ is not Card or card not in _PACK_SET:
            return f"'{action_text(action)}' is not a card play: give one card of the 24-card pack (A 10 K Q J 9)"
        if value is not None:
            return f"a card play ({card}) takes no value, not '{payload_text(value)}'"
    elif kind == "marriage":
        if card is not None or value.__class__ is not Suit:
            return (f"'{action_text(action)}' is not a marriage: a marriage names its suit only "
                    f"(marriage ♥), not a card or a number")
    elif card is not None or value is not None:
        return f"'{action_text(action)}' is not an action: '{kind}' takes no card and no value"
    return None


_VERB = {"marriage": "declare a marriage", "exchange": "exchange the trump nine", "close": "close the stock",
         "out": "claim 66"}


def explain_step(s: "SixtySixState") -> str:
    """Words for the step that led to ``s``: what happened and which rule made it so."""
    names = s.names
    p = s.parent
    if p is None:
        nd = 1 - s.dealer
        order = ("3 cards each, then the turn-up, then 3 more each" if s.rules.deal_order == "3-turn-3"
                 else "6 cards each in two packets of 3, then the 13th card turned")
        return (f"{names[s.dealer]} deals ({order}). Trumps are {s.trump.symbol} (turn-up {s.turnup}); "
                f"the stock holds {s.stock_size} cards. {names[nd]} leads first.")
    a = s.last_action
    seat = p._to_act
    who = names[seat]
    parts: list[str] = []
    if a.kind == "exchange":
        parts.append(f"{who} exchanges the trump nine for the turn-up {p.turnup}.")
    elif a.kind == "close":
        before = " before drawing" if p.draw_pending else ""
        parts.append(f"{who} closes the stock{before} (turns the {p.turnup} down): no more drawing; from now on "
                     f"{_duties(s.rules)}.")
        if s.close_exchange:
            parts.append(f"{names[1 - seat]} holds the trump nine and may exchange it for the {p.turnup} now.")
    elif a.kind == "marriage":
        suit = a.value
        value = marriage_points(suit, s.trump)
        if s.result is not None:
            parts.append(f"{who} declares the marriage K{suit.symbol} Q{suit.symbol}: {value}, which brings "
                         f"{who} to {s.points(seat)} points; no card needs to be led.")
        else:
            pend = "" if s.tricks_won[seat] else " (it counts once they take a trick)"
            parts.append(f"{who} declares the marriage K{suit.symbol} Q{suit.symbol}: {value}{pend} and must lead "
                         f"one of them.")
    elif a.kind == "out":
        parts.append(f"{who} claims 66.")
    elif a.kind == "play":
        if not p.trick:
            parts.append(f"{who} leads {a.card}.")
        else:
            lead = p.trick[0]
            last = s.tricks[-1]
            leader_, winner = last.leader, last.winner
            pts = last.card_points(_CARD_POINTS)
            # the last trick of a hand played out without a close scores its bonus [66.last-trick]
            bonus = s.bonus[winner] - p.bonus[winner]
            extra = f" and {bonus} for the last trick" if bonus else ""
            parts.append(f"{who} plays {a.card} to {names[leader_]}'s {lead}. {names[winner]} wins the trick "
                         f"({pts} card point{'s' if pts != 1 else ''}{extra}; points now {s.points(0)}–{s.points(1)}).")
            if s.draw_pending:
                parts.append(f"{names[winner]} may close the stock before drawing, or draw.")
            elif p.stock_open and s.result is None:
                parts.append(_draw_text(p, s, winner))
    elif a.kind == "draw":
        parts.append(_draw_text(p, s, seat))
    elif a.kind == "pass":
        parts.append(f"{who} keeps the trump nine.")
    if s.result is not None:
        parts.append("Hand over: " + s.result.explanation + ".")
    return " ".join(parts)


def _draw_text(p: "SixtySixState", s: "SixtySixState", winner: int) -> str:
    names = s.names
    loser = 1 - winner
    if p.turnup_in_stock and not s.turnup_in_stock:
        return (f"{names[winner]} draws the last face-down card and {names[loser]} takes the turn-up {p.turnup}: "
                f"the stock is exhausted, so {_duties(s.rules)}.")
    return f"{names[winner]} draws first, then {names[loser]} (stock: {s.stock_size})."


def _duties(rules: "SixtySixRules") -> str:
    d = ["follow suit"]
    if rules.must_head:
        d.append("beat the card led if possible")
    if rules.must_trump:
        d.append("play a trump when out of the suit led")
    return "players must " + ", ".join(d)
