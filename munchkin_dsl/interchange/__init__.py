"""Interchange: a pack as a spreadsheet (CSV, Excel) and as translation files (PO, XLIFF).

Authors keep cards in spreadsheets and hand text to translators who work in gettext or
XLIFF tools; this stage turns a checked pack into those files and merges them back.  It
reads the parsed pack (the source as written, not the compiled data), so what comes back
is the author's own wording, and it writes pack files only through the checker: an
import that would not check is reported cell by cell and writes nothing.
"""
