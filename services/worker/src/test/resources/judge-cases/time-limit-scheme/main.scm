(let loop ((i 0)) (loop (modulo (+ i 1) 1000)))
