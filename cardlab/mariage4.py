"""Russian Mariage for four: two pairs, partners opposite, scored on an "eight".

Source: ../shared/seeds/003_*.txt ([SEED-003], the section "66 foursome"), a machine translation
of a Russian page (SHR in rules-notes), read by ../shared/rules-notes.md §4.3 and the gaps D-3,
D-8 to D-15 and D-17. **No other source confirms the four-player contracts or the eight**: the
engine follows rules-notes' reading, and every other reading of the garbled text is an option of
:class:`Mariage4Rules` (preset :data:`LITERAL` collects the most literal ones).

Seats 0..3 play clockwise; seats 0 and 2 are one pair, 1 and 3 the other (``pair = seat % 2``).
The pack is the 24-card pack (A 10 K Q J 9; card points 11 10 4 3 2 0, 120 in all). *Card
points* (tricks, marriages 20/40, the 66 target, the 13-point redeal limit) and *game points*
(pips uncovered on a pair's eight: 1, 2, 3, 5, 6 …) are different units.

One hand, phase by phase (``state.phase``):

``"cut"``
    The opponent on the dealer's right cuts (``"cut 7"``: 7 cards from the top go under). If
    the bottom card is a nine it is shown and he cuts again; a third nine in a row gives the
    dealing pair 1 and the deal passes on [SEED-003; D-10].
``"trump"``
    Three cards each, eldest first. Eldest names trumps (``"trump ♥"``) or refuses
    (``"turn"``): then his last card is turned face up and fixes trumps. Three more each.
``"announce"``
    From eldest, clockwise, each player in turn may ``"pass"``, claim a redeal
    (``"redeal points"``: under 13 card points in hand; ``"redeal nines"``: all four nines;
    ``"redeal trumps"``: his pair has no trump, one trump, or only the trump 9 and J in
    different hands), declare ``"three nines"`` (or ``"ask nine"`` with two nines, rule
    option), or a contract higher than the one standing: ``"five"`` < ``"six"`` < ``"coat"``
    (fur coat) < ``"suit"``. The announcing ends when the three others have passed after a
    contract (it is played) or all four pass (normal play).
``"nines"``
    Three nines: each opponent (declarer's left first) places a card of one of the nines'
    suits on top or at the bottom of his pile (``"place 10♥ top"``, or ``"place none"`` with
    none); the declarer leaves one nine (``"leave 9♣"``); the placed cards are shown; a match
    with the nine left gives the opponents 3, else the declarer's pair 3. Announcing resumes.
``"aside"``
    "Five": the declarer, then each opponent, sets one card aside face down (``"aside J♣"``).
``"play"``
    Normal play (eldest leads; follow suit, else trump; a pair stops at 66 card points) or the
    contract's play (declarer leads, partner out, no trumps; he must take every trick).

Typical use::

    from cardlab import mariage4 as m4
    s = m4.deal(m4.RUSSIAN_4, dealer=0, seed=3)
    s.legal_actions()[:3]       # (Action('cut 1'), Action('cut 2'), Action('cut 3'))
    s = s.apply("cut 12")
    print(s.explain())
"""

from __future__ import annotations

import random
from functools import reduce
from operator import or_
from dataclasses import dataclass
from typing import Literal, NamedTuple, Sequence

from .actions import Action, play
from .cards import PACK_24, Card, Rank, Suit, format_cards, parse_card, parse_cards
from .rulesets import RuleSet
from .errors import IllegalActionError, NotationError, RulesError, DealError
from .state import GameState
from .tricks import TrickRules, explain_duty, legal_plays, trick_winner

__all__ = [
    "Mariage4Rules", "RUSSIAN_4", "LITERAL", "PRESETS", "CARD_POINTS", "RULES", "CONTRACTS",
    "Mariage4State", "SeatView4", "Award", "HandResult4", "Trick", "EightGame", "Mariage4Player",
    "DealError", "deal", "deal_from_hands", "shuffled_pack", "parse_action", "pair_of", "partner_of",
]

VARIANT = "mariage-4"

#: Card points by rank [SEED-003]: 120 in the pack.
CARD_POINTS: dict[Rank, int] = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}
_PTS = {c: CARD_POINTS[c.rank] for c in PACK_24}
_PACK_SET = frozenset(PACK_24)

#: The special contracts, lowest first, with the game points they are worth (rules-notes §4.3).
CONTRACTS: tuple[str, ...] = ("five", "six", "coat", "suit")
_CONTRACT_NAMES = {"five": '"five"', "six": '"six"', "coat": '"fur coat"', "suit": '"suit"'}

#: Rule ids, their text and source; every IllegalActionError names one of these ids.
RULES: dict[str, tuple[str, str]] = {
    "m4.turn": ("Only the player to act may act, and only as the phase allows; when the hand is over nobody may.",
                "all sources"),
    "m4.cut": ("The opponent on the dealer's right cuts the pack (1 to 23 cards from the top go under).",
               "SEED-003 ('gives any of the opponents to take down the deck'); which opponent: REC"),
    "m4.nine-cut": ("A nine at the bottom after the cut is shown and the pack is cut again; a nine at the bottom "
                    "three times running gives the dealing pair 1 game point and the deal passes to the next player.",
                    "SEED-003 (rules-notes §4.3, D-10)"),
    "m4.deal": ("Three cards each from eldest, then eldest names trumps or turns his last card; three more each.",
                "SEED-003 (rules-notes §4.3)"),
    "m4.trump": ("Eldest (the dealer's left) names trumps after his first 3 cards, or refuses; then his last card "
                 "(the 6th by default) is turned face up and its suit is trumps.", "SEED-003; '6th card' REC"),
    "m4.redeal.points": ("A player with fewer than 13 card points in his hand may claim a redeal.",
                         "SEED-003 (rules-notes §4.3)"),
    "m4.redeal.nines": ("A player holding all four nines may claim a redeal (or declare three nines instead).",
                        "SEED-003"),
    "m4.redeal.trumps": ("A player with no trump or one trump may ask his partner; if the pair has no trump, one "
                         "trump between them, or only the trump 9 and J in different hands, the pair may claim a "
                         "redeal.", "SEED-003 (rules-notes §4.3)"),
    "m4.redeal.when": ("Redeal claims are made in one's turn to announce, before any contract or three nines.",
                       "REC (rules-notes §4.3)"),
    "m4.nines": ("A player with three nines (or four) may declare 'three nines' and lay three nines face up; one "
                 "game of three nines per deal; with the option, a player with two nines may ask his partner for "
                 "the third.", "SEED-003 (rules-notes §4.3)"),
    "m4.nines.place": ("In 'three nines' each opponent places a card of the suit of one of the nines on top or at "
                       "the bottom of his pile, saying which; with no such card he places none.",
                       "SEED-003; D-13 for 'none'"),
    "m4.nines.leave": ("The declarer takes back two nines and leaves one; a placed card of its suit gives the "
                       "opponents 3 game points, otherwise the declarer's pair scores 3.", "SEED-003"),
    "m4.contract": ("Contracts rank five < six < fur coat < suit; an announcement must be higher than the one "
                    "standing; the highest is played. Options: only the other pair may overcall; the declarer of "
                    "three nines may not announce a contract after it ('a partner or rivals can announce').",
                    "SEED-003; order REC (rules-notes §4.3)"),
    "m4.contract.beatable": ("'Five', 'fur coat' and 'suit' may be declared only by a player holding a card the "
                             "opponents could beat: a card with a higher card of its suit outside his hand.",
                             "SEED-003; the test is D-12 (REC)"),
    "m4.aside": ("In 'five' the declarer sets one card aside (keeping a card the opponents could beat), then each "
                 "opponent sets one aside (option: they keep six); the declarer's partner throws in his hand.",
                 "SEED-003; D-11 (REC)"),
    "m4.contract.play": ("In a contract the declarer leads, his partner sits out, trumps have no power, everyone "
                         "must follow suit; he must take every trick, and play stops at the first trick he loses.",
                         "SEED-003; D-14 for fur coat and suit"),
    "m4.hold": ("You can only play a card you hold.", "all sources"),
    "m4.follow": ("You must follow suit.", "SEED-003"),
    "m4.head": ("Following suit you must beat the highest card of the suit in the trick if you can (option; not in "
                "the seed).", "P66 (rules-notes D-3)"),
    "m4.trump-duty": ("If you cannot follow suit you must play a trump if you hold one.", "SEED-003"),
    "m4.marriage": ("The player about to lead may announce a marriage (K+Q of one suit: 40 in trumps, 20 otherwise) "
                    "and must then lead its king or queen; its points count once his pair has a trick (option: at once). "
                    "Option: he may announce his partner's marriage instead (then any card may be led).",
                    "SEED-003; pair's trick D-8 (REC, as P66); partner's marriage P66 four-handed (D-8)"),
    "m4.claim": ("A player on lead who sees that a marriage brings his pair to 66 may announce it without leading "
                 "(a claim); if the pair is under 66 the opponents score 1 game point.", "SEED-003"),
    "m4.66": ("A pair reaching 66 card points (tricks and marriages that count) stops the play: 3 game points if "
              "the opponents took no trick, 2 if they have under 33, else 1.", "SEED-003; D-9 reading"),
    "m4.last-trick": ("If no pair reaches 66 the pair that took the last trick scores 1 game point.", "SEED-003"),
    "m4.eight": ("Each pair uncovers one pip of its eight per game point; 8 pips win the eight; surplus points go to "
                 "the next eight; a won fur coat lays a coat on the losers' eight, a won suit a coat and a lining.",
                 "SEED-003 (rules-notes §4.3, D-14, D-15, D-17)"),
    "m4.dealer": ("The deal passes clockwise; after a redeal claim the same dealer deals again.",
                  "SEED-003; same dealer REC (rules-notes §4.3)"),
}


