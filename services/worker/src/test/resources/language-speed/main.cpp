#include <iostream>

int main() {
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);
    long long sum = 0, value;
    while (std::cin >> value) sum += value;
    std::cout << sum << "\n";
}
