"""What the compiled-versus-Python tests share: the kernel a fresh interpreter picks under a given
environment (CARDLAB_PURE_PYTHON is read once, at import)."""

import os
import subprocess
import sys


def kernel_in_subprocess(module: str, attribute: str, env_extra: dict) -> str:
    """``module.attribute`` (e.g. ``"compiled"``) as a new Python process with ``env_extra`` set
    sees it."""
    env = dict(os.environ, **env_extra)
    code = f"import {module} as m; print(m.{attribute})"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return out.stdout.strip()
