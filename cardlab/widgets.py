"""Notebook widgets: a thin ipywidgets layer over :mod:`cardlab.render`.

* :class:`Stepper` steps back and forth through the states of a hand (a list index, since
  states are immutable), showing the table with all cards open or as one seat sees it, and
  each step's explanation.
* :class:`PlayTable` plays a hand of any registered variant against computer players of any
  kind (random, rule-based, sampling-and-search).

Conventions (see ../shared/jupyter-notes.md): widgets only update ``HTML.value`` and
``Label.value``; they never print into ``Output`` widgets nor call ``clear_output``, so nbval,
Voila and static HTML all see the same thing. Every part has a ``cardlab-…`` CSS class (added
with ``add_class``) for browser tests. A user's mistake (an illegal card, a typo) is shown in the
widget's message area, never as a traceback. Everything is deterministic given the seeds.

ipywidgets is imported here only, so ``import cardlab`` stays light.
"""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

import ipywidgets as w

from . import render
from .actions import Action
from .errors import CardlabError
from .state import GameState

__all__ = ["Stepper", "PlayTable", "action_label"]


def _button(description: str, css_class: str, tooltip: str = "") -> w.Button:
    b = w.Button(description=description, tooltip=tooltip, layout=w.Layout(width="auto"))
    b.add_class(css_class)
    return b


def _html(css_class: str, value: str = "") -> w.HTML:
    """An HTML widget carrying ``css_class`` (the browser tests and the CSS find widgets by it)."""
    h = w.HTML(value)
    h.add_class(css_class)
    return h


def _as_states(source: Any) -> list:
    """The list of states behind ``source`` (see :class:`Stepper`)."""
    if isinstance(source, GameState):
        states = source.history()
    elif callable(getattr(source, "states", None)):
        states = list(source.states())
    elif isinstance(source, (list, tuple)):
        states = list(source)
    else:
        raise TypeError(f"a Stepper needs a list of states, a state or an object with a .states() method, "
                        f"not {type(source).__name__}")
    if not states:
        raise ValueError("a Stepper needs at least one state")
    for i, s in enumerate(states):
        if not hasattr(s, "explain") or not hasattr(s, "variant"):
            raise TypeError(f"item {i} is not a game state ({type(s).__name__})")
    return states


def _index(k: Any, n: int, what: str) -> int:
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError(f"{what} must be a whole number, not {k!r}")
    if not -n <= k < n:
        raise IndexError(f"{what} {k} is out of range: there are {n} steps (0 to {n - 1}, or -1 for the last)")
    return k % n


def _game_lines(source: Any, states: list) -> list[str] | None:
    """For a record of a game (anything with ``replay()`` and ``game()``), one line per state:
    the hand number and the game score before it, and after a finished hand what it scored."""
    if not (callable(getattr(source, "replay", None)) and callable(getattr(source, "game", None))):
        return None
    finals = source.replay()
    game = source.game()
    rows = game.rows()
    names = game.names
    goal = getattr(game, "goal", None) or f"game to {game.rules.target}"
    lines: list[str] = []
    before = tuple(getattr(game, "start_totals", (0,) * len(names)))
    for h, final in enumerate(finals):
        n_states = len(final.history())
        head = f"Hand {h + 1} of {len(finals)} · {goal}: {_score(names, before)}"
        lines.extend([head] * (n_states - 1))
        if h < len(rows):
            row = rows[h]
            after = tuple(row[name] for name in names)
            if callable(getattr(game, "row_summary", None)):
                won = game.row_summary(row)
            else:
                won = (f"{row['winner']} scores {row['game points']}" if final.result.winner is not None
                       else "drawn hand")
            tail = f"{head} → {won}: {_score(names, after)}"
            if h == len(finals) - 1 and game.is_over:
                tail += f" · {names[game.winner]} wins the game"
            before = after
        else:
            tail = head
        lines.append(tail)
    return lines if len(lines) == len(states) else None


def _score(names: tuple, totals: tuple) -> str:
    return " – ".join(f"{name} {total}" for name, total in zip(names, totals))


# Seat picker values: -1 stands for "all cards open" (None), since selection widgets use None
# for "nothing selected".
_ALL = -1


