package dev.judge.worker.problemtests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.util.FileSystemUtils;
import tools.jackson.databind.json.JsonMapper;

import dev.judge.contracts.JudgeRequest;
import dev.judge.contracts.JudgeRequest.TestCase;
import dev.judge.contracts.TestData;
import dev.judge.worker.sandbox.SandboxProperties;

/**
 * The tests of the problems this worker judges that come by reference: fetched once per content hash
 * (however many submissions ask at the same time), kept on the worker's disk, bounded by
 * {@code judge.worker.test-cache.size}, least recently used out first, never while in use.
 */
@Component
public class TestDataStore implements MeterBinder {

    private static final Logger log = LoggerFactory.getLogger(TestDataStore.class);

    /** One version's tests: its folder once fetched, and how many judgements are reading it. */
    private static final class Entry {
        final CompletableFuture<List<String>> groups = new CompletableFuture<>();
        final Path folder;
        final long bytes;
        int readers;

        Entry(Path folder, long bytes) {
            this.folder = folder;
            this.bytes = bytes;
        }
    }

    private final TestDataFetcher fetcher;
    private final GeneratedTestsUpload upload;
    private final TestCacheProperties cacheProperties;
    private final Path cache;
    private final Map<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    // A folder per fetch, not per hash: one being deleted after eviction is never one being filled again.
    private final AtomicLong fetches = new AtomicLong();

    public TestDataStore(
            InternalApi api, TestCacheProperties cacheProperties, SandboxProperties sandboxProperties, JsonMapper json)
            throws IOException {
        this.fetcher = new TestDataFetcher(api, json);
        this.upload = new GeneratedTestsUpload(api, json);
        this.cacheProperties = cacheProperties;
        this.cache = sandboxProperties.workDir().resolve("test-data");
        // What a restarted container left is not trusted: nothing says its fetches finished.
        FileSystemUtils.deleteRecursively(cache);
        Files.createDirectories(cache);
    }

    /** The request's tests: its own, or the referenced ones from this worker's disk, fetched first if need be. */
    public TestSet open(JudgeRequest request) {
        return open(request.testData(), request.testCases());
    }

    /** Tests given inline, or by reference ({@code reference} not null) from this worker's disk, fetched first if need be. */
    public TestSet open(TestData reference, List<TestCase> inline) {
        if (reference == null) {
            return TestSet.of(inline);
        }
        Entry entry;
        boolean mine = false;
        synchronized (entries) {
            entry = entries.get(reference.sha256());
            if (entry == null) {
                entry = new Entry(
                        cache.resolve(reference.sha256() + "-" + fetches.incrementAndGet()), reference.bytes());
                entries.put(reference.sha256(), entry);
                mine = true;
            }
            entry.readers++;
        }
        if (mine) {
            try {
                entry.groups.complete(fetcher.fetch(reference, entry.folder));
            } catch (RuntimeException e) {
                synchronized (entries) {
                    entries.remove(reference.sha256(), entry);
                }
                entry.groups.completeExceptionally(e);
                delete(entry.folder);
            }
        }
        try {
            return new CachedTests(entry, entry.groups.join());
        } catch (CompletionException e) {
            release(entry);
            throw e.getCause() instanceof TestDataUnavailableException unavailable
                    ? unavailable
                    : new TestDataUnavailableException("Fetching the tests failed", e.getCause());
        } finally {
            evict();
        }
    }

    /**
     * Stores the tests this worker generated for a version being prepared ({@code lines}: one
     * {@link dev.judge.contracts.TestGeneration.GeneratedTest} per line) with the API.
     *
     * @return the reference of the version's complete tests, to {@link #open} them by
     */
    public TestData storeGenerated(long problemId, int version, Path lines) {
        return upload.store(problemId, version, lines);
    }

    /** Bytes of tests on this worker's disk now. */
    public long cachedBytes() {
        synchronized (entries) {
            return entries.values().stream()
                    .filter(entry -> entry.groups.isDone())
                    .mapToLong(entry -> entry.bytes)
                    .sum();
        }
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("judge.worker.test.data.cached", this, TestDataStore::cachedBytes)
                .description("Large problems' tests on this worker's disk, fetched and not yet evicted")
                .baseUnit("bytes")
                .register(registry);
    }

    private void release(Entry entry) {
        synchronized (entries) {
            entry.readers--;
        }
        evict();
    }

    private void evict() {
        List<Entry> evicted = new ArrayList<>();
        synchronized (entries) {
            long total =
                    entries.values().stream().mapToLong(entry -> entry.bytes).sum();
            for (Iterator<Entry> eldestFirst = entries.values().iterator();
                    eldestFirst.hasNext() && total > cacheProperties.size().toBytes(); ) {
                Entry entry = eldestFirst.next();
                if (entry.readers == 0 && entry.groups.isDone()) {
                    eldestFirst.remove();
                    evicted.add(entry);
                    total -= entry.bytes;
                }
            }
        }
        evicted.forEach(entry -> delete(entry.folder));
    }

    private static void delete(Path folder) {
        try {
            FileSystemUtils.deleteRecursively(folder);
        } catch (IOException e) {
            log.warn("Could not delete {}: {}", folder, e.getMessage());
        }
    }

    private final class CachedTests implements TestSet {

        private final Entry entry;
        private final List<String> groups;
        private boolean closed;

        CachedTests(Entry entry, List<String> groups) {
            this.entry = entry;
            this.groups = groups;
        }

        @Override
        public int size() {
            return groups.size();
        }

        @Override
        public String group(int index) {
            return groups.get(index);
        }

        @Override
        public TestCase get(int index) throws IOException {
            return new TestCase(null, Files.readString(TestDataFetcher.answer(entry.folder, index)), groups.get(index));
        }

        @Override
        public Path inputFile(int index) {
            return TestDataFetcher.input(entry.folder, index);
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                release(entry);
            }
        }
    }
}
