(defvar *filled* (make-array 50000000 :element-type (quote fixnum) :initial-element 1))
(format t "~d~%" (reduce (function +) *filled*))
