/*
 * An interactive validator that reads first, as problemtools' guess validator does: the program
 * speaks, it answers. Reading nothing is a wrong answer (43).
 */
#include <stdio.h>

static int judge(const char *feedback, int verdict, const char *message) {
    char path[4096];
    snprintf(path, sizeof path, "%sjudgemessage.txt", feedback);
    FILE *out = fopen(path, "w");
    if (out) { fputs(message, out); fclose(out); }
    return verdict;
}

int main(int argc, char **argv) {
    if (argc < 4) return 1;
    long guess;
    if (scanf("%ld", &guess) != 1) return judge(argv[3], 43, "read no guess");
    printf("%s\n", guess == 7 ? "correct" : "wrong");
    fflush(stdout);
    return judge(argv[3], guess == 7 ? 42 : 43, guess == 7 ? "guessed" : "guessed wrong");
}
