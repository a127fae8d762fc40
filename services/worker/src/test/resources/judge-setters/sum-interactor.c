/*
 * An interactor shaped like testlib's own A+B one (interactors/interactor-a-plus-b.cpp), written
 * without testlib: the test's input (argv[1]) holds n and n pairs; each pair goes to the program, and
 * whatever the program answers is written, unjudged, to the output file (argv[2], testlib's tout).
 * It accepts as long as the program answers with a number: the problem's checker judges the sums.
 */
#include <stdio.h>

int main(int argc, char **argv) {
    FILE *input = argc > 2 ? fopen(argv[1], "r") : NULL;
    FILE *tout = argc > 2 ? fopen(argv[2], "w") : NULL;
    long n, a, b, answer;
    if (!input || !tout || fscanf(input, "%ld", &n) != 1) { fprintf(stderr, "bad test files\n"); return 3; }
    setvbuf(stdout, NULL, _IONBF, 0);
    for (long i = 0; i < n; i++) {
        if (fscanf(input, "%ld %ld", &a, &b) != 2) { fprintf(stderr, "bad test input\n"); return 3; }
        printf("%ld %ld\n", a, b);
        if (scanf("%ld", &answer) != 1) { fprintf(stderr, "no answer to query %ld\n", i + 1); return 2; }
        fprintf(tout, "%ld\n", answer);
    }
    fprintf(stderr, "%ld queries processed\n", n);
    return 0;
}
