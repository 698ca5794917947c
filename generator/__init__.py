"""Error encyclopedia generator: entries/ -> docs/ (every language of config/languages.yml) for MkDocs."""
