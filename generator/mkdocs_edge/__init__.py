"""The MkDocs edge: the hooks mkdocs.yml loads (generation before each build, languages to the i18n plugin)."""
