"""Heap per open event stream of one API process: the measurement behind the choice of Jetty.

    python3 tests/bench/stream_heap.py --base-url URL --pid PID [--streams 1000]

Submits STREAMS programs to a new problem and opens an event stream on each (they stay open while
the submissions wait: run it against an API with no worker), then compares the heap after full
collections (jcmd) with and without them, and prints the largest classes. For docs/benchmarks.md.
"""

import argparse
import asyncio
import glob
import json
import os
import re
import subprocess
import time
import urllib.request

JCMD = os.path.join(
    os.environ.get("JAVA_HOME") or (sorted(glob.glob("/usr/lib/jvm/temurin-25-jdk-*")) or ["/usr/lib/jvm"])[0], "bin", "jcmd"
)


def call(base_url, path, body):
    request = urllib.request.Request(
        base_url + path, data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def heap_after_gc_kb(pid):
    for _ in range(2):
        subprocess.run([JCMD, pid, "GC.run"], capture_output=True, check=True)
        time.sleep(1)
    info = subprocess.run([JCMD, pid, "GC.heap_info"], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"used (\d+)K", info).group(1))


async def open_stream(host, port, submission_id):
    """Opens the stream and returns once its first event arrived, leaving it open."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(
        f"GET /api/submissions/{submission_id}/events HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode()
    )
    await writer.drain()
    received = b""
    while b"data:" not in received:
        chunk = await reader.read(4096)
        if not chunk:
            raise RuntimeError(f"stream closed early: {received[:200]!r}")
        received += chunk
    return writer


async def measure(args):
    problem = call(
        args.base_url,
        "/api/problems",
        {
            "title": "stream heap",
            "timeLimitMs": 1000,
            "memoryLimitMb": 64,
            "testCases": [{"input": "1\n", "expectedOutput": "1\n"}],
        },
    )["id"]
    ids = [
        call(args.base_url, "/api/submissions", {"problemId": problem, "language": "python", "sourceCode": "print(1)"})["id"]
        for _ in range(args.streams)
    ]
    before = heap_after_gc_kb(args.pid)
    host, port = args.base_url.split("//")[1].split(":")
    limit = asyncio.Semaphore(200)

    async def one(submission_id):
        async with limit:
            return await open_stream(host, int(port), submission_id)

    writers = await asyncio.gather(*(one(i) for i in ids))
    after = heap_after_gc_kb(args.pid)
    print(
        f"{args.streams} open streams: heap after GC {before} KB -> {after} KB, "
        f"{(after - before) * 1024 / args.streams:,.0f} bytes per stream"
    )
    histogram = subprocess.run([JCMD, args.pid, "GC.class_histogram"], capture_output=True, text=True).stdout
    print("\n".join(histogram.splitlines()[:15]))
    for writer in writers:
        writer.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--pid", required=True)
    parser.add_argument("--streams", type=int, default=1000)
    asyncio.run(measure(parser.parse_args()))
