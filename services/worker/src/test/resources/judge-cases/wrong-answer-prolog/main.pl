:- initialization(main, main).

main :-
    read_line_to_string(user_input, Line),
    split_string(Line, " ", " ", [A0, B0]),
    number_string(A, A0), number_string(B, B0),
    C is A + B + 1,
    format("~d~n", [C]).
