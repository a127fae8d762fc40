/**
 * What every problem package format shares: the zip, read as a hostile one is read (bounded, by plain
 * relative paths only, UTF-8 checked), and the refusal that names the file at fault. The formats are
 * {@code importing.polygon} and {@code importing.kattis}.
 */
package dev.judge.api.problem.importing.archive;
