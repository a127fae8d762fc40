package dev.judge.worker.problemtests;

/**
 * The API refused the tests a worker generated because they would put the problem's owner over the test
 * data it may store ({@code judge.test-data.max-stored-per-key}): the setter's to fix, so the version's
 * failure, not worth another try.
 */
public class TestDataOverQuotaException extends RuntimeException {

    TestDataOverQuotaException(String answer) {
        super(answer);
    }
}
