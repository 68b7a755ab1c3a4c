"""The model layer: IR, token estimation, providers, the LLM cycle. Knows nothing of agents."""
