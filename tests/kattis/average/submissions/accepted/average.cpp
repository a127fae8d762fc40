#include <cstdio>

// max_n is problem.yaml's constant, filled in before this is built.
static int values[{{max_n}}];

int main() {
    int n;
    std::scanf("%d", &n);
    long long sum = 0;
    for (int i = 0, x; i < n; i++) {
        std::scanf("%d", &x);
        values[i] = x;
        sum += values[i];
    }
    std::printf("%.9f\n", (double) sum / n);
}
