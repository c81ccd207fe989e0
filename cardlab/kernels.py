"""The one switch between cardlab's compiled parts and their pure-Python versions.

Two parts have a C extension built at installation (Cython): the exact solver's search
(:mod:`cardlab.analysis._csearch`) and Ninety-Nine's play-out card loop
(:mod:`cardlab._ninetynine_play`). Each gives the same answers as its Python version, which
stays as the reference and as the fallback where no C compiler was found. The environment
variable ``CARDLAB_PURE_PYTHON=1`` makes the Python versions the default everywhere.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

#: The compiled parts, by what they do: the extension module each is built as.
PARTS: dict[str, str] = {"solver": "cardlab.analysis._csearch", "ninety-nine play-out": "cardlab._ninetynine_play"}


def built() -> dict[str, bool]:
    """Whether each of :data:`PARTS` was built by the installation (importing each module)."""
    return {part: load(module) is not None for part, module in PARTS.items()}


def load(name: str) -> ModuleType | None:
    """The extension module ``name`` (e.g. ``"cardlab._ninetynine_play"``), or None if it was
    not built."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def default_kernel(module: ModuleType | None) -> str:
    """``"compiled"`` if ``module`` was built and ``CARDLAB_PURE_PYTHON`` is not ``1``, else
    ``"python"``."""
    return "compiled" if module is not None and os.environ.get("CARDLAB_PURE_PYTHON") != "1" else "python"


def pick(kernel: str | None, default: str, module: ModuleType | None, what: str) -> ModuleType | None:
    """The compiled module to use for ``kernel`` (None: ``default``), or None for Python.

    Raises ``ValueError`` for a name other than ``"compiled"``, ``"python"`` or None, and
    ``ImportError`` for ``"compiled"`` where ``module`` (``what``, e.g. "the compiled solver")
    was not built."""
    if kernel is None:
        kernel = default
    if kernel == "python":
        return None
    if kernel != "compiled":
        raise ValueError(f"kernel is 'compiled', 'python' or None, not {kernel!r}")
    if module is None:
        raise ImportError(f"{what} is not built: reinstall cardlab with a C compiler, or use kernel='python'")
    return module
