import sys
print("0.5")
print("translate:partial", file=sys.stderr)
print("the second line of stderr is not the contestant's", file=sys.stderr)
