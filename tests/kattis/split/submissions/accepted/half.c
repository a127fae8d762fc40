#include <stdio.h>

int main(void) {
    long n;
    scanf("%ld", &n);
    printf("%ld %ld\n", n / 2, n - n / 2);
}
