#!/usr/bin/env bash
# Real-browser check of the chat widget (make browser-test).
#
# Installs Debian's chromium when missing, installs playwright-core into tests/browser, starts
# JupyterLab on 127.0.0.1 (free port, random token, throw-away config/runtime/data dirs) serving a
# copy of tests/browser/widget_page.ipynb, and has tests/browser/chat_widget.mjs drive it: the
# widget renders, a sent message streams a reply into the history, the gauge moves, and a
# screenshot lands in docs/images/chat_widget.png. Everything started here is stopped on exit.
#
# Environment: PY (default .venv/bin/python, must have jupyterlab and nbagent), CHROMIUM
# (default /usr/bin/chromium), SCREENSHOT (default docs/images/chat_widget.png), NOTEBOOK
# (default tests/browser/widget_page.ipynb).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)

PY=${PY:-.venv/bin/python}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
SCREENSHOT=${SCREENSHOT:-docs/images/chat_widget.png}
NOTEBOOK=${NOTEBOOK:-tests/browser/widget_page.ipynb}
# Bounds, so that even a hanging server or page fails within 3 minutes (installs not counted).
SERVER_WAIT=40     # seconds for JupyterLab to answer
DRIVER_BUDGET=110  # seconds for the whole browser session

say() { echo "browser-test: $*"; }
die() { echo "browser-test FAILED: $*" >&2; exit 1; }
START=$(date +%s)

[ -x "$PY" ] || die "no Python at $PY; run 'make lab' or set PY=/path/to/python"
"$PY" -c 'import jupyterlab, ipywidgets, nbagent' 2>/dev/null \
  || die "$PY lacks jupyterlab, ipywidgets or nbagent; run: $PY -m pip install -e '.[dev]'"
command -v node >/dev/null || die "node is missing; install Node.js 18+ (Debian: apt-get install -y nodejs npm)"

if [ ! -x "$CHROMIUM" ]; then
  command -v apt-get >/dev/null || die "$CHROMIUM is missing and apt-get is not available; install Chromium and set CHROMIUM=/path/to/chromium"
  say "installing Debian's chromium"
  export DEBIAN_FRONTEND=noninteractive
  timeout 300 apt-get update -qq || die "apt-get update failed"
  timeout 600 apt-get install -y -qq chromium >/dev/null || die "apt-get install chromium failed"
  [ -x "$CHROMIUM" ] || die "chromium installed but $CHROMIUM does not exist; set CHROMIUM"
fi

if [ ! -f tests/browser/node_modules/playwright-core/package.json ] \
  || [ tests/browser/package-lock.json -nt tests/browser/node_modules/.package-lock.json ]; then
  say "installing playwright-core (no browser download: Debian's chromium is used)"
  (cd tests/browser && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 timeout 300 npm ci --no-audit --no-fund --silent) \
    || die "npm ci in tests/browser failed"
fi

WORK=$(mktemp -d -t nbagent-browser.XXXXXX)
SERVER_PID=""
cleanup() {
  status=$?
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  if [ "$status" -ne 0 ] && [ -f "$WORK/server.log" ]; then
    echo "--- last lines of the JupyterLab log ---" >&2
    tail -n 30 "$WORK/server.log" >&2
  fi
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A copy, so running the cells never saves outputs into the repository's notebook.
mkdir -p "$WORK/root" "$WORK/config/labconfig" "$WORK/runtime" "$WORK/data" "$WORK/ipython" "$WORK/profile"
[ -f "$NOTEBOOK" ] || die "no notebook at $NOTEBOOK"
cp "$NOTEBOOK" "$WORK/root/widget_page.ipynb"
# The news plugin would fetch from the internet and pop a notification over the notebook.
cat > "$WORK/config/labconfig/page_config.json" <<'JSON'
{"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": true}}
JSON

PORT=$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
TOKEN=$("$PY" -c 'import secrets; print(secrets.token_hex(16))')

say "starting JupyterLab on 127.0.0.1:$PORT"
JUPYTER_CONFIG_DIR="$WORK/config" JUPYTER_RUNTIME_DIR="$WORK/runtime" JUPYTER_DATA_DIR="$WORK/data" \
IPYTHONDIR="$WORK/ipython" JUPYTER_PLATFORM_DIRS=1 \
  "$PY" -m jupyter lab --no-browser --ip=127.0.0.1 --port="$PORT" --port-retries=0 \
    --ServerApp.root_dir="$WORK/root" --IdentityProvider.token="$TOKEN" --allow-root \
    --ServerApp.terminals_enabled=False \
    --LabApp.expose_app_in_browser=True --LabApp.workspaces_dir="$WORK/workspaces" \
    --LabServerApp.user_settings_dir="$WORK/settings" \
    >"$WORK/server.log" 2>&1 &
SERVER_PID=$!

for _ in $(seq $((SERVER_WAIT * 4))); do
  kill -0 "$SERVER_PID" 2>/dev/null || die "JupyterLab exited at start (log below)"
  if "$PY" - "$PORT" "$TOKEN" <<'PY' 2>/dev/null; then break; fi
import sys, urllib.request
port, token = sys.argv[1], sys.argv[2]
urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=1).read()
PY
  sleep 0.25
done
"$PY" -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/api/status?token=$TOKEN', timeout=2)" 2>/dev/null \
  || die "JupyterLab did not answer on 127.0.0.1:$PORT within ${SERVER_WAIT} s"
say "JupyterLab up after $(( $(date +%s) - START )) s"

timeout $((DRIVER_BUDGET + 10)) node tests/browser/chat_widget.mjs \
  --url "http://127.0.0.1:$PORT" --token "$TOKEN" --notebook widget_page.ipynb \
  --screenshot "$REPO/$SCREENSHOT" --profile "$WORK/profile" --chromium "$CHROMIUM" \
  --budget-seconds "$DRIVER_BUDGET" \
  || die "the browser check failed (see the step above)"

say "passed in $(( $(date +%s) - START )) s; screenshot: $SCREENSHOT"
