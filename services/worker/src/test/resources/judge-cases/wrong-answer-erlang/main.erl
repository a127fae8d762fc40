-module(main).
-export([main/0]).

main() ->
    {ok, [A, B]} = io:fread("", "~d ~d"),
    io:format("~w~n", [A + B + 1]).
