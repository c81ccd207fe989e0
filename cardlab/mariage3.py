"""Russian Mariage for three players: eight cards each, no stock, settlement with each opponent.

Sources: shram.kiev.ua [SHR] (an English machine translation of the Russian page
"Марьяж (66, Шнопс)", the three-player section "threesome") and docs/rules-notes.md §4.2
and §4.4, which resolve what the seed leaves open and name the published rules behind each
choice, chiefly pagat's *Sechsundsechzig*, "Three Player Game" [P66]; casinospiegel.net's "66 zu
drei Personen" [CS66, its three-handed page] agrees with P66 on most points. Every disagreement between
those sources is an option of :class:`Mariage3Rules`; the preset :data:`RUSSIAN_MARIAGE_3` (the
default) reads the seed as rules-notes §4.2 recommends, :data:`PAGAT_66_3` follows P66.

The game in short (the default preset) [SHR; rules-notes §4.2]:

* three players, the 24-card pack (A 10 K Q J 9), **8 cards each**, dealt 3-2-3 from the
  dealer's left; there is **no stock**, so no drawing, closing or trump-nine exchange;
* the **dealer's last card** is shown to everyone and fixes **trumps**; it stays in his hand;
* **eldest** (the dealer's left) leads; from the first trick everyone must **follow suit**, and
  a player who cannot must **trump** ("interrupt with a trump");
* **marriages** (K+Q of a suit in one hand: 40 in trumps, 20 otherwise) are declared by the
  player about to lead, who then leads the king or queen; one per lead; their points count once
  their owner has taken a trick;
* the hand ends as soon as a player has **66** points (cards and marriages); if nobody gets there, the winner of
  the **last trick** wins the hand;
* **settlement per opponent** [P66 3-player; CS66 3-player; rules-notes §4.2]: each opponent
  pays the winner 1 game point if he has 33 points or more, 2 if fewer but he took a trick,
  3 if he took no trick; when the last trick decides the hand, each opponent pays 1 (*the
  project's reading*, below);
* the game points go into a ledger (:class:`cardlab.mariage3_game.Mariage3Game`, also reachable as
  ``mariage3.Mariage3Game``); the deal passes to the left and the
  first player to **receive** ``target`` game points (7) wins the game (*the project's reading*).

Two readings are the project's own, because no source settles them for three players; each is
an option, and the default is the one the sources support best:

* **When the last trick decides** (``cards_out_payment``): the seed gives the last trick's winner
  "one point" in the four-player game whatever the losers hold, rules-notes D-5 gives the
  two-player Russian game the same +1 (as :data:`cardlab.sixtysix.RUSSIAN_MARIAGE` does), and
  pagat's comparison says Schnapsen gives the last trick's winner "just 1 game point" too. So
  the default ``"one"``: each opponent pays 1. ``"scale"`` applies the usual 1/2/3 instead (the
  settlement bullet of rules-notes §4.2 read for every hand). The seed's "one point" cannot be
  read as 1 in total here: it would have to be split between two payers.
* **What the target counts** (``game_count``, ``target``): the seed's two-player game is played
  "until one of the players gets 7 or 8 points", and its four-player "eight" counts the points a
  pair has won; neither ever subtracts. So the default counts game points **received**, to 7
  (rules-notes D-17). ``"net"`` counts received minus paid, the balance pagat's stakes come to
  (its three-player game has no target; the pagat preset uses ``"net"``).

Checklist of what is deliberately *not* here (rules-notes §4.2, D-4): no stock, so no drawing,
closing or trump-nine exchange; no last-trick 10 (no source gives one for three players); no
claim of 66 (the engine ends the hand itself, so no false claim can happen, rules-notes C-8).
CS66's three-handed game lets all three lose into a pool when nobody reaches 66, and adds
"drumming" contracts; neither is modelled.

Units: *card points* are the cards' value (A 11, 10 10, K 4, Q 3, J 2, 9 0; 120 in the pack);
card points taken plus marriages declared (20/40) are *points*, and the 66 and 33 thresholds
count points; what an opponent pays and the game target are *game points*.

Seats are 0, 1, 2, clockwise: seat ``(dealer + 1) % 3`` is eldest, then the next, then the
dealer. Typical use::

    from cardlab import mariage3
    s = mariage3.deal(mariage3.RUSSIAN_MARIAGE_3, dealer=2, seed=5)   # seat 0 (eldest) leads
    s.legal_actions()       # (Action('J♦'), Action('K♦'), Action('J♥'), ...): any of her cards
    s = s.apply("J♦")       # a new state; the old one is unchanged
    print(s.explain())      # "Ana leads J♦."

This module holds the rules only. The same game elsewhere: :mod:`cardlab.render.mariage3` draws
its tables (HTML and text), :class:`cardlab.players.mariage3.Mariage3Player` is its rule-based
computer player (make players with :func:`cardlab.players.make_player`),
:mod:`cardlab.analysis.adapt_mariage3` is its solver adapter and :mod:`cardlab.mariage3_game` its
score keeper. Card points, marriage values and the shuffle are the 24-card family's, from
:mod:`cardlab.pack24`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import ClassVar, Literal, Sequence

from .actions import Action, action_text, check_said_value, play, said_marriage_value
from . import cards as _cards
from .cards import CARDS_BY_CODE, PACK_24, Card, Rank, Suit, parse_card, parse_cards, parse_suit
from .errors import DealError, IllegalActionError, NotationError, RulesError
from .pack24 import CARD_POINTS, marriage_points, shuffled_pack
from .rulesets import RuleSet
from .state import GameState, HandResult, SeatView
from .tricks import RANKS_66, Trick, TrickRules, explain_duty
from .variants import Standing, lazy_exports

__all__ = [
    "Mariage3Rules",
    "RUSSIAN_MARIAGE_3",
    "PAGAT_66_3",
    "PRESETS",
    "CARD_POINTS",
    "RULES",
    "SEAT_NAMES",
    "Mariage3Result",
    "Mariage3View",
    "Mariage3State",
    "DealError",
    "deal",
    "deal_from_hands", "deal_from_places", "places", "STANDING",
    "shuffled_pack",
    "parse_action",
    "describe_action",
    "opponent_payment",
]
# Also here, imported on first use from cardlab.mariage3_game: Mariage3Game.

VARIANT = "mariage-3"
SEATS = (0, 1, 2)
#: Default player names, seat 0 to 2 (the default of :func:`deal`, :func:`deal_from_hands` and the
#: score keeper; used in explanations and records).
SEAT_NAMES: tuple[str, str, str] = ("Ana", "Boris", "Vera")
# CARD_POINTS (by rank: A 11, 10 10, K 4, Q 3, J 2, 9 0; 120 in all) is pack24's: shared code reads it
# as each rules module's card points (the classroom's points questions, the handouts). By card:
_PTS = {c: CARD_POINTS[c.rank] for c in PACK_24}

#: The classroom's exercise kinds this variant has, in lesson order (``Variant.exercise_kinds``).
EXERCISE_KINDS: tuple[str, ...] = ("legal", "trick", "points", "marriage", "score")

#: The "and why" of the classroom's game-points question: each :attr:`Mariage3Result.reason`, in words.
SCORE_REASONS: dict[str, str] = {
    "66": "the winner reached 66 points",
    "last_trick": "nobody reached 66: the last trick decides",
    "most_points": "all eight tricks were played: the most points win",
}

#: Rule ids, their text and source; every IllegalActionError of this module names one of them.
#: The ids follow :data:`cardlab.sixtysix.RULES` (``66.follow`` -> ``m3.follow`` ...).
RULES: dict[str, tuple[str, str]] = {
    "m3.deal": ("Three players, 8 cards each from the 24-card pack, dealt clockwise from the dealer's left in "
                "packets of 3, 2 and 3; no stock.", "SHR; P66 for the 3-2-3 packets (rules-notes §4.2)"),
    "m3.trump-card": ("The dealer's last card is shown to everyone and its suit is trumps; it stays in the dealer's "
                      "hand (or, P66: eldest may name trumps after his first 3 cards; if he does not, the first card "
                      "of his second packet is dealt face up and fixes trumps).",
                      "SHR; P66 (rules-notes §4.2, D-16)"),
    "m3.turn": ("Only the player to act may act, in turn clockwise; when the hand is over nobody may.",
                "all sources"),
    "m3.hold": ("You can only play a card you hold.", "all sources"),
    "m3.lead": ("Eldest (the dealer's left) leads to the first trick; the winner of each trick leads to the next.",
                "SHR, P66"),
    "m3.follow": ("You must follow suit: play a card of the suit led if you hold one.", "SHR, P66"),
    "m3.head": ("Following suit, you must beat the highest card of that suit in the trick if you can (P66; not in "
                "the Russian seed, nor in CS66's three-handed game).", "P66 (rules-notes D-3)"),
    "m3.trump": ("If you cannot follow suit you must play a trump if you hold one.", "SHR, P66"),
    "m3.overtrump": ("Trumping a trick that is already trumped, you must play a higher trump if you can (a reading "
                     "of P66's 'beat the highest card in the trick'; the seed's 'interrupt with a trump', probably "
                     "Russian 'перебить козырем', 'beat with a trump', is read as any trump, as its two-player "
                     "'put his trump card').", "P66; SHR (rules-notes D-3)"),
    "m3.marriage.lead": ("A marriage (K+Q of one suit in one hand; 40 in trumps, 20 otherwise) may be declared "
                         "only by the player about to lead; one marriage per lead.", "SHR, P66"),
    "m3.marriage.pair": ("To declare a marriage you must hold both the king and the queen of its suit.",
                         "SHR, P66"),
    "m3.marriage.led": ("After declaring a marriage you must lead its king or queen.", "SHR, P66"),
    "m3.marriage.first-lead": ("A marriage may be declared on the first lead of the hand; its points count only "
                               "once its owner has taken a trick (or, by option, not on the first lead).",
                               "rules-notes §4.1, D-8"),
    "m3.marriage.none": ("Under the literal two-player seed ('provided that there are cards in the deck') a game without a "
                         "stock has no marriages; rules-notes §4.2 reads it as not meant, so marriages are on by "
                         "default.", "SHR (rules-notes §4.2)"),
    "m3.trumps-choice": ("Only eldest, after his first packet of 3 cards, names trumps or has his next card turned "
                         "up; nothing else may be done until trumps are fixed.", "P66 (rules-notes D-16)"),
    "m3.win": ("The hand ends as soon as a player has 66 points (tricks, plus marriages once he has a trick); "
               "or (P66) all eight tricks are played.", "SHR; P66 (rules-notes §4.2)"),
    "m3.cards-out": ("If nobody goes out with 66, the player who took the last trick wins the hand (or, P66, the "
                     "player with the most points; a tie goes to whichever of them took a trick later).",
                     "SHR (4-player text), P66 (rules-notes §4.2, D-5, D-16)"),
    "m3.score": ("Each opponent pays the hand's winner: 1 game point with 33 points or more, 2 with fewer but "
                 "at least one trick, 3 with no trick. When the last trick decides the hand each opponent pays 1 "
                 "(the project's reading of the seed's 'one point' for the last trick; or, by option, the same "
                 "1/2/3).", "P66 and CS66 3-player; SHR 4-player (rules-notes §4.2, D-5, D-6, D-9); REC"),
    "m3.game": ("Game points go into a ledger; the first player to receive the target (7, as in the two-player "
                "seed's 'until one of the players gets 7 or 8 points') wins the game (the project's reading; or, by "
                "option, the first whose net balance, received minus paid, reaches it).",
                "SHR (rules-notes D-17); REC"),
    "m3.action": ("An action is a card of the pack played, a marriage declared with its suit, or, when eldest fixes "
                  "trumps, trumps named with a suit or 'turn'; anything else (another game's action, a card where a "
                  "suit belongs, a missing or extra payload) is refused.", "cardlab notation"),
    "m3.dealer": ("The deal passes to the left after each hand (or, by option, the winner deals).",
                  "SHR ('in turn'); P66 two-player (winner deals)"),
}


# ---------------------------------------------------------------------------------------------
# Rules


@dataclass(frozen=True)
class Mariage3Rules(RuleSet):
    """A rule set for three-player Mariage: every disagreement between sources is one field.

    The defaults are the Russian game of [SHR] resolved by rules-notes §4.2. Make other
    rule sets with :meth:`with_options`; an unknown option or a value out of range raises
    :class:`~cardlab.errors.RulesError` naming the option.

    Attributes
    ----------
    name : str
        Display name of the rule set.
    trump_rule : "dealer_last" or "eldest_chooses"
        How trumps are fixed (D-16): the dealer's last card, shown to all [SHR]; or eldest
        names trumps after his first packet of 3 cards, else the first card of his second packet
        is dealt face up [P66].
    must_head : bool
        Following suit, beat the highest card of the suit led in the trick if you can (D-3:
        not in the seed; P66 yes).
    must_trump : bool
        Trump when you cannot follow [SHR, P66].
    must_overtrump : bool
        Trumping a trumped trick, beat the trump if you can (a reading of P66's "beat the highest
        card in the trick").
    marriages : bool
        Whether marriages exist at all (False: the literal two-player seed condition "while
        there are cards in the deck"; rules-notes §4.2 reads it as not meant).
    marriage_on_first_lead : bool
        May eldest declare a marriage on the very first lead (its points pending until he takes
        a trick)? As in :data:`cardlab.sixtysix.RUSSIAN_MARIAGE`.
    going_out : "automatic" or "play_out"
        The hand ends by itself as soon as a player has 66 [SHR]; or all eight tricks are
        always played and the cards decide [P66].
    cards_out_rule : "last_trick" or "most_points"
        Who wins a hand played to its last card without anyone going out: the last trick's
        winner (the seed's four-player rule, rules-notes §4.2) or the most points [P66];
        equal most points go to whichever of the tied players took a trick later [REC].
    cards_out_payment : "one" or "scale"
        What each opponent pays such a winner: 1 game point (the project's reading of the seed's
        "one point" for the last trick, see the module docstring) or the usual 1/2/3 [P66].
    next_dealer : "left" or "winner"
        The deal passes to the left [SHR "in turn"], or the hand's winner deals [P66, two
        players].
    game_count : "received" or "net"
        What the ledger counts towards ``target``: game points **received** (the project's
        reading of the seed's "until one of the players gets 7 or 8 points") or the **net**
        balance, received minus paid (what pagat's stakes come to).
    target : int
        Game points (received, or net) a player needs to win the game, 1 to 1000 (7; the seed's
        "7 or 8 by agreement", rules-notes D-17).
    """

    default_preset = 'russian'

    name: str = "Russian Mariage (three players)"
    trump_rule: Literal["dealer_last", "eldest_chooses"] = "dealer_last"
    must_head: bool = False
    must_trump: bool = True
    must_overtrump: bool = False
    marriages: bool = True
    marriage_on_first_lead: bool = True
    going_out: Literal["automatic", "play_out"] = "automatic"
    cards_out_rule: Literal["last_trick", "most_points"] = "last_trick"
    cards_out_payment: Literal["one", "scale"] = "one"
    next_dealer: Literal["left", "winner"] = "left"
    game_count: Literal["received", "net"] = "received"
    target: int = 7

    _CHOICES = {
        "trump_rule": ("dealer_last", "eldest_chooses"),
        "going_out": ("automatic", "play_out"),
        "cards_out_rule": ("last_trick", "most_points"),
        "cards_out_payment": ("one", "scale"),
        "next_dealer": ("left", "winner"),
        "game_count": ("received", "net"),
    }
    _FLAGS = ("must_head", "must_trump", "must_overtrump", "marriages", "marriage_on_first_lead")

    _INTS = (("target", 1, 1000),)

    def __post_init__(self):
        self._check_options()
        object.__setattr__(self, "_tricks", TrickRules(rank_order=RANKS_66, must_follow=True, must_head=self.must_head,
                                                       must_trump=self.must_trump,
                                                       must_overtrump=self.must_overtrump))

    @property
    def trick_rules(self) -> TrickRules:
        """The follower's duties in force for the whole hand (there is no stock phase)."""
        return self._tricks  # type: ignore[attr-defined]



#: Russian three-player Mariage ([SHR] with rules-notes §4.2): the default.
RUSSIAN_MARIAGE_3 = Mariage3Rules()

#: pagat's three-handed Sechsundsechzig ([P66] "Three Player Game"; rules-notes §5). pagat plays
#: for stakes and sets no target, so its ledger counts the net balance (``game_count="net"``).
PAGAT_66_3 = Mariage3Rules(
    name="Three-handed 66 (pagat)",
    trump_rule="eldest_chooses",
    must_head=True,
    must_overtrump=True,
    going_out="play_out",
    cards_out_rule="most_points",
    cards_out_payment="scale",
    game_count="net",
)

PRESETS: dict[str, Mariage3Rules] = {"russian": RUSSIAN_MARIAGE_3, "pagat": PAGAT_66_3}


# ---------------------------------------------------------------------------------------------
# Actions

TURN = Action("turn")
_MARRIAGE = {s: Action("marriage", None, s) for s in Suit}
_TRUMPS = {s: Action("trumps", None, s) for s in Suit}
_KING = {s: Card.of(s, Rank.KING) for s in Suit}
_QUEEN = {s: Card.of(s, Rank.QUEEN) for s in Suit}

# Lookup tables for the hot path (legal actions and card play in random playouts). Each states a
# fact of the pack once; the plain rule checks (tricks.legal_plays, _why_illegal) stay the source
# of the error messages, and tests/mariage3/test_mariage3_fast.py checks both agree at every step.
_PLAY_T = tuple(play(CARDS_BY_CODE[i]) if i in CARDS_BY_CODE else None for i in range(80))   # card -> its "play" action
_SUIT_T = tuple(CARDS_BY_CODE[i].suit if i in CARDS_BY_CODE else None for i in range(80))   # card -> Suit
_SUIT_CARDS = tuple(frozenset(c for c in PACK_24 if c.suit == s) for s in Suit)        # suit -> its 6 cards
_STR_T = TrickRules(rank_order=RANKS_66)._strength  # card -> strength in its suit (A 6 ... 9 1)
_PTS_T = tuple(_PTS.get(i, 0) for i in range(80))   # card -> card points
_KQ_T = tuple(frozenset((_KING[s], _QUEEN[s])) for s in Suit)    # suit -> {K, Q}
_QUEENS = frozenset(_QUEEN.values())
_KING_OF_QUEEN = {_QUEEN[s]: _KING[s] for s in Suit}
_MARRIAGE_OF_QUEEN = {_QUEEN[s]: _MARRIAGE[s] for s in Suit}
_TRUMPS_TURN = tuple(_TRUMPS[s] for s in Suit) + (TURN,)
_NEXT = (1, 2, 0)                                  # seat -> the seat at its left (next to act)
_new_trick = tuple.__new__                        # Trick(...) without the named tuple's Python __new__
_PAIR_T = tuple(tuple((seat, CARDS_BY_CODE[i]) if i in CARDS_BY_CODE else None for i in range(80))
                for seat in (0, 1, 2))              # seat -> card -> the (seat, card) pair of a Trick


def parse_action(text: str | Action) -> Action:
    """Parse an action's text: a card (``"A♠"``, ``"10h"``) plays it; ``"marriage ♥"`` (also
    ``"20 ♥"``, ``"40 ♠"``, ``"marriage KH"``) declares a marriage; ``"trumps ♥"`` names trumps
    and ``"turn"`` has the next card turned up (``trump_rule="eldest_chooses"``). An
    :class:`Action` is returned unchanged. Raises :class:`~cardlab.errors.NotationError`."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise NotationError(f"an action must be text such as 'A♠' or 'marriage ♥', not {type(text).__name__}")
    t = text.strip()
    words = t.lower().split()
    if words == ["turn"]:
        return TURN
    if words and words[0] in ("marriage", "20", "40", "marry", "trumps", "trump"):
        rest = t.split(None, 1)[1] if len(words) > 1 else ""
        if not rest.strip():
            raise NotationError(f"{text!r}: name the suit, e.g. '{words[0]} ♥'")
        suit = parse_suit(rest)
        return _TRUMPS[suit] if words[0].startswith("trump") else _MARRIAGE[suit]
    try:
        return play(parse_card(t))
    except NotationError as exc:
        raise NotationError(f"{text!r} is not a Mariage action: play a card ('A♠', '10h'), or say 'marriage ♥' "
                            f"(or 'trumps ♥' / 'turn' when eldest fixes trumps) ({exc})") from None






_SHAPES = {"play": "a card is played by itself, and it must be one of the 24 cards of the pack",
           "marriage": "a marriage names its suit and nothing else ('marriage ♥')",
           "trumps": "naming trumps names a suit and nothing else ('trumps ♥')",
           "turn": "'turn' carries nothing more"}


def _malformed(action: Action) -> str | None:
    """Why ``action`` is not a three-player Mariage action at all (its kind or payload), in
    words, or ``None`` if it has the shape of one [m3.action]."""
    kind, card, value = action.kind, action.card, action.value
    if kind == "play":
        ok = isinstance(card, Card) and value is None and card in _PACK_SET
    elif kind in ("marriage", "trumps"):
        ok = card is None and isinstance(value, Suit)
    elif kind == "turn":
        ok = card is None and value is None
    else:
        return (f"'{action_text(action)}' is not a three-player Mariage action: play a card, declare a marriage "
                f"('marriage ♥'), or, when eldest fixes trumps, 'trumps ♥' or 'turn'")
    if ok:
        return None
    return f"'{action_text(action)}' is not a well-formed action: {_SHAPES[kind]}"


# ---------------------------------------------------------------------------------------------
# Deal


def _positions(k: int) -> tuple[int, ...]:
    """Pack indices (0 = top) of the cards of the k-th player from the dealer's left (k = 0
    eldest, 1 the next, 2 the dealer) in the 3-2-3 deal, in the order dealt [rules-notes §4.2]."""
    return (3 * k, 3 * k + 1, 3 * k + 2, 9 + 2 * k, 10 + 2 * k, 15 + 3 * k, 16 + 3 * k, 17 + 3 * k)


_POSITIONS = tuple(_positions(k) for k in range(3))
_HAND_GETTERS = tuple(itemgetter(*p) for p in _POSITIONS)   # pack -> the k-th player's 8 cards
#: Pack index of the dealer's last card (the trump card under ``dealer_last``).
DEALER_LAST = 23
#: Pack index of the first card of eldest's second packet (turned under ``eldest_chooses``).
ELDEST_TURN = 9
_PACK_SET = frozenset(PACK_24)


def check_pack(pack: Sequence) -> tuple[Card, ...]:
    """Validate a pack from a record: the 24 cards A 10 K Q J 9 of each suit, each once.
    Raises :class:`DealError` naming the card at fault [rule m3.deal]."""
    return _cards.check_pack(pack, game="a Mariage", rule="m3.deal")


def _seat_of(dealer: int, k: int) -> int:
    return (dealer + 1 + k) % 3


def deal(rules: Mariage3Rules = RUSSIAN_MARIAGE_3, dealer: int = 0, seed: int | None = None,
         pack: Sequence[Card | str] | None = None, names: Sequence[str] = SEAT_NAMES) -> "Mariage3State":
    """Deal a hand and return its first state.

    Parameters
    ----------
    rules : Mariage3Rules
        The rule set (default :data:`RUSSIAN_MARIAGE_3`).
    dealer : int
        Seat 0, 1 or 2. Eldest, seat ``(dealer + 1) % 3``, leads (or first names trumps).
    seed : int, optional
        Shuffle with :func:`cardlab.pack24.shuffled_pack` (its default Fisher-Yates order, which
        this game's seeds have always used). Give ``seed`` or ``pack``, not both.
    pack : sequence of 24 cards (or card texts), optional
        The pack from the top, dealt clockwise from the dealer's left in packets of 3, 2, 3:
        the k-th player from the dealer's left (k = 0, 1, 2) gets pack indices 3k..3k+2,
        9+2k..10+2k and 15+3k..17+3k; so the dealer's last card is index 23 and the first
        card of eldest's second packet is index 9.
    names : three str
        Player names, used in explanations and records.

    Raises
    ------
    DealError
        If the pack is not the 24 distinct cards, seed and pack are both or neither given, the
        dealer is not a seat, or there are not three names.
    """
    if (seed is None) == (pack is None):
        raise DealError("give either a seed or a pack (the 24 cards from the top), not both or neither")
    if dealer not in SEATS or isinstance(dealer, bool):
        raise DealError(f"the dealer is seat 0, 1 or 2, not {dealer!r}")
    if not isinstance(rules, Mariage3Rules):
        raise RulesError(f"rules must be a Mariage3Rules, not {type(rules).__name__}")
    names = tuple(names)
    if len(names) != 3:
        raise DealError(f"three-player Mariage needs three names, not {len(names)}")
    cards = shuffled_pack(seed) if pack is None else check_pack(pack)
    return Mariage3State._initial(rules, dealer, cards, names)


def deal_from_hands(hands: Sequence[Sequence[Card | str] | str], rules: Mariage3Rules = RUSSIAN_MARIAGE_3,
                    dealer: int = 0, names: Sequence[str] = SEAT_NAMES) -> "Mariage3State":
    """Deal explicit hands: ``hands[seat]``, 8 cards each, *in the order dealt* (a sequence of
    cards or card texts, or one text such as ``"A♠ 10♠ K♥ Q♥ 9♣ J♦ 9♦ 10♥"``). Under
    ``dealer_last`` the dealer's 8th card is the trump card; under ``eldest_chooses`` eldest's
    4th card is the one turned if he does not name trumps. Builds the equivalent pack (so the
    hand can be saved as a record) and calls :func:`deal`. Raises :class:`DealError` as
    :func:`deal` does, or if the hands are not 3 × 8 distinct cards of the pack."""
    try:
        hs = [parse_cards(h) for h in hands]
    except NotationError as exc:
        raise DealError(str(exc)) from None
    if len(hs) != 3 or any(len(h) != 8 for h in hs):
        raise DealError("give three hands of 8 cards each")
    if dealer not in SEATS or isinstance(dealer, bool):
        raise DealError(f"the dealer is seat 0, 1 or 2, not {dealer!r}")
    pack: list = [None] * 24
    for k in range(3):
        for j, i in enumerate(_POSITIONS[k]):
            pack[i] = hs[_seat_of(dealer, k)][j]
    return deal(rules, dealer, pack=pack, names=names)


def places(rules: Mariage3Rules = RUSSIAN_MARIAGE_3, dealer: int = 0, players: int = 3) -> tuple:
    """Where a deal puts the cards [m3.deal]: 8 to each hand (:class:`cardlab.variants.Place`)."""
    from .variants import Place

    return tuple(Place(f"hand {i}", 8, "the cards dealt to this seat") for i in range(players))


#: The standing a game starts from (a record's ``start``): the score keeper's keyword, what its
#: numbers are, how many (0: one per seat) (:attr:`cardlab.variants.Variant.standing`).
STANDING: tuple[Standing, ...] = (Standing("totals", "game points per player"),
                            Standing("net", "net game points per player (received minus paid; they sum to 0)"))


def deal_from_places(places, rules: Mariage3Rules = RUSSIAN_MARIAGE_3, dealer: int = 0, names: Sequence[str] = SEAT_NAMES,
                     start=None) -> "Mariage3State":
    """The first state of the deal that puts the cards of ``places`` (place name -> cards in the
    order dealt, the names of :func:`places`) where they lie: ``deal_from_hands`` with the
    registry's one signature (:attr:`cardlab.variants.Variant.deal_from_places`)."""
    return deal_from_hands([places[f"hand {i}"] for i in range(len(names))], rules, dealer, names)


# ---------------------------------------------------------------------------------------------
# Results and views


def opponent_payment(points: int, took_trick: bool) -> int:
    """Game points (1, 2 or 3) one opponent pays the hand's winner on the usual scale [P66 and
    CS66 3-player; rules-notes §4.2, D-6]: 3 if he took no trick (a trick of nines is a trick),
    2 if he has fewer than 33 points, else 1.

    ``points`` (int) are his points: card points plus the marriages that count; ``took_trick`` (bool)
    says whether he took at least one trick. Raises nothing; the caller passes counted values."""
    if not took_trick:
        return 3
    return 2 if points < 33 else 1


@dataclass(frozen=True)
class Mariage3Result(HandResult):
    """How a hand ended and what each opponent pays (extends :class:`cardlab.state.HandResult`).

    Attributes
    ----------
    winner : int
        The seat that wins the hand.
    reason : str
        ``"66"`` (a player reached 66 points), ``"last_trick"`` (nobody did: the last
        trick's winner) or ``"most_points"`` (the cards were played out: the most points).
    payments : tuple of 3 int
        Game points each seat pays the winner (0 for the winner).
    game_points : int
        What the winner receives in all (the sum of ``payments``).
    points : tuple of 3 int
        Card points of each seat at the end (tricks plus marriages that count).
    tricks : tuple of 3 int
        Tricks taken by each seat.
    explanation : str
        The settlement in words, with the rule applied.
    returns : tuple of 3 int
        (property) Game points each seat receives (+, the winner: ``game_points``) or pays
        (−, ``payments``) in this hand; they sum to 0. Unit: :attr:`unit`.
    """

    unit: ClassVar[str] = "game points"

    winner: int
    reason: str
    payments: tuple[int, int, int]
    game_points: int
    points: tuple[int, int, int]
    tricks: tuple[int, int, int]
    explanation: str

    @property
    def returns(self) -> tuple[int, int, int]:
        w = self.winner
        return tuple(self.game_points if s == w else -p for s, p in enumerate(self.payments))  # type: ignore[return-value]


@dataclass(frozen=True, kw_only=True)
class Mariage3View(SeatView):
    """What one seat may know: its own hand and everything shown to the table (extends
    :class:`cardlab.state.SeatView`, whose fields it has: ``variant`` (``"mariage-3"``),
    ``seat``, ``hand``, ``unseen``, ``to_act``, ``legal_actions``, ``phase`` (``"trumps"``,
    ``"play"`` or ``"over"``), ``trick``, ``tricks``, ``points``, ``dealer``, ``rules``,
    ``result``). Built with keywords.

    Here ``trick`` is the current trick's cards, lead first (``trick[i]`` is seat
    ``(leader + i) % 3``'s; :meth:`trick_by_seat` pairs them); ``tricks`` the completed
    :class:`cardlab.tricks.Trick` objects, cards as (seat, Card) pairs in play order; ``points`` the
    points each seat has now (card points of its tricks, plus marriages once the seat has a trick); ``unseen``
    the cards this seat cannot see (others' cards not shown, and cards not yet dealt).

    Attributes (this variant's own)
    -------------------------------
    names : tuple of 3 str
    trump : Suit or None
        ``None`` only while trumps are not fixed yet.
    turnup : Card or None
        The card shown for trumps (the dealer's last card, or eldest's turned card); ``None``
        if eldest named trumps or they are not fixed yet.
    trump_named_by : int or None
        The seat that named trumps (``eldest_chooses``), if any.
    hand_sizes : tuple of 3 int
        Cards in each seat's hand.
    known : tuple of 3 tuples of Card
        Per seat, the cards of that hand shown to everyone and not played yet (the turn-up in
        its holder's hand, marriage cards); the entry for this seat lists its own shown cards.
    leader : int
        The seat leading the current trick.
    tricks_won : tuple of 3 int
    marriages : tuple of (seat, Suit, points)
        Marriages declared, in order; points are 20, or 40 in trumps.
    pending_marriage : Suit or None
        The marriage the leader has just declared (he must lead its K or Q).
    finished : bool
    """

    variant: str = field(default=VARIANT, kw_only=True)
    names: tuple[str, str, str]
    trump: Suit | None
    turnup: Card | None
    trump_named_by: int | None
    hand_sizes: tuple[int, int, int]
    known: tuple
    leader: int
    tricks_won: tuple[int, int, int]
    marriages: tuple
    pending_marriage: Suit | None
    finished: bool

    def trick_by_seat(self) -> tuple[tuple[int, Card], ...]:
        """The current trick with its seats: ``((seat, card), ...)`` in play order, lead first
        (empty between tricks)."""
        leader = self.leader
        return tuple(((leader + i) % 3, c) for i, c in enumerate(self.trick))


# ---------------------------------------------------------------------------------------------
# State


class Mariage3State(GameState):
    """One moment of a three-player Mariage hand. Immutable: :meth:`apply` returns the next state.

    Public attributes (read-only by convention; stable for analysis code)
    ---------------------------------------------------------------------
    rules : Mariage3Rules
    dealer : int
    names : tuple of 3 str
    pack : tuple of 24 Card
        The pack as dealt, top first.
    hands : tuple of 3 tuples of Card
        Every seat's cards, hidden or not, in the order received. While eldest fixes trumps
        (``phase == "trumps"``) only the first packet of 3 is dealt; the rest is in
        :attr:`undealt`.
    undealt : tuple of Card
        Cards still to be dealt (empty once trumps are fixed).
    trump : Suit or None
        The trump suit (``None`` only while eldest is choosing).
    turnup : Card or None
        The card shown for trumps (``None`` if eldest named trumps).
    turnup_holder : int or None
        The seat the turn-up belongs to (the dealer, or eldest).
    trump_named_by : int or None
        The seat that named trumps under ``eldest_chooses``.
    leader : int
        The seat leading the current trick.
    trick : tuple of Card
        The current trick's cards in play order, **lead first**; ``trick[i]`` is seat
        ``(leader + i) % 3``'s (see :meth:`trick_by_seat`).
    tricks : tuple of :class:`cardlab.tricks.Trick`
        Completed tricks in order: ``Trick(leader, cards, winner)``, ``cards`` the (seat, Card)
        pairs in play order (``Trick.played`` the cards alone, ``Trick.card_of(seat)`` one seat's).
    card_points : tuple of 3 int
        Card points in each seat's tricks (without marriages).
    marriage_points : tuple of 3 int
        Marriage points declared by each seat (they count once the seat has a trick).
    tricks_won : tuple of 3 int
    marriages : tuple of (seat, Suit, points)
        Marriages declared, in order.
    pending_marriage : Suit or None
        The marriage just declared; its K or Q must be led now.
    shown : tuple of 3 frozensets
        Cards of each hand shown to the table (turn-up, marriage cards), kept after they are
        played.
    phase : str (property)
        ``"trumps"``, ``"play"`` or ``"over"``.
    to_act : int or None (property)
    result : Mariage3Result or None
    trick_rules : TrickRules (property)
        The follower's duties in force (the same for the whole hand).
    """

    __slots__ = ("hands", "undealt", "trump", "turnup", "turnup_holder", "trump_named_by", "leader", "trick", "tricks",
                 "card_points", "marriage_points", "tricks_won", "marriages", "pending_marriage", "shown")

    variant = VARIANT

    @classmethod
    def _initial(cls, rules: Mariage3Rules, dealer: int, pack: tuple, names: tuple) -> "Mariage3State":
        s = cls._blank()
        s.rules = rules
        s.dealer = dealer
        s.names = names
        s.pack = pack
        eldest = (dealer + 1) % 3
        s.trump_named_by = None
        s.leader = eldest
        s._to_act = eldest
        s.trick = ()
        s.tricks = ()
        s.card_points = (0, 0, 0)
        s.marriage_points = (0, 0, 0)
        s.tricks_won = (0, 0, 0)
        s.marriages = ()
        s.pending_marriage = None
        hands: list = [(), (), ()]
        if rules.trump_rule == "dealer_last":
            for k in range(3):
                hands[_seat_of(dealer, k)] = _HAND_GETTERS[k](pack)
            s.hands = tuple(hands)
            s.undealt = ()
            s.turnup = pack[DEALER_LAST]
            s.turnup_holder = dealer
            s.trump = s.turnup.suit
            sh = [frozenset(), frozenset(), frozenset()]
            sh[dealer] = frozenset((s.turnup,))
            s.shown = tuple(sh)
        else:
            for k in range(3):
                hands[_seat_of(dealer, k)] = tuple(pack[i] for i in _POSITIONS[k][:3])
            s.hands = tuple(hands)
            s.undealt = tuple(pack[9:])
            s.turnup = None
            s.turnup_holder = None
            s.trump = None
            s.shown = (frozenset(), frozenset(), frozenset())
        return s

    # -- basic queries ----------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``"trumps"`` (eldest is fixing trumps), ``"play"`` or ``"over"``."""
        if self.result is not None:
            return "over"
        return "trumps" if self.trump is None else "play"

    @property
    def trick_rules(self) -> TrickRules:
        """The follower's duties in force (:attr:`Mariage3Rules.trick_rules`)."""
        return self.rules.trick_rules

    @property
    def eldest(self) -> int:
        """The seat at the dealer's left."""
        return (self.dealer + 1) % 3

    def trick_by_seat(self) -> tuple[tuple[int, Card], ...]:
        """The trick in progress with its seats: ``((seat, card), ...)`` in play order, lead
        first (empty between tricks)."""
        leader = self.leader
        return tuple(((leader + i) % 3, c) for i, c in enumerate(self.trick))

    def points(self, seat: int) -> int:
        """Points of ``seat`` now: the card points of its tricks, plus its marriages once it has taken a
        trick [rules-notes D-8]."""
        p = self.card_points[seat]
        if self.tricks_won[seat]:
            p += self.marriage_points[seat]
        return p

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in play (the last trick once the hand is over)."""
        return len(self.tricks) + (1 if self.trick or self.result is None else 0)

    def card_locations(self) -> dict[str, tuple[Card, ...]]:
        """Where every card of :attr:`pack` is: ``"hand 0"`` … ``"hand 2"``, ``"undealt"`` (the
        second and third packets while eldest fixes trumps), ``"trick"`` (the trick in play) and
        ``"tricks"`` (completed tricks, in play order). Each card is in exactly one place."""
        return {"hand 0": self.hands[0], "hand 1": self.hands[1], "hand 2": self.hands[2], "undealt": self.undealt,
                "trick": self.trick, "tricks": tuple(c for t in self.tricks for _, c in t.cards)}

    # -- legal actions --------------------------------------------------------------------
    def _legal_now(self) -> tuple[Action, ...]:
        """The legal actions of a running hand, computed afresh from the lookup tables
        (``legal_actions`` caches them).

        While eldest fixes trumps: ``trumps ♣`` … ``trumps ♠`` and ``turn``. A leader may
        declare a marriage he holds (then must lead its K or Q), or lead any card. A follower
        plays a card allowed by :attr:`trick_rules` (follow suit; else trump; heading and
        overtrumping by option). The same rules as :func:`cardlab.tricks.legal_plays` and :meth:`_why_illegal`,
        in the same order: marriages in suit order (♣ ♦ ♥ ♠), then cards in hand order."""
        hand = self.hands[self._to_act]
        if self.trump is None:
            return _TRUMPS_TURN
        if self.trick:
            cards = self._follow_cards(hand)
            return itemgetter(*cards)(_PLAY_T) if len(cards) > 1 else (_PLAY_T[cards[0]],)
        pm = self.pending_marriage
        if pm is not None:
            kq = _KQ_T[pm]
            return tuple([_PLAY_T[c] for c in hand if c in kq])
        cards = itemgetter(*hand)(_PLAY_T) if len(hand) > 1 else (_PLAY_T[hand[0]],)
        r = self.rules
        if r.marriages and (self.tricks or r.marriage_on_first_lead):
            queens = _QUEENS.intersection(hand)
            if queens:
                kings = _KING_OF_QUEEN
                pairs = [q for q in queens if kings[q] in hand]
                if pairs:
                    if len(pairs) > 1:
                        pairs.sort()  # the queens' card order is the suit order ♣ ♦ ♥ ♠
                    return tuple([_MARRIAGE_OF_QUEEN[q] for q in pairs]) + cards
        return cards

    def _follow_cards(self, hand: tuple) -> Sequence[Card]:
        """The cards of ``hand`` that may be played to the current (unfinished, non-empty) trick:
        :func:`cardlab.tricks.legal_plays` with the duties of :attr:`trick_rules`, written with
        the lookup tables (trumps are fixed whenever a trick is in play)."""
        trick = self.trick
        suit_of = _SUIT_T
        led = suit_of[trick[0]]
        r = self.rules
        if not _SUIT_CARDS[led].isdisjoint(hand):
            same = [c for c in hand if suit_of[c] is led]
            if r.must_head:
                trump = self.trump
                if led == trump or not any(suit_of[c] == trump for c in trick):  # not trumped
                    strength = _STR_T
                    top = max([strength[c] for c in trick if suit_of[c] is led])
                    higher = [c for c in same if strength[c] > top]
                    if higher:
                        return higher
            return same
        if r.must_trump:
            trump = self.trump
            if not _SUIT_CARDS[trump].isdisjoint(hand):
                trumps = [c for c in hand if suit_of[c] == trump]
                if r.must_overtrump:
                    strength = _STR_T
                    in_trick = [strength[c] for c in trick if suit_of[c] == trump]
                    if in_trick:
                        top = max(in_trick)
                        higher = [c for c in trumps if strength[c] > top]
                        if higher:
                            return higher
                return trumps
        return hand

    # -- applying actions: the hooks of GameState.apply ----------------------------------
    _TURN_RULE = "m3.turn"
    _parse = staticmethod(parse_action)
    _said = staticmethod(said_marriage_value)

    def _check_said(self, said: int, action: Action) -> None:
        """Refuse a marriage said with the wrong value (``"40 ♥"`` when hearts are not trumps)
        [m3.marriage.lead]."""
        check_said_value(said, action, self.trump, "m3.marriage.lead")

    def _not_your_turn(self, seat, action) -> IllegalActionError:
        """The refusal of ``action`` by ``seat`` out of turn [m3.turn]: once the hand is over no
        one may act; a seat must be 0, 1 or 2."""
        if self.result is not None:
            return IllegalActionError("m3.turn", "the hand is over; no more actions can be taken")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in SEATS:
            return IllegalActionError("m3.turn", f"there is no seat {seat!r}: seats are 0, 1 and 2")
        return IllegalActionError("m3.turn", f"it is {self.names[self._to_act]}'s turn, not {self.names[seat]}'s")

    def playout(self, choose) -> Mariage3Result:
        """Play the hand to its end and return the result, without keeping the states.

        ``choose(legal_actions)`` picks each action (e.g. ``random.Random(1).choice``); the
        same rules code as :meth:`apply` runs in place on a private copy, so this state is
        unchanged. Raises :class:`IllegalActionError` if ``choose`` returns an illegal action."""
        s = self._child(None)
        while s.result is None:
            legal = s._legal_now()
            action = choose(legal)
            if action not in legal:
                raise s._why_illegal(action)
            if action.kind == "play":
                # no type check here: an int equal to the card plays the same in this private
                # copy, whose result alone is kept (apply() refuses such twins)
                s._do_play(s._to_act, action.card)
            else:
                if _malformed(action) is not None:   # 2.0 for a suit would break the tables
                    raise s._why_illegal(action)
                s._do(s._to_act, action)
        return s.result

    def _do(self, seat: int, action: Action) -> None:
        """Take ``action`` (legal, not a card play: those go to :meth:`_do_play`) for ``seat``, in
        place on a fresh copy: declare a marriage, name trumps or turn the next card."""
        kind = action.kind
        if kind == "marriage":
            self._marry(seat, action.value)
        elif kind == "trumps":
            self._fix_trumps(seat, action.value, None)
        elif kind == "turn":
            card = self.undealt[0]
            self._fix_trumps(None, card.suit, card)

    def _fix_trumps(self, named_by: int | None, suit: Suit, turnup: Card | None) -> None:
        """Deal the second and third packets once eldest has named trumps or turned a card."""
        pack = self.pack
        dealer = self.dealer
        hands = list(self.hands)
        for k in range(3):
            seat = _seat_of(dealer, k)
            hands[seat] = hands[seat] + tuple(pack[i] for i in _POSITIONS[k][3:])
        self.hands = tuple(hands)
        self.undealt = ()
        self.trump = suit
        self.trump_named_by = named_by
        if turnup is not None:
            eldest = (dealer + 1) % 3
            self.turnup = turnup
            self.turnup_holder = eldest
            sh = list(self.shown)
            sh[eldest] = sh[eldest] | {turnup}
            self.shown = tuple(sh)

    def _marry(self, seat: int, suit: Suit) -> None:
        value = marriage_points(suit, self.trump)
        mp = list(self.marriage_points)
        mp[seat] += value
        self.marriage_points = tuple(mp)
        self.marriages = self.marriages + ((seat, suit, value),)
        self.pending_marriage = suit
        sh = list(self.shown)
        sh[seat] = sh[seat] | {_KING[suit], _QUEEN[suit]}
        self.shown = tuple(sh)
        if self.rules.going_out == "automatic" and self.tricks_won[seat] and self.points(seat) >= 66:
            self._finish_66(seat)

    def _do_play(self, seat: int, card: Card) -> None:
        """Play ``card`` (legal) for ``seat``, in place; the third card of a trick scores it
        (:func:`cardlab.tricks.trick_winner`'s rule, written with the lookup tables) and checks
        for the end of the hand."""
        hands = self.hands
        h = hands[seat]
        i = h.index(card)
        h = h[:i] + h[i + 1:]
        if seat == 0:
            self.hands = (h, hands[1], hands[2])
        elif seat == 1:
            self.hands = (hands[0], h, hands[2])
        else:
            self.hands = (hands[0], hands[1], h)
        self.pending_marriage = None
        trick = self.trick
        if len(trick) < 2:
            self.trick = trick + (card,)
            self._to_act = _NEXT[seat]
            return
        # the trick is complete: the highest trump, else the highest card of the suit led
        c0, c1 = trick
        suit_of = _SUIT_T
        strength = _STR_T
        trump = self.trump
        best, top, top_suit = 0, c0, suit_of[c0]
        s1 = suit_of[c1]
        if s1 is top_suit:
            if strength[c1] > strength[top]:
                best, top = 1, c1
        elif s1 == trump:
            best, top, top_suit = 1, c1, s1
        s2 = suit_of[card]
        if s2 is top_suit:
            if strength[card] > strength[top]:
                best = 2
        elif s2 == trump:
            best = 2
        leader = self.leader
        winner = (leader + best) % 3
        pts = _PTS_T[c0] + _PTS_T[c1] + _PTS_T[card]
        cp = self.card_points
        tw = self.tricks_won
        if winner == 0:
            self.card_points = cp = (cp[0] + pts, cp[1], cp[2])
            self.tricks_won = (tw[0] + 1, tw[1], tw[2])
        elif winner == 1:
            self.card_points = cp = (cp[0], cp[1] + pts, cp[2])
            self.tricks_won = (tw[0], tw[1] + 1, tw[2])
        else:
            self.card_points = cp = (cp[0], cp[1], cp[2] + pts)
            self.tricks_won = (tw[0], tw[1], tw[2] + 1)
        s1 = _NEXT[leader]
        self.tricks = self.tricks + (_new_trick(Trick, (leader, (_PAIR_T[leader][c0], _PAIR_T[s1][c1],
                                                                 _PAIR_T[_NEXT[s1]][card]), winner)),)
        self.trick = ()
        self.leader = winner
        self._to_act = winner
        # the winner has a trick now, so his marriages count (points())
        if self.rules.going_out == "automatic" and cp[winner] + self.marriage_points[winner] >= 66:
            self._finish_66(winner)
        elif not h:  # after a whole trick every hand has as many cards left
            self._cards_out(winner)

    # -- ending the hand ---------------------------------------------------------------------
    def _settle(self, winner: int, reason: str, scale: bool, head: str) -> None:
        names = self.names
        pay = [0, 0, 0]
        parts = []
        for o in ((winner + 1) % 3, (winner + 2) % 3):
            p, took = self.points(o), self.tricks_won[o] > 0
            if scale:
                pay[o] = opponent_payment(p, took)
                why = ("took no trick" if not took else
                       f"has {p} (under 33)" if p < 33 else f"has {p} (33 or more)")
            else:
                pay[o] = 1
                why = f"has {p}"
            parts.append(f"{names[o]} {why} and pays {pay[o]}")
        total = sum(pay)
        flat = "" if scale else " (when the last trick decides, each opponent pays 1 whatever he holds)"
        text = f"{head}: {'; '.join(parts)}; {names[winner]} receives {total} game points{flat}"
        self.result = Mariage3Result(winner, reason, tuple(pay), total, tuple(self.points(s) for s in SEATS),
                                 self.tricks_won, text)

    def _finish_66(self, seat: int) -> None:
        self._settle(seat, "66", True, f"{self.names[seat]} reaches {self.points(seat)} points")

    def _cards_out(self, last_winner: int) -> None:
        r = self.rules
        pts = tuple(self.points(s) for s in SEATS)
        listing = ", ".join(f"{self.names[s]} {pts[s]}" for s in SEATS)
        scale = r.cards_out_payment == "scale"
        if r.cards_out_rule == "last_trick":
            nobody = "nobody reached 66" if r.going_out == "automatic" else "all eight tricks played"
            head = f"{nobody} ({listing}): {self.names[last_winner]} took the last trick and wins the hand"
            self._settle(last_winner, "last_trick", scale, head)
            return
        best = max(pts)
        tied = [s for s in SEATS if pts[s] == best]
        if len(tied) == 1:
            w = tied[0]
            head = f"all eight tricks played ({listing}): {self.names[w]} has the most points"
        else:
            w = next(t.winner for t in reversed(self.tricks) if t.winner in tied)
            head = (f"all eight tricks played ({listing}): {' and '.join(self.names[s] for s in tied)} tie on {best}; "
                    f"{self.names[w]} took a trick later and wins")
        self._settle(w, "most_points", scale, head)

    # -- errors -------------------------------------------------------------------------
    def _why_illegal(self, action: Action) -> IllegalActionError:
        """The refusal of an action that is not in :meth:`legal_actions` (never raised here:
        the caller raises it). A malformed action (another variant's, or a wrong payload) is
        refused with ``m3.action`` before any rule looks at it."""
        names = self.names
        if self.result is not None:
            return IllegalActionError("m3.turn", "the hand is over; no more actions can be taken")
        malformed = _malformed(action)
        if malformed is not None:
            return IllegalActionError("m3.action", malformed)
        seat = self._to_act
        name = names[seat]
        kind = action.kind
        hand = self.hands[seat]
        if self.trump is None:
            if kind in ("trumps", "turn"):
                return IllegalActionError("m3.trumps-choice", f"{name} must name trumps or say 'turn'")
            return IllegalActionError("m3.trumps-choice", f"trumps are not fixed yet: {name} (eldest) must first "
                                                          f"name trumps ('trumps ♥') or say 'turn'")
        if kind in ("trumps", "turn"):
            how = ("the dealer's last card fixed them" if self.rules.trump_rule == "dealer_last"
                   else "eldest has already fixed them")
            return IllegalActionError("m3.trumps-choice", f"trumps are {self.trump.symbol}: {how}")
        leading = not self.trick
        if kind == "play":
            c = action.card
            if c not in hand:
                for other in SEATS:
                    if c in self.hands[other]:
                        return IllegalActionError("m3.turn", f"{c} is in {names[other]}'s hand, and it is {name}'s "
                                                             f"turn, not {names[other]}'s")
                played = any(c in t.played for t in self.tricks) or c in self.trick
                return IllegalActionError("m3.hold", f"{name} does not hold {c}"
                                          + (" (it has already been played)" if played else ""))
            if leading and self.pending_marriage is not None:
                pm = self.pending_marriage
                return IllegalActionError("m3.marriage.led", f"after declaring the {pm.symbol} marriage {name} must "
                                                             f"lead K{pm.symbol} or Q{pm.symbol}")
            duty = explain_duty(c, hand, self.trick, self.trump, self.rules.trick_rules)
            if duty is not None:
                key, reason = duty
                return IllegalActionError(f"m3.{key}", f"{c} is not allowed: {reason}")
            return IllegalActionError("m3.turn", f"{action} is not a legal action now")
        if kind == "marriage":
            suit = action.value
            if not self.rules.marriages:
                return IllegalActionError("m3.marriage.none", f"under {self.rules.name} there are no marriages")
            if not leading:
                return IllegalActionError("m3.marriage.lead", f"only the player about to lead may declare a marriage; "
                                                              f"{name} must play to the trick")
            if self.pending_marriage is not None:
                return IllegalActionError("m3.marriage.lead", "only one marriage may be declared per lead")
            if not self.tricks and not self.rules.marriage_on_first_lead:
                return IllegalActionError("m3.marriage.first-lead", "under these rules no marriage may be declared "
                                                                    "on the first lead of the hand")
            missing = [str(c) for c in (_KING[suit], _QUEEN[suit]) if c not in hand]
            return IllegalActionError("m3.marriage.pair", f"a marriage needs the king and queen of {suit.symbol}; "
                                                          f"{name} lacks {' and '.join(missing)}")
        return IllegalActionError("m3.turn", f"{action} is not a legal action now")

    # -- views and explanations ------------------------------------------------------------
    def view(self, seat: int) -> Mariage3View:
        """What ``seat`` may know now (see :class:`Mariage3View`): never another seat's unshown
        cards nor the undealt ones. Raises ``ValueError`` if ``seat`` is not 0, 1 or 2."""
        if seat not in SEATS or isinstance(seat, bool):
            raise ValueError(f"seat must be 0, 1 or 2, not {seat!r}")
        known = tuple(tuple(c for c in self.hands[s] if c in self.shown[s]) for s in SEATS)
        visible = set(self.hands[seat]) | set(self.trick)
        for s in SEATS:
            visible.update(known[s])
        for t in self.tricks:
            visible.update(c for _, c in t.cards)
        unseen = tuple(c for c in PACK_24 if c not in visible)
        return Mariage3View(
            seat=seat, hand=self.hands[seat], names=self.names, dealer=self.dealer, phase=self.phase,
            trump=self.trump, turnup=self.turnup, trump_named_by=self.trump_named_by,
            hand_sizes=tuple(len(h) for h in self.hands), known=known, trick=self.trick, leader=self.leader,
            tricks=self.tricks, points=tuple(self.points(s) for s in SEATS), tricks_won=self.tricks_won,
            marriages=self.marriages, pending_marriage=self.pending_marriage, unseen=unseen, to_act=self.to_act,
            legal_actions=self.legal_actions() if self.to_act == seat else (), finished=self.result is not None,
            result=self.result, rules=self.rules)

    def explain(self) -> str:
        """The last step in words (the deal, for the first state)."""
        return _explain(self)

    def _summary(self) -> str:
        """Where the hand stands, for ``repr``: ``"trick 3, trumps ♠, points 14–0–22"``."""
        trump = self.trump.symbol if self.trump is not None else "not fixed"
        pts = "–".join(str(self.points(s)) for s in SEATS)
        return f"trick {self.trick_number}, trumps {trump}, points {pts}"


def _duties(rules: Mariage3Rules) -> str:
    d = ["follow suit"]
    if rules.must_head:
        d.append("beat the highest card of the suit led if possible")
    if rules.must_trump:
        d.append("play a trump when out of the suit led" + (" (over-trumping if possible)" if rules.must_overtrump else ""))
    return ", ".join(d)


def _explain(s: Mariage3State) -> str:
    names = s.names
    p = s.parent
    r = s.rules
    if p is None:
        d = names[s.dealer]
        e = names[s.eldest]
        if r.trump_rule == "dealer_last":
            return (f"{d} deals 8 cards each (packets of 3, 2 and 3, from the left); there is no stock. "
                    f"{d}'s last card, {s.turnup}, is shown to everyone and stays in {d}'s hand: trumps are "
                    f"{s.trump.symbol}. {e} (eldest) leads first; everyone must {_duties(r)}.")
        return (f"{d} deals 3 cards each. {e} (eldest) looks at them and names trumps, or says 'turn' to have the "
                f"first card of the next packet dealt face up.")
    a = s.last_action
    seat = p._to_act
    who = names[seat]
    parts: list[str] = []
    if a.kind == "trumps":
        parts.append(f"{who} names {a.value.symbol} as trumps. {names[s.dealer]} deals the rest (2 and 3 cards "
                     f"each). {who} leads first; everyone must {_duties(r)}.")
    elif a.kind == "turn":
        parts.append(f"{who} does not name trumps: the first card of the next packet, {s.turnup}, is dealt to "
                     f"{who} face up, so trumps are {s.trump.symbol}. {names[s.dealer]} deals the rest. {who} leads "
                     f"first; everyone must {_duties(r)}.")
    elif a.kind == "marriage":
        suit = a.value
        value = marriage_points(suit, s.trump)
        kind = "in trumps" if suit == s.trump else "in a plain suit"
        if s.result is not None:
            parts.append(f"{who} declares the marriage K{suit.symbol} Q{suit.symbol}: {value} {kind}, which brings "
                         f"{who} to {s.points(seat)} points; the hand ends at once, no card needs to be led.")
        else:
            pend = "" if s.tricks_won[seat] else f" (it counts once {who} takes a trick)"
            parts.append(f"{who} declares the marriage K{suit.symbol} Q{suit.symbol}: {value} {kind}{pend}, and "
                         f"must lead one of them.")
    elif a.kind == "play":
        c = a.card
        if not p.trick:
            parts.append(f"{who} leads {c}.")
        else:
            lead = p.trick[0]
            led = lead.suit
            note = ""
            if c.suit != led:
                if c.suit == s.trump:
                    note = f" ({who} has no {led.symbol}, so trumps)"
                elif led == s.trump:
                    note = f" ({who} has no trump, so discards)"
                else:
                    note = f" ({who} has neither {led.symbol} nor a trump, so discards)"
            parts.append(f"{who} plays {c} to {names[p.leader]}'s {lead}{note}.")
            if len(p.trick) == 2:
                t = s.tricks[-1]
                win_card = t.card_of(t.winner)
                pts = t.card_points(_PTS_T)
                now = " · ".join(f"{names[x]} {s.points(x)}" for x in SEATS)
                parts.append(f"{names[t.winner]} wins the trick with {win_card} ({pts} card point"
                             f"{'s' if pts != 1 else ''}; points now {now}).")
                if t.winner in [m[0] for m in s.marriages] and p.tricks_won[t.winner] == 0:
                    mp = s.marriage_points[t.winner]
                    parts.append(f"It is {names[t.winner]}'s first trick, so the {mp} for the marriage now count.")
    if s.result is not None:
        parts.append("Hand over: " + s.result.explanation + ".")
    return " ".join(parts)


# ---------------------------------------------------------------------------------------------
# Front ends


def describe_action(action: Action, state: Mariage3State | None = None) -> "variants.ActionText":  # noqa: F821
    """How a front end shows ``action``: its group, button text and help, in the rule's words.

    A card play is the card (``"A♠"``), led or played to the trick; a marriage ``"Declare
    marriage ♥ (20)"`` (40 in trumps, when ``state`` with trumps fixed is given); while eldest
    fixes trumps, ``"Trumps ♥"`` and ``"Turn up the next card"``. Raises nothing; an action
    that is not of this variant is shown by its text in the group ``"other"``."""
    from .variants import ActionText

    kind, card, value = action.kind, action.card, action.value
    if _malformed(action) is not None:
        return ActionText("other", action_text(action), "")
    if kind == "play":
        leading = state is None or not getattr(state, "trick", ())
        return ActionText("card", str(card), (f"Lead {card}. [rule m3.lead]" if leading else
                                              f"Play {card} to the trick. [rule m3.follow]"))
    if kind == "marriage":
        trump = getattr(state, "trump", None)
        pts = "" if trump is None else f" ({marriage_points(value, trump)})"
        return ActionText("marriage", f"Declare marriage {value.symbol}{pts}",
                          f"Show K{value.symbol} and Q{value.symbol} and lead one of them. [rule m3.marriage.lead]")
    if kind == "trumps":
        return ActionText("trumps", f"Trumps {value.symbol}",
                          f"Name {value.symbol} as trumps; the rest of the cards are then dealt. "
                          f"[rule m3.trumps-choice]")
    return ActionText("trumps", "Turn up the next card",
                      "Do not name trumps: the first card of your next packet is dealt face up and its suit is "
                      "trumps. [rule m3.trumps-choice]")


# The score keeper lives in cardlab.mariage3_game (it imports this module): imported on first use
# as cardlab.mariage3.Mariage3Game.
__getattr__ = lazy_exports(__name__, {"Mariage3Game": "cardlab.mariage3_game"})
