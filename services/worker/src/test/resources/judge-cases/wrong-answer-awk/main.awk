{ print $1 + $2 + 1 }
