numbers <- scan(file("stdin"), what = double(), quiet = TRUE)
cat(format(sum(numbers), scientific = FALSE), "\n", sep = "")
