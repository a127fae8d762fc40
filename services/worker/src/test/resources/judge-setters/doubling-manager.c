/*
 * A communication task's manager for N instances (argv past the three files is not used): the test's
 * input holds N numbers; instance i gets the i-th on its pipe (descriptor 4 + 2i) and must answer, on
 * descriptor 3 + 2i, its own index and the number doubled. Exit codes are testlib's: 0 accepted, 1 wrong.
 */
#define _POSIX_C_SOURCE 200809L /* fdopen, which C17 alone does not declare */
#include <stdio.h>

#define MOST 8

int main(int argc, char **argv) {
    FILE *input = argc > 1 ? fopen(argv[1], "r") : NULL;
    long values[MOST];
    int n = 0;
    if (!input) { fprintf(stderr, "no input file\n"); return 3; }
    while (n < MOST && fscanf(input, "%ld", &values[n]) == 1) n++;
    FILE *to[MOST], *from[MOST];
    for (int i = 0; i < n; i++) {
        from[i] = fdopen(3 + 2 * i, "r");
        to[i] = fdopen(4 + 2 * i, "w");
        if (!from[i] || !to[i]) { fprintf(stderr, "no pipes to instance %d\n", i); return 3; }
        fprintf(to[i], "%ld\n", values[i]);
        fflush(to[i]);
    }
    for (int i = 0; i < n; i++) {
        long index, doubled;
        if (fscanf(from[i], "%ld %ld", &index, &doubled) != 2) { fprintf(stderr, "instance %d did not answer\n", i); return 1; }
        if (index != i || doubled != 2 * values[i]) {
            fprintf(stderr, "instance %d said it was %ld and answered %ld\n", i, index, doubled);
            return 1;
        }
    }
    fprintf(stderr, "%d instances answered\n", n);
    return 0;
}
