"""The IPython extension: ``%load_ext nbagent`` registers the ``%agent`` magics.

Loading only registers :class:`~nbagent.notebook.magics.AgentMagics` (imported here, on load, so
``import nbagent`` stays light); unloading removes the magics, drops the sessions they opened and
closes their stores. The package root re-exports both functions, so ``%load_ext nbagent`` and
``%load_ext nbagent.notebook.extension`` are the same.
"""

from __future__ import annotations

from typing import Any

MAGICS_NAME = "agent"
_REGISTRY_KEY = "AgentMagics"


def load_ipython_extension(ip: Any) -> None:
    """Register ``%agent`` / ``%%agent`` on shell ``ip`` (a second load changes nothing)."""
    manager = ip.magics_manager
    if _REGISTRY_KEY in manager.registry:
        return
    from nbagent.notebook.magics import AgentMagics

    ip.register_magics(AgentMagics(shell=ip))


def unload_ipython_extension(ip: Any) -> None:
    """Remove the magics, forget their sessions and close the stores they opened."""
    manager = ip.magics_manager
    magics = manager.registry.pop(_REGISTRY_KEY, None)
    if magics is None:
        return
    for kind in ("line", "cell"):
        table = manager.magics[kind]
        bound = table.get(MAGICS_NAME)
        if bound is not None and getattr(bound, "__self__", None) is magics:
            del table[MAGICS_NAME]
    if magics in getattr(ip, "configurables", []):
        ip.configurables.remove(magics)
    magics.book.close()


__all__ = ["load_ipython_extension", "unload_ipython_extension"]
