"""Languages as data: URL scheme and fallback, UI strings (locales/), translation state."""
