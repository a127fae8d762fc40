/*
 * An output validator of the problem package format (Kattis'), without any library: run as
 * `validator input answer feedback_dir/ tolerance <eps>` with the program's output on stdin. The answer
 * is one number; the output must be one number within eps of it. It says why in the feedback folder, for
 * the judges in judgemessage.txt (the answer too) and for the team in teammessage.txt (not the answer), and
 * exits 42 (accepted) or 43 (wrong answer).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *feedback;
static char message[256];

static void say(const char *file, const char *text) {
    char path[4096];
    snprintf(path, sizeof path, "%s%s", feedback, file);
    FILE *out = fopen(path, "w");
    if (out) { fputs(text, out); fclose(out); }
}

static int judge(int verdict) {
    say("judgemessage.txt", message);
    if (verdict == 43) say("teammessage.txt", "your output is not the one number asked for");
    return verdict;
}

int main(int argc, char **argv) {
    if (argc < 6 || strcmp(argv[4], "tolerance") != 0) { fprintf(stderr, "usage: in ans feedback/ tolerance eps\n"); return 1; }
    feedback = argv[3];
    if (feedback[strlen(feedback) - 1] != '/') { fprintf(stderr, "the feedback folder does not end with /\n"); return 1; }
    double eps = atof(argv[5]), want, got;
    FILE *answer = fopen(argv[2], "r");
    if (!answer || fscanf(answer, "%lf", &want) != 1) { fprintf(stderr, "bad answer file\n"); return 1; }
    if (scanf("%lf", &got) != 1) {
        snprintf(message, sizeof message, "expected %g, got no number", want);
        return judge(43);
    }
    char extra;
    if (scanf(" %c", &extra) == 1) {
        snprintf(message, sizeof message, "expected %g alone, got %g and more", want, got);
        return judge(43);
    }
    if (fabs(got - want) > eps) {
        snprintf(message, sizeof message, "expected %g, got %g", want, got);
        return judge(43);
    }
    snprintf(message, sizeof message, "%g is within the tolerance of %g", got, want);
    return judge(42);
}
