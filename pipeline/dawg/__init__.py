"""The word list as a minimal DAWG: builder.py makes the file, reader.py reads it.

The format (format.py, docs/dawg-format.md) is shared with site_src/js/dawg.js,
which must read the same bytes the same way; tests/test_dawg.py checks both.
"""
