let () = print_int undeclared_name
