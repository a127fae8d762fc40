/* Ends at once, before its validator can read anything: its own failure, not a wrong answer. */
int main(void) { return 42; }
