"""The services as local processes: how the end-to-end and autoscaling tests run them."""

import os
import pathlib
import shutil
import signal
import subprocess
import time
import urllib.request

PROJECT = pathlib.Path(__file__).resolve().parents[2]
# Every pinned version outside Maven (versions.env, KEY=value).
VERSIONS = dict(
    line.split("=", 1) for line in (PROJECT / "versions.env").read_text().splitlines() if line and not line.startswith("#")
)
# A JDK 25: JAVA_HOME if set, else the Temurin 25 package for this machine's architecture.
JAVA_HOME = pathlib.Path(
    os.environ.get("JAVA_HOME")
    or next(iter(sorted(pathlib.Path("/usr/lib/jvm").glob("temurin-25-jdk-*"))), "/usr/lib/jvm/temurin-25-jdk")
)
JAVA = JAVA_HOME / "bin" / "java"
JARS = {
    "api": PROJECT / "services/api/target/judge-api.jar",
    "worker": PROJECT / "services/worker/target/judge-worker.jar",
    "consumer": PROJECT / "services/consumer/target/judge-result-consumer.jar",
}
# The scripts' and suites' own settings, which Spring would bind as the services' properties too
# (hack/script-settings says why): a service started here never inherits them.
SCRIPT_SETTINGS = frozenset(
    line.strip()
    for line in (PROJECT / "hack/script-settings").read_text().splitlines()
    if line.strip() and not line.startswith("#")
)
# The API's management port (Actuator, the workers' /internal) when run here: its public port + 3, as
# hack/lib.sh's management_port (a worker's Actuator listens on its own server.port).
API_MANAGEMENT_PORT_OFFSET = 3


def counter(base_url, name, **labels):
    """A counter on a service's /actuator/prometheus: the sum of its samples that carry these labels."""
    wanted = [f'{key}="{value}"' for key, value in labels.items()]
    with urllib.request.urlopen(base_url + "/actuator/prometheus", timeout=10) as response:
        lines = response.read().decode().splitlines()
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in lines
        if line.split("{")[0].split(" ")[0] == name and all(label in line for label in wanted)
    )


def require_jars():
    for jar in JARS.values():
        assert jar.exists(), f"{jar} is missing: build with 'make build' (make test does)"


def running_copy(kind, folder):
    """A copy of the service's jar to run, made by copy and rename: a build rewrites target/'s jars in place,
    and a JVM running from one then fails to load its classes (an e2e run's make local-up rebuilt them
    under the session's stack: NoClassDefFoundError in every service, 41 tests failed). A copy that a later
    build made stale is replaced by a new file; JVMs already running keep the one they opened."""
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / JARS[kind].name
    built = JARS[kind].stat()
    if not copy.exists() or copy.stat().st_size != built.st_size or copy.stat().st_mtime < built.st_mtime:
        partial = folder / (JARS[kind].name + ".partial")
        shutil.copy2(JARS[kind], partial)
        os.replace(partial, copy)
    return copy


class Service:
    """One service process, in its own process group so that killing it kills what it ran."""

    def __init__(self, kind, name, port, log_dir, env, jvm_options=("-Xmx384m", "-XX:TieredStopAtLevel=1")):
        self.kind, self.name, self.port = kind, name, port
        # Where its Actuator answers: the API's on its management port, the others' on their only port.
        self.management_port = port + API_MANAGEMENT_PORT_OFFSET if kind == "api" else port
        log_dir.mkdir(parents=True, exist_ok=True)
        self.log_path = log_dir / f"{name}.log"
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [str(JAVA), *jvm_options, "-jar", str(running_copy(kind, log_dir.parent / "jars"))],
                env={
                    **{name: value for name, value in env.items() if name not in SCRIPT_SETTINGS},
                    "SERVER_PORT": str(port),
                    "JUDGE_HTTP_MANAGEMENTPORT": str(self.management_port),
                },
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )

    @property
    def management_url(self):
        return f"http://127.0.0.1:{self.management_port}"

    def ready(self):
        try:
            with urllib.request.urlopen(f"{self.management_url}/actuator/health/readiness", timeout=2):
                return True
        except OSError:
            return False

    def wait_ready(self, timeout=90):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.process.returncode}; see {self.log_path}")
            if self.ready():
                return self
            time.sleep(0.5)
        raise RuntimeError(f"{self.name} not ready after {timeout} s; see {self.log_path}")

    def terminate(self, timeout=90):
        """SIGTERM, as Kubernetes stops a pod; returns the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout)

    def kill(self):
        """SIGKILL to the whole process group, as when a node dies: no drain, no goodbye."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)
