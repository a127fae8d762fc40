(let* ((a (read)) (b (read)))
  (display (+ a b 1))
  (newline))
