"""The agent layer: sessions, context slots, stores, summaries. Knows nothing of notebooks."""
