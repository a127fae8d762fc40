import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        long sum = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            sum += Long.parseLong(line.trim());
        }
        System.out.println(sum);
    }
}
