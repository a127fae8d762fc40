import java.util.Scanner;

// Its class is not Main: the format names a Java program's class by its file.
public class Twice {
    public static void main(String[] args) {
        System.out.println(2 * new Scanner(System.in).nextLong());
    }
}
