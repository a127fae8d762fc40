"""`peak_rss.py OUT command...` runs the command and writes its peak resident memory (the largest of
it and its children, KiB, from getrusage) to OUT: the bench's measure of what k6 needs per virtual
user, from which the cluster's load-test runners are sized (manifests/load-test/testrun.yaml)."""

import pathlib
import resource
import subprocess
import sys

if __name__ == "__main__":
    returncode = subprocess.run(sys.argv[2:]).returncode
    pathlib.Path(sys.argv[1]).write_text(f"{resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\n")
    sys.exit(returncode)
