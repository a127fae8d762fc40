(loop [i 0] (when (>= i 0) (recur (mod (inc i) 1000))))
