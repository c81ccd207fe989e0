"""Ninety-Nine's explanations in words: each step of a deal (the stepper's text) and why an
action is refused, naming the rule (:data:`cardlab.ninetynine.RULES`).

The rules module :mod:`cardlab.ninetynine` imports these two functions for
``NinetyNineState.explain`` and ``_why_illegal``; this module reads a state only through its
attributes and methods and imports nothing of the rules module, so there is no import circle.
Hidden cards (bid cards laid aside face down) are never named.
"""

from __future__ import annotations

from .actions import Action
from .cards import JOKER, format_cards
from .errors import IllegalActionError

__all__ = ["explain_step", "why_refused"]


def why_refused(s: "NinetyNineState", action: Action) -> IllegalActionError:
    """The refusal of ``action`` (well formed, not legal in state ``s``): an
    :class:`~cardlab.errors.IllegalActionError` whose rule is the one it breaks now (99.turn,
    99.bid, 99.premium, 99.hold or 99.follow) and whose reason says why in words."""
    if s.result is not None:
        return IllegalActionError("99.turn", "the deal is over; no more actions can be taken")
    seat = s.to_act
    name = s.names[seat]
    kind = action.kind
    if s.phase == "bidding":
        if kind != "bid":
            return IllegalActionError("99.bid", f"first every player lays aside three bid cards; {name} is to bid "
                                                f"(e.g. 'bid {format_cards(s.hands[seat][:3])}')")
        cards = action.value if isinstance(action.value, tuple) else ()
        if len(cards) != 3:
            return IllegalActionError("99.bid", f"lay aside exactly three cards as bid cards, not {len(cards)}")
        if len(set(cards)) != 3:
            return IllegalActionError("99.bid", f"the same card is named twice in {format_cards(cards)}")
        missing = [c for c in cards if c not in s.hands[seat]]
        return IllegalActionError("99.bid", f"{name} does not hold {format_cards(missing)}")
    if kind == "bid":
        return IllegalActionError("99.bid", f"{name} has already laid aside bid cards; bids cannot be changed")
    if s.phase == "premium":
        if kind == "play":
            return IllegalActionError("99.premium", f"the premium round comes first: {name} may declare, reveal or "
                                                    f"pass")
        if s.premium is None:    # (every premium call is legal then: not reached)
            return IllegalActionError("99.premium", f"{name} may declare, reveal or pass")
        p_seat, p_kind = s.premium
        if kind == "declare" and p_kind == "declare":
            return IllegalActionError("99.premium", f"{s.names[p_seat]} has already offered to declare and, "
                                                    f"nearer the dealer's left, has priority; only a reveal "
                                                    f"beats it")
        return IllegalActionError("99.premium", f"{s.names[p_seat]} has already offered to reveal, which has "
                                                f"priority; only one premium bid is allowed per deal")
    if kind in ("declare", "reveal", "pass"):
        return IllegalActionError("99.premium", "premium bids are made after bidding, before the first lead"
                                  if s.rules.premiums else f"{s.rules.name} has no premium bids")
    card = action.card
    hand = s.hands[seat]
    if card not in hand:
        where = " (it is one of the bid cards, out of play)" if card in s.bid_cards[seat] else ""
        return IllegalActionError("99.hold", f"{name} does not hold {card}{where}")
    led = s.effective(s.trick[0]).suit
    same = [c for c in hand if s.effective(c).suit == led]
    joker = f" (the {card} counts as {s.joker_as})" if s.effective(card) != card else ""
    return IllegalActionError("99.follow", f"{card}{joker} is not allowed: you must follow suit ({led.symbol}): "
                                           f"{name} holds {format_cards(same)}")


def _trump_words(s: "NinetyNineState") -> str:
    return "no trump" if s.trump is None else f"{s.trump.name.lower()} ({s.trump.symbol}) are trumps"


def explain_step(s: "NinetyNineState") -> str:
    """Words for the step that led to ``s``: what happened and which rule made it so. Hidden
    cards (bid cards laid aside face down) are never named."""
    p = s.parent
    if p is None:
        return _deal_words(s)
    a = s.last_action
    if a.kind == "play":
        parts = _play_words(s, p, a.card)
    else:
        parts = _bid_and_premium_words(s, p, a.kind)
    if s.result is not None:
        parts.append(_result_words(s))
    return " ".join(parts)


