"""Russian Mariage for four: two pairs, partners opposite, scored on an "eight".

Source: shram.kiev.ua [SHR] (the section "66 foursome"), a machine translation
of a Russian page (SHR in rules-notes), read by docs/rules-notes.md §4.3 and the gaps D-3,
D-8 to D-15 and D-17. **No other source confirms the four-player contracts or the eight**: the
engine follows rules-notes' reading, and every other reading of the garbled text is an option of
:class:`Mariage4Rules` (preset :data:`LITERAL` collects the most literal ones).

Seats 0..3 play clockwise; seats 0 and 2 are one pair, 1 and 3 the other (``pair = seat % 2``).
The pack is the 24-card pack (A 10 K Q J 9; card points 11 10 4 3 2 0, 120 in all). *Card
points* (the cards' value: in tricks, and the 13-point redeal limit on a hand), *points* (card
points taken plus marriages declared, 20/40: the 66 target and the 33 of the scale) and *game
points* (pips uncovered on a pair's eight: 1, 2, 3, 5, 6 …) are different units.

One hand, phase by phase (``state.phase``):

``"cut"``
    The opponent on the dealer's right cuts (``"cut 7"``: 7 cards from the top go under). If
    the bottom card is a nine it is shown and he cuts again; a third nine in a row gives the
    dealing pair 1 and the deal passes on [SHR; D-10].
``"trumps"``
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
``"give"``
    "Five": the declarer, then each opponent, sets one card aside face down (``"aside J♣"``).
``"play"``
    Normal play (eldest leads; follow suit, else trump; a pair stops at 66 points) or the
    contract's play (declarer leads, partner out, no trumps; he must take every trick).
``"over"``
    The hand has its :class:`Mariage4Result`.

Card points: ``points(seat)`` is what one seat won itself (its tricks and the marriages it
held, once they count); ``pair_points(pair)`` the pair's total, which decides 66. Card points
and marriage values are the 24-card family's (:mod:`cardlab.pack24`). The score keeper is
:class:`cardlab.mariage4_game.EightGame`; the rules in words (refusals, explanations, button
labels, and the contracts' and redeal claims' names) are in :mod:`cardlab.mariage4_words`, which
reads states only through their attributes, so this module imports it and not the other way
round; the renderer is :mod:`cardlab.render.mariage4`, the lesson widgets
:mod:`cardlab.widgets.mariage4` and the computer player
:class:`cardlab.players.mariage4.Mariage4Player`.

Typical use::

    from cardlab import mariage4 as m4
    s = m4.deal(m4.RUSSIAN_4, dealer=0, seed=3)
    s.legal_actions()[:3]       # (Action('cut 1'), Action('cut 2'), Action('cut 3'))
    s = s.apply("cut 12")
    print(s.explain())
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from dataclasses import dataclass, field
from typing import ClassVar, Literal, NamedTuple, Sequence

from .actions import Action, play
from . import cards as _cards
from .cards import PACK_24, Card, Rank, Suit, format_cards, parse_card, parse_cards, parse_suit
from . import pack24
from .pack24 import CARD_POINTS, marriage_points
from .rulesets import RuleSet
from .errors import IllegalActionError, NotationError, RulesError, DealError
from .mariage4_words import CONTRACT_NAMES, REDEAL_WORDS, check, describe_action, explain, waiting_for
from .state import GameState, HandResult, SeatView
from .tricks import Trick, TrickRules, legal_plays, trick_winner
from .variants import Standing

__all__ = [
    "Mariage4Rules", "RUSSIAN_4", "LITERAL", "PRESETS", "CARD_POINTS", "RULES", "CONTRACTS", "CONTRACT_NAMES",
    "Mariage4State", "Mariage4View", "Award", "Mariage4Result", "DealError", "deal", "deal_from_hands",
    "deal_from_places", "places", "STANDING", "SEAT_NAMES", "SHUFFLE", "REDEAL_WORDS",
    "parse_action", "describe_action", "pair_of", "partner_of", "has_beatable",
]

VARIANT = "mariage-4"

#: The default players' names, in seat order (seats 0 and 2 are one pair, 1 and 3 the other): the
#: default of :func:`deal`, :func:`deal_from_hands`, :func:`deal_from_places` and the score keeper.
SEAT_NAMES: tuple[str, ...] = ("Ana", "Boris", "Cleo", "Dan")

#: The shuffle this variant's seeds use (the ``order`` of :func:`cardlab.pack24.shuffled_pack`):
#: :meth:`random.Random.shuffle`, as the seeds have always dealt, so every seed (records, perft
#: counts, notebooks, set codes) keeps its deal.
SHUFFLE: Literal["python"] = "python"

# Card points by card (:data:`cardlab.pack24.CARD_POINTS` by rank [SHR]: 120 in the pack), for speed.
_PTS = {c: CARD_POINTS[c.rank] for c in PACK_24}

#: The special contracts, lowest first, with the game points they are worth (rules-notes §4.3).
CONTRACTS: tuple[str, ...] = ("five", "six", "coat", "suit")
# The contracts' names in words (CONTRACT_NAMES) and the redeal claims' grounds in words
# (REDEAL_WORDS, which the classroom's ``redeal`` question reads here through the registry) are
# cardlab.mariage4_words', imported above.

#: The classroom's exercise kinds this variant has, in lesson order (``Variant.exercise_kinds``).
EXERCISE_KINDS: tuple[str, ...] = ("legal", "trick", "points", "marriage", "redeal", "eight")

#: Rule ids, their text and source; every IllegalActionError names one of these ids.
RULES: dict[str, tuple[str, str]] = {
    "m4.turn": ("Only the player to act may act, and only as the phase allows; when the hand is over nobody may.",
                "all sources"),
    "m4.cut": ("The opponent on the dealer's right cuts the pack (1 to 23 cards from the top go under).",
               "SHR ('gives any of the opponents to take down the deck'); which opponent: REC"),
    "m4.nine-cut": ("A nine at the bottom after the cut is shown and the pack is cut again; a nine at the bottom "
                    "three times running gives the dealing pair 1 game point and the deal passes to the next player.",
                    "SHR (rules-notes §4.3, D-10)"),
    "m4.deal": ("Three cards each from eldest, then eldest names trumps or turns his last card; three more each.",
                "SHR (rules-notes §4.3)"),
    "m4.trump": ("Eldest (the dealer's left) names trumps after his first 3 cards, or refuses; then his last card "
                 "(the 6th by default) is turned face up and its suit is trumps.", "SHR; '6th card' REC"),
    "m4.redeal.points": ("A player with fewer than 13 card points in his hand may claim a redeal.",
                         "SHR (rules-notes §4.3)"),
    "m4.redeal.nines": ("A player holding all four nines may claim a redeal (or declare three nines instead).",
                        "SHR"),
    "m4.redeal.trumps": ("A player with no trump or one trump may ask his partner; if the pair has no trump, one "
                         "trump between them, or only the trump 9 and J in different hands, the pair may claim a "
                         "redeal.", "SHR (rules-notes §4.3)"),
    "m4.redeal.when": ("Redeal claims are made in one's turn to announce, before any contract or three nines.",
                       "REC (rules-notes §4.3)"),
    "m4.nines": ("A player with three nines (or four) may declare 'three nines' and lay three nines face up; one "
                 "game of three nines per deal; with the option, a player with two nines may ask his partner for "
                 "the third.", "SHR (rules-notes §4.3)"),
    "m4.nines.place": ("In 'three nines' each opponent places a card of the suit of one of the nines on top or at "
                       "the bottom of his pile, saying which; with no such card he places none.",
                       "SHR; D-13 for 'none'"),
    "m4.nines.leave": ("The declarer takes back two nines and leaves one; a placed card of its suit gives the "
                       "opponents 3 game points, otherwise the declarer's pair scores 3.", "SHR"),
    "m4.contract": ("Contracts rank five < six < fur coat < suit; an announcement must be higher than the one "
                    "standing; the highest is played. Options: only the other pair may overcall; the declarer of "
                    "three nines may not announce a contract after it ('a partner or rivals can announce').",
                    "SHR; order REC (rules-notes §4.3)"),
    "m4.contract.beatable": ("'Five', 'fur coat' and 'suit' may be declared only by a player holding a card the "
                             "opponents could beat: a card with a higher card of its suit outside his hand.",
                             "SHR; the test is D-12 (REC)"),
    "m4.aside": ("In 'five' the declarer sets one card aside (keeping a card the opponents could beat), then each "
                 "opponent sets one aside (option: they keep six); the declarer's partner throws in his hand.",
                 "SHR; D-11 (REC)"),
    "m4.contract.play": ("In a contract the declarer leads, his partner sits out, trumps have no power, everyone "
                         "must follow suit; he must take every trick, and play stops at the first trick he loses.",
                         "SHR; D-14 for fur coat and suit"),
    "m4.hold": ("You can only play a card you hold.", "all sources"),
    "m4.follow": ("You must follow suit.", "SHR"),
    "m4.head": ("Following suit you must beat the highest card of the suit in the trick if you can (option; not in "
                "the seed).", "P66 (rules-notes D-3)"),
    "m4.trump-duty": ("If you cannot follow suit you must play a trump if you hold one.", "SHR"),
    "m4.marriage": ("The player about to lead may declare a marriage (K+Q of one suit: 40 in trumps, 20 otherwise) "
                    "and must then lead its king or queen; its points count once his pair has a trick (option: at once). "
                    "Option: he may declare his partner's marriage instead (then any card may be led).",
                    "SHR; pair's trick D-8 (REC, as P66); partner's marriage P66 four-handed (D-8)"),
    "m4.claim": ("A player on lead who sees that a marriage brings his pair to 66 may declare it without leading "
                 "(a claim); if the pair is under 66 the opponents score 1 game point.", "SHR"),
    "m4.66": ("A pair reaching 66 points (tricks and marriages that count) stops the play: 3 game points if "
              "the opponents took no trick, 2 if they have under 33, else 1.", "SHR; D-9 reading"),
    "m4.last-trick": ("If no pair reaches 66 the pair that took the last trick scores 1 game point.", "SHR"),
    "m4.eight": ("Each pair uncovers one pip of its eight per game point; 8 pips win the eight; surplus points go to "
                 "the next eight; a won fur coat lays a coat on the losers' eight, a won suit a coat and a lining.",
                 "SHR (rules-notes §4.3, D-14, D-15, D-17)"),
    "m4.action": ("An action is one of this game's: a card played, 'cut 7', 'trump ♥', 'turn', 'pass', a redeal "
                  "claim, 'three nines', a contract, 'place 10♥ top', 'leave 9♣', 'aside J♣', 'marriage ♥' or "
                  "'claim ♥', with nothing more; only an action legal now is applied.", "cardlab notation"),
    "m4.dealer": ("The deal passes clockwise; after a redeal claim the same dealer deals again.",
                  "SHR; same dealer REC (rules-notes §4.3)"),
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
    marriage_on_first_lead : bool
        May a marriage be declared on the first lead (its points pending until a trick)? (The
        name Sixty-six and Mariage for three use; records written as ``marriage_first_lead``
        still load, see :meth:`from_dict`.)
    marriage_needs_trick : bool
        Do a marriage's points count only once the pair has taken a trick (D-8, as in pagat's
        66), or at once (the seed does not say)?
    partner_can_meld : bool
        May the leader declare his partner's marriage (pagat's four-handed 66; D-8)? It is
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
    marriage_on_first_lead: bool = True
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
    _FLAGS = ("nine_cut_rule", "redeal_nines", "redeal_trumps", "three_nines", "nines_from_partner", "beatable_rule",
              "contract_trumps", "must_head", "marriage_on_first_lead", "partner_can_meld", "opponents_set_aside",
              "marriage_needs_trick")
    _INTS = (("nine_cuts", 1, 10), ("nine_cut_points", 0, 8), ("redeal_points_below", 0, 60), ("nines_points", 0, 8),
             ("false_claim_points", 0, 8), ("last_trick_points", 0, 8), ("pips", 1, 8), ("eights_to_win", 1, 50))

    def __post_init__(self):
        self._check_options()
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

    #: Options renamed since records were first written: old name -> its name now.
    RENAMED: ClassVar[dict[str, str]] = {"marriage_first_lead": "marriage_on_first_lead"}

    @classmethod
    def from_dict(cls, data: dict) -> "Mariage4Rules":
        """Build a rule set from a record's dict of options (:meth:`RuleSet.from_dict`); an option
        under its old name (:data:`RENAMED`: ``marriage_first_lead``, as records written before the
        rename say) is read as its name now.

        Raises :class:`~cardlab.errors.RulesError` as :meth:`RuleSet.from_dict` does, and when a
        dict gives an option under both names with different values (``option`` the new name)."""
        if isinstance(data, dict) and not cls.RENAMED.keys().isdisjoint(data):
            data = dict(data)
            for old, new in cls.RENAMED.items():
                if old in data:
                    value = data.pop(old)
                    if new in data and data[new] != value:
                        raise RulesError(f"option {new} (once called {old}) is given twice, as {data[new]!r} "
                                         f"and {value!r}", new)
                    data[new] = value
        return super().from_dict(data)

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
#: announce after three nines, only the other pair may overcall a contract, and in "five" the
#: declarer sets aside "the sixth card" (his last, D-11) rather than one of his choice.
LITERAL = Mariage4Rules(name="Russian Mariage for four (literal reading)", scoring="literal", turned_card="third",
                        false_claim="play_on", coat_rule="six_points", carry_over="six_only", five_aside="last",
                        marriage_needs_trick=False, contract_after_nines="not_declarer", overcall="other_pair")

PRESETS: dict[str, Mariage4Rules] = {"russian": RUSSIAN_4, "literal": LITERAL}

#: Per card, the higher cards of its suit (trick strength A 10 K Q J 9) [m4.contract.beatable].
_HIGHER = {c: frozenset(d for d in PACK_24 if d.suit == c.suit
                        and RUSSIAN_4.trick_rules.strength(d) > RUSSIAN_4.trick_rules.strength(c))
           for c in PACK_24}
_BIT = {c: 1 << int(c) for c in PACK_24}
_HIGHER_BITS = {c: sum(_BIT[d] for d in _HIGHER[c]) for c in PACK_24}


def has_beatable(cards, own) -> bool:
    """Does some card of ``cards`` (Cards of the pack) have a higher card of its suit outside
    ``own`` (a collection of Cards)? The test of D-12 [m4.contract.beatable]: "five", "fur coat"
    and "suit" need a card the opponents could beat. False for no cards."""
    if not cards:
        return False
    # some card has a higher card outside ``own`` <=> the union of the cards' higher cards
    # (bit masks by card code) is not inside ``own``
    return bool(reduce(or_, map(_HIGHER_BITS.__getitem__, cards)) & ~sum(map(_BIT.__getitem__, set(own))))


# ---------------------------------------------------------------------------------------------
# Actions

PASS = Action("pass")
TURN = Action("turn")
NINES = Action("three nines")
ASK_NINE = Action("ask nine")
PLACE_NONE = Action("place")
#: The actions of each kind, by payload (the words module lists and checks them from these):
#: a contract by name, a redeal claim by its grounds, trumps, a marriage and a claim by suit, a
#: cut by the number of cards moved (1 to 23).
CONTRACT_ACTIONS: dict[str, Action] = {c: Action(c) for c in CONTRACTS}
REDEAL_ACTIONS: dict[str, Action] = {k: Action("redeal", None, k) for k in ("points", "nines", "trumps")}
TRUMP_ACTIONS: dict[Suit, Action] = {s: Action("trump", None, s) for s in Suit}
MARRIAGE_ACTIONS: dict[Suit, Action] = {s: Action("marriage", None, s) for s in Suit}
CLAIM_ACTIONS: dict[Suit, Action] = {s: Action("claim", None, s) for s in Suit}
CUT_ACTIONS: dict[int, Action] = {n: Action("cut", None, n) for n in range(1, 24)}


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
             "place": PLACE_NONE, "place none": PLACE_NONE, "fur coat": CONTRACT_ACTIONS["coat"],
             **CONTRACT_ACTIONS}
    if low in fixed:
        return fixed[low]
    head, rest = words[0], t.split(None, 1)[1] if len(words) > 1 else ""
    try:
        if head == "cut":
            n = int(rest)
            if n not in CUT_ACTIONS:
                raise NotationError(f"{text!r}: a cut moves 1 to 23 cards from the top to the bottom")
            return CUT_ACTIONS[n]
        if head == "trump":
            return TRUMP_ACTIONS[parse_suit(rest)]
        if head == "redeal":
            if rest.lower() not in REDEAL_ACTIONS:
                raise NotationError(f"{text!r}: say 'redeal points', 'redeal nines' or 'redeal trumps'")
            return REDEAL_ACTIONS[rest.lower()]
        if head in ("marriage", "claim"):
            return (MARRIAGE_ACTIONS if head == "marriage" else CLAIM_ACTIONS)[parse_suit(rest)]
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
class Mariage4Result(HandResult):
    """How a hand ended (extends :class:`cardlab.state.HandResult`).

    Attributes
    ----------
    reason : str
        ``"66"``, ``"last_trick"``, ``"nobody"``, ``"false_claim"``, a contract name
        (``"five"`` … ``"suit"``), ``"redeal"`` or ``"nine_cut"``.
    awards : tuple of Award
        Every award of the hand in order (three nines first, if played).
    pair_points : tuple of 2 int
        Card points per pair (tricks and marriages that count).
    pair_tricks : tuple of 2 int
        Tricks taken per pair.
    redeal : bool
        The hand was thrown in by a redeal claim: no points, the dealer deals again (option).
    explanation : str
    returns : tuple of 4 int
        (property) Game points (pips) the hand gives each seat: every seat gets its pair's
        (:meth:`pair_game_points`), so partners have equal returns. Unit: :attr:`unit`.
    winner : None
        (property) Always ``None``: pairs, not seats, win in four-player Mariage (see
        ``awards`` for which pair scored).
    """

    unit: ClassVar[str] = "game points"

    reason: str
    awards: tuple
    pair_points: tuple
    pair_tricks: tuple
    redeal: bool
    explanation: str

    def pair_game_points(self, pair: int) -> int:
        """Game points this hand gives ``pair`` (a whole-eight award counts as its points)."""
        return sum(a.points for a in self.awards if a.pair == pair)

    @property
    def returns(self) -> tuple[int, int, int, int]:
        g = (self.pair_game_points(0), self.pair_game_points(1))
        return (g[0], g[1], g[0], g[1])

    @property
    def winner(self) -> None:
        return None


@dataclass(frozen=True, kw_only=True)
class Mariage4View(SeatView):
    """What one seat may know. Partners' hands are hidden from each other. Extends
    :class:`cardlab.state.SeatView`, whose fields it has: ``variant`` (``"mariage-4"``),
    ``seat``, ``hand``, ``unseen``, ``to_act``, ``legal_actions`` (non-empty only when this seat
    is to act), ``phase``, ``trick``, ``tricks``, ``points``, ``dealer``, ``rules``
    (:class:`Mariage4Rules`) and ``result`` (:class:`Mariage4Result` or None). Built with keywords.

    Here ``trick`` is the trick in progress, lead first (``leader`` led it; the declarer's partner
    sits out in a contract); ``tricks`` the completed :class:`cardlab.tricks.Trick` objects;
    ``points`` the points each seat won itself (``Mariage4State.points(seat)``); ``unseen``
    every card this seat cannot see: others' unshown cards, face-down placed, set-aside and
    thrown-in cards, and (before the deal is complete) the undealt cards.

    Attributes (this variant's own)
    -------------------------------
    hand_sizes : tuple of int
        Cards in each seat's hand (face-down set-aside or thrown-in cards not counted).
    known : tuple of tuple of Card
        Per seat, cards of that seat's hand that have been shown to everyone (the turned
        trump card, the three nines, a marriage's king and queen) and are still held.
    trump, named_trump, trump_turned, eldest, cuts, bottom_cards
        Public facts (``bottom_cards``: the nines shown at the cut, and for the dealer the last
        bottom card, as far as this seat still sees them: a nine cut away again is unseen)
        (``trump`` is the trump in force for the play: ``None`` in a contract; ``named_trump``
        the suit fixed in the deal).
    pair_points : tuple of 2 int
        Card points per pair, tricks and marriages that count (``Mariage4State.pair_points``).
    tricks_won : tuple of 4 int
        Tricks per seat.
    marriages : tuple of (seat, Suit, points)
    contract : (name, declarer) or None; standing : (name, seat) or None while announcing
    nines : dict or None
        The three-nines game so far: declarer, the nines, placements (``"top"``/``"bottom"``,
        the cards only once shown), the nine left.
    sitting_out : int or None
    awards : tuple of Award
    aside : tuple of Card
        This seat's own cards set aside face down ("five"), or its hand thrown in (sitting out).
    finished : bool
    pending_marriage : Suit or None
        As the state has it: the suit of the marriage the player on lead has just declared (or
        falsely claimed, when the hand plays on) from his own hand, whose king or queen he must
        now lead; else ``None`` [m4.marriage, m4.claim]. Public: everyone heard it.
    leader : int
        As the state has it: in the play, the seat that led the current trick, or is to lead it
        (the winner of the last trick); before the play, the seat that will lead: eldest, or the
        declarer once a contract is settled [m4.contract.play].
    """

    variant: str = field(default=VARIANT, kw_only=True)
    hand_sizes: tuple
    known: tuple
    trump: Suit | None
    named_trump: Suit | None
    trump_turned: Card | None
    eldest: int
    cuts: tuple
    bottom_cards: tuple
    pair_points: tuple
    tricks_won: tuple
    marriages: tuple
    contract: tuple | None
    standing: tuple | None
    nines: dict | None
    sitting_out: int | None
    awards: tuple
    aside: tuple
    finished: bool
    pending_marriage: Suit | None = None
    leader: int = 0


# ---------------------------------------------------------------------------------------------
# Deal


def check_pack(pack: Sequence) -> tuple[Card, ...]:
    """Validate a pack from a record: the 24 cards A 10 K Q J 9 of each suit, each once.
    Raises :class:`DealError` naming the card at fault [rule m4.deal]."""
    return _cards.check_pack(pack, game="a Mariage", rule="m4.deal")


def deal(rules: Mariage4Rules = RUSSIAN_4, dealer: int = 0, seed: int | None = None,
         pack: Sequence | None = None, names: Sequence[str] = SEAT_NAMES) -> "Mariage4State":
    """Start a hand: the first state, with the pack ready to be cut.

    Parameters
    ----------
    rules : Mariage4Rules
    dealer : int
        Seat 0..3.
    seed : int, optional / pack : sequence of 24 cards or card texts, optional
        Give one: the pack from the top before the cut (the cut is the first action). A seed
        shuffles with ``cardlab.pack24.shuffled_pack(seed, order=SHUFFLE)`` (:data:`SHUFFLE`:
        ``random.Random(seed).shuffle``, so a seed deals what it always dealt).
    names : four str
        Players in seat order (default :data:`SEAT_NAMES`); seats 0 and 2 are partners, 1 and 3.

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
    cards = pack24.shuffled_pack(seed, order=SHUFFLE) if pack is None else check_pack(pack)
    return Mariage4State._initial(rules, dealer, cards, names)


def deal_from_hands(hands: Sequence, rules: Mariage4Rules = RUSSIAN_4, dealer: int = 0,
                    names: Sequence[str] = SEAT_NAMES, cut: int = 12) -> "Mariage4State":
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
    dealt = check_pack(dealt)
    if not 1 <= cut <= 23:
        raise DealError("a cut moves 1 to 23 cards")
    if rules.nine_cut_rule and dealt[-1].rank == Rank.NINE:
        raise DealError(f"the dealer's last card {dealt[-1]} would be the bottom card after the cut: a nine, so the "
                        f"nine-cut rule would make the pack be cut again [rule m4.nine-cut]")
    # after 'cut n' the pack is p[n:] + p[:n]; so p = dealt[24-n:] + dealt[:24-n]
    pack = dealt[24 - cut:] + dealt[:24 - cut]
    return deal(rules, dealer, pack=pack, names=names)


def places(rules: Mariage4Rules = RUSSIAN_4, dealer: int = 0, players: int = 4) -> tuple:
    """Where a deal puts the cards [m4.deal, m4.nine-cut]: the cuts made (``cut 8``, or ``cut 2, 8``
    after a nine at the bottom), then 6 cards to each hand from the pack as cut
    (:class:`cardlab.variants.Place`)."""
    from .variants import Place

    return tuple(Place(f"hand {i}", 6, "the cards dealt to this seat") for i in range(players)) + (
        Place("cut", 0, "the cuts made before the deal", action="cut", default="12"),)


#: The standing a game starts from (a record's ``start``): the score keeper's keyword, what its
#: numbers are, how many (0: one per seat) (:attr:`cardlab.variants.Variant.standing`).
STANDING: tuple[Standing, ...] = (Standing("pips", "pips uncovered on the eight, per pair", 2),
                            Standing("won", "eights won, per pair", 2))


def deal_from_places(places, rules: Mariage4Rules = RUSSIAN_4, dealer: int = 0,
                     names: Sequence[str] = SEAT_NAMES, start=None) -> "Mariage4State":
    """The first state of a hand, before the cuts ``places["cut"]`` (numbers of cards, default
    one cut of 12), from which the cut pack deals ``places["hand <seat>"]`` (6 cards each, as
    dealt): :func:`deal_from_hands` with the registry's one signature
    (:attr:`cardlab.variants.Variant.deal_from_places`); the caller applies the cuts."""
    cuts = tuple(places.get("cut") or (12,))
    p12 = deal_from_hands([places[f"hand {i}"] for i in range(len(names))], rules, dealer, names, cut=12).pack
    dealt = p12[12:] + p12[:12]
    t = sum(cuts) % 24
    return deal(rules, dealer, pack=dealt[24 - t:] + dealt[:24 - t], names=names)


# ---------------------------------------------------------------------------------------------
# State

#: The state's own fields (the base slots of :class:`cardlab.state.GameState` come on top).
_SLOTS = ("cut_pack", "cuts", "phase", "hands", "undealt", "trump", "named_trump", "trump_turned", "leader",
          "trick", "tricks", "card_points", "tricks_won", "marriages", "marriage_points", "pending_marriage",
          "meld_lead", "shown", "awards", "standing", "passes", "nines_done", "nines", "asked", "contract", "aside",
          "sitting_out")


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
        ``"cut"``, ``"trumps"``, ``"announce"``, ``"nines"``, ``"give"`` (cards set aside in
        "five"), ``"play"`` or ``"over"``.
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
    trick : tuple of Card
        The current trick, lead first (:meth:`trick_by_seat` pairs each card with its seat).
    tricks : tuple of :class:`cardlab.tricks.Trick`
        Completed tricks in order.
    card_points : tuple of 2 int
        Card points in each pair's tricks. ``pair_points(pair)`` adds marriages that count;
        ``points(seat)`` is one seat's share, ``pair_tricks(pair)`` the pair's tricks.
    tricks_won : tuple of 4 int
        Tricks taken per seat.
    marriages : tuple of (seat, Suit, points)
    pending_marriage : Suit or None
        The marriage just declared (its king or queen must be led).
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
    result : Mariage4Result or None
    trick_rules : TrickRules
        The duties in force (normal play or contract play).
    """

    __slots__ = _SLOTS
    variant = VARIANT
    # What cardlab.mariage4_words reads through a state (it imports nothing of this module).
    CONTRACTS: ClassVar[tuple[str, ...]] = CONTRACTS
    CUT_ACTIONS: ClassVar[dict[int, Action]] = CUT_ACTIONS
    partner_of = staticmethod(partner_of)
    has_beatable = staticmethod(has_beatable)

    @classmethod
    def _initial(cls, rules, dealer, pack, names):
        s = cls._blank()
        s.rules, s.dealer, s.names, s.pack, s.cut_pack, s.undealt = rules, dealer, names, pack, pack, pack
        s.cuts = s.trick = s.tricks = s.marriages = s.awards = ()
        s.phase = "cut"
        s.hands = s.aside = ((), (), (), ())
        s.trump = s.named_trump = s.trump_turned = s.pending_marriage = s.standing = s.nines = None
        s.contract = s.sitting_out = None
        s._to_act = s.cutter
        s.leader = (dealer + 1) % 4
        s.card_points = s.marriage_points = (0, 0)
        s.tricks_won = (0, 0, 0, 0)
        s.meld_lead = -1
        s.shown = (frozenset(),) * 4
        s.passes = 0
        s.nines_done = False
        s.asked = frozenset()
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
    def trick_rules(self) -> TrickRules:
        """The follower's duties in force now (normal play or a contract's play)."""
        return self.rules.contract_trick_rules if self.contract else self.rules.trick_rules

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats that play to tricks, in clockwise order from the declarer/eldest."""
        if self.sitting_out is None:
            return (0, 1, 2, 3)
        return tuple(s for s in range(4) if s != self.sitting_out)

    def pair_points(self, pair: int) -> int:
        """Points of ``pair`` (0: seats 0 and 2, 1: seats 1 and 3) now: its tricks' card points plus its
        marriages, which count once the pair has taken a trick (at once if
        ``rules.marriage_needs_trick`` is off) [m4.marriage, m4.66]."""
        p = self.card_points[pair]
        if self.tricks_won[pair] + self.tricks_won[pair + 2] or not self.rules.marriage_needs_trick:
            p += self.marriage_points[pair]
        return p

    def points(self, seat: int) -> int:
        """Points ``seat`` won itself: its tricks' card points plus the marriages it held, once they
        count; the two seats of a pair add up to :meth:`pair_points`. ``ValueError`` for a bad seat."""
        if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            raise ValueError(f"seat must be 0 to 3, not {seat!r}")
        p = sum(sum(map(_PTS.__getitem__, t.played)) for t in self.tricks if t.winner == seat)
        pair = seat % 2
        if self.tricks_won[pair] + self.tricks_won[pair + 2] or not self.rules.marriage_needs_trick:
            p += sum(v for holder, _suit, v in self.marriages if holder == seat)
        return p

    def trick_by_seat(self) -> tuple:
        """The trick in progress with its seats: ``((seat, card), ...)`` in the order played, lead
        first (the declarer's partner, sitting out in a contract, has no card in it); empty
        between tricks. The one accessor of the trick in progress (renderers and widgets read it)."""
        ld, out = self.leader, self.sitting_out
        return tuple(zip(_TRICK_SEATS[ld] if out is None else _TRICK_SEATS_3[ld, out], self.trick))

    def card_locations(self) -> dict[str, tuple]:
        """Where every card of the pack is: ``"hand 0"`` .. ``"hand 3"``, ``"undealt"``, ``"aside 0"``
        .. ``"aside 3"`` (set aside in "five", or thrown in by the declarer's partner), ``"trick"``
        (the trick in progress) and ``"tricks"`` (completed tricks, in play order)."""
        out = {f"hand {i}": tuple(h) for i, h in enumerate(self.hands)}
        out["undealt"] = tuple(self.undealt)
        for i, a in enumerate(self.aside):
            out[f"aside {i}"] = tuple(a)
        out["trick"] = tuple(self.trick)
        out["tricks"] = tuple(c for t in self.tricks for c in t.played)
        return out

    def pair_tricks(self, pair: int) -> int:
        """Tricks taken by ``pair`` (both partners)."""
        return self.tricks_won[pair] + self.tricks_won[pair + 2]


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
    def _legal_now(self) -> tuple[Action, ...]:
        """The legal actions of a running hand in a fixed order, built directly from the hand, the
        trick and the phase without the explained checks (``legal_actions`` caches them). The rule
        checks of :mod:`cardlab.mariage4_words`, which explain a refusal, state the same rules
        and are tested to agree with it: same actions, same order as filtering every action of the
        notation that could apply in the phase through ``check`` (tests/mariage4/test_mariage4_fast.py)."""
        ph = self.phase
        seat = self._to_act
        if ph == "play":
            hand = self.hands[seat]
            trick = self.trick
            if trick:
                return tuple(map(_PLAY_OF.__getitem__, legal_plays(hand, trick, self.trump, self.trick_rules)))
            pm = self.pending_marriage
            if pm is not None:
                return tuple(_PLAY_OF[c] for c in hand if c in _MARRIAGE_PAIR[pm])
            plays = tuple(map(_PLAY_OF.__getitem__, hand))
            if (self.contract or self.meld_lead == len(self.tricks)
                    or (not self.tricks and not self.rules.marriage_on_first_lead)):
                return plays
            held = frozenset(hand)
            mine = [s for s in _SUITS if _MARRIAGE_PAIR[s] <= held]
            melds = mine
            if self.rules.partner_can_meld:
                ph_ = frozenset(self.hands[(seat + 2) % 4])
                melds = [s for s in _SUITS if s in mine or _MARRIAGE_PAIR[s] <= ph_]
            if not melds:
                return plays
            return tuple([MARRIAGE_ACTIONS[s] for s in melds] + [CLAIM_ACTIONS[s] for s in mine]) + plays
        if ph == "announce":
            return self._announce_legal(seat)
        if ph == "cut":
            return _CUT_ALL
        if ph == "trumps":
            return _TRUMP_ALL
        if ph == "nines":
            ni = self.nines
            if seat == ni["declarer"]:
                return tuple(Action("leave", c) for c in ni["nines"])
            suits = {c.suit for c in ni["nines"]}
            out = [a for c in self.hands[seat] if c.suit in suits for a in _PLACE_OF[c]]
            return tuple(out) if out else (PLACE_NONE,)
        if ph == "give":
            hand = self.hands[seat]
            r = self.rules
            if seat != self.contract[1]:
                return tuple(Action("aside", c) for c in hand)
            out = []
            for c in hand:
                if r.five_aside == "last" and c != hand[-1]:
                    continue
                if r.beatable_rule and not has_beatable([x for x in hand if x != c], hand):
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
                out.append(REDEAL_ACTIONS["points"])
            if r.redeal_nines and nines == 4:
                out.append(REDEAL_ACTIONS["nines"])
            if r.redeal_trumps:
                trump = self.named_trump
                mine = [c for c in hand if _SUIT[c] == trump]
                if len(mine) <= 1:
                    theirs = [c for c in self.hands[(seat + 2) % 4] if _SUIT[c] == trump]
                    if (len(mine) + len(theirs) <= 1 or (len(mine) == 1 and len(theirs) == 1
                                                         and {mine[0], theirs[0]} == _NINE_JACK[trump])):
                        out.append(REDEAL_ACTIONS["trumps"])
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
                    if not has_beatable(hand[:-1], hand):
                        continue
                else:
                    if beatable is None:
                        beatable = has_beatable(hand, hand)
                    if not beatable:
                        continue
            out.append(CONTRACT_ACTIONS[k])
        return tuple(out)

    # -- applying actions: the hooks of GameState.apply ----------------------------------------
    _TURN_RULE = "m4.turn"
    _parse = staticmethod(parse_action)

    def _why_illegal(self, action: Action) -> IllegalActionError:
        """The refusal of an action that is not one of :meth:`legal_actions` (returned, not
        raised): the rule id (a key of :data:`RULES`) and reason of the explained checks of
        :mod:`cardlab.mariage4_words`, or ``m4.action`` when the action only looks like a legal
        one (a payload of another type)."""
        from .actions import action_text

        why = check(self, action)
        if why is None:
            why = ("m4.action", f"'{action_text(action)}' is not one of the actions legal now: {waiting_for(self)}")
        return IllegalActionError(*why)

    def _do(self, seat: int, a: Action) -> None:
        """Take the legal action ``a`` (not a card play: those go to :meth:`_do_play`) for
        ``seat``, in place on a fresh copy: a cut, trumps, an announcement, a step of three
        nines (on a copy of the nines game, which the parent state keeps as it was), a card set
        aside, or a marriage or claim on the lead."""
        ph = self.phase
        if ph == "cut":
            self._cut(a.value)
        elif ph == "trumps":
            self._choose_trump(a)
        elif ph == "announce":
            self._announce(seat, a)
        elif ph == "nines":
            self.nines = dict(self.nines, placed=dict(self.nines["placed"]))
            self._nines_step(seat, a)
        elif ph == "give":
            self._set_aside(seat, a.card)
        else:
            self._marry(seat, a.value, claim=a.kind == "claim")

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
                           f"a nine at the bottom {len(self.cuts)} times: {self.pair_name(pair)} uncover "
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
        self.phase = "trumps"
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
            self._finish("redeal", f"{self.names[seat]} claims a redeal ({REDEAL_WORDS[a.value]}); the cards are "
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
                    f"{self.pair_name(pair)} uncover {r.nines_points}")
        else:
            pair = d % 2
            text = (f"three nines: {self.names[d]} left {a.card}; no placed card matches its suit, so "
                    f"{self.pair_name(pair)} uncover {r.nines_points}")
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
        self.phase = "give" if name == "five" else "play"

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
        value = marriage_points(suit, self.trump)
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
        total = self.pair_points(pair)
        if total >= 66:
            self._win_66(pair, f"{self.names[seat]} declares the {suit.symbol} marriage ({value}) without leading: "
                               f"{self.pair_name(pair)} have {total}")
            return
        if claim:
            other = 1 - pair
            why = (f"{self.names[seat]} claims 66 with the {suit.symbol} marriage but {self.pair_name(pair)} have "
                   f"only {total}" + ("" if self.pair_tricks(pair) or not r.marriage_needs_trick
                                      else " (no trick yet, so the marriage does not count)"))
            aw = Award(other, r.false_claim_points, "false_claim",
                       f"{why}: {self.pair_name(other)} uncover {r.false_claim_points}")
            self.awards = self.awards + (aw,)
            if r.false_claim == "ends_hand":
                self._finish("false_claim", aw.text)
                return
        if seat == leader:
            self.pending_marriage = suit

    def _do_play(self, seat: int, card: Card) -> None:
        """Play ``card`` (legal) for ``seat``, in place on a fresh copy: add it to the trick and,
        when the trick is complete, settle it (its winner leads; 66, the last trick or a
        contract's end finish the hand) [m4.follow, m4.66, m4.last-trick, m4.contract.play]."""
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
        trick = self.trick + (card,)
        if len(trick) < (4 if self.sitting_out is None else 3):      # len(self.active_seats)
            self.trick = trick
            self._to_act = self._next_active(seat)
            return
        leader = self.leader
        out = self.sitting_out
        seats = _TRICK_SEATS[leader] if out is None else _TRICK_SEATS_3[leader, out]
        w = seats[trick_winner(trick, self.trump, self.trick_rules)]
        pair = w % 2
        cp = list(self.card_points)
        cp[pair] += sum(map(_PTS.__getitem__, trick))
        self.card_points = tuple(cp)
        tw = list(self.tricks_won)
        tw[w] += 1
        self.tricks_won = tuple(tw)
        self.tricks = self.tricks + (tuple.__new__(Trick, (leader, tuple(zip(seats, trick)), w)),)
        self.trick = ()
        self.leader = w
        self._to_act = w
        if self.contract:
            self._contract_trick(w)
            return
        if self.pair_points(pair) >= 66:
            self._win_66(pair, f"{self.pair_name(pair)} reach {self.pair_points(pair)}")
            return
        if not any(self.hands):
            r = self.rules
            if r.no_66 == "last_trick":
                aw = Award(pair, r.last_trick_points, "last_trick",
                           f"nobody reached 66 ({self.pair_points(0)}–{self.pair_points(1)}): {self.pair_name(pair)} took the "
                           f"last trick and uncover {r.last_trick_points}")
                self.awards = self.awards + (aw,)
                self._finish("last_trick", aw.text)
            else:
                self._finish("nobody", f"nobody reached 66 ({self.pair_points(0)}–{self.pair_points(1)}): no game points"
                                       + " for the play" * bool(self.awards))

    def _contract_trick(self, w: int) -> None:
        name, d = self.contract
        if w != d:
            self._contract_over(1 - d % 2, f"{self.names[w]} took a trick, so {self.names[d]}'s "
                                           f"{CONTRACT_NAMES[name]} fails")
        elif not self.hands[d]:
            self._contract_over(d % 2, f"{self.names[d]} took every trick: {CONTRACT_NAMES[name]} is made")

    def _contract_over(self, pair: int, how: str) -> None:
        name, d = self.contract
        r = self.rules
        if name in ("coat", "suit"):
            whole = r.coat_rule == "win_eight"
            pts = r.pips if whole else 6
            mark = "coat" if name == "coat" else "suit"
            what = ("win their eight outright" if whole else f"uncover {pts}")
            lay = "a fur coat" if name == "coat" else "a suit (a fur coat on top and a lining underneath)"
            text = f"{how}: {self.pair_name(pair)} {what}, and {lay} goes on {self.pair_name(1 - pair)}'s eight"
            aw = Award(pair, pts, name, text, whole, mark)
        else:
            pts = 5 if name == "five" else 6
            aw = Award(pair, pts, name, f"{how}: {self.pair_name(pair)} uncover {pts}")
        self.awards = self.awards + (aw,)
        self._finish(name, aw.text)

    def _win_66(self, pair: int, how: str) -> None:
        other = 1 - pair
        op = self.pair_points(other)
        if not self.pair_tricks(other):
            gp, why = 3, f"{self.pair_name(other)} took no trick"
        elif self.rules.scoring == "literal":
            gp, why = 1, f"{self.pair_name(other)} took a trick (literal reading: 1 unless they took none)"
        elif op < 33:
            gp, why = 2, f"{self.pair_name(other)} have {op}, under 33"
        else:
            gp, why = 1, f"{self.pair_name(other)} have {op}, 33 or more"
        aw = Award(pair, gp, "66", f"{how}: {why}, so {self.pair_name(pair)} uncover {gp}")
        self.awards = self.awards + (aw,)
        self._finish("66", aw.text)

    def _finish(self, reason: str, text: str) -> None:
        self.phase = "over"
        self.pending_marriage = None
        pts = (self.pair_points(0), self.pair_points(1))
        tr = (self.pair_tricks(0), self.pair_tricks(1))
        texts = [a.text for a in self.awards]
        expl = "; ".join(texts + [text] * (text not in texts))     # the hand's own end after three nines too
        self.result = Mariage4Result(reason, self.awards, pts, tr, reason == "redeal", expl)

    def pair_name(self, pair: int) -> str:
        """The pair's two names, e.g. ``"Ana & Cleo"`` for pair 0 (seats 0 and 2)."""
        return f"{self.names[pair]} & {self.names[pair + 2]}"

    # -- views --------------------------------------------------------------------------------
    def view(self, seat: int) -> Mariage4View:
        """What ``seat`` may know (see :class:`Mariage4View`): never another seat's unshown cards,
        not even the partner's, nor face-down placed, set-aside or undealt cards."""
        if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            raise ValueError(f"seat must be 0 to 3, not {seat!r}")
        known = tuple(tuple(c for c in self.hands[s] if c in self.shown[s]) if s != seat else () for s in range(4))
        visible = set(self.hands[seat]) | {c for k in known for c in k} | set(self.trick)
        for t in self.tricks:
            visible.update(t.played)
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
        if len(self.undealt) == 24 and self.cuts and self.rules.nine_cut_rule and self.cut_pack[-1].rank == Rank.NINE:
            visible.add(self.cut_pack[-1])          # the nine at the bottom of the pack, shown to all
        unseen = tuple(c for c in PACK_24 if c not in visible)
        return Mariage4View(
            seat=seat, hand=self.hands[seat], hand_sizes=tuple(len(h) for h in self.hands),
            known=known, phase=self.phase, trump=self.trump, named_trump=self.named_trump,
            trump_turned=self.trump_turned, dealer=self.dealer, eldest=self.eldest, cuts=self.cuts,
            bottom_cards=tuple(c for c in (self.bottom_cards if seat == self.dealer else self.shown_bottoms)
                               if c in visible),
            trick=self.trick, tricks=self.tricks, points=tuple(self.points(x) for x in range(4)),
            pair_points=(self.pair_points(0), self.pair_points(1)), tricks_won=self.tricks_won,
            marriages=self.marriages, contract=self.contract, standing=self.standing, nines=nines,
            sitting_out=self.sitting_out, awards=self.awards, aside=self.aside[seat], unseen=unseen,
            to_act=self.to_act, legal_actions=self.legal_actions() if self.to_act == seat else (),
            finished=self.result is not None, result=self.result, rules=self.rules,
            pending_marriage=self.pending_marriage, leader=self.leader)

    def explain(self) -> str:
        """The last step in words (the shuffled pack, for the first state); see
        :func:`cardlab.mariage4_words.explain`."""
        return explain(self)

    def _summary(self) -> str:
        t = self.named_trump.symbol if self.named_trump is not None else "not fixed"
        return f"{self.phase}, trump {t}, tricks {len(self.tricks)}, points {self.pair_points(0)}–{self.pair_points(1)}"


