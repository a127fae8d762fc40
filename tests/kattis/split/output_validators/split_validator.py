# Output validator (the format's): input answer feedback_dir/ max <m>, the submission's output on stdin.
# Right when it prints two numbers in 0..m that add up to the input's n.
import sys

input_file, answer_file, feedback = sys.argv[1], sys.argv[2], sys.argv[3]
assert sys.argv[4:6] == ["max", "1000000000"], sys.argv
limit = int(sys.argv[5])
n = int(open(input_file).read())


def judge(verdict, message, team=""):
    """message for the judges (judgemessage.txt), team for the team (teammessage.txt), as the format has them."""
    with open(feedback + "judgemessage.txt", "w") as out:
        out.write(message)
    if team:
        with open(feedback + "teammessage.txt", "w") as out:
            out.write(team)
    sys.exit(verdict)


words = sys.stdin.read().split()
if len(words) != 2 or not all(word.isdigit() for word in words):
    judge(43, f"expected two numbers, got {len(words)} words")
a, b = map(int, words)
if a > limit or b > limit or a + b != n:
    judge(43, f"{a} + {b} is not {n}", "the two numbers do not add up to n")
judge(42, f"{a} + {b} = {n}")
