#lang racket/base
(define a (read))
(define b (read))
(displayln (+ a b))
