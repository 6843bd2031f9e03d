# Quick start: `make report` (simulate a default base-game run and write its report), `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup test report golden clean

$(BIN)/seiya: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	@touch $(BIN)/seiya

setup: $(BIN)/seiya

test: setup
	$(BIN)/python -m pytest

golden: setup
	$(BIN)/python -m tests.golden --regenerate

clean:
	rm -rf $(VENV) .numba_cache build *.egg-info
