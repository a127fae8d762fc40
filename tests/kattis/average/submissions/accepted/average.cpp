#include <cstdio>

int main() {
    int n;
    std::scanf("%d", &n);
    long long sum = 0;
    for (int i = 0, x; i < n; i++) {
        std::scanf("%d", &x);
        sum += x;
    }
    std::printf("%.9f\n", (double) sum / n);
}
