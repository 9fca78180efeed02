# A Torre — the two commands a fresh clone needs are `make build` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
TORRE := $(VENV)/bin/torre
STAMP := $(VENV)/.installed
TEST_DIST := .cache/test-dist

.PHONY: build test bench serve clean dictionaries venv system-deps

build: $(STAMP)
	$(TORRE) build

test: $(STAMP) system-deps
	$(TORRE) build --out $(TEST_DIST) --quiet
	TORRE_DIST=$(TEST_DIST) node --test tests/js/
	TORRE_DIST=$(TEST_DIST) $(PY) -m pytest

bench: $(STAMP) system-deps
	$(PY) -m pip install -q -e '.[bench]'
	$(PY) bench/run.py

serve: $(STAMP)
	$(TORRE) serve

dictionaries: $(STAMP)
	$(TORRE) dictionaries fetch

clean:
	rm -rf dist .cache $(VENV) build *.egg-info pipeline/*.egg-info bench/node_modules

venv: $(STAMP)

# The venv is refreshed whenever pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

# Debian packages the tests need (Chromium for the pages, Hunspell for the
# cross-check); installed only when missing, and only where apt-get can run.
system-deps:
	@bash .ci/system-deps
