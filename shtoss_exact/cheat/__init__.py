"""Crooked dealing, exactly: what each documented cheat is worth to the banker against
one bet on a rank, under his best use of it (the two-card box, dealing seconds, the
передержка)."""
