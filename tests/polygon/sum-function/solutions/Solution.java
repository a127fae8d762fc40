public class Solution {
    static long sum(long a, long b) {
        return a + b;
    }
}
