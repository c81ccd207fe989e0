"""The play table: play whole hands of any variant against the computer, with controls that fit
each decision, hints, take-backs and a review of your decisions.

Every decision is offered by what the variant's legal actions are, never by the variant's name:

* a card you may play (or give, place, leave) is a click on that card's picture in your hand in
  the table's picture (:class:`~cardlab.widgets.card_view.CardView`, or Enter on it), or on its
  button under the picture (class ``cardlab-hand-card``: the keyboard's way, in the picture's
  order and colours); when one card allows several actions, they appear as buttons;
* bid cards (Ninety-Nine) are picked by clicking three cards, which shows the bid they make,
  then "Lay these bid cards" (class ``cardlab-lay``);
* a numbered decision with many values (501's bids and blind bids, the cut) is a number field
  starting at the lowest legal value, with the rule's step, and a button (``cardlab-number``);
  a typed number that is not a legal value is refused in words with the legal range and nothing
  is played (the field never changes what was typed);
* a choice of a suit (or no trump) with a number (501's contract) is a menu and a number field;
* everything else (naming trumps, marriages, closing, claims, the four-player contracts,
  passing) is a button in the rule's words, from the variant's ``describe_action``.

At most about 40 buttons are shown at once. A refused action is a message in words naming the
rule; no callback ever raises (an unexpected error is shown in the message area and kept in
:attr:`PlayTable.errors`). Hints and reviews read only the human's views
(:func:`cardlab.analysis.advice.advise`).
"""

from __future__ import annotations

import random
from html import escape
from math import gcd
from typing import Any, Sequence

import ipywidgets as w

from .. import render
from ..actions import Action
from ..cards import Card, Suit
from ..errors import CardlabError
from ..render.cards import PLAY_CSS
from .base import StaticFallback, button as _button, html_pane as _html
from .card_view import CardView, card_from_message, drawn_order

__all__ = ["PlayTable", "action_label", "decision_controls"]

#: The picture's layout (:data:`cardlab.render.LAYOUTS`): ``"table"``, the other seats side by side
#: and the middle beside the learner (with :data:`cardlab.render.cards.PLAY_CSS`), for every table
#: size: in a 560 px main column (JupyterLab at 1280 px with its file browser open) the tallest
#: learner's decision of four random hands of each variant is drawn 285–376 px tall and the end of
#: a hand 309–445 px, where ``"column"`` drew decisions 470 (two players) to 970 px (Ninety-Nine).
PICTURE_LAYOUT = "table"

#: Most buttons shown at once; beyond it a menu takes their place.
MAX_BUTTONS = 40
#: A numbered action kind with more values than this gets a number field instead of buttons.
MAX_NUMBER_BUTTONS = 8


def action_label(action: Action, state: Any = None) -> str:
    """The button text of ``action`` in ``state``'s variant (the registry's first game when
    ``state`` is ``None``), from the variant's ``describe_action``: the card for a play
    (``"A♠"``), else the action in the rule's words (``"Declare marriage ♥ (20)"``, ``"Close
    the stock"``)."""
    from .. import variants

    name = getattr(state, "variant", None) or variants.names(declared=True)[0]
    return variants.get(name).describe_action(action, state).label


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def decision_controls(legal: Sequence[Action], hand: Sequence[Card]) -> dict:
    """How the play table offers ``legal`` to a player holding ``hand``: a dict with

    * ``"cards"``: card -> the actions that name that card of the hand (a click on the card);
    * ``"bid_cards"``: the actions whose value is a tuple of cards of the hand (picked by clicks);
    * ``"numbers"``: kind -> {value: action} for kinds with more than :data:`MAX_NUMBER_BUTTONS`
      whole-number values (a number field);
    * ``"pairs"``: kind -> {(first, number): action} for actions whose value is (suit or text,
      number) with more than that many choices (a menu and a number field);
    * ``"buttons"``: every other action (one button each).

    Every legal action is in exactly one of them. Pure: no widgets, for tests and front ends."""
    in_hand = set(hand)
    cards: dict = {}
    bid_cards: list = []
    numbers: dict = {}
    pairs: dict = {}
    rest: list = []
    for a in legal:
        v = a.value
        if a.card is not None and a.card in in_hand:
            cards.setdefault(a.card, []).append(a)
        elif isinstance(v, tuple) and v and all(isinstance(c, Card) and c in in_hand for c in v):
            bid_cards.append(a)
        elif a.card is None and _is_int(v):
            numbers.setdefault(a.kind, {})[v] = a
        elif a.card is None and isinstance(v, tuple) and len(v) == 2 and _is_int(v[1]):
            pairs.setdefault(a.kind, {})[v] = a
        else:
            rest.append(a)
    for kind in list(numbers):
        if len(numbers[kind]) <= MAX_NUMBER_BUTTONS:
            rest.extend(numbers.pop(kind).values())
    for kind in list(pairs):
        if len(pairs[kind]) <= MAX_NUMBER_BUTTONS:
            rest.extend(pairs.pop(kind).values())
    order = {a: i for i, a in enumerate(legal)}
    rest.sort(key=order.__getitem__)
    return {"cards": cards, "bid_cards": bid_cards, "numbers": numbers, "pairs": pairs, "buttons": rest}


def _step(values) -> int:
    vs = sorted(values)
    g = 0
    for a, b in zip(vs, vs[1:]):
        g = gcd(g, b - a)
    return g or 1


def _cost_text(cost) -> str:
    if cost is None:
        return "—"
    return "0" if cost < 0.005 else f"{cost:.2f}"


def _fmt_number(x: float) -> str:
    """A threshold or value as written in a sentence: ``0.25``, ``5``."""
    return f"{x:.2f}".rstrip("0").rstrip(".") if abs(x - round(x)) > 1e-9 else str(int(round(x)))


#: A cost shown as 0 (below half a hundredth) never counts, whatever the unit's threshold.
SHOWN_ZERO = 0.005

#: The ordinal words of the seat menu ("Your seat: first").
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _seat_words(seat: int) -> str:
    return _ORDINALS[seat] if seat < len(_ORDINALS) else f"seat {seat + 1}"


