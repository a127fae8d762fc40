print(sum(map(int, input().split())), flush=True)
