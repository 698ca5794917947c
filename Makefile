# Two commands on a fresh machine:  `make site` (set up everything, build the site)  and  `make test`.
SHELL := /bin/bash
PY := .venv/bin/python
export NO_MKDOCS_2_WARNING := 1
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: site setup serve build generate validate lint test test-fast browser-deps bench clean

site: setup build  ## set up everything, then build the site into site/

setup: .venv/.installed node_modules/.installed browser-deps  ## local virtualenv, pinned Python + npm deps, Chromium

.venv/.installed: requirements.lock
	python3 -m venv .venv
	$(PY) -m pip install --quiet --disable-pip-version-check --require-hashes --requirement requirements.lock
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Debian's Chromium drives the browser tests (and screenshots); CI runs as root, so apt-get works there.
browser-deps:
	@if ! command -v chromium >/dev/null 2>&1; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null; \
	fi

generate: .venv/.installed node_modules/.installed  ## entries/ -> docs/ only
	$(PY) -m generator build

# Built into .site.partial/ and swapped in only when complete: an interrupted build leaves site/ as it was.
build: .venv/.installed node_modules/.installed  ## docs/ -> site/ (the hook regenerates docs/ first)
	$(PY) -m generator.build.publish site

serve: setup  ## preview at http://127.0.0.1:8000, regenerating when entries/ changes
	.venv/bin/mkdocs serve --strict

validate: .venv/.installed  ## report every problem in entries/
	$(PY) -m generator validate

# ruff and mypy --strict, configured in pyproject.toml (what they check and why each ignore is there); `make test`
# runs them too (tests/test_quality.py), beside the other tests.
lint: .venv/.installed  ## style and type checks alone (ruff; mypy --strict over generator/)
	.venv/bin/ruff check
	.venv/bin/mypy

test: setup  ## the whole test suite, ruff and mypy --strict included (CI runs exactly this)
	$(PY) -m pytest -n 2 --dist loadgroup -q

# In-process unit tests on both cores: no browser, no full site builds, no end-to-end CLI runs (marked slow), and
# a smoke of the fuzzers (FUZZ_EXAMPLES; `make test` runs the full 400).
test-fast: .venv/.installed  ## unit tests only, in seconds
	FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-80} $(PY) -m pytest -n 2 --dist loadgroup -q -m "not browser and not slow"

bench: setup  ## benchmarks (never part of `make test`)
	$(PY) -m benchmarks

clean:
	$(PY) -c "from generator.build.site import clean; from generator.paths import DOCS_DIR; clean(DOCS_DIR)"
	rm -rf site .site.partial .site.old
