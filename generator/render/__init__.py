"""Entries and indexes to Markdown pages: templates, markup escaping, the error graph, titles, reproduction pages."""
