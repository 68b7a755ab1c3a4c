# Two commands do all the set-up on a fresh machine: `make lab` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
LAB_STAMP := $(VENV)/.lab-installed
DEV_STAMP := $(VENV)/.dev-installed
BENCH_STAMP := $(VENV)/.bench-installed

.PHONY: lab test lint typecheck pytest postgres-server browser-test binder-check screenshots bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

# Reinstalled whenever pyproject.toml changes. The lab needs no llama.cpp build; the tests do.
$(LAB_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

# llama-cpp-python builds llama.cpp from source (about 4 minutes on 2 idle cores, 24 under
# load): on every core, without llama.cpp's tests and examples. pip keeps the wheel it built
# (~/.cache/pip), so a new venv on this machine installs it in seconds.
LLAMA_BUILD := CMAKE_BUILD_PARALLEL_LEVEL=$(shell nproc 2>/dev/null || echo 2) \
	CMAKE_ARGS="-DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF $(CMAKE_ARGS)"

$(DEV_STAMP): $(LAB_STAMP)
	$(LLAMA_BUILD) $(PY) -m pip install -q -e '.[dev,llama]'
	touch $@

$(BENCH_STAMP): pyproject.toml $(DEV_STAMP)
	$(PY) -m pip install -q -e '.[dev,bench]'
	touch $@

# JupyterLab refuses to run as root unless told; containers and CI machines often are root.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: $(LAB_STAMP)
	$(VENV)/bin/jupyter lab $(ALLOW_ROOT) notebooks/01_quickstart.ipynb

lint: $(DEV_STAMP)
	$(PY) -m ruff check nbagent tests benchmarks
	$(PY) -m ruff format --check nbagent tests benchmarks

typecheck: $(DEV_STAMP)
	$(PY) -m mypy

pytest: $(DEV_STAMP) postgres-server
	$(PY) -m pytest tests --nbmake notebooks

# The store tests and the `stores` bench start a throwaway PostgreSQL server from its binaries;
# installed here (apt-get) when missing, a no-op otherwise.
postgres-server:
	bash scripts/install_postgres.sh

# The real-browser check writes its screenshot under build/ so a test run leaves the tree clean;
# `make screenshots` refreshes the README's pictures.
test: lint typecheck pytest browser-test binder-check

browser-test: $(DEV_STAMP)
	PY=$(PY) SCREENSHOT=build/chat_widget.png bash scripts/browser_test.sh

binder-check:
	bash scripts/binder_check.sh

screenshots: $(DEV_STAMP)
	PY=$(PY) bash scripts/browser_test.sh
	$(PY) scripts/make_docs_images.py docs/images

bench: $(BENCH_STAMP) postgres-server
	$(PY) -m benchmarks $(CASES)

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache build tests/browser/node_modules
