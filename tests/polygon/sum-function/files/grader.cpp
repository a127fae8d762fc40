// The grader: it reads the test, calls the contestant's function and prints what it returns.
#include <cstdio>
#include "sum.h"

int main() {
    long long a, b;
    if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
    std::printf("%lld\n", sum(a, b));
}
