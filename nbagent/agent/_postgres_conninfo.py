"""The libpq connection string of a PostgresStore: shown masked, its secrets kept to scrub.

A store is built from a URL that may hold a password. Reading it (``conninfo_to_dict``) needs no
server, so a :class:`~nbagent.agent.postgres_store.PostgresStore` checks it when built, and every
repr, log line and error shows it only through :func:`display_conninfo` (re-exported by
:mod:`nbagent.agent.postgres_store`) or with :func:`secrets_of`'s values masked.
"""

from __future__ import annotations

import urllib.parse

import psycopg
from psycopg.conninfo import conninfo_to_dict

from nbagent.errors import ConfigurationError
from nbagent.llm.providers import display_url


def display_conninfo(conninfo: str) -> str:
    """``conninfo`` fit for messages and reprs: password, user info and query values masked."""
    if "://" in conninfo:
        return display_url(conninfo)
    try:
        params = conninfo_to_dict(conninfo)
    except psycopg.Error:
        return "(an unreadable connection string)"
    return " ".join(f"{k}={'***' if _is_secret(k) else v}" for k, v in params.items())


def _is_secret(param: str) -> bool:
    return "password" in param or "key" in param  # password, sslpassword, sslkey, ...


def secrets_of(conninfo: str) -> list[str]:
    """The secret values of ``conninfo`` (raw and URL-quoted), to mask in error texts."""
    try:
        params = conninfo_to_dict(conninfo)
    except psycopg.Error:
        # libpq's parse error quotes pieces of the string, which may hold the password.
        raise ConfigurationError(
            f"cannot read the PostgreSQL connection URL {display_url(conninfo)!r}: pass a "
            "postgresql://user:password@host:5432/dbname URL or a 'host=... dbname=...' "
            "connection string."
        ) from None
    found = {str(v) for k, v in params.items() if _is_secret(k) and v}
    found |= {urllib.parse.quote(s, safe="") for s in found}
    return sorted(found, key=len, reverse=True)
