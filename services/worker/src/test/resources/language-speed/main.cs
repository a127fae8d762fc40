using System;

class Program {
    static void Main() {
        long sum = 0;
        string line;
        while ((line = Console.ReadLine()) != null) {
            sum += long.Parse(line);
        }
        Console.WriteLine(sum);
    }
}
