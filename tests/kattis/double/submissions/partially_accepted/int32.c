/* Right while 2x fits in 32 bits: all of group 1, nothing of group 2. */
#include <stdio.h>
int main(void) { int x; scanf("%d", &x); printf("%d\n", 2 * x); return 0; }
