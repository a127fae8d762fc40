-module(main).
-export([main/0]).

main() -> spin(0).

spin(I) -> spin((I + 1) rem 1000).
