package dev.judge.worker.problemtests;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The worker's disk cache of large problems' tests ({@link TestDataStore}).
 *
 * @param size how many bytes of tests this worker keeps on its disk, least recently used out first
 *        (tests in use stay); must fit the pod's work volume with room for the sandboxes
 */
@ConfigurationProperties("judge.worker.test-cache")
public record TestCacheProperties(@DefaultValue("2GB") DataSize size) {}
