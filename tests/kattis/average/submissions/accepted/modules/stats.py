def mean(numbers, count):
    return sum(numbers) / count
