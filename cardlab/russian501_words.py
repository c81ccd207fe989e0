"""501 in words (:mod:`cardlab.russian501`): each step explained, the reason for each refusal,
and each action's button text. The rules are in :mod:`cardlab.russian501`; these functions only
read states and never change them.

This module imports the rules module; the rules module never imports this one at its top (its
``explain``, ``describe_action`` and refusals import it when first called), so there is no
import circle."""

from __future__ import annotations

from .actions import Action, action_text
from .cards import format_cards
from .errors import IllegalActionError, NotationError
from .pack24 import marriage_points
from .russian501 import (CARD_POINTS_AT, MARRIAGE_CARDS, NO_TRUMP, RULES, Russian501State, malformed_reason,
                         parse_action)
from .tricks import explain_duty

__all__ = ["explain_step", "why_illegal", "not_your_turn", "describe_action"]


def not_your_turn(state: Russian501State, seat, a: Action | str) -> IllegalActionError:
    """The refusal of ``a`` (an Action or its text) by ``seat`` when it is not that seat's turn (or
    no seat's)."""
    nm = state.names
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(nm):
        return IllegalActionError("501.turn", f"there is no seat {seat!r} at this table")
    if state.result is not None:
        return IllegalActionError("501.turn", "the hand is over; no more actions can be taken")
    if seat not in state.active:
        return IllegalActionError("501.players", f"{nm[seat]} dealt and sits this hand out")
    if state.phase == "bidding" and state.passed[seat] and _kind(a) in ("bid", "blind"):
        return IllegalActionError("501.pass-final", f"{nm[seat]} has passed and may not bid again: a pass is "
                                                    f"final")
    return IllegalActionError("501.turn", f"it is {nm[state._to_act]}'s turn, not {nm[seat]}'s")


def _kind(a: Action | str) -> str | None:
    """The kind of ``a``, an Action or its text (``None`` for text that is no 501 action)."""
    if isinstance(a, Action):
        return a.kind
    try:
        return parse_action(a).kind
    except NotationError:
        return None


def why_illegal(state: Russian501State, a: Action) -> IllegalActionError:
    """Why ``a`` may not be applied to ``state``: an :class:`IllegalActionError` naming the rule
    (``501.action`` for an action that is not one of 501's at all), with the action written as
    text."""
    if state.result is not None:
        return IllegalActionError("501.turn", "the hand is over; no more actions can be taken")
    malformed = malformed_reason(a)
    if malformed is not None:
        return IllegalActionError("501.action", malformed)
    seat = state._to_act
    name = state.names[seat]
    r = state.rules
    kind = a.kind
    ph = state.phase
    if ph == "bidding":
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
    if kind in ("bid", "blind", "pass", "look") and ph in ("give", "play"):
        return IllegalActionError("501.auction", f"the auction is over ({state.names[state.bidder]} won it with "
                                                 f"{state.high_bid}); '{a}' is not possible now")
    if ph == "prikup":
        return IllegalActionError("501.prikup", f"the auction is over: {name} must first turn up and take the "
                                                f"prikup ('take')")
    if ph == "contract":
        if kind == "contract":
            trump, n = a.value
            if n < state.high_bid:
                return IllegalActionError("501.contract", f"a contract of {n} is below the final bid "
                                                          f"{state.high_bid}: name {state.high_bid} or more")
            if n > r.max_bid:
                return IllegalActionError("501.bid.max", f"a contract of {n} is above the maximum {r.max_bid}")
            return IllegalActionError("501.contract", f"contracts go up in steps of {r.bid_step} from the bid "
                                                      f"{state.high_bid}; {n} is not one of them")
        if kind in ("bid", "blind", "pass", "look"):
            return IllegalActionError("501.auction", f"the auction is over ({name} won it with {state.high_bid}); "
                                                     f"name a contract or concede")
        return IllegalActionError("501.contract", f"{name} must now name trumps or no trump and a contract of "
                                                  f"at least {state.high_bid} (e.g. 'contract ♠ "
                                                  f"{state.high_bid}'), or concede")
    if ph == "give":
        to = state.opponents()[len(state.given)]
        if kind == "give":
            return IllegalActionError("501.give", f"{name} does not hold {a.card}, so cannot pass it to "
                                                  f"{state.names[to]}")
        return IllegalActionError("501.give", f"{name} must now pass one card face down to {state.names[to]} "
                                              f"('give CARD')")
    # play
    if seat != state._to_act:  # pragma: no cover - the seat is always the one to act
        return IllegalActionError("501.turn", "not your turn")
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
        missing = [str(c) for c in MARRIAGE_CARDS[suit] if c not in hand]
        return IllegalActionError("501.marriage", f"{name} cannot declare the {suit.symbol} marriage: "
                                                  f"{' and '.join(missing)} not in hand")
    if kind == "play":
        c = a.card
        if c not in hand:
            return IllegalActionError("501.hold", f"{name} does not hold {c}")
        if pm is not None and not state.trick:
            return IllegalActionError("501.marriage.led", f"after declaring the {pm.symbol} marriage {name} "
                                                          f"must lead its king or queen, not {c}")
        duty = explain_duty(c, hand, state.trick, state.trump, r.trick_rules)
        if duty is not None:
            key, reason = duty
            return IllegalActionError(f"501.{key}", f"{c} is not allowed: {reason}")
    return IllegalActionError("501.turn", f"'{a}' is not possible now: {name} must play a card")


