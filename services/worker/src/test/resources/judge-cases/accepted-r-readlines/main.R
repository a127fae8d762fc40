# As Kattis' and most contestants' templates read: a connection to stdin, opened, read line by line.
input <- file("stdin", "r")
line <- readLines(input, n = 1)
numbers <- as.numeric(strsplit(trimws(line), " +")[[1]])
cat(sum(numbers), "\n", sep = "")
