#!/usr/bin/env bash
# Binder check (make binder-check): does the repository launch from binder/ alone?
#
# Does what repo2docker does on mybinder.org, in a throw-away directory: a fresh virtualenv with
# the Python that binder/runtime.txt names, `pip install -r binder/requirements.txt`, then
# binder/postBuild run from (a copy of) the repository root. Then executes every notebook in
# notebooks/ with that environment's own Jupyter, offline (provider keys are removed from the
# environment), and fails on the first cell error. Nothing in the working tree is written.
#
# Environment: PYTHON (default: python3.X from binder/runtime.txt, else python3), KEEP=1 keeps the
# temporary directory for a look afterwards, CELL_TIMEOUT (seconds per cell, default 300).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "binder-check: $*"; }
die() { echo "binder-check FAILED: $*" >&2; exit 1; }
START=$(date +%s)
CELL_TIMEOUT=${CELL_TIMEOUT:-300}

for f in binder/requirements.txt binder/postBuild binder/runtime.txt; do
  [ -f "$f" ] || die "$f is missing"
done
shopt -s nullglob
NOTEBOOKS=(notebooks/*.ipynb)
[ ${#NOTEBOOKS[@]} -gt 0 ] || die "no notebooks in notebooks/"

# binder/runtime.txt says e.g. python-3.11; use that interpreter when the machine has it.
WANT=$(sed -n 's/^python-\([0-9]*\.[0-9]*\).*/\1/p' binder/runtime.txt)
[ -n "$WANT" ] || die "binder/runtime.txt should read python-3.X, it reads: $(cat binder/runtime.txt)"
if [ -z "${PYTHON:-}" ]; then
  if command -v "python$WANT" >/dev/null; then PYTHON="python$WANT"; else PYTHON=python3; fi
fi
HAVE=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
[ "$HAVE" = "$WANT" ] || say "warning: Binder uses Python $WANT, this check uses $PYTHON ($HAVE)"

WORK=$(mktemp -d -t nbagent-binder.XXXXXX)
cleanup() {
  status=$?
  if [ "${KEEP:-0}" = 1 ]; then say "kept $WORK"; else rm -rf "$WORK"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# repo2docker builds from the repository's files: copy what git would commit (tracked and new,
# not ignored), so .venv, caches and node_modules cannot leak into the check.
mkdir -p "$WORK/repo"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
    | tar --null -T - -cf - | tar -xf - -C "$WORK/repo"
else
  tar --exclude=.venv --exclude=node_modules --exclude=.git --exclude='*_cache' \
    --exclude=__pycache__ --exclude=.nbagent -cf - . | tar -xf - -C "$WORK/repo"
fi

# Isolated from the user's Jupyter and IPython set-up, and offline: no provider key reaches a kernel.
export JUPYTER_CONFIG_DIR="$WORK/jupyter/config" JUPYTER_DATA_DIR="$WORK/jupyter/data"
export JUPYTER_RUNTIME_DIR="$WORK/jupyter/runtime" IPYTHONDIR="$WORK/ipython" JUPYTER_PLATFORM_DIRS=1
export MPLBACKEND=Agg PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_QUIET=1 PYTHONNOUSERSITE=1
unset VIRTUAL_ENV PYTHONPATH
for var in $(compgen -e); do
  case "$var" in *_API_KEY | *_BASE_URL | NBAGENT_*) unset "$var" ;; esac
done

say "fresh virtualenv with $PYTHON ($HAVE) in $WORK/venv"
"$PYTHON" -m venv "$WORK/venv"
export PATH="$WORK/venv/bin:$PATH"
python -m pip install -q --upgrade pip

cd "$WORK/repo"
say "pip install -r binder/requirements.txt"
python -m pip install -q -r binder/requirements.txt || die "installing binder/requirements.txt failed"
say "binder/postBuild"
if [ -x binder/postBuild ]; then ./binder/postBuild; else bash binder/postBuild; fi \
  || die "binder/postBuild failed"
python -c 'import nbagent, ipywidgets, jupyterlab' || die "the Binder environment cannot import nbagent"
say "environment ready after $(( $(date +%s) - START )) s"

FAILED=()
for nb in "${NOTEBOOKS[@]}"; do
  t0=$(date +%s)
  if jupyter nbconvert --to notebook --execute --output-dir "$WORK/executed" \
      --ExecutePreprocessor.timeout="$CELL_TIMEOUT" --ExecutePreprocessor.kernel_name=python3 \
      "$nb" >"$WORK/nbconvert.log" 2>&1; then
    say "ok   $nb ($(( $(date +%s) - t0 )) s)"
  else
    say "FAIL $nb ($(( $(date +%s) - t0 )) s)"
    tail -n 40 "$WORK/nbconvert.log" >&2
    FAILED+=("$nb")
  fi
done

[ ${#FAILED[@]} -eq 0 ] || die "${#FAILED[@]} notebook(s) failed in the Binder environment: ${FAILED[*]}"
say "passed: ${#NOTEBOOKS[@]} notebooks in $(( $(date +%s) - START )) s"
