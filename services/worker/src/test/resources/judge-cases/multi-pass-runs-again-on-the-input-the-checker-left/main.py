# Each pass's input is n; it prints n - 1.
print(int(input()) - 1)
