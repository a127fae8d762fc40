/* Input validator, a folder program in another language than the first: |x| <= 10^12. Every input
   validator runs on every test; this one trusts format.py for the shape. */
#include <stdio.h>

int main(void) {
    long long x;
    if (scanf("%lld", &x) != 1) return 43;
    return x >= -1000000000000LL && x <= 1000000000000LL ? 42 : 43;
}
