# kbroker: the two commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What is installed into .venv, one stamp per set, each made once (again when pyproject.toml,
# setup.py or the C accelerator change): a target depends on the set it needs.
#   run:  the package alone (`pip install -e .`): what one broker needs (make run)
#   lint: the package and .[lint]: ruff, mypy, import-linter, what mypy reads (make lint, make format)
#   full: the package and .[cluster,jobs,test]: kazoo, PySpark, the suite's tools and clients
#         (make test, jobs, monitor, cluster, bench, run-secure, compose-test); the targets that
#         run Java or ZooKeeper also run tools/install_system_deps.sh (apt, only what is missing)
STAMP_RUN := $(VENV)/.installed-run
STAMP_LINT := $(VENV)/.installed-lint
STAMP_FULL := $(VENV)/.installed-full
# The modules setup.py compiles with mypyc (protocol/native.py's COMPILED, read from there) are
# inputs as well: edited, they are compiled again (until then their source runs, see
# protocol/native.py).
CLOSE_PAREN := )
COMPILED_MODULES := $(shell sed -n '/^COMPILED: /,/^$(CLOSE_PAREN)/p' protocol/native.py | grep -o '"[a-z_.]*"' | tr -d '"')
INSTALL_INPUTS := pyproject.toml setup.py client/_crecords.c jobs/_cscan.c protocol/native.py \
	$(addsuffix .py,$(subst .,/,$(COMPILED_MODULES)))
# Each pip install of the package prints how long it took (the mypyc build is most of it).
BUILT_IN = echo "make install: built and installed in $$(( $$(date +%s) - start )) s"
PYTEST_ARGS ?=
# make test: the coverage of the four packages, a summary in the terminal (fully covered files left
# out) and a floor under which the whole suite fails; not with PYTEST_ARGS (a subset), which only
# prints the figure. The floor is what the whole suite measured (82.96% on 2026-11-27, commit
# a2de9d2, generated and compiled modules left out: pyproject's [tool.coverage.run]; broker
# processes started by tests are not measured). `make test COV=`: no coverage.
COV_FAIL_UNDER ?= 82
COV ?= --cov=protocol --cov=broker --cov=client --cov=jobs --cov-report=term:skip-covered \
	$(if $(strip $(PYTEST_ARGS)),,--cov-fail-under=$(COV_FAIL_UNDER))
# make test: two pytest-xdist workers; tests/conftest.py keeps on one worker what must not overlap
# (Spark, kill -9 loops, shared module fixtures). `make test XDIST=` runs the suite in one process.
XDIST ?= -n 2 --dist loadgroup
# make jobs: the broker's log dir to read, where the reports go, and the Spark master.
DATA ?= ./data
REPORTS ?= ./reports
SPARK_MASTER ?= local[*]
# make monitor: where its page, Parquet and checkpoint go, the broker its alerts go to (empty: none)
MONITOR ?= ./monitor
BOOTSTRAP ?= 127.0.0.1:9092
TRIGGER ?= 5

.PHONY: install run run-secure test test-pure lint format bench clean system-deps jobs cluster monitor compose-test docs console fuzz

# Everything: the system packages (Java for Spark, ZooKeeper, Chromium: apt, only what is missing)
# and the project with every extra into .venv; a no-op when nothing changed.
install: system-deps $(STAMP_FULL) $(STAMP_LINT)

system-deps:
	@bash tools/install_system_deps.sh

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Each set also satisfies run's (the package itself), hence the second stamp touched. run's own
# install skips the mypyc build (minutes on 2 cores, for a few percent: docs/performance.md,
# "The compiled build"), so that `make run` starts a broker at once; install, lint, test compile.
$(STAMP_RUN): $(INSTALL_INPUTS) | $(BIN)/python
	start=$$(date +%s); KBROKER_PURE_PYTHON=1 $(BIN)/python -m pip install --quiet -e . && $(BUILT_IN)
	@touch $@

$(STAMP_LINT): $(INSTALL_INPUTS) | $(BIN)/python
	start=$$(date +%s); $(BIN)/python -m pip install --quiet -e '.[lint]' && $(BUILT_IN)
	@touch $@ $(STAMP_RUN)

$(STAMP_FULL): $(INSTALL_INPUTS) | $(BIN)/python
	start=$$(date +%s); $(BIN)/python -m pip install --quiet -e '.[cluster,jobs,test]' && $(BUILT_IN)
	@touch $@ $(STAMP_RUN)

# Starts one broker on 127.0.0.1:9092 with its data in ./data.
run: $(STAMP_RUN)
	$(BIN)/python -m broker config/server.properties

# A secured broker (TLS, SASL PLAIN/SCRAM, ACLs) from config/secure.properties; the first run makes a
# throwaway CA, certificates and users in ./secure (tools/run_secure.py, with `cryptography`, from
# the test extra). See README "Security".
run-secure: $(STAMP_FULL)
	$(BIN)/python tools/run_secure.py

