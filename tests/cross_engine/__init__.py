"""The cross-engine smoke suite's drivers (tests/test_cross_engine.py): Debian's WebKitGTK through its
classic WebDriver (webkit.py) and Debian's Firefox ESR through WebDriver BiDi (firefox.py), both
behind one small interface (tab.py), with nothing but the standard library."""
