"""The language reference, shipped inside the package so the language server can quote it."""
