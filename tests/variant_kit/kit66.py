"""Sixty-six without a stock, for two: the test-only variant's rules (registered for the tests only).

This is a test variant, not a game cardlab ships: it exists to prove that a new variant is its
own files plus one registration (see ``tests/variant_kit/__init__.py``), and every
registry-driven test picks it up. Its rules are **a reading** made for the tests: the play of
Sixty-six once the stock is gone (pagat.com, "Sixty-six" [P66]; the seed's two-player rules
[002]) applied to a whole hand dealt without a stock, as three-player Mariage deals
(:mod:`cardlab.mariage3`; docs/rules-notes.md §4.2). No source describes this exact game.

The game in short (the default preset ``"kit"``):

* two players, the 24-card pack (A 10 K Q J 9), **12 cards each**, dealt in packets of 3,
  eldest (the dealer's opponent) first; no stock;
* the **dealer's last card** is shown to both and fixes **trumps**; it stays in his hand;
* eldest leads to the first trick, the winner of each trick to the next; the follower must
  **follow suit**, **head** the trick (beat the card led when following), and **trump** when void;
* a **marriage** (K+Q of one suit in one hand: 40 in trumps, 20 otherwise,
  :func:`cardlab.pack24.marriage_points`) is declared by the player about to lead, who then
  leads its K or Q; its points count once its owner has taken a trick;
* the **last trick** is worth 10 points;
* the hand ends as soon as a player has **66 points**; he scores **1 game point** if the
  other has 33 or more, **2** if fewer but a trick, **3** if no trick; if nobody reaches 66,
  the last trick's winner scores 1;
* the first to **7 game points** wins the game (:class:`~variant_kit.kit66_game.Kit66Game`).

Units: card points are the cards' value (A 11, 10 10, K 4, Q 3, J 2, 9 0,
:data:`cardlab.pack24.CARD_POINTS`; 120 in the pack); card points taken plus the last trick's 10
and marriages (20/40) are points, and the 66 and 33 thresholds count points; what the winner
scores and the game target are game points.

Seats are 0 and 1; eldest is ``1 - dealer``. The state follows the shared template
(:meth:`cardlab.state.GameState.apply` with this module's hooks); :meth:`Kit66State.playout` is
its fast path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Sequence

from cardlab import cards as _cards
from cardlab.actions import Action, action_text, check_said_value, play, read_words, said_marriage_value
from cardlab.cards import PACK_24, Card, Rank, Suit, parse_card, parse_cards, parse_suit
from cardlab.errors import DealError, IllegalActionError, NotationError, RulesError
from cardlab.pack24 import CARD_POINTS, marriage_points, shuffled_pack
from cardlab.rulesets import RuleSet
from cardlab.state import GameState, HandResult, SeatView
from cardlab.variants import Standing
from cardlab.tricks import RANKS_66, Trick, TrickRules, explain_duty, legal_plays, trick_winner

__all__ = ["VARIANT", "SEAT_NAMES", "RULES", "PRESETS", "Kit66Rules", "Kit66State", "Kit66View", "Kit66Result",
           "CARD_POINTS", "EXERCISE_KINDS", "SCORE_REASONS", "STANDING", "deal", "deal_from_hands", "places",
           "deal_from_places", "check_pack", "parse_action", "describe_action", "game_points_for", "shuffled_pack"]

VARIANT = "kit-66"
SEATS = (0, 1)
#: Default player names (the default of :func:`deal`, :func:`deal_from_hands` and the score keeper).
SEAT_NAMES: tuple[str, str] = ("Ann", "Bob")

#: The classroom's exercise kinds this variant has, in lesson order (``Variant.exercise_kinds``).
EXERCISE_KINDS: tuple[str, ...] = ("legal", "trick", "points", "marriage", "score")

#: Each :attr:`Kit66Result.reason`, in words (the classroom's game-points question).
SCORE_REASONS: dict[str, str] = {
    "66": "the winner reached 66 points",
    "last_trick": "nobody reached 66: the last trick decides",
}

#: The standing a game starts from (a record's ``start``): the score keeper's keyword, what its
#: numbers are, how many (0: one per seat) (:attr:`cardlab.variants.Variant.standing`).
STANDING: tuple[Standing, ...] = (Standing("totals", "game points per player"),)

_READING = "the test variant's reading"
#: Rule ids, their text and source; every IllegalActionError of this module names one of them.
RULES: dict[str, tuple[str, str]] = {
    "kit.deal": ("Two players, 12 cards each from the 24-card pack, dealt in packets of 3, eldest (the dealer's "
                 "opponent) first; no stock.", f"{_READING}: mariage3's deal without a stock (rules-notes §4.2)"),
    "kit.trump-card": ("The dealer's last card is shown to both players and its suit is trumps; it stays in the "
                       "dealer's hand.", f"{_READING}, after three-player Mariage's trump card (m3.trump-card)"),
    "kit.turn": ("Only the player to act may act, in turn; when the hand is over nobody may.", "all sources"),
    "kit.hold": ("You can only play a card you hold.", "all sources"),
    "kit.lead": ("Eldest leads to the first trick; the winner of each trick leads to the next.", "P66, 002"),
    "kit.follow": ("You must follow suit: play a card of the suit led if you hold one.",
                   "P66 (once the stock is gone), 002"),
    "kit.head": ("Following suit, you must beat the card led if you can.", "P66 (once the stock is gone)"),
    "kit.trump": ("If you cannot follow suit you must play a trump if you hold one.", "P66 (once the stock is gone)"),
    "kit.marriage.lead": ("A marriage (K+Q of one suit in one hand; 40 in trumps, 20 otherwise) may be declared "
                          "only by the player about to lead; one per lead.", "P66, 002"),
    "kit.marriage.pair": ("To declare a marriage you must hold both the king and the queen of its suit.", "P66"),
    "kit.marriage.led": ("After declaring a marriage you must lead its king or queen.", "P66"),
    "kit.marriage.first-lead": ("A marriage may be declared on the first lead; its points count once its owner "
                                "has taken a trick (or, by option, not on the first lead).",
                                "rules-notes D-8; " + _READING),
    "kit.last-trick": ("The last trick is worth 10 points (or, by option, nothing).",
                       "P66 (the last trick when the stock ran out); " + _READING),
    "kit.win": ("The hand ends as soon as a player has 66 points (tricks, the last trick's 10, and marriages "
                "once he has a trick).", "P66, 002"),
    "kit.score": ("The hand's winner scores 1 game point if the other has 33 points or more, 2 if fewer but a "
                  "trick, 3 if no trick; if nobody reaches 66, the last trick's winner scores 1.",
                  "P66 (scale); " + _READING + " (the last trick)"),
    "kit.game": ("The first player to 7 game points wins the game.", "P66, 002"),
    "kit.dealer": ("The deal alternates.", "P66"),
    "kit.action": ("An action is a card of the pack played, or a marriage declared with its suit; anything else "
                   "is refused.", "cardlab notation"),
}


@dataclass(frozen=True)
class Kit66Rules(RuleSet):
    """A rule set of the test variant; each field is one option.

    Attributes
    ----------
    name : str
    must_head : bool
        Following suit, beat the card led if you can [kit.head].
    must_trump : bool
        Trump when you cannot follow [kit.trump].
    marriage_on_first_lead : bool
        May eldest declare a marriage on the first lead [kit.marriage.first-lead]?
    last_trick_bonus : bool
        Whether the last trick is worth 10 points [kit.last-trick].
    target : int
        Game points that win the game, 1 to 100 [kit.game].
    """

    default_preset = "kit"

    name: str = "Sixty-six without a stock (test variant)"
    must_head: bool = True
    must_trump: bool = True
    marriage_on_first_lead: bool = True
    last_trick_bonus: bool = True
    target: int = 7

    _FLAGS = ("must_head", "must_trump", "marriage_on_first_lead", "last_trick_bonus")
    _INTS = (("target", 1, 100),)

    def __post_init__(self):
        self._check_options()
        object.__setattr__(self, "_tricks", TrickRules(rank_order=RANKS_66, must_follow=True,
                                                       must_head=self.must_head, must_trump=self.must_trump))

    @property
    def trick_rules(self) -> TrickRules:
        """The follower's duties (the same for the whole hand)."""
        return self._tricks  # type: ignore[attr-defined]


