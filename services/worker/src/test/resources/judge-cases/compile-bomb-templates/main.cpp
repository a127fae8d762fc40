template <int N> struct Bomb {
    static constexpr long value = Bomb<N - 1>::value + Bomb<N - 1>::value + Bomb<N - 2>::value;
    Bomb<N - 1> left; Bomb<N - 2> right;
};
template <> struct Bomb<0> { static constexpr long value = 1; };
template <> struct Bomb<-1> { static constexpr long value = 1; };
int main() { return Bomb<100000>::value > 0; }
