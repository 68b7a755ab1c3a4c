#!/usr/bin/env bash
# PostgreSQL server binaries for the store tests and the `stores` benchmark (make postgres-server).
#
# The tests start their own throwaway server (tests/postgres_server.py) from Debian's binaries,
# /usr/lib/postgresql/*/bin/initdb and pg_ctl. When they are present this script does nothing;
# otherwise it installs the `postgresql` package with apt-get (as root, or through sudo).
#
# Environment: NBAGENT_PG_BIN names a directory holding initdb and pg_ctl instead (nothing is
# installed then); NBAGENT_POSTGRES_URL points the tests at an existing server (nothing is needed).
set -euo pipefail

say() { echo "install-postgres: $*"; }

if [[ -n "${NBAGENT_POSTGRES_URL:-}" ]]; then
    say "NBAGENT_POSTGRES_URL is set: the tests use that server, nothing to install"
    exit 0
fi
if [[ -n "${NBAGENT_PG_BIN:-}" ]]; then
    if [[ -x "$NBAGENT_PG_BIN/initdb" && -x "$NBAGENT_PG_BIN/pg_ctl" ]]; then
        exit 0
    fi
    echo "install-postgres: NBAGENT_PG_BIN=$NBAGENT_PG_BIN holds no initdb and pg_ctl" >&2
    exit 1
fi

found() { compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null; }

if found; then
    exit 0
fi

if ! command -v apt-get >/dev/null; then
    echo "install-postgres: no PostgreSQL server found and no apt-get to install one." >&2
    echo "Install PostgreSQL (initdb and pg_ctl), then set NBAGENT_PG_BIN to their directory," >&2
    echo "or set NBAGENT_POSTGRES_URL to a server whose user may create databases." >&2
    exit 1
fi

SUDO=()
if [[ $(id -u) -ne 0 ]]; then
    if ! command -v sudo >/dev/null; then
        echo "install-postgres: run as root (or install sudo) to apt-get install postgresql" >&2
        exit 1
    fi
    SUDO=(sudo)
fi

say "no PostgreSQL server found: apt-get install postgresql"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update
"${SUDO[@]}" apt-get install -y --no-install-recommends postgresql

if ! found; then
    echo "install-postgres: postgresql installed but no initdb under /usr/lib/postgresql" >&2
    exit 1
fi
say "installed $(compgen -G '/usr/lib/postgresql/*/bin/initdb' | head -n1)"
