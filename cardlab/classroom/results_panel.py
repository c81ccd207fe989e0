"""The teacher's live view of the class's answers: :class:`ResultsPanel`.

``ResultsPanel(folder=None, set_code=None)`` reads the class's results
(:class:`cardlab.classroom.results.ClassResults`, ``<folder>/results.sqlite3``; ``folder=None``:
the class folder) and shows, for all sets or the one chosen in its menu:

* the students and how many exercises each has answered;
* % right per exercise, as a bar chart (matplotlib's ``Figure``, no pyplot, drawn to an inline SVG);
* the commonest wrong answers of each exercise, with the rule each breaks: the rule ids and their
  words, read from the variant's ``RULES`` table through the registry
  (:func:`cardlab.classroom.verdicts.rule_text`);
* a table per student: answered, right, % right, median seconds, last answer (UTC);
* *Export CSV*: every answer into the class folder, under a bare file name the teacher types
  (:meth:`ClassResults.export_csv`; a refused name is answered in words).

**Refreshing.** The panel refreshes itself every :data:`INTERVAL_MS` milliseconds while *Auto* is
on: a hidden :class:`ipywidgets.Play` (``repeat=True``) counts in the browser, and each change of
its value runs :meth:`ResultsPanel.refresh` in the kernel (no thread). The browser's Play counts
only once ``playing`` turns True while it is shown, so the panel starts it when the browser reports
a view of it (``_view_count``). *Refresh* refreshes at
once. A refresh never raises: with no database yet it says "no answers yet"; a database that
cannot be read is said in words (kept in :attr:`ResultsPanel.problems`); anything unexpected is
"Something went wrong" (kept in :attr:`ResultsPanel.errors`). An unchanged database is not drawn
again.

pandas and matplotlib are imported by the refresh, not by importing this module. Parts carry
``cardlab-results-…`` CSS classes. This is the teacher's page only: it shows every student's
answers.
"""

from __future__ import annotations

import html
import io
import os
import re
from pathlib import Path

import ipywidgets as w

from ..errors import CardlabError
from ..widgets.base import StaticFallback, button, guarded, html_pane

__all__ = ["ResultsPanel", "INTERVAL_MS", "ALL_SETS", "rule_words"]

#: How often the panel refreshes itself while *Auto* is on, in milliseconds.
INTERVAL_MS = 4000
#: The menu's entry for every set.
ALL_SETS = "All sets"


def _variant_of(set_code: str, folder) -> list[str]:
    """The variants an answer's rule ids may belong to: the set code's game, or the games of a
    worksheet's positions; ``[]`` when neither can be read."""
    from .panel import is_worksheet_code

    try:
        if is_worksheet_code(set_code):
            from .worksheet import load_worksheet
            return list(dict.fromkeys(ex.variant for ex in load_worksheet(set_code, folder).exercises()))
        from .exercises import parse_code
        return [parse_code(set_code).variant]
    except Exception:   # noqa: BLE001 - a code that no longer reads: search every game's rules
        return []


def rule_words(rule_id: str, variants_first=()) -> str:
    """The words of ``rule_id`` from its variant's ``RULES`` table (through the registry):
    the variants in ``variants_first`` are tried first, then every classroom variant; ``""``
    when no table has it."""
    from .exercises import classroom_variants
    from .verdicts import rule_text

    names = list(variants_first) + [v.name for v in classroom_variants() if v.name not in variants_first]
    for name in names:
        try:
            words = rule_text(name, rule_id)
        except Exception:   # noqa: BLE001 - a variant whose table cannot be read
            continue
        if words:
            return words
    return ""


def _table(headers: list[str], rows: list[list[str]], css: str) -> str:
    head = "".join(f"<th style='text-align:left;padding:2px 10px 2px 0'>{h}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 10px 2px 0;vertical-align:top'>{c}</td>" for c in row)
                   + "</tr>" for row in rows)
    return f"<table class='{css}' style='border-collapse:collapse'><tr>{head}</tr>{body}</table>"


