# Each target builds its own virtual environment on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test lint bench clean

$(BIN)/pbem: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(BIN)/pbem

# Until the first game ships, the demo plays the core's test ruleset (tests/support).
demo: $(BIN)/pbem
	PYTHONPATH=tests/support PBEM_RULESETS=mini=mini_ruleset:MiniRuleset \
		$(BIN)/pbem demo --dir demo-game

test: $(BIN)/pbem
	$(BIN)/python -m pytest

lint: $(BIN)/pbem
	$(BIN)/ruff check pbem tests benchmarks
	$(BIN)/ruff format --check pbem tests benchmarks

bench: $(BIN)/pbem
	$(BIN)/python benchmarks/log_bench.py

clean:
	rm -rf $(VENV) demo-game
