/* Writes 40 files of 12 MB each, every one under the 16 MB file size limit, 480 MB in all: more
   than a run may keep on disk. Prints the right answer, so only the disk limit can stop it. */
#include <stdio.h>
#include <string.h>

static char block[1 << 20];

int main(void) {
    memset(block, 'x', sizeof block);
    for (int file = 0; file < 40; file++) {
        char name[32];
        snprintf(name, sizeof name, "/box/filler-%d", file);
        FILE *out = fopen(name, "w");
        if (!out) break;
        for (int mb = 0; mb < 12; mb++) fwrite(block, 1, sizeof block, out);
        fclose(out);
    }
    printf("3\n");
    return 0;
}
