#include </dev/random>
int main(void) { return 0; }
