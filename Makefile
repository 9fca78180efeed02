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
	$(TORRE) build --out $(TEST_DIST) --quiet --replace-foreign-out --drop-unpublished
	TORRE_DIST=$(TEST_DIST) node --test --test-concurrency=2 tests/js/
	TORRE_DIST=$(TEST_DIST) $(PY) -m pytest -n 3 --dist loadfile

bench: $(STAMP) system-deps
	$(PY) bench/run.py
	$(PY) bench/keyboard_run.py .cache/bench-dist  # a whole daily run by keyboard alone (issue 40), on run.py's tree

serve: $(STAMP)
	$(TORRE) serve

dictionaries: $(STAMP)
	$(TORRE) dictionaries fetch

clean:
	rm -rf dist .dist-tmp-* .dist-old-* .dist-kept-* .cache $(VENV) build *.egg-info pipeline/*.egg-info bench/node_modules tests/a11y/node_modules

venv: $(STAMP)

# The venv is refreshed whenever pyproject.toml or the lock changes. Every
# package, transitive ones and setuptools included, comes from requirements.lock
# at its pinned version and SHA-256 (regenerate it with the pip-compile command
# at its top); the project itself is then installed without resolving anything,
# as a plain path entry ("compat"): setuptools' import finder costs every
# `torre` command 20 ms at start-up. A venv left without pip (its creation
# interrupted) is made again rather than trusted.
$(STAMP): pyproject.toml requirements.lock
	$(PY) -m pip --version >/dev/null 2>&1 || $(PYTHON) -m venv --clear $(VENV)
	$(PY) -m pip install -q --require-hashes -r requirements.lock
	$(PY) -m pip install -q --no-deps --no-build-isolation -e . --config-settings editable_mode=compat
	touch $(STAMP)

# axe-core (pinned in tests/a11y/package-lock.json), injected into the pages by the e2e tests.
$(AXE): tests/a11y/package-lock.json
	npm ci --prefix tests/a11y --no-audit --no-fund --silent
	touch $(AXE)

# Debian packages the tests need (Chromium for the pages, Firefox ESR, WebKitGTK's
# WebDriver and Xvfb for tests/test_cross_engine.py, Hunspell for the
# cross-check, nginx and its brotli module for tests/test_nginx.py); installed
# only when missing, and only where apt-get can run (without nginx, its tests skip).
system-deps:
	@bash .ci/system-deps
