// What a contestant's solution implements.
long long sum(long long a, long long b);
