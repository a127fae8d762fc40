i <- 0
repeat { i <- (i + 1) %% 1000 }
