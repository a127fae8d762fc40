# Half of each test of group 1; group 2 requires group 1 passed, so nothing of it.
print(2 * int(input()) + 1)
