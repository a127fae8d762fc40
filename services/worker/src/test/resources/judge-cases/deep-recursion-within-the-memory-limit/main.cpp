// 48 MB of stack within a 128 MB memory limit, as Codeforces and Polygon allow (their stack is the
// memory limit): a setter's main solution written so failed on an 8 MB stack.
#include <cstring>
#include <iostream>

char *volatile seen;  // each frame escapes here, so that the compiler keeps it

static int deeper(int n) {
    char frame[1 << 20];
    std::memset(frame, n, sizeof frame);
    seen = frame;
    return n == 0 ? seen[0] : deeper(n - 1) + seen[100];
}

int main() {
    long a, b;
    std::cin >> a >> b;
    std::cout << a + b + (deeper(48) == -1) << "\n";
}
