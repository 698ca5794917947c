"""Bilingual error encyclopedia generator: entries/ -> docs/ (en + zh) for MkDocs."""