#: The default: follow, head, trump; marriages on the first lead; the last trick worth 10.
KIT = Kit66Rules()
#: A looser reading: follow suit only, no marriage on the first lead, no last-trick bonus.
PLAIN = Kit66Rules(name="Sixty-six without a stock, plain (test variant)", must_head=False, must_trump=False,
                   marriage_on_first_lead=False, last_trick_bonus=False)
PRESETS: dict[str, Kit66Rules] = {"kit": KIT, "plain": PLAIN}

_MARRIAGE = {s: Action("marriage", None, s) for s in Suit}
_KING = {s: Card.of(s, Rank.KING) for s in Suit}
_QUEEN = {s: Card.of(s, Rank.QUEEN) for s in Suit}
_PTS = {c: CARD_POINTS[c.rank] for c in PACK_24}
_PACK_SET = frozenset(PACK_24)
_WORDS: dict[str, Action] = {}


def parse_action(text: str | Action) -> Action:
    """Read an action: a card (``"A♠"``, ``"10h"``) plays it; ``"marriage ♥"`` (or ``"20 ♥"``,
    ``"40 ♠"``) declares a marriage. An :class:`Action` is returned unchanged. Raises
    :class:`~cardlab.errors.NotationError` for other text."""
    t = read_words(text, _WORDS, "'A♠' or 'marriage ♥'")
    if isinstance(t, Action):
        return t
    words = t.lower().split()
    if words and words[0] in ("marriage", "20", "40"):
        if len(words) < 2:
            raise NotationError(f"{text!r}: name the suit, e.g. 'marriage ♥'")
        return _MARRIAGE[parse_suit(t.split(None, 1)[1])]
    try:
        return play(parse_card(t))
    except NotationError as exc:
        raise NotationError(f"{text!r} is not an action of this game: play a card ('A♠') or say 'marriage ♥' "
                            f"({exc})") from None


