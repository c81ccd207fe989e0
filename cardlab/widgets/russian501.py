"""Notebook widgets for 501 (:mod:`cardlab.russian501`): the deal card by card, and the bidding table.

:class:`DealStepper` deals a hand one card at a time, as the rules say: clockwise from the
dealer's left, with one card set aside face down for the prikup in each of the first three
rounds.

:class:`AuctionTable` lets a learner take any seat in the auction of a 501 deal: the computer
(:class:`~cardlab.players.russian501.Russian501Player`, which sees only its own seat's view) speaks for the
other seats. The learner looks at the cards or bids blind, bids, or passes; when the auction is
over the rest of the hand (the prikup, the contract, the cards passed, the eight tricks) can be
played out by the computer for every seat, and a new deal dealt.

Conventions as in :mod:`cardlab.widgets.base`: only ``HTML.value`` / ``Label.value`` are updated
(no Output widgets, no ``clear_output``), every part has a ``cardlab-…`` CSS class for browser
tests, a user's mistake is shown as a message, never as a traceback, and no callback raises
(each runs through :func:`cardlab.widgets.base.guarded`; a bug is kept in the widget's
``errors``).
"""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

import ipywidgets as w

from .. import render
from .. import russian501 as p501
from ..actions import Action
from ..cards import Suit
from ..errors import CardlabError
from ..players.russian501 import Russian501Player, hand_strength
from ..render.russian501 import CSS_501
from .base import StaticFallback, button, guarded, html_pane

__all__ = ["AuctionTable", "DealStepper"]


