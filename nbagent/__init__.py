"""nbagent: LLM agent conversations in Jupyter, with long context managed in the open."""
