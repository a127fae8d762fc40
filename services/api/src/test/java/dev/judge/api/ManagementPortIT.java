package dev.judge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Health, metrics and the workers' test download answer on the management port only, and the public
 * API on the public port only, however a path is spelled.
 */
class ManagementPortIT extends LiveApi {

    @Test
    void theActuatorAnswersOnTheManagementPort() throws Exception {
        assertThat(send(managementRequest("/actuator/health/readiness").GET()).statusCode())
                .isEqualTo(200);
        HttpResponse<String> metrics =
                send(managementRequest("/actuator/prometheus").GET());
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.body()).contains("jvm_memory_used_bytes");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/actuator/prometheus",
                "/actuator",
                "/actuator/",
                "/actuator/health",
                "/actuator/health/readiness",
                "/actuator;x=1/prometheus",
                "/actuator/prometheus;x=1",
                "/%61ctuator/prometheus",
                "/api/../actuator/prometheus",
                "/api/%2e%2e/actuator/prometheus",
                "//actuator/prometheus",
                "/./actuator/prometheus",
                "/actuator/prometheus/",
                "/internal/problems/1/versions/1/tests",
                "/internal;x/problems/1/versions/1/tests"
            })
    void thePublicPortKnowsNoManagementPath(String path) throws Exception {
        HttpResponse<String> response = get(path);
        assertThat(response.statusCode()).as(path).isIn(400, 404);
        assertThat(response.body()).as(path).doesNotContain("jvm_", "\"status\":\"UP\"", "_links");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/submissions", "/api/languages", "/v3/api-docs", "/"})
    void theManagementPortKnowsNoPublicPath(String path) throws Exception {
        HttpResponse<String> response = send(managementRequest(path).GET());
        assertThat(response.statusCode()).as(path).isEqualTo(404);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    }

    @Test
    void thePublicApiStillAnswersOnThePublicPort() throws Exception {
        assertThat(get("/api/languages").statusCode()).isEqualTo(200);
    }
}
