using System;

class Program {
    static void Main() {
        var parts = Console.ReadLine().Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries);
        Console.WriteLine(long.Parse(parts[0]) + long.Parse(parts[1]) + 1);
    }
}
