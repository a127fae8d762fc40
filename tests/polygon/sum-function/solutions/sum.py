def sum_ab(a, b):
    return a + b
