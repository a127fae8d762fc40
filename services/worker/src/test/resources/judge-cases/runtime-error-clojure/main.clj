(System/exit 3)
