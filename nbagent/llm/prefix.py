"""Deprecated: the kept prefix of a request (:func:`sent_request`, :class:`SentRequest`,
:class:`KeptPrefix`) lives in :mod:`nbagent.llm.cycle` now, beside the requests it measures.
This module re-exports its old names for one release, with a ``DeprecationWarning``."""

import warnings

from nbagent.llm.cycle import KeptPrefix, SentRequest, sent_request

warnings.warn(
    "nbagent.llm.prefix moved to nbagent.llm.cycle; "
    "this module will be removed in the next release",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = ["KeptPrefix", "SentRequest", "sent_request"]
