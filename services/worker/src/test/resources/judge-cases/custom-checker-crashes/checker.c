#include <stdio.h>
int main(void) {
    fprintf(stderr, "about to crash\n");
    fflush(stderr);
    return *(volatile int *) 0;
}
