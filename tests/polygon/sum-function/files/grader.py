# The grader: the contestant's module is "solution".
import solution

a, b = map(int, input().split())
print(solution.sum_ab(a, b))
