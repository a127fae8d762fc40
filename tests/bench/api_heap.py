"""`api_heap.py MANAGEMENT_URL OUT command...` runs the command and, every half second meanwhile, reads the
API's heap from its Prometheus endpoint (on its management port); writes the peaks to OUT as JSON (MiB): `used` (all heap
pools, garbage included, what -Xmx must hold) and `live` (what the last major collection kept)."""

import json
import pathlib
import subprocess
import sys
import threading
import urllib.request


def heap(url):
    # The two heap families alone: a whole scrape twice a second (the request timers' histograms) would
    # cost the API more than Prometheus's scrape every 30 s does in a cluster.
    with urllib.request.urlopen(
        url + "/actuator/prometheus?includedNames=jvm_memory_used_bytes,jvm_gc_live_data_size_bytes", timeout=5
    ) as response:
        lines = response.read().decode().splitlines()
    used = sum(
        float(line.rsplit(" ", 1)[1]) for line in lines if line.startswith("jvm_memory_used_bytes{") and 'area="heap"' in line
    )
    live = max((float(line.rsplit(" ", 1)[1]) for line in lines if line.startswith("jvm_gc_live_data_size_bytes")), default=0.0)
    return used, live


if __name__ == "__main__":
    url, out = sys.argv[1], pathlib.Path(sys.argv[2])
    peaks = {"used": 0.0, "live": 0.0}
    done = threading.Event()

    def sample():
        while not done.wait(0.5):
            try:
                used, live = heap(url)
            except OSError:
                continue  # a busy API may not answer every sample; the next one counts
            peaks["used"], peaks["live"] = max(peaks["used"], used), max(peaks["live"], live)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    returncode = subprocess.run(sys.argv[3:]).returncode
    done.set()
    sampler.join()
    out.write_text(json.dumps({k: round(v / 2**20) for k, v in peaks.items()}) + "\n")
    sys.exit(returncode)
