# Asks once and waits for an answer that never comes.
input()
print("? 1", flush=True)
input()
