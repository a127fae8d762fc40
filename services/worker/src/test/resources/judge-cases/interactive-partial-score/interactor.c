/* Half the points for any answer: testlib's exit code 7, the score in the output file (argv[2]). */
#include <stdio.h>

int main(int argc, char **argv) {
    long guess;
    printf("go\n");
    fflush(stdout);
    if (scanf(" ! %ld", &guess) != 1) { fprintf(stderr, "no answer\n"); return 2; }
    FILE *output = fopen(argv[2], "w");
    if (!output) { fprintf(stderr, "cannot write %s\n", argv[2]); return 3; }
    fprintf(output, "0.5\n");
    fclose(output);
    fprintf(stderr, "half for %ld\n", guess);
    return 7;
}
