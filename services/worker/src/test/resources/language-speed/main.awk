{ total += $1 }
END { printf "%d\n", total }
