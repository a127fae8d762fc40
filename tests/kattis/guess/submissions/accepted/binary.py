most = int(input())
low, high = 1, 1_000_000
while True:
    middle = (low + high) // 2
    print("?", middle, flush=True)
    reply = input()
    if reply == "=":
        print("!", middle, flush=True)
        break
    if reply == "<":
        high = middle - 1
    else:
        low = middle + 1
