# Two commands on a fresh machine with only Python: `make test` and (with the terminal game) `make play`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PLAY_STAMP := $(VENV)/.play-installed

.PHONY: test play serve lint typecheck bench screens clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,ray]'
	touch $(STAMP)

test: $(STAMP)
	.ci/install-debian
	if command -v npm >/dev/null; then npm ci --prefix tests/js --no-audit --no-fund --silent; fi
	$(BIN)/ruff check src tests bench examples scripts
	$(BIN)/pytest --durations=10 -n auto --dist loadfile

lint: $(STAMP)
	$(BIN)/ruff check src tests bench examples scripts

# mypy over the whole package, as pyproject.toml configures it (tests/test_types.py runs it
# with the suite, allowing errors only in the files still listed there)
typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[test,bench]'
	$(BIN)/python bench/engine_speed.py

# Every picture of docs/screens/ made again (Chromium; a few minutes): the README's among
# them. The suite makes a sample (tests/test_browser_checked.py); the languages' pictures:
# `$(BIN)/python scripts/screenshot.py --languages`.
screens: $(STAMP)
	$(BIN)/python scripts/screenshot.py

# Playing needs only the package itself: no test tools, no Ray (a fresh clone plays in well
# under a minute; the figure is in the README).
$(PLAY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e .
	touch $(PLAY_STAMP)

play: $(PLAY_STAMP)
	$(BIN)/euchre play

# The browser game on http://127.0.0.1:8000 (against the computer or a friend).
serve: $(PLAY_STAMP)
	$(BIN)/euchre serve

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .hypothesis
