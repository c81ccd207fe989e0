"""The teacher's worksheet maker and print buttons (the teacher's page of the served class).

:class:`WorksheetMaker` turns the position of a :class:`~cardlab.classroom.editor.PositionEditor`
into worksheet items: the editor's position (checked with
:meth:`~cardlab.classroom.editor.PositionEditor.check`, written with the standing typed in its
*Before* box), a kind from a menu of the game's exercise kinds, and an optional own question;
*Add to worksheet* makes the exercise at once
(:func:`cardlab.classroom.make_exercise_from_position`), so a kind that does not apply is said in
words then. *Save worksheet* saves it in the class folder and shows its code for the board
(:meth:`cardlab.classroom.worksheet.Worksheet.save`); *Print worksheet* and *Print answer key*
write its pages into the class folder and say where.

:class:`PrintButtons` print the code a callable gives with its count of exercises (the set or
worksheet the teacher's page shows): ``PrintButtons(lambda: (panel.set_code,
panel.widget.set.count))``.

Printouts are written by :func:`cardlab.classroom.worksheet.save_print`: the worksheet and its
answer key (:func:`cardlab.render.worksheet.worksheet_html`: A4, six exercises a page) as
``<class folder>/print/<code>-worksheet.html`` and ``<code>-key.html``, replacing earlier prints
of the same code, never through a link (``python3 dev.py class`` writes the same files for every
saved worksheet). Callbacks never raise; parts carry ``cardlab-maker-…`` and ``cardlab-print-…``
CSS classes.
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Callable

import ipywidgets as w

from ..widgets.base import StaticFallback, button, guarded, html_pane

__all__ = ["WorksheetMaker", "PrintButtons"]


class PrintButtons(StaticFallback, w.VBox):
    """*Print worksheet* and *Print answer key* for what ``source()`` gives: ``(code, count)``, a
    set code or worksheet code and how many of a set's exercises (such as the set a teacher's page
    shows). Each writes both pages with :func:`cardlab.classroom.worksheet.save_print` into
    ``folder`` (``None``: the class folder), in its ``print/`` folder, and says where the one asked
    for is; never raises (a mistake is said in words, a bug kept in :attr:`errors`)."""

    def __init__(self, source: Callable[[], tuple], folder: str | os.PathLike | None = None, *,
                 label: str = "this set"):
        self.source = source
        self.folder = folder
        self.errors: list[str] = []
        self.written: list[Path] = []
        self.sheet_button = button("Print worksheet", "cardlab-print-sheet", f"write {label} as a worksheet to print")
        self.key_button = button("Print answer key", "cardlab-print-key", f"write {label}'s answer key to print")
        self.message = html_pane("cardlab-print-message")
        self.sheet_button.on_click(self._safe(lambda _: self._print(False)))
        self.key_button.on_click(self._safe(lambda _: self._print(True)))
        super().__init__([w.HBox([self.sheet_button, self.key_button]), self.message])
        self.add_class("cardlab-print")

    def _safe(self, fn):
        return guarded(fn, self._say, self.errors, "the printouts")

    def _say(self, words: str) -> None:
        self.message.value = f"<p class='cardlab-print-mistake'>{html.escape(words)}</p>"

    def print(self, answers: bool) -> None:
        """Write the worksheet (``answers=False``) or the answer key, as the buttons do. Never raises."""
        self._safe(lambda: self._print(answers))()

    def _print(self, answers: bool) -> None:
        from .worksheet import save_print

        code, count = self.source()
        try:
            sheet, key = save_print(code, self.folder, count)
        except OSError as e:
            self._say(f"Not printed: the file could not be written ({e.strerror or e}).")
            return
        path = key if answers else sheet
        self.written.append(path)
        what = "answer key" if answers else "worksheet"
        self.message.value = (f"<p class='cardlab-print-written'>The {what} of <code>{html.escape(str(code))}</code> "
                              f"is in <code>{html.escape(str(path))}</code>: open it in a browser and print it "
                              f"(A4, six exercises a page).</p>")


class WorksheetMaker(StaticFallback, w.VBox):
    """Make a worksheet from a position editor's positions (see the module docstring).

    Parameters
    ----------
    editor : PositionEditor
        The editor whose position *Add to worksheet* takes.
    folder : str, os.PathLike or None
        The class folder (worksheets and printouts); ``None`` (default) is
        :func:`cardlab.classroom.roles.class_folder`.

    Attributes
    ----------
    items : list of WorksheetItem
        The worksheet's items so far.
    code : str or None
        The code of the worksheet last saved.
    errors : list of str
        Unexpected errors met in callbacks (a bug; empty otherwise).
    """

    def __init__(self, editor, folder: str | os.PathLike | None = None):
        self.editor = editor
        self.folder = folder
        self.items: list = []
        self.code: str | None = None
        self._saved = None
        self.errors: list[str] = []
        self.title = w.Text(value="Worksheet", description="Title", layout=w.Layout(width="30em"))
        self.title.add_class("cardlab-maker-title")
        self.kind = w.Dropdown(description="Kind", layout=w.Layout(width="24em"))
        self.kind.add_class("cardlab-maker-kind")
        self.question = w.Text(placeholder="optional: your own question", description="Question",
                               layout=w.Layout(width="40em"))
        self.question.add_class("cardlab-maker-question")
        self.add_button = button("Add to worksheet", "cardlab-maker-add", "add the editor's position with this kind")
        self.remove_button = button("Remove last", "cardlab-maker-remove", "take the last item off the worksheet")
        self.save_button = button("Save worksheet", "cardlab-maker-save", "save it in the class folder and show its code")
        self.list = html_pane("cardlab-maker-items")
        self.message = html_pane("cardlab-maker-message")
        self.code_pane = html_pane("cardlab-maker-code")
        self.printer = PrintButtons(self._printable, folder, label="the saved worksheet")
        self.add_button.on_click(self._safe(lambda _: self._add()))
        self.remove_button.on_click(self._safe(lambda _: self._remove()))
        self.save_button.on_click(self._safe(lambda _: self._save()))
        editor.game.observe(self._safe(lambda _: self._fill_kinds()), names="value")
        super().__init__([
            self.title,
            w.HBox([self.kind, self.question], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.add_button, self.remove_button, self.save_button]),
            self.message, self.list, self.code_pane, self.printer,
        ])
        self.add_class("cardlab-maker")
        self._fill_kinds()
        self._show_items()

    def _safe(self, fn):
        return guarded(fn, self._say, self.errors, "the worksheet")

    def _say(self, words: str, kind: str = "mistake") -> None:
        self.message.value = f"<p class='cardlab-maker-{kind}'>{html.escape(words)}</p>"

    def _fill_kinds(self) -> None:
        from .exercises import kinds_for
        from .panel import KIND_WORDS

        kinds = kinds_for(self.editor.game.value)
        current = self.kind.value
        self.kind.options = [(KIND_WORDS.get(k, (k, ""))[0] + f": {KIND_WORDS.get(k, ('', k))[1]}", k) for k in kinds]
        if current in kinds:
            self.kind.value = current

    def position(self) -> str | None:
        """The editor's position as worksheet text (with the standing typed in *Before*), or
        ``None`` when it is not a legal position (the editor then says why)."""
        from .notation import position_text

        if not self.editor.check():
            return None
        start = self.editor.start()
        before = next(iter(start.values()), None) if start else None
        return position_text(self.editor.state, before=before)

    def add(self, kind: str | None = None, question: str = "") -> bool:
        """Add the editor's position as *Add to worksheet* does (``kind`` None: the menu's); True
        when it was added. Never raises."""
        if kind is not None:
            self._safe(lambda: setattr(self.kind, "value", kind))()
        self.question.value = question
        before = len(self.items)
        self._safe(self._add)()
        return len(self.items) > before

    def _add(self) -> None:
        from .from_position import make_exercise_from_position
        from .worksheet import MAX_ITEMS, WorksheetItem

        if len(self.items) >= MAX_ITEMS:
            self._say(f"A worksheet holds at most {MAX_ITEMS} exercises: save this one and start another.")
            return
        if self.kind.value is None:
            self._say("Choose a kind of exercise first.")
            return
        text = self.position()
        if text is None:
            self._say("The position is not ready yet: see the message under the editor above.")
            return
        question = self.question.value.strip()
        make_exercise_from_position(text, self.kind.value, question)   # refuses a kind that does not apply
        self.items.append(WorksheetItem(text, self.kind.value, question))
        self.question.value = ""
        self._say(f"Added as exercise {len(self.items)}.", "added")
        self._show_items()

    def _remove(self) -> None:
        if not self.items:
            self._say("The worksheet has no exercise yet.")
            return
        self.items.pop()
        self._say(f"Removed; {len(self.items)} left.", "added")
        self._show_items()

    def _show_items(self) -> None:
        from .panel import KIND_WORDS

        if not self.items:
            self.list.value = ("<p class='cardlab-maker-empty'>No exercise yet: set up a position in the editor "
                               "above, choose a kind and press <b>Add to worksheet</b>.</p>")
            return
        rows = "".join(f"<li><b>{html.escape(KIND_WORDS.get(it.kind, (it.kind,))[0])}</b>"
                       f"{': ' + html.escape(it.question) if it.question else ''}<br>"
                       f"<code style='font-size:85%'>{html.escape(it.position)}</code></li>" for it in self.items)
        self.list.value = f"<ol class='cardlab-maker-list'>{rows}</ol>"

    def save(self) -> str | None:
        """Save as *Save worksheet* does; the code, or None when it was not saved. Never raises."""
        self._safe(self._save)()
        return self.code if self._saved is not None and self._saved[0] == self.code else None

    def _save(self) -> None:
        from .worksheet import Worksheet

        if not self.items:
            self._say("Add at least one exercise first.")
            return
        sheet = Worksheet(self.title.value, list(self.items))
        code = sheet.save(self.folder)
        self.code = code
        self._saved = (code, sheet)
        self._say(f"Saved with {len(self.items)} exercise{'s' if len(self.items) != 1 else ''}.", "added")
        self.code_pane.value = (f"<p class='cardlab-maker-saved' style='font-size:130%'>Worksheet code: "
                                f"<code style='font-size:140%'>{html.escape(code)}</code>: write it on the board; "
                                f"students type it in the <i>Set code</i> box and press <i>Open</i>.</p>")

    def _printable(self):
        if self._saved is None:
            raise _nothing_saved()
        code, sheet = self._saved
        return code, len(sheet.items)


def _nothing_saved():
    from ..errors import CardlabError

    return CardlabError("Save the worksheet first: its code is printed on it, and the students open the same "
                        "exercises with that code.")
