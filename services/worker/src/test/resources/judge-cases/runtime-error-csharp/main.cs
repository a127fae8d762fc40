class Program {
    static int Main() { return 3; }
}
