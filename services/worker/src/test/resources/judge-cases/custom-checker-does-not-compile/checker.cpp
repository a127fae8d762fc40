// A setter's checker that does not compile: the compiler's message quotes its code, which a
// contestant must never see.
#error setter-secret-line-7f3a
int main() { return 0; }
