# Guesses wrong, then reads the validator's end: the validator ended first, so its verdict stands.
print(5, flush=True)
input()
input()
