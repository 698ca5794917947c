"""The error families' ground-truth tables (read from the real libraries: capture/) and their reader."""
