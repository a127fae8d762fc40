#include <iostream>
#include <optional>

// std::optional: C++17.
int main() {
    long long a, b;
    std::cin >> a >> b;
    std::optional<long long> sum = a + b;
    std::cout << *sum << "\n";
}
