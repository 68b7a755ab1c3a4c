"""USD as the notebook shows it: enough digits for a cent's fraction, and no zero for unknown."""

from __future__ import annotations

import math

NO_PRICE = "no known price"
"""What a display says for a model without a known price (never ``$0``)."""


def format_usd(value: float | None, *, unknown: str = NO_PRICE) -> str:
    """``$12.35``, ``$0.0303``, ``$0.00012``: three significant digits below a dollar (a turn
    often costs a fraction of a cent); ``unknown`` for ``None`` or NaN."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return unknown
    if value == 0:
        return "$0.00"
    sign, size = ("-", -value) if value < 0 else ("", value)
    if size >= 1:
        return f"{sign}${size:,.2f}"
    decimals = max(2, 2 - math.floor(math.log10(size)))
    text = f"{size:.{decimals}f}".rstrip("0")
    whole, _, cents = text.partition(".")
    return f"{sign}${whole}.{cents.ljust(2, '0')}"


__all__ = ["NO_PRICE", "format_usd"]
