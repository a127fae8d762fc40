/* Never speaks, never ends: the judge's fault, and it must not hold the worker. */
int main(void) { for (;;) { } }
