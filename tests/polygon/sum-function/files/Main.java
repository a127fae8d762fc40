import java.util.Scanner;

// The grader: the contestant's class is Solution.
public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong();
        long b = in.nextLong();
        System.out.println(Solution.sum(a, b));
    }
}
