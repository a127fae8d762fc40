# Counts up from 1: far more queries than allowed. It dies writing once the interactor has quit
# (SIGPIPE), which must not hide the interactor's verdict.
input()
guess = 1
while True:
    print("?", guess, flush=True)
    if input() == "=":
        print("!", guess, flush=True)
        break
    guess += 1
