/* Creates 20,000 empty files, spread over /box, /tmp and /dev/shm: no bytes to speak of, but more
   names than a run may keep (judge.sandbox.max-files). Prints the right answer. */
#include <stdio.h>

int main(void) {
    const char *folders[] = {"/box", "/tmp", "/dev/shm"};
    for (int i = 0; i < 20000; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s/empty-%d", folders[i % 3], i);
        FILE *out = fopen(name, "w");
        if (out) fclose(out);
    }
    printf("3\n");
    return 0;
}
