#!/usr/bin/env python2
print 2 * int(raw_input())
