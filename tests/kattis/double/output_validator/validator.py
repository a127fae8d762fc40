# The output validator (problem package format): the team's output on stdin, then
#   validator.py input judge_answer feedback_dir
# Exact: accepted. Off by one: accepted with half of the test (score_multiplier.txt). Else wrong.
import os
import sys

feedback = sys.argv[3]
expected = int(open(sys.argv[2]).read())
words = sys.stdin.read().split()
try:
    given = int(words[0]) if len(words) == 1 else None
except ValueError:
    given = None
if given is None:
    open(os.path.join(feedback, "judgemessage.txt"), "w").write("not one integer\n")
    sys.exit(43)
if given == expected:
    sys.exit(42)
if abs(given - expected) == 1:
    open(os.path.join(feedback, "score_multiplier.txt"), "w").write("0.5\n")
    open(os.path.join(feedback, "judgemessage.txt"), "w").write("off by one: half\n")
    sys.exit(42)
open(os.path.join(feedback, "judgemessage.txt"), "w").write(f"expected {expected}, got {given}\n")
sys.exit(43)
