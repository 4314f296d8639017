# Half Moon. Two commands do all the set-up on a fresh machine:
#   make play   sets up, builds and serves the game locally, and prints its address
#   make test   sets up, builds and runs every test (engine, CLI, page in Chromium, and the
#               cross-engine suite in Chromium, Firefox and WebKitGTK; ENGINES=chromium for Chromium alone)
# Set-up is idempotent: a Python virtual environment in .venv, npm packages in node_modules.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: setup system build play test bench lint
.DEFAULT_GOAL := test

$(VENV)/.installed: requirements-dev.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps -e .
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

setup: $(VENV)/.installed node_modules/.installed

# The browsers the tests drive (Debian's packages): installed when run as root; as another user,
# the one command to run as root is printed and nothing runs.
system:
	@$(PYTHON) -m tools.system

build: setup
	$(PY) -m tools.build

PORT ?= 8000
play: build
	@$(PY) -m tools.serve --port $(PORT)

# Prints the ten slowest tests and how long the whole run took (each new page test states its seconds).
# ARGS: pytest's own, e.g. make test ARGS='-m "not browser"' (the CPython half): one pytest run as asked.
# Without ARGS, the cross-engine suite (tests/engines/) runs beside the rest, in a second pytest process
# whose output is printed at the end: both are mostly waiting on browsers. (Not into test-results/:
# pytest-playwright empties that folder as each run starts.)
# ENGINES: the engines of the cross-engine suite (default all three; a missing one fails with its install).
ENGINES ?= chromium firefox webkit
export HALFMOON_ENGINES = $(ENGINES)
TEST_AS_ASKED = $(PY) -m pytest --durations=10 $(ARGS); status=$$?
TEST_SIDE_BY_SIDE = log=$$(mktemp); \
	  $(PY) -m pytest tests/engines --durations=10 -p no:cacheprovider > $$log 2>&1 & engines=$$!; \
	  $(PY) -m pytest --durations=10 --ignore=tests/engines; status=$$?; \
	  wait $$engines; engines_status=$$?; \
	  echo "==== the cross-engine suite ($(ENGINES)), run beside the rest ===="; \
	  cat $$log; rm -f $$log; \
	  if [ $$status -eq 0 ]; then status=$$engines_status; fi
test: system build
	@start=$$(date +%s); \
	$(if $(ARGS),$(TEST_AS_ASKED),$(TEST_SIDE_BY_SIDE)); \
	echo "make test: the tests took $$(( $$(date +%s) - start )) s"; exit $$status

# Figures into bench-results/ (git-ignored); UPDATE=1 also rewrites the tracked BENCHMARKS.md.
# BASELINE=DIR (a built checkout of another commit) runs the phone benchmark beside it, interleaved.
bench: build
	$(PY) -m tools.bench_engine
	$(PY) -m tools.bench_page $(if $(UPDATE),--update)
	$(PY) -m tools.bench_phone $(if $(BASELINE),--baseline $(BASELINE)) $(if $(UPDATE),--update)
	$(PY) -m tools.bench_engines

# The page benchmark per engine alone (first visit, restored visit, longest block, tap → DOM).
.PHONY: bench-engines
bench-engines: build
	$(PY) -m tools.bench_engines

lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

# Mutation testing of the engine's rule modules against the engine tests (configured in
# pyproject.toml [tool.mutmut]). A fresh run every time (docs/engine.md "Mutation testing"). Prints
# "mutation score: killed/considered = NN.N %" (equivalent mutants: tests/mutants-equivalent.txt).
.PHONY: mutate
mutate: setup
	rm -rf mutants
	HALFMOON_HYPOTHESIS_PROFILE=mutation $(PY) -m mutmut run --max-children 2
	$(PY) -m tools.mutation_score --fail-under 90
