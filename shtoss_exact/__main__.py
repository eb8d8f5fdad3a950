"""``python -m shtoss_exact``: the same program as ``shtoss-exact``."""

from shtoss_exact.entry import main

if __name__ == "__main__":
    main()
