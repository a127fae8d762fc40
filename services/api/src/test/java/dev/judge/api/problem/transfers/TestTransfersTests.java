package dev.judge.api.problem.transfers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.util.unit.DataSize;
import org.springframework.web.ErrorResponseException;

import dev.judge.api.access.ApiKey;
import dev.judge.api.access.Caller;
import dev.judge.api.access.Scope;
import dev.judge.api.problem.TestDataProperties;
import dev.judge.contracts.Lane;

class TestTransfersTests {

    private final TestTransfers transfers = new TestTransfers(new TestDataProperties(
            DataSize.ofKilobytes(64),
            "",
            DataSize.ofMegabytes(32),
            DataSize.ofGigabytes(1),
            2000,
            DataSize.ofMegabytes(8),
            2,
            1,
            DataSize.ofGigabytes(4)));

    /**
     * Two slow downloads of one tenant's own test once held both of a replica's slots, and every other
     * tenant's imports and uploads got 503 until they ended: a key's downloads count against its own
     * share, as its uploads and imports do.
     */
    @Test
    void oneKeysDownloadsLeaveTheOtherSlotsToOtherKeys() {
        Caller.KeyHolder tenant = key("tenant");
        Caller.KeyHolder other = key("other");

        try (TestTransfers.Transfer download = transfers.takeFor(tenant)) {
            assertThatThrownBy(() -> transfers.takeFor(tenant))
                    .isInstanceOfSatisfying(
                            ErrorResponseException.class,
                            refused -> assertThat(refused.getStatusCode()).isEqualTo(HttpStatus.TOO_MANY_REQUESTS));
            try (TestTransfers.Transfer otherImport = transfers.takeFor(other)) {
                assertThat(otherImport).isNotNull();
            }
        }
        try (TestTransfers.Transfer again = transfers.takeFor(tenant)) {
            assertThat(again).isNotNull();
        }
    }

    /** Past the replica's slots, 503: an import's, after its key's share admitted it, takes one too. */
    @Test
    void pastTheReplicasSlotsIs503() {
        try (TestTransfers.Transfer one = transfers.take();
                TestTransfers.Transfer two = transfers.takeFor(key("setter"))) {
            assertThatThrownBy(() -> transfers.takeFor(key("another")))
                    .isInstanceOfSatisfying(
                            ErrorResponseException.class,
                            refused -> assertThat(refused.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE));
        }
        try (TestTransfers.Transfer again = transfers.takeFor(key("another"))) {
            assertThat(again).isNotNull();
        }
    }

    /**
     * Two tenants reading their tests slowly held both of the replica's slots, and a worker storing the
     * tests it generated for a third tenant's problem got 503 until they ended (that preparation failed at
     * its time limit): the workers' stores have slots of their own.
     */
    @Test
    void clientsHoldingEverySlotLeaveAWorkersStoreOneOfItsOwn() {
        try (TestTransfers.Transfer one = transfers.takeFor(key("slow reader"));
                TestTransfers.Transfer two = transfers.takeFor(key("another slow reader"));
                TestTransfers.Transfer store = transfers.takeForWorker()) {
            assertThat(store).isNotNull();
            assertThatThrownBy(() -> transfers.takeFor(key("a third")))
                    .isInstanceOfSatisfying(
                            ErrorResponseException.class,
                            refused -> assertThat(refused.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE));
        }
    }

    private static Caller.KeyHolder key(String name) {
        return new Caller.KeyHolder(new ApiKey(
                UUID.randomUUID(),
                name,
                10,
                10,
                Lane.PRACTICE,
                List.of(Lane.PRACTICE),
                List.of(Scope.PROBLEMS),
                Instant.now(),
                null));
    }
}
