"""The generator's build: docs/ written whole or not at all, the published site swap, the build date, CSP, serve."""
