# Asks 1, 2, 3...: more queries than the validator allows.
input()
guess = 1
while True:
    print("?", guess, flush=True)
    if input() == "=":
        print("!", guess, flush=True)
        break
    guess += 1