def pair_of(seat: int) -> int:
    """The pair of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def partner_of(seat: int) -> int:
    """The partner of ``seat`` (opposite)."""
    return (seat + 2) % 4


# ---------------------------------------------------------------------------------------------
# Rules


@dataclass(frozen=True)
class Mariage4Rules(RuleSet):
    """A rule set for four-player Russian Mariage; every reading of the seed is one option.

    Defaults: rules-notes §4.3 (preset :data:`RUSSIAN_4`). Change options with
    :meth:`with_options`; an unknown option or a bad value raises
    :class:`~cardlab.errors.RulesError`.

    Attributes
    ----------
    name : str
    cutter : "right" or "left"
        Which opponent of the dealer cuts ("any of the opponents").
    nine_cut_rule : bool
        The nine-at-the-bottom rule (D-10). ``nine_cuts`` : int, nines in a row that end the deal
        (3); ``nine_cut_award`` : "dealers" or "cutters", the pair that scores ``nine_cut_points``.
    turned_card : "sixth" or "third"
        Which of eldest's cards is turned when he refuses to name trumps: his last card of the
        deal (6th, rules-notes) or the last he holds at that moment (3rd).
    redeal_points_below : int
        A hand under this many card points may claim a redeal (13; 0 switches the claim off).
    redeal_nines, redeal_trumps : bool
        The four-nines and trump-shortage claims.
    redeal_dealer : "same" or "next"
        Who deals after a redeal claim.
    three_nines : bool
        The "three nines" game exists. ``nines_points`` : game points it is worth (3).
    nines_from_partner : bool
        "Sometimes": a player with two nines may ask his partner for the third.
    contract_after_nines : "anyone" or "not_declarer"
        After three nines, may its declarer announce a contract too ("anyone", rules-notes), or
        only "a partner or rivals", as the translation says ("not_declarer")?
    contracts : tuple of str
        The contracts offered, from :data:`CONTRACTS`.
    five_aside : "choose" or "last"
        In "five", does the declarer choose the card he sets aside, or is it his 6th card (D-11)?
    opponents_set_aside : bool
        In "five", does each opponent also set one card aside (D-11's reading: 5 tricks of 3
        cards), or do the opponents keep all six (one card each is left unplayed)?
    overcall : "anyone" or "other_pair"
        Who may announce a higher contract over a standing one: any player (rules-notes), or only
        the other pair ("if the first pair [announces] five and the second pair six").
    beatable_rule : bool
        "Five", "fur coat" and "suit" need a card the opponents could beat (D-12).
    contract_trumps : bool
        Do trumps keep their power in contracts? (The seed: they lose it.)
    coat_rule : "win_eight" or "six_points"
        What a won fur coat or suit is worth besides its mark: the whole current eight (D-14) or
        6 game points like "six".
    must_head : bool
        Beat the highest card of the suit led when following (D-3; off in the seed).
    marriage_first_lead : bool
        May a marriage be announced on the first lead (its points pending until a trick)?
    marriage_needs_trick : bool
        Do a marriage's points count only once the pair has taken a trick (D-8, as in pagat's
        66), or at once (the seed does not say)?
    partner_can_meld : bool
        May the leader announce his partner's marriage (pagat's four-handed 66; D-8)? It is
        shown and counts for the pair; the leader then leads any card. One marriage per lead.
    false_claim_points : int
        Game points to the opponents of a false marriage claim (1).
    false_claim : "ends_hand" or "play_on"
        Does a false claim end the hand, or is the marriage led and play goes on?
    scoring : "1-2-3" or "literal"
        Reaching 66: 3 / 2 / 1 as in the two-player game (D-9), or the literal garbled
        sentence: 3 if the opponents took no trick, else 1.
    no_66 : "last_trick" or "nobody"
        Nobody reached 66: the last trick's pair scores ``last_trick_points`` (seed), or nobody.
    pips : int
        Pips on an eight (8, D-17).
    eights_to_win : int
        Eights that win the game (REC: 2; the seed does not say).
    carry_over : "always", "six_only" or "never"
        Surplus game points carried to the next eight (D-15).
    """

    default_preset = 'russian'

    name: str = "Russian Mariage for four (rules-notes reading)"
    cutter: Literal["right", "left"] = "right"
    nine_cut_rule: bool = True
    nine_cuts: int = 3
    nine_cut_award: Literal["dealers", "cutters"] = "dealers"
    nine_cut_points: int = 1
    turned_card: Literal["sixth", "third"] = "sixth"
    redeal_points_below: int = 13
    redeal_nines: bool = True
    redeal_trumps: bool = True
    redeal_dealer: Literal["same", "next"] = "same"
    three_nines: bool = True
    nines_points: int = 3
    nines_from_partner: bool = False
    contract_after_nines: Literal["anyone", "not_declarer"] = "anyone"
    contracts: tuple = CONTRACTS
    five_aside: Literal["choose", "last"] = "choose"
    opponents_set_aside: bool = True
    overcall: Literal["anyone", "other_pair"] = "anyone"
    beatable_rule: bool = True
    contract_trumps: bool = False
    coat_rule: Literal["win_eight", "six_points"] = "win_eight"
    must_head: bool = False
    marriage_first_lead: bool = True
    marriage_needs_trick: bool = True
    partner_can_meld: bool = False
    false_claim_points: int = 1
    false_claim: Literal["ends_hand", "play_on"] = "ends_hand"
    scoring: Literal["1-2-3", "literal"] = "1-2-3"
    no_66: Literal["last_trick", "nobody"] = "last_trick"
    last_trick_points: int = 1
    pips: int = 8
    eights_to_win: int = 2
    carry_over: Literal["always", "six_only", "never"] = "always"

    _CHOICES = {
        "cutter": ("right", "left"), "nine_cut_award": ("dealers", "cutters"), "turned_card": ("sixth", "third"),
        "redeal_dealer": ("same", "next"), "five_aside": ("choose", "last"), "coat_rule": ("win_eight", "six_points"),
        "false_claim": ("ends_hand", "play_on"), "scoring": ("1-2-3", "literal"), "no_66": ("last_trick", "nobody"),
        "carry_over": ("always", "six_only", "never"), "contract_after_nines": ("anyone", "not_declarer"),
        "overcall": ("anyone", "other_pair"),
    }
    _BOOLS = ("nine_cut_rule", "redeal_nines", "redeal_trumps", "three_nines", "nines_from_partner", "beatable_rule",
              "contract_trumps", "must_head", "marriage_first_lead", "partner_can_meld", "opponents_set_aside",
              "marriage_needs_trick")
    _INTS = (("nine_cuts", 1, 10), ("nine_cut_points", 0, 8), ("redeal_points_below", 0, 60), ("nines_points", 0, 8),
             ("false_claim_points", 0, 8), ("last_trick_points", 0, 8), ("pips", 1, 8), ("eights_to_win", 1, 50))

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name:
            raise RulesError("option name must be a non-empty text", "name")
        for f, allowed in self._CHOICES.items():
            if getattr(self, f) not in allowed:
                raise RulesError(f"option {f}={getattr(self, f)!r} is not one of {', '.join(allowed)}", f)
        for f in self._BOOLS:
            if not isinstance(getattr(self, f), bool):
                raise RulesError(f"option {f} must be true or false, not {getattr(self, f)!r}", f)
        for f, lo, hi in self._INTS:
            v = getattr(self, f)
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise RulesError(f"option {f} must be a whole number from {lo} to {hi}, not {v!r}", f)
        cs = self.contracts
        if isinstance(cs, list):
            cs = tuple(cs)
            object.__setattr__(self, "contracts", cs)
        if not isinstance(cs, tuple) or any(c not in CONTRACTS for c in cs) or len(set(cs)) != len(cs):
            raise RulesError(f"option contracts must list some of {', '.join(CONTRACTS)} once each, not {cs!r}",
                             "contracts")
        object.__setattr__(self, "contracts", tuple(c for c in CONTRACTS if c in cs))
        object.__setattr__(self, "_play", TrickRules(must_follow=True, must_head=self.must_head, must_trump=True))
        object.__setattr__(self, "_contract_play",
                           TrickRules(must_follow=True, must_head=self.must_head, must_trump=self.contract_trumps))

    @property
    def target(self) -> int:
        """Eights that win the game (the same as ``eights_to_win``; the name generic code reads)."""
        return self.eights_to_win

    @property
    def trick_rules(self) -> TrickRules:
        """Duties in normal play: follow suit, else trump (heading if ``must_head``)."""
        return self._play  # type: ignore[attr-defined]

    @property
    def contract_trick_rules(self) -> TrickRules:
        """Duties in a contract's play: follow suit (trumping only if ``contract_trumps``)."""
        return self._contract_play  # type: ignore[attr-defined]



#: rules-notes §4.3's reading of the seed.
RUSSIAN_4 = Mariage4Rules()

#: The most literal reading of the translated seed where rules-notes chose otherwise: the
#: garbled 66 scoring read literally (3 or 1), the turned card is eldest's 3rd, a false claim
#: only costs the point, a won fur coat or suit is worth what "six" is, no carry-over but in "six",
#: a marriage counts without a trick (the seed sets no condition), only "a partner or rivals"
#: announce after three nines, and only the other pair may overcall a contract.
LITERAL = Mariage4Rules(name="Russian Mariage for four (literal reading)", scoring="literal", turned_card="third",
                        false_claim="play_on", coat_rule="six_points", carry_over="six_only",
                        marriage_needs_trick=False, contract_after_nines="not_declarer", overcall="other_pair")

PRESETS: dict[str, Mariage4Rules] = {"russian": RUSSIAN_4, "literal": LITERAL}



# ---------------------------------------------------------------------------------------------
# Actions

PASS = Action("pass")
TURN = Action("turn")
NINES = Action("three nines")
ASK_NINE = Action("ask nine")
PLACE_NONE = Action("place")
_CONTRACT_ACTIONS = {c: Action(c) for c in CONTRACTS}
_REDEALS = {k: Action("redeal", None, k) for k in ("points", "nines", "trumps")}
_TRUMP = {s: Action("trump", None, s) for s in Suit}
_MARRIAGE = {s: Action("marriage", None, s) for s in Suit}
_CLAIM = {s: Action("claim", None, s) for s in Suit}
_CUT = {n: Action("cut", None, n) for n in range(1, 24)}


def _suit_of_text(text: str) -> Suit:
    t = text.strip().lower()
    for s in Suit:
        if t in (s.symbol, s.letter.lower(), s.name.lower()):
            return s
    raise NotationError(f"{text!r} is not a suit: use ♣ ♦ ♥ ♠ or C D H S")


def parse_action(text: str | Action) -> Action:
    """Parse an action's text (the forms are listed in the module docstring): a card plays it;
    ``"cut 7"``, ``"trump ♥"``, ``"turn"``, ``"pass"``, ``"redeal points|nines|trumps"``,
    ``"three nines"``, ``"ask nine"``, ``"five"``, ``"six"``, ``"coat"``, ``"suit"``,
    ``"place 10♥ top"``, ``"place 10♥ bottom"``, ``"place"`` (nothing to place), ``"leave 9♣"``,
    ``"aside J♣"``, ``"marriage ♥"``, ``"claim ♥"``. Raises
    :class:`~cardlab.errors.NotationError` for anything else."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise NotationError(f"an action must be text such as 'A♠' or 'pass', not {type(text).__name__}")
    t = " ".join(text.split())
    low = t.lower()
    words = low.split()
    if not words:
        raise NotationError("empty action")
    fixed = {"pass": PASS, "turn": TURN, "three nines": NINES, "nines": NINES, "ask nine": ASK_NINE,
             "place": PLACE_NONE, "place none": PLACE_NONE, "fur coat": _CONTRACT_ACTIONS["coat"],
             **_CONTRACT_ACTIONS}
    if low in fixed:
        return fixed[low]
    head, rest = words[0], t.split(None, 1)[1] if len(words) > 1 else ""
    try:
        if head == "cut":
            n = int(rest)
            if n not in _CUT:
                raise NotationError(f"{text!r}: a cut moves 1 to 23 cards from the top to the bottom")
            return _CUT[n]
        if head == "trump":
            return _TRUMP[_suit_of_text(rest)]
        if head == "redeal":
            if rest.lower() not in _REDEALS:
                raise NotationError(f"{text!r}: say 'redeal points', 'redeal nines' or 'redeal trumps'")
            return _REDEALS[rest.lower()]
        if head in ("marriage", "claim"):
            return (_MARRIAGE if head == "marriage" else _CLAIM)[_suit_of_text(rest)]
        if head == "place":
            parts = rest.split()
            if len(parts) != 2 or parts[1].lower() not in ("top", "bottom"):
                raise NotationError(f"{text!r}: say 'place 10♥ top' or 'place 10♥ bottom' (or 'place')")
            return Action("place", parse_card(parts[0]), parts[1].lower())
        if head in ("leave", "aside"):
            return Action(head, parse_card(rest))
    except ValueError as exc:
        if isinstance(exc, NotationError):
            raise
        raise NotationError(f"{text!r}: {exc}") from None
    try:
        return play(parse_card(t))
    except NotationError:
        raise NotationError(f"{text!r} is not an action of four-player Mariage: play a card ('A♠'), or say 'cut 7', "
                            f"'trump ♥', 'turn', 'pass', 'redeal points', 'three nines', 'five', 'six', 'coat', "
                            f"'suit', 'place 10♥ top', 'leave 9♣', 'aside J♣', 'marriage ♥' or 'claim ♥'") from None


# ---------------------------------------------------------------------------------------------
# Results and views


class Trick(NamedTuple):
    """A completed trick: who led, the cards as ``(seat, card)`` pairs in play order (lead
    first), and the seat that won it."""

    leader: int
    cards: tuple
    winner: int


class Award(NamedTuple):
    """Game points (pips) won by a pair in one hand.

    ``pair`` 0 or 1; ``points`` game points; ``reason`` a short id (``"66"``, ``"last_trick"``,
    ``"three_nines"``, ``"five"``, ``"six"``, ``"coat"``, ``"suit"``, ``"false_claim"``,
    ``"nine_cut"``); ``whole_eight`` True when the award wins the current eight outright (a won
    fur coat or suit); ``mark`` ``"coat"`` or ``"suit"`` laid on the *other* pair's eight, or
    ``None``; ``text`` the award in words."""

    pair: int
    points: int
    reason: str
    text: str
    whole_eight: bool = False
    mark: str | None = None

    @property
    def game_points(self) -> int:
        """The award's game points (the same as ``points``; the unit named in full)."""
        return self.points


@dataclass(frozen=True)
class HandResult4:
    """How a hand ended.

    Attributes
    ----------
    reason : str
        ``"66"``, ``"last_trick"``, ``"nobody"``, ``"false_claim"``, a contract name
        (``"five"`` … ``"suit"``), ``"redeal"`` or ``"nine_cut"``.
    awards : tuple of Award
        Every award of the hand in order (three nines first, if played).
    points : tuple of int
        Card points per pair (tricks and marriages that count).
    tricks : tuple of int
        Tricks taken per pair.
    redeal : bool
        The hand was thrown in by a redeal claim: no points, the dealer deals again (option).
    explanation : str
    """

    reason: str
    awards: tuple
    points: tuple
    tricks: tuple
    redeal: bool
    explanation: str

    def game_points(self, pair: int) -> int:
        """Game points this hand gives ``pair`` (a whole-eight award counts as its points)."""
        return sum(a.points for a in self.awards if a.pair == pair)


@dataclass(frozen=True)
class SeatView4:
    """What one seat may know. Partners' hands are hidden from each other.

    Attributes
    ----------
    seat : int
    hand : tuple of Card
    hand_sizes : tuple of int
        Cards in each seat's hand (face-down set-aside or thrown-in cards not counted).
    known : tuple of tuple of Card
        Per seat, cards of that seat's hand that have been shown to everyone (the turned
        trump card, the three nines, a marriage's king and queen) and are still held.
    phase, trump, named_trump, trump_turned, dealer, eldest, cuts, bottom_cards
        Public facts (``bottom_cards``: the nines shown at the cut; the dealer also sees the last
        bottom card) (``trump`` is the trump in force for the play: ``None`` in a contract).
    trick : tuple of (seat, Card)
    tricks : tuple of Trick
    points, tricks_won
        Card points per pair; tricks per seat.
    marriages : tuple of (seat, Suit, card points)
    contract : (name, declarer) or None; standing : (name, seat) or None while announcing
    nines : dict or None
        The three-nines game so far: declarer, the nines, placements (``"top"``/``"bottom"``,
        the cards only once shown), the nine left.
    sitting_out : int or None
    awards : tuple of Award
    unseen : tuple of Card
        Every card this seat cannot see: others' unshown cards, face-down placed, set-aside and
        thrown-in cards, and (before the deal is complete) the undealt cards.
    to_act : int or None
    legal_actions : tuple of Action
        Non-empty only when this seat is to act.
    finished : bool; result : HandResult4 or None; rules : Mariage4Rules
    pending_marriage : Suit or None
        As the state has it (:attr:`Mariage4State.pending_marriage`): the suit of the marriage
        the player on lead has just announced (or falsely claimed, when the hand plays on) from
        his own hand, whose king or queen he must now lead; ``None`` otherwise (once the card is
        led, for a partner's marriage, and when the hand is over) [m4.marriage, m4.claim].
        Public: everyone heard the announcement.
    leader : int
        As the state has it (:attr:`Mariage4State.leader`), a seat 0..3: in the play, the seat
        that led the current trick, or that is to lead it when the trick is empty (the winner
        of the last trick; once the hand is over, the winner of the last trick played). Before
        the play it is the seat that will lead if the hand is played normally: eldest, until a
        contract is settled, when it becomes the declarer [m4.contract.play].
    """

    seat: int
    hand: tuple
    hand_sizes: tuple
    known: tuple
    phase: str
    trump: Suit | None
    named_trump: Suit | None
    trump_turned: Card | None
    dealer: int
    eldest: int
    cuts: tuple
    bottom_cards: tuple
    trick: tuple
    tricks: tuple
    points: tuple
    tricks_won: tuple
    marriages: tuple
    contract: tuple | None
    standing: tuple | None
    nines: dict | None
    sitting_out: int | None
    awards: tuple
    unseen: tuple
    to_act: int | None
    legal_actions: tuple
    finished: bool
    result: HandResult4 | None
    rules: Mariage4Rules
    pending_marriage: Suit | None = None
    leader: int = 0


