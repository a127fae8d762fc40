class Program {
    static void Main() {
        long i = 0;
        while (i >= 0) i = (i + 1) % 1000;
        System.Console.WriteLine(i);
    }
}
