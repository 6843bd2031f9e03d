# Quick start: `make report` (simulate a default base-game run and write its report), `make test`
# (the whole suite), `make test-fast` (the rules specification).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup test test-fast report golden bench instructions clean

# Set-up says each step and lets pip show what it fetches and installs (about a minute or two).
$(BIN)/seiya: pyproject.toml
	@echo "Setting up $(VENV): seiya-sim and its dependencies (numpy, numba, pandas, pyarrow, matplotlib, ...; about 80 packages)"
	@echo "[1/3] Creating the virtual environment $(VENV)"
	$(PYTHON) -m venv $(VENV)
	@echo "[2/3] Updating pip"
	$(BIN)/pip install --upgrade pip
	@echo "[3/3] Installing seiya-sim with the test and notebook tools (\".[dev]\")"
	$(BIN)/pip install -e ".[dev]"
	@touch $(BIN)/seiya
	@echo "Set up: $(BIN)/seiya is ready"

setup: $(BIN)/seiya

test: setup
	$(BIN)/python -m pytest

# The rules specification only: the card tests, the golden traces and the invariants (about a minute).
test-fast: setup
	$(BIN)/python -m pytest tests/cards tests/test_cards.py tests/test_card_coverage.py tests/test_golden.py tests/test_invariants.py

# A default base-game run (20000 games, 2 players, the default policy, all cores), each card's
# worth (5000 games per arm) and the report; the first run also compiles the engine (about 5
# minutes). Prints the report's path last.
report: setup
	$(BIN)/seiya simulate --games 20000 --report

# How fast the engine is: games/s, µs per player-turn, compile and start-up time, memory.
bench: setup
	$(BIN)/seiya bench

# Instructions per player-turn under callgrind, steady whatever the machine's load (needs valgrind; a few minutes).
instructions: setup
	$(BIN)/seiya bench --instructions

golden: setup
	$(BIN)/python -m tests.golden --regenerate

clean:
	rm -rf $(VENV) .numba_cache build *.egg-info
