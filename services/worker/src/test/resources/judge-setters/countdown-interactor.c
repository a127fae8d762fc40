/*
 * A multi-pass interactive problem's interactor: it sends the pass's input n to the program, which
 * must answer n - 1; while that is above 0, it is the next pass's input (nextpass.in, Kattis' name).
 */
#include <stdio.h>

int main(int argc, char **argv) {
    FILE *input = argc > 2 ? fopen(argv[1], "r") : NULL;
    long n, answer;
    if (!input || fscanf(input, "%ld", &n) != 1) { fprintf(stderr, "bad test input\n"); return 3; }
    printf("%ld\n", n);
    fflush(stdout);
    if (scanf("%ld", &answer) != 1 || answer != n - 1) { fprintf(stderr, "expected %ld\n", n - 1); return 1; }
    if (answer > 0) {
        FILE *next = fopen("nextpass.in", "w");
        fprintf(next, "%ld\n", answer);
        fclose(next);
    }
    fprintf(stderr, "%ld answered\n", n);
    return 0;
}
