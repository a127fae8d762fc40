:- initialization(main, main).

main :-
    read_line_to_string(user_input, Line),
    sum(Line, 0, Total),
    format("~d~n", [Total]).

sum(end_of_file, Total, Total) :- !.
sum(Line, Sum, Total) :-
    number_string(Number, Line),
    Next is Sum + Number,
    read_line_to_string(user_input, Following),
    sum(Following, Next, Total).
