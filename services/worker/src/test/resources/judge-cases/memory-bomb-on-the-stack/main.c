/* Raises its stack limit as far as the sandbox lets it, then recurses 100 MB deep: the stack is not
   in RLIMIT_DATA, so without a hard stack limit (rlimits only, as in a pod) this ran past the
   memory limit and finished. */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

char *volatile seen; /* each frame escapes here, so that the compiler keeps it */

static int deeper(int n) {
    char frame[1 << 20];
    memset(frame, n, sizeof frame);
    seen = frame;
    return n == 0 ? seen[0] : deeper(n - 1) + seen[100];
}

int main(void) {
    struct rlimit stack;
    getrlimit(RLIMIT_STACK, &stack);
    stack.rlim_cur = stack.rlim_max;
    setrlimit(RLIMIT_STACK, &stack);
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    printf("%ld\n", a + b + (deeper(100) == -1));
    return 0;
}
