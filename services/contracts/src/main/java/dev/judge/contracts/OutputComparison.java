package dev.judge.contracts;

/** How a program's output is compared with a test case's expected output. */
public enum OutputComparison {
    /** Byte for byte, except that a single trailing newline on either side is ignored. */
    EXACT,
    /** Tokens separated by any run of white space must match; blank lines and indentation are ignored. */
    WHITESPACE
}
