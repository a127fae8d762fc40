int main(void) { for (;;) { } }
