-module(main).
-export([main/0]).

main() -> io:format("~w~n", [sum(0)]).

sum(Total) ->
    case io:get_line("") of
        eof -> Total;
        Line -> sum(Total + binary_to_integer(string:trim(list_to_binary(Line))))
    end.
