# A Torre — the two commands a fresh clone needs are `make build` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
TORRE := $(VENV)/bin/torre
STAMP := $(VENV)/.installed
TEST_DIST := .cache/test-dist
AXE := tests/a11y/node_modules/axe-core/axe.min.js

.PHONY: build test bench serve clean dictionaries venv system-deps

build: $(STAMP)
	$(TORRE) build

test: $(STAMP) system-deps $(AXE)
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
	rm -rf dist .cache $(VENV) build *.egg-info pipeline/*.egg-info bench/node_modules tests/a11y/node_modules

venv: $(STAMP)

# The venv is refreshed whenever pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

# axe-core (pinned in tests/a11y/package-lock.json), injected into the pages by the e2e tests.
$(AXE): tests/a11y/package-lock.json
	npm ci --prefix tests/a11y --no-audit --no-fund --silent
	touch $(AXE)

# Debian packages the tests need (Chromium for the pages, Hunspell for the
# cross-check); installed only when missing, and only where apt-get can run.
system-deps:
	@bash .ci/system-deps
