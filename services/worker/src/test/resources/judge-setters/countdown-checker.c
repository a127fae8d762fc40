/*
 * A multi-pass problem's checker: each pass's input is a number n > 0, and the program must print n - 1.
 * While that is above 0, it is the next pass's input (nextpass.in, Kattis' name). It counts the passes
 * in a file of its own folder, which lasts from pass to pass, and says how many there were.
 */
#include <stdio.h>

int main(int argc, char **argv) {
    FILE *input = argc > 2 ? fopen(argv[1], "r") : NULL;
    FILE *output = argc > 2 ? fopen(argv[2], "r") : NULL;
    long n, printed;
    int passes = 0;
    if (!input || !output || fscanf(input, "%ld", &n) != 1) { fprintf(stderr, "bad test files\n"); return 3; }
    if (fscanf(output, "%ld", &printed) != 1 || printed != n - 1) { fprintf(stderr, "expected %ld\n", n - 1); return 1; }
    FILE *count = fopen("passes", "r");
    if (count) { if (fscanf(count, "%d", &passes) != 1) passes = 0; fclose(count); }
    count = fopen("passes", "w");
    fprintf(count, "%d\n", ++passes);
    fclose(count);
    if (printed > 0) {
        FILE *next = fopen("nextpass.in", "w");
        fprintf(next, "%ld\n", printed);
        fclose(next);
    }
    fprintf(stderr, "pass %d\n", passes);
    return 0;
}
