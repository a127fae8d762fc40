#lang racket/base
(let loop ([total 0])
  (define number (read))
  (if (eof-object? number)
      (displayln total)
      (loop (+ total number))))