def _shape_error(action) -> str | None:
    """Why ``action`` is not an action of this game at all, in words, or ``None`` [kit.action]."""
    kind, card, value = action
    if kind == "play" and card.__class__ is Card and card in _PACK_SET and value is None:
        return None
    if kind == "marriage" and card is None and value.__class__ is Suit:
        return None
    return f"'{action_text(action)}' is not an action of this game: play a card of the pack or declare 'marriage ♥'"


# -- deal ------------------------------------------------------------------------------------------
def _positions(k: int) -> tuple[int, ...]:
    """Pack indices (0 = top) of the k-th player's cards (k = 0 eldest, 1 the dealer), as dealt."""
    return tuple(6 * p + 3 * k + i for p in range(4) for i in range(3))


_POSITIONS = (_positions(0), _positions(1))


def check_pack(pack: Sequence) -> tuple[Card, ...]:
    """Validate a pack from a record: the 24 cards, each once. Raises
    :class:`~cardlab.errors.DealError` naming the card at fault [kit.deal]."""
    return _cards.check_pack(pack, game="a Sixty-six", rule="kit.deal")


def deal(rules: Kit66Rules = KIT, dealer: int = 0, seed: int | None = None, pack: Sequence | None = None,
         names: Sequence[str] = SEAT_NAMES) -> "Kit66State":
    """Deal a hand and return its first state: give ``seed`` (shuffled with
    :func:`cardlab.pack24.shuffled_pack`) or ``pack`` (24 cards from the top; eldest gets indices
    0-2, 6-8, 12-14, 18-20, the dealer 3-5 ... 21-23; index 23 is the trump card). ``dealer`` is
    seat 0 or 1. Raises :class:`~cardlab.errors.DealError` for a bad pack, seed, dealer or names,
    :class:`~cardlab.errors.RulesError` for rules that are not :class:`Kit66Rules`."""
    if (seed is None) == (pack is None):
        raise DealError("give either a seed or a pack (the 24 cards from the top), not both or neither")
    if dealer not in SEATS or isinstance(dealer, bool):
        raise DealError(f"the dealer is seat 0 or 1, not {dealer!r}")
    if not isinstance(rules, Kit66Rules):
        raise RulesError(f"rules must be a Kit66Rules, not {type(rules).__name__}")
    names = tuple(names)
    if len(names) != 2:
        raise DealError(f"this game needs two names, not {len(names)}")
    cards = shuffled_pack(seed) if pack is None else check_pack(pack)
    return Kit66State._initial(rules, dealer, cards, names)


