class Program {
    static void Main() { System.Console.WriteLine(undeclaredName); }
}
