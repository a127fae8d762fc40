/*
 * A custom checker (testlib's protocol, without testlib) of what sum-interactor.c wrote: each line
 * of the output must equal the answer's line.
 */
#include <stdio.h>

int main(int argc, char **argv) {
    FILE *output = argc == 4 ? fopen(argv[2], "r") : NULL, *answer = argc == 4 ? fopen(argv[3], "r") : NULL;
    if (!output || !answer) { fprintf(stderr, "usage: checker input output answer\n"); return 3; }
    long want, got;
    for (int line = 1; fscanf(answer, "%ld", &want) == 1; line++) {
        if (fscanf(output, "%ld", &got) != 1) { fprintf(stderr, "no sum on line %d\n", line); return 2; }
        if (got != want) { fprintf(stderr, "line %d: %ld instead of %ld\n", line, got, want); return 1; }
    }
    fprintf(stderr, "every sum right\n");
    return 0;
}
