"""A Torre's build pipeline: dictionaries → word list → DAWG → days → site."""
