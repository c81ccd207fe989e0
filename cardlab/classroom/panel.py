"""The class's page: choose a set of exercises or open the teacher's set code, then answer it.

``ClassroomPanel()`` is what ``python3 dev.py class`` shows in Voila (no code on the page):

* **A new set**: the game, its rules, the level (easy or harder:
  :data:`~cardlab.classroom.exercises.LEVELS`, each kind's criterion in
  :mod:`cardlab.classroom.generate_v2`) and the exercise kinds; *New set* draws a seed and shows
  the set code, which the teacher writes on the board. A set has two exercises of each kind
  chosen, in lesson order, so the code alone gives the whole set.
* **The teacher's code**: a student types it and presses *Open*; everybody then has the same
  exercises. A code that cannot be read is answered in words, with the place it goes wrong
  (:class:`~cardlab.classroom.exercises.CodeError`); the set shown stays as it was. The same box
  opens a worksheet's code (``ws-k7m2q``, however typed: spaces, capitals), read from the class
  folder (:func:`cardlab.classroom.worksheet.load_worksheet`).
* **A name first** (``join=True``, the students' page of the served class): a
  :class:`~cardlab.classroom.join.JoinBox` at the top; the exercises are answered once the page has
  joined, and each checked answer is recorded in the class's results
  (:mod:`cardlab.classroom.results`).
* **The teacher's page**: the page's address with the server's key (``?key=…``, made by
  ``python3 dev.py class``) shows each exercise's answer under its question, for the teacher's
  screen; every other address is the students' page, which holds no answer anywhere (not in
  the text, the drawing or the widget state sent to the browser).
  :func:`cardlab.classroom.roles.page_role` decides; ``teacher=True`` forces the teacher's page
  (in a teacher's own notebook, where there is no address).

Everything on it reads as a page for students: the kinds of exercise in words, messages in
words (never code to type), nothing printed.

No callback raises; widgets only update values (see :mod:`cardlab.widgets.base`), and every
part carries a ``cardlab-panel-…`` CSS class for the browser tests.
"""

from __future__ import annotations

import html
import random

import ipywidgets as w

from .. import variants
from ..widgets.base import StaticFallback, button, guarded, html_pane
from .exercises import LEVELS, SetCode, classroom_variants as _classroom_variants, kinds_for, parse_code
from .roles import page_role
from .widget import ExerciseWidget

__all__ = ["ClassroomPanel", "KIND_WORDS", "is_worksheet_code"]

#: Each exercise kind as the kinds' buttons name it (the set code keeps the kind's short name),
#: with the question it asks as the button's tooltip.
KIND_WORDS: dict[str, tuple[str, str]] = {
    "legal": ("Cards allowed", "which cards may a player play here?"),
    "trick": ("Trick winner", "who wins this trick?"),
    "points": ("Points", "how many points (cards and marriages) has a player now?"),
    "marriage": ("Marriages", "may a player declare this marriage now?"),
    "bid": ("Bid cards", "what bid do these three bid cards make?"),
    "score": ("Game points", "how many game points does this hand score, and why?"),
    "scores": ("Scores", "what is each player's score after this hand?"),
    "redeal": ("Redeal", "does this redeal claim hold?"),
    "eight": ("The eight", "how many pips does this pair uncover on its eight?"),
}


