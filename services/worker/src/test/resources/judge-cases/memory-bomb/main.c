#include <stdlib.h>
#include <string.h>
int main(void) {
    for (;;) {
        char *block = malloc(1 << 20);
        if (!block) abort();
        memset(block, 1, 1 << 20);
    }
}
