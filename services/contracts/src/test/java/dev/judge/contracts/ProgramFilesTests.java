package dev.judge.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class ProgramFilesTests {

    @Test
    void aNameIsOneSafePathComponentAndNoneOfTheJudgesOwn() {
        for (String name : List.of("geometry.h", "Solution.java", "a..b", "_x", "A-1.cpp")) {
            assertThat(ProgramFiles.refusal(name)).as(name).isEmpty();
            assertThat(name).as(name).matches(ProgramFiles.ALLOWED_NAME);
        }
        for (String name :
                List.of("", "..", "../x.h", "/etc/passwd", "a/b", ".hidden", "-o", "a\nb", "x".repeat(101))) {
            assertThat(ProgramFiles.refusal(name)).as(name).isPresent();
            assertThat(name).as(name).doesNotMatch(ProgramFiles.ALLOWED_NAME);
        }
    }

    @Test
    void theApisPatternRefusesExactlyTheReservedNamesTheWorkerRefuses() {
        for (String reserved : ProgramFiles.RESERVED) {
            assertThat(ProgramFiles.refusal(reserved)).as(reserved).isPresent();
            assertThat(reserved).as(reserved).doesNotMatch(ProgramFiles.ALLOWED_NAME);
            assertThat(reserved + ".h").matches(ProgramFiles.ALLOWED_NAME);
        }
    }
}
