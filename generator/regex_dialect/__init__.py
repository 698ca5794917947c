"""The regex dialect shared by lint and the matcher: RE2 syntax, the backtracking gate (a Node worker), the literal
tree."""
