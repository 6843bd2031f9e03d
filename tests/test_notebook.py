"""The example notebook: shipped with its outputs (tables, figures, links to the report), and it
still runs from top to bottom (in a scratch folder, so its runs land there)."""
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "balance_tour.ipynb"


def _outputs(nb):
    return [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]


def test_the_notebook_is_shipped_with_its_outputs():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.get("outputs") and c.get("execution_count") for c in code)  # every cell shows its result
    outputs = _outputs(nb)
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert sum("image/png" in o.get("data", {}) for o in outputs) >= 2
    assert NOTEBOOK.stat().st_size < 250_000  # small figures, few games
    assert "compare_runs(run, cheaper" in "".join(c.source for c in code)  # the paired comparison
    assert "](runs/" in code[-1].outputs[0]["data"]["text/markdown"]  # links to the report


def test_balance_tour_notebook_runs(tmp_path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = _outputs(nb)
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs)  # the figures were drawn
    assert list(tmp_path.glob("runs/*/report.html"))
