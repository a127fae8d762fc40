x <- scan(file("stdin"), what = double(), quiet = TRUE)
cat(format(sum(x) + 1, scientific = FALSE), "\n", sep = "")
