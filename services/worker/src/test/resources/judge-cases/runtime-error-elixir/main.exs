System.halt(3)
