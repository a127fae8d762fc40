package dev.judge.worker.lanes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import dev.judge.contracts.Lane;

/**
 * The lanes are one list in the services ({@link Lane}, from which the worker makes a listener per lane
 * and the API its queues) and one in the chart (its values' lanes, from which it makes KEDA's triggers,
 * the worker's broker permissions and the backlog alert): this fails when the two differ.
 */
class LanesTests {

    @Test
    void theChartsLanesAreTheServicesLanesInTheSameOrder() throws IOException {
        Path values =
                Path.of(System.getProperty("judge.chart", "../../charts/judge")).resolve("values.yaml");
        List<Map<String, String>> chart;
        try (Reader reader = Files.newBufferedReader(values)) {
            chart = new Yaml()
                    .<Map<String, List<Map<String, String>>>>load(reader)
                    .get("lanes");
        }

        assertThat(chart)
                .as("charts/judge/values.yaml lanes")
                .containsExactlyElementsOf(Arrays.stream(Lane.values())
                        .map(lane -> Map.of("name", lane.name().toLowerCase(Locale.ROOT), "queue", lane.queue()))
                        .toList());
    }
}
