#include <stdio.h>
#include <string.h>
int main(void) {
    static char block[1 << 16];
    memset(block, 'x', sizeof block);
    FILE *file = fopen("big.bin", "w");
    for (long i = 0; i < 1L << 20; i++) fwrite(block, 1, sizeof block, file);
    return 0;
}