# ZooKeeper and three brokers (config/cluster/) as local processes, the same topology as
# docker-compose.yml; clients bootstrap at 127.0.0.1:19092. Ctrl-C stops it cleanly. Needs kazoo
# (the cluster extra) and ZooKeeper's jars (tools/install_system_deps.sh).
cluster: system-deps $(STAMP_FULL)
	$(BIN)/python tools/cluster.py

# The suite (with Spark, ZooKeeper, Chromium: system-deps), then the coverage summary and its floor.
test: system-deps $(STAMP_FULL)
	$(BIN)/python -m pytest $(XDIST) $(COV) $(PYTEST_ARGS)

# The web console (console/, docs/console.md) on http://127.0.0.1:8080/ for the cluster at $(BOOTSTRAP).
console: $(STAMP_FULL)
	$(BIN)/python -m console --bootstrap-server $(BOOTSTRAP)

# Coverage-guided fuzzing (atheris; tests/fuzz/targets.py): each target for FUZZ_SECONDS, the corpus
# kept in .fuzz/<target> from one run to the next; a crash leaves its input in .fuzz/ and fails.
# (`make test` runs each for a few seconds: tests/fuzz/test_fuzz.py.)
FUZZ_SECONDS ?= 300
fuzz: $(STAMP_FULL)
	@mkdir -p .fuzz
	@for t in request records log sasl; do \
		echo "== fuzz $$t ($(FUZZ_SECONDS) s)"; \
		(cd .fuzz && PYTHONPATH=$(CURDIR) $(abspath $(BIN))/python -m tests.fuzz $$t $$t -max_total_time=$(FUZZ_SECONDS) \
			-timeout=10 -rss_limit_mb=2048 -print_final_stats=1) || exit 1; \
	done

# The unit and protocol tests on the pure-Python fallback: KBROKER_PURE_PYTHON=1 imports the
# sources of the modules setup.py compiles with mypyc (protocol/native.py), as on a machine
# without a C compiler. `make test` runs the compiled build.
test-pure: $(STAMP_FULL)
	KBROKER_PURE_PYTHON=1 $(BIN)/python -m pytest $(XDIST) tests/unit tests/protocol $(PYTEST_ARGS)

# PySpark reports over $(DATA)/__consumer_offsets-*: Parquet results and $(REPORTS)/index.html.
jobs: system-deps $(STAMP_FULL)
	SPARK_LOCAL_IP=127.0.0.1 PYSPARK_PYTHON=$(abspath $(BIN)/python) PYSPARK_DRIVER_PYTHON=$(abspath $(BIN)/python) \
		$(BIN)/spark-submit --master '$(SPARK_MASTER)' --conf spark.log.level=WARN \
		jobs/run_all.py --data $(DATA) --out $(REPORTS)

# The live lag monitor (Burrow's rules) over $(DATA): $(MONITOR)/monitor.html, Parquet status
# changes, alerts on the __lag_alerts topic of $(BOOTSTRAP). Ctrl-C stops it; it resumes from its checkpoint.
monitor: system-deps $(STAMP_FULL)
	SPARK_LOCAL_IP=127.0.0.1 PYSPARK_PYTHON=$(abspath $(BIN)/python) PYSPARK_DRIVER_PYTHON=$(abspath $(BIN)/python) \
		$(BIN)/python -m jobs.monitor --data $(DATA) --out $(MONITOR) --trigger $(TRIGGER) --master '$(SPARK_MASTER)' \
		$(if $(BOOTSTRAP),--bootstrap $(BOOTSTRAP))

# ruff (lint and format), the import contracts ([tool.importlinter]),
# protocol/typed.py up to date with the declarations, then mypy over protocol/,
# broker/, client/, jobs/ and console/ (its settings: [tool.mypy] in pyproject.toml). No apt, no Java.
lint: $(STAMP_LINT)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python -m protocol.typegen --check
	$(BIN)/python -m protocol.codegen --check
	$(BIN)/mypy

# Rewrites the code as `make lint` wants it: ruff's formatting, then its safe fixes.
format: $(STAMP_LINT)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: system-deps $(STAMP_FULL)
	@for b in bench/bench_*.py; do \
		[ -e "$$b" ] || continue; \
		echo "== $$b"; $(BIN)/python "$$b" || exit 1; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis .import_linter_cache .coverage .coverage.*

# docker-compose.yml for real: images, the cluster in containers, clients on this machine, a broker
# killed and restarted, a fourth broker (profile scale) taking half a topic under a replication
# throttle, `down -v` (tools/compose_test.sh; installs Docker with apt if missing). The
# scenario drives aiokafka and confluent-kafka (the test extra) from .venv; no Java here.
compose-test: $(STAMP_FULL)
	bash tools/compose_test.sh

# The docs site (mkdocs.yml, docs/) into site/: installs the docs extra into .venv if it is not
# there, then `mkdocs build --strict` (any warning fails it). Tables generated from the code.
docs:
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -c 'import material, mkdocstrings_handlers.python, construct' 2>/dev/null \
		|| $(BIN)/python -m pip install --quiet -e '.[docs]'
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict
