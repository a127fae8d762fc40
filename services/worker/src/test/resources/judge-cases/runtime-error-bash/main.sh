read -r a b
exit 3
