package dev.judge.api.problem;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;

import dev.judge.contracts.ProblemProgram;

/** How a setter's checker, interactor or validator is run and read: {@link ProblemProgram.Protocol}, by the same names. */
public enum ProgramProtocol {
    @JsonProperty("testlib")
    TESTLIB,
    @JsonProperty("kattis")
    KATTIS,
    @JsonProperty("cms")
    CMS;

    static final String PROTOCOL_DESCRIPTION = "testlib (the default): run as `program input output answer` (an "
            + "interactor with the program on its stdin and stdout), testlib's exit codes, its stderr the message; "
            + "kattis: a problem package's validator, `program input answer feedback_dir/ [arguments]` with the output "
            + "on its stdin, exit 42 accepted and 43 wrong answer, its judgemessage.txt the message (an input "
            + "validator: the input on its stdin, exit 42 valid); cms (a checker only): CMS's comparator, `program input "
            + "answer output`, the first line of its stdout the test's share in [0, 1], the first of its stderr the "
            + "message";
    static final String ARGUMENTS_DESCRIPTION = "For kattis: what it gets after its three arguments (a package's "
            + "validator flags), each as it is, no shell";
    static final String ARGUMENTS_MESSAGE = "arguments are for a program of the kattis protocol";

    ProblemProgram.Protocol toContract() {
        return ProblemProgram.Protocol.valueOf(name());
    }

    static ProgramProtocol of(ProblemProgram.Protocol protocol) {
        return valueOf(protocol.name());
    }

    /** Arguments are a package validator's flags: none for testlib's programs. */
    static boolean argumentsFit(ProgramProtocol protocol, List<String> arguments) {
        return arguments == null || arguments.isEmpty() || protocol == KATTIS;
    }
}
