"""501 in words (:mod:`cardlab.russian501`): each step explained and the reason for each
refusal, naming the rule (:data:`cardlab.russian501.RULES`). These functions only read states
and never change them.

:class:`cardlab.russian501.Russian501State` calls them from its ``explain``, ``_why_illegal``
and ``_not_your_turn`` (the rules module imports this one); this module reads a state only
through its attributes and methods (``state._parse`` reads an action's text) and imports
nothing of the rules module, so there is no import circle. Hidden cards (the cards passed by
the bidder, anyone's hand) are never named."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .cards import PACK_24, Card, Rank, format_cards
from .errors import IllegalActionError, NotationError
from .pack24 import CARD_POINTS
from .tricks import explain_duty

if TYPE_CHECKING:
    from .russian501 import Russian501State

__all__ = ["explain_step", "why_illegal", "not_your_turn"]

_CARD_POINTS = {c: CARD_POINTS[c.rank] for c in PACK_24}  # card -> card points (Trick.card_points)


def not_your_turn(state: "Russian501State", seat, a: Action | str) -> IllegalActionError:
    """The refusal of ``a`` (an Action or its text) by ``seat`` when it is not that seat's turn (or
    no seat's): no such seat or the hand over [501.turn], the dealer sitting out [501.players], a
    bid after one's pass [501.pass-final], another's turn [501.turn]."""
    nm = state.names
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(nm):
        return IllegalActionError("501.turn", f"there is no seat {seat!r} at this table")
    if state.result is not None:
        return IllegalActionError("501.turn", "the hand is over; no more actions can be taken")
    if seat not in state.active:
        return IllegalActionError("501.players", f"{nm[seat]} dealt and sits this hand out")
    if state.phase == "bidding" and state.passed[seat] and _kind(state, a) in ("bid", "blind"):
        return IllegalActionError("501.pass-final", f"{nm[seat]} has passed and may not bid again: a pass is "
                                                    f"final")
    return IllegalActionError("501.turn", f"it is {nm[state._to_act]}'s turn, not {nm[seat]}'s")


def _kind(state: "Russian501State", a: Action | str) -> str | None:
    """The kind of ``a``, an Action or its text read by the state's ``_parse`` (``None`` for text
    that is no 501 action)."""
    if isinstance(a, Action):
        return a.kind
    try:
        return state._parse(a).kind
    except NotationError:
        return None


def why_illegal(state: "Russian501State", a: Action) -> IllegalActionError:
    """Why ``a`` (a well-formed 501 action: the rules module refuses a malformed one with
    ``501.action`` first) may not be applied to ``state``: an :class:`IllegalActionError` naming
    the rule it breaks now, with the action written as text."""
    if state.result is not None:
        return IllegalActionError("501.turn", "the hand is over; no more actions can be taken")
    seat = state._to_act
    name = state.names[seat]
    kind = a.kind
    ph = state.phase
    if ph == "bidding":
        return _why_not_in_auction(state, seat, name, a)
    if kind in ("bid", "blind", "pass", "look") and ph in ("give", "play"):
        return IllegalActionError("501.auction", f"the auction is over ({state.names[state.bidder]} won it with "
                                                 f"{state.high_bid}); '{a}' is not possible now")
    if ph == "prikup":
        return IllegalActionError("501.prikup", f"the auction is over: {name} must first turn up and take the "
                                                f"prikup ('take')")
    if ph == "contract":
        return _why_not_contract(state, name, a)
    if ph == "give":
        return _why_not_given(state, name, a)
    return _why_not_played(state, seat, name, a)


def _why_not_in_auction(state: "Russian501State", seat: int, name: str, a: Action) -> IllegalActionError:
    """The refusal during the auction: looking twice [501.look], a blind bid where none is allowed
    [501.blind], a bid out of range or not above the last [501.bid.*], anything else
    [501.auction]."""
    r = state.rules
    kind = a.kind
    if kind == "look":
        return IllegalActionError("501.look", f"{name} has already looked at the cards")
    if kind in ("bid", "blind"):
        n = a.value
        if kind == "blind" and not r.blind_bids:
            return IllegalActionError("501.blind", f"these rules ({r.name}) have no blind bids")
        if kind == "blind" and state.looked[seat]:
            return IllegalActionError("501.blind", f"{name} has looked at the cards, so cannot bid blind "
                                                   f"any more")
        if kind == "bid" and not state.looked[seat]:
            return IllegalActionError("501.look", f"{name} has not looked at the cards yet: 'look' first, "
                                                  f"or bid blind ('blind {n}')")
        if n < r.min_bid:
            return IllegalActionError("501.bid.min", f"a bid of {n} is too low: the lowest bid is "
                                                     f"{r.min_bid}")
        if n > r.max_bid:
            return IllegalActionError("501.bid.max", f"a bid of {n} is above the maximum {r.max_bid}")
        if state.high_bid is not None and n < state.high_bid + r.bid_step:
            return IllegalActionError("501.bid.higher", f"a bid of {n} is too low: it must be higher than "
                                                        f"{state.names[state.high_bidder]}'s {state.high_bid}"
                                                        + (f" by at least {r.bid_step}" if r.bid_step > 1 else ""))
        if (n - r.min_bid) % r.bid_step:
            return IllegalActionError("501.bid.higher", f"bids go up in steps of {r.bid_step} from "
                                                        f"{r.min_bid}; {n} is not one of them")
    return IllegalActionError("501.auction", f"during the auction {name} may only pass, bid"
                                             f"{', bid blind or look' if not state.looked[seat] else ''}; "
                                             f"not '{a}'")


def _why_not_contract(state: "Russian501State", name: str, a: Action) -> IllegalActionError:
    """The refusal while the bidder names the contract: one below the bid or off the steps
    [501.contract], above the maximum [501.bid.max], an auction call [501.auction], anything else
    [501.contract]."""
    kind = a.kind
    if kind == "contract":
        trump, n = a.value
        if n < state.high_bid:
            return IllegalActionError("501.contract", f"a contract of {n} is below the final bid "
                                                      f"{state.high_bid}: name {state.high_bid} or more")
        if n > state.rules.max_bid:
            return IllegalActionError("501.bid.max", f"a contract of {n} is above the maximum {state.rules.max_bid}")
        return IllegalActionError("501.contract", f"contracts go up in steps of {state.rules.bid_step} from the bid "
                                                  f"{state.high_bid}; {n} is not one of them")
    if kind in ("bid", "blind", "pass", "look"):
        return IllegalActionError("501.auction", f"the auction is over ({name} won it with {state.high_bid}); "
                                                 f"name a contract or concede")
    return IllegalActionError("501.contract", f"{name} must now name trumps or no trump and a contract of "
                                              f"at least {state.high_bid} (e.g. 'contract ♠ "
                                              f"{state.high_bid}'), or concede")


def _why_not_given(state: "Russian501State", name: str, a: Action) -> IllegalActionError:
    """The refusal while the bidder passes a card to each opponent [501.give]."""
    to = state.opponents()[len(state.given)]
    if a.kind == "give":
        return IllegalActionError("501.give", f"{name} does not hold {a.card}, so cannot pass it to "
                                              f"{state.names[to]}")
    return IllegalActionError("501.give", f"{name} must now pass one card face down to {state.names[to]} "
                                          f"('give CARD')")


def _why_not_played(state: "Russian501State", seat: int, name: str, a: Action) -> IllegalActionError:
    """The refusal in the play: a marriage not on the lead, a second one, or without its cards
    [501.marriage, 501.marriage.led], a card not held [501.hold] or not its king or queen after a
    marriage [501.marriage.led], a card the trick's duties forbid [501.follow ...], anything else
    [501.turn]."""
    kind = a.kind
    hand = state.hands[seat]
    pm = state.pending_marriage
    if kind == "marriage":
        suit = a.value
        if state.trick:
            return IllegalActionError("501.marriage", f"a marriage can be declared only when leading; {name} "
                                                      f"must play to the trick")
        if pm is not None:
            return IllegalActionError("501.marriage.led", f"{name} has declared the {pm.symbol} marriage and "
                                                          f"must now lead its king or queen (one marriage per "
                                                          f"lead)")
        missing = [str(c) for c in (Card.of(suit, Rank.KING), Card.of(suit, Rank.QUEEN)) if c not in hand]
        return IllegalActionError("501.marriage", f"{name} cannot declare the {suit.symbol} marriage: "
                                                  f"{' and '.join(missing)} not in hand")
    if kind == "play":
        c = a.card
        if c not in hand:
            return IllegalActionError("501.hold", f"{name} does not hold {c}")
        if pm is not None and not state.trick:
            return IllegalActionError("501.marriage.led", f"after declaring the {pm.symbol} marriage {name} "
                                                          f"must lead its king or queen, not {c}")
        duty = explain_duty(c, hand, state.trick, state.trump, state.rules.trick_rules)
        if duty is not None:
            key, reason = duty
            return IllegalActionError(f"501.{key}", f"{c} is not allowed: {reason}")
    return IllegalActionError("501.turn", f"'{a}' is not possible now: {name} must play a card")


def explain_step(s: "Russian501State") -> str:
    """Words for the step that led to ``s``: what happened and which rule made it so. Never names
    a card that is face down (the cards passed by the bidder, anyone's hand)."""
    p = s.parent
    if p is None:
        return _deal_words(s)
    a = s.last_action
    seat = p._to_act
    k = a.kind
    if k == "play":
        parts = _play_words(s, p, s.names[seat], a.card)
    else:
        parts = [_call_words(s, p, seat, a)]
        if k == "take" and s.high_blind:
            parts.append(f"{s.names[seat]} won blind, so the result of this hand counts double.")
        elif k == "give" and s.phase == "play":
            parts.append(f"Everyone holds 8 cards; {s.names[s.active[0]]} (eldest) leads to the first trick.")
    if s.phase == "prikup" and p.phase == "bidding":
        bl = " blind" if s.high_blind else ""
        parts.append(f"The auction is over: {s.names[s.bidder]} won it with {s.high_bid}{bl} and plays alone "
                     f"against the other two.")
    if s.result is not None:
        parts.append("Hand over: " + s.result.explanation + ".")
    return " ".join(parts)


def _deal_words(s: "Russian501State") -> str:
    """The deal (the first state): who deals, who sits out with four at the table, who speaks
    first."""
    nm = s.names
    r = s.rules
    e = s.active[0]
    out = [f"{nm[s.dealer]} deals 7 cards each, one at a time clockwise from {nm[e]}; in each of the first "
           f"three rounds one card goes face down to the prikup (3 cards)."]
    if len(nm) == 4:
        out.append(f"With four at the table the dealer, {nm[s.dealer]}, sits this hand out.")
    blind = " (or, without looking at the cards, bid blind)" if r.blind_bids else ""
    out.append(f"{nm[e]} speaks first: pass or bid at least {r.min_bid}{blind}.")
    return " ".join(out)


def _call_words(s: "Russian501State", p: "Russian501State", seat: int, a: Action) -> str:
    """The sentence for an action that is not a card played: a call of the auction, taking the
    prikup, the contract, conceding, a card given, a marriage declared."""
    who = s.names[seat]
    k = a.kind
    if k == "look":
        return f"{who} looks at the cards; from now on {who}'s bids are not blind."
    if k == "pass":
        return f"{who} passes" + (" and is out of the auction." if s.rules.pass_is_final else ".")
    if k == "bid":
        return f"{who} bids {a.value}."
    if k == "blind":
        return (f"{who} bids {a.value} blind, without looking at the cards: if this wins the auction, "
                f"{who}'s result for the hand is doubled.")
    if k == "take":
        return (f"{who} turns the prikup face up for all to see ({format_cards(s.prikup)}) and takes it: "
                f"{who} now has 10 cards.")
    if k == "contract":
        trump, n = a.value
        tr = "no trump" if s.no_trump else f"trumps {trump.symbol}"
        raised = f" (raised from the bid {s.high_bid})" if n > s.high_bid else ""
        return (f"{who} plays {tr} and a contract of {n}{raised}; next {who} passes one card face down to "
                f"each opponent.")
    if k == "concede":
        return f"{who} concedes: the cards are not played."
    if k == "give":
        return f"{who} passes a card face down to {s.names[s.given[-1][0]]}."
    suit = a.value  # a marriage
    value = s.marriages[-1][2]
    why = ("trumps" if suit == s.trump else ("no trump: every marriage is 20" if s.no_trump else "not trumps"))
    counts = ("" if p.tricks_won[seat] else f"; it counts only if {who} takes a trick")
    return (f"{who} declares the marriage K{suit.symbol} Q{suit.symbol}: {value} ({why}{counts}), and "
            f"must lead its king or queen.")


def _play_words(s: "Russian501State", p: "Russian501State", who: str, card) -> list[str]:
    """The sentences for a card played: led, followed, trumped or discarded, and the trick's
    winner with its card points when it completes the trick."""
    if not p.trick:
        return [f"{who} leads {card}."]
    led = p.trick[0].suit
    if card.suit == led:
        parts = [f"{who} plays {card}."]
    elif s.trump is not None and card.suit == s.trump:
        parts = [f"{who} has no {led.symbol} and trumps with {card}."]
    else:
        no_trump_either = s.trump is not None and led != s.trump      # trumps led: "no ♦" says it already
        parts = [f"{who} has no {led.symbol}" + (" and no trump" if no_trump_either else "") + f", so discards {card}."]
    if not s.trick:
        t = s.tricks[-1]
        pts = t.card_points(_CARD_POINTS)
        bonus = s.rules.last_trick_bonus if len(s.tricks) == 8 else 0
        extra = f" and {bonus} for the last trick" if bonus else ""
        parts.append(f"{s.names[t.winner]} wins the trick ({pts} card point{'s' if pts != 1 else ''}{extra}).")
    return parts
