"""Packages cardlab uses only in a few functions: pandas (tables), which comes with the
``tables`` extra (``pip install 'cardlab[tables]'``; the ``notebooks`` extra includes it).

``import cardlab``, the rules engines, the widgets, the play table and the classroom load none of
it, so they also run where it cannot be installed (the static JupyterLite site, whose browser
Python has no pandas; README, *The static site*). A function that needs it imports it with one
line, ``from cardlab.optional import pandas as pd``, and where pandas is missing that line raises
:class:`MissingPackageError` naming the function and how to get the package.
"""

from __future__ import annotations

import importlib
import sys

from .errors import CardlabError

#: module name -> (what cardlab uses it for, the extra that brings it)
PACKAGES = {
    "pandas": ("tables", "tables"),
}


class MissingPackageError(CardlabError, ImportError):
    """A function needs an optional package that is not installed (a ``CardlabError``, and an
    ``ImportError`` for code that catches that)."""


def __getattr__(name: str):
    """``from cardlab.optional import pandas``: the package itself, or :class:`MissingPackageError`
    saying which function needs it and which extra brings it."""
    if name not in PACKAGES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        return importlib.import_module(name)
    except ImportError:
        pass
    what, extra = PACKAGES[name]
    frame = sys._getframe(1)
    module = frame.f_globals.get("__name__", "?")
    caller = f"{module}.{frame.f_code.co_qualname}"
    error = MissingPackageError(
        f"{caller}() needs {name} ({what}), which is not installed in this Python. Install it with "
        f"pip install 'cardlab[{extra}]' (or pip install {name}). The static site's browser Python "
        f"has no {name}: use this on a machine with cardlab installed (python3 dev.py lab).")
    error.name = name
    raise error from None
