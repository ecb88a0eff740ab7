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

# Soldier Kings scenario #1 (1756, on land), #2 (1757, with fleets at sea) and World at
# War for 4 players (the campaign on four maps), Soldier Emperor's 1803 campaign for 4
# players cut to two years (1803-1804), Struggle of Empires, and Seven Years World War's
# two-player European game, each played end to end
# by scripted players.
demo: $(BIN)/pbem
	$(BIN)/pbem demo --ruleset soldier-kings --scenario 1756 --dir demo-game/1756
	$(BIN)/pbem demo --ruleset soldier-kings --scenario 1757 --dir demo-game/1757
	$(BIN)/pbem demo --ruleset soldier-kings --scenario world-at-war-4 --dir demo-game/world-at-war-4
	$(BIN)/pbem demo --ruleset soldier-emperor --scenario 1803-4 --option end=1804 --dir demo-game/soldier-emperor-1803
	$(BIN)/pbem demo --ruleset struggle-of-empires --scenario 5p --dir demo-game/struggle-5p
	$(BIN)/pbem demo --ruleset seven-years-world-war --scenario 2-european --dir demo-game/seven-years-2p
	$(BIN)/pbem demo --ruleset seven-years-world-war --scenario free-3 --dir demo-game/seven-years-free-3p

# one test process per core (pytest-xdist), each taking whole files
test: $(BIN)/pbem
	$(BIN)/python -m pytest -n auto --dist loadfile

lint: $(BIN)/pbem
	$(BIN)/ruff check pbem tests benchmarks
	$(BIN)/ruff format --check pbem tests benchmarks

bench: $(BIN)/pbem
	$(BIN)/python benchmarks/log_bench.py

clean:
	rm -rf $(VENV) demo-game
