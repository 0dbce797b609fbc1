# Two commands on a fresh machine with only Python: `make test` and (with the terminal game) `make play`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test play lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,ray]'
	touch $(STAMP)

test: $(STAMP)
	.ci/install-chromium
	$(BIN)/ruff check src tests bench examples
	$(BIN)/pytest --durations=10

lint: $(STAMP)
	$(BIN)/ruff check src tests bench

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[test,bench]'
	$(BIN)/python bench/engine_speed.py

play: $(STAMP)
	$(BIN)/euchre play --level expert

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .hypothesis