class AuctionTable(StaticFallback, w.VBox):
    """Take a seat in the auction of a 501 deal, then play the hand from that seat; the computer
    (:class:`~cardlab.players.russian501.Russian501Player`) acts for the other seats.

    During the auction the learner looks or bids blind, bids the number in the box, or passes.
    After it, the learner acts in turn with the buttons of :attr:`hand_box`: takes the prikup,
    names trumps and a contract or concedes (when he won the auction), passes a card to each
    opponent, and plays cards (when about to lead, a marriage can be declared first; its king or
    queen is then led). "Play the
    hand out" lets the computer finish the hand for every seat.

    Parameters
    ----------
    source : Russian501State, optional
        A deal at the start of its auction (e.g. ``record.states()[0]``). By default a deal from
        ``seed`` under ``rules`` with ``names`` and ``dealer``.
    seat : int, optional
        The learner's seat (an active seat); default eldest, who speaks first.
    seed : int
        Seed of the deal when no ``source`` is given (and of the computer players).
    rules : Russian501Rules, optional
        Default :data:`cardlab.russian501.PAGAT_501`.
    names : sequence of 3 or 4 str
    dealer : int
    players : dict of seat -> player, optional
        Computer players to use for some seats (anything with ``choose(view) -> Action``);
        the other seats get ``Russian501Player(4 * seed + seat)``.

    Raises
    ------
    ValueError
        If ``source`` is not a 501 deal before any auction call, or ``seat`` is not an active
        seat of it. Errors of :func:`cardlab.russian501.deal` pass through.

    Attributes
    ----------
    state : Russian501State
        The state now (``states`` is its history).
    seat : int
        The learner's seat.
    seat_picker : ipywidgets.ToggleButtons
        Which player the learner is (class ``cardlab-auction-seat``); choosing another restarts
        the auction of the same deal.
    look_button, pass_button, bid_button, blind_button : ipywidgets.Button
        Classes ``cardlab-look``, ``cardlab-pass``, ``cardlab-bid``, ``cardlab-blind``; enabled
        only when the learner may take that action.
    amount : ipywidgets.IntText
        The bid to make (class ``cardlab-bid-amount``); set to the lowest allowed bid at each turn.
    play_out_button, new_deal_button, deal_again_button : ipywidgets.Button
        ``cardlab-play-out`` (after the auction: the computer plays the hand for everyone),
        ``cardlab-new-deal`` (new cards: deal ``seed + 1``, also after a sample deal) and
        ``cardlab-deal-again`` (the same cards again from the first call).
    hand_box : ipywidgets.HBox
        After the auction, the learner's choices when it is his turn (class
        ``cardlab-hand-actions``): ``cardlab-take``; a trumps picker (``cardlab-trump``, set at first to the suit the rule-based player would name), the
        contract (``cardlab-contract-amount``), ``cardlab-contract`` and ``cardlab-concede``; one ``cardlab-give`` button per card; one
        ``cardlab-card-button`` per card that may be played and one ``cardlab-marriage`` per
        marriage that may be declared (then its king or queen is led). Empty otherwise.
    view : ipywidgets.HTML
        The table as the learner's seat sees it (class ``cardlab-view``); all cards open once
        the hand is over.
    calls : ipywidgets.HTML
        The auction so far, one call per line (class ``cardlab-auction-calls``).
    message : ipywidgets.HTML
        What just happened, or why an action was refused (class ``cardlab-message``).
    errors : list of str
        Unexpected errors met by callbacks or computer players (``"Type: message"``; always empty
        unless there is a bug): no callback raises.
    """

    def __init__(self, source: Any = None, seat: int | None = None, seed: int = 0, rules: Any = None,
                 names: Sequence[str] = ("Ana", "Boris", "Vera"), dealer: int = 0, players: dict | None = None):
        if source is None:
            source = p501.deal(rules or p501.PAGAT_501, dealer, seed=seed, names=names)
            self._fixed = False
        else:
            if getattr(source, "variant", None) != p501.VARIANT or source.auction or source.phase != "bidding":
                raise ValueError("AuctionTable needs a 501 deal before any auction call")
            self._fixed = True
        self.deal_state = source
        self.seed = seed
        self.errors: list = []
        self._given_players = dict(players or {})
        active = source.active
        if seat is None:
            seat = active[0]
        if seat not in active or isinstance(seat, bool):
            raise ValueError(f"seat must be one of the active seats {', '.join(map(str, active))}, not {seat!r}")
        self.seat = seat

        self.seat_picker = w.ToggleButtons(options=[(source.names[s], s) for s in active], value=seat,
                                           style={"button_width": "auto"})
        self.seat_picker.add_class("cardlab-auction-seat")
        self.look_button = button("Look at my cards", "cardlab-look", "Pick up your cards (no more blind bids)")
        self.pass_button = button("Pass", "cardlab-pass", "Pass: out of the auction")
        self.amount = w.IntText(value=source.rules.min_bid, layout=w.Layout(width="80px"))
        self.amount.add_class("cardlab-bid-amount")
        self.bid_button = button("Bid", "cardlab-bid", "Bid the number in the box")
        self.blind_button = button("Bid blind", "cardlab-blind", "Bid the number without looking: doubled if it wins")
        self.play_out_button = button("Play the hand out", "cardlab-play-out",
                                       "The computer plays the rest of the hand for every seat")
        self.new_deal_button = button("New deal", "cardlab-new-deal", "New cards: the next seed")
        self.deal_again_button = button("Deal again", "cardlab-deal-again", "The same cards again, from the first call")
        self.view = html_pane("cardlab-view")
        self.calls = html_pane("cardlab-auction-calls")
        self.message = html_pane("cardlab-message")

        self.look_button.on_click(self._guard(lambda _b: self.look()))
        self.pass_button.on_click(self._guard(lambda _b: self.pass_()))
        self.bid_button.on_click(self._guard(lambda _b: self.bid(self.amount.value)))
        self.blind_button.on_click(self._guard(lambda _b: self.blind(self.amount.value)))
        self.play_out_button.on_click(self._guard(lambda _b: self.play_out()))
        self.new_deal_button.on_click(self._guard(lambda _b: self.new_deal()))
        self.deal_again_button.on_click(self._guard(lambda _b: self.deal_again()))
        self.seat_picker.observe(self._guard(self._on_seat), names="value")

        controls = w.HBox([self.look_button, self.amount, self.bid_button, self.blind_button, self.pass_button],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        controls.add_class("cardlab-auction-controls")
        self.trump_picker = w.Dropdown(options=[(f"trumps {s.symbol}", s) for s in reversed(Suit)]
                                       + [("no trump", p501.NO_TRUMP)], layout=w.Layout(width="120px"))
        self.trump_picker.add_class("cardlab-trump")
        self.contract_amount = w.IntText(layout=w.Layout(width="80px"))
        self.contract_amount.add_class("cardlab-contract-amount")
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.hand_box.add_class("cardlab-hand-actions")
        after = w.HBox([self.play_out_button, self.new_deal_button, self.deal_again_button])
        super().__init__(children=[self.seat_picker, controls, self.message, self.calls, self.hand_box, self.view,
                                   after])
        self.add_class("cardlab-auction")
        self._restart()

    # -- public API ---------------------------------------------------------------------------
    @property
    def states(self) -> list:
        """Every state of the hand so far, from the deal."""
        return self.state.history()

    def look(self) -> bool:
        """Look at the learner's cards (see :meth:`act`)."""
        return self.act(p501.LOOK)

    def pass_(self) -> bool:
        """Pass (see :meth:`act`)."""
        return self.act(p501.PASS)

    def bid(self, n: Any) -> bool:
        """Bid ``n`` having looked (see :meth:`act`)."""
        return self._number_action("bid", n)

    def blind(self, n: Any) -> bool:
        """Bid ``n`` blind, without looking (see :meth:`act`)."""
        return self._number_action("blind", n)

    def act(self, action: Action | str) -> bool:
        """Take the learner's ``action`` (an Action or its text: ``"look"``, ``"pass"``,
        ``"bid 70"``, ``"blind 66"``, ``"take"``, ``"contract ♠ 80"``, ``"concede"``,
        ``"give J♣"``, ``"A♠"``, ``"marriage ♥"``), then let the computer act for the others
        until it is the learner's turn again or the hand is over.

        Returns ``True`` if it was taken. A mistake (not the learner's turn, the hand over, a bid
        too low, a bid after passing, a bid before looking, a contract below the bid, a revoke)
        returns ``False`` and shows why in :attr:`message`; the state is unchanged and nothing
        is raised."""
        s = self.state
        if s.is_finished:
            self._say("The hand is over: deal again.", error=True)
            return False
        try:
            nxt = s.apply(action, seat=self.seat)
        except CardlabError as exc:
            self._say(str(exc), error=True)
            return False
        self.state = nxt
        self._say(nxt.explain())
        self._computer_turns(everyone=False)
        if self.state.is_finished:
            self._say("Hand over: " + self.state.result.explanation + ".")
        self._refresh()
        return True

    def play_out(self) -> bool:
        """After the auction, let the computer play the rest of the hand for every seat. Returns
        ``False`` (with a message) while the auction is still running."""
        if self.state.phase == "bidding":
            self._say("Finish the auction first.", error=True)
            return False
        self._computer_turns(everyone=True)
        r = self.state.result
        self._say("Hand over: " + r.explanation + "." if r is not None else "")
        self._refresh()
        return True

    def new_deal(self) -> None:
        """Deal new cards (the next seed, shown in the message; also after a sample deal given
        as ``source``), same rules, dealer, names and seat."""
        self.seed += 1
        self._fixed = False
        s = self.deal_state
        self.deal_state = p501.deal(s.rules, s.dealer, seed=self.seed, names=s.names)
        self._restart()
        self._say(f"New cards (seed {self.seed}). " + self.message_text())

    def deal_again(self) -> None:
        """Play the same deal again from its first call, same seat."""
        self._restart()
        self._say("The same cards again. " + self.message_text())

    def message_text(self) -> str:
        """The message shown now, as plain text."""
        import re
        from html import unescape

        return unescape(re.sub(r"<[^>]+>", "", self.message.value))

    def __repr__(self) -> str:
        s = self.state
        status = "over" if s.phase != "bidding" else f"{s.names[s.to_act]} to speak"
        return f"AuctionTable({s.names[self.seat]}'s seat, {len(s.auction)} calls, auction {status})"

    # -- internals ------------------------------------------------------------------------------
    def _guard(self, fn):
        """``fn`` as a callback that never raises (:func:`cardlab.widgets.base.guarded`): a
        person's mistake is said in :attr:`message`, a bug kept in :attr:`errors`."""
        return guarded(fn, lambda text: self._say(text, error=True), self.errors, "the table")

    def _number_action(self, kind: str, n: Any) -> bool:
        if not isinstance(n, int) or isinstance(n, bool):
            self._say(f"A bid is a whole number, not {n!r}.", error=True)
            return False
        return self.act(Action(kind, None, n))

    def _on_seat(self, change) -> None:
        self.seat = change["new"]
        self._restart()

    def _restart(self) -> None:
        self.state = self.deal_state
        self.contract_amount.value = 0          # set to the final bid when a contract is to be named
        self._players = {s: self._given_players.get(s) or Russian501Player(self.seed * 4 + s)
                         for s in range(len(self.state.names))}
        self._say(self.state.explain())
        self._computer_turns(everyone=False)
        self._refresh()

    def _computer_turns(self, everyone: bool) -> None:
        s = self.state
        while s.to_act is not None and (everyone or s.to_act != self.seat):
            seat = s.to_act
            try:
                s = s.apply(self._players[seat].choose(s.view(seat)))
            except Exception as exc:  # noqa: BLE001 - a bug in a player must not break the widget
                self.errors.append(f"computer player: {type(exc).__name__}: {exc}")
                self._say(f"The computer player failed: {type(exc).__name__}: {exc}", error=True)
                break
        self.state = s

    def _hand_buttons(self) -> None:
        """The learner's choices after the auction, as buttons (only when it is his turn)."""
        s = self.state
        old = self.hand_box.children
        items: list = []
        if s.to_act == self.seat and s.phase != "bidding":
            nm = s.names
            if s.phase == "prikup":
                b = button("Turn up and take the prikup", "cardlab-take")
                b.on_click(self._guard(lambda _b: self.act(p501.TAKE)))
                items.append(b)
            elif s.phase == "contract":
                if self.contract_amount.value < s.high_bid:   # first time here: suggest, never assume ♠
                    self.contract_amount.value = s.high_bid
                    self.trump_picker.value = self._suggested_trumps(s)
                play = button("Play this contract", "cardlab-contract", "Trumps and the number in the box")
                play.on_click(self._guard(lambda _b: self._contract()))
                give_up = button("Concede", "cardlab-concede", f"Give up: up {s.high_bid}, opponents down 25")
                give_up.on_click(self._guard(lambda _b: self.act(p501.CONCEDE)))
                items += [w.Label("Your contract (trumps as the rule-based player would name them; change them "
                                  "if you like):"), self.trump_picker, self.contract_amount, play, give_up]
            elif s.phase == "give":
                to = s.opponents()[len(s.given)]
                items.append(w.Label(f"Pass a card face down to {nm[to]}:"))
                for c in render.sort_hand(s.hands[self.seat], s.trump):
                    b = button(str(c), "cardlab-give", f"Give {c} to {nm[to]}")
                    b.on_click(self._guard(lambda _b, c=c: self.act(Action("give", c))))
                    items.append(b)
            else:
                legal = s.legal_actions()
                cards = {a.card: a for a in legal if a.kind == "play"}
                for c in render.sort_hand(cards, s.trump):
                    b = button(str(c), "cardlab-card-button", f"Play {c}")
                    b.on_click(self._guard(lambda _b, a=cards[c]: self.act(a)))
                    items.append(b)
                for a in legal:
                    if a.kind == "marriage":
                        text = p501.describe_action(a, s)
                        b = button(text.label, "cardlab-marriage", text.help)
                        b.on_click(self._guard(lambda _b, a=a: self.act(a)))
                        items.append(b)
        self.hand_box.children = tuple(items)
        for b in old:
            if b not in items and b is not self.trump_picker and b is not self.contract_amount:
                b.close()

    def _suggested_trumps(self, s):
        """The trumps the rule-based player would name with this hand (no trump when it would
        play without), or the hand's best suit when it would concede [501.contract]."""
        choice = Russian501Player(0).choose(s.view(self.seat))
        if choice.kind == "contract":
            return choice.value[0]
        return hand_strength(s.hands[self.seat])["trump"]

    def _contract(self) -> bool:
        n = self.contract_amount.value
        if not isinstance(n, int) or isinstance(n, bool):
            self._say(f"A contract is a whole number, not {n!r}.", error=True)
            return False
        return self.act(Action("contract", None, (self.trump_picker.value, n)))

    def _say(self, text: str, error: bool = False) -> None:
        cls = "cardlab-message-text cardlab-error" if error else "cardlab-message-text"
        self.message.value = f'<div class="{cls}">{escape(text, quote=False)}</div>' if text else ""

    def _refresh(self) -> None:
        s = self.state
        my_turn = s.phase == "bidding" and s.to_act == self.seat
        looked = s.looked[self.seat]
        self.look_button.disabled = not (my_turn and not looked)
        self.pass_button.disabled = not my_turn
        self.bid_button.disabled = not (my_turn and looked)
        self.blind_button.disabled = not (my_turn and not looked and s.rules.blind_bids)
        self.amount.disabled = not my_turn
        if my_turn:
            values = s.rules.bid_values(s.high_bid)
            if len(values):
                self.amount.value = values[0]
            else:
                self.bid_button.disabled = self.blind_button.disabled = True
        self.play_out_button.disabled = s.phase == "bidding" or s.result is not None
        self._hand_buttons()
        nm = s.names
        lines = []
        for seat, a in s.auction:
            you = " (you)" if seat == self.seat else ""
            lines.append(f"<li>{escape(nm[seat] + you)}: {escape(str(a))}</li>")
        if s.phase == "bidding":
            who = "you" if s.to_act == self.seat else nm[s.to_act]
            lines.append(f"<li><i>{escape(who)} to speak…</i></li>")
        elif s.bidder is not None:
            lines.append(f"<li><b>{escape(nm[s.bidder])} wins the auction with {s.high_bid}"
                         f"{' blind' if s.high_blind else ''}</b></li>")
        elif s.result is not None:
            lines.append("<li><b>All passed: the hand is thrown in</b></li>")
        self.calls.value = f'<div class="cardlab-auction-list"><ol>{"".join(lines)}</ol></div>'
        self.view.value = render.state_html(s, None if s.result is not None else self.seat)


class DealStepper(StaticFallback, w.VBox):
    """The deal of a 501 hand, one card at a time [501.deal].

    Parameters
    ----------
    source : Russian501State or a record
        The deal (a state of the hand, whose ``pack`` and ``dealer`` are used; or anything with
        ``states()``, whose first state is used).
    start : int
        Cards dealt in the first picture (0 … 24).

    Raises
    ------
    ValueError
        If ``source`` is not a 501 hand, or ``start`` is out of range.

    Attributes
    ----------
    dealt : int
        Cards dealt so far (0 … 24).
    prev_button, next_button, all_button : ipywidgets.Button
        One card back, one card more, the whole deal (classes ``cardlab-deal-prev``,
        ``cardlab-deal-next``, ``cardlab-deal-all``).
    step_label : ipywidgets.Label
        ``"card k / 24"`` (class ``cardlab-step-label``).
    view : ipywidgets.HTML
        The hands so far and the prikup, face up, the last card dealt outlined (class
        ``cardlab-view``).
    errors : list of str
        Unexpected errors met by callbacks (always empty unless there is a bug; the step label
        then says so): no callback raises.
    """

    def __init__(self, source: Any, start: int = 0):
        state = source.states()[0] if callable(getattr(source, "states", None)) else source
        if getattr(state, "variant", None) != p501.VARIANT:
            raise ValueError("DealStepper shows the deal of a 501 hand (a state or a record of one)")
        if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start <= 24:
            raise ValueError(f"start must be a number of cards from 0 to 24, not {start!r}")
        self.state = state
        self.dealt = start
        self.errors: list = []
        self.prev_button = button("‹ Back", "cardlab-deal-prev", "Take back the last card dealt")
        self.next_button = button("Deal a card ›", "cardlab-deal-next", "Deal the next card")
        self.all_button = button("Deal all »", "cardlab-deal-all", "Deal every card")
        self.step_label = w.Label()
        self.step_label.add_class("cardlab-step-label")
        self.view = html_pane("cardlab-view")
        for b, fn in ((self.prev_button, lambda _b: self.go(self.dealt - 1)),
                      (self.next_button, lambda _b: self.go(self.dealt + 1)), (self.all_button, lambda _b: self.go(24))):
            b.on_click(guarded(fn, self._say, self.errors, "the deal"))
        controls = w.HBox([self.prev_button, self.next_button, self.all_button, self.step_label],
                          layout=w.Layout(align_items="center"))
        super().__init__(children=[controls, self.view])
        self.add_class("cardlab-deal")
        self._refresh()

    def go(self, k: int) -> None:
        """Show the deal after ``k`` cards (clamped to 0 … 24)."""
        self.dealt = max(0, min(24, int(k)))
        self._refresh()

    def __repr__(self) -> str:
        return f"DealStepper(card {self.dealt} / 24)"

    def _say(self, text: str) -> None:
        self.step_label.value = text

    def _refresh(self) -> None:
        s = self.state
        k = self.dealt
        nm = s.names
        got: dict = {seat: [] for seat in s.active}
        prikup = []
        last = None
        for i in range(k):
            card = s.pack[i]
            pos = p501.DEAL_POSITIONS[i]
            if pos == "prikup":
                prikup.append(card)
                last = "the prikup (face down)"
            else:
                got[s.active[pos]].append(card)
                last = nm[s.active[pos]]
        self.step_label.value = f"card {k} / 24"
        self.prev_button.disabled = k == 0
        self.next_button.disabled = self.all_button.disabled = k == 24
        rnd = 0 if k == 0 else (k - 1) // 4 + 1 if k <= 12 else 3 + (k - 13) // 3 + 1

        def cards(cs):
            out = [render.card_svg(c, extra_class="cardlab-known" if c == s.pack[k - 1] else None) for c in cs]
            return "".join(out) or '<span class="cardlab-empty">none</span>'

        rows = []
        for seat in s.active:
            role = " (dealer)" if seat == s.dealer else (" (eldest)" if seat == s.active[0] else "")
            rows.append(f'<div class="cardlab-player" data-seat="{seat}"><div class="cardlab-head">'
                        f'<span class="cardlab-name">{escape(nm[seat] + role)}</span>'
                        f'<span class="cardlab-points">{len(got[seat])} cards</span></div>'
                        f'<div class="cardlab-hand cardlab-cards" data-seat="{seat}">{cards(got[seat])}</div></div>')
        if s.dealer not in s.active:
            rows.append(f'<div class="cardlab-player cardlab-sitting-out"><div class="cardlab-head">'
                        f'<span class="cardlab-name">{escape(nm[s.dealer])} (dealer)</span>'
                        f'<span class="cardlab-points">deals and sits this hand out</span></div></div>')
        status = ("Nothing dealt yet: the dealer deals one card at a time, clockwise from the left."
                  if k == 0 else f"Round {rnd}: card {k} (pack position {k - 1}) went to {last}.")
        if k == 24:
            status = "The deal is complete: 7 cards each and 3 in the prikup."
        self.view.value = (
            f'<div class="cardlab-table" data-variant="{p501.VARIANT}">{render.STYLE}<style>{CSS_501}</style>'
            f'<div class="cardlab-caption">{escape(nm[s.dealer])} deals · prikup cards at positions 3, 7 and 11'
            f'</div>{"".join(rows)}<div class="cardlab-middle"><div class="cardlab-slot cardlab-prikup">'
            f'<div class="cardlab-cards">{cards(prikup)}</div><span>Prikup ({len(prikup)} of 3, shown face up '
            f'here for learning)</span></div></div><div class="cardlab-status">{escape(status)}</div></div>')
