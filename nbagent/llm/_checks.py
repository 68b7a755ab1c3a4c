"""Small checks for configuration values; each returns what is wrong, or ``None``.

The settings classes collect these problems and raise one ``ConfigurationError`` that names the
field and what to pass. ``bool`` is never taken for a number (``True`` is an ``int`` to Python,
never a sensible token count or timeout), and ``nan`` / ``inf`` are never taken for a bound.
"""

from __future__ import annotations

import math
from typing import TypeGuard


def is_number(value: object) -> TypeGuard[int | float]:
    """An ``int`` or ``float`` that is not a ``bool``."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def positive_int_problem(name: str, value: object, *, optional: bool = True) -> str | None:
    if value is None and optional:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return None
    none = " or None" if optional else ""
    return f"{name} must be a positive integer{none}, got {value!r}"


def seconds_problem(name: str, value: object, *, optional: bool = True) -> str | None:
    """A timeout: a finite number of seconds above 0 (``None`` for no limit when optional)."""
    if value is None and optional:
        return None
    if is_number(value) and math.isfinite(value) and value > 0:
        return None
    none = " or None for no limit" if optional else ""
    return f"{name} must be a finite number of seconds > 0{none}, got {value!r}"


def number_in_problem(
    name: str, value: object, low: float, high: float, *, low_open: bool = False
) -> str | None:
    """An optional finite number in ``[low, high]`` (``(low, high]`` with ``low_open``)."""
    if value is None:
        return None
    if is_number(value) and math.isfinite(value):
        number = float(value)
        if (low < number if low_open else low <= number) and number <= high:
            return None
    interval = f"{'(' if low_open else '['}{low:g}, {high:g}]"
    return f"{name} must be a number in {interval} or None, got {value!r}"
