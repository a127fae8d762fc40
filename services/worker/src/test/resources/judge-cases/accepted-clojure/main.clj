(require (quote [clojure.string :as str]))
(let [[a b] (map #(Long/parseLong %) (str/split (str/trim (read-line)) #" +"))]
  (println (+ a b)))
