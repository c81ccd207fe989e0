"""Four-player Mariage in words: why an action is refused, what a step did, how a button reads.

The rules side of :mod:`cardlab.mariage4` that speaks (kept apart so the rules module stays
short; no markup here). The rules module imports this one; this module reads a state only
through its attributes and methods (and the class attributes ``CONTRACTS``, ``CUT_ACTIONS``,
``partner_of`` and ``has_beatable`` of :class:`cardlab.mariage4.Mariage4State`) and imports
nothing of the rules module, so there is no import circle. It owns the display words the rules
module states its results with (:data:`CONTRACT_NAMES`, :data:`REDEAL_WORDS`):

* :func:`check`: the explained rule checks, ``None`` for a legal action, else ``(rule id,
  reason)`` with a rule of :data:`cardlab.mariage4.RULES`. ``Mariage4State.legal_actions`` is
  built directly per phase; these checks are the plain statement of the same rules, used to
  explain a refusal, and tests hold the fast list to them (tests/mariage4/test_mariage4_fast.py);
* :func:`malformed`: why something is not a four-player Mariage action at all;
* :func:`waiting_for`: whose decision it is and what it is, in words;
* :func:`explain`: the last step in words (``Mariage4State.explain``);
* :func:`result_headline`: who won what in a finished hand, in one line (the result box's head);
* :func:`describe_action`: how a front end shows an action (``variants.ActionText``; the
  registry's ``describe_action``, reached as ``cardlab.mariage4.describe_action``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, action_text
from .cards import PACK_24, Card, Rank, Suit, format_cards
from .pack24 import CARD_POINTS, marriage_points
from .tricks import explain_duty

if TYPE_CHECKING:
    from .mariage4 import Mariage4State
    from .variants import ActionText

__all__ = ["CONTRACT_NAMES", "REDEAL_WORDS", "check", "malformed", "waiting_for", "explain", "result_headline",
           "describe_action"]

#: Each contract of :data:`cardlab.mariage4.CONTRACTS` (lowest first), by its name in words.
CONTRACT_NAMES = {"five": '"five"', "six": '"six"', "coat": '"fur coat"', "suit": '"suit"'}

#: The grounds of each redeal claim (``"redeal points|nines|trumps"``) in words, as a noun phrase
#: ("X claims a redeal for <words>"): the result's explanation, the step's explanation and the
#: button's help say it, and so does the classroom's ``redeal`` question (read through the
#: registry from the rules module, which imports it: ``cardlab.classroom.verdicts.redeal_words``)
#: [m4.redeal.points, m4.redeal.nines, m4.redeal.trumps].
REDEAL_WORDS: dict[str, str] = {"points": "fewer than 13 card points in hand", "nines": "all four nines",
                                "trumps": "the pair being short of trumps"}

_PACK = frozenset(PACK_24)


_NOTHING = frozenset({"turn", "pass", "three nines", "ask nine", *CONTRACT_NAMES})
_SHAPES = {"play": "a card is played by itself, and it must be one of the 24 cards of the pack ('A♠')",
           "cut": "a cut gives the number of cards moved, a whole number ('cut 7')",
           "trump": "naming trumps names a suit and nothing else ('trump ♥')",
           "marriage": "a marriage names its suit and nothing else ('marriage ♥')",
           "claim": "a claim names the marriage's suit and nothing else ('claim ♥')",
           "redeal": "a redeal claim says why: 'redeal points', 'redeal nines' or 'redeal trumps'",
           "place": "a placed card goes on top or at the bottom ('place 10♥ top'), or nothing is placed ('place')",
           "leave": "leaving a nine names the nine ('leave 9♣')",
           "aside": "setting a card aside names the card ('aside J♣')"}


def malformed(a) -> str | None:
    """Why ``a`` is not a four-player Mariage action at all (its kind or its payload), in words,
    or ``None`` if it has the shape of one [m4.action]."""
    if not isinstance(a, Action):
        return f"{action_text(a)!r} is not an Action"
    kind, card, value = a
    if kind.__class__ is not str:
        ok = False
    elif kind in _NOTHING:
        if card is None and value is None:
            return None
        return f"'{action_text(a)}' is not a well-formed action: '{kind}' carries nothing more"
    elif kind == "play":
        ok = card.__class__ is Card and value is None and card in _PACK
    elif kind in ("trump", "marriage", "claim"):
        ok = card is None and value.__class__ is Suit
    elif kind == "cut":
        ok = card is None and value.__class__ is int
    elif kind == "redeal":
        ok = card is None and value.__class__ is str and value in REDEAL_WORDS
    elif kind == "place":
        ok = (card is None and value is None) or (card.__class__ is Card and card in _PACK
                                                  and value.__class__ is str and value in ("top", "bottom"))
    elif kind in ("leave", "aside"):
        ok = card.__class__ is Card and card in _PACK and value is None
    else:
        return (f"'{action_text(a)}' is not an action of four-player Mariage: play a card, or say 'cut 7', "
                f"'trump ♥', 'turn', 'pass', 'redeal points', 'three nines', 'five', 'six', 'coat', 'suit', "
                f"'place 10♥ top', 'leave 9♣', 'aside J♣', 'marriage ♥' or 'claim ♥'")
    if ok:
        return None
    if kind.__class__ is not str or kind not in _SHAPES:
        return f"'{action_text(a)}' is not an action of four-player Mariage"
    return f"'{action_text(a)}' is not a well-formed action: {_SHAPES[kind]}"


def check(s, a: Action) -> tuple[str, str] | None:
    """``None`` if ``a`` is legal now, else ``(rule id, reason)``; the reason writes actions and
    cards as text. A malformed action (a payload of the wrong type, another variant's action)
    is refused with ``m4.action``."""
    if s.result is not None:
        return ("m4.turn", "the hand is over; no more actions can be taken")
    bad = malformed(a)
    if bad is not None:
        return ("m4.action", bad)
    seat = s._to_act
    name = s.names[seat]
    ph = s.phase
    k = a.kind
    wrong = ("m4.turn", f"'{a}' is not possible now: {waiting_for(s)}")
    if ph == "cut":
        if k != "cut":
            return wrong
        if a.value not in s.CUT_ACTIONS:
            return ("m4.cut", "a cut moves 1 to 23 cards from the top to the bottom")
        return None
    if ph == "trumps":
        return None if k in ("trump", "turn") else wrong  # a well-formed "trump" names a suit
    if ph == "announce":
        return _check_announce(s, seat, name, a)
    if ph == "nines":
        return _check_nines(s, seat, name, a)
    if ph == "give":
        if k != "aside":
            return wrong
        if a.card not in s.hands[seat]:
            return ("m4.hold", f"{name} does not hold {a.card}")
        if seat == s.contract[1]:
            if s.rules.five_aside == "last" and a.card != s.hands[seat][-1]:
                return ("m4.aside", f"under these rules the declarer sets aside the last (6th) card dealt, "
                                    f"{s.hands[seat][-1]}")
            if s.rules.beatable_rule:
                rest = [c for c in s.hands[seat] if c != a.card]
                if not s.has_beatable(rest, s.hands[seat]):
                    return ("m4.contract.beatable", f"setting {a.card} aside would leave {name} no card the "
                                                    f"opponents could beat")
        return None
    if ph == "play":
        return _check_play(s, seat, name, a)
    return wrong

def waiting_for(s) -> str:
    """Whose decision it is in the running hand ``s`` and what it is, in words ("Ana is to cut
    the pack: lift 1 to 23 cards"); "the hand is over" once it is."""
    ph = s.phase
    who = s.names[s._to_act]
    return {
        "cut": f"{who} is to cut the pack: lift 1 to 23 cards",
        "trumps": f"{who} is to name trumps or turn up their last card",
        "announce": f"{who} is to announce: pass, a redeal claim, three nines or a contract",
        "nines": f"the three-nines game: {who} is to "
                 + ("choose which nine to leave" if s.nines and s._to_act == s.nines["declarer"]
                    else "place a card face down, on top or underneath, or nothing"),
        "give": f"{who} is to set a card aside",
        "play": f"{who} is to " + ("play to the trick" if s.trick else "lead"),
    }.get(ph, "the hand is over")

def _check_announce(s, seat, name, a):
    """The checks of the announcements: a pass, a redeal claim, three nines (or asking the
    partner for the third) and the contracts."""
    k = a.kind
    if k == "pass":
        return None
    if k == "redeal":
        return _check_redeal(s, seat, name, a)
    if k in ("three nines", "ask nine"):
        return _check_nines_call(s, seat, name, k)
    if k in s.CONTRACTS:
        return _check_contract(s, seat, name, k)
    return ("m4.turn", f"'{a}' is not possible now: {waiting_for(s)}")


def _check_redeal(s, seat, name, a):
    """A redeal claim: only before a contract or three nines, and on its grounds (a weak hand,
    four nines, the pair short of trumps) as the rules allow [m4.redeal.*]."""
    r = s.rules
    hand = s.hands[seat]
    if s.standing is not None or s.nines_done:
        return ("m4.redeal.when", "a redeal can no longer be claimed once a contract or three nines has "
                                  "been declared")
    trump = s.named_trump
    if a.value == "points":
        pts = sum(CARD_POINTS[c.rank] for c in hand)
        if r.redeal_points_below == 0:
            return ("m4.redeal.points", "these rules have no redeal for a weak hand")
        if pts >= r.redeal_points_below:
            return ("m4.redeal.points", f"{name} holds {pts} card points ({format_cards(hand)}); a redeal "
                                        f"needs fewer than {r.redeal_points_below}")
        return None
    if a.value == "nines":
        if not r.redeal_nines:
            return ("m4.redeal.nines", "these rules have no redeal for four nines")
        n = sum(c.rank == Rank.NINE for c in hand)
        return None if n == 4 else ("m4.redeal.nines", f"{name} holds {n} nine{'s' if n != 1 else ''}, "
                                                       f"not all four")
    if a.value == "trumps":
        if not r.redeal_trumps:
            return ("m4.redeal.trumps", "these rules have no redeal for a shortage of trumps")
        mine = [c for c in hand if c.suit == trump]
        if len(mine) > 1:
            return ("m4.redeal.trumps", f"{name} holds {len(mine)} trumps ({format_cards(mine)}); only a "
                                        f"player with none or one may ask his partner")
        theirs = [c for c in s.hands[s.partner_of(seat)] if c.suit == trump]
        both = mine + theirs
        nine_jack = {Card.of(trump, Rank.NINE), Card.of(trump, Rank.JACK)}
        if len(both) <= 1 or (len(mine) == 1 and len(theirs) == 1 and set(both) == nine_jack):
            return None
        return ("m4.redeal.trumps", f"the partner answers that they hold {len(theirs)} trump"
                                    f"{'s' if len(theirs) != 1 else ''}: the pair has {len(both)}, which is "
                                    f"not a shortage (none, one, or only the 9 and J in different hands)")
    return ("m4.turn", f"unknown redeal claim {a.value!r}")


def _check_nines_call(s, seat, name, k):
    """Three nines (``k``: "three nines"), or asking the partner for the third ("ask nine"):
    under rules that have it, once per deal, before the contracts, with three nines (two to ask,
    once) [m4.nines]."""
    r = s.rules
    if not r.three_nines:
        return ("m4.nines", "these rules have no three-nines game")
    if s.nines_done:
        return ("m4.nines", "three nines has already been played in this deal")
    if s.standing is not None:
        return ("m4.nines", "three nines is settled before the contracts; a contract has been announced")
    n = sum(c.rank == Rank.NINE for c in s.hands[seat])
    if k == "three nines":
        if n < 3:
            return ("m4.nines", f"{name} holds {n} nine{'s' if n != 1 else ''}; three nines needs three")
        return None
    if not r.nines_from_partner:
        return ("m4.nines", "asking the partner for the third nine is not allowed under these rules")
    if n != 2:
        return ("m4.nines", f"only a player with exactly two nines may ask his partner for the third; "
                            f"{name} holds {n}")
    if seat in s.asked:
        return ("m4.nines", f"{name} has already asked")
    return None


def _check_contract(s, seat, name, k):
    """The contract ``k``: played under the rules, higher than the one standing, open to this
    seat after an overcall or three nines [m4.contract], with a card the opponents could beat
    [m4.contract.beatable]."""
    r = s.rules
    hand = s.hands[seat]
    contracts = s.CONTRACTS
    if k not in r.contracts:
        return ("m4.contract", f"the contract {CONTRACT_NAMES[k]} is not played under these rules")
    if s.standing is not None and contracts.index(k) <= contracts.index(s.standing[0]):
        return ("m4.contract", f"{CONTRACT_NAMES[s.standing[0]]} has been announced by "
                               f"{s.names[s.standing[1]]}; only a higher contract may be announced")
    if s.standing is not None and r.overcall == "other_pair" and s.standing[1] % 2 == seat % 2:
        return ("m4.contract", f"{CONTRACT_NAMES[s.standing[0]]} has been announced by "
                               f"{s.names[s.standing[1]]}, {name}'s own pair; under these rules only "
                               f"the other pair may announce a higher contract")
    if (s.nines_done and r.contract_after_nines == "not_declarer"
            and s.nines["declarer"] == seat):
        return ("m4.contract", f"{name} declared three nines; under these rules only his partner or the "
                               f"opponents may announce a contract after it")
    keep = hand[:-1] if (k == "five" and r.five_aside == "last") else hand
    if k != "six" and r.beatable_rule and not s.has_beatable(keep, hand):
        return ("m4.contract.beatable", f"{CONTRACT_NAMES[k]} needs a card the opponents could beat, and "
                                        f"every card of {name}'s is the highest of its suit outside that hand")
    return None

def _check_nines(s, seat, name, a):
    ni = s.nines
    if seat == ni["declarer"]:
        if a.kind != "leave":
            return ("m4.nines.leave", f"{name} must leave one of the nines on the table ('leave 9♣')")
        if a.card not in ni["nines"]:
            return ("m4.nines.leave", f"{a.card} is not one of the nines on the table "
                                      f"({format_cards(ni['nines'])})")
        return None
    if a.kind != "place":
        return ("m4.nines.place", f"{name} must place a card matching a nine's suit ('place 10♥ top') or, "
                                  f"with none, 'place'")
    suits = {c.suit for c in ni["nines"]}
    hand = s.hands[seat]
    matching = [c for c in hand if c.suit in suits]
    if a.card is None:
        if matching:
            return ("m4.nines.place", f"{name} holds {format_cards(matching)}, which match the nines' suits, "
                                      f"and must place one of them")
        return None
    if a.card not in hand:
        return ("m4.hold", f"{name} does not hold {a.card}")
    if a.value not in ("top", "bottom"):
        return ("m4.nines.place", f"say where the card goes: 'place {a.card} top' or 'place {a.card} bottom'")
    if a.card.suit not in suits:
        return ("m4.nines.place", f"{a.card} matches none of the nines on the table "
                                  f"({format_cards(ni['nines'])}): place a card of "
                                  f"{' '.join(s.symbol for s in sorted(suits))}")
    return None

def _check_play(s, seat, name, a):
    k = a.kind
    hand = s.hands[seat]
    if k in ("marriage", "claim"):
        if s.trick:
            return ("m4.marriage", f"only the player about to lead may declare a marriage; {name} must play "
                                   f"to the trick")
        if s.contract:
            return ("m4.marriage", "there are no marriages in a contract's play")
        if s.pending_marriage is not None or s.meld_lead == len(s.tricks):
            return ("m4.marriage", "one marriage per lead" + (": lead its king or queen now"
                                                              if s.pending_marriage is not None else ""))
        if not s.tricks and not s.rules.marriage_on_first_lead:
            return ("m4.marriage", "no marriage on the first lead under these rules")
        suit = a.value  # a suit: check() has refused a malformed marriage
        missing = [str(Card.of(suit, rk)) for rk in (Rank.KING, Rank.QUEEN) if Card.of(suit, rk) not in hand]
        if missing and k == "marriage" and s.rules.partner_can_meld and s._partner_marriage(seat, suit):
            return None
        if missing:
            return ("m4.marriage" if k == "marriage" else "m4.claim",
                    f"a marriage needs the king and queen of {suit.symbol}; {name} lacks {' and '.join(missing)}")
        return None
    if k != "play":
        return ("m4.turn", f"'{a}' is not possible now: {waiting_for(s)}")
    c = a.card
    if c not in hand:
        return ("m4.hold", f"{name} does not hold {c}")
    if not s.trick:
        pm = s.pending_marriage
        if pm is not None and not (c.suit == pm and c.rank in (Rank.KING, Rank.QUEEN)):
            return ("m4.marriage", f"after declaring the {pm.symbol} marriage {name} must lead K{pm.symbol} or "
                                   f"Q{pm.symbol}")
        return None
    cards = list(s.trick)
    duty = explain_duty(c, hand, cards, s.trump, s.trick_rules)
    if duty is not None:
        key, reason = duty
        return ({"follow": "m4.follow", "head": "m4.head", "trump": "m4.trump-duty",
                 "overtrump": "m4.trump-duty"}[key], f"{c} is not allowed: {reason}")
    return None


def explain(s: "Mariage4State") -> str:
    """The last step of ``s`` in words (the shuffled pack, for the first state)."""
    names = s.names
    p = s.parent
    if p is None:
        return (f"{names[s.dealer]} deals; {names[s.eldest]} is eldest. The pack is shuffled and "
                f"{names[s.cutter]} (the dealer's {s.rules.cutter}-hand opponent) is to cut it.")
    a = s.last_action
    seat = p._to_act
    k = a.kind
    if k == "cut":
        out = _cut_words(s, names[seat], a.value)
    elif k == "pass":
        out = _pass_words(s, p, names[seat])
    elif k in ("marriage", "claim"):
        out = _marriage_words(s, p, seat, a)
    elif k == "play":
        out = _play_words(s, p, names[seat], a.card)
    else:
        out = _call_words(s, p, seat, a)
    if s.result is not None:
        out.append(f"Hand over: {result_headline(s)}. {_sentence(s.result.explanation)}")
    return " ".join(out)


def _sentence(text: str) -> str:
    """``text`` as a sentence: its first letter upper case, a full stop at the end."""
    return text[:1].upper() + text[1:] + "."


def _pips_words(n: int) -> str:
    return f"{n} pip{'s' if n != 1 else ''}"


def result_headline(s: "Mariage4State", points: bool = True, pips: bool = True) -> str:
    """Who won what in the finished hand ``s``, in one line without a full stop: the pair that
    won and its points (cards and marriages), the contract made or failed, or why nobody won;
    then, per pair that scored, the pips it uncovers on its own eight (or the eight it wins
    outright, and the fur coat or suit laid on the other pair's eight), or "no game points".
    E.g. ``"Ana & Cleo win with 72 points and uncover 2 pips on their own eight"``, ``'Dan's
    "six" fails: Ana & Cleo uncover 6 pips on their own eight'``.

    ``points=False`` leaves out the pairs' points, ``pips=False`` the pips (a drawing that hides
    them, :data:`cardlab.render.cards.HIDE_TOKENS`). Raises ``ValueError`` while the hand runs.
    Source: the scoring of D-8 to D-17 [m4.66, m4.contract.play, m4.eight]."""
    r = s.result
    if r is None:
        raise ValueError("the hand is not over: there is no result to state yet")
    names = s.names
    if r.redeal:
        return "Redeal: nobody scores"
    reason = r.reason
    ends = [a for a in r.awards if a.reason == reason]
    if reason == "66":
        pair = ends[-1].pair
        head = f"{s.pair_name(pair)} win" + (f" with {r.pair_points[pair]} points" if points else "")
    elif reason in s.CONTRACTS:
        name, d = s.contract
        made = ends[-1].pair == d % 2
        head = f"{names[d]}'s {CONTRACT_NAMES[name]} {'is made' if made else 'fails'}"
    elif reason in ("last_trick", "nobody"):
        score = f" ({r.pair_points[0]}–{r.pair_points[1]})" if points else ""
        head = f"Nobody reached 66{score}"
        if reason == "last_trick":
            head += f"; {s.pair_name(ends[-1].pair)} took the last trick"
    elif reason == "false_claim":
        head = f"A false claim of 66 by {s.pair_name(1 - ends[-1].pair)}"
    elif reason == "nine_cut":
        head = f"A nine at the bottom of the pack {len(s.cuts)} times"
    else:
        head = "The hand is over"
    if not pips:
        return head
    parts = []
    for pair in (0, 1):
        mine = [a for a in r.awards if a.pair == pair]
        if not mine:
            continue
        who, other = s.pair_name(pair), s.pair_name(1 - pair)
        if any(a.whole_eight for a in mine):
            parts.append(f"{who} win their eight outright")
        else:
            parts.append(f"{who} uncover {_pips_words(sum(a.points for a in mine))} on their own eight")
        for a in mine:
            if a.mark == "coat":
                parts.append(f"a fur coat goes on {other}'s eight")
            elif a.mark == "suit":
                parts.append(f"a suit (a fur coat and a lining) goes on {other}'s eight")
    if not parts:
        return f"{head}: no game points"
    if reason == "66" and parts[0].startswith(s.pair_name(ends[-1].pair)) and len(parts) == 1:
        return f"{head} and{parts[0][len(s.pair_name(ends[-1].pair)):]}"
    return f"{head}: {', '.join(parts)}"


def _cut_words(s: "Mariage4State", who: str, moved: int) -> list[str]:
    """A cut of ``moved`` cards: the bottom card shown or seen by the dealer, a cut again for a
    nine at the bottom, else the first three cards dealt."""
    names = s.names
    bottom = s.cut_pack[-1]
    if bottom in s.shown_bottoms:
        seen = f"the bottom card is {bottom}, shown to all"
    else:  # only the dealer sees it (it will be his last card)
        seen = f"{names[s.dealer]} looks at the bottom card: not a nine" if s.rules.nine_cut_rule else ""
    out = [f"{who} cuts {moved} card{'s' if moved != 1 else ''} to the bottom" + (f"; {seen}." if seen else ".")]
    if s.phase == "cut":
        out.append(f"A nine at the bottom, so {who} cuts again (cut {len(s.cuts) + 1}).")
    elif s.phase == "trumps":
        out.append(f"{names[s.dealer]} deals 3 cards each, {names[s.eldest]} first. {names[s.eldest]} names "
                   f"trumps or turns their last card.")
    return out


def _pass_words(s: "Mariage4State", p: "Mariage4State", who: str) -> list[str]:
    """A pass, and what follows when it ends the announcements: normal play, or the contract
    standing played (and the cards set aside first)."""
    names = s.names
    out = [f"{who} passes."]
    if s.phase == "play" and s.contract is None:
        out.append(f"Nobody plays a contract: normal play, {names[s.eldest]} leads; follow suit, else trump; "
                   f"the first pair to 66 points stops the play.")
    elif s.contract is not None and p.contract is None:
        name, d = s.contract
        out.append(f"{names[d]} plays {CONTRACT_NAMES[name]}: {names[s.partner_of(d)]} throws in their hand; "
                   f"{'no trumps; ' if s.trump is None else ''}{names[d]} must take every trick.")
        if s.phase == "give":
            out.append(f"First {names[d]}, then each opponent, sets one card aside." if s.rules.opponents_set_aside
                       else f"{names[d]} sets one card aside; the opponents keep all six.")
    return out


def _call_words(s: "Mariage4State", p: "Mariage4State", seat: int, a: Action) -> list[str]:
    """Trumps named or turned, a redeal claim, a contract announced, a step of three nines, a
    card set aside."""
    names = s.names
    who = names[seat]
    k = a.kind
    if k == "trump":
        return [f"{who} names trumps: {a.value.symbol}. Three more cards each."]
    if k == "turn":
        return [f"{who} will not name trumps: their last card, {s.trump_turned}, is turned face up, so trumps "
                f"are {s.named_trump.symbol}. Three more cards each."]
    if k == "redeal":
        return [f"{who} claims a redeal: {REDEAL_WORDS[a.value]}."]
    if k in s.CONTRACTS:
        return [f"{who} announces {CONTRACT_NAMES[k]}."]
    if k == "three nines":
        return [f"{who} declares three nines and lays {format_cards(s.nines['nines'])} face up. Each opponent "
                f"places a card of one of those suits on top or at the bottom of his pile."]
    if k == "ask nine":
        if s.phase == "nines":
            return [f"{who} asks their partner for a third nine; {names[s.partner_of(seat)]} has one, so the pair "
                    f"lays {format_cards(s.nines['nines'])} face up."]
        return [f"{who} asks their partner for a third nine; the answer is no."]
    if k == "place":
        if a.card is None:
            return [f"{who} holds no card of the nines' suits and places nothing."]
        return [f"{who} places a card face down at the {a.value} of their pile and says \"{a.value}\"."]
    if k == "leave":
        return [f"{who} takes back two nines and leaves {a.card}. The placed cards are shown: "
                + (", ".join(f"{names[x]} {c}" for x, (c, _) in p.nines['placed'].items() if c is not None)
                   or "none") + ".",
                s.awards[-1].text[0].upper() + s.awards[-1].text[1:] + "."]
    if k == "aside":
        out = [f"{who} sets a card aside face down."]
        if s.phase == "play":
            out.append(f"{names[s.contract[1]]} leads.")
        return out
    return []


def _marriage_words(s: "Mariage4State", p: "Mariage4State", seat: int, a: Action) -> list[str]:
    """A marriage declared on the lead (one's own or the partner's) or a claim of 66 with it;
    nothing more when the claim ends the hand (the result says it)."""
    if s.result is not None:
        return []
    names = s.names
    who = names[seat]
    suit = a.value
    v = marriage_points(suit, s.named_trump)
    pend = ("" if p.pair_tricks(seat % 2) or not s.rules.marriage_needs_trick
            else " (it counts once their pair takes a trick)")
    holder = s.marriages[-1][0]
    if holder != seat:
        return [f"{who} declares the {suit.symbol} marriage of their partner {names[holder]}: {v}{pend}; "
                f"{names[holder]} shows K{suit.symbol} Q{suit.symbol} and {who} leads any card."]
    if a.kind == "claim":
        return [f"{who} claims 66 with the {suit.symbol} marriage and is wrong; the marriage stands{pend} "
                f"and must lead K{suit.symbol} or Q{suit.symbol}."]
    return [f"{who} declares the {suit.symbol} marriage: {v}{pend}; they must lead K{suit.symbol} or "
            f"Q{suit.symbol}."]


def _play_words(s: "Mariage4State", p: "Mariage4State", who: str, card: Card) -> list[str]:
    """A card led or played, and the trick's winner with its card points and the pairs' points
    when it completes the trick."""
    if not p.trick:
        return [f"{who} leads {card}."]
    out = [f"{who} plays {card}."]
    if not s.trick:
        t = s.tricks[-1]
        pts = sum(CARD_POINTS[c.rank] for _, c in t.cards)
        out.append(f"{s.names[t.winner]} wins the trick ({pts} card point{'s' if pts != 1 else ''}; pairs' points now "
                   f"{s.pair_points(0)}–{s.pair_points(1)}).")
    return out


_GROUPS = {"play": "card", "marriage": "marriage", "claim": "claim", "cut": "other", "trump": "trumps",
           "turn": "trumps", "pass": "pass", "redeal": "claim", "three nines": "claim", "ask nine": "claim",
           "place": "give", "leave": "give", "aside": "give", **{c: "claim" for c in CONTRACT_NAMES}}
_CONTRACT_HELP = {"five": "take every trick after setting a card aside, partner out, no trumps: 5 game points",
                  "six": "take all six tricks, partner out, no trumps: 6 game points",
                  "coat": "take every trick, partner out, no trumps: a fur coat on the losers' eight",
                  "suit": "take every trick, partner out, no trumps: a fur coat and a lining on the losers' eight"}


def describe_action(action: Action, state: "Mariage4State | None" = None) -> "ActionText":
    """How a front end shows ``action``: its group (one of ``variants.ACTION_GROUPS``), a short
    button label in the rule's words and a one-line help naming the rule. With ``state`` the
    marriage's worth (40 in trumps, else 20) and what a pass declines are said. Raises nothing:
    an action that is not of this variant is shown by its text in the group ``"other"``."""
    from .variants import ActionText

    if malformed(action) is not None:
        return ActionText("other", action_text(action), "")
    kind, card, value = action
    group = _GROUPS[kind]
    trump = getattr(state, "named_trump", None)
    if kind == "play":
        leading = state is None or not getattr(state, "trick", ())
        return ActionText(group, str(card), f"Lead {card}. [rule m4.hold]" if leading else
                          f"Play {card} to the trick: follow suit, else trump. [rule m4.follow]")
    if kind in ("marriage", "claim"):
        pts = "" if trump is None else f" ({marriage_points(value, trump)})"
        if kind == "marriage":
            return ActionText(group, f"Declare marriage {value.symbol}{pts}",
                              f"Show K{value.symbol} Q{value.symbol} and lead one of them. [rule m4.marriage]")
        return ActionText(group, f"Claim 66 with marriage {value.symbol}{pts}",
                          "Declare the marriage without leading: it must bring your pair to 66, or the opponents "
                          "score. [rule m4.claim]")
    if kind == "cut":
        return ActionText(group, f"Cut {value}", f"Move {value} card{'s' if value != 1 else ''} from the top of the "
                                                 f"pack to the bottom. [rule m4.cut]")
    if kind == "trump":
        return ActionText(group, f"Trumps {value.symbol}", f"Name {value.symbol} as trumps; three more cards each. "
                                                           f"[rule m4.trump]")
    if kind == "turn":
        return ActionText(group, "Turn the last card", "Do not name trumps: your last card is turned face up and "
                                                       "its suit is trumps. [rule m4.trump]")
    if kind == "pass":
        ph = getattr(state, "phase", "announce")
        if ph == "announce" and getattr(state, "standing", None) is not None:
            return ActionText(group, "Pass", "Announce nothing higher than the contract standing. [rule m4.contract]")
        return ActionText(group, "Pass", "Claim nothing and announce no contract. [rule m4.contract]")
    if kind == "redeal":
        return ActionText(group, f"Redeal: {value}", f"Throw the cards in for {REDEAL_WORDS[value]}. "
                                                     f"[rule m4.redeal.{value}]")
    if kind == "three nines":
        return ActionText(group, "Three nines", "Lay three nines face up; the opponents place cards of their "
                                                "suits. [rule m4.nines]")
    if kind == "ask nine":
        return ActionText(group, "Ask partner for a nine", "With two nines, ask your partner for the third. "
                                                           "[rule m4.nines]")
    if kind in CONTRACT_NAMES:
        return ActionText(group, f"Announce {CONTRACT_NAMES[kind]}", f"Declare {CONTRACT_NAMES[kind]}: "
                                                                     f"{_CONTRACT_HELP[kind]}. [rule m4.contract]")
    if kind == "place":
        if card is None:
            return ActionText(group, "Place nothing", "You hold no card of the nines' suits. [rule m4.nines.place]")
        where = "on top" if value == "top" else "at the bottom"
        return ActionText(group, f"Place {card} {where}", f"Place {card} face down {where} of your pile. "
                                                          f"[rule m4.nines.place]")
    if kind == "leave":
        return ActionText(group, f"Leave {card}", f"Take back the other nines and leave {card}: a placed card of "
                                                  f"its suit makes the opponents score. [rule m4.nines.leave]")
    return ActionText(group, f"Set {card} aside", f"Set {card} aside face down for \"five\". [rule m4.aside]")
