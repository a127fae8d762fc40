/* Writes 30 files of 12 MB each and unlinks them while holding them open: no folder shows them, yet
   they take 360 MB of the worker's disk until the run ends. Prints the right answer, then waits. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char block[1 << 20];

int main(void) {
    memset(block, 'x', sizeof block);
    FILE *held[30];
    for (int file = 0; file < 30; file++) {
        char name[32];
        snprintf(name, sizeof name, "/tmp/hidden-%d", file);
        held[file] = fopen(name, "w");
        if (!held[file]) break;
        unlink(name);
        for (int mb = 0; mb < 12; mb++) fwrite(block, 1, sizeof block, held[file]);
        fflush(held[file]);
    }
    printf("3\n");
    fflush(stdout);
    usleep(500 * 1000);
    return 0;
}
