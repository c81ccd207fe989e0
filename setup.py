"""Build of cardlab's two optional C extensions (Cython): the exact solver's search
(cardlab/analysis/_csearch.pyx) and Ninety-Nine's play-out card loop (cardlab/_ninetynine_play.pyx).

Everything else is in pyproject.toml. The extensions are optional: where they cannot be built (no
C compiler, no Python headers), installation goes on and cardlab uses the same code in pure
Python (``cardlab.analysis.solver.KERNEL == "python"``,
``cardlab.ninetynine.PLAYOUT_KERNEL == "python"``), saying so here.

``CARDLAB_PURE_WHEEL=1`` in the environment leaves them out altogether, so that a wheel built so
(``uv build --wheel``, ``pip wheel .``) is a pure-Python ``py3-none-any`` wheel, with no C
generated nor compiled inside: the one the static JupyterLite site installs in the browser
(Pyodide refuses platform wheels; tools/build_lite.py builds it).
"""

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

try:
    from Cython.Build import cythonize
except ImportError:  # Cython comes with the build requirements; without it, no extension
    cythonize = None


class OptionalBuildExt(build_ext):
    """build_ext that warns instead of failing: the pure-Python code stays usable."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any compiler or platform failure
            self._skip(exc)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001
            self._skip(exc)

    @staticmethod
    def _skip(exc):
        print(f"WARNING: a compiled part of cardlab was not built ({exc}); its pure-Python version is in use "
              f"(same answers, slower).", file=sys.stderr)


ext_modules = []
if os.environ.get("CARDLAB_PURE_WHEEL") == "1":
    print("CARDLAB_PURE_WHEEL=1: building cardlab without its compiled parts (a pure-Python wheel).",
          file=sys.stderr)
elif cythonize is not None:
    ext_modules = cythonize(["cardlab/analysis/_csearch.pyx", "cardlab/_ninetynine_play.pyx"], language_level=3,
                            quiet=True)
else:
    print("WARNING: Cython is not available, so cardlab's compiled solver and play-out are not built; their "
          "pure-Python versions are in use (same answers, slower).", file=sys.stderr)

setup(ext_modules=ext_modules, cmdclass={"build_ext": OptionalBuildExt})