def deal_from_hands(hands: Sequence, rules: Kit66Rules = KIT, dealer: int = 0,
                    names: Sequence[str] = SEAT_NAMES) -> "Kit66State":
    """Deal explicit hands: ``hands[seat]``, 12 cards each in the order dealt (the dealer's 12th
    is the trump card). Raises :class:`~cardlab.errors.DealError` as :func:`deal` does, or if the
    hands are not 2 × 12 cards."""
    try:
        hs = [parse_cards(h) for h in hands]
    except NotationError as exc:
        raise DealError(str(exc)) from None
    if len(hs) != 2 or any(len(h) != 12 for h in hs):
        raise DealError("give two hands of 12 cards each")
    if dealer not in SEATS or isinstance(dealer, bool):
        raise DealError(f"the dealer is seat 0 or 1, not {dealer!r}")
    pack: list = [None] * 24
    for k, seat in enumerate((1 - dealer, dealer)):
        for j, i in enumerate(_POSITIONS[k]):
            pack[i] = hs[seat][j]
    return deal(rules, dealer, pack=pack, names=names)


def places(rules: Kit66Rules = KIT, dealer: int = 0, players: int = 2) -> tuple:
    """Where a deal puts the cards [kit.deal]: 12 to each hand (:class:`cardlab.variants.Place`)."""
    from cardlab.variants import Place

    return tuple(Place(f"hand {i}", 12, "the cards dealt to this seat, the dealer's trump card last")
                 for i in range(players))


def deal_from_places(places, rules: Kit66Rules = KIT, dealer: int = 0, names: Sequence[str] = SEAT_NAMES,
                     start=None) -> "Kit66State":
    """The first state of the deal putting ``places`` (place name -> cards in the order dealt)
    where they lie: :func:`deal_from_hands` with the registry's one signature."""
    return deal_from_hands([places[f"hand {i}"] for i in range(len(tuple(names)))], rules, dealer, names)


# -- result and view ---------------------------------------------------------------------------------
def game_points_for(loser_points: int, loser_took_trick: bool) -> int:
    """Game points (1, 2 or 3) the winner at 66 scores, by the loser's points [kit.score]."""
    if not loser_took_trick:
        return 3
    return 2 if loser_points < 33 else 1


@dataclass(frozen=True)
class Kit66Result(HandResult):
    """How a hand ended (extends :class:`cardlab.state.HandResult`).

    Attributes
    ----------
    winner : int
    reason : str
        ``"66"`` or ``"last_trick"`` (keys of :data:`SCORE_REASONS`).
    game_points : int
        What the winner scores (1 to 3).
    points : tuple of 2 int
        Card points of each seat at the end.
    tricks : tuple of 2 int
        Tricks each seat took.
    explanation : str
    returns : tuple of 2 int
        (property) game points each seat scores in this hand (the loser 0).
    """

    unit: ClassVar[str] = "game points"

    winner: int
    reason: str
    game_points: int
    points: tuple
    tricks: tuple
    explanation: str

    @property
    def returns(self) -> tuple:
        return tuple(self.game_points if s == self.winner else 0 for s in SEATS)


@dataclass(frozen=True, kw_only=True)
class Kit66View(SeatView):
    """What one seat may know (:class:`cardlab.state.SeatView` plus this game's fields).

    Attributes
    ----------
    names : tuple of 2 str
    trump : Suit
    turnup : Card
        The dealer's last card, shown to both.
    leader : int
        The seat leading the current trick.
    known : tuple of 2 tuples of Card
        Per seat, the cards of its hand shown to the table (the turn-up, marriage cards).
    hand_sizes : tuple of 2 int
    tricks_won : tuple of 2 int
    marriages : tuple of (seat, Suit, points)
    pending_marriage : Suit or None
    """

    names: tuple
    trump: Suit
    turnup: Card
    leader: int
    known: tuple
    hand_sizes: tuple
    tricks_won: tuple
    marriages: tuple
    pending_marriage: Suit | None
    variant: str = field(default=VARIANT, kw_only=True)


