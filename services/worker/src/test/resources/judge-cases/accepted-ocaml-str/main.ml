let () =
  let words = Str.split (Str.regexp " ") (read_line ()) in
  let sum = List.fold_left (fun total word -> Int64.add total (Int64.of_string word)) 0L words in
  Printf.printf "%Ld\n" sum
