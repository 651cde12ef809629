# kbroker: the two commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=
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

.PHONY: install run run-secure test lint bench clean system-deps jobs cluster monitor compose-test

# Installs the project with every extra (cluster: kazoo; jobs: PySpark; test) into .venv, and the system packages it needs
# (Java for Spark, with apt, only where `java` is missing); a no-op when nothing changed.
install: system-deps $(STAMP)

system-deps:
	@bash tools/install_system_deps.sh

$(STAMP): pyproject.toml setup.py client/_crecords.c
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[cluster,jobs,test]'
	@touch $(STAMP)

# Starts one broker on 127.0.0.1:9092 with its data in ./data.
run: install
	$(BIN)/python -m broker config/server.properties

# A secured broker (TLS, SASL PLAIN/SCRAM, ACLs) from config/secure.properties; the first run makes a
# throwaway CA, certificates and users in ./secure (tools/run_secure.py). See README "Security".
run-secure: install
	$(BIN)/python tools/run_secure.py

# ZooKeeper and three brokers (config/cluster/) as local processes, the same topology as
# docker-compose.yml; clients bootstrap at 127.0.0.1:19092. Ctrl-C stops it cleanly.
cluster: install
	$(BIN)/python tools/cluster.py

test: install
	$(BIN)/python -m pytest $(XDIST) $(PYTEST_ARGS)

# PySpark reports over $(DATA)/__consumer_offsets-*: Parquet results and $(REPORTS)/index.html.
jobs: install
	SPARK_LOCAL_IP=127.0.0.1 PYSPARK_PYTHON=$(abspath $(BIN)/python) PYSPARK_DRIVER_PYTHON=$(abspath $(BIN)/python) \
		$(BIN)/spark-submit --master '$(SPARK_MASTER)' --conf spark.log.level=WARN \
		jobs/run_all.py --data $(DATA) --out $(REPORTS)

# The live lag monitor (Burrow's rules) over $(DATA): $(MONITOR)/monitor.html, Parquet status
# changes, alerts on the __lag_alerts topic of $(BOOTSTRAP). Ctrl-C stops it; it resumes from its checkpoint.
monitor: install
	SPARK_LOCAL_IP=127.0.0.1 PYSPARK_PYTHON=$(abspath $(BIN)/python) PYSPARK_DRIVER_PYTHON=$(abspath $(BIN)/python) \
		$(BIN)/python -m jobs.monitor --data $(DATA) --out $(MONITOR) --trigger $(TRIGGER) --master '$(SPARK_MASTER)' \
		$(if $(BOOTSTRAP),--bootstrap $(BOOTSTRAP))

# ruff (lint and format), protocol/typed.py up to date with the declarations, then mypy over
# protocol/, broker/, client/ and jobs/ (its settings: [tool.mypy] in pyproject.toml).
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m protocol.typegen --check
	$(BIN)/mypy

bench: install
	@for b in bench/bench_*.py; do \
		[ -e "$$b" ] || continue; \
		echo "== $$b"; $(BIN)/python "$$b" || exit 1; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis

# docker-compose.yml for real: images, the cluster in containers, clients on this machine, a broker
# killed and restarted, `down -v` (tools/compose_test.sh; installs Docker with apt if missing).
compose-test: install
	bash tools/compose_test.sh
