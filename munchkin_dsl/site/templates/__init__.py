"""Jinja templates of the pack book (package data)."""
