(loop with i fixnum = 0 while (>= i 0) do (setf i (mod (1+ i) 1000)))
