let () =
  let total = ref 0 in
  (try
     while true do
       total := !total + int_of_string (String.trim (input_line stdin))
     done
   with End_of_file -> ());
  Printf.printf "%d\n" !total
