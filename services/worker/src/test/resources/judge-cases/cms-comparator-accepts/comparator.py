# CMS's comparator: input, correct output, contestant's output, in that order (a correct output read
# as the contestant's, 3.0, would not be the text 3); the outcome on stdout, the message on stderr.
import sys
with open(sys.argv[1]) as given, open(sys.argv[2]) as correct, open(sys.argv[3]) as contestant:
    a, b = map(int, given.read().split())
    right = correct.read().strip() == "3" and float(contestant.read()) == a + b
print(1.0 if right else 0.0)
print("translate:success" if right else "translate:wrong", file=sys.stderr)
