(println (reduce + (map #(Long/parseLong (clojure.string/trim %)) (line-seq (java.io.BufferedReader. *in*)))))