# ---------------------------------------------------------------------------------------------
# Deal


def shuffled_pack(seed: int) -> tuple[Card, ...]:
    """The 24-card pack shuffled reproducibly from ``seed`` (``random.Random(seed).shuffle``);
    index 0 is the top card. Raises :class:`DealError` for a seed that is not an int."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise DealError(f"a seed must be a whole number, not {seed!r}")
    pack = list(PACK_24)
    rng = random.Random(seed)
    if random.Random._randbelow is not random.Random._randbelow_with_getrandbits:  # pragma: no cover
        rng.shuffle(pack)
        return tuple(pack)
    # random.Random.shuffle written out (Fisher-Yates from the end, j = _randbelow(i + 1) by
    # rejection on getrandbits), without its two Python calls per card: the same pack for the
    # same seed (tests/test_mariage4_fast.py compares it with rng.shuffle over many seeds).
    getrandbits = rng.getrandbits
    for i, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        pack[i], pack[j] = pack[j], pack[i]
    return tuple(pack)


#: (i, bits) for each step of the shuffle of 24 cards: i from 23 down to 1, bits of i + 1.
_SHUFFLE_STEPS = tuple((i, (i + 1).bit_length()) for i in range(23, 0, -1))


def _check_pack(pack: Sequence) -> tuple[Card, ...]:
    try:
        cards = tuple(parse_card(c) for c in pack)
    except NotationError as exc:
        raise DealError(f"the pack has a card that cannot be read: {exc}") from None
    if len(cards) != 24:
        raise DealError(f"the pack has 24 cards (A 10 K Q J 9 of each suit), not {len(cards)}")
    seen = set()
    for i, c in enumerate(cards):
        if c not in _PACK_SET:
            raise DealError(f"card {i} ({c}) is not in the 24-card pack (A 10 K Q J 9 only)")
        if c in seen:
            raise DealError(f"card {i} ({c}) appears twice in the pack")
        seen.add(c)
    return cards


def deal(rules: Mariage4Rules = RUSSIAN_4, dealer: int = 0, seed: int | None = None,
         pack: Sequence | None = None, names: Sequence[str] = ("Ana", "Boris", "Cleo", "Dan")) -> "Mariage4State":
    """Start a hand: the first state, with the pack ready to be cut.

    Parameters
    ----------
    rules : Mariage4Rules
    dealer : int
        Seat 0..3.
    seed : int, optional / pack : sequence of 24 cards or card texts, optional
        Give one: the pack from the top before the cut (the cut is the first action).
    names : four str
        Players in seat order; seats 0 and 2 are partners, 1 and 3.

    Raises
    ------
    DealError
        Bad pack, dealer, names, or not exactly one of seed and pack.
    RulesError
        If ``rules`` is not a :class:`Mariage4Rules`.
    """
    if (seed is None) == (pack is None):
        raise DealError("give either a seed or a pack (the 24 cards from the top), not both or neither")
    if dealer not in (0, 1, 2, 3) or isinstance(dealer, bool):
        raise DealError(f"the dealer is a seat from 0 to 3, not {dealer!r}")
    if not isinstance(rules, Mariage4Rules):
        raise RulesError(f"rules must be a Mariage4Rules, not {type(rules).__name__}")
    names = tuple(names)
    if len(names) != 4:
        raise DealError(f"four players sit at the table, not {len(names)}")
    cards = shuffled_pack(seed) if pack is None else _check_pack(pack)
    return Mariage4State._initial(rules, dealer, cards, names)


def deal_from_hands(hands: Sequence, rules: Mariage4Rules = RUSSIAN_4, dealer: int = 0,
                    names: Sequence[str] = ("Ana", "Boris", "Cleo", "Dan"), cut: int = 12) -> "Mariage4State":
    """The first state of a hand that will give ``hands[seat]`` (6 cards each, as dealt: the
    first three of each are the first packet) once the pack is cut with ``"cut {cut}"``. The
    pack is built so (so the hand can be saved as a record). Raises :class:`DealError` when
    the hands are not 24 distinct cards of the pack, or the cut would show a nine at the bottom
    (under the nine-cut rule)."""
    try:
        hs = [parse_cards(h) for h in hands]
    except NotationError as exc:
        raise DealError(str(exc)) from None
    if len(hs) != 4 or any(len(h) != 6 for h in hs):
        raise DealError("give four hands of 6 cards each, in seat order")
    eldest = (dealer + 1) % 4
    dealt = [None] * 24
    for k in range(4):
        seat = (eldest + k) % 4
        dealt[3 * k:3 * k + 3] = hs[seat][:3]
        dealt[12 + 3 * k:12 + 3 * k + 3] = hs[seat][3:]
    dealt = _check_pack(dealt)
    if not 1 <= cut <= 23:
        raise DealError("a cut moves 1 to 23 cards")
    if rules.nine_cut_rule and dealt[-1].rank == Rank.NINE:
        raise DealError(f"the dealer's last card {dealt[-1]} would be the bottom card after the cut: a nine, so the "
                        f"nine-cut rule would make the pack be cut again [rule m4.nine-cut]")
    # after 'cut n' the pack is p[n:] + p[:n]; so p = dealt[24-n:] + dealt[:24-n]
    pack = dealt[24 - cut:] + dealt[:24 - cut]
    return deal(rules, dealer, pack=pack, names=names)


# ---------------------------------------------------------------------------------------------
# State

_SLOTS = ("rules", "dealer", "names", "pack", "cut_pack", "cuts", "phase", "hands", "undealt", "trump",
          "named_trump", "trump_turned", "_to_act", "leader", "trick", "tricks", "card_points", "tricks_won",
          "marriages", "marriage_points", "pending_marriage", "meld_lead", "shown", "awards", "standing", "passes",
          "nines_done", "nines", "asked", "contract", "aside", "sitting_out", "result")


def _copy_slots(src, dst) -> None:
    """Copy every attribute of :data:`_SLOTS` from ``src`` to ``dst`` (the values are immutable,
    except ``nines``, which :meth:`Mariage4State._child` copies itself). Written out, not looped
    over ``_SLOTS`` with getattr/setattr: this runs once per action (tests check it is complete)."""
    (dst.rules, dst.dealer, dst.names, dst.pack, dst.cut_pack, dst.cuts) = (
        src.rules, src.dealer, src.names, src.pack, src.cut_pack, src.cuts)
    (dst.phase, dst.hands, dst.undealt, dst.trump, dst.named_trump, dst.trump_turned) = (
        src.phase, src.hands, src.undealt, src.trump, src.named_trump, src.trump_turned)
    (dst._to_act, dst.leader, dst.trick, dst.tricks, dst.card_points, dst.tricks_won) = (
        src._to_act, src.leader, src.trick, src.tricks, src.card_points, src.tricks_won)
    (dst.marriages, dst.marriage_points, dst.pending_marriage, dst.meld_lead, dst.shown, dst.awards) = (
        src.marriages, src.marriage_points, src.pending_marriage, src.meld_lead, src.shown, src.awards)
    (dst.standing, dst.passes, dst.nines_done, dst.nines, dst.asked, dst.contract) = (
        src.standing, src.passes, src.nines_done, src.nines, src.asked, src.contract)
    (dst.aside, dst.sitting_out, dst.result) = (
        src.aside, src.sitting_out, src.result)


class Mariage4State(GameState):
    """One moment of a four-player hand. Immutable: :meth:`apply` returns the next state.

    Public attributes (stable, read by the analysis tools)
    ------------------------------------------------------
    rules, dealer, names, pack
        The rule set, the dealer seat, the four names, the pack as given (top first, uncut).
    cut_pack : tuple of Card
        The pack after the cuts so far (what is dealt, top first).
    cuts : tuple of int
        The cuts made (cards moved each time).
    phase : str
        ``"cut"``, ``"trump"``, ``"announce"``, ``"nines"``, ``"aside"``, ``"play"`` or ``"over"``.
    hands : tuple of 4 tuples of Card
        Every seat's cards, hidden or not (3 each while trumps are chosen).
    undealt : tuple of Card
        Cards not dealt yet (the second packets, during the trump choice).
    trump : Suit or None
        The trump suit in force for trick play: ``None`` before trumps are fixed and in a
        contract played without trumps. ``named_trump`` is the suit fixed in the deal;
        ``trump_turned`` the card turned by eldest (or None).
    leader : int
        Seat leading the current trick.
    trick : tuple of (seat, Card)
        The current trick, lead first.
    tricks : tuple of :class:`Trick`
        Completed tricks in order.
    card_points : tuple of 2 int
        Card points in each pair's tricks. ``points(pair)`` adds marriages that count;
        ``seat_card_points`` gives them per seat, ``pair_tricks(pair)`` the pair's tricks.
    tricks_won : tuple of 4 int
        Tricks taken per seat.
    marriages : tuple of (seat, Suit, card points)
    pending_marriage : Suit or None
        The marriage just announced (its king or queen must be led).
    awards : tuple of :class:`Award`
        Game points won so far in this hand (three nines is settled before the play).
    standing : (contract, seat) or None
        The highest contract announced so far.
    contract : (contract, declarer) or None
        The contract being played.
    nines : dict or None
        The three-nines game: ``declarer``, ``owners`` (seat per nine), ``nines``,
        ``placed`` {seat: (card or None, "top"/"bottom"/None)}, ``left`` (the nine left).
    aside : tuple of 4 tuples of Card
        Cards set aside face down ("five") or thrown in (the declarer's partner).
    sitting_out : int or None
        The declarer's partner in a contract.
    to_act : int or None
    result : HandResult4 or None
    trick_rules : TrickRules
        The duties in force (normal play or contract play).
    """

    __slots__ = _SLOTS
    variant = VARIANT

    @classmethod
    def _initial(cls, rules, dealer, pack, names):
        s = object.__new__(cls)
        s.parent = None
        s.last_action = None
        s._legal = None
        s.rules = rules
        s.dealer = dealer
        s.names = names
        s.pack = pack
        s.cut_pack = pack
        s.cuts = ()
        s.phase = "cut"
        s.hands = ((), (), (), ())
        s.undealt = pack
        s.trump = None
        s.named_trump = None
        s.trump_turned = None
        s._to_act = s.cutter
        s.leader = (dealer + 1) % 4
        s.trick = ()
        s.tricks = ()
        s.card_points = (0, 0)
        s.tricks_won = (0, 0, 0, 0)
        s.marriages = ()
        s.marriage_points = (0, 0)
        s.pending_marriage = None
        s.meld_lead = -1
        s.shown = (frozenset(),) * 4
        s.awards = ()
        s.standing = None
        s.passes = 0
        s.nines_done = False
        s.nines = None
        s.asked = frozenset()
        s.contract = None
        s.aside = ((), (), (), ())
        s.sitting_out = None
        s.result = None
        return s

    def _child(self, action):
        s = object.__new__(Mariage4State)
        _copy_slots(self, s)
        s.parent = self
        s.last_action = action
        s._legal = None
        if self.nines is not None:
            s.nines = dict(self.nines, placed=dict(self.nines["placed"]))
        return s

    # -- queries ---------------------------------------------------------------------------
    @property
    def eldest(self) -> int:
        """The seat on the dealer's left: he names trumps and leads in normal play."""
        return (self.dealer + 1) % 4

    @property
    def cutter(self) -> int:
        """The opponent of the dealer who cuts (``rules.cutter``)."""
        return (self.dealer + (3 if self.rules.cutter == "right" else 1)) % 4

    @property
    def to_act(self) -> int | None:
        return None if self.result is not None else self._to_act

    @property
    def is_finished(self) -> bool:
        return self.result is not None

    @property
    def trick_rules(self) -> TrickRules:
        """The follower's duties in force now (normal play or a contract's play)."""
        return self.rules.contract_trick_rules if self.contract else self.rules.trick_rules

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats that play to tricks, in clockwise order from the declarer/eldest."""
        if self.sitting_out is None:
            return (0, 1, 2, 3)
        return tuple(s for s in range(4) if s != self.sitting_out)

    def points(self, pair: int) -> int:
        """Card points of ``pair`` now: its tricks plus its marriages, which count once the pair
        has taken a trick (at once if ``rules.marriage_needs_trick`` is off) [m4.marriage]."""
        p = self.card_points[pair]
        if self.tricks_won[pair] + self.tricks_won[pair + 2] or not self.rules.marriage_needs_trick:
            p += self.marriage_points[pair]
        return p

    def pair_tricks(self, pair: int) -> int:
        """Tricks taken by ``pair`` (both partners)."""
        return self.tricks_won[pair] + self.tricks_won[pair + 2]

    @property
    def seat_card_points(self) -> tuple[int, int, int, int]:
        """Card points in the tricks each seat took (a pair's are added together for 66)."""
        pts = [0, 0, 0, 0]
        for t in self.tricks:
            pts[t.winner] += sum(_PTS[c] for _, c in t.cards)
        return tuple(pts)

    @property
    def bottom_cards(self) -> tuple:
        """The bottom card after each cut so far (all of them: the last one, not a nine, is seen by
        the dealer only; see :attr:`shown_bottoms`)."""
        out = []
        p = self.pack
        for n in self.cuts:
            p = p[n:] + p[:n]
            out.append(p[-1])
        return tuple(out)

    @property
    def shown_bottoms(self) -> tuple:
        """The bottom cards shown to everyone: the nines of the nine-at-the-bottom rule."""
        if not self.rules.nine_cut_rule:
            return ()
        return tuple(c for c in self.bottom_cards if c.rank == Rank.NINE)

    def _next_active(self, seat: int) -> int:
        n = (seat + 1) % 4
        if n == self.sitting_out:
            n = (n + 1) % 4
        return n

    # -- legality: one check for each action, used by legal_actions and apply -------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the player to act may take now (empty once the hand is over), in a fixed
        order (the order of :meth:`_candidates`). Built directly from the hand, the trick and the
        phase (:meth:`_fast_legal`); the rule checks of :meth:`_check`, which explain a refusal,
        state the same rules and are tested to agree with it (tests/test_mariage4_fast.py)."""
        if self._legal is None:
            self._legal = () if self.result is not None else self._fast_legal()
        return self._legal

    def _fast_legal(self) -> tuple[Action, ...]:
        """The legal actions of a running hand, built per phase without the explained checks
        (same actions, same order as filtering :meth:`_candidates` through :meth:`_check`)."""
        ph = self.phase
        seat = self._to_act
        if ph == "play":
            hand = self.hands[seat]
            trick = self.trick
            if trick:
                return tuple(map(_PLAY_OF.__getitem__, legal_plays(hand, [x for _, x in trick], self.trump,
                                                                   self.trick_rules)))
            pm = self.pending_marriage
            if pm is not None:
                return tuple(_PLAY_OF[c] for c in hand if c in _MARRIAGE_PAIR[pm])
            plays = tuple(map(_PLAY_OF.__getitem__, hand))
            if (self.contract or self.meld_lead == len(self.tricks)
                    or (not self.tricks and not self.rules.marriage_first_lead)):
                return plays
            held = frozenset(hand)
            mine = [s for s in _SUITS if _MARRIAGE_PAIR[s] <= held]
            melds = mine
            if self.rules.partner_can_meld:
                ph_ = frozenset(self.hands[(seat + 2) % 4])
                melds = [s for s in _SUITS if s in mine or _MARRIAGE_PAIR[s] <= ph_]
            if not melds:
                return plays
            return tuple([_MARRIAGE[s] for s in melds] + [_CLAIM[s] for s in mine]) + plays
        if ph == "announce":
            return self._announce_legal(seat)
        if ph == "cut":
            return _CUT_ALL
        if ph == "trump":
            return _TRUMP_ALL
        if ph == "nines":
            ni = self.nines
            if seat == ni["declarer"]:
                return tuple(Action("leave", c) for c in ni["nines"])
            suits = {c.suit for c in ni["nines"]}
            out = [a for c in self.hands[seat] if c.suit in suits for a in _PLACE_OF[c]]
            return tuple(out) if out else (PLACE_NONE,)
        if ph == "aside":
            hand = self.hands[seat]
            r = self.rules
            if seat != self.contract[1]:
                return tuple(Action("aside", c) for c in hand)
            out = []
            for c in hand:
                if r.five_aside == "last" and c != hand[-1]:
                    continue
                if r.beatable_rule and not _has_beatable([x for x in hand if x != c], hand):
                    continue
                out.append(Action("aside", c))
            return tuple(out)
        return ()

    def _announce_legal(self, seat: int) -> tuple[Action, ...]:
        """:meth:`_check_announce` without the reasons: which announcements are open to ``seat``."""
        r = self.rules
        hand = self.hands[seat]
        standing = self.standing
        out = [PASS]
        if standing is None and not self.nines_done:
            nines = len(_NINE_CARDS.intersection(hand))
            if 0 < r.redeal_points_below and sum(map(_PTS.__getitem__, hand)) < r.redeal_points_below:
                out.append(_REDEALS["points"])
            if r.redeal_nines and nines == 4:
                out.append(_REDEALS["nines"])
            if r.redeal_trumps:
                trump = self.named_trump
                mine = [c for c in hand if _SUIT[c] == trump]
                if len(mine) <= 1:
                    theirs = [c for c in self.hands[(seat + 2) % 4] if _SUIT[c] == trump]
                    if (len(mine) + len(theirs) <= 1 or (len(mine) == 1 and len(theirs) == 1
                                                         and {mine[0], theirs[0]} == _NINE_JACK[trump])):
                        out.append(_REDEALS["trumps"])
            if r.three_nines:
                if nines >= 3:
                    out.append(NINES)
                if r.nines_from_partner and nines == 2 and seat not in self.asked:
                    out.append(ASK_NINE)
        if (self.nines_done and r.contract_after_nines == "not_declarer" and self.nines["declarer"] == seat):
            return tuple(out)
        if standing is not None and r.overcall == "other_pair" and standing[1] % 2 == seat % 2:
            return tuple(out)
        low = -1 if standing is None else CONTRACTS.index(standing[0])
        beatable = None
        for i, k in enumerate(CONTRACTS):
            if i <= low or k not in r.contracts:
                continue
            if k != "six" and r.beatable_rule:
                if k == "five" and r.five_aside == "last":
                    if not _has_beatable(hand[:-1], hand):
                        continue
                else:
                    if beatable is None:
                        beatable = _has_beatable(hand, hand)
                    if not beatable:
                        continue
            out.append(_CONTRACT_ACTIONS[k])
        return tuple(out)

    def _candidates(self) -> list[Action]:
        """Every action of the notation that could apply in this phase, in the order of
        :meth:`legal_actions`: filtered through :meth:`_check` they are the legal actions (the
        plain statement that tests hold :meth:`_fast_legal` to)."""
        seat = self._to_act
        hand = self.hands[seat]
        ph = self.phase
        if ph == "cut":
            return list(_CUT.values())
        if ph == "trump":
            return [_TRUMP[s] for s in Suit] + [TURN]
        if ph == "announce":
            return ([PASS] + list(_REDEALS.values()) + [NINES, ASK_NINE]
                    + [_CONTRACT_ACTIONS[c] for c in CONTRACTS])
        if ph == "nines":
            if seat == self.nines["declarer"]:
                return [Action("leave", c) for c in self.nines["nines"]]
            return [Action("place", c, pos) for c in hand for pos in ("top", "bottom")] + [PLACE_NONE]
        if ph == "aside":
            return [Action("aside", c) for c in hand]
        if ph == "play":
            out = [play(c) for c in hand]
            if not self.trick and not self.contract:
                out = [_MARRIAGE[s] for s in Suit] + [_CLAIM[s] for s in Suit] + out
            return out
        return []

    def _check(self, a: Action) -> tuple[str, str] | None:
        """``None`` if ``a`` is legal now, else ``(rule id, reason)``."""
        if self.result is not None:
            return ("m4.turn", "the hand is over; no more actions can be taken")
        seat = self._to_act
        name = self.names[seat]
        ph = self.phase
        k = a.kind
        wrong = ("m4.turn", f"'{a}' is not possible now: {self._waiting_for()}")
        if ph == "cut":
            if k != "cut":
                return wrong
            if a.value not in _CUT:
                return ("m4.cut", "a cut moves 1 to 23 cards from the top to the bottom")
            return None
        if ph == "trump":
            return None if k in ("trump", "turn") and (k == "turn" or a.value in _TRUMP) else wrong
        if ph == "announce":
            return self._check_announce(seat, name, a)
        if ph == "nines":
            return self._check_nines(seat, name, a)
        if ph == "aside":
            if k != "aside":
                return wrong
            if a.card not in self.hands[seat]:
                return ("m4.hold", f"{name} does not hold {a.card}")
            if seat == self.contract[1]:
                if self.rules.five_aside == "last" and a.card != self.hands[seat][-1]:
                    return ("m4.aside", f"under these rules the declarer sets aside the last (6th) card dealt, "
                                        f"{self.hands[seat][-1]}")
                if self.rules.beatable_rule:
                    rest = [c for c in self.hands[seat] if c != a.card]
                    if not _has_beatable(rest, self.hands[seat]):
                        return ("m4.contract.beatable", f"setting {a.card} aside would leave {name} no card the "
                                                        f"opponents could beat")
            return None
        if ph == "play":
            return self._check_play(seat, name, a)
        return wrong

    def _waiting_for(self) -> str:
        ph = self.phase
        who = self.names[self._to_act]
        return {
            "cut": f"{who} is to cut the pack ('cut 1' to 'cut 23')",
            "trump": f"{who} is to name trumps ('trump ♥') or turn their last card ('turn')",
            "announce": f"{who} is to announce: pass, a redeal claim, three nines or a contract",
            "nines": f"the three-nines game: {who} is to "
                     + ("leave a nine ('leave 9♣')" if self.nines and self._to_act == self.nines["declarer"]
                        else "place a card ('place 10♥ top' or 'place')"),
            "aside": f"{who} is to set a card aside ('aside J♣')",
            "play": f"{who} is to " + ("play to the trick" if self.trick else "lead"),
        }.get(ph, "the hand is over")

    def _check_announce(self, seat, name, a):
        r = self.rules
        k = a.kind
        hand = self.hands[seat]
        if k == "pass":
            return None
        if k == "redeal":
            if self.standing is not None or self.nines_done:
                return ("m4.redeal.when", "a redeal can no longer be claimed once a contract or three nines has "
                                          "been declared")
            trump = self.named_trump
            if a.value == "points":
                pts = sum(_PTS[c] for c in hand)
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
                theirs = [c for c in self.hands[partner_of(seat)] if c.suit == trump]
                both = mine + theirs
                nine_jack = {Card.of(trump, Rank.NINE), Card.of(trump, Rank.JACK)}
                if len(both) <= 1 or (len(mine) == 1 and len(theirs) == 1 and set(both) == nine_jack):
                    return None
                return ("m4.redeal.trumps", f"the partner answers that they hold {len(theirs)} trump"
                                            f"{'s' if len(theirs) != 1 else ''}: the pair has {len(both)}, which is "
                                            f"not a shortage (none, one, or only the 9 and J in different hands)")
            return ("m4.turn", f"unknown redeal claim {a.value!r}")
        if k in ("three nines", "ask nine"):
            if not r.three_nines:
                return ("m4.nines", "these rules have no three-nines game")
            if self.nines_done:
                return ("m4.nines", "three nines has already been played in this deal")
            if self.standing is not None:
                return ("m4.nines", "three nines is settled before the contracts; a contract has been announced")
            n = sum(c.rank == Rank.NINE for c in hand)
            if k == "three nines":
                if n < 3:
                    return ("m4.nines", f"{name} holds {n} nine{'s' if n != 1 else ''}; three nines needs three")
                return None
            if not r.nines_from_partner:
                return ("m4.nines", "asking the partner for the third nine is not allowed under these rules")
            if n != 2:
                return ("m4.nines", f"only a player with exactly two nines may ask his partner for the third; "
                                    f"{name} holds {n}")
            if seat in self.asked:
                return ("m4.nines", f"{name} has already asked")
            return None
        if k in CONTRACTS:
            if k not in r.contracts:
                return ("m4.contract", f"the contract {_CONTRACT_NAMES[k]} is not played under these rules")
            if self.standing is not None and CONTRACTS.index(k) <= CONTRACTS.index(self.standing[0]):
                return ("m4.contract", f"{_CONTRACT_NAMES[self.standing[0]]} has been announced by "
                                       f"{self.names[self.standing[1]]}; only a higher contract may be announced")
            if self.standing is not None and r.overcall == "other_pair" and self.standing[1] % 2 == seat % 2:
                return ("m4.contract", f"{_CONTRACT_NAMES[self.standing[0]]} has been announced by "
                                       f"{self.names[self.standing[1]]}, {name}'s own pair; under these rules only "
                                       f"the other pair may announce a higher contract")
            if (self.nines_done and r.contract_after_nines == "not_declarer"
                    and self.nines["declarer"] == seat):
                return ("m4.contract", f"{name} declared three nines; under these rules only his partner or the "
                                       f"opponents may announce a contract after it")
            keep = hand[:-1] if (k == "five" and r.five_aside == "last") else hand
            if k != "six" and r.beatable_rule and not _has_beatable(keep, hand):
                return ("m4.contract.beatable", f"{_CONTRACT_NAMES[k]} needs a card the opponents could beat, and "
                                                f"every card of {name}'s is the highest of its suit outside that hand")
            return None
        return ("m4.turn", f"'{a}' is not possible now: {self._waiting_for()}")

    def _check_nines(self, seat, name, a):
        ni = self.nines
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
        hand = self.hands[seat]
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

    def _check_play(self, seat, name, a):
        k = a.kind
        hand = self.hands[seat]
        if k in ("marriage", "claim"):
            if self.trick:
                return ("m4.marriage", f"only the player about to lead may announce a marriage; {name} must play "
                                       f"to the trick")
            if self.contract:
                return ("m4.marriage", "there are no marriages in a contract's play")
            if self.pending_marriage is not None or self.meld_lead == len(self.tricks):
                return ("m4.marriage", "one marriage per lead" + (": lead its king or queen now"
                                                                  if self.pending_marriage is not None else ""))
            if not self.tricks and not self.rules.marriage_first_lead:
                return ("m4.marriage", "no marriage on the first lead under these rules")
            suit = a.value
            if suit not in _MARRIAGE:
                return ("m4.marriage", f"name the marriage's suit (♣ ♦ ♥ ♠), not {suit!r}")
            missing = [str(Card.of(suit, rk)) for rk in (Rank.KING, Rank.QUEEN) if Card.of(suit, rk) not in hand]
            if missing and k == "marriage" and self.rules.partner_can_meld and self._partner_marriage(seat, suit):
                return None
            if missing:
                return ("m4.marriage" if k == "marriage" else "m4.claim",
                        f"a marriage needs the king and queen of {suit.symbol}; {name} lacks {' and '.join(missing)}")
            return None
        if k != "play":
            return ("m4.turn", f"'{a}' is not possible now: {self._waiting_for()}")
        c = a.card
        if c not in hand:
            return ("m4.hold", f"{name} does not hold {c}")
        if not self.trick:
            pm = self.pending_marriage
            if pm is not None and not (c.suit == pm and c.rank in (Rank.KING, Rank.QUEEN)):
                return ("m4.marriage", f"after announcing the {pm.symbol} marriage {name} must lead K{pm.symbol} or "
                                       f"Q{pm.symbol}")
            return None
        cards = [x for _, x in self.trick]
        duty = explain_duty(c, hand, cards, self.trump, self.trick_rules)
        if duty is not None:
            key, reason = duty
            return ({"follow": "m4.follow", "head": "m4.head", "trump": "m4.trump-duty",
                     "overtrump": "m4.trump-duty"}[key], f"{c} is not allowed: {reason}")
        return None

    # -- applying -----------------------------------------------------------------------------
    def apply(self, action: Action | str) -> "Mariage4State":
        """The state after ``action`` (an :class:`Action` or its text).

        Raises
        ------
        NotationError
            If the text is not an action.
        IllegalActionError
            If the rules forbid it now, naming the rule (a key of :data:`RULES`) and the reason;
            this state is unchanged (states are immutable).
        """
        if not isinstance(action, Action):
            action = parse_action(action)
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:                   # the explained checks say why it is refused
            why = self._check(action)
            if why is not None:
                raise IllegalActionError(*why)
        s = object.__new__(Mariage4State)                 # self._child(action), written out
        _copy_slots(self, s)
        s.parent = self
        s.last_action = action
        s._legal = None
        if self.nines is not None:
            s.nines = dict(self.nines, placed=dict(self.nines["placed"]))
        s._do(self._to_act, action)
        return s

    def _do(self, seat: int, a: Action) -> None:
        k = a.kind
        ph = self.phase
        if ph == "cut":
            self._cut(a.value)
        elif ph == "trump":
            self._choose_trump(a)
        elif ph == "announce":
            self._announce(seat, a)
        elif ph == "nines":
            self._nines_step(seat, a)
        elif ph == "aside":
            self._set_aside(seat, a.card)
        elif k in ("marriage", "claim"):
            self._marry(seat, a.value, claim=k == "claim")
        else:
            self._play(seat, a.card)

    def _cut(self, n: int) -> None:
        r = self.rules
        p = self.cut_pack[n:] + self.cut_pack[:n]
        self.cut_pack = p
        self.undealt = p
        self.cuts = self.cuts + (n,)
        if r.nine_cut_rule and p[-1].rank == Rank.NINE:
            if len(self.cuts) >= r.nine_cuts:
                pair = self.dealer % 2 if r.nine_cut_award == "dealers" else (self.dealer + 1) % 2
                aw = Award(pair, r.nine_cut_points, "nine_cut",
                           f"a nine at the bottom {len(self.cuts)} times: {self._pair_name(pair)} uncover "
                           f"{r.nine_cut_points} and the deal passes on")
                self.awards = (aw,)
                self._finish("nine_cut", aw.text)
            return  # cut again
        hs = []
        e = self.eldest
        for seat in range(4):
            k = (seat - e) % 4
            hs.append(p[3 * k:3 * k + 3])
        self.hands = tuple(hs)
        self.undealt = p[12:]
        self.phase = "trump"
        self._to_act = e

    def _choose_trump(self, a: Action) -> None:
        e = self.eldest
        p = self.cut_pack
        if a.kind == "turn":
            card = p[14] if self.rules.turned_card == "sixth" else p[2]
            self.trump_turned = card
            suit = card.suit
            sh = list(self.shown)
            sh[e] = sh[e] | {card}
            self.shown = tuple(sh)
        else:
            suit = a.value
        self.named_trump = suit
        self.trump = suit
        hs = list(self.hands)
        for seat in range(4):
            k = (seat - e) % 4
            hs[seat] = hs[seat] + p[12 + 3 * k:12 + 3 * k + 3]
        self.hands = tuple(hs)
        self.undealt = ()
        self.phase = "announce"
        self._to_act = e
        self.passes = 0

    def _announce(self, seat: int, a: Action) -> None:
        k = a.kind
        if k == "pass":
            self.passes += 1
            if self.standing is None and self.passes >= 4:
                self._start_normal_play()
            elif self.standing is not None and self.passes >= 3:
                self._start_contract(*self.standing)
            else:
                self._to_act = (seat + 1) % 4
            return
        if k == "redeal":
            self._finish("redeal", f"{self.names[seat]} claims a redeal ({_REDEAL_WORDS[a.value]}); the cards are "
                                   f"thrown in")
            return
        if k == "ask nine":
            self.asked = self.asked | {seat}
            partner = partner_of(seat)
            pn = [c for c in self.hands[partner] if c.rank == Rank.NINE]
            if pn:
                mine = [c for c in self.hands[seat] if c.rank == Rank.NINE]
                self._start_nines(seat, tuple(mine) + (pn[0],), (seat, seat, partner))
            # else: the answer is no and the asker speaks again
            return
        if k == "three nines":
            mine = tuple(c for c in self.hands[seat] if c.rank == Rank.NINE)[:3]
            self._start_nines(seat, mine, (seat,) * 3)
            return
        self.standing = (k, seat)
        self.passes = 0
        self._to_act = (seat + 1) % 4

    def _start_nines(self, seat, nines, owners) -> None:
        self.phase = "nines"
        self.nines = {"declarer": seat, "nines": tuple(nines), "owners": tuple(owners), "placed": {}, "left": None,
                      "winner": None}
        sh = list(self.shown)
        for c, o in zip(nines, owners):
            sh[o] = sh[o] | {c}
        self.shown = tuple(sh)
        self._to_act = (seat + 1) % 4

    def _nines_step(self, seat: int, a: Action) -> None:
        ni = self.nines
        d = ni["declarer"]
        if a.kind == "place":
            ni["placed"][seat] = (a.card, a.value)
            self._to_act = (d + 3) % 4 if seat == (d + 1) % 4 else d
            return
        ni["left"] = a.card
        placed = [c for c, _ in ni["placed"].values() if c is not None]
        match = [c for c in placed if c.suit == a.card.suit]
        r = self.rules
        if match:
            pair = (d + 1) % 2
            text = (f"three nines: {self.names[d]} left {a.card}; {format_cards(match)} matches its suit, so "
                    f"{self._pair_name(pair)} uncover {r.nines_points}")
        else:
            pair = d % 2
            text = (f"three nines: {self.names[d]} left {a.card}; no placed card matches its suit, so "
                    f"{self._pair_name(pair)} uncover {r.nines_points}")
        ni["winner"] = pair
        self.awards = self.awards + (Award(pair, r.nines_points, "three_nines", text),)
        sh = list(self.shown)  # the placed cards are shown
        for s_, (c, _) in ni["placed"].items():
            if c is not None:
                sh[s_] = sh[s_] | {c}
        self.shown = tuple(sh)
        self.nines_done = True
        self.phase = "announce"
        self.passes = 0
        self._to_act = (d + 1) % 4

    def _start_normal_play(self) -> None:
        self.phase = "play"
        self.leader = self.eldest
        self._to_act = self.eldest

    def _start_contract(self, name: str, declarer: int) -> None:
        self.contract = (name, declarer)
        self.sitting_out = partner_of(declarer)
        hs = list(self.hands)
        asd = list(self.aside)
        asd[self.sitting_out] = hs[self.sitting_out]
        hs[self.sitting_out] = ()
        self.hands = tuple(hs)
        self.aside = tuple(asd)
        self.shown = tuple(frozenset() if i == self.sitting_out else x for i, x in enumerate(self.shown))
        if not self.rules.contract_trumps:
            self.trump = None
        self.leader = declarer
        self._to_act = declarer
        self.phase = "aside" if name == "five" else "play"

    def _set_aside(self, seat: int, card: Card) -> None:
        hs = list(self.hands)
        hs[seat] = tuple(c for c in hs[seat] if c != card)
        self.hands = tuple(hs)
        asd = list(self.aside)
        asd[seat] = asd[seat] + (card,)
        self.aside = tuple(asd)
        sh = list(self.shown)
        sh[seat] = sh[seat] - {card}
        self.shown = tuple(sh)
        d = self.contract[1]
        nxt = self._next_active(seat)
        if nxt == d or not self.rules.opponents_set_aside:
            self.phase = "play"
            nxt = d
        self._to_act = nxt

    def _partner_marriage(self, seat: int, suit: Suit) -> bool:
        ph = self.hands[partner_of(seat)]
        return Card.of(suit, Rank.KING) in ph and Card.of(suit, Rank.QUEEN) in ph

    def _marry(self, seat: int, suit: Suit, claim: bool) -> None:
        r = self.rules
        pair = seat % 2
        value = 40 if suit == self.trump else 20
        leader = seat
        if not {Card.of(suit, Rank.KING), Card.of(suit, Rank.QUEEN)} <= set(self.hands[seat]):
            seat = partner_of(seat)                            # the partner's marriage (partner_can_meld)
        self.meld_lead = len(self.tricks)
        self.marriages = self.marriages + ((seat, suit, value),)
        mp = list(self.marriage_points)
        mp[pair] += value
        self.marriage_points = tuple(mp)
        sh = list(self.shown)
        sh[seat] = sh[seat] | {Card.of(suit, Rank.KING), Card.of(suit, Rank.QUEEN)}
        self.shown = tuple(sh)
        total = self.points(pair)
        if total >= 66:
            self._win_66(pair, f"{self.names[seat]} announces the {suit.symbol} marriage ({value}) without leading: "
                               f"{self._pair_name(pair)} have {total}")
            return
        if claim:
            other = 1 - pair
            why = (f"{self.names[seat]} claims 66 with the {suit.symbol} marriage but {self._pair_name(pair)} have "
                   f"only {total}" + ("" if self.pair_tricks(pair) or not r.marriage_needs_trick
                                      else " (no trick yet, so the marriage does not count)"))
            aw = Award(other, r.false_claim_points, "false_claim",
                       f"{why}: {self._pair_name(other)} uncover {r.false_claim_points}")
            self.awards = self.awards + (aw,)
            if r.false_claim == "ends_hand":
                self._finish("false_claim", aw.text)
                return
        if seat == leader:
            self.pending_marriage = suit

    def _play(self, seat: int, card: Card) -> None:
        hs = list(self.hands)
        h = list(hs[seat])
        h.remove(card)
        hs[seat] = tuple(h)
        self.hands = tuple(hs)
        if card in self.shown[seat]:
            sh = list(self.shown)
            sh[seat] = sh[seat] - {card}
            self.shown = tuple(sh)
        self.pending_marriage = None
        trick = self.trick + ((seat, card),)
        if len(trick) < (4 if self.sitting_out is None else 3):      # len(self.active_seats)
            self.trick = trick
            self._to_act = self._next_active(seat)
            return
        cards = [c for _, c in trick]
        w = trick[trick_winner(cards, self.trump, self.trick_rules)][0]
        pair = w % 2
        cp = list(self.card_points)
        cp[pair] += sum(map(_PTS.__getitem__, cards))
        self.card_points = tuple(cp)
        tw = list(self.tricks_won)
        tw[w] += 1
        self.tricks_won = tuple(tw)
        self.tricks = self.tricks + (Trick(self.leader, trick, w),)
        self.trick = ()
        self.leader = w
        self._to_act = w
        if self.contract:
            self._contract_trick(w)
            return
        if self.points(pair) >= 66:
            self._win_66(pair, f"{self._pair_name(pair)} reach {self.points(pair)}")
            return
        if not any(self.hands):
            r = self.rules
            if r.no_66 == "last_trick":
                aw = Award(pair, r.last_trick_points, "last_trick",
                           f"nobody reached 66 ({self.points(0)}–{self.points(1)}): {self._pair_name(pair)} took the "
                           f"last trick and uncover {r.last_trick_points}")
                self.awards = self.awards + (aw,)
                self._finish("last_trick", aw.text)
            else:
                self._finish("nobody", f"nobody reached 66 ({self.points(0)}–{self.points(1)}): no game points")

    def _contract_trick(self, w: int) -> None:
        name, d = self.contract
        if w != d:
            self._contract_over(1 - d % 2, f"{self.names[w]} took a trick, so {self.names[d]}'s "
                                           f"{_CONTRACT_NAMES[name]} fails")
        elif not self.hands[d]:
            self._contract_over(d % 2, f"{self.names[d]} took every trick: {_CONTRACT_NAMES[name]} is made")

    def _contract_over(self, pair: int, how: str) -> None:
        name, d = self.contract
        r = self.rules
        if name in ("coat", "suit"):
            whole = r.coat_rule == "win_eight"
            pts = r.pips if whole else 6
            mark = "coat" if name == "coat" else "suit"
            what = ("win their eight outright" if whole else f"uncover {pts}")
            lay = "a fur coat" if name == "coat" else "a suit (a fur coat on top and a lining underneath)"
            text = f"{how}: {self._pair_name(pair)} {what}, and {lay} goes on {self._pair_name(1 - pair)}'s eight"
            aw = Award(pair, pts, name, text, whole, mark)
        else:
            pts = 5 if name == "five" else 6
            aw = Award(pair, pts, name, f"{how}: {self._pair_name(pair)} uncover {pts}")
        self.awards = self.awards + (aw,)
        self._finish(name, aw.text)

    def _win_66(self, pair: int, how: str) -> None:
        other = 1 - pair
        op = self.points(other)
        if not self.pair_tricks(other):
            gp, why = 3, f"{self._pair_name(other)} took no trick"
        elif self.rules.scoring == "literal":
            gp, why = 1, f"{self._pair_name(other)} took a trick (literal reading: 1 unless they took none)"
        elif op < 33:
            gp, why = 2, f"{self._pair_name(other)} have {op}, under 33"
        else:
            gp, why = 1, f"{self._pair_name(other)} have {op}, 33 or more"
        aw = Award(pair, gp, "66", f"{how}: {why}, so they uncover {gp}")
        self.awards = self.awards + (aw,)
        self._finish("66", aw.text)

    def _finish(self, reason: str, text: str) -> None:
        self.phase = "over"
        self.pending_marriage = None
        pts = (self.points(0), self.points(1))
        tr = (self.pair_tricks(0), self.pair_tricks(1))
        expl = "; ".join(a.text for a in self.awards) if self.awards else text
        self.result = HandResult4(reason, self.awards, pts, tr, reason == "redeal", expl)

    def pair_name(self, pair: int) -> str:
        """The pair's two names, e.g. ``"Ana & Cleo"`` for pair 0 (seats 0 and 2)."""
        return f"{self.names[pair]} & {self.names[pair + 2]}"

    _pair_name = pair_name

    # -- views --------------------------------------------------------------------------------
    def view(self, seat: int) -> SeatView4:
        """What ``seat`` may know (see :class:`SeatView4`): never another seat's unshown cards,
        not even the partner's, nor face-down placed, set-aside or undealt cards."""
        if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            raise ValueError(f"seat must be 0 to 3, not {seat!r}")
        known = tuple(tuple(c for c in self.hands[s] if c in self.shown[s]) if s != seat else () for s in range(4))
        visible = set(self.hands[seat]) | {c for k in known for c in k} | {c for _, c in self.trick}
        for t in self.tricks:
            visible.update(c for _, c in t.cards)
        visible.update(self.aside[seat])
        if self.trump_turned is not None:
            visible.add(self.trump_turned)
        nines = None
        if self.nines is not None:
            ni = self.nines
            shown_now = ni["left"] is not None
            placed = {s_: ((c if (shown_now or s_ == seat) else None), pos) for s_, (c, pos) in ni["placed"].items()}
            if shown_now:
                visible.update(c for c, _ in ni["placed"].values() if c is not None)
            visible.update(ni["nines"])
            nines = {"declarer": ni["declarer"], "nines": ni["nines"], "owners": ni["owners"], "placed": placed,
                     "left": ni["left"], "winner": ni["winner"]}
        unseen = tuple(c for c in PACK_24 if c not in visible)
        return SeatView4(
            seat=seat, hand=self.hands[seat], hand_sizes=tuple(len(h) for h in self.hands), known=known,
            phase=self.phase, trump=self.trump, named_trump=self.named_trump, trump_turned=self.trump_turned,
            dealer=self.dealer, eldest=self.eldest, cuts=self.cuts,
            bottom_cards=self.bottom_cards if seat == self.dealer else self.shown_bottoms,
            trick=self.trick, tricks=self.tricks, points=(self.points(0), self.points(1)),
            tricks_won=self.tricks_won, marriages=self.marriages, contract=self.contract, standing=self.standing,
            nines=nines, sitting_out=self.sitting_out, awards=self.awards, unseen=unseen, to_act=self.to_act,
            legal_actions=self.legal_actions() if self.to_act == seat else (), finished=self.result is not None,
            result=self.result, rules=self.rules, pending_marriage=self.pending_marriage,
            leader=self.leader)

    def explain(self) -> str:
        """The last step in words (the shuffled pack, for the first state)."""
        return _explain(self)

    def __repr__(self) -> str:
        status = "finished" if self.result else f"{self.names[self._to_act]} to act"
        t = self.named_trump.symbol if self.named_trump is not None else "not fixed"
        return (f"<Mariage4State {self.phase}: trump {t}, tricks {len(self.tricks)}, "
                f"points {self.points(0)}–{self.points(1)}, {status}>")

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)


#: Award reasons in words, for score sheets.
_AWARD_WORDS = {"66": "66", "last_trick": "last trick", "three_nines": "three nines", "five": '"five"',
                "six": '"six"', "coat": '"fur coat"', "suit": '"suit"', "false_claim": "false claim",
                "nine_cut": "nines at the cut"}
_MARK_WORDS = {"coat": "a fur coat", "suit": "a suit"}

_REDEAL_WORDS = {"points": "fewer than 13 card points in hand", "nines": "all four nines in one hand",
                 "trumps": "their pair is short of trumps"}


# Tables for the fast legal-action builder (Mariage4State._fast_legal).
_PLAY_OF = {c: play(c) for c in PACK_24}
_SUITS = tuple(Suit)
_SUIT = {c: c.suit for c in PACK_24}
_PLACE_OF = {c: (Action("place", c, "top"), Action("place", c, "bottom")) for c in PACK_24}
_MARRIAGE_PAIR = {s: frozenset((Card.of(s, Rank.KING), Card.of(s, Rank.QUEEN))) for s in Suit}
_NINE_JACK = {s: {Card.of(s, Rank.NINE), Card.of(s, Rank.JACK)} for s in Suit}
_CUT_ALL = tuple(_CUT.values())
_TRUMP_ALL = tuple(_TRUMP[s] for s in Suit) + (TURN,)
#: Per card, the higher cards of its suit (trick strength A 10 K Q J 9) [m4.contract.beatable].
_HIGHER = {c: frozenset(d for d in PACK_24 if d.suit == c.suit
                        and RUSSIAN_4.trick_rules.strength(d) > RUSSIAN_4.trick_rules.strength(c))
           for c in PACK_24}
_BIT = {c: 1 << int(c) for c in PACK_24}
_HIGHER_BITS = {c: sum(_BIT[d] for d in _HIGHER[c]) for c in PACK_24}
_NINE_CARDS = frozenset(c for c in PACK_24 if c.rank == Rank.NINE)


def _has_beatable(cards, own) -> bool:
    """Does some card of ``cards`` have a higher card of its suit outside ``own`` (D-12)?"""
    if not cards:
        return False
    # some card has a higher card outside ``own`` <=> the union of the cards' higher cards
    # (bit masks by card code) is not inside ``own``
    return bool(reduce(or_, map(_HIGHER_BITS.__getitem__, cards)) & ~sum(map(_BIT.__getitem__, set(own))))


def _explain(s: Mariage4State) -> str:
    names = s.names
    p = s.parent
    if p is None:
        return (f"{names[s.dealer]} deals; {names[s.eldest]} is eldest. The pack is shuffled and "
                f"{names[s.cutter]} (the dealer's {s.rules.cutter}-hand opponent) is to cut it.")
    a = s.last_action
    seat = p._to_act
    who = names[seat]
    k = a.kind
    out: list[str] = []
    if k == "cut":
        bottom = s.cut_pack[-1]
        if bottom in s.shown_bottoms:
            seen = f"the bottom card is {bottom}, shown to all"
        else:  # only the dealer sees it (it will be his last card)
            seen = f"{names[s.dealer]} looks at the bottom card: not a nine" if s.rules.nine_cut_rule else ""
        out.append(f"{who} cuts {a.value} card{'s' if a.value != 1 else ''} to the bottom"
                   + (f"; {seen}." if seen else "."))
        if s.phase == "cut":
            out.append(f"A nine at the bottom, so {who} cuts again (cut {len(s.cuts) + 1}).")
        elif s.phase == "trump":
            out.append(f"{names[s.dealer]} deals 3 cards each, {names[s.eldest]} first. {names[s.eldest]} names "
                       f"trumps or turns their last card.")
    elif k == "trump":
        out.append(f"{who} names trumps: {a.value.symbol}. Three more cards each.")
    elif k == "turn":
        out.append(f"{who} will not name trumps: their last card, {s.trump_turned}, is turned face up, so trumps "
                   f"are {s.named_trump.symbol}. Three more cards each.")
    elif k == "pass":
        out.append(f"{who} passes.")
        if s.phase == "play" and s.contract is None:
            out.append(f"Nobody plays a contract: normal play, {names[s.eldest]} leads; follow suit, else trump; "
                       f"the first pair to 66 card points stops the play.")
        elif s.contract is not None and p.contract is None:
            name, d = s.contract
            out.append(f"{names[d]} plays {_CONTRACT_NAMES[name]}: {names[partner_of(d)]} throws in their hand; "
                       f"{'no trumps; ' if s.trump is None else ''}{names[d]} must take every trick.")
            if s.phase == "aside":
                out.append(f"First {names[d]}, then each opponent, sets one card aside." if s.rules.opponents_set_aside
                           else f"{names[d]} sets one card aside; the opponents keep all six.")
    elif k == "redeal":
        out.append(f"{who} claims a redeal: {_REDEAL_WORDS[a.value]}.")
    elif k in CONTRACTS:
        out.append(f"{who} announces {_CONTRACT_NAMES[k]}.")
    elif k == "three nines":
        out.append(f"{who} declares three nines and lays {format_cards(s.nines['nines'])} face up. Each opponent "
                   f"places a card of one of those suits on top or at the bottom of his pile.")
    elif k == "ask nine":
        if s.phase == "nines":
            out.append(f"{who} asks their partner for a third nine; {names[partner_of(seat)]} has one, so the pair "
                       f"lays {format_cards(s.nines['nines'])} face up.")
        else:
            out.append(f"{who} asks their partner for a third nine; the answer is no.")
    elif k == "place":
        if a.card is None:
            out.append(f"{who} holds no card of the nines' suits and places nothing.")
        else:
            out.append(f"{who} places a card face down at the {a.value} of their pile and says \"{a.value}\".")
    elif k == "leave":
        out.append(f"{who} takes back two nines and leaves {a.card}. The placed cards are shown: "
                   + (", ".join(f"{names[x]} {c}" for x, (c, _) in p.nines['placed'].items() if c is not None)
                      or "none") + ".")
        out.append(s.awards[-1].text[0].upper() + s.awards[-1].text[1:] + ".")
    elif k == "aside":
        out.append(f"{who} sets a card aside face down.")
        if s.phase == "play":
            out.append(f"{names[s.contract[1]]} leads.")
    elif k in ("marriage", "claim"):
        suit = a.value
        v = 40 if suit == s.named_trump else 20
        if s.result is None:
            pend = ("" if p.pair_tricks(seat % 2) or not s.rules.marriage_needs_trick
                    else " (it counts once their pair takes a trick)")
            holder = s.marriages[-1][0]
            if holder != seat:
                out.append(f"{who} announces the {suit.symbol} marriage of their partner {names[holder]}: {v}{pend}; "
                           f"{names[holder]} shows K{suit.symbol} Q{suit.symbol} and {who} leads any card.")
            elif k == "claim":
                out.append(f"{who} claims 66 with the {suit.symbol} marriage and is wrong; the marriage stands{pend} "
                           f"and must lead K{suit.symbol} or Q{suit.symbol}.")
            else:
                out.append(f"{who} announces the {suit.symbol} marriage: {v}{pend}; they must lead K{suit.symbol} or "
                           f"Q{suit.symbol}.")
    elif k == "play":
        if not p.trick:
            out.append(f"{who} leads {a.card}.")
        else:
            out.append(f"{who} plays {a.card}.")
            if not s.trick:
                t = s.tricks[-1]
                pts = sum(_PTS[c] for _, c in t.cards)
                out.append(f"{names[t.winner]} wins the trick ({pts} card point{'s' if pts != 1 else ''}; pairs now "
                           f"{s.points(0)}–{s.points(1)}).")
    if s.result is not None:
        out.append("Hand over: " + s.result.explanation + ".")
    return " ".join(out)


# ---------------------------------------------------------------------------------------------
# The game: the eights


class EightGame:
    """The score of a game of several hands, kept on each pair's eight [m4.eight, m4.dealer].

    Each award uncovers pips on the winning pair's current eight; at ``rules.pips`` the eight
    is won, both pairs start a new eight, and the surplus is carried to the winner's new eight
    (``carry_over``: always, only for "six", or never). A won fur coat or suit (``coat_rule``
    "win_eight") wins the eight outright and lays its mark on the losers' eight. The game is won
    by the first pair with ``rules.eights_to_win`` eights.

    Parameters
    ----------
    rules : Mariage4Rules
    first_dealer : int
    names : four str

    Attributes
    ----------
    eights : list of two :class:`~cardlab.eight.Eight`
        Each pair's current eight.
    won : list of two int
        Eights won per pair.
    marks : list of two list of str
        ``"coat"`` / ``"suit"`` marks each pair has had laid on its eights.
    history : list of (two Eight, eights won)
        What to draw after each hand: the eights as they stand, or, if an eight was won in that
        hand, the two finished eights (the winners' full, the losers' with any coat or lining).
    """

    def __init__(self, rules: Mariage4Rules = RUSSIAN_4, first_dealer: int = 0,
                 names: Sequence[str] = ("Ana", "Boris", "Cleo", "Dan")):
        from .eight import Eight

        if first_dealer not in (0, 1, 2, 3):
            raise DealError(f"the first dealer is a seat from 0 to 3, not {first_dealer!r}")
        self.rules = rules
        self.first_dealer = first_dealer
        self.names = tuple(names)
        self.hands: list = []
        self._rows: list[dict] = []
        self.eights = [Eight(0, rules.pips), Eight(0, rules.pips)]
        self.won = [0, 0]
        self.marks: list[list[str]] = [[], []]
        self.history: list = []
        self._finished_now = None
        self.notes: list[list[str]] = []

    @property
    def goal(self) -> str:
        """The game's goal in words (read by the generic stepper)."""
        return f"eights of {self.rules.pips} pips, first pair to {self.rules.eights_to_win} eights"

    def pair_name(self, pair: int) -> str:
        return f"{self.names[pair]} & {self.names[pair + 2]}"

    @property
    def next_dealer(self) -> int:
        """Clockwise; after a redeal claim the same dealer (``redeal_dealer``) [m4.dealer]."""
        if not self.hands:
            return self.first_dealer
        last = self.hands[-1]
        if last.result.redeal and self.rules.redeal_dealer == "same":
            return last.dealer
        return (last.dealer + 1) % 4

    @property
    def next_dealer_reason(self) -> str:
        """Why :attr:`next_dealer` deals, in words (for error messages and notebooks)."""
        if not self.hands:
            return "the first dealer is chosen by lot"
        if self.hands[-1].result.redeal and self.rules.redeal_dealer == "same":
            return "the last hand was thrown in by a redeal claim, so the same dealer deals again [rule m4.dealer]"
        return "the deal passes clockwise [rule m4.dealer]"

    @property
    def is_over(self) -> bool:
        return max(self.won) >= self.rules.eights_to_win

    @property
    def winner(self) -> int | None:
        """A seat of the winning pair (0 or 1), or None while the game goes on."""
        if not self.is_over:
            return None
        return 0 if self.won[0] >= self.rules.eights_to_win else 1

    def deal(self, seed: int | None = None, pack=None) -> Mariage4State:
        """Deal the next hand (its dealer follows the rotation). Raises :class:`DealError` when the
        game is over."""
        if self.is_over:
            raise DealError(f"the game is over: {self.pair_name(self.winner)} won")
        return deal(self.rules, self.next_dealer, seed=seed, pack=pack, names=self.names)

    @property
    def last_finished(self) -> tuple | None:
        """The two eights as they were when an eight was won in the last :meth:`add_awards` (or
        :meth:`add`): the winners' full, the losers' with any coat or lining; ``None`` if no eight
        was won then."""
        return self._finished_now

    def add_awards(self, awards: Sequence[Award]) -> list[str]:
        """Uncover the pips of ``awards`` (in order) on the pairs' eights, lay their marks, carry
        surplus points, and count won eights [m4.eight]; stops once the game is over. Returns
        the notes in words ("Ana & Cleo win eight no. 1, carrying 2 to the next"). Used by
        :meth:`add`; public so the eight's arithmetic can be shown and tested on its own."""
        notes: list[str] = []
        self._finished_now = None
        for aw in awards:
            if self.is_over:
                break
            self._award(aw, notes)
        return notes

    def _award(self, aw: Award, notes: list[str]) -> None:
        from .eight import Eight

        r = self.rules
        pair, other = aw.pair, 1 - aw.pair
        if aw.mark:
            e = self.eights[other]
            self.eights[other] = Eight(e.pips, e.size, True, e.lining or aw.mark == "suit")
            self.marks[other].append(aw.mark)
        if aw.whole_eight:
            e = self.eights[pair]
            self.eights[pair] = Eight(r.pips, r.pips, e.coat, e.lining)
            surplus = 0
        else:
            self.eights[pair], surplus = self.eights[pair].uncover(aw.points)
        if self.eights[pair].full:
            self.won[pair] += 1
            carry = surplus if (r.carry_over == "always" or (r.carry_over == "six_only" and aw.reason == "six")) else 0
            carry = 0 if self.is_over else min(carry, r.pips - 1)
            notes.append(f"{self.pair_name(pair)} win eight no. {self.won[pair]}"
                         + (f", carrying {carry} to the next" if carry else
                            (f" ({surplus} surplus not carried)" if surplus else "")))
            self._finished_now = tuple(self.eights)
            self.eights = [Eight(0, r.pips), Eight(0, r.pips)]
            if carry:
                self.eights[pair], _ = self.eights[pair].uncover(carry)

    def add(self, final: Mariage4State) -> dict:
        """Score a finished hand; returns its score-sheet row. Raises :class:`DealError` if the
        hand is unfinished, out of turn, under other rules, or the game is over."""
        if not isinstance(final, Mariage4State) or final.result is None:
            raise DealError("only a finished hand can be scored")
        if self.is_over:
            raise DealError("the game is already over")
        if final.dealer != self.next_dealer:
            raise DealError(f"hand {len(self.hands) + 1} should be dealt by {self.names[self.next_dealer]} "
                            f"({self.next_dealer_reason})")
        if final.rules != self.rules:
            raise DealError("the hand was played under other rules than the game")
        notes = self.add_awards(final.result.awards)
        self.hands.append(final)
        # what to draw after this hand: an eight finished in it (full, with its marks), else the current ones
        self.history.append((self._finished_now or tuple(self.eights), tuple(self.won)))
        self.notes.append(notes)
        res = final.result
        gp = (res.game_points(0), res.game_points(1))
        row = {
            "hand": len(self.hands), "dealer": self.names[final.dealer], "how": res.reason,
            "card points": f"{res.points[0]}–{res.points[1]}" if final.tricks else "—",
            "game points": f"{gp[0]}–{gp[1]}",
            "awards": "; ".join(f"{self.pair_name(a.pair)} +{a.points} ({_AWARD_WORDS.get(a.reason, a.reason)}"
                                + (", whole eight" if a.whole_eight else "")
                                + (f", {_MARK_WORDS[a.mark]} on the others" if a.mark else "") + ")"
                                for a in res.awards) or "—",
        }
        for seat, nm in enumerate(self.names):
            row[nm] = self.eights[seat % 2].pips
        row["eights won"] = f"{self.won[0]}–{self.won[1]}"
        row["note"] = "; ".join(notes)
        self._rows.append(row)
        return row

    def row_summary(self, row: dict) -> str:
        """What a hand scored, in words, for the stepper's game line."""
        if row["how"] == "redeal":
            return "redeal, no score"
        s = row["awards"]
        if row["note"]:
            s += f" ({row['note']})"
        return s

    def rows(self) -> list[dict]:
        """The score-sheet rows so far (a copy), one dict per hand as returned by :meth:`add`;
        under each player's name the pips of his pair's current eight after the hand."""
        return list(self._rows)

    def score_sheet(self):
        """The score sheet as a pandas DataFrame indexed by hand (imports pandas): dealer, how the
        hand ended, card points and game points per pair, the awards in words, then the pips
        uncovered on each pair's current eight after the hand, eights won, and notes."""
        import pandas as pd

        pips = {f"pips {self.pair_name(p)}": [r[self.names[p]] for r in self._rows] for p in (0, 1)}
        df = pd.DataFrame(self._rows, columns=["hand", "dealer", "how", "card points", "game points", "awards"])
        for k, v in pips.items():
            df[k] = v
        df["eights won"] = [r["eights won"] for r in self._rows]
        df["note"] = [r["note"] for r in self._rows]
        return df.set_index("hand")

    def eights_html(self, index: int | None = None) -> str:
        """Both pairs' eights after hand ``index`` (0-based; default the last; -1 before the
        first hand) as HTML: an eight finished in that hand is drawn full, with its marks."""
        from .eight import Eight, eights_html

        if index is None:
            index = len(self.history) - 1
        if index >= 0:
            es, won = self.history[index]
        else:
            es, won = (Eight(0, self.rules.pips), Eight(0, self.rules.pips)), (0, 0)
        return eights_html(es, [self.pair_name(0), self.pair_name(1)], won,
                           caption=f"after hand {index + 1}" if index >= 0 else "before the first hand")


# ---------------------------------------------------------------------------------------------
# A rule-based computer player


class Mariage4Player:
    """A readable rule-based player; it sees only a :class:`SeatView4`.

    1. Cut: a seeded random cut. Trumps: name the suit of which it holds the most of its first
       three cards (the one with more card points on a tie) if it holds two or three of it, else
       turn the last card.
    2. Announce, in this order:

       a. three nines whenever it holds three or four nines (with four it prefers this game,
          worth 3, to a redeal; where three nines is not played it claims the redeal);
       b. a redeal only for a weak hand: always when its hand is under 13 card points
          (``redeal points``), and for its pair's shortage of trumps (``redeal trumps``) only
          when its hand is also under ``weak_below`` card points (20 by default; an average
          hand holds 120 / 4 = 30). With a better hand it plays on;
       c. "six" with six top cards in no-trump play (cards no unseen card can beat);
       d. never "five", "fur coat" or "suit": they must keep a card the opponents could beat,
          and it survives only if every higher card of its suit is in the partner's thrown-in
          hand (6 of the 18 cards it cannot see) or set aside: about one chance in three when
          one card is higher, for a stake the same size either way. Otherwise it passes.
    3. Three nines: place the lowest matching card, at the top or the bottom at random (the place
       only says which card is meant: it does not change the score); leave the nine of the suit in
       which the declarer holds the most cards (the opponents are least likely to match it).
    4. Five: set aside the lowest card.
    5. Play: when about to lead, claim 66 with a marriage if it brings the pair to 66 (it counts
       perfectly: the rule forbids looking back at tricks, not remembering them, so its claims are
       never false); else announce a marriage (trumps first); lead the highest sure winner, else
       a low card; follow by winning cheaply when the partner is not already winning, else
       throw the lowest card.
    """

    name = "rule-based"

    def __init__(self, seed: int | None = 0, weak_below: int = 20):
        import random

        self.rng = random.Random(seed)
        self.weak_below = weak_below

    def choose(self, view: SeatView4) -> Action:
        """One of ``view.legal_actions``, by the rules in the class docstring (uses only the view)."""
        legal = view.legal_actions
        kinds: dict[str, list[Action]] = {}
        for a in legal:
            kinds.setdefault(a.kind, []).append(a)
        ph = view.phase
        hand = view.hand
        if ph == "cut":
            return self.rng.choice(legal)
        if ph == "trump":
            counts = {s: sum(c.suit == s for c in hand) for s in Suit}
            best = max(Suit, key=lambda s: (counts[s], sum(_PTS[c] for c in hand if c.suit == s)))
            return _TRUMP[best] if counts[best] >= 2 and _TRUMP[best] in legal else TURN
        if ph == "announce":
            if "three nines" in kinds:
                return kinds["three nines"][0]
            redeals = {a.value: a for a in kinds.get("redeal", ())}
            if "points" in redeals:
                return redeals["points"]
            if "nines" in redeals:                      # four nines where three nines is not played
                return redeals["nines"]
            if "trumps" in redeals and sum(_PTS[c] for c in hand) < self.weak_below:
                return redeals["trumps"]
            if "six" in kinds and _top_cards(hand) >= 6:
                return kinds["six"][0]
            return PASS
        if ph == "nines":
            if "leave" in kinds:
                return max(kinds["leave"], key=lambda a: sum(c.suit == a.card.suit for c in hand))
            places = [a for a in kinds.get("place", []) if a.card is not None and a.value == "top"]
            if places:
                low = min(places, key=lambda a: (_PTS[a.card], _STR(a.card)))
                return Action("place", low.card, self.rng.choice(("top", "bottom")))
            return legal[0]
        if ph == "aside":
            return min(legal, key=lambda a: (_PTS[a.card], _STR(a.card)))
        # play
        if "claim" in kinds:
            pair = view.seat % 2
            for a in kinds["claim"]:
                v = 40 if a.value == view.trump else 20
                has_trick = view.tricks_won[pair] + view.tricks_won[pair + 2] > 0
                if has_trick and view.points[pair] + v >= 66:
                    return a
        if "marriage" in kinds:
            return max(kinds["marriage"], key=lambda a: a.value == view.trump)
        plays = kinds.get("play", [])
        trump = view.trump
        if not view.trick:
            unseen = set(view.unseen)
            sure = [a for a in plays if not any(u.suit == a.card.suit and _STR(u) > _STR(a.card) for u in unseen)]
            if sure:
                return max(sure, key=lambda a: (_PTS[a.card], a.card.suit != trump))
            return min(plays, key=lambda a: (a.card.suit == trump, _PTS[a.card], _STR(a.card)))
        cards = [c for _, c in view.trick]
        best = trick_winner(cards, trump, view.rules.trick_rules)
        partner_winning = view.trick[best][0] == partner_of(view.seat) and view.contract is None
        if not partner_winning:
            winners = [a for a in plays if trick_winner(cards + [a.card], trump, view.rules.trick_rules) == len(cards)]
            if winners:
                return min(winners, key=lambda a: (a.card.suit == trump, _STR(a.card)))
            return min(plays, key=lambda a: (_PTS[a.card], _STR(a.card)))
        return max(plays, key=lambda a: (a.card.suit != trump, _PTS[a.card]))


def _STR(c: Card) -> int:
    return RUSSIAN_4.trick_rules.strength(c)


def _top_cards(hand) -> int:
    """Cards of ``hand`` that win in no-trump play whatever the others hold (top of their suit
    counting the hand's own higher cards)."""
    own = set(hand)
    n = 0
    for c in hand:
        if all(d in own for d in PACK_24 if d.suit == c.suit and _STR(d) > _STR(c)):
            n += 1
    return n


# ---------------------------------------------------------------------------------------------
# Rendering (registered with cardlab.render; pure string building)


def _table_facts(state: Mariage4State, seat: int | None):
    """Per seat: (visible cards, known-to-all subset, hidden count); built only from the view
    when ``seat`` is given."""
    if seat is None:
        return [(tuple(state.hands[s]), frozenset(state.shown[s]), 0) for s in range(4)], None
    v = state.view(seat)
    out = []
    for s in range(4):
        if s == seat:
            out.append((tuple(v.hand), frozenset(), 0))
        else:
            k = v.known[s]
            out.append((tuple(k), frozenset(k), v.hand_sizes[s] - len(k)))
    return out, v


def _phase_words(state: Mariage4State) -> str:
    if state.result is not None:
        return "The hand is over."
    who = state.names[state._to_act]
    return state._waiting_for()[0].upper() + state._waiting_for()[1:] + "." if state.phase != "play" else (
        f"{who} to play to the trick." if state.trick else
        (f"{who} announced the {state.pending_marriage.symbol} marriage and must lead its king or queen."
         if state.pending_marriage else f"{who} to lead."))


def state_html4(state: Mariage4State, seat: int | None = None) -> str:
    """HTML table of a four-player state: all cards open (``seat=None``) or one seat's view,
    built from ``state.view(seat)`` so hidden cards (the partner's too) are never written.
    Raises ``ValueError`` for a bad seat."""
    from html import escape

    from .render import _STYLE, _t, card_back_svg, card_chip, card_svg, sort_hand

    if seat is not None and (seat not in (0, 1, 2, 3) or isinstance(seat, bool)):
        raise ValueError(f"seat must be None (all cards open) or 0 to 3, not {seat!r}")
    facts, v = _table_facts(state, seat)
    names = state.names
    trump = state.named_trump
    order = [(seat if seat is not None else 0) + k for k in (2, 1, 3, 0)]
    order = [x % 4 for x in order]  # partner on top, then the opponents, the viewer last
    players = []
    for s in order:
        cards, known, hidden = facts[s]
        imgs = [card_svg(c, extra_class="cardlab-known" if c in known else None) for c in sort_hand(cards, trump)]
        imgs += [card_back_svg() for _ in range(hidden)]
        if state.aside[s]:
            imgs.append(f'<span class="cardlab-badge">{len(state.aside[s])} set aside / thrown in</span>')
        if not imgs:
            imgs.append('<span class="cardlab-empty">none</span>')
        badges = []
        if s == state.dealer:
            badges.append('<span class="cardlab-badge">dealer</span>')
        if s == state.eldest:
            badges.append('<span class="cardlab-badge">eldest</span>')
        if state.to_act == s:
            badges.append('<span class="cardlab-badge cardlab-turn">to act</span>')
        if state.contract and state.contract[1] == s:
            badges.append(f'<span class="cardlab-badge">declarer: {_t(_CONTRACT_NAMES[state.contract[0]])}</span>')
        if state.sitting_out == s:
            badges.append('<span class="cardlab-badge">sits out</span>')
        won = [t for t in state.tricks if t.winner == s]
        taken = "".join(f'<span class="cardlab-pair">{"".join(card_chip(c) for _, c in t.cards)}</span>'
                        for t in won)
        cls = "cardlab-player cardlab-to-act" if state.to_act == s else "cardlab-player"
        players.append(
            f'<div class="{cls}" data-seat="{s}"><div class="cardlab-head"><span class="cardlab-name">'
            f'{_t(names[s])}</span><span class="cardlab-points">pair {"A" if s % 2 == 0 else "B"}</span>'
            f'{"".join(badges)}</div><div class="cardlab-hand cardlab-cards" data-seat="{s}">{"".join(imgs)}</div>'
            f'<div class="cardlab-taken" data-seat="{s}">{len(won)} trick{"s" if len(won) != 1 else ""}'
            f'{": " if won else ""}{taken}</div></div>')
    # the middle: trumps, the nines game, the trick
    mid = []
    info = [f"trumps {trump.symbol}" if trump is not None else "trumps not fixed yet"]
    if state.trump_turned is not None:
        info.append(f"turned {state.trump_turned}")
    if state.contract:
        info.append(f"contract {_CONTRACT_NAMES[state.contract[0]]} by {names[state.contract[1]]}"
                    + (", no trumps" if state.trump is None else ""))
    elif state.standing:
        info.append(f"standing: {_CONTRACT_NAMES[state.standing[0]]} by {names[state.standing[1]]}")
    bottoms = state.bottom_cards if v is None else v.bottom_cards
    if bottoms:
        info.append("bottom after the cuts: " + " ".join(str(c) for c in bottoms))
    info.append(f"card points {state._pair_name(0)} {state.points(0)} – {state._pair_name(1)} {state.points(1)}")
    mid.append(f'<div class="cardlab-label">{_t(" · ".join(info))}</div>')
    ni = v.nines if v is not None else state.nines
    if ni is not None:
        slots = "".join(f'<div class="cardlab-slot">{card_svg(c, extra_class="cardlab-nine")}<span>'
                        f'{"left" if ni["left"] == c else ("taken back" if ni["left"] else "on the table")}</span></div>'
                        for c in ni["nines"])
        for s_, (c, pos) in ni["placed"].items():
            shown = seat is None or ni["left"] is not None or s_ == seat
            img = ('<span class="cardlab-empty">none</span>' if c is None else
                   (card_svg(c) if shown else card_back_svg(title="Placed card, face down")))
            slots += (f'<div class="cardlab-slot cardlab-placed" data-seat="{s_}" data-pos="{pos or ""}">{img}'
                      f'<span>{_t(names[s_])}{": " + pos if pos else ""}</span></div>')
        mid.append(f'<div class="cardlab-nines"><div class="cardlab-label">Three nines by {_t(names[ni["declarer"]])}'
                   f'</div><div class="cardlab-cards">{slots}</div></div>')
    if state.trick:
        body = "".join(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(names[s_])}</span></div>'
                       for s_, c in state.trick)
        label, cls, n = f"Trick {len(state.tricks) + 1}", "cardlab-trick", len(state.trick)
    elif state.tricks:
        t = state.tricks[-1]
        body = "".join(f'<div class="cardlab-slot">{card_svg(c)}<span>{_t(names[s_])}</span></div>'
                       for s_, c in t.cards)
        label, cls, n = (f"Last trick ({len(state.tricks)}): {names[t.winner]} won it",
                         "cardlab-trick cardlab-last-trick", 0)
    else:
        body = '<div class="cardlab-slot"><span class="cardlab-empty">no card</span></div>'
        label, cls, n = "Trick 1", "cardlab-trick", 0
    mid.append(f'<div class="{cls}" data-cards="{n}"><div class="cardlab-label">{_t(label)}</div>'
               f'<div class="cardlab-cards">{body}</div></div>')
    if state.result is not None:
        r = state.result
        end = (f'<div class="cardlab-result" data-reason="{escape(r.reason)}"><div class="cardlab-result-head">'
               f'{_t("Redeal." if r.redeal else "Hand over.")}</div><div class="cardlab-result-text">'
               f'{_t(r.explanation[:1].upper() + r.explanation[1:])}.</div></div>')
    else:
        end = f'<div class="cardlab-status">{_t(_phase_words(state))}</div>'
    view = "all cards open" if seat is None else f"{names[seat]}'s view"
    caption = f"{state.rules.name} · {names[state.dealer]} deals · {view}"
    return (f'<div class="cardlab-table" data-variant="{VARIANT}" data-view="{"all" if seat is None else seat}">'
            f'{_STYLE}<div class="cardlab-caption">{_t(caption)}</div>{"".join(players[:3])}'
            f'<div class="cardlab-middle" style="flex-direction:column">{"".join(mid)}</div>{players[3]}{end}</div>')