def _dealer_words(dealer: int, human: int, names: Sequence[str], players: int, first: int | None = None) -> str:
    """The dealer menu's words for ``dealer``: ``"you"``, or the dealer's name and the human's
    part at that deal, counted round the table to the dealer's left as play passes (``"Computer 3
    (you are eldest hand)"``, ``"... (you sit opposite the dealer)"``, ``"... (you sit on the
    dealer's right)"``); ``first``, the seat whose decision opens a deal by ``dealer``, adds
    ``" and act first"`` when it is the human's (eldest hand leads or bids first, but in
    four-player Mariage the dealer's opponent who cuts acts before him)."""
    if dealer == human:
        return "you" + (" (you act first)" if first == human else "")
    k = (human - dealer) % players
    if k == 1:
        where = "you are eldest hand"
    elif 2 * k == players:
        where = "you sit opposite the dealer"
    elif k == players - 1:
        where = "you sit on the dealer's right"
    else:
        where = f"you sit {_seat_words(k - 1)} to the dealer's left"
    return f"{names[dealer]} ({where}{' and act first' if first == human else ''})"


def _opponent_words(v, kind: str) -> str:
    """The opponent menu's words for the computer player ``kind`` of the variant ``v``: the
    ``label`` its class (or factory) in the registry's ``player_kinds`` declares, if any (a
    variant's own player), else the words the players module declares for the kind
    (:func:`cardlab.players.kind_label`: "Rule-based (plays by simple rules)", "Search (about
    1 s a move)" ...), else the kind's own name as a word (``"deep_search"`` -> ``"Deep search"``)."""
    import importlib

    from ..players import kind_label

    label = None
    module, _, attr = v.player_kinds[kind].partition(":")
    try:
        label = getattr(getattr(importlib.import_module(module), attr), "label", None)
    except Exception:  # noqa: BLE001 - a player that cannot be imported is still named; choosing it says why
        label = None
    if not (isinstance(label, str) and label.strip()):
        label = kind_label(kind)
    if not isinstance(label, str) or not label.strip() or label == kind:
        label = kind.replace("-", " ").replace("_", " ").capitalize()
    return " ".join(label.split())


def _first_text(x) -> str:
    if isinstance(x, Suit):
        return x.symbol
    return "no trump" if x in (None, "NT", "nt") else str(x)