def _deal_words(s: "NinetyNineState") -> str:
    """The deal: who deals how, trumps and the wild card [99.deal, 99.trump.*, 99.joker]."""
    names, r = s.names, s.rules
    eldest = names[s.eldest]
    how = "in batches of 3" if r.deal_packet == 3 else "one at a time"
    if r.mode == "classic":
        wild = "joker" if r.wild == JOKER else "♣2 (standing in for the joker)"
        text = (f"{names[s.dealer]} deals 12 cards each {how}, starting with {eldest}, and turns up the 37th "
                f"card: {s.trump_reason}.")
        if s.joker_as is not None:
            text += (f" The {wild} counts as a second {s.joker_as} for whoever holds it "
                     f"(a {s.joker_as.suit.symbol} bid card worth {s.bid_of((s.joker_as,))}).")
    else:
        text = f"{names[s.dealer]} deals 12 cards each {how}, starting with {eldest}: {s.trump_reason}."
    return text + (f" Each player now lays aside three bid cards (♦ 0, ♠ 1, ♥ 2, ♣ 3 tricks each); {eldest} "
                   f"first.")


def _bid_and_premium_words(s: "NinetyNineState", p: "NinetyNineState", kind: str) -> list[str]:
    """A bid or a premium call, and what starts next [99.bid, 99.premium]."""
    names, r = s.names, s.rules
    who = names[p.to_act]
    parts: list[str] = []
    if kind == "bid":
        parts.append(f"{who} lays aside three bid cards face down: a secret bid.")
        if s.phase == "premium":
            parts.append(f"All three have bid. Now each player in turn, {names[s.eldest]} first, may declare "
                         f"(+{r.declare_premium}) or reveal (+{r.reveal_premium}), or pass.")
        elif s.phase == "play":
            parts.append(f"All three have bid; {names[s.leader]} leads to the first trick ({_trump_words(s)}).")
        return parts
    if kind == "declare":
        parts.append(f"{who} offers to declare: to turn the bid cards face up at the start of play, for a "
                     f"premium of {r.declare_premium}.")
    elif kind == "reveal":
        parts.append(f"{who} offers to reveal: to turn the bid cards face up and play with the whole hand face "
                     f"up, for a premium of {r.reveal_premium}.")
    else:
        parts.append(f"{who} makes no premium bid.")
    if kind != "pass" and p.premium is not None:
        parts.append(f"A reveal beats {names[p.premium[0]]}'s declaration, whose bid cards stay face down.")
    if s.phase == "play":
        if s.premium is None:
            parts.append("Nobody made a premium bid.")
        else:
            q, offer = s.premium
            cards = f"{format_cards(s.bid_cards[q])}, a bid of {s.bids[q]}"
            if offer == "declare":
                parts.append(f"{names[q]}'s declaration stands: the bid cards go face up ({cards}).")
            else:
                parts.append(f"{names[q]}'s revelation stands: the bid cards go face up ({cards}) and "
                             f"{names[q]} lays the whole hand face up on the table.")
        parts.append(f"{names[s.leader]} leads to the first trick ({_trump_words(s)}).")
    return parts


def _play_words(s: "NinetyNineState", p: "NinetyNineState", card) -> list[str]:
    """A card led or played, and who won the trick it completes [99.follow, 99.trick]."""
    names = s.names
    who = names[p.to_act]
    eff = s.effective(card)
    joker = f" (counting as {eff})" if eff != card else ""
    if not p.trick:
        return [f"{who} leads {card}{joker}."]
    lead = p.trick[0]
    led = p.effective(lead).suit
    how = "" if eff.suit == led else (
        f" (no {led.symbol} left: {'a trump' if eff.suit == s.trump and s.trump is not None else 'a discard'})")
    parts = [f"{who} plays {card}{joker} to {names[p.leader]}'s {lead}{how}."]
    if not s.trick:
        t = s.tricks[-1]
        w = t.winner
        wc = t.card_of(w)
        why = ("the highest trump" if s.trump is not None and s.effective(wc).suit == s.trump
               and led != s.trump else "the highest card of the suit led")
        n = s.tricks_won[w]
        parts.append(f"{names[w]} wins trick {len(s.tricks)} with {wc} ({why}); {names[w]} has {n} "
                     f"trick{'s' if n != 1 else ''}.")
    return parts


def _result_words(s: "NinetyNineState") -> str:
    """The deal's end: each bid shown or not, and the scoring [99.score, 99.premium.score]."""
    names, res = s.names, s.result
    shown = s.shown()
    lines = []
    for q in range(3):
        if shown[q]:
            lines.append(f"{names[q]} bid {res.bids[q]} and took {res.tricks[q]}: "
                         f"{'made it, and shows the bid cards' if res.made[q] else 'failed'}")
        else:
            lines.append(f"{names[q]} took {res.tricks[q]} and did not make the bid")
    summary = res.explanation[:1].upper() + res.explanation[1:]
    return "Deal over: " + "; ".join(lines) + ". " + summary + "."
