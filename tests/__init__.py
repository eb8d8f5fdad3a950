"""The test suite, laid out as the package is: ``tests/<package>/test_<module>.py``.

``ROOT`` is the repository's top folder, for tests that read its files.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
