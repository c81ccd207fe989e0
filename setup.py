"""Build of cardlab's optional compiled search (cardlab/analysis/_csearch.pyx, Cython).

Everything else is in pyproject.toml. The extension is optional: where it cannot be built (no C
compiler, no Python headers), installation goes on and cardlab uses its pure-Python solver
(``cardlab.analysis.solver.KERNEL == "python"``), saying so here.
"""

import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

try:
    from Cython.Build import cythonize
except ImportError:  # Cython comes with the build requirements; without it, no extension
    cythonize = None


class OptionalBuildExt(build_ext):
    """build_ext that warns instead of failing: the pure-Python solver stays usable."""

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
        print(f"WARNING: cardlab's compiled solver was not built ({exc}); the pure-Python solver is in use "
              f"(same answers, slower).", file=sys.stderr)


ext_modules = []
if cythonize is not None:
    ext_modules = cythonize(["cardlab/analysis/_csearch.pyx"], language_level=3, quiet=True)
else:
    print("WARNING: Cython is not available, so cardlab's compiled solver is not built; the pure-Python "
          "solver is in use (same answers, slower).", file=sys.stderr)

setup(ext_modules=ext_modules, cmdclass={"build_ext": OptionalBuildExt})
