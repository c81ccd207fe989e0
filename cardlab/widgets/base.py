"""Shared pieces of cardlab's widgets: buttons and HTML panes carrying ``cardlab-…`` classes.

Conventions of every widget in this package: widgets only
update ``HTML.value`` and ``Label.value``; they never print into ``Output`` widgets nor call
``clear_output``, so nbval, Voila and static HTML all see the same thing. Every part has a
``cardlab-…`` CSS class (added with ``add_class``) for browser tests. A person's mistake is shown
in the widget's message area in words, never as a traceback, and no callback raises.
"""

from __future__ import annotations

import ipywidgets as w

__all__ = ["button", "html_pane"]


def button(description: str, css_class: str, tooltip: str = "") -> w.Button:
    b = w.Button(description=description, tooltip=tooltip, layout=w.Layout(width="auto"))
    b.add_class(css_class)
    return b


def html_pane(css_class: str, value: str = "") -> w.HTML:
    """An HTML widget carrying ``css_class`` (the browser tests and the CSS find widgets by it)."""
    h = w.HTML(value)
    h.add_class(css_class)
    return h

