/*
 * An interactive output validator of the problem package format (Kattis'): run as `validator input answer
 * feedback_dir/` with the program's output on stdin and its stdout the program's input. The secret number
 * and the most queries allowed are in the input file. The program asks "? x" and is told "<", ">" or "=";
 * it answers "! x". Exits 42 (accepted) or 43 (wrong answer), saying why in judgemessage.txt.
 */
#include <stdio.h>

static const char *feedback;
static char message[256];

static int judge(int verdict) {
    char path[4096];
    snprintf(path, sizeof path, "%sjudgemessage.txt", feedback);
    FILE *out = fopen(path, "w");
    if (out) { fputs(message, out); fclose(out); }
    return verdict;
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: in ans feedback/\n"); return 1; }
    feedback = argv[3];
    FILE *input = fopen(argv[1], "r");
    long secret, most;
    if (!input || fscanf(input, "%ld %ld", &secret, &most) != 2) { fprintf(stderr, "bad test input\n"); return 1; }
    setvbuf(stdout, NULL, _IONBF, 0);
    printf("%ld\n", most);
    for (long queries = 0;; queries++) {
        char kind;
        long x;
        if (scanf(" %c %ld", &kind, &x) != 2) {
            snprintf(message, sizeof message, "said nothing more after %ld queries", queries);
            return judge(43);
        }
        if (kind == '!') {
            if (x == secret) {
                snprintf(message, sizeof message, "found %ld in %ld queries", secret, queries);
                return judge(42);
            }
            snprintf(message, sizeof message, "answered %ld, the secret was %ld", x, secret);
            return judge(43);
        }
        if (queries == most) {
            snprintf(message, sizeof message, "more than %ld queries", most);
            return judge(43);
        }
        printf("%s\n", secret < x ? "<" : secret > x ? ">" : "=");
    }
}
