(format t "~d~%" (+ (read) (read) 1))