class Stepper(w.VBox):
    """Step through the states of a hand.

    Parameters
    ----------
    source : list of states, a state, or an object with a ``states()`` method
        A single state stands for its whole history (``state.history()``, from the deal to it);
        a record (anything with ``.states()``) for the states it replays.
    seat : int or None
        The view shown first: ``None`` for all cards open, ``0`` or ``1`` for that seat's view.
    start : int
        0-based index of the first step shown; negative counts from the end (``-1``: last).

    Raises
    ------
    TypeError
        If ``source`` is none of the above.
    ValueError
        If there is no state, or ``seat`` is neither None nor a seat of the table.
    IndexError
        If ``start`` is out of range.

    Attributes
    ----------
    states : list
        The states, in order.
    index : int
        0-based index of the state shown.
    first_button, prev_button, next_button, last_button : ipywidgets.Button
        Classes ``cardlab-first``, ``cardlab-prev``, ``cardlab-next``, ``cardlab-last``;
        disabled at the ends.
    slider : ipywidgets.IntSlider
        Over the steps, 1-based like the label (class ``cardlab-slider``).
    step_label : ipywidgets.Label
        ``"step k / n"``, ``k`` 1-based (class ``cardlab-step-label``).
    seat_picker : ipywidgets.ToggleButtons
        "All cards open" or a player's view by name (class ``cardlab-seat``).
    explanation : ipywidgets.HTML
        ``state.explain()`` of the step shown (class ``cardlab-explain``).
    view : ipywidgets.HTML
        ``render.state_html(state, seat)`` (class ``cardlab-view``).
    game_score : ipywidgets.HTML
        For a record (``replay()`` and ``game()``): the hand number and the game score, and after
        each hand what it scored (class ``cardlab-game-score``); empty otherwise.
    """

    def __init__(self, source: Any, seat: int | None = None, start: int = 0):
        states = _as_states(source)
        n = len(states)
        names = tuple(getattr(states[0], "names", ("seat 0", "seat 1")))
        self._seats = range(len(names))
        self._check_seat(seat)
        index = _index(start, n, "start")
        self.states = states
        self.index = index
        self._syncing = False

        self.first_button = _button("« First", "cardlab-first", "Go to the deal")
        self.prev_button = _button("‹ Prev", "cardlab-prev", "One step back")
        self.next_button = _button("Next ›", "cardlab-next", "One step forward")
        self.last_button = _button("Last »", "cardlab-last", "Go to the last step")
        self.slider = w.IntSlider(value=index + 1, min=1, max=n, step=1, readout=False, disabled=n == 1,
                                  layout=w.Layout(width="220px"))
        self.slider.add_class("cardlab-slider")
        self.step_label = w.Label()
        self.step_label.add_class("cardlab-step-label")
        self.seat_picker = w.ToggleButtons(
            options=[("All cards open", _ALL)] + [(f"{name}'s view", i) for i, name in enumerate(names)],
            value=_ALL if seat is None else seat, style={"button_width": "auto"})
        self.seat_picker.add_class("cardlab-seat")
        self.explanation = _html("cardlab-explain")
        self.view = _html("cardlab-view")
        self._game_lines = _game_lines(source, states)
        self.game_score = _html("cardlab-game-score")

        self.first_button.on_click(lambda _b: self.go(0))
        self.prev_button.on_click(lambda _b: self.prev())
        self.next_button.on_click(lambda _b: self.next())
        self.last_button.on_click(lambda _b: self.go(-1))
        self.slider.observe(self._on_slider, names="value")
        self.seat_picker.observe(lambda _change: self._refresh(), names="value")

        controls = w.HBox([self.first_button, self.prev_button, self.slider, self.next_button, self.last_button,
                           self.step_label], layout=w.Layout(align_items="center", flex_flow="row wrap"))
        children = [controls, self.seat_picker, self.explanation, self.view]
        if self._game_lines is not None:
            children.insert(2, self.game_score)
        super().__init__(children=children)
        self.add_class("cardlab-stepper")
        self._refresh()

    # -- public API ---------------------------------------------------------------------------
    @property
    def state(self):
        """The state shown."""
        return self.states[self.index]

    @property
    def seat(self) -> int | None:
        """The view shown: ``None`` (all cards open), ``0`` or ``1``. Setting it updates the
        picker and the table; anything else raises ``ValueError``."""
        v = self.seat_picker.value
        return None if v == _ALL else v

    @seat.setter
    def seat(self, seat: int | None) -> None:
        self._check_seat(seat)
        self.seat_picker.value = _ALL if seat is None else seat

    def _check_seat(self, seat: Any) -> None:
        if seat is not None and (seat not in self._seats or isinstance(seat, bool)):
            raise ValueError(f"seat must be None (all cards open) or a seat from 0 to {len(self._seats) - 1}, "
                             f"not {seat!r}")

    def go(self, k: int) -> None:
        """Show step ``k`` (0-based; negative counts from the end). Raises ``IndexError`` when
        out of range and ``TypeError`` when not a whole number."""
        self.index = _index(k, len(self.states), "step")
        self._refresh()

    def next(self) -> None:
        """One step forward (nothing happens at the last step)."""
        if self.index < len(self.states) - 1:
            self.go(self.index + 1)

    def prev(self) -> None:
        """One step back (nothing happens at the first step)."""
        if self.index > 0:
            self.go(self.index - 1)

    def __repr__(self) -> str:
        seat = self.seat
        view = "all cards open" if seat is None else f"seat {seat}"
        return f"Stepper(step {self.index + 1} / {len(self.states)}, {view})"

    # -- internals --------------------------------------------------------------------------
    def _on_slider(self, change) -> None:
        if not self._syncing:
            self.go(change["new"] - 1)

    def _refresh(self) -> None:
        n = len(self.states)
        k = self.index
        state = self.states[k]
        self._syncing = True
        try:
            self.slider.value = k + 1
        finally:
            self._syncing = False
        self.step_label.value = f"step {k + 1} / {n}"
        self.first_button.disabled = self.prev_button.disabled = k == 0
        self.next_button.disabled = self.last_button.disabled = k == n - 1
        self.explanation.value = f'<div class="cardlab-explain-text">{escape(state.explain(), quote=False)}</div>'
        if self._game_lines is not None:
            self.game_score.value = f"<b>{escape(self._game_lines[k], quote=False)}</b>"
        self.view.value = render.state_html(state, self.seat)


