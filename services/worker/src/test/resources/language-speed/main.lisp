(let ((sum 0))
  (loop for line = (read-line *standard-input* nil) while line
        do (incf sum (parse-integer line)))
  (format t "~d~%" sum))
