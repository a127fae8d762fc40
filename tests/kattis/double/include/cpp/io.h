// Included with every C++ submission (include/cpp/): reading and writing one 64-bit integer.
#include <cstdio>
inline long long read_integer() { long long x = 0; std::scanf("%lld", &x); return x; }
inline void write_integer(long long x) { std::printf("%lld\n", x); }