class ResultsPanel(StaticFallback, w.VBox):
    """The class's answers, live (see the module docstring).

    Parameters
    ----------
    folder : str, os.PathLike or None
        The class folder; ``None`` (default) is :func:`cardlab.classroom.roles.class_folder`.
    set_code : str or None
        Show this set's (or worksheet's) answers first; ``None`` (default): all sets.
    auto : bool
        Refresh every :data:`INTERVAL_MS` ms (default True); the *Auto* toggle changes it.

    Attributes
    ----------
    errors : list of str
        Unexpected errors met in callbacks (a bug; empty otherwise).
    problems : list of str
        Database problems met by a refresh (said on the panel; the panel goes on).
    refreshes : int
        How many refreshes have run.

    Never raises when made: a folder or database that cannot be read is said on the panel.
    """

    def __init__(self, folder: str | os.PathLike | None = None, set_code: str | None = None, *, auto: bool = True):
        self.folder = folder
        self.errors: list[str] = []
        self.problems: list[str] = []
        self.refreshes = 0
        self._results = None
        self._drawn = None           # what the panel shows now (not drawn again if unchanged)
        self._chart_key = None
        self._setting_menu = False
        self._variants_of: dict[str, list[str]] = {}   # each code's games, read once (a worksheet is a file)
        self.status = html_pane("cardlab-results-status")
        self.refresh_button = button("Refresh", "cardlab-results-refresh", "read the class's answers now")
        self.auto = w.ToggleButton(value=bool(auto), description="Auto", tooltip="refresh every few seconds",
                                   icon="refresh", layout=w.Layout(width="auto"))
        self.auto.add_class("cardlab-results-auto")
        # The browser's Play starts counting only when ``playing`` changes to True while it is shown:
        # it is made stopped, counts its views (``_view_count``) and is started once one is shown.
        self.timer = w.Play(value=0, min=0, max=1_000_000, step=1, interval=INTERVAL_MS, repeat=True,
                            playing=False, show_repeat=False, layout=w.Layout(display="none"))
        self.timer._view_count = 0
        self.timer.add_class("cardlab-results-timer")
        self.sets = w.Dropdown(options=[ALL_SETS] + ([set_code] if set_code else []),
                               value=set_code or ALL_SETS, description="Set", layout=w.Layout(width="34em"))
        self.sets.add_class("cardlab-results-sets")
        self.students = html_pane("cardlab-results-students")
        self.chart = html_pane("cardlab-results-chart")
        self.wrong = html_pane("cardlab-results-wrong")
        self.table = html_pane("cardlab-results-table")
        self.csv_name = w.Text(placeholder="e.g. lesson_3", description="CSV file", layout=w.Layout(width="22em"),
                               tooltip="a file name in the class folder (no folders, no slashes)")
        self.csv_name.add_class("cardlab-results-csv-name")
        self.csv_replace = w.Checkbox(value=False, description="Replace", indent=False, layout=w.Layout(width="7em"))
        self.csv_replace.add_class("cardlab-results-csv-replace")
        self.export_button = button("Export CSV", "cardlab-results-export", "write every answer into the class folder")
        self.export_message = html_pane("cardlab-results-export-message")

        self.refresh_button.on_click(self._safe(lambda _: self._refresh(force=True)))
        self.auto.observe(self._safe(self._auto_changed), names="value")
        self.timer.observe(self._safe(lambda _: self._refresh()), names="value")
        self.timer.observe(self._safe(self._auto_changed), names="_view_count")
        self.sets.observe(self._safe(self._set_changed), names="value")
        self.export_button.on_click(self._safe(lambda _: self._export()))

        super().__init__([
            w.HBox([self.refresh_button, self.auto, self.sets, self.timer],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.status,
            self.students,
            self.chart,
            self.wrong,
            self.table,
            w.HBox([self.csv_name, self.csv_replace, self.export_button],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.export_message,
        ])
        self.add_class("cardlab-results")
        self.refresh()

    # -- callbacks ----------------------------------------------------------------------------
    def _safe(self, fn):
        return guarded(fn, self._say, self.errors, "the results panel")

    def _say(self, words: str, kind: str = "mistake") -> None:
        self.status.value = f"<p class='cardlab-results-{kind}'>{html.escape(words)}</p>"

    def _auto_changed(self, _change=None) -> None:
        self.timer.playing = bool(self.auto.value) and bool(self.timer._view_count)

    def _set_changed(self, _change=None) -> None:
        if not self._setting_menu:
            self._refresh(force=True)

    def static_html(self) -> str:
        """The panel's picture for a stored notebook (see :class:`~cardlab.widgets.base.StaticFallback`):
        as read when it was displayed, with every clock time (when it was read, each student's
        last answer) written ``--:--:--``, since a stored picture is not live and those times
        would change with each run."""
        return re.sub(r"\b\d{2}:\d{2}:\d{2}\b", "--:--:--", super().static_html())

    def refresh(self) -> None:
        """Read the class's answers and show them (as *Refresh* does). Never raises."""
        self._safe(lambda: self._refresh(force=True))()

    @property
    def set_code(self) -> str | None:
        """The set chosen in the menu, or ``None`` for all sets."""
        return None if self.sets.value in (None, ALL_SETS) else self.sets.value

    def _open(self):
        """The class's results, or None when there is no database yet (nothing is created)."""
        if self._results is not None:
            return self._results
        from .results import FILE_NAME, ClassResults

        folder = self.folder
        if folder is None:
            from .roles import class_folder
            folder = class_folder()
        if not (Path(folder) / FILE_NAME).exists():
            return None
        self._results = ClassResults(folder)
        return self._results

    def _refresh(self, force: bool = False) -> None:
        import sqlite3

        from ..errors import ClassResultsError

        self.refreshes += 1
        try:
            results = self._open()
            if results is None:
                self._show_empty()
                return
            answers = results.answers()
            names = results.students()
        except (ClassResultsError, sqlite3.Error, OSError) as e:
            self.problems.append(f"{type(e).__name__}: {e}")
            self._say(f"The class's results cannot be read just now ({e}); the panel tries again at the next "
                      f"refresh.")
            self._results = None
            return
        key = (len(answers), tuple(names), str(answers["time"].max()) if len(answers) else "", self.set_code)
        if key == self._drawn and not force:
            return
        self._drawn = key
        self._fill_menu(sorted(set(answers["set_code"])))
        self._show(results, answers, names)

    def _show_empty(self) -> None:
        self._drawn = None
        self.status.value = ("<p class='cardlab-results-empty'>No answers yet: the class's answers appear here as "
                             "the students check them.</p>")
        self.students.value = self.chart.value = self.wrong.value = self.table.value = ""

    def _fill_menu(self, codes: list[str]) -> None:
        options = [ALL_SETS] + codes
        if list(self.sets.options) == options:
            return
        current = self.sets.value
        self._setting_menu = True
        try:
            self.sets.options = options
            self.sets.value = current if current in options else ALL_SETS
        finally:
            self._setting_menu = False

    def _show(self, results, answers, names: list[str]) -> None:
        from datetime import datetime, timezone

        code = self.set_code
        chosen = answers if code is None else answers[answers["set_code"] == code]
        now = datetime.now(timezone.utc).strftime("%H:%M:%S")
        self.status.value = (f"<p class='cardlab-results-count'><b>{len(chosen)}</b> answer"
                             f"{'s' if len(chosen) != 1 else ''} from <b>{len(names)}</b> student"
                             f"{'s' if len(names) != 1 else ''}"
                             f"{'' if code is None else ' in ' + html.escape(code)} · read at {now} UTC</p>")
        if not len(chosen) and not names:
            self._show_empty()
            return
        counts = chosen.groupby("student").size().to_dict()
        self.students.value = ("<p class='cardlab-results-who'><b>Students</b> (answers): "
                               + ", ".join(f"{html.escape(n)} {counts.get(n, 0)}" for n in names) + "</p>")
        summary = results.summary(code)
        self._draw_chart(summary, several=code is None)
        self._show_wrong(summary)
        self._show_table(results.per_student(code))

    @staticmethod
    def _label(row, several: bool) -> str:
        return f"{row.set_code} #{row.exercise + 1}" if several else f"#{row.exercise + 1}"

    def _draw_chart(self, summary, several: bool) -> None:
        if not len(summary):
            self.chart.value = ""
            self._chart_key = None
            return
        labels = [self._label(r, several) for r in summary.itertuples()]
        values = [float(v) for v in summary["right_pct"]]
        counts = [int(n) for n in summary["answered"]]
        key = (tuple(labels), tuple(values), tuple(counts))
        if key == self._chart_key:
            return
        import matplotlib
        from matplotlib.figure import Figure   # no pyplot: no backend or global figure is touched

        height = max(1.6, 0.32 * len(labels) + 0.9)
        fig = Figure(figsize=(7.5, height))
        ax = fig.add_subplot()
        y = list(range(len(labels)))[::-1]
        colours = ["#1b7a3a" if v >= 75 else "#b8860b" if v >= 40 else "#b3261e" for v in values]
        ax.barh(y, values, color=colours)
        ax.set_yticks(y, labels, fontsize=8)
        ax.set_xlim(0, 100)
        ax.set_xlabel("% right")
        for yy, v, n in zip(y, values, counts):
            ax.text(min(v + 1, 88), yy, f"{v:.0f} % of {n}", va="center", fontsize=8)
        ax.set_title("% right per exercise", fontsize=10)
        fig.tight_layout()
        out = io.StringIO()
        with matplotlib.rc_context({"svg.fonttype": "none"}):   # text as text: a tenth of the size
            fig.savefig(out, format="svg")
        svg = out.getvalue()
        svg = svg[svg.find("<svg"):]
        self.chart.value = f"<div class='cardlab-results-bars' style='max-width:760px'>{svg}</div>"
        self._chart_key = key

    def _show_wrong(self, summary) -> None:
        rows = []
        variants_of = self._variants_of
        for r in summary.itertuples():
            if not r.top_wrong:
                continue
            if r.set_code not in variants_of:
                variants_of[r.set_code] = _variant_of(r.set_code, self.folder)
            for answer, count, rules in r.top_wrong:
                words = "<br>".join(f"<code>{html.escape(rid)}</code> {html.escape(rule_words(rid, variants_of[r.set_code]))}"
                                    for rid in rules) or "—"
                rows.append([html.escape(f"{r.set_code} #{r.exercise + 1}"), html.escape(r.kind),
                             html.escape(answer or "(nothing)"), str(count), words])
        self.wrong.value = ("<h4 style='margin:8px 0 2px'>Commonest wrong answers</h4>"
                            + (_table(["Exercise", "Kind", "Wrong answer", "Students", "The rule it breaks"], rows,
                                      "cardlab-results-wrong-table") if rows else "<p>No wrong answer yet.</p>"))

    def _show_table(self, table) -> None:
        import math

        rows = []
        for r in table.itertuples():
            pct = "—" if math.isnan(r.right_pct) else f"{r.right_pct:.0f} %"
            secs = "—" if math.isnan(r.median_seconds) else f"{r.median_seconds:.0f} s"
            last = "—" if str(r.last) == "NaT" else r.last.strftime("%H:%M:%S")
            rows.append([html.escape(r.student), str(r.answered), str(r.right), pct, secs, last])
        self.table.value = ("<h4 style='margin:8px 0 2px'>Per student</h4>"
                            + _table(["Student", "Answered", "Right", "% right", "Median time", "Last answer (UTC)"],
                                     rows, "cardlab-results-student-table"))

    def _export(self) -> None:
        name = self.csv_name.value
        if not name.strip():
            self.export_message.value = ("<p class='cardlab-results-mistake'>Type a file name first, such as "
                                         "lesson_3 (it is saved in the class folder).</p>")
            return
        import sqlite3

        try:
            results = self._open()
            if results is None:
                self.export_message.value = "<p class='cardlab-results-mistake'>No answers yet: nothing to export.</p>"
                return
            path = results.export_csv(name, replace=bool(self.csv_replace.value))
        except CardlabError as e:
            self.export_message.value = f"<p class='cardlab-results-mistake'>Not exported: {html.escape(str(e))}</p>"
            return
        except (sqlite3.Error, OSError) as e:
            self.problems.append(f"{type(e).__name__}: {e}")
            self.export_message.value = (f"<p class='cardlab-results-mistake'>Not exported: the file could not be "
                                         f"written ({html.escape(str(e))}).</p>")
            return
        self.export_message.value = (f"<p class='cardlab-results-exported'>Every answer is in "
                                     f"<code>{html.escape(str(path))}</code>.</p>")
