# Each pass the interactor sends n; the program answers n - 1.
print(int(input()) - 1, flush=True)
