"""Notebook widgets: a thin ipywidgets layer over :mod:`cardlab.render`.

* :class:`Stepper` (:mod:`.stepper`) steps back and forth through the states of a hand or a
  game, with all cards open or as one seat sees it, and each step's explanation;
* :class:`PlayTable` (:mod:`.table`) plays whole hands of any variant against the computer, with
  controls that fit each decision, hints, take-backs and a review of your decisions.

Conventions: widgets only update ``HTML.value`` and
``Label.value``; they never print into ``Output`` widgets nor call ``clear_output``, so nbval,
Voila and static HTML all see the same thing. Every part has a ``cardlab-…`` CSS class (added
with ``add_class``) for browser tests. A person's mistake (an illegal card, a typo) is shown in
the widget's message area, never as a traceback. Everything is deterministic given the seeds.

ipywidgets is imported by the widget modules (this package, the variants' lesson widgets in
``cardlab.widgets.<stem>`` and the classroom's), never by ``import cardlab``, which stays light.
"""

from .stepper import Stepper
from .table import PlayTable, action_label

__all__ = ["Stepper", "PlayTable", "action_label"]
