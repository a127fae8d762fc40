#include <iostream>
#include <utility>

// std::unreachable: C++23, not declared under -std=c++20.
int main() {
    long long a, b;
    if (!(std::cin >> a >> b)) std::unreachable();
    std::cout << a + b << "\n";
}
