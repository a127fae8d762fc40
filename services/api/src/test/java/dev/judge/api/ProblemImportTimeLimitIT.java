package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import dev.judge.api.problem.importing.polygon.TestPackages;

/**
 * An ICPC/Kattis archive converted to the format, with no time limit and no submissions to infer one from,
 * imported through the API with the limit as the import's parameter; a limit out of range, or none, is a 400.
 */
class ProblemImportTimeLimitIT extends LiveApi {

    @Test
    void aPackageWithoutATimeLimitTakesTheImportsAndIsRefusedWithoutIt() throws Exception {
        Map<String, String> converted = new TreeMap<>(TestPackages.kattis("split"));
        converted.keySet().removeIf(path -> path.startsWith("submissions/") || path.equals(".timelimit"));
        byte[] zip = TestPackages.zip(converted);

        HttpResponse<String> withLimit = importPackage("?timeLimitMs=1500", zip);
        HttpResponse<String> without = importPackage("", zip);
        HttpResponse<String> outOfRange = importPackage("?timeLimitMs=0", zip);

        assertThat(withLimit.statusCode()).as(withLimit.body()).isEqualTo(201);
        assertThat(json.readTree(withLimit.body()).get("timeLimitMs").asInt()).isEqualTo(1500);
        assertThat(without.statusCode()).isEqualTo(400);
        assertThat(json.readTree(without.body()).get("detail").asString())
                .startsWith("problem.yaml: ")
                .contains("give the import's timeLimitMs");
        assertThat(outOfRange.statusCode()).as(outOfRange.body()).isEqualTo(400);
        assertThat(outOfRange.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    }

    private HttpResponse<String> importPackage(String query, byte[] zip) throws Exception {
        return send(request("/api/problems/import" + query)
                .header("Content-Type", "application/zip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(zip)));
    }
}