class ClassroomPanel(StaticFallback, w.VBox):
    """Choose or open an exercise set and answer it (see the module docstring).

    Parameters
    ----------
    code : str or None
        The set to start with (a set code such as ``"66-santase-legal,trick-e2-1234"``); ``None``
        starts the set of the first game with every kind and seed 0.
    teacher : bool or None
        Show the answers; ``None`` (default) reads the page's address
        (:func:`cardlab.classroom.roles.page_role`: the server's key in it).
    join : bool
        Ask the student's name first and record every checked answer (a
        :class:`~cardlab.classroom.join.JoinBox`, :attr:`join_box`); default False (nothing
        recorded: a teacher's page, a notebook).
    folder : str, os.PathLike or None
        The class folder (the results database, the worksheets); ``None`` (default) is
        :func:`cardlab.classroom.roles.class_folder`, read when first needed.

    Raises :class:`~cardlab.classroom.exercises.CodeError` for a bad ``code`` (when the panel
    is made, never in a callback).
    """

    #: Exercises of each kind in a set.
    PER_KIND = 2

    def __init__(self, code: str | None = None, *, teacher: bool | None = None, join: bool = False,
                 folder=None):
        self.teacher = page_role() == "teacher" if teacher is None else bool(teacher)
        self.folder = folder
        self.join_box = None
        if join:
            from .join import JoinBox
            self.join_box = JoinBox(folder)
        #: Unexpected errors met in callbacks (each shown as "Something went wrong"); empty unless a bug.
        self.errors: list[str] = []
        self._opening = False     # while Open sets the game menu: keep the code's rules and kinds
        first = parse_code(code) if code is not None else None
        names = [v.name for v in _classroom_variants()]   # the registry's games, in their declared order
        self.game = w.Dropdown(options=[(variants.get(n).title, n) for n in names],
                               value=first.variant if first else names[0], description="Game",
                               layout=w.Layout(width="40em"))
        self.game.add_class("cardlab-panel-game")
        self.rules = w.Dropdown(description="Rules", layout=w.Layout(width="16em"))
        self.rules.add_class("cardlab-panel-rules")
        self.level = w.ToggleButtons(options=[(lv.capitalize(), lv) for lv in LEVELS], value=LEVELS[0],
                                     layout=w.Layout(width="auto"), style={"button_width": "6em"},
                                     tooltips=["positions where the rule is plain to see",
                                               "positions that take more thought"][:len(LEVELS)])
        self.level.add_class("cardlab-panel-level")
        self.kinds = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.kinds.add_class("cardlab-panel-kinds")
        self.new_button = button("New set", "cardlab-panel-new", "a new set of these kinds, with a new seed")
        self.code = w.Text(placeholder="66-santase-legal,trick-e2-1234", description="Set code",
                           layout=w.Layout(width="28em"))
        self.code.add_class("cardlab-panel-code")
        self.open_button = button("Open", "cardlab-panel-open", "the set of this code: the same for everybody")
        self.message = html_pane("cardlab-panel-message")
        self.banner = html_pane("cardlab-panel-banner")
        self.exercises = w.Box()
        self.exercises.add_class("cardlab-panel-exercises")

        self.game.observe(self._safe(self._game_changed), names="value")
        self.new_button.on_click(self._safe(lambda _: self._new_set()))
        self.open_button.on_click(self._safe(lambda _: self._open(self.code.value)))

        super().__init__([
            self.banner,
            *([self.join_box] if self.join_box is not None else []),
            w.HBox([self.game, self.rules, w.HBox([w.Label("Level", layout=w.Layout(margin="0 0.5em 0 1em")),
                                                   self.level])],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            w.HBox([w.Label("Exercises of", layout=w.Layout(width="6.5em")), self.kinds, self.new_button],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            w.HBox([self.code, self.open_button], layout=w.Layout(flex_flow="row wrap")),
            self.message,
            self.exercises,
        ])
        self.add_class("cardlab-panel")
        self._fill_game(first)
        self.widget: ExerciseWidget | None = None
        if first is not None:
            self._start(first)
        else:
            self._new_set(seed=0)

    # -- callbacks ---------------------------------------------------------------------------
    def _safe(self, fn):
        return guarded(fn, self._mistake, self.errors, "the page")

    def _mistake(self, words: str) -> None:
        self.message.value = f"<p class='cardlab-panel-mistake'>{html.escape(words)}</p>"

    def _game_changed(self, _change=None) -> None:
        if not self._opening:
            self._fill_game(None)

    def _fill_game(self, code: SetCode | None) -> None:
        """The rules and kinds of the chosen game (those of ``code`` if given)."""
        v = variants.get(self.game.value)
        self.rules.options = list(v.presets)
        self.rules.value = code.preset if code else next(iter(v.presets))
        if code is not None:
            self.level.value = code.level
        chosen = set(code.kinds) if code else set(kinds_for(self.game.value))
        boxes = []
        for kind in kinds_for(self.game.value):
            words, question = KIND_WORDS.get(kind, (kind, kind))
            t = w.ToggleButton(value=kind in chosen, description=words, layout=w.Layout(width="auto"),
                               tooltip=question)
            t.add_class("cardlab-panel-kind")
            t.kind = kind
            boxes.append(t)
        self.kinds.children = boxes

    def _new_set(self, seed: int | None = None) -> None:
        kinds = tuple(t.kind for t in self.kinds.children if t.value)
        if not kinds:
            self._mistake("Choose at least one kind of exercise (the buttons above), then press New set.")
            return
        seed = random.SystemRandom().randrange(10 ** 6) if seed is None else seed
        self._start(SetCode(self.game.value, self.rules.value, kinds, seed, level=self.level.value))

    def open_code(self, code: str) -> None:
        """Open the set of ``code`` as the *Open* button does; never raises (a bad code is shown
        in words, and the set shown stays)."""
        self._safe(self._open)(code)

    def _open(self, text: str) -> None:
        if not text.strip():
            self._mistake("Type the set code the teacher gives, such as 66-santase-legal,trick-e2-1234, "
                          "then press Open.")
            return
        if is_worksheet_code(text):
            self._open_worksheet(text)
            return
        code = parse_code(text)
        self._opening = True
        try:
            self.game.value = code.variant
        finally:
            self._opening = False
        self._fill_game(code)
        self._start(code)

    def _open_worksheet(self, text: str) -> None:
        from .worksheet import WorksheetSet, load_worksheet, parse_worksheet_code

        sheet = load_worksheet(text, self.folder)
        code = parse_worksheet_code(text)
        answered = WorksheetSet(sheet, code)
        self.widget = ExerciseWidget(answered, teacher=self.teacher, join=self.join_box)
        self.exercises.children = [self.widget]
        self.code.value = ""
        title = getattr(sheet, "title", "") or "Worksheet"
        self.message.value = (f"<p class='cardlab-panel-set'>Worksheet <code style='font-size:120%'>"
                              f"{html.escape(code)}</code> · {html.escape(str(title))} · {answered.count} "
                              f"exercise{'s' if answered.count != 1 else ''}: everybody who opens this code gets the "
                              f"same ones.</p>")
        self._banner()

    def _start(self, code: SetCode) -> None:
        count = self.PER_KIND * len(code.kinds)
        self.widget = ExerciseWidget(str(code), count=count, teacher=self.teacher, join=self.join_box)
        self.exercises.children = [self.widget]
        self.code.value = ""
        self.message.value = (f"<p class='cardlab-panel-set'>Set code <code style='font-size:120%'>"
                              f"{html.escape(str(code))}</code> · {count} exercises, {self.PER_KIND} of each kind: "
                              f"everybody who opens this code gets the same ones.</p>")
        self._banner()

    def _banner(self) -> None:
        if self.teacher:
            self.banner.value = ("<p class='cardlab-panel-teacher' style='font-size:120%;padding:6px 10px;"
                                 "background:#fff3cd;border:2px solid #b8860b;border-radius:6px'>"
                                 "<b>Teacher's page</b>: each answer is shown under its question. Do not show this "
                                 "page to the class: the students' address is the same without the key.</p>")
        else:
            self.banner.value = ("<p class='cardlab-panel-students'>Choose a game and its exercises and press "
                                 "<b>New set</b>, or type the teacher's set code or worksheet code and press "
                                 "<b>Open</b>.</p>")

    @property
    def set_code(self) -> str:
        """The code of the set or worksheet shown (e.g. ``"66-santase-legal,trick-e2-1234"``,
        ``"ws-k7m2q"``)."""
        return str(self.widget.set.code)

    @property
    def shown_exercises(self) -> list:
        """The exercises of the set or worksheet shown, in order (a list of
        :class:`~cardlab.classroom.verdicts.Exercise`)."""
        s = self.widget.set
        return [s.exercise(i) for i in range(s.count)]


def is_worksheet_code(text: str) -> bool:
    """Whether ``text`` reads as a worksheet code (``"ws-k7m2q"``, ``"WS K7M2Q"``): it starts with
    ``ws`` once spaces are left out and capitals read as small letters (no set code does: those
    start with a game's code, such as ``66`` or ``m4``). A code that starts so but is mistyped is
    then refused by :func:`cardlab.classroom.worksheet.parse_worksheet_code` in words."""
    return isinstance(text, str) and "".join(text.split()).lower().startswith("ws")

