:- initialization(main, main).

spin(I) :- J is (I + 1) mod 1000, spin(J).

main :- spin(0).
