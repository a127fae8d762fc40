#include "sum.h"

long long sum(long long a, long long b) { return a + b; }
