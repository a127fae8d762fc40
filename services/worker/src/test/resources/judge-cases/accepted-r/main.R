x <- scan(file("stdin"), what = double(), quiet = TRUE)
cat(format(sum(x), scientific = FALSE), "\n", sep = "")
