int main() { return undeclared_name; }