class PlayTable(StaticFallback, w.VBox):
    """Play hands of any registered variant against computer players, from one seat.

    Parameters
    ----------
    variant : str
        A registered variant name (default ``None``: the registry's first game,
        ``variants.names(declared=True)[0]``, Sixty-six); the setup bar can change it.
    rules : rule set or str, optional
        The rule set, or a preset's name; default: the variant's first preset.
    seed : int or None
        Seed of the first deal (``None``: a random seed, shown so it can be shared).
    human : int
        The human's seat.
    opponent : str, player, or a sequence of them
        ``"random"``, ``"heuristic"`` (rule-based) or ``"search"`` (sampling and exact search,
        with a time budget), or any object with ``choose(view) -> Action``; one for every
        computer seat or one per computer seat in seat order.
    dealer : int or None
        The dealer; by default the seat before the human's, so the human is eldest hand. The
        setup bar's Dealer menu changes it (each choice says the human's part: eldest hand, on
        the dealer's right, and whether the human acts first, as the four-player Mariage cutter).
    names : sequence of str or None
        Player names (the explanations speak of each in the third person); by default "Human"
        and "Computer", or "Computer 1", "Computer 2", ….
    hint_budget, review_budget : float
        Seconds the hint (default 1.5) and each reviewed decision (default 0.5) may take.
    setup : bool
        Show the setup bar (variant in the registry's declared order, rules, seat, dealer,
        opponent in words, seed; default True).

    Raises
    ------
    CardlabError
        For a seat, dealer, preset, opponent or variant the table cannot take (the message says
        which); nothing is built then.

    Attributes
    ----------
    state : the variant's state now; ``states`` is its history.
    seed : int
        Seed of the hand in play.
    errors : list of str
        Unexpected errors met by callbacks (always empty unless there is a bug).
    view, hand_box, controls, message, hint_html, review_html, log_html : widgets
        The table's picture, whose cards take clicks (a :class:`~cardlab.widgets.card_view.CardView`,
        class ``cardlab-view``), the hand's buttons (``cardlab-hand-cards``), the
        other controls (``cardlab-actions``), refusals and notes (``cardlab-message``), the hint
        (``cardlab-hint``), the review (``cardlab-review``), the log (``cardlab-log``).

    Laid out for one screen per move: the setup bar (``cardlab-setup``: the menus, none cut) on
    top; under it a main column (``cardlab-play-main``: the picture, drawn in the
    :data:`PICTURE_LAYOUT` layout, the hand's buttons, the controls, the message) and a side
    column (``cardlab-play-side``: the tools ``cardlab-tools`` with the seed field, the hint,
    the review and the log, each scrolling inside a fixed height),
    which wraps below the main one where the window is narrower than about 800 px. Sizes:
    :data:`cardlab.render.cards.PLAY_CSS`. At 1280×720 the picture, the hand, the controls and the
    tools fit JupyterLab's 599 px of notebook together in every variant, with the hint and the
    review beside them (tests/browser/test_browser_table_fit.py).
    """

    def __init__(self, variant: str | None = None, rules: Any = None, seed: int | None = 0, human: int = 0,
                 opponent: Any = "heuristic", dealer: int | None = None, names: Sequence[str] | None = None,
                 hint_budget: float = 1.5, review_budget: float = 0.5, setup: bool = True):
        self.errors: list = []
        self.hint_budget = hint_budget
        self.review_budget = review_budget
        self._selected: list = []          # bid cards picked so far
        self._pending_card = None          # a card whose several actions are on offer
        self._configure(variant, rules, human, opponent, dealer, names)

        self.status = _html("cardlab-status-line")
        self.view = CardView(on_message=lambda content: self._guard(lambda: self._card_message(content)))
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.hand_box.add_class("cardlab-hand-cards")
        self.controls = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.controls.add_class("cardlab-actions")
        self.message = _html("cardlab-message")
        self.hint_html = _html("cardlab-hint")
        self.review_html = _html("cardlab-review")
        self.log_html = _html("cardlab-log")
        self.hint_button = self._tool("Hint", "cardlab-hint-button", "The best choice from what you know, with its value",
                                      self.hint)
        self.take_back_button = self._tool("Take back", "cardlab-take-back", "Undo your last decision", self.take_back)
        self.new_deal_button = self._tool("New hand", "cardlab-new-deal", "Deal the next seed", self.new_deal)
        self.random_button = self._tool("Random hand", "cardlab-random-deal", "Deal a random seed (shown, to share)",
                                        lambda: self.deal(random.randrange(1_000_000)))
        self.review_button = self._tool("Review my decisions", "cardlab-review-button",
                                        "Each of your decisions against the best from what you knew", self.review)
        self.tools = tools = w.HBox([self.hint_button, self.take_back_button, self.review_button,
                                     self.new_deal_button, self.random_button], layout=w.Layout(flex_flow="row wrap"))
        tools.add_class("cardlab-tools")
        # one screen per move: the picture, the hand and the controls in the main column; the
        # tools, the hint, the review and the log beside it (each scrolling inside a fixed height,
        # render.cards.PLAY_CSS), the side column wrapping below where the window is too narrow
        main = w.VBox([self.status, self.view, self.hand_box, self.controls, self.message],
                      layout=w.Layout(flex="1 1 540px", min_width="0"))
        main.add_class("cardlab-play-main")
        side = w.VBox([tools, self.hint_html, self.review_html, self.log_html],
                      layout=w.Layout(flex="1 1 260px", min_width="0", max_width="440px"))
        side.add_class("cardlab-play-side")
        body = w.HBox([main, side], layout=w.Layout(flex_flow="row wrap", width="100%"))
        body.add_class("cardlab-play-body")
        style = _html("cardlab-play-style", f"<style>{PLAY_CSS}</style>")
        style.layout.display = "none"       # a style sheet only (its rules apply while hidden)
        children = [style, body]
        if setup:
            self.setup_bar = self._setup_bar()
            children.insert(1, self.setup_bar)
        else:
            self.setup_bar = None
        super().__init__(children=children)
        self.add_class("cardlab-play")
        self.deal(random.randrange(1_000_000) if seed is None else seed)

    # -- configuration ------------------------------------------------------------------------
    def _configure(self, variant, rules, human, opponent, dealer, names) -> None:
        from .. import variants

        try:
            v = variants.get(variant if variant is not None else variants.names(declared=True)[0])
        except KeyError as exc:
            raise CardlabError(str(exc.args[0])) from None
        n = v.players
        if isinstance(rules, str):
            if rules not in v.presets:
                raise CardlabError(f"unknown rules {rules!r} for {v.title}; presets: {', '.join(v.presets)}")
            rules = v.presets[rules]
        if not _is_int(human) or not 0 <= human < n:
            raise CardlabError(f"the human's seat must be a seat from 0 to {n - 1}, not {human!r}")
        if dealer is not None and (not _is_int(dealer) or not 0 <= dealer < n):
            raise CardlabError(f"dealer must be None or a seat from 0 to {n - 1}, not {dealer!r}")
        others = [s for s in range(n) if s != human]
        opponents = list(opponent) if isinstance(opponent, (list, tuple)) else [opponent] * len(others)
        if len(opponents) != len(others):
            raise CardlabError(f"give one opponent for each of the {len(others)} computer seats, not {len(opponents)}")
        for o in opponents:
            if isinstance(o, str):
                if o not in v.player_kinds:
                    raise CardlabError(f"unknown opponent {o!r}; choose one of {', '.join(v.player_kinds)}")
            elif not callable(getattr(o, "choose", None)):
                raise CardlabError("an opponent must be a player kind or an object with choose(view)")
        self._variant = v
        self.variant = v.name
        self.rules = v.default_rules if rules is None else rules
        self.human = human
        self.opponent = opponent
        self._opponents = dict(zip(others, opponents))
        self.dealer = (human - 1) % n if dealer is None else dealer
        if names is None:
            nm = [""] * n
            nm[human] = "Human"
            for k, s in enumerate(others, 1):
                nm[s] = "Computer" if n == 2 else f"Computer {k}"
            names = nm
        self.names = tuple(names)

    def _setup_bar(self):
        v = self._variant
        from .. import variants

        self._setting = True
        # the games in the registry's declared order, the lessons' order (variants.BUILTIN)
        self.variant_menu = w.Dropdown(options=[(variants.get(n).title, n) for n in variants.names(declared=True)],
                                       value=v.name, description="Game", layout=w.Layout(width="auto"))
        self.rules_menu = w.Dropdown(description="Rules", layout=w.Layout(width="auto"))
        self.seat_menu = w.Dropdown(description="Your seat", layout=w.Layout(width="auto"))
        self.dealer_menu = w.Dropdown(description="Dealer", layout=w.Layout(width="auto"))
        self.opponent_menu = w.Dropdown(description="Opponent", layout=w.Layout(width="auto"))
        self.seed_field = w.IntText(description="Seed", layout=w.Layout(width="130px"))
        self.deal_seed_button = _button("Deal this seed", "cardlab-deal-seed", "Deal the seed in the field")
        self.deal_seed_button.on_click(lambda _b: self._guard(lambda: self.deal(self.seed_field.value)))
        self._fill_setup()
        for menu in (self.variant_menu, self.rules_menu, self.seat_menu, self.dealer_menu, self.opponent_menu):
            menu.observe(lambda ch, m=menu: self._guard(lambda: self._on_setup(m)), names="value")
        for x, css in ((self.variant_menu, "cardlab-variant-menu"), (self.rules_menu, "cardlab-rules-menu"),
                       (self.seat_menu, "cardlab-seat-menu"), (self.dealer_menu, "cardlab-dealer-menu"),
                       (self.opponent_menu, "cardlab-opponent-menu"), (self.seed_field, "cardlab-seed-field")):
            x.style.description_width = "initial"
            x.add_class(css)
        self.dealer_menu.tooltip = ("Who deals: the seats' parts follow (eldest hand leads or speaks first; in "
                                    "some games a seat next to the dealer cuts)")
        # each menu as wide as its longest option, none cut: two rows in Voila at 1280 px, three
        # in JupyterLab's narrower notebook for some games (tests/browser/test_browser_setup_labels.py)
        bar = w.HBox([self.variant_menu, self.rules_menu, self.seat_menu, self.dealer_menu, self.opponent_menu],
                     layout=w.Layout(flex_flow="row wrap"))
        bar.add_class("cardlab-setup")
        # the seed beside "New hand" and "Random hand", the other ways to deal, leaving the bar's
        # room to the menus
        seed = w.HBox([self.seed_field, self.deal_seed_button], layout=w.Layout(flex_flow="row nowrap"))
        seed.add_class("cardlab-seed")
        self.tools.children = tuple(self.tools.children) + (seed,)
        self._setting = False
        return bar

    def _fill_setup(self) -> None:
        v = self._variant
        self._setting = True
        try:
            self.variant_menu.value = v.name
            presets = list(v.presets.items())
            self.rules_menu.options = [(r.name, k) for k, r in presets]
            current = next((k for k, r in presets if r == self.rules), None)
            if current is None:
                self.rules_menu.options = list(self.rules_menu.options) + [(self.rules.name, "(given)")]
                current = "(given)"
            self.rules_menu.value = current
            self.seat_menu.options = [(_seat_words(s), s) for s in range(v.players)]
            self.seat_menu.value = self.human
            self.dealer_menu.options = [(_dealer_words(d, self.human, self.names, v.players, self._opens(d)), d)
                                        for d in range(v.players)]
            self.dealer_menu.value = self.dealer
            kinds = list(v.player_kinds)
            first = next(iter(self._opponents.values()))
            self.opponent_menu.options = ([(_opponent_words(v, k), k) for k in kinds]
                                          + ([] if isinstance(first, str) else [("the player given", "(given)")]))
            self.opponent_menu.value = first if isinstance(first, str) else "(given)"
        finally:
            self._setting = False

    def _opens(self, dealer: int) -> int | None:
        """The seat whose decision opens a deal by ``dealer`` under the table's rules (the cut,
        the first bid or lead), for the dealer menu's words; ``None`` if no deal can be made."""
        try:
            return self._variant.deal(self.rules, dealer, seed=0, names=self.names).to_act
        except Exception:  # noqa: BLE001 - the menu still names the dealer
            return None

    def _on_setup(self, menu) -> None:
        if self._setting:
            return
        v = self._variant
        if menu is self.variant_menu:
            from .. import variants

            nv = variants.get(self.variant_menu.value)
            kind = self.opponent_menu.value if self.opponent_menu.value in nv.player_kinds else "heuristic"
            self._configure(nv.name, None, 0, kind, None, None)
        else:
            rules = self.rules if self.rules_menu.value == "(given)" else v.presets[self.rules_menu.value]
            opp = self.opponent if self.opponent_menu.value == "(given)" else self.opponent_menu.value
            seat, dealer, names = self.seat_menu.value, self.dealer, self.names   # the players keep their names
            if menu is self.dealer_menu:
                dealer = self.dealer_menu.value
            elif menu is self.seat_menu:   # another seat, the same part: as far from the dealer as before
                dealer, names = (seat - (self.human - self.dealer)) % v.players, None
            self._configure(v.name, rules, seat, opp, dealer, names)
        self._fill_setup()
        self.deal(self.seed)

    # -- public API ---------------------------------------------------------------------------
    @property
    def states(self) -> list:
        """Every state of the hand so far, from the deal."""
        return self.state.history()

    @property
    def action_buttons(self) -> tuple:
        """Every enabled button that takes an action now: hand cards, action buttons, the bid
        cards' and number fields' buttons (empty when it is not the human's turn)."""
        out = []
        for c in self.controls.children:
            for b in (c.children if isinstance(c, w.Box) else (c,)):
                if isinstance(b, w.Button) and not b.disabled:
                    out.append(b)
        out += [b for b in self.hand_box.children if isinstance(b, w.Button) and not b.disabled]
        return tuple(out)

    def offered(self) -> list:
        """Everything the table offers a person now, as (kind, widget): ``"button"`` for each
        enabled button (hand cards, actions, tools), ``"number"`` for each number field,
        ``"menu"`` for each menu. For tests that click at random."""
        out = []

        def walk(x):
            if isinstance(x, w.Button):
                if not x.disabled and x.layout.display != "none":
                    out.append(("button", x))
            elif isinstance(x, (w.IntText, w.BoundedIntText)):
                if not x.disabled:
                    out.append(("number", x))
            elif isinstance(x, w.Dropdown):
                if not x.disabled:
                    out.append(("menu", x))
            elif isinstance(x, w.Box):
                for y in x.children:
                    walk(y)
        walk(self)
        return out

    def deal(self, seed: int) -> None:
        """Start a new hand from ``seed`` (same variant, rules, seats), letting the computer act
        first if it is to act. Raises :class:`CardlabError` for a seed that is not a whole number."""
        if not _is_int(seed):
            raise CardlabError(f"a seed is a whole number, not {seed!r}")
        state = self._variant.deal(self.rules, self.dealer, seed=seed, names=self.names)
        self.seed = seed
        if getattr(self, "setup_bar", None) is not None:
            self.seed_field.value = seed
        self._players = {s: self._make_player(o, seed, s) for s, o in self._opponents.items()}
        self.start(state)

    def start(self, state: Any) -> None:
        """Play on from ``state`` (any position of a hand of the table's variant). Raises
        :class:`CardlabError` for a state of another variant."""
        if getattr(state, "variant", None) != self.variant:
            raise CardlabError(f"this table plays {self._variant.title}, not {type(state).__name__}")
        self.state = state
        self._selected = []
        self._pending_card = None
        self.hint_html.value = ""
        self.review_html.value = ""
        self._say("")
        self._play_on()

    def new_deal(self) -> None:
        """Deal the next hand, with seed ``seed + 1``."""
        self.deal(self.seed + 1)

    def act(self, action: Action | str) -> bool:
        """Take the human's ``action`` (an Action or its text), then let the computer reply.

        Returns ``True`` if it was taken. A mistake (not the human's turn, the hand is over, text
        that is no action, an action the rules forbid) returns ``False``, shows why in
        :attr:`message` (naming the rule) and leaves the state unchanged; nothing is raised."""
        s = self.state
        if s.is_finished:
            self._say("The hand is over: press “New hand” to play another.", error=True)
            return False
        if s.to_act != self.human:
            self._say(f"It is not your turn: {self.names[s.to_act]} is to act.", error=True)
            return False
        try:
            nxt = s.apply(action)
        except CardlabError as exc:
            self._say(str(exc), error=True)
            return False
        except Exception as exc:  # noqa: BLE001 - never a traceback for a person's input
            self._say(f"That is not an action of this game: {action!r}.", error=True)
            self.errors.append(f"apply({action!r}): {type(exc).__name__}: {exc}")
            return False
        self.state = nxt
        self._selected = []
        self._pending_card = None
        self.hint_html.value = ""
        self._say("")
        self._play_on()
        return True

    def take_back(self) -> bool:
        """Undo the human's last decision (and the computer's replies to it). Returns ``False``
        (with a message) when there is nothing to take back."""
        hist = self.state.history()
        mine = [i for i, s in enumerate(hist[:-1]) if s.to_act == self.human]
        if not mine:
            self._say("There is no decision of yours to take back yet.", error=True)
            return False
        self.state = hist[mine[-1]]
        self._selected = []
        self._pending_card = None
        self.hint_html.value = ""
        self.review_html.value = ""
        self._say(f"Taken back: your choice {action_label(hist[mine[-1] + 1].last_action, hist[mine[-1]])}.")
        self._refresh()
        return True

    def views(self, upto: Any = None) -> list:
        """The human's views of this hand up to ``upto`` (a state of it; default now)."""
        hist = (upto or self.state).history()
        return [s.view(self.human) for s in hist]

    def hint(self):
        """Advise the human on the decision now, from the human's views only; shows it in
        :attr:`hint_html` and returns the :class:`~cardlab.analysis.advice.Advice` (``None`` if it
        is not the human's turn)."""
        from ..analysis.advice import advise

        s = self.state
        if s.to_act != self.human:
            self._say("A hint is for your own decisions: it is not your turn.", error=True)
            return None
        self._status("Thinking about a hint…")
        try:   # the status line is cleared (the redraw counted) once the hint is written
            adv = advise(self.views(), seed=self.seed * 1000 + len(self.states), budget=self.hint_budget,
                         words=lambda a: action_label(a, s))
            self._show_hint(adv, s)
        finally:
            self._status("")
        return adv

    def _show_hint(self, adv, s) -> None:
        """Write the advice ``adv`` on the decision in state ``s`` into :attr:`hint_html`."""
        rows = []
        notes = adv.notes or (None,) * len(adv.actions)
        # the analysis's ranking where it ranks by more than the mean (501: contracts made), else the
        # best first, then by value
        place = {k: i for i, k in enumerate(adv.order or ())}
        for _k, a, v, note in sorted(zip(range(len(adv.actions)), adv.actions, adv.values, notes),
                                     key=lambda p: (place.get(p[0], len(place)), p[1] != adv.best,
                                                    -(p[2] if p[2] is not None else -1e9))):
            label = escape(action_label(a, s))
            val = "—" if v is None else f"{v:.2f}"
            star = " ★" if a == adv.best else ""
            extra = f"<td>{escape(note or '—')}</td>" if adv.notes else ""
            rows.append(f"<tr><td>{label}{star}</td><td>{val}</td>{extra}</tr>")
        table = ""
        if adv.valued:
            extra = f"<th>{escape(adv.notes_heading or '')}</th>" if adv.notes else ""
            table = (f'<table class="cardlab-score-sheet"><thead><tr><th>choice</th><th>{escape(adv.unit)} '
                     f'(mean of {adv.samples} deals)</th>{extra}</tr></thead><tbody>{"".join(rows[:12])}</tbody></table>')
        # a decision the analysis does not value gets no "best": the reason says whose choice it is
        head = f"Hint: {action_label(adv.best, s)}." if adv.valued or len(adv.actions) == 1 else "Hint:"
        self.hint_html.value = (f'<div class="cardlab-hint-text"><b>{escape(head)}</b> '
                                f'{escape(adv.reason)}</div>{table}')

    def review(self) -> list:
        """The review of the human's decisions this hand, in words.

        For each decision with a choice: the choice made and, where the analysis valued the
        decision (:attr:`Advice.valued <cardlab.analysis.advice.Advice.valued>`: sampled deals
        solved or played out, values found: the card play, and the decisions before it that the
        variant's adapter values, ``valued_decisions``), the best choice by the analysis from what
        the human knew then and the cost of the choice made, its mean value below the best's in
        the variant's unit (none for a choice the valuation did not try). A decision the analysis
        does not value (a bid, a contract's level ...) is not called best or costly: its row says
        so and names the rule-based player's choice as such. The headline counts the valued decisions whose cost is at or over the
        unit's threshold (the adapter's ``cost_threshold``: 0.25 game points, 5 points ...) and
        states it; smaller costs are shown but not counted.

        Shown in :attr:`review_html`. Returns the rows as dicts: ``decision`` (1, 2, ...),
        ``you chose`` (words), ``valued`` (bool), ``best by the analysis`` (words, or ``None``
        when not valued), ``rule-based choice`` (words, or ``None`` when valued), ``cost``
        (float or ``None``), ``counted`` (the cost is at or over the threshold), ``threshold``,
        ``unit``, ``samples``, and where the analysis ranks a decision by more than its mean
        (501's trumps: the deals in which the contract is made first) and another choice was
        made, ``ranked by`` ("contract made in 18 of 24 against 20 of 24"), shown beside the cost
        in points. Raises nothing a person could cause."""
        from ..analysis import adapters
        from ..analysis.advice import advise

        hist = self.state.history()
        ad = adapters.get(self.variant)
        threshold = ad.cost_threshold
        rows = []
        self._status("Reviewing your decisions…")
        try:
            for i, s in enumerate(hist[:-1]):
                if s.to_act != self.human or len(s.legal_actions()) < 2:
                    continue
                chosen = hist[i + 1].last_action
                adv = advise([x.view(self.human) for x in hist[:i + 1]], seed=self.seed * 1000 + i,
                             budget=self.review_budget, max_samples=64, words=lambda a, s=s: action_label(a, s))
                rows.append(self._review_row(len(rows) + 1, s, chosen, adv, threshold))
            self.review_html.value = self._review_html(rows, ad.value_unit, threshold, ad.valued_decisions)
        finally:
            self._status("")   # after the review is written: the redraw counted means it is there
        return rows

    @staticmethod
    def _review_row(number: int, s, chosen, adv, threshold) -> dict:
        """One row of :meth:`review`: the decision in state ``s``, the choice made, the advice."""
        row = {"decision": number, "you chose": action_label(chosen, s), "valued": adv.valued,
               "best by the analysis": None, "rule-based choice": None, "cost": None, "counted": False,
               "threshold": threshold, "unit": adv.unit, "samples": adv.samples}
        if not adv.valued:
            row["rule-based choice"] = action_label(adv.best, s)
            return row
        known = [v for v in adv.values if v is not None]
        same = len(known) == len(adv.values) and max(known) - min(known) < 1e-9 and \
            len({n for n, v in zip(adv.notes or (), adv.values) if v is not None}) < 2
        row["best by the analysis"] = "every choice is worth the same" if same else action_label(adv.best, s)
        mine, best = adv.value_of(chosen), adv.value_of(adv.best)
        if mine is not None and best is not None:
            cost = max(0.0, best - mine)
            row["cost"] = cost
            row["counted"] = cost >= SHOWN_ZERO and (threshold is None or cost >= threshold - 1e-9)
            if adv.notes and chosen != adv.best and not same:   # ranked by more than the mean (501)
                k, b = adv.actions.index(chosen), adv.actions.index(adv.best)
                row["ranked by"] = f"{adv.notes_heading} {adv.notes[k]} against {adv.notes[b]}"
        return row

    @staticmethod
    def _review_html(rows: list, unit: str, threshold, valued_what: str = "the card play") -> str:
        """The review's HTML: a headline and a table of ``rows`` (see :meth:`review`);
        ``valued_what``: what the analysis values in this game, in words (the adapter's
        ``valued_decisions``)."""
        if not rows:
            return '<div class="cardlab-review-text">No decision of yours had a choice in this hand.</div>'
        valued = [r for r in rows if r["valued"]]
        counted = [r for r in valued if r["counted"]]
        if threshold is None:
            bar = f"more than 0 {unit}"
        elif "(" in unit:          # a unit that explains itself ("bid made (1) or not (0)")
            bar = f"{_fmt_number(threshold)} or more in {unit}"
        else:
            bar = f"{_fmt_number(threshold)} {unit} or more"
        if valued:
            head = (f"{len(counted)} of your {len(valued)} valued decision{'s' if len(valued) != 1 else ''} "
                    f"cost {bar} on average by the analysis")
            head += "; costs below that are shown but not counted." if threshold is not None else "."
        else:
            head = "The analysis valued none of your decisions in this hand."
        rest = len(rows) - len(valued)
        if rest:
            head += (f" {rest} decision{'s were' if rest != 1 else ' was'} not valued by the analysis (it values "
                     f"{valued_what}); the rule-based player's choice is shown there, not counted.")
        body = []
        for r in rows:
            if r["valued"]:
                best = escape(r["best by the analysis"])
                cost = (_cost_text(r["cost"]) + (" (counted)" if r["counted"] else "")
                        + (f"; {escape(r['ranked by'])}" if r.get("ranked by") else "") if r["cost"] is not None
                        else "— (your choice was not among those it tried)")
            else:
                best = ("<i>not valued by the analysis; the rule-based player would choose "
                        f"{escape(r['rule-based choice'])}</i>")
                cost = "—"
            body.append(f"<tr><td>{r['decision']}</td><td>{escape(r['you chose'])}</td><td>{best}</td>"
                        f"<td>{cost}</td></tr>")
        return (f'<div class="cardlab-review-text"><b>Review.</b> {escape(head)}</div>'
                f'<table class="cardlab-score-sheet"><thead><tr><th>#</th><th>you chose</th>'
                f'<th>best from what you knew</th><th>cost ({escape(unit)})</th></tr></thead>'
                f'<tbody>{"".join(body)}</tbody></table>')

    def __repr__(self) -> str:
        s = self.state
        status = "hand over" if s.is_finished else f"{self.names[s.to_act]} to act"
        return f"PlayTable({self.variant}, seed {self.seed}, step {len(self.states)}, {status})"

    # -- internals --------------------------------------------------------------------------
    def _tool(self, label, css, tip, fn):
        b = _button(label, css, tip)
        b.on_click(lambda _b: self._guard(fn))
        return b

    def _guard(self, fn) -> None:
        """Run a callback so that it never raises: an unexpected error is shown in words and
        kept in :attr:`errors`."""
        try:
            fn()
        except CardlabError as exc:
            self._say(str(exc), error=True)
        except Exception as exc:  # noqa: BLE001 - a widget callback must not raise
            self.errors.append(f"{type(exc).__name__}: {exc}")
            self._say(f"Something went wrong ({type(exc).__name__}); the table is as it was.", error=True)
            try:
                self._refresh()
            except Exception as exc2:  # noqa: BLE001
                self.errors.append(f"refresh: {type(exc2).__name__}: {exc2}")

    def _make_player(self, opponent: Any, seed: int, seat: int):
        if isinstance(opponent, str):
            pseed = seed if self._variant.players == 2 else seed * 10 + seat
            return self._variant.make_player(opponent, pseed)
        return opponent

    def _play_on(self) -> None:
        if self.state.to_act is not None and self.state.to_act != self.human:
            self._status("The computer is thinking…")
        try:
            self._computer_turns()
        finally:
            # _refresh ends by clearing the status line, which counts the redraw: clearing it
            # before the new buttons are drawn would tell a watcher the table was ready too soon
            try:
                self._refresh()
            except Exception:
                self._status("")
                raise

    def _computer_turns(self) -> None:
        s = self.state
        while s.to_act is not None and s.to_act != self.human:
            seat = s.to_act
            try:
                choice = self._players[seat].choose(s.view(seat))
            except Exception as exc:  # noqa: BLE001 - a player's bug must not break the table
                self.state = s
                self.errors.append(f"computer player: {type(exc).__name__}: {exc}")
                self._say(f"The computer player failed: {type(exc).__name__}: {exc}", error=True)
                return
            try:
                s = s.apply(choice)
            except CardlabError as exc:
                self.state = s
                self.errors.append(f"computer player chose {choice}: {exc}")
                try:
                    said = action_label(choice, s)
                except Exception:  # noqa: BLE001 - an action of no kind the variant knows
                    said = str(choice)
                self._say(f"The computer player chose {said}, which is not allowed: {exc}", error=True)
                return
        self.state = s

    def _say(self, text: str, error: bool = False) -> None:
        if not text:
            self.message.value = ""
            return
        cls = "cardlab-message-text cardlab-error" if error else "cardlab-message-text"
        self.message.value = f'<div class="{cls}">{escape(text, quote=False)}</div>'

    def _status(self, text: str) -> None:
        """The line above the table: a sign of work while the computer thinks, and a marker
        ``data-refresh`` counting the table's redraws (browser tests wait on it)."""
        self._redraws = getattr(self, "_redraws", 0) + (0 if text else 1)
        body = f'<div class="cardlab-message-text cardlab-working">{escape(text)}</div>' if text else ""
        busy = "1" if text else "0"
        self.status.value = f'<div class="cardlab-status" data-refresh="{self._redraws}" data-busy="{busy}">{body}</div>'


    def _act_cb(self, action) -> None:
        self._guard(lambda: self.act(action))

    def _refresh(self) -> None:
        s = self.state
        old = list(self.hand_box.children) + list(self.controls.children)
        mine = s.to_act == self.human
        legal = s.legal_actions() if mine else ()
        hand = tuple(s.view(self.human).hand)
        ctl = decision_controls(legal, hand)
        picking = bool(ctl["bid_cards"])
        pickable = {c for a in ctl["bid_cards"] for c in a.value}
        # the picture: the cards a click takes now are marked (data-playable), picked bid cards too
        self.view.value = render.state_html(s, self.human, clickable=set(ctl["cards"]) | pickable,
                                            picked=self._selected, layout=PICTURE_LAYOUT)
        # the hand's buttons (the keyboard's way, and a card's name in words): in the picture's
        # order, coloured as drawn, enabled when the card may be played / given / picked
        trump = getattr(s, "trump", None)
        cards = []
        for c in drawn_order(self.view.value, render.sort_hand(hand, trump if isinstance(trump, Suit) else None),
                             self.human):
            b = _button(str(c), "cardlab-hand-card", render.card_name(c))
            b.card = c
            b.style.button_color = "#ffffff"
            b.layout.border = "1px solid #8e969c"
            if c in self._selected:        # picked: dark outline on pale amber (red 5.1:1, black 15.6:1)
                b.add_class("cardlab-picked")
                b.style.button_color = "#fff4cc"
                b.layout.border = "2px solid #1b1b1b"
            b.style.text_color = "#c62828" if c.suit is not None and c.suit.is_red else "#1b1b1b"
            b.style.font_weight = "bold"
            if c in ctl["cards"]:
                acts = ctl["cards"][c]
                b.actions = tuple(acts)
                b.action = acts[0] if len(acts) == 1 else None
                b.tooltip = " / ".join(action_label(a, s) for a in acts)
                b.on_click(lambda _b, c=c: self._guard(lambda: self._click_card(c)))
            elif picking and c in pickable:
                b.action = None
                b.on_click(lambda _b, c=c: self._guard(lambda: self._pick(c)))
            else:
                b.disabled = True
            cards.append(b)
        self.hand_box.children = tuple(cards)
        items = []
        if self._pending_card is not None and self._pending_card in ctl["cards"]:
            for a in ctl["cards"][self._pending_card]:
                items.append(self._action_button(a, s))
        if picking:
            items.extend(self._bid_card_controls(ctl["bid_cards"], s))
        for kind, values in ctl["numbers"].items():
            items.append(self._number_control(kind, values, s))
        for kind, values in ctl["pairs"].items():
            items.append(self._pair_control(kind, values, s))
        buttons = ctl["buttons"]
        if len(buttons) + len(items) > MAX_BUTTONS:
            items.append(self._menu_control(buttons, s))
        else:
            items.extend(self._action_button(a, s) for a in buttons)
        self.controls.children = tuple(items)
        for x in old:
            x.close()
        self.hint_button.disabled = not mine
        self.take_back_button.disabled = not any(x.to_act == self.human for x in s.history()[:-1])
        self.review_button.disabled = not s.is_finished
        self.review_button.layout.display = None if s.is_finished else "none"
        if s.is_finished and not self.review_html.value:
            self.review_html.value = ('<div class="cardlab-message-text">The hand is over. Press “Review my '
                                      'decisions” to see what each of your choices cost, or “New hand”.</div>')
        items = "".join(f"<li>{escape(st.explain(), quote=False)}</li>" for st in s.history())
        self.log_html.value = f'<div class="cardlab-log-box"><div><ol>{items}</ol></div></div>'
        self._status("")

    def _action_button(self, a: Action, s) -> w.Button:
        d = self._variant.describe_action(a, s)
        b = _button(d.label, "cardlab-action", d.help or str(a))
        b.action = a
        if a.kind == "play" and a.card is not None and a.card.suit is not None and a.card.suit.is_red:
            b.style.text_color = "#c62828"
        b.on_click(lambda _b, a=a: self._act_cb(a))
        return b

    def _click_card(self, c: Card) -> None:
        acts = decision_controls(self.state.legal_actions(), self.state.view(self.human).hand)["cards"].get(c, [])
        if len(acts) == 1:
            self.act(acts[0])
        elif acts:
            self._pending_card = c
            self._say(f"{c}: choose what to do with it.")
            self._refresh()

    def _pick(self, c: Card) -> None:
        if c in self._selected:
            self._selected.remove(c)
        else:
            self._selected.append(c)
        self._refresh()

    def _card_message(self, content: Any) -> None:
        """A click on a card of the picture (a message from :class:`CardView`): acts exactly as
        that card's button (:meth:`_click_card`, or :meth:`_pick` for a bid card). Anything else
        (a message that names no card, a card not in the hand or not to be clicked now, not the
        human's turn) changes nothing and is said in :attr:`message`; the browser may be anyone's
        on a served page, so nothing in the message is trusted. Raises
        :class:`~cardlab.errors.NotationError` for a message that names no card (said by
        :meth:`_guard`, which runs it)."""
        card = card_from_message(content)
        s = self.state
        if s.is_finished:
            self._say(f"The hand is over: the click on {card} was ignored.", error=True)
            return
        if s.to_act != self.human:
            self._say(f"It is not your turn ({self.names[s.to_act]} is to act): the click on {card} was ignored.",
                      error=True)
            return
        hand = tuple(s.view(self.human).hand)
        if card not in hand:
            self._say(f"{card} is not in your hand: the click was ignored.", error=True)
            return
        ctl = decision_controls(s.legal_actions(), hand)
        if card in ctl["cards"]:
            self._click_card(card)
        elif card in {c for a in ctl["bid_cards"] for c in a.value}:
            self._pick(card)
        else:
            self._say(f"{card} cannot be clicked now: the click was ignored.", error=True)

    def _bid_card_controls(self, actions, s) -> list:
        size = len(actions[0].value)
        match = next((a for a in actions if sorted(a.value) == sorted(self._selected)), None)
        if match is not None:
            words = f"These make: {self._variant.describe_action(match, s).label}."
        elif len(self._selected) < size:
            words = f"Click {size - len(self._selected)} more card{'s' if size - len(self._selected) != 1 else ''} of your hand."
        else:
            words = f"Pick exactly {size} cards (click a picked card to put it back)."
        label = _html("cardlab-bid-cards-note", f'<span class="cardlab-message-text">{escape(words)}</span>')
        lay = _button("Lay these bid cards", "cardlab-lay", "Lay the picked cards face down as your bid")
        lay.disabled = match is None
        lay.action = match
        if match is not None:
            lay.on_click(lambda _b, a=match: self._act_cb(a))
        clear = _button("Clear", "cardlab-clear-pick", "Put the picked cards back")
        clear.disabled = not self._selected
        clear.on_click(lambda _b: self._guard(self._clear_pick))
        return [label, lay, clear]

    def _clear_pick(self) -> None:
        self._selected = []
        self._refresh()

    def _number_control(self, kind: str, values: dict, s) -> w.Box:
        lo, hi = min(values), max(values)
        step = _step(values)
        # a plain IntText: a bounded one would silently clamp what was typed (300 would bid the
        # highest), so the range is checked when the button is pressed and said in words
        field = w.IntText(value=lo, step=step, layout=w.Layout(width="90px"))
        field.min, field.max = lo, hi  # the legal range (plain attributes, not sent to the browser)
        field.add_class("cardlab-number-field")
        example = self._variant.describe_action(values[lo], s)
        # the label without its number (the field holds it), one space between words: "Bid 66 blind"
        # reads "Bid blind", not "Bid  blind"
        label = " ".join(example.label.replace(str(lo), " ").split()) or kind
        b = _button(label, "cardlab-number", f"{example.help} (from {lo} to {hi} in steps of {step})")
        b.on_click(lambda _b: self._guard(lambda: self._take_number(kind, values, field.value)))
        box = w.HBox([field, b])
        box.add_class("cardlab-number-box")
        return box

    def _take_number(self, kind, values, n) -> None:
        a = values.get(n)
        if a is None:
            lo, hi, step = min(values), max(values), _step(values)
            self._say(f"{n} is not a {kind} you may make now: from {lo} to {hi} in steps of {step}.", error=True)
            return
        self.act(a)

    def _pair_control(self, kind: str, values: dict, s) -> w.Box:
        firsts = list(dict.fromkeys(k[0] for k in values))
        menu = w.Dropdown(options=[(_first_text(f), i) for i, f in enumerate(firsts)], value=0,
                          layout=w.Layout(width="auto"))
        nums = sorted({k[1] for k in values})
        field = w.IntText(value=nums[0], step=_step(nums), layout=w.Layout(width="90px"))  # unbounded: see _number_control
        field.min, field.max = nums[0], nums[-1]
        field.add_class("cardlab-number-field")
        example = self._variant.describe_action(next(iter(values.values())), s)
        b = _button(f"Name the {kind}", "cardlab-number", example.help or kind)
        b.on_click(lambda _b: self._guard(lambda: self._take_pair(kind, values, firsts[menu.value], field.value)))
        box = w.HBox([menu, field, b])
        box.add_class("cardlab-number-box")
        return box

    def _take_pair(self, kind, values, first, n) -> None:
        a = values.get((first, n))
        if a is None:
            ok = sorted(v for f, v in values if f == first)
            self._say(f"{_first_text(first)} {n} is not a {kind} you may name now"
                      + (f": from {ok[0]} to {ok[-1]}." if ok else "."), error=True)
            return
        self.act(a)

    def _menu_control(self, actions, s) -> w.Box:
        menu = w.Dropdown(options=[(action_label(a, s), i) for i, a in enumerate(actions)], value=0,
                          layout=w.Layout(width="auto"))
        b = _button("Do it", "cardlab-menu-go", "Take the action chosen in the menu")
        b.on_click(lambda _b: self._act_cb(actions[menu.value]))
        box = w.HBox([menu, b])
        box.add_class("cardlab-menu-box")
        return box