def action_label(action: Action, state: Any = None) -> str:
    """The button text of ``action`` in ``state``'s variant (Sixty-six when ``state`` is
    ``None``), from the variant's ``describe_action``: the card for a play (``"A♠"``), else the
    action in the rule's words (``"Announce marriage ♥ (20)"``, ``"Close the stock"``)."""
    from . import variants

    return variants.get(getattr(state, "variant", "sixty-six")).describe_action(action, state).label


class PlayTable(w.VBox):
    """Play a hand against the computer, in any registered variant, against any kind of
    computer player.

    The table is shown from the human's seat. When it is the human's turn, every legal action,
    and only those, is a button (class ``cardlab-action``); after the human acts the computer
    players act until it is the human's turn again or the hand is over. A log lists each step's
    explanation (most recent last); "New deal" deals the next seed.

    Parameters
    ----------
    rules : the variant's rules, optional
        The rule set (default: the variant's own default, :data:`cardlab.sixtysix.SANTASE` for
        Sixty-six).
    seed : int
        Seed of the deal (the variant's ``deal``), also given to the computer players.
    human : int
        The human's seat (0 .. players - 1).
    opponent : str, player, or a sequence of them
        A player kind offered by :func:`cardlab.players.player_kinds` for the variant
        (``"heuristic"``, ``"random"``, ``"search"``; made by
        ``cardlab.players.make_player(kind, seed, variant=...)`` for each deal), or any object
        with ``choose(view) -> Action``, used as it is. With more than one computer seat, one
        entry for all of them or a sequence with one entry per computer seat (in seat order).
    dealer : int or None
        The dealer's seat; by default the seat before the human's, so the human is eldest hand
        and leads first (in Sixty-six: the computer deals).
    names : sequence of str or None
        Player names, used in the explanations (third person); by default "Human" and
        "Computer" (two players) or "Computer 1", "Computer 2", ...
    variant : str
        A registered variant name (default ``"sixty-six"``).

    Raises
    ------
    ValueError
        If ``human`` or ``dealer`` is not a seat, or the number of opponents does not fit the
        table; errors of the variant's ``deal`` and of ``make_player`` pass through.
    TypeError
        If an opponent is neither a kind name nor an object with ``choose``.

    Attributes
    ----------
    state : a variant's state
        The state now. ``states`` is its history.
    seed : int
        Seed of the deal in play.
    view : ipywidgets.HTML
        ``render.state_html(state, human)`` (class ``cardlab-view``).
    actions_box : ipywidgets.HBox
        The action buttons (class ``cardlab-actions``; each button ``cardlab-action``).
    message : ipywidgets.HTML
        Why an action was refused, if it was (class ``cardlab-message``); empty otherwise.
    log_html : ipywidgets.HTML
        Explanations of the steps so far (class ``cardlab-log``).
    new_deal_button : ipywidgets.Button
        Class ``cardlab-new-deal``.
    """

    def __init__(self, rules: Any = None, seed: int = 0, human: int = 0, opponent: Any = "heuristic",
                 dealer: int | None = None, names: Sequence[str] | None = None, variant: str = "sixty-six"):
        from . import variants

        v = variants.get(variant)
        n = v.players
        seats = range(n)
        if human not in seats or isinstance(human, bool):
            raise ValueError(f"human must be a seat from 0 to {n - 1}, not {human!r}")
        if dealer is not None and (dealer not in seats or isinstance(dealer, bool)):
            raise ValueError(f"dealer must be None or a seat from 0 to {n - 1}, not {dealer!r}")
        others = [s for s in seats if s != human]
        if isinstance(opponent, (list, tuple)):
            if len(opponent) != len(others):
                raise ValueError(f"give one opponent for each of the {len(others)} computer seats, "
                                 f"not {len(opponent)}")
            opponents = list(opponent)
        else:
            opponents = [opponent] * len(others)
        for o in opponents:
            if not isinstance(o, str) and not callable(getattr(o, "choose", None)):
                raise TypeError("opponent must be a player kind ('heuristic', 'random', 'search') or an object "
                                "with choose(view)")
        self.variant = variant
        self._variant = v
        self.rules = rules
        if rules is None and variant == "sixty-six":
            from . import sixtysix

            self.rules = sixtysix.SANTASE
        self.human = human
        self.opponent = opponent
        self._opponents = dict(zip(others, opponents))
        self.dealer = (human - 1) % n if dealer is None else dealer
        if names is None:
            nm = [""] * n
            nm[human] = "Human"
            if n == 2:
                nm[others[0]] = "Computer"
            else:
                for k, s in enumerate(others, 1):
                    nm[s] = f"Computer {k}"
            names = tuple(nm)
        self.names = tuple(names)

        self.view = _html("cardlab-view")
        self.actions_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.actions_box.add_class("cardlab-actions")
        self.message = _html("cardlab-message")
        self.log_html = _html("cardlab-log")
        self.new_deal_button = _button("New deal", "cardlab-new-deal", "Deal the next hand (seed + 1)")
        self.new_deal_button.on_click(lambda _b: self.new_deal())
        self.new_deal_button.layout.align_self = "flex-start"
        super().__init__(children=[self.view, self.actions_box, self.message, self.log_html,
                                   self.new_deal_button])
        self.add_class("cardlab-play")
        self.deal(seed)

    # -- public API ---------------------------------------------------------------------------
    @property
    def states(self) -> list:
        """Every state of the hand so far, from the deal."""
        return self.state.history()

    @property
    def action_buttons(self) -> tuple:
        """The action buttons now offered (empty when it is not the human's turn)."""
        return tuple(self.actions_box.children)

    def deal(self, seed: int) -> None:
        """Start a new hand from ``seed`` (same seats, dealer and rules), letting the computer
        act first if it leads. Errors of the variant's ``deal`` pass through."""
        kwargs = {} if self.rules is None else {"rules": self.rules}
        state = self._variant.deal(dealer=self.dealer, seed=seed, names=self.names, **kwargs)
        self.seed = seed
        self._players = {s: self._make_player(o, seed, s) for s, o in self._opponents.items()}
        self.start(state)

    def start(self, state: Any) -> None:
        """Play on from ``state`` (a deal from the variant's ``deal_from_hands``, or any position
        of a hand), with the same human seat; the computer acts first if it is to act. "New
        deal" then deals ``seed + 1`` as usual. Raises ``TypeError`` if ``state`` is not a state
        of the table's variant."""
        if getattr(state, "variant", None) != self.variant:
            raise TypeError(f"this PlayTable plays {self.variant} states, not {type(state).__name__}")
        self.state = state
        self._say("")
        self._play_on()

    def new_deal(self) -> None:
        """Deal the next hand, with seed ``seed + 1``."""
        self.deal(self.seed + 1)

    def _play_on(self) -> None:
        """Let the computer act until it is the human's turn or the hand is over, then redraw."""
        try:
            self._computer_turns()
        finally:
            self._refresh()

    def act(self, action: Action | str) -> bool:
        """Take the human's ``action`` (an :class:`~cardlab.actions.Action` or its text, e.g.
        ``"A♠"``, ``"marriage ♥"``, ``"close"``), then let the computer reply.

        Returns ``True`` if it was taken. A mistake (not the human's turn, the hand is over, text
        that is no action, an action the rules forbid) returns ``False``, shows why in
        :attr:`message` and leaves the state unchanged; nothing is raised."""
        s = self.state
        if s.is_finished:
            self._say("The hand is over: press “New deal” to play another.", error=True)
            return False
        if s.to_act != self.human:
            self._say(f"It is not your turn: {self.names[s.to_act]} is to act.", error=True)
            return False
        try:
            nxt = s.apply(action)
        except CardlabError as exc:
            self._say(str(exc), error=True)
            return False
        self.state = nxt
        self._say("")
        self._play_on()
        return True

    def __repr__(self) -> str:
        s = self.state
        status = "hand over" if s.is_finished else f"{self.names[s.to_act]} to act"
        return f"PlayTable(seed {self.seed}, step {len(self.states)}, {status})"

    # -- internals --------------------------------------------------------------------------
    def _make_player(self, opponent: Any, seed: int, seat: int):
        if isinstance(opponent, str):
            from .players import make_player

            # two players: the deal's seed, as before; more: one seed per computer seat
            pseed = seed if self._variant.players == 2 else seed * 10 + seat
            return make_player(opponent, pseed, variant=self.variant)
        return opponent

    def _computer_turns(self) -> None:
        """Let the computer act until it is the human's turn or the hand is over.

        A computer player that fails (raises, or chooses an illegal action) stops here with its
        error in :attr:`message`; the table stays as it was before its turn, and "New deal"
        still works. Such an error is a bug of that player, reported rather than raised so that
        the widget stays usable."""
        s = self.state
        while s.to_act is not None and s.to_act != self.human:
            seat = s.to_act
            try:
                choice = self._players[seat].choose(s.view(seat))
            except Exception as exc:  # noqa: BLE001 - a bug in a player must not break the widget
                self.state = s
                self._say(f"The computer player failed: {type(exc).__name__}: {exc}", error=True)
                return
            try:
                s = s.apply(choice)
            except CardlabError as exc:
                self.state = s
                self._say(f"The computer player chose {choice}, which is not allowed: {exc}", error=True)
                return
        self.state = s

    def _say(self, text: str, error: bool = False) -> None:
        if not text:
            self.message.value = ""
            return
        cls = "cardlab-message-text cardlab-error" if error else "cardlab-message-text"
        self.message.value = f'<div class="{cls}">{escape(text, quote=False)}</div>'

    def _refresh(self) -> None:
        s = self.state
        self.view.value = render.state_html(s, self.human)
        old = self.actions_box.children
        buttons = []
        if s.to_act == self.human:
            legal = s.legal_actions()
            cards = {a.card: a for a in legal if a.kind == "play"}
            ordered = [a for a in legal if a.kind != "play"]
            ordered += [cards[c] for c in render.sort_hand(cards, getattr(s, "trump", None))]
            for a in ordered:
                b = _button(action_label(a, s), "cardlab-action", tooltip=str(a))
                if a.kind == "play" and a.card.suit is not None and a.card.suit.is_red:
                    b.style.text_color = "#c62828"
                b.action = a
                b.on_click(lambda _b, a=a: self.act(a))
                buttons.append(b)
        self.actions_box.children = tuple(buttons)
        for b in old:
            b.close()
        items = "".join(f"<li>{escape(st.explain(), quote=False)}</li>" for st in s.history())
        self.log_html.value = f'<div class="cardlab-log-box"><div><ol>{items}</ol></div></div>'