def nines_html(state: Mariage4State, seat: int | None = None) -> str:
    """The three-nines game of ``state`` as HTML (``<div class="cardlab-nines-table">``): the
    three nines (the one left marked ``cardlab-nine-left``), each opponent's pile of six with his
    placed card on top or at the bottom (face down until the declarer has left his nine, unless
    it is ``seat``'s own), and who scores. Built from ``state.view(seat)`` when ``seat`` is given.
    Raises ``ValueError`` if no three nines has been declared by ``state``."""
    from html import escape

    from .render import _STYLE, _t, card_back_svg, card_svg

    ni = state.view(seat).nines if seat is not None else state.nines
    if ni is None:
        raise ValueError("no three nines has been declared in this hand (yet)")
    names = state.names
    d = ni["declarer"]
    nines = "".join(
        f'<div class="cardlab-slot">{card_svg(c, extra_class="cardlab-nine-left" if ni["left"] == c else None)}'
        f'<span>{"left on the table" if ni["left"] == c else ("taken back" if ni["left"] else "face up")}</span></div>'
        for c in ni["nines"])
    piles = []
    for opp in ((d + 1) % 4, (d + 3) % 4):
        if opp not in ni["placed"]:
            piles.append(f'<div class="cardlab-pile" data-seat="{opp}"><div class="cardlab-label">{_t(names[opp])}: '
                         f'not placed yet</div><div class="cardlab-cards">{card_back_svg(size="sm")}</div></div>')
            continue
        c, pos = ni["placed"][opp]
        open_ = seat is None and ni["left"] is not None or (seat is not None and c is not None)
        if c is None and pos is None:
            body = card_back_svg(size="sm", title="His pile: nothing placed")
            words = "no card of those suits: nothing placed"
        else:
            img = (card_svg(c, size="sm", extra_class="cardlab-placed-card") if open_ else
                   card_back_svg(size="sm", extra_class="cardlab-placed-card", title=f"Placed card ({pos})"))
            rest = card_back_svg(size="sm", title="The rest of his pile")
            body = img + rest if pos == "top" else rest + img
            words = f"placed at the {pos}" + (f": {c}" if open_ else " (face down)")
        piles.append(f'<div class="cardlab-pile" data-seat="{opp}" data-pos="{escape(pos or "")}"><div '
                     f'class="cardlab-label">{_t(names[opp])}: {_t(words)}</div><div class="cardlab-cards" '
                     f'style="flex-direction:column">{body}</div></div>')
    if ni["winner"] is not None:
        aw = [a for a in state.awards if a.reason == "three_nines"][0]
        end = (f'<div class="cardlab-result" data-winner-pair="{ni["winner"]}"><div class="cardlab-result-head">'
               f'{_t(state._pair_name(ni["winner"]))} uncover {aw.points}</div><div class="cardlab-result-text">'
               f'{_t(aw.text[:1].upper() + aw.text[1:])}.</div></div>')
    else:
        waiting = state.names[state.to_act] if state.to_act is not None else ""
        end = f'<div class="cardlab-status">Waiting for {_t(waiting)}.</div>'
    return (f'<div class="cardlab-table cardlab-nines-table">{_STYLE}<div class="cardlab-caption">Three nines by '
            f'{_t(names[d])} ({_t(state._pair_name(d % 2))})</div><div class="cardlab-cards">{nines}</div>'
            f'<div class="cardlab-middle">{"".join(piles)}</div>{end}</div>')


