"""Reading entries and articles: JSON with positions, the schema, the id registry."""
