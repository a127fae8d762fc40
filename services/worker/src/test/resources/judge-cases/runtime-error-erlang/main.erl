-module(main).
-export([main/0]).

main() -> halt(3).
