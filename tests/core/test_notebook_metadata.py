"""Opening a notebook in JupyterLab changes nothing: each stored kernelspec is the one Lab
writes for this environment's kernel (name, display name, language), and the outputs carry no
widget state or timing that a re-run would rewrite."""

import json
from pathlib import Path

import pytest

jupyter_client = pytest.importorskip("jupyter_client")

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_stored_kernelspec_is_what_lab_writes(path):
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec("python3")
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"] == {"display_name": spec.display_name, "language": spec.language,
                                            "name": "python3"}
    assert "widgets" not in nb["metadata"], "no stored widget state (tools/run_notebooks.py leaves it out)"
    assert all("execution" not in c.get("metadata", {}) for c in nb["cells"]), "no per-cell timing"
