BEGIN { while (1) i = (i + 1) % 1000 }
