"""nbagent's benchmarks: each case module has ``run() -> dict`` and runs alone with
``python -m benchmarks.<module>``; ``python -m benchmarks`` (``make bench``) runs them all."""