def state_text4(state: Mariage4State, seat: int | None = None) -> str:
    """Plain-text table of a four-player state (hidden cards written ``??``); same seat rules
    as :func:`state_html4`."""
    from .render import sort_hand

    if seat is not None and (seat not in (0, 1, 2, 3) or isinstance(seat, bool)):
        raise ValueError(f"seat must be None (all cards open) or 0 to 3, not {seat!r}")
    facts, v = _table_facts(state, seat)
    names = state.names
    trump = state.named_trump
    view = "all cards open" if seat is None else f"{names[seat]}'s view"
    lines = [f"{state.rules.name} · {names[state.dealer]} deals · trumps "
             f"{trump.symbol if trump is not None else 'not fixed'} · {view}"]
    for s in range(4):
        cards, _known, hidden = facts[s]
        txt = " ".join([format_cards(sort_hand(cards, trump))] * bool(cards) + ["??"] * hidden) or "(none)"
        tags = [t for t, on in (("dealer", s == state.dealer), ("to act", state.to_act == s),
                                ("sits out", state.sitting_out == s)) if on]
        lines.append(f"{names[s]}{' (' + ', '.join(tags) + ')' if tags else ''}: {txt}")
    if state.contract:
        lines.append(f"Contract: {_CONTRACT_NAMES[state.contract[0]]} by {names[state.contract[1]]}")
    if state.trick:
        lines.append("Trick: " + ", ".join(f"{names[s_]} {c}" for s_, c in state.trick))
    lines.append(f"Card points: {state._pair_name(0)} {state.points(0)} – {state._pair_name(1)} {state.points(1)}")
    if state.result is not None:
        lines.append("Hand over: " + state.result.explanation + ".")
    else:
        lines.append(_phase_words(state))
    return "\n".join(lines)

def describe_action(action: Action, state=None):
    """How a front end shows ``action`` (interim: grouped by kind, labelled by its text)."""
    from .variants import ActionText

    group = {"play": "card", "marriage": "marriage", "bid": "bid", "blind": "bid", "pass": "pass"}.get(action.kind, "other")
    return ActionText(group, str(action), "")


def _register() -> None:
    from . import variants

    variants.register(variants.Variant(
        name=VARIANT,
        title="Russian Mariage for four (two pairs)",
        players=4,
        rules_from_dict=Mariage4Rules.from_dict,
        check_pack=_check_pack,
        deal=deal,
        new_game=lambda rules, first_dealer, names: EightGame(rules, first_dealer, names),
        module="cardlab.mariage4",
        presets=PRESETS,
        describe_action=describe_action,
        seat_names=("A", "B", "C", "D"),
        renderer="cardlab.mariage4",
        adapter="cardlab.analysis.adapt_mariage4",
        player_kinds={"random": "cardlab.players:RandomPlayer", "heuristic": "cardlab.mariage4:Mariage4Player",
                      "search": "cardlab.analysis.search_player:SamplingPlayer"},
    ))



state_html = state_html4
state_text = state_text4

_register()
