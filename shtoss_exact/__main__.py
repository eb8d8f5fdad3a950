"""``python -m shtoss_exact``: the same program as ``shtoss-exact``."""

from shtoss_exact.cli import main

if __name__ == "__main__":
    main(prog_name="shtoss-exact")