# Tables for the fast legal-action builder (Mariage4State._legal_now).
_PLAY_OF = {c: play(c) for c in PACK_24}
_SUITS = tuple(Suit)
_SUIT = {c: c.suit for c in PACK_24}
_PLACE_OF = {c: (Action("place", c, "top"), Action("place", c, "bottom")) for c in PACK_24}
_MARRIAGE_PAIR = {s: frozenset((Card.of(s, Rank.KING), Card.of(s, Rank.QUEEN))) for s in Suit}
_NINE_JACK = {s: {Card.of(s, Rank.NINE), Card.of(s, Rank.JACK)} for s in Suit}
_CUT_ALL = tuple(CUT_ACTIONS.values())
_TRUMP_ALL = tuple(TRUMP_ACTIONS[s] for s in Suit) + (TURN,)
#: The seats of a trick's cards in play order, by leader (and by leader and the seat sitting out).
_TRICK_SEATS = {ld: tuple((ld + k) % 4 for k in range(4)) for ld in range(4)}
_TRICK_SEATS_3 = {(ld, out): tuple(x for x in _TRICK_SEATS[ld] if x != out) for ld in range(4) for out in range(4)
                  if ld != out}
_NINE_CARDS = frozenset(c for c in PACK_24 if c.rank == Rank.NINE)
