# kbroker: the two commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=

.PHONY: install run test lint bench clean system-deps

# Installs the project and its test dependencies into .venv; a no-op when nothing changed.
install: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

# Starts one broker on 127.0.0.1:9092 with its data in ./data.
run: install
	$(BIN)/python -m broker config/server.properties

test: install
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .

bench: install
	@for b in bench/bench_*.py; do \
		[ -e "$$b" ] || continue; \
		echo "== $$b"; $(BIN)/python "$$b" || exit 1; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
