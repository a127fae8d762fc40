// A custom checker (testlib's protocol, without testlib): the output must be a permutation of 1..n,
// where n is the input's first number. Any order is right.
#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
    if (argc != 4) { std::fprintf(stderr, "usage: checker input output answer\n"); return 3; }
    FILE *input = std::fopen(argv[1], "r"), *output = std::fopen(argv[2], "r");
    if (!input || !output) { std::fprintf(stderr, "cannot open the test's files\n"); return 3; }
    int n;
    if (std::fscanf(input, "%d", &n) != 1) { std::fprintf(stderr, "bad input\n"); return 3; }
    std::vector<bool> seen(n + 1);
    for (int i = 0; i < n; i++) {
        int x;
        if (std::fscanf(output, "%d", &x) != 1) { std::fprintf(stderr, "expected %d numbers, read %d\n", n, i); return 2; }
        if (x < 1 || x > n || seen[x]) { std::fprintf(stderr, "%d is not in 1..%d or repeated\n", x, n); return 1; }
        seen[x] = true;
    }
    int extra;
    if (std::fscanf(output, "%d", &extra) == 1) { std::fprintf(stderr, "more than %d numbers\n", n); return 1; }
    std::fprintf(stderr, "a permutation of 1..%d\n", n);
    return 0;
}