# -- state -------------------------------------------------------------------------------------------
class Kit66State(GameState):
    """One moment of a hand (immutable: :meth:`apply` returns the next state).

    Attributes: ``hands`` (two tuples of Card), ``trump``, ``turnup`` (the dealer's last card),
    ``leader``, ``trick`` (cards of the trick in play, lead first), ``tricks`` (completed
    :class:`~cardlab.tricks.Trick`), ``card_points`` (tricks only), ``marriage_points``,
    ``tricks_won``, ``marriages`` ((seat, Suit, points) in order), ``pending_marriage`` (the suit
    whose K or Q must be led now), ``shown`` (per seat, cards of its hand shown to the table).
    """

    __slots__ = ("hands", "trump", "turnup", "leader", "trick", "tricks", "card_points", "marriage_points",
                 "tricks_won", "marriages", "pending_marriage", "shown")

    variant = VARIANT
    _TURN_RULE = "kit.turn"
    _parse = staticmethod(parse_action)
    _said = staticmethod(said_marriage_value)

    @classmethod
    def _initial(cls, rules: Kit66Rules, dealer: int, pack: tuple, names: tuple) -> "Kit66State":
        s = cls._blank()
        s.rules, s.dealer, s.names, s.pack = rules, dealer, names, pack
        eldest = 1 - dealer
        hands = [(), ()]
        hands[eldest] = tuple(pack[i] for i in _POSITIONS[0])
        hands[dealer] = tuple(pack[i] for i in _POSITIONS[1])
        s.hands = tuple(hands)
        s.turnup = pack[23]
        s.trump = s.turnup.suit
        s.leader = s._to_act = eldest
        s.trick, s.tricks, s.marriages = (), (), ()
        s.card_points = s.marriage_points = s.tricks_won = (0, 0)
        s.pending_marriage = None
        shown = [frozenset(), frozenset()]
        shown[dealer] = frozenset((s.turnup,))
        s.shown = tuple(shown)
        return s

    # -- queries -----------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``"play"`` or ``"over"``."""
        return "over" if self.result is not None else "play"

    @property
    def trick_rules(self) -> TrickRules:
        return self.rules.trick_rules

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in play (the last one once the hand is over)."""
        return len(self.tricks) + (1 if self.trick or self.result is None else 0)

    def points(self, seat: int) -> int:
        """Points of ``seat`` now: the card points of its tricks (and the last trick's 10), plus its
        marriages once it has a trick [kit.marriage.first-lead]."""
        p = self.card_points[seat]
        return p + self.marriage_points[seat] if self.tricks_won[seat] else p

    def trick_by_seat(self) -> tuple:
        """The trick in progress as ``((seat, card), ...)`` in play order."""
        return tuple(((self.leader + i) % 2, c) for i, c in enumerate(self.trick))

    def card_locations(self) -> dict:
        """``"hand 0"``, ``"hand 1"``, ``"trick"``, ``"tricks"``: every card in one place."""
        return {"hand 0": self.hands[0], "hand 1": self.hands[1], "trick": self.trick,
                "tricks": tuple(c for t in self.tricks for _, c in t.cards)}

    # -- rules -------------------------------------------------------------------------------
    def _legal_now(self) -> tuple:
        hand = self.hands[self._to_act]
        if self.trick:
            return tuple(play(c) for c in legal_plays(hand, self.trick, self.trump, self.rules.trick_rules))
        pm = self.pending_marriage
        if pm is not None:
            return tuple(play(c) for c in hand if c in (_KING[pm], _QUEEN[pm]))
        marriages = ()
        if self.tricks or self.rules.marriage_on_first_lead:
            marriages = tuple(_MARRIAGE[s] for s in Suit if _KING[s] in hand and _QUEEN[s] in hand)
        return marriages + tuple(play(c) for c in hand)

    def _check_said(self, said: int, action: Action) -> None:
        check_said_value(said, action, self.trump, "kit.marriage.lead")

    def _do(self, seat: int, action: Action) -> None:
        """Declare a marriage (the only action besides a card), in place."""
        suit = action.value
        value = marriage_points(suit, self.trump)
        mp = list(self.marriage_points)
        mp[seat] += value
        self.marriage_points = tuple(mp)
        self.marriages = self.marriages + ((seat, suit, value),)
        self.pending_marriage = suit
        shown = list(self.shown)
        shown[seat] = shown[seat] | {_KING[suit], _QUEEN[suit]}
        self.shown = tuple(shown)
        if self.tricks_won[seat] and self.points(seat) >= 66:
            self._settle(seat, "66")

    def _do_play(self, seat: int, card: Card) -> None:
        """Play ``card`` for ``seat``, in place; the second card scores the trick."""
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        self.hands = tuple(hands)
        self.pending_marriage = None
        if not self.trick:
            self.trick = (card,)
            self._to_act = 1 - seat
            return
        cards = (self.trick[0], card)
        leader = self.leader
        winner = (leader + trick_winner(cards, self.trump, self.rules.trick_rules)) % 2
        last = not hands[0] and not hands[1]
        gain = _PTS[cards[0]] + _PTS[card] + (10 if last and self.rules.last_trick_bonus else 0)
        cp, tw = list(self.card_points), list(self.tricks_won)
        cp[winner] += gain
        tw[winner] += 1
        self.card_points, self.tricks_won = tuple(cp), tuple(tw)
        self.tricks = self.tricks + (Trick(leader, ((leader, cards[0]), (seat, card)), winner),)
        self.trick = ()
        self.leader = self._to_act = winner
        if self.points(winner) >= 66:
            self._settle(winner, "66")
        elif last:
            self._settle(winner, "last_trick")

    def _settle(self, winner: int, reason: str) -> None:
        loser = 1 - winner
        names = self.names
        lp, took = self.points(loser), self.tricks_won[loser] > 0
        if reason == "66":
            gp = game_points_for(lp, took)
            why = ("took no trick" if not took else f"has {lp} points" + (" (under 33)" if lp < 33 else ""))
            text = (f"{names[winner]} reaches {self.points(winner)} points; {names[loser]} {why}: "
                    f"{names[winner]} scores {gp} game point{'s' if gp != 1 else ''} [kit.score]")
        else:
            gp = 1
            text = (f"nobody reached 66 ({names[0]} {self.points(0)}, {names[1]} {self.points(1)}): "
                    f"{names[winner]} took the last trick and scores 1 game point [kit.score]")
        self.result = Kit66Result(winner=winner, reason=reason, game_points=gp,
                                  points=(self.points(0), self.points(1)), tricks=self.tricks_won, explanation=text)

    def playout(self, choose) -> Kit66Result:
        """Play the hand to its end with ``choose(legal_actions)`` picking each action, in place
        on a private copy (this state is unchanged), and return the result: the fast path, the
        same rules as :meth:`apply` without keeping the states. Raises
        :class:`~cardlab.errors.IllegalActionError` if ``choose`` returns an illegal action."""
        s = self._child(None)
        while s.result is None:
            legal = s._legal_now()
            action = choose(legal)
            if action not in legal or _shape_error(action) is not None:
                raise s._why_illegal(action)
            if action.kind == "play":
                s._do_play(s._to_act, action.card)
            else:
                s._do(s._to_act, action)
        return s.result

    def _why_illegal(self, action) -> IllegalActionError:
        """The refusal of an action not in :meth:`legal_actions`, naming the rule."""
        if self.result is not None:
            return IllegalActionError("kit.turn", "the hand is over; no more actions can be taken")
        shape = _shape_error(action)
        if shape is not None:
            return IllegalActionError("kit.action", shape)
        seat = self._to_act
        name, hand = self.names[seat], self.hands[seat]
        leading = not self.trick
        if action.kind == "play":
            c = action.card
            if c in self.hands[1 - seat]:
                return IllegalActionError("kit.turn", f"{c} is in {self.names[1 - seat]}'s hand, and it is "
                                                      f"{name}'s turn")
            if c not in hand:
                return IllegalActionError("kit.hold", f"{name} does not hold {c} (it has already been played)")
            if leading and self.pending_marriage is not None:
                pm = self.pending_marriage.symbol
                return IllegalActionError("kit.marriage.led", f"after declaring the {pm} marriage {name} must lead "
                                                              f"K{pm} or Q{pm}")
            duty = explain_duty(c, hand, self.trick, self.trump, self.rules.trick_rules)
            if duty is not None:
                return IllegalActionError(f"kit.{duty[0]}", f"{c} is not allowed: {duty[1]}")
            return IllegalActionError("kit.turn", f"{c} is not a legal action now")
        suit = action.value
        if not leading:
            return IllegalActionError("kit.marriage.lead", f"only the player about to lead may declare a marriage; "
                                                           f"{name} must play to the trick")
        if self.pending_marriage is not None:
            return IllegalActionError("kit.marriage.lead", "only one marriage may be declared per lead")
        if not self.tricks and not self.rules.marriage_on_first_lead:
            return IllegalActionError("kit.marriage.first-lead", "under these rules no marriage may be declared on "
                                                                 "the first lead")
        missing = " and ".join(str(c) for c in (_KING[suit], _QUEEN[suit]) if c not in hand)
        return IllegalActionError("kit.marriage.pair", f"a marriage needs the king and queen of {suit.symbol}; "
                                                       f"{name} lacks {missing}")

    # -- views and words -----------------------------------------------------------------------
    def view(self, seat: int) -> Kit66View:
        """What ``seat`` may know (never the other hand's unshown cards). Raises ``ValueError``
        for a seat other than 0 or 1."""
        if seat not in SEATS or isinstance(seat, bool):
            raise ValueError(f"seat must be 0 or 1, not {seat!r}")
        known = tuple(tuple(c for c in self.hands[s] if c in self.shown[s]) for s in SEATS)
        visible = set(self.hands[seat]) | set(self.trick) | set(known[0]) | set(known[1])
        for t in self.tricks:
            visible.update(t.played)
        return Kit66View(
            seat=seat, hand=self.hands[seat], unseen=tuple(sorted(c for c in PACK_24 if c not in visible)),
            to_act=self.to_act, legal_actions=self.legal_actions() if self.to_act == seat else (), phase=self.phase,
            trick=self.trick, tricks=self.tricks, points=tuple(self.points(s) for s in SEATS), dealer=self.dealer,
            rules=self.rules, result=self.result, names=self.names, trump=self.trump, turnup=self.turnup,
            leader=self.leader, known=known, hand_sizes=tuple(len(h) for h in self.hands),
            tricks_won=self.tricks_won, marriages=self.marriages, pending_marriage=self.pending_marriage)

    def explain(self) -> str:
        """The last step in words (the deal, for the first state)."""
        p, names = self.parent, self.names
        if p is None:
            return (f"{names[self.dealer]} deals 12 cards each; the last card, {self.turnup}, stays in "
                    f"{names[self.dealer]}'s hand and makes {self.trump.symbol} trumps. {names[self.leader]} leads.")
        a, who = self.last_action, names[p._to_act]
        if a.kind == "marriage":
            text = f"{who} declares the {a.value.symbol} marriage ({marriage_points(a.value, self.trump)})."
        elif not p.trick:
            text = f"{who} leads {a.card}."
        else:
            t = self.tricks[-1]
            text = (f"{who} plays {a.card}; {names[t.winner]} wins the trick "
                    f"(now {names[0]} {self.points(0)}, {names[1]} {self.points(1)}).")
        return text + (f" Hand over: {self.result.explanation}." if self.result is not None else "")

    def _summary(self) -> str:
        return f"trick {self.trick_number}, trumps {self.trump.symbol}, points {self.points(0)}–{self.points(1)}"


def describe_action(action: Action, state: Kit66State | None = None):
    """How a front end shows ``action`` (a :class:`cardlab.variants.ActionText`); raises nothing."""
    from cardlab.variants import ActionText

    if _shape_error(action) is not None:
        return ActionText("other", action_text(action), "")
    if action.kind == "play":
        leading = state is None or not getattr(state, "trick", ())
        return ActionText("card", str(action.card), f"Lead {action.card}. [rule kit.lead]" if leading
                          else f"Play {action.card} to the trick. [rule kit.follow]")
    s = action.value.symbol
    worth = "" if state is None else f" ({marriage_points(action.value, state.trump)})"
    return ActionText("marriage", f"Declare marriage {s}{worth}",
                      f"Show K{s} and Q{s} and lead one of them. [rule kit.marriage.lead]")
