/* Built statically into the test images of LanguageImageRootIT: what can a program in a language's
   image see, read and write? For each path: readable, missing, or why not; "+path" tries to write. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    const char *greeting = getenv("GREETING"), *java_home = getenv("JAVA_HOME");
    printf("GREETING=%s\nJAVA_HOME=%s\n", greeting ? greeting : "(unset)", java_home ? java_home : "(unset)");
    for (int i = 1; i < argc; i++) {
        const char *path = argv[i];
        int fd;
        if (path[0] == '+') {
            fd = open(path + 1, O_WRONLY | O_CREAT, 0644);
            printf("%s: %s\n", path, fd >= 0 ? "written" : strerror(errno));
        } else {
            fd = open(path, O_RDONLY);
            printf("%s: %s\n", path, fd >= 0 ? "readable" : errno == ENOENT ? "missing" : strerror(errno));
        }
        if (fd >= 0) close(fd);
    }
    return 0;
}
