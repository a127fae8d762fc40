#include <span>

// std::span is C++20: under -std=c++17 it is not declared.
int main() {
    int numbers[] = {1, 2};
    std::span<int> all(numbers);
    return all.size() == 2 ? 0 : 1;
}
