"""The pack book's style sheet and script, copied into every site (package data)."""
