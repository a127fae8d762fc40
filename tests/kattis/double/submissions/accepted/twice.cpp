#include "io.h"
int main() { write_integer(2 * read_integer()); }