def explain_step(s: Russian501State) -> str:
    """Words for the step that led to ``s``: what happened and which rule made it so. Never names
    a card that is face down (the cards passed by the bidder, anyone's hand)."""
    nm = s.names
    p = s.parent
    r = s.rules
    if p is None:
        e = s.active[0]
        out = [f"{nm[s.dealer]} deals 7 cards each, one at a time clockwise from {nm[e]}; in each of the first "
               f"three rounds one card goes face down to the prikup (3 cards)."]
        if len(nm) == 4:
            out.append(f"With four at the table the dealer, {nm[s.dealer]}, sits this hand out.")
        blind = " (or, without looking at the cards, bid blind)" if r.blind_bids else ""
        out.append(f"{nm[e]} speaks first: pass or bid at least {r.min_bid}{blind}.")
        return " ".join(out)
    a = s.last_action
    seat = p._to_act
    who = nm[seat]
    k = a.kind
    parts: list[str] = []
    if k == "look":
        parts.append(f"{who} looks at the cards; from now on {who}'s bids are not blind.")
    elif k == "pass":
        parts.append(f"{who} passes" + (" and is out of the auction." if r.pass_is_final else "."))
    elif k == "bid":
        parts.append(f"{who} bids {a.value}.")
    elif k == "blind":
        parts.append(f"{who} bids {a.value} blind, without looking at the cards: if this wins the auction, "
                     f"{who}'s result for the hand is doubled.")
    elif k == "take":
        parts.append(f"{who} turns the prikup face up for all to see ({format_cards(s.prikup)}) and takes it: "
                     f"{who} now has 10 cards.")
        if s.high_blind:
            parts.append(f"{who} won blind, so the result of this hand counts double.")
    elif k == "contract":
        trump, n = a.value
        tr = "no trump" if trump == NO_TRUMP else f"trumps {trump.symbol}"
        raised = f" (raised from the bid {s.high_bid})" if n > s.high_bid else ""
        parts.append(f"{who} plays {tr} and a contract of {n}{raised}; next {who} passes one card face down to "
                     f"each opponent.")
    elif k == "concede":
        parts.append(f"{who} concedes: the cards are not played.")
    elif k == "give":
        to = s.given[-1][0]
        parts.append(f"{who} passes a card face down to {nm[to]}.")
        if s.phase == "play":
            parts.append(f"Everyone holds 8 cards; {nm[s.active[0]]} (eldest) leads to the first trick.")
    elif k == "marriage":
        suit = a.value
        value = s.marriages[-1][2]
        why = ("trumps" if suit == s.trump else ("no trump: every marriage is 20" if s.no_trump else "not trumps"))
        counts = ("" if p.tricks_won[seat] else f"; it counts only if {who} takes a trick")
        parts.append(f"{who} declares the marriage K{suit.symbol} Q{suit.symbol}: {value} ({why}{counts}), and "
                     f"must lead its king or queen.")
    elif k == "play":
        card = a.card
        if not p.trick:
            parts.append(f"{who} leads {card}.")
        else:
            led = p.trick[0].suit
            if card.suit == led:
                parts.append(f"{who} plays {card}.")
            elif s.trump is not None and card.suit == s.trump:
                parts.append(f"{who} has no {led.symbol} and trumps with {card}.")
            else:
                parts.append(f"{who} has no {led.symbol}" + ("" if s.trump is None else " and no trump")
                             + f", so discards {card}.")
            if not s.trick:
                t = s.tricks[-1]
                pts = t.card_points(CARD_POINTS_AT)
                bonus = r.last_trick_bonus if len(s.tricks) == 8 else 0
                extra = f" and {bonus} for the last trick" if bonus else ""
                parts.append(f"{nm[t.winner]} wins the trick ({pts} card point{'s' if pts != 1 else ''}{extra}).")
    if s.phase == "prikup" and p.phase == "bidding":
        bl = " blind" if s.high_blind else ""
        parts.append(f"The auction is over: {nm[s.bidder]} won it with {s.high_bid}{bl} and plays alone against "
                     f"the other two.")
    if s.result is not None:
        parts.append("Hand over: " + s.result.explanation + ".")
    return " ".join(parts)


