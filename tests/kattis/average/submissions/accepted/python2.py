#!/usr/bin/env python2
# Python 2, which this judge does not run: reported as not judged, never judged as Python 3.
n = int(raw_input())
print sum(map(int, raw_input().split())) / float(n)
