let rec spin i = if i >= 0 then spin ((i + 1) mod 1000) else i
let () = print_int (spin 0)
