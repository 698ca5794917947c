"""Checking entries: the rule registry (each rule's code and text), fact checks against the family tables, run
records, version ranges, reports."""
