"""Issue 49, criterion 5: "types checked: mypy runs in make test over src/". mypy checks the
whole package as ``[tool.mypy]`` in pyproject.toml configures it (``make typecheck`` runs it
alone); this test fails on any error it reports, anywhere in ``src/``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error():
    pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]')")
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert errors == [] and done.returncode == 0, done.stdout + done.stderr


def test_functions_are_typed_and_the_engine_checked_strictly():
    """Criterion 5: public functions typed (every function of every package, the server's
    too), the engine strict: every generic given its parameters too (all of
    ``--strict`` but ``warn_return_any``: see pyproject.toml)."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config.get("disallow_untyped_defs") is config.get("disallow_incomplete_defs") is True
    engine = [o for o in config["overrides"] if "euchre.engine.*" in o["module"]]
    assert engine, "pyproject.toml has no [[tool.mypy.overrides]] for euchre.engine"
    for flag in ("disallow_any_generics", "disallow_untyped_calls", "check_untyped_defs",
                 "strict_equality"):
        assert engine[0].get(flag) is True, flag
    loose = [o["module"] for o in config["overrides"] if o.get("ignore_errors") or False in (
        o.get("disallow_untyped_defs"), o.get("disallow_incomplete_defs"))]
    assert loose == [], loose
