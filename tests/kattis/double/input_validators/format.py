# Input validator (the format's: exit 42 when the input is valid): one line holding an integer as
# written without a sign other than a minus, without leading zeros, and nothing else.
import re
import sys

sys.exit(42 if re.fullmatch(r"(0|-?[1-9][0-9]{0,12})\n", sys.stdin.read()) else 43)
