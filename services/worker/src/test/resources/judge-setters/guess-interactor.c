/*
 * An interactor (testlib's protocol, without testlib): the secret number and the most queries allowed
 * are in the test's input (argv[1]). The program asks "? x" and is told "<" (the secret is smaller),
 * ">" or "="; it answers with "! x".
 */
#include <stdio.h>

int main(int argc, char **argv) {
    FILE *input = argc > 1 ? fopen(argv[1], "r") : NULL;
    long secret, most;
    if (!input || fscanf(input, "%ld %ld", &secret, &most) != 2) { fprintf(stderr, "bad test input\n"); return 3; }
    setvbuf(stdout, NULL, _IONBF, 0);
    printf("%ld\n", most);
    for (long queries = 0;; queries++) {
        char kind;
        long x;
        if (scanf(" %c %ld", &kind, &x) != 2) { fprintf(stderr, "the program said nothing more after %ld queries\n", queries); return 2; }
        if (kind == '!') {
            if (x == secret) { fprintf(stderr, "found %ld in %ld queries\n", secret, queries); return 0; }
            fprintf(stderr, "answered %ld, the secret was %ld\n", x, secret);
            return 1;
        }
        if (queries == most) { fprintf(stderr, "more than %ld queries\n", most); return 1; }
        printf("%s\n", secret < x ? "<" : secret > x ? ">" : "=");
    }
}
