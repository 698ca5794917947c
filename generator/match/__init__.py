"""The paste matcher (Python twin of docs/assets/javascripts/matcher/), its CLI and its display data."""
