"""Shared pieces of cardlab's widgets: buttons and HTML panes carrying ``cardlab-…`` classes.

Conventions of every widget in this package: widgets only
update ``HTML.value`` and ``Label.value``; they never print into ``Output`` widgets nor call
``clear_output``, so nbval, Voila and static HTML all see the same thing. Every part has a
``cardlab-…`` CSS class (added with ``add_class``) for browser tests. A person's mistake is shown
in the widget's message area in words, never as a traceback, and no callback raises.
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as w

from ..errors import CardlabError

__all__ = ["button", "guarded", "html_pane"]


def guarded(fn: Callable, say: Callable[[str], None], errors: list, what: str) -> Callable:
    """``fn`` as a widget callback that never raises: a :class:`~cardlab.errors.CardlabError`
    (a person's mistake) is passed to ``say`` in its own words; any other exception (a bug) is
    appended to ``errors`` as ``"Type: message"`` and said as "Something went wrong (Type);
    ``what`` is as it was." (tests click everything and check ``errors`` stays empty)."""
    def handler(*args):
        try:
            fn(*args)
        except CardlabError as e:
            say(str(e))
        except Exception as e:  # noqa: BLE001 - no callback may raise; a bug is kept in errors
            errors.append(f"{type(e).__name__}: {e}")
            say(f"Something went wrong ({type(e).__name__}); {what} is as it was.")
    return handler


def button(description: str, css_class: str, tooltip: str = "") -> w.Button:
    b = w.Button(description=description, tooltip=tooltip, layout=w.Layout(width="auto"))
    b.add_class(css_class)
    return b


def html_pane(css_class: str, value: str = "") -> w.HTML:
    """An HTML widget carrying ``css_class`` (the browser tests and the CSS find widgets by it)."""
    h = w.HTML(value)
    h.add_class(css_class)
    return h

