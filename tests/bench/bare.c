/*
 * bare: the floor for verdict throughput. Runs a program N times, P at a time, each with the same
 * stdin file and stdout discarded, with nothing around it: no sandbox, no pipeline, no JVM.
 *
 *   bare N P STDIN_FILE COMMAND [ARG...]     prints the wall time in seconds
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pid_t start(const char *input, char **command) {
    pid_t pid = fork();
    if (pid == 0) {
        int in = open(input, O_RDONLY), out = open("/dev/null", O_WRONLY);
        if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0) _exit(126);
        execvp(command[0], command);
        _exit(127);
    }
    return pid;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: bare N P STDIN_FILE COMMAND [ARG...]\n");
        return 2;
    }
    long total = atol(argv[1]), parallel = atol(argv[2]), started = 0, failed = 0;
    struct timespec from, to;
    clock_gettime(CLOCK_MONOTONIC, &from);
    for (; started < parallel && started < total; started++) start(argv[3], argv + 4);
    for (long done = 0; done < total; done++) {
        int status;
        if (wait(&status) < 0) return 3;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) failed++;
        if (started < total) { start(argv[3], argv + 4); started++; }
    }
    clock_gettime(CLOCK_MONOTONIC, &to);
    printf("%.3f\n", (to.tv_sec - from.tv_sec) + (to.tv_nsec - from.tv_nsec) / 1e9);
    if (failed) fprintf(stderr, "%ld runs failed\n", failed);
    return failed ? 1 : 0;
}
