#include "sum.h"

// Wrong on purpose: the sum of two large numbers does not fit in an int.
long long sum(long long a, long long b) { return (int) (a + b); }
