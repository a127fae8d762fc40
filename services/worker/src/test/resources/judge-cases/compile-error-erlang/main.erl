-module(main).
-export([main/0]).

main() -> io:format("~w~n", [UndeclaredName]).