def describe_action(action: Action, state: "Russian501State | None" = None):
    """How a front end shows ``action``: its group (one of ``variants.ACTION_GROUPS``), a short
    button label in the rule's words and a one-line help naming the rule.

    ``"A♠"`` (a card played), ``"Declare marriage ♥ (40)"`` (the value when ``state`` is
    given), ``"Look at my cards"``, ``"Pass"``, ``"Bid 70"``, ``"Bid 70 blind"``, ``"Take the
    prikup"``, ``"Contract ♠ 80"`` / ``"Contract no trump 80"``, ``"Concede"``, ``"Give J♣ to
    Boris"``. Raises nothing: an action that is not one of 501's is shown by its text in the
    group ``"other"``."""
    from .variants import ActionText

    if malformed_reason(action) is not None:
        return ActionText("other", action_text(action), "")
    kind, card, value = action
    if kind == "play":
        return ActionText("card", str(card), f"Play {card}. [rule 501.hold]")
    if kind == "marriage":
        trump = getattr(state, "trump", None)
        pts = "" if state is None or state.phase != "play" else f" ({marriage_points(value, trump)})"
        return ActionText("marriage", f"Declare marriage {value.symbol}{pts}",
                          f"Show K{value.symbol} and Q{value.symbol} (40 in trumps, 20 otherwise; they count once "
                          f"you take a trick), then lead one of them. [rule 501.marriage]")
    if kind in ("bid", "blind"):
        label = f"Bid {value}" + (" blind" if kind == "blind" else "")
        return ActionText("bid", label, f"{RULES['501.blind' if kind == 'blind' else '501.bid.higher'][0]} "
                                        f"[rule {'501.blind' if kind == 'blind' else '501.bid.higher'}]")
    if kind == "contract":
        trump, n = value
        tr = "no trump" if trump == NO_TRUMP else trump.symbol
        return ActionText("contract", f"Contract {tr} {n}", f"{RULES['501.contract'][0]} [rule 501.contract]")
    if kind == "give":
        to = ""
        if state is not None and state.phase == "give" and len(state.given) < 2:
            to = f" to {state.names[state.opponents()[len(state.given)]]}"
        return ActionText("give", f"Give {card}{to}", f"Pass {card} face down{to}. [rule 501.give]")
    if kind == "pass":
        final = getattr(getattr(state, "rules", None), "pass_is_final", True)
        rule = "501.pass-final" if final else "501.auction"
        return ActionText("pass", "Pass", ("Pass: out of the auction (a pass is final). " if final else
                                           "Pass (you may bid again later). ") + f"[rule {rule}]")
    group, label, rule = {"look": ("stock", "Look at my cards", "501.look"),
                          "take": ("stock", "Take the prikup", "501.prikup"),
                          "concede": ("contract", "Concede", "501.concede")}[kind]
    return ActionText(group, label, f"{RULES[rule][0]} [rule {rule}]")
