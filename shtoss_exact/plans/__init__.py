"""Stakes across deals: plans and their series as Markov chains."""
