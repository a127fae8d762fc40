(format t "~d~%" (+ (read) (read)))
