BEGIN { exit 3 }
