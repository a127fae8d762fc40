import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(in.readLine().trim());
        long sum = 0;
        for (String x : in.readLine().trim().split(" ")) {
            sum += Long.parseLong(x);
        }
        System.out.println((double) sum / n);
    }
}
